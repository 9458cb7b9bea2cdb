/**
 * The tabs of an events panel that tell the story around its error (Trace, Logs, Replays and
 * Feedback): each
 * reads only when the page says it was shown, so opening an issue costs none of their requests. One
 * place builds their sessions on the panel's issue and event, answers their messages, stops Follow
 * when the panel hides, and lets go of what was read when the session changes. Glue (VS Code).
 */
import type * as vscode from 'vscode';
import type { FrameRef, HostMessage } from './core/protocol/messages';
import type { TracePageMessage } from './core/protocol/trace';
import type { LogsPageMessage } from './core/protocol/logs';
import type { EventsModel } from './core/eventsModel';
import { Disposable } from '../util/disposable';
import type { EventsPanelDeps } from './panelShell';
import { TraceSession } from './traceSession';
import { LogsSession } from './logsSession';
import { UsersSession } from './usersSession';
import type { FeedbackPageMessage, ReplaysPageMessage } from './core/protocol/users';

/** What the story tabs need of their panel, read at the time of each call (a preview panel takes over others). */
export interface StoryPanel {
  target(): Pick<EventsModel, 'issue' | 'state' | 'eventDetails'>;
  post(m: HostMessage): void;
  openLocation(location: string, frame: FrameRef): Promise<void>;
}

export class StoryTabs extends Disposable {
  readonly trace: TraceSession;
  readonly logs: LogsSession;
  /** The Replays and Feedback tabs. */
  readonly users: UsersSession;

  constructor(deps: EventsPanelDeps, webview: vscode.WebviewPanel, panel: StoryPanel) {
    super();
    const common = {
      getClient: deps.getClient,
      log: deps.log,
      issue: () => panel.target().issue,
      // The event on screen (the latest when none is chosen), through the panel's cache: read once for every tab.
      event: (signal?: AbortSignal) => {
        const { eventDetails, state } = panel.target();
        return eventDetails.get(state.event ?? 'latest', state.filters.environments, signal);
      },
      openLocation: (location: string, frame: FrameRef) => panel.openLocation(location, frame),
    };
    this.trace = new TraceSession({ ...common, post: (view) => panel.post({ type: 'trace', view }) });
    this.logs = new LogsSession({ ...common, post: (view) => panel.post({ type: 'logs', view }) });
    this.users = new UsersSession({ ...common, baseUrl: deps.baseUrl, post: (m) => panel.post(m), openExternal: (uri) => deps.ui().openExternal(uri) });
    this._register({ dispose: () => (this.logs.dispose(), this.users.reset()) });
    // The page is torn down when hidden: Follow stops, and the page turns it on again.
    this._register(webview.onDidChangeViewState(() => !webview.visible && this.logs.stopFollowing()));
    // Signed out, or in again: nothing read before may be shown again.
    if (deps.onDidChangeSession) this._register(deps.onDidChangeSession(() => this.reset()));
  }

  reset(): void {
    this.trace.reset();
    this.logs.reset();
    this.users.reset();
  }

  handle(msg: TracePageMessage | LogsPageMessage | ReplaysPageMessage | FeedbackPageMessage): Promise<void> {
    if (msg.type === 'trace') return this.trace.handle(msg);
    if (msg.type === 'logs') return this.logs.handle(msg);
    return this.users.handle(msg);
  }
}
