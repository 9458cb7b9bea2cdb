/**
 * The `sentry-event` debug type's glue: the configuration provider reads the event a session is
 * for (the one an events panel holds, with no request; else one request) before VS Code starts the
 * session, and the descriptor factory serves it in-process (DebugAdapterInlineImplementation, so it
 * also runs in the web worker host). A session is bound to the server, account and event it was
 * started for: a switch of server or account ends it. Frames go to workspace files through the
 * editor's one frame resolver (src/store/editorLocations.ts).
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { lookupEventId } from '../api/lookups';
import type { EditorLocations } from '../store/editorLocations';
import type { LoadedEvents } from '../store/loadedEvents';
import type { IssueStore } from '../store/issueStore';
import { isEventId } from '../model/event/types';
import { readRecordedEvent, type RecordedEvent, type RecordedFrame } from '../model/event/recordedEvent';
import { RecordedEventAdapter } from './core/adapter';
import type { ConsoleLine } from './core/console';
import { readTraceLogLines } from './core/traceLogs';
import { DEBUG_TYPE, parseLaunch, sameServer, type DebugTarget } from './core/target';
import { plainText } from '../util/untrusted';
import { Disposable } from '../util/disposable';
import { readFocusEditorOnBreak, readOpenDebugOnBreak } from '../settings';
import { isIssueId, isIssueRef } from '../contracts/issueRef';
import type { AuthUi } from '../util/ui';

/** Who a session was started with: the server's base URL and the account. */
export interface SessionIdentity {
  readonly baseUrl: string;
  readonly account: string;
}

export interface DebugSessionsDeps {
  getClient: () => Promise<SentryClient | undefined>;
  identity: () => SessionIdentity | undefined;
  onDidChangeSession: vscode.Event<unknown>;
  store: Pick<IssueStore, 'ref' | 'issue' | 'lookupShortId'>;
  /** The organization (and first project) a launch configuration's short ID is looked up in. */
  scope: () => { org?: string; project?: string };
  locations: EditorLocations;
  loadedEvents: LoadedEvents;
  log: vscode.LogOutputChannel;
}

/** What the sessions need beyond the shared services: the feature's replaceable UI. */
export interface SessionsUi {
  ui: () => AuthUi;
  /** F5 with no launch.json: the issue asked for, as the palette's command asks. */
  ask: () => Promise<DebugTarget | undefined>;
}

/** An event read and waiting for its session (the configuration names it by key), or a running session's. */
export interface PreparedEvent {
  readonly recorded: RecordedEvent;
  /** The event as the API answered it (masked): its `contexts.trace` names the trace whose logs the Debug Console shows. */
  readonly raw: unknown;
  readonly target: DebugTarget;
  readonly identity: SessionIdentity;
  /** Requests made to read it: 0 when the events panel held it. */
  readonly requests: number;
  /** performance.now() when the user asked (the click). */
  readonly askedAt: number;
  /** Milliseconds from the click to the event read (from the panel, or from Sentry). */
  readonly readMs: number;
}

export interface LiveSession extends PreparedEvent {
  readonly session: vscode.DebugSession;
  readonly adapter: RecordedEventAdapter;
  /** Milliseconds from the click to the adapter made (VS Code started the session), to the stop, to the first stack VS Code showed, and to the stop frame focused again (focusStop). */
  timings: { created?: number; stopped?: number; stack?: number; focused?: number };
}

const KEY = '__sentryExplorerPrepared';

/** How long no stack was asked for before the stack is taken as settled (VS Code's second ask comes some 50 ms after the first). */
const SETTLE_MS = 150;
/** After this, a stack asked for is the user's doing (another thread, more frames): the stop is long focused. */
const SETTLE_WINDOW_MS = 3000;

/** The frame of `session` VS Code has focused, as soon as the extension host hears of it (at most 2 s). */
function focusedFrame(session: vscode.DebugSession): Promise<vscode.DebugStackFrame | undefined> {
  const ours = (item: vscode.DebugThread | vscode.DebugStackFrame | undefined) => (item instanceof vscode.DebugStackFrame && item.session.id === session.id ? item : undefined);
  const now = ours(vscode.debug.activeStackItem);
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = (frame: vscode.DebugStackFrame | undefined) => {
      clearTimeout(timer);
      listener.dispose();
      resolve(frame);
    };
    const listener = vscode.debug.onDidChangeActiveStackItem((item) => ours(item) && done(ours(item)));
    const timer = setTimeout(() => done(undefined), 2000);
  });
}

/**
 * Run and Debug opened at the stop, as VS Code opens it when a program stops at a breakpoint
 * (`debug.openDebug`: `openOnDebugBreak`, its default). VS Code opens it only at a window's first
 * session start and at a stop whose reason is `breakpoint`; this session stops with `exception`,
 * so from the second session on, with the side bar on another view (the Sentry view the event
 * came from), the stack was not shown at all. Other values of the setting VS Code honours itself.
 */
function showRunAndDebug(): void {
  if (!readOpenDebugOnBreak()) return;
  void vscode.commands.executeCommand('workbench.view.debug').then(undefined, () => undefined);
}

/** Runs `settled` once, SETTLE_MS after the last of the stack answers of the stop's first seconds. */
class StackSettled {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly from = performance.now();
  private done = false;

  constructor(private readonly settled: () => Promise<void>) {}

  answered(): void {
    if (this.done || performance.now() - this.from > SETTLE_WINDOW_MS) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.done = true;
      void this.settled().catch(() => undefined);
    }, SETTLE_MS);
  }
}

export class DebugSessions extends Disposable {
  private readonly prepared = new Map<string, PreparedEvent>();
  private readonly live = new Map<string, LiveSession>();
  private nextKey = 1;
  /** The last session's figures, for the log and the suites. */
  last?: LiveSession;

  constructor(private readonly deps: DebugSessionsDeps & SessionsUi) {
    super();
    this._register(vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, { resolveDebugConfiguration: (folder, config) => this.resolve(config) }));
    this._register(vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, { createDebugAdapterDescriptor: (session) => this.create(session) }));
    this._register(vscode.debug.onDidTerminateDebugSession((s) => this.live.delete(s.id)));
    this._register(deps.onDidChangeSession(() => this.checkBinding()));
  }

  /** The running session of `session`, if it is one of ours. */
  get(session: vscode.DebugSession | undefined): LiveSession | undefined {
    return session ? this.live.get(session.id) : undefined;
  }

  /** Reads the event (the panel's copy, else one request) and starts a session on it. */
  async start(target: DebugTarget, askedAt = performance.now()): Promise<boolean> {
    const prepared = await this.prepare(target, askedAt);
    const key = String(this.nextKey++);
    this.prepared.set(key, prepared);
    const shortId = this.deps.store.issue(target.ref.issueId)?.shortId;
    const name = vscode.l10n.t('Sentry event {0} of {1}', prepared.recorded.detail.eventID.slice(0, 8), plainText(shortId ?? target.ref.issueId, 100));
    const config: vscode.DebugConfiguration = { type: DEBUG_TYPE, request: 'launch', name, org: target.ref.org, issue: target.ref.issueId, event: prepared.recorded.detail.eventID, [KEY]: key };
    // Nothing runs, so nothing need be saved first (saving also reloads the configuration: time before the stop).
    const started = await vscode.debug.startDebugging(vscode.workspace.workspaceFolders?.[0], config, { suppressSaveBeforeStart: true });
    if (!started) this.prepared.delete(key);
    return started;
  }

  private async prepare(target: DebugTarget, askedAt: number): Promise<PreparedEvent> {
    const identity = this.deps.identity();
    if (!identity) throw new Error(vscode.l10n.t('Sign in to Sentry to debug an event.'));
    const { org, issueId } = target.ref;
    // An event on screen in a panel bound to this server and account: no request.
    const loaded = isEventId(target.event) ? this.deps.loadedEvents.find({ ...identity, org, issueId, eventId: target.event }) : undefined;
    let raw = loaded;
    if (raw === undefined) {
      const client = await this.deps.getClient();
      if (!client) throw new Error(vscode.l10n.t('Sign in to Sentry to debug an event.'));
      raw = await this.deps
        .ui()
        .withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the event from Sentry…') }, () => client.getIssueEvent(org, issueId, target.event));
    }
    const recorded = readRecordedEvent(raw, issueId);
    return { recorded, raw, target, identity, requests: loaded === undefined ? 1 : 0, askedAt, readMs: Math.round(performance.now() - askedAt) };
  }

  /** A configuration from the command (already read), or from launch.json / F5 (read now). */
  private async resolve(config: vscode.DebugConfiguration): Promise<vscode.DebugConfiguration | undefined> {
    if (typeof config[KEY] === 'string' && this.prepared.has(config[KEY])) return config;
    // F5 with no launch.json and this debugger chosen: which issue, as the command asks.
    const empty = !config.type && !config.request && !config.name;
    try {
      const target = empty ? await this.deps.ask() : await this.launchTarget(config);
      if (!target) return undefined;
      const key = String(this.nextKey++);
      this.prepared.set(key, await this.prepare(target, performance.now()));
      return { ...(empty ? { type: DEBUG_TYPE, request: 'launch', name: vscode.l10n.t('Debug This Event') } : config), [KEY]: key };
    } catch (e) {
      void this.deps.ui().showErrorMessage(vscode.l10n.t('Could not debug the event: {0}', plainText((e as Error).message)), {});
      return undefined;
    }
  }

  /** The issue and event a launch configuration names (a short ID looked up in the organization shown). */
  private async launchTarget(config: vscode.DebugConfiguration): Promise<DebugTarget> {
    const launch = parseLaunch(config);
    if (!launch)
      throw new Error(vscode.l10n.t('a "{0}" launch configuration needs "issue", the id or short ID of a Sentry issue, or "event", an event id (32 hex digits); it may name an "org".', DEBUG_TYPE));
    const { org: shown, project } = this.deps.scope();
    const org = launch.org ?? shown;
    if (!org) throw new Error(vscode.l10n.t('Choose a Sentry project first (Sentry Explorer: Choose Project), then try again.'));
    if (!launch.issue) return this.eventTarget(org, launch.event);
    const issueId = isIssueId(launch.issue) ? launch.issue : project ? (await this.deps.store.lookupShortId(org, project, launch.issue))?.id : undefined;
    if (!issueId) throw new Error(vscode.l10n.t('No issue {0} found in organization "{1}".', plainText(launch.issue, 100), plainText(org, 100)));
    return { ref: this.deps.store.ref(issueId) ?? { org, project: project ?? '', issueId }, event: launch.event };
  }

  /** A launch configuration with only an event id: its issue and project, from Sentry (one request, Open Link's lookup). */
  private async eventTarget(org: string, eventId: string): Promise<DebugTarget> {
    const client = await this.deps.getClient();
    if (!client) throw new Error(vscode.l10n.t('Sign in to Sentry to debug an event.'));
    const found = await lookupEventId(client, org, eventId);
    const ref = { org, project: found.project, issueId: found.issueId };
    if (!isIssueRef(ref)) throw new Error(vscode.l10n.t('Sentry named no issue for event {0}.', eventId));
    return { ref, event: found.eventId };
  }

  private create(session: vscode.DebugSession): vscode.DebugAdapterDescriptor {
    const key = session.configuration[KEY];
    const prepared = typeof key === 'string' ? this.prepared.get(key) : undefined;
    if (!prepared) throw new Error(vscode.l10n.t('This debug session has no recorded event: start it with Sentry Explorer: Debug This Event.'));
    this.prepared.delete(key);
    const { recorded, target } = prepared;
    const issue = this.deps.store.issue(target.ref.issueId);
    const adapter = new RecordedEventAdapter(recorded, {
      resolve: (f) => this.resolveFrame(f, recorded, target.ref.issueId),
      banner: vscode.l10n.t(
        'Sentry event {0} of issue {1}: recorded, nothing runs. Its breadcrumbs follow, then the logs of its trace before the error.',
        recorded.detail.eventID,
        issue?.shortId ?? target.ref.issueId,
      ),
      logs: () => this.logsOf(prepared),
    });
    const live: LiveSession = { ...prepared, session, adapter, timings: { created: Math.round(performance.now() - prepared.askedAt) } };
    this.live.set(session.id, live);
    this.last = live;
    const refocus = new StackSettled(() => this.focusStop(live));
    adapter.onDidSendMessage((m) => {
      const at = Math.round(performance.now() - prepared.askedAt);
      if (m.type === 'event' && (m as { event?: string }).event === 'stopped' && live.timings.stopped === undefined) {
        live.timings.stopped = at;
        showRunAndDebug();
      }
      if (m.type === 'response' && (m as { command?: string }).command === 'stackTrace') refocus.answered();
      if (m.type === 'response' && (m as { command?: string }).command === 'stackTrace' && live.timings.stack === undefined) {
        live.timings.stack = at;
        this.deps.log.info(
          `[debug] event ${recorded.detail.eventID}: read ${prepared.readMs} ms (${prepared.requests} request(s)), session started ${live.timings.created} ms, stopped ${live.timings.stopped} ms, stack shown ${at} ms after the click`,
        );
      }
    });
    return new vscode.DebugAdapterInlineImplementation(adapter);
  }

  /**
   * The stop frame focused again once VS Code has its stack, so that the exception widget shows at
   * once. VS Code 1.99 asks for the stack twice at a stop (the stop itself, and CALL STACK while
   * it is empty); the later answer replaces the frames the stop focused, and the widget shows only
   * on a focused frame that is one of the thread's frames of now (debugEditorContribution's
   * toggleExceptionWidget), so it stayed hidden until a click. Only while the user has not moved
   * to another frame, and not when they asked VS Code not to focus the editor at a break.
   */
  private async focusStop(live: LiveSession): Promise<void> {
    const item = await focusedFrame(live.session);
    if (item?.frameId !== live.adapter.stopFrameId()) {
      this.deps.log.info(`[debug] the stop frame is not focused again: ${item ? `frame ${item.frameId} is focused` : 'no frame of the session is focused'}`);
      return;
    }
    if (!readFocusEditorOnBreak()) return;
    await vscode.commands.executeCommand('workbench.action.debug.callStackTop');
    live.timings.focused = Math.round(performance.now() - live.askedAt);
  }

  /** The workspace file of a frame, as the marks and the panel's frame links find it (path mappings and code mappings included). */
  private async resolveFrame(f: RecordedFrame, e: RecordedEvent, issueId: string): Promise<string | undefined> {
    const source = this.deps.locations.get();
    const uri = await source.mapFrameUri?.({
      filename: f.filename,
      absPath: f.absPath,
      module: f.module,
      package: f.package,
      eventPlatform: e.platform,
      sdkName: e.sdkName,
      lineNo: f.lineNo,
      colNo: f.colNo,
      issueId,
    });
    return uri;
  }

  /** Sessions started with another server or account than the session of now end, saying why. */
  /** The logs before the error (read after the stop, at most two requests), only while the session's server and account are the ones signed in. */
  private async logsOf(prepared: PreparedEvent): Promise<readonly ConsoleLine[]> {
    const now = this.deps.identity();
    if (!now || now.account !== prepared.identity.account || !sameServer(now.baseUrl, prepared.identity.baseUrl)) return [];
    const lines = await readTraceLogLines(await this.deps.getClient().catch(() => undefined), prepared.target.ref.org, prepared.raw);
    this.deps.log.info(`[debug] event ${prepared.recorded.detail.eventID}: ${lines.length} line(s) of its trace's logs in the Debug Console`);
    return lines;
  }

  private checkBinding(): void {
    const now = this.deps.identity();
    for (const live of [...this.live.values()]) {
      if (now && now.account === live.identity.account && sameServer(now.baseUrl, live.identity.baseUrl)) continue;
      this.deps.log.info(`[debug] ending the session of event ${live.recorded.detail.eventID}: the Sentry session changed`);
      live.adapter.end(
        vscode.l10n.t('Sentry Explorer is now signed in to another server or account (or signed out): this recorded event belongs to the one it was opened with, so the session ended.'),
      );
      this.live.delete(live.session.id);
    }
  }
}
