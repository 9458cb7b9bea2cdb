/**
 * Which events panel an opening goes to, and what turns a preview panel into a kept one. VS Code
 * gives webview panels no preview mode (only text editors open in italics and get replaced), so the
 * registry keeps its own: an issue opened as a preview (a click in the Issues view) goes to the one
 * preview panel, which the next preview opening takes over; the panel is kept (pinned) when the
 * issue is opened again at once (the second click of a double-click), when it is opened for good
 * (a hover, a lens, a link, the palette), and when the user does something in it that is more than
 * looking (isEdit). No `vscode` import: the rules are tested in plain Node.
 */
import { filtersKey } from './protocol/filters';
import type { PanelState } from './protocol/messages';

/**
 * A second opening of the same issue within this time is the second click of a double-click. The
 * tree runs its command once per click and once more on the double-click, and tells the command
 * nothing else; the margin over a desktop's double-click time (about 500 ms) covers a window busy
 * drawing the panel the first click opened.
 */
export const DOUBLE_OPEN_MS = 1500;

export interface PanelInfo {
  readonly key: string;
  readonly preview: boolean;
}

export interface Opening {
  /** refKey of the issue opened. */
  readonly key: string;
  /** Opened as a preview (a click in the Issues view); else for good. */
  readonly preview: boolean;
  /** When, in ms. */
  readonly at: number;
}

export type PanelChoice =
  /** The issue has a panel: show it, and keep it when `pin`. */
  | { kind: 'reveal'; key: string; pin: boolean }
  /** The preview panel `key` takes over the opened issue. */
  | { kind: 'reuse'; key: string }
  | { kind: 'create'; preview: boolean };

/** Where `open` goes among `panels`; `last`: the opening before it. */
export function choosePanel(open: Opening, panels: readonly PanelInfo[], last?: Pick<Opening, 'key' | 'at'>): PanelChoice {
  const own = panels.find((p) => p.key === open.key);
  if (own) {
    const again = last?.key === open.key && open.at >= last.at && open.at - last.at <= DOUBLE_OPEN_MS;
    return { kind: 'reveal', key: own.key, pin: own.preview && (!open.preview || again) };
  }
  if (!open.preview) return { kind: 'create', preview: false };
  const preview = panels.find((p) => p.preview);
  return preview ? { kind: 'reuse', key: preview.key } : { kind: 'create', preview: true };
}

/**
 * Whether the page's new state is the user working in the panel rather than looking: other filters
 * (period, environments, query, full, sample; a tag chip is a query) or another event chosen. A tab
 * switch alone is looking. A state of another issue is never an edit of this one.
 */
export function isEdit(before: PanelState, after: PanelState): boolean {
  if (before.org !== after.org || before.issueId !== after.issueId) return false;
  return filtersKey(before.filters) !== filtersKey(after.filters) || (before.event ?? 'latest') !== (after.event ?? 'latest');
}
