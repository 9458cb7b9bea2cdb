/**
 * Debug This Event: a recorded Sentry event in VS Code's own debugger, post-mortem (issue 46). The
 * command takes an IssueRef (the Issues view, a marked line's hover: the latest event) with an
 * event id (the events panel: the event on screen, which the panel already holds); Previous Event
 * and Next Event restart the session on that event of the issue; inline values show the frame's
 * recorded variables in the stopped function's lines (./inlineValuesProvider.ts). Sessions: ./debugSessions.ts; the adapter: ./core/adapter.ts.
 */
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { looksLikeShortId } from '../contracts/issueRef';
import { plainText } from '../util/untrusted';
import { Disposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import { DebugSessions, type DebugSessionsDeps } from './debugSessions';
import { DEBUG_TYPE, parseDebugArg, type DebugTarget } from './core/target';
import { RecordedInlineValues } from './inlineValuesProvider';

export class DebugEventFeature extends Disposable {
  readonly sessions: DebugSessions;
  /** Notifications and the input box (the suites replace its parts). */
  readonly ui = new UiHolder();

  constructor(private readonly deps: DebugSessionsDeps) {
    super();
    this.sessions = this._register(new DebugSessions({ ...deps, ui: () => this.ui.ui, ask: () => this.ask() }));
    this._register(vscode.commands.registerCommand(Commands.debugEvent, (arg?: unknown) => this.debugEvent(arg)));
    this._register(vscode.commands.registerCommand(Commands.debugPreviousEvent, () => this.step('previous')));
    this._register(vscode.commands.registerCommand(Commands.debugNextEvent, () => this.step('next')));
    const inlineValues = this._register(new RecordedInlineValues(this.sessions, deps.log));
    this._register(vscode.languages.registerInlineValuesProvider('*', inlineValues));
  }

  /** `sentryExplorer.debugEvent`: from an argument, or (the palette) an issue asked for; its latest event. */
  async debugEvent(arg?: unknown): Promise<boolean> {
    const askedAt = performance.now();
    let target = parseDebugArg(arg);
    if (!target && arg !== undefined) {
      this.deps.log.warn('[debug] debugEvent was given something that is not an issue');
      return false;
    }
    target ??= await this.ask();
    return target ? this.run(target, askedAt) : false;
  }

  private async run(target: DebugTarget, askedAt: number): Promise<boolean> {
    try {
      return await this.sessions.start(target, askedAt);
    } catch (e) {
      this.deps.log.error(`[debug] could not debug an event of issue ${target.ref.issueId}: ${(e as Error).message}`);
      void this.ui.ui.showErrorMessage(vscode.l10n.t('Could not debug the event: {0}', plainText((e as Error).message)), {});
      return false;
    }
  }

  /** The palette: an issue's short ID or id, in the organization shown. */
  private async ask(): Promise<DebugTarget | undefined> {
    const text = (
      await this.ui.ui.showInputBox({
        title: vscode.l10n.t('Debug This Event'),
        prompt: vscode.l10n.t('The short ID (like PROJ-123) or the numeric ID of a Sentry issue: its latest event is opened in the debugger'),
        validateInput: (v) => (/^\d+$/.test(v.trim()) || looksLikeShortId(v) ? undefined : vscode.l10n.t('Enter a short ID such as PROJ-123 or a numeric issue ID')),
      })
    )?.trim();
    if (!text) return undefined;
    const { org, project } = this.deps.scope();
    if (!org) {
      void this.ui.ui.showWarningMessage(vscode.l10n.t('Choose a Sentry project first (Sentry Explorer: Choose Project), then try again.'), {});
      return undefined;
    }
    const issue = /^\d+$/.test(text) ? { id: text } : project ? await this.deps.store.lookupShortId(org, project, text).catch(() => undefined) : undefined;
    const ref = issue && (this.deps.store.ref(issue.id) ?? (project ? { org, project, issueId: issue.id } : undefined));
    if (!ref) {
      void this.ui.ui.showWarningMessage(vscode.l10n.t('No issue {0} found in organization "{1}".', plainText(text, 100), plainText(org, 100)), {});
      return undefined;
    }
    return { ref, event: 'latest' };
  }

  /** Previous / Next event of the issue: the session ends and a new one starts on that event. */
  private async step(which: 'previous' | 'next'): Promise<boolean> {
    const askedAt = performance.now();
    const session = vscode.debug.activeDebugSession;
    const live = session?.type === DEBUG_TYPE ? this.sessions.get(session) : undefined;
    if (!live || !session) return false;
    const id = which === 'previous' ? live.recorded.detail.previousEventID : live.recorded.detail.nextEventID;
    if (!id) {
      void this.ui.ui.showInformationMessage(which === 'previous' ? vscode.l10n.t('This is the oldest event of the issue.') : vscode.l10n.t('This is the newest event of the issue.'), {});
      return false;
    }
    await vscode.debug.stopDebugging(session);
    return this.run({ ref: live.target.ref, event: id }, askedAt);
  }
}
