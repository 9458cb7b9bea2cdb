/**
 * The Seer tab's messages between the events panel's host and its page, beside messages.ts: the page
 * names only what the user clicked (a run is started only by `start`, a click on Find Root Cause;
 * `open` reads what the server has), the host answers with one whole view to draw. The page's
 * messages are untrusted input, read by parseSeerPageMessage. No `vscode`, DOM or valibot.
 */
import type { SeerCause, SeerPullRequest, SeerSolution } from '../../../model/seer/runView';
import type { SeerSummary } from '../../../model/seer/readSummary';

export const SEER_ACTIONS = ['open', 'start', 'stop', 'refresh', 'solution', 'code_changes', 'openDiff', 'apply', 'openPr', 'openIssuePage'] as const;
export type SeerActionName = (typeof SEER_ACTIONS)[number];

/**
 * `index`: which change (openDiff) or pull request (openPr) of the view the host sent last. Nothing
 * else a page sends is read: which file is written, and what counts as reviewed, are the host's.
 */
export type SeerPageMessage = { type: 'seer'; action: SeerActionName; index?: number };

export type SeerPhaseName = 'loading' | 'idle' | 'starting' | 'running' | 'needs-input' | 'done' | 'failed' | 'stopped' | 'unavailable';

export interface SeerChangeView {
  repo: string;
  path: string;
  kind: 'add' | 'modify' | 'delete';
  added: number;
  removed: number;
  /** The workspace file it writes, relative to its folder; undefined: none (yet: `missing` says when none is). */
  file?: string;
  /** The folder of that file, in a multi-root workspace. */
  folder?: string;
  /** Why no workspace file is written for it (beside "not found in this workspace"). */
  missing?: string;
  /** Why writing it needs a separate confirmation. */
  sensitive?: string[];
  /** What of it was cut to fit the extension's bounds: it is never applied. */
  cut?: string;
  /** The invisible and bidirectional-control characters in it, and where. */
  invisible?: string;
  /** The user opened its diff. */
  reviewed: boolean;
}

/** One whole view of the tab; the host sends it on every change. */
export interface SeerView {
  phase: SeerPhaseName;
  shape?: 'agent' | 'legacy';
  summary?: SeerSummary;
  progress: string[];
  causes: SeerCause[];
  solution?: SeerSolution;
  changes: SeerChangeView[];
  /** What of the run's change was cut (files beyond the bound): then none of it is applied. */
  cut?: string;
  pullRequests: SeerPullRequest[];
  question?: string;
  /** Why it failed (a run's error, a request's). */
  message?: string;
  /** Why Seer is not there and what to do. */
  unavailable?: { message: string; action: string; detail?: string };
  /** A note beside a working Seer (no repository connected). */
  note?: { message: string; action: string };
  /** The buttons that do something now (no dead buttons). */
  can: { start: boolean; stop: boolean; refresh: boolean; solution: boolean; codeChanges: boolean; apply: boolean };
  /** Why Apply is not offered yet, when there are changes. */
  applyNote?: string;
  /** Requests made for the run so far (figures, tests). */
  polls: number;
}

export type SeerHostMessage = { type: 'seer'; view: SeerView };

export function parseSeerPageMessage(v: Record<string, unknown>): SeerPageMessage | undefined {
  if (typeof v.action !== 'string' || !(SEER_ACTIONS as readonly string[]).includes(v.action)) return undefined;
  const action = v.action as SeerActionName;
  if (action === 'openDiff' || action === 'openPr') {
    const i = v.index;
    return typeof i === 'number' && Number.isSafeInteger(i) && i >= 0 && i < 1000 ? { type: 'seer', action, index: i } : undefined;
  }
  return { type: 'seer', action };
}
