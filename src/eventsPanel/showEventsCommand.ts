/**
 * `sentryExplorer.showIssueEvents` (one panel per issue, reused), `sentryExplorer.keepEventsPanelOpen`
 * (keeps the preview panel in front) and the serializer that restores panels after a window reload.
 * The command takes an IssueRef (a legacy tree node parses as one); from the palette it asks for a
 * short ID or id and resolves it in the selected organization through the issue store. A second
 * argument `{ markSeen: false }` (a `vscode://` link's) opens the panel without marking the issue
 * seen; `{ preview: true }` (the Issues view's click) opens it as a preview; `{ tab: 'logs' }` (a
 * hover's link) opens it on its Logs tab.
 */
import * as vscode from 'vscode';
import { Commands, ContextKeys } from '../constants';
import { VIEW_TYPE, parseIssueHeader, type IssueHeader } from './core/protocol/messages';
import { actionLabel, ERROR_ACTIONS, noticeActions, pickedAction } from '../contracts/errorPresentation';
import { isSignedOut } from '../contracts/errors';
import { looksLikeShortId, parseIssueRef } from '../contracts/issueRef';
import { isEventRef } from '../model/event/types';
import type { Selection } from '../selection/resolve';
import type { AuthUi } from '../util/ui';
import { labelText, plainText } from '../util/untrusted';
import { EventsPanels, type PanelTarget, type PanelsDeps, type ShowOptions } from './eventsPanels';
import type { LoadedEvents } from '../store/loadedEvents';
import { parseFrameRef } from './core/protocol/parsePageMessage';
import type { FrameLocation } from '../store/locationOpener';

export interface ShowEventsDeps extends PanelsDeps {
  /** The one selection service: the organization (and a project) a typed short ID is looked up in. */
  selection: { readonly current: Selection; readonly ready: Promise<void> };
  /** Where the panels say which whole events they hold (the debugger of a recorded event reads them). */
  loadedEvents?: LoadedEvents;
  /** A frame's workspace-relative path when exactly one workspace file is its (the editor's resolver, EditorLocations.mapFrame). */
  mapFrame?: (frame: FrameLocation) => Promise<string | undefined>;
}

/** What the palette accepts: digits (an issue id) or a short ID such as `PROJ-123` or `WEB-FRONTEND-1A`. */
const ISSUE_ID = /^\d+$/;

/**
 * The header a legacy tree node carries (its whole issue), so a panel opened from one shows it at
 * once, before the store has the issue. Untrusted like any command argument: parsed as a header.
 */
function seedOf(arg: unknown, issueId: string): IssueHeader | undefined {
  const issue = (arg as { type?: unknown; issue?: unknown } | undefined)?.type === 'issue' ? (arg as { issue: unknown }).issue : undefined;
  if (typeof issue !== 'object' || issue === null) return undefined;
  const project = (issue as { project?: { slug?: unknown } }).project?.slug;
  return parseIssueHeader({ ...issue, project }, issueId);
}

/**
 * The command's second argument, untrusted like the first: only an explicit `markSeen: false` is
 * taken, so an argument can keep the panel from writing but never make it write; `preview: true`,
 * which only chooses the tab the panel opens in; `event`, an event id or alias the Event tab opens
 * on; and `tab` (logs or trace), the panel's tab.
 */
function showOptionsOf(arg: unknown): ShowOptions {
  if (typeof arg !== 'object' || arg === null) return {};
  const o = arg as { markSeen?: unknown; preview?: unknown; event?: unknown; tab?: unknown };
  const tab = o.tab === 'logs' || o.tab === 'trace' ? o.tab : undefined;
  return {
    ...(o.markSeen === false ? { markSeen: false } : {}),
    ...(o.preview === true ? { preview: true } : {}),
    ...(isEventRef(o.event) ? { event: o.event.toLowerCase() } : {}),
    ...(tab ? { tab } : {}),
  };
}

/** Asks for an issue (short ID or numeric ID) when the command ran without one. */
async function askForIssue(deps: ShowEventsDeps, ui: AuthUi): Promise<{ target: PanelTarget; seed?: IssueHeader } | undefined> {
  const text = (
    await ui.showInputBox({
      title: vscode.l10n.t('Show Issue Events'),
      prompt: vscode.l10n.t('The short ID (like PROJ-123) or the numeric ID of a Sentry issue'),
      validateInput: (v) => (ISSUE_ID.test(v.trim()) || looksLikeShortId(v) ? undefined : vscode.l10n.t('Enter a short ID such as PROJ-123 or a numeric issue ID')),
    })
  )?.trim();
  if (!text) return undefined;
  if (!(await deps.getClient())) return signInFirst(deps, ui);
  await deps.selection.ready;
  const { org, projects } = deps.selection.current;
  if (!org) {
    void ui.showWarningMessage(vscode.l10n.t('Choose a Sentry project first (Sentry Explorer: Choose Project), then try again.'), {});
    return undefined;
  }
  if (ISSUE_ID.test(text)) return { target: deps.store.ref(text) ?? { org, issueId: text } };
  // The server finds a short ID from any project of the organization.
  const project = projects[0] ?? (await firstProject(deps, org));
  if (!project) {
    void ui.showWarningMessage(vscode.l10n.t('No project found in organization "{0}" to look up {1} in.', plainText(org), plainText(text)), {});
    return undefined;
  }
  let issue;
  try {
    issue = await deps.store.lookupShortId(org, project, text);
  } catch (e) {
    if (isSignedOut(e)) return signInFirst(deps, ui);
    throw e;
  }
  if (!issue) {
    void ui.showWarningMessage(vscode.l10n.t('No issue {0} found in organization "{1}".', plainText(text), plainText(org)), {});
    return undefined;
  }
  return { target: deps.store.ref(issue.id) ?? { org, issueId: issue.id } };
}

/** A selection without projects (only an organization known): its first project. */
async function firstProject(deps: ShowEventsDeps, org: string): Promise<string | undefined> {
  const client = await deps.getClient();
  return client ? (await client.listProjects(org, { perPage: 1 })).items[0]?.slug : undefined;
}

async function signInFirst(deps: ShowEventsDeps, ui: AuthUi): Promise<undefined> {
  const pick = await ui.showWarningMessage(vscode.l10n.t('Sign in to Sentry to see the events of an issue.'), {}, vscode.l10n.t('Sign In'));
  if (pick) await deps.signIn();
  return undefined;
}

/**
 * Registers `sentryExplorer.showIssueEvents` and the panel serializer. Returns the panel registry
 * (already pushed to context.subscriptions).
 */
export function registerEventsPanel(context: vscode.ExtensionContext, deps: ShowEventsDeps): EventsPanels {
  const panels = new EventsPanels(context, deps);
  if (deps.loadedEvents) {
    context.subscriptions.push(
      deps.loadedEvents.set((key) => {
        for (const p of panels.all()) {
          const raw = p.loadedEvent(key, key.org, key.issueId, key.eventId);
          if (raw !== undefined) return raw;
        }
        return undefined;
      }),
    );
  }
  context.subscriptions.push(
    panels,
    vscode.commands.registerCommand(Commands.showIssueEvents, async (arg?: unknown, options?: unknown) => {
      try {
        const ref = parseIssueRef(arg);
        if (ref) {
          panels.show(ref, seedOf(arg, ref.issueId), showOptionsOf(options));
          return undefined;
        }
        if (arg !== undefined) {
          deps.log.warn('[events] showIssueEvents was given something that is not an issue');
          return undefined;
        }
        const asked = await askForIssue(deps, panels.ui.ui);
        if (asked) panels.show(asked.target, asked.seed);
        return undefined;
      } catch (e) {
        deps.log.error(`[events] could not show the events: ${(e as Error).message}`);
        // The table's buttons (no Retry: the command asked for the issue, so running it again is the user's).
        const offered = noticeActions(e, false);
        const pick = pickedAction(offered, await panels.ui.ui.showErrorMessage(vscode.l10n.t('Could not show the events: {0}', plainText((e as Error).message)), {}, ...offered.map(actionLabel)));
        if (pick === 'showLog') deps.log.show();
        else if (pick === 'signIn') await deps.signIn();
        else if (pick) await vscode.commands.executeCommand(ERROR_ACTIONS[pick].command);
        return undefined;
      }
    }),
    vscode.commands.registerCommand(Commands.copyFramePath, (arg?: unknown) => copyFramePath(deps, panels, arg, false)),
    vscode.commands.registerCommand(Commands.copyFramePathLine, (arg?: unknown) => copyFramePath(deps, panels, arg, true)),
    vscode.commands.registerCommand(Commands.keepEventsPanelOpen, () => {
      for (const p of panels.all()) if (p.isPreview && p.panel.active) p.pin();
    }),
    panels.onDidChangePreview(() => void vscode.commands.executeCommand('setContext', ContextKeys.eventsPreviewActive, panels.activeIsPreview)),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      async deserializeWebviewPanel(panel, state) {
        panels.restore(panel, state);
      },
    }),
  );
  return panels;
}

/**
 * Copy Path and Copy Path:Line of a frame's context menu: the `data-vscode-context` VS Code hands the
 * command (the page's, so untrusted: the frame is read field by field), the path of its workspace
 * file (relative, through the editor's resolver and the panel's issue's code mappings), else the path
 * Sentry gave. Returns what was copied.
 */
export async function copyFramePath(deps: ShowEventsDeps, panels: EventsPanels, arg: unknown, withLine: boolean): Promise<string | undefined> {
  const frame = parseFrameRef((arg as { sentryFrame?: unknown } | undefined)?.sentryFrame);
  const sentryPath = frame?.filename || frame?.absPath;
  if (!frame || !sentryPath) return undefined;
  const issueId = panels.all().find((p) => p.panel.active)?.ref?.issueId;
  const mapped = await deps.mapFrame?.({ ...frame, ...(issueId ? { issueId } : {}) });
  const path = mapped ?? sentryPath;
  const text = withLine && frame.lineNo ? `${path}:${frame.lineNo}` : path;
  await panels.ui.ui.writeClipboard(text);
  vscode.window.setStatusBarMessage(`$(copy) ${vscode.l10n.t('Copied {0}', labelText(text, 200))}`, 3000);
  return text;
}
