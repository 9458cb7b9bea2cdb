/**
 * The debug adapter of a recorded Sentry event: the Debug Adapter Protocol spoken in-process (VS
 * Code's DebugAdapterInlineImplementation takes any object with onDidSendMessage and handleMessage),
 * answering as a program stopped at its exception would, with nothing running. It stops at once
 * (reason `exception`); threads, stacks, scopes and variables, exceptionInfo and `evaluate` (a
 * look-up, never code) come from the RecordedEvent; frames outside the workspace open a read-only
 * source of the lines Sentry kept; the breadcrumbs go to the Debug Console. Continue, step and
 * restart end the session: there is nothing to run. No `vscode` import, so it is unit-tested in Node.
 */
import * as l10n from '@vscode/l10n';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { Emitter } from '../../util/emitter';
import { stopFrameIndex, type RecordedEvent, type RecordedFrame, type RecordedThread } from '../../model/event/recordedEvent';
import { inert, inertLine, nameLine } from './inertText';
import { VariableHandles, evaluate, type Named } from './variables';
import { eventScope, frameName, frameSource, type FrameSource } from './scopes';
import { breadcrumbLines, type ConsoleLine } from './console';
import { exceptionInfo } from './exception';

export type Message = DebugProtocol.ProtocolMessage;

export interface AdapterOptions {
  /** A frame's workspace file as DAP names a source (an absolute path, or a URI in a virtual workspace); undefined: none. */
  resolve(frame: RecordedFrame): Promise<string | undefined>;
  /** Said in the Debug Console first: which event this is (the glue names issue and event). */
  banner?: string;
  /**
   * The logs before the error (./traceLogs.ts), asked for once the session has stopped, so the stop
   * waits for no request; their lines follow the breadcrumbs. It never rejects.
   */
  logs?: () => Promise<readonly ConsoleLine[]>;
}

/** What every request that would run something answers with before the session ends. */
export const NOTHING_RUNS = (): string => l10n.t('This is a recorded event; nothing runs. The debug session has ended.');

/** Frames of the stopped thread whose files are looked up before VS Code asks (it asks for 20 at first). */
const PREFETCH = 20;

const RUNNING = new Set(['continue', 'next', 'stepIn', 'stepOut', 'stepBack', 'reverseContinue', 'restart', 'restartFrame', 'goto', 'pause']);

interface FrameRef {
  thread: RecordedThread;
  index: number;
}

export class RecordedEventAdapter {
  private readonly sent = new Emitter<Message>();
  readonly onDidSendMessage = this.sent.event;
  private seq = 1;
  private readonly handles = new VariableHandles();
  private readonly frames = new Map<number, FrameRef>();
  private readonly frameIds = new Map<RecordedFrame, number>();
  private readonly sources = new Map<number, string>();
  private readonly resolved = new Map<RecordedFrame, Promise<FrameSource>>();
  private ended = false;
  private stopped = false;
  /** The client said it takes DAP's `invalidated` event (VS Code does). */
  private takesInvalidated = false;
  /** The logs' lines written (or none to write): settled once they are in the Debug Console. */
  logsShown: Promise<void> = Promise.resolve();

  constructor(
    readonly event: RecordedEvent,
    private readonly options: AdapterOptions,
  ) {}

  handleMessage(message: Message): void {
    if (message.type !== 'request') return;
    void this.answer(message as DebugProtocol.Request).catch((e: unknown) => this.fail(message as DebugProtocol.Request, (e as Error)?.message ?? String(e)));
  }

  /** Ends the session from outside (a switch of server or account), saying why in the Debug Console. */
  end(why: string): void {
    if (this.ended) return;
    this.ended = true;
    this.output(`${why}\n`, 'console');
    this.emit<DebugProtocol.TerminatedEvent>({ type: 'event', event: 'terminated' });
  }

  dispose(): void {
    this.sent.dispose();
  }

  /**
   * Asks the client to read the variables again (DAP `invalidated`, areas variables): VS Code then
   * asks for inline values again too, as it does not for a provider's own change event (1.99).
   * Nothing changed in the event; what inline values can find did (src/debugEvent/inlineValuesProvider.ts).
   */
  refreshVariables(): void {
    if (this.takesInvalidated && this.stopped && !this.ended) this.emit<DebugProtocol.InvalidatedEvent>({ type: 'event', event: 'invalidated', body: { areas: ['variables'] } });
  }

  /** The id VS Code knows the stop frame by (the newest in-app frame of the crashed thread), once it was sent. */
  stopFrameId(): number | undefined {
    const frames = this.event.threads[0].frames;
    const f = frames[stopFrameIndex(frames)];
    return f && this.frameIds.get(f);
  }

  /** The names of a frame's recorded variables (what inline values look for in its lines). */
  localNames(frameId: number): string[] {
    const ref = this.frames.get(frameId);
    return ref?.thread.frames[ref.index].vars?.entries.map((e) => e.name) ?? [];
  }

  /** How many lines Sentry kept before the frame's own line (its pre-context), if it kept any. */
  linesKeptBefore(frameId: number): number | undefined {
    const ref = this.frames.get(frameId);
    const f = ref?.thread.frames[ref.index];
    if (f?.lineNo === undefined || !f.context?.length) return undefined;
    return Math.max(0, f.lineNo - Math.min(...f.context.map(([n]) => n)));
  }

  private async answer(req: DebugProtocol.Request): Promise<void> {
    if (RUNNING.has(req.command)) {
      this.respond(req, {});
      this.end(NOTHING_RUNS());
      return;
    }
    switch (req.command) {
      case 'initialize':
        this.takesInvalidated = (req.arguments as DebugProtocol.InitializeRequestArguments | undefined)?.supportsInvalidatedEvent === true;
        this.respond(req, capabilities());
        this.emit<DebugProtocol.InitializedEvent>({ type: 'event', event: 'initialized' });
        return;
      case 'launch':
      case 'attach':
        // The stack VS Code asks for first: its files are looked up while VS Code starts the session.
        for (const f of this.event.threads[0].frames.slice(0, PREFETCH)) void this.sourceOf(f);
        return this.respond(req, {});
      case 'configurationDone':
        this.respond(req, {});
        return this.stop();
      case 'setBreakpoints':
        // Nothing runs, so no breakpoint is ever hit: each is said to be unverified.
        return this.respond(req, { breakpoints: ((req.arguments as DebugProtocol.SetBreakpointsArguments)?.breakpoints ?? []).map(() => ({ verified: false })) });
      case 'setExceptionBreakpoints':
      case 'setFunctionBreakpoints':
        return this.respond(req, { breakpoints: [] });
      case 'threads':
        return this.respond(req, { threads: this.event.threads.map((t) => ({ id: t.id, name: nameLine(t.name, 200) })) });
      case 'stackTrace':
        return this.respond(req, await this.stackTrace(req.arguments as DebugProtocol.StackTraceArguments));
      case 'scopes':
        return this.respond(req, { scopes: this.scopes((req.arguments as DebugProtocol.ScopesArguments).frameId) });
      case 'variables': {
        const a = req.arguments as DebugProtocol.VariablesArguments;
        return this.respond(req, { variables: this.handles.variables(a.variablesReference, a.start, a.count) });
      }
      case 'source': {
        const a = req.arguments as DebugProtocol.SourceArguments;
        const content = this.sources.get(a.source?.sourceReference ?? a.sourceReference);
        if (content === undefined) return this.fail(req, l10n.t('This source is not part of the recorded event.'));
        return this.respond(req, { content, mimeType: 'text/plain' });
      }
      case 'exceptionInfo':
        return this.respond(req, exceptionInfo(this.event));
      case 'evaluate':
        return this.evaluate(req as DebugProtocol.EvaluateRequest);
      case 'disconnect':
      case 'terminate':
        this.respond(req, {});
        if (req.command === 'terminate') this.end(l10n.t('The recorded event was closed.'));
        return;
      default:
        return this.fail(req, l10n.t('A recorded event cannot do "{0}".', inertLine(String(req.command), 100)));
    }
  }

  /** Stops at once, as at the exception: the crashed thread, after the breadcrumbs that led there. */
  private stop(): void {
    if (this.stopped || this.ended) return;
    this.stopped = true;
    if (this.options.banner) this.output(`${this.options.banner}\n`, 'console');
    for (const line of breadcrumbLines(this.event.detail)) this.output(`${line.text}\n`, line.category);
    const x = this.event.stopped;
    const text = x ? inertLine([x.type, x.value].filter(Boolean).join(': '), 500) : inertLine(this.event.detail.title, 500);
    this.emit<DebugProtocol.StoppedEvent>({
      type: 'event',
      event: 'stopped',
      body: { reason: 'exception', description: l10n.t('Stopped at the recorded exception'), text, threadId: this.event.threads[0].id, allThreadsStopped: true, preserveFocusHint: false },
    });
    const logs = this.options.logs;
    if (logs) {
      this.logsShown = logs().then(
        (lines) => {
          if (!this.ended) for (const line of lines) this.output(`${line.text}\n`, line.category);
        },
        () => undefined,
      );
    }
  }

  private async stackTrace(a: DebugProtocol.StackTraceArguments): Promise<DebugProtocol.StackTraceResponse['body']> {
    const thread = this.event.threads.find((t) => t.id === a.threadId);
    if (!thread) return { stackFrames: [], totalFrames: 0 };
    const start = Math.max(0, Math.floor(a.startFrame ?? 0));
    const levels = a.levels && a.levels > 0 ? Math.floor(a.levels) : thread.frames.length;
    const page = thread.frames.slice(start, start + levels);
    const stackFrames = await Promise.all(page.map((f, k) => this.stackFrame(thread, start + k, f)));
    return { stackFrames, totalFrames: thread.frames.length };
  }

  private async stackFrame(thread: RecordedThread, index: number, f: RecordedFrame): Promise<DebugProtocol.StackFrame> {
    let id = this.frameIds.get(f);
    if (id === undefined) {
      id = this.frameIds.size + 1;
      this.frameIds.set(f, id);
      this.frames.set(id, { thread, index });
    }
    const where = await this.sourceOf(f);
    const out: DebugProtocol.StackFrame = { id, name: frameName(f), line: where.line, column: where.column };
    if (where.source) out.source = where.source;
    // Library frames read as VS Code's own library frames; a frame naming no file is a label.
    if (!where.source) out.presentationHint = 'label';
    else if (f.inApp !== true) out.presentationHint = 'subtle';
    return out;
  }

  private sourceOf(f: RecordedFrame): Promise<FrameSource> {
    let p = this.resolved.get(f);
    if (!p) {
      p = this.options
        .resolve(f)
        .catch(() => undefined)
        .then((path) => {
          const where = frameSource(f, path, this.sources.size + 1);
          if (where.content !== undefined && where.source?.sourceReference) this.sources.set(where.source.sourceReference, where.content);
          return where;
        });
      this.resolved.set(f, p);
    }
    return p;
  }

  private scopes(frameId: number): DebugProtocol.Scope[] {
    const ref = this.frames.get(frameId);
    if (!ref) return [];
    const frame = ref.thread.frames[ref.index];
    const locals: readonly Named[] = frame.vars?.entries ?? [];
    const event = eventScope(this.event.detail);
    return [
      {
        name: frame.vars ? l10n.t('Locals') : l10n.t('Locals (none recorded)'),
        presentationHint: 'locals',
        variablesReference: this.handles.handle({ kind: 'rows', rows: locals, total: frame.vars?.total }),
        namedVariables: locals.length,
        expensive: false,
      },
      // Expensive: VS Code expands it only when asked, and its inline values never read it.
      { name: l10n.t('Event'), variablesReference: this.handles.handle({ kind: 'rows', rows: event }), namedVariables: event.length, expensive: true },
    ];
  }

  private evaluate(req: DebugProtocol.EvaluateRequest): void {
    const ref = req.arguments.frameId !== undefined ? this.frames.get(req.arguments.frameId) : undefined;
    // Without a frame (the Debug Console before one is chosen): the frame the session stopped at.
    const stoppedAt = this.event.threads[0].frames;
    const frame = ref ? ref.thread.frames[ref.index] : stoppedAt[stopFrameIndex(stoppedAt)];
    const rows = frame?.vars?.entries;
    const out = evaluate(this.handles, rows, req.arguments.expression);
    if (!out.ok) return this.fail(req, out.message);
    const { ok: _ok, ...body } = out;
    this.respond(req, body);
  }

  private output(text: string, category: string): void {
    this.emit<DebugProtocol.OutputEvent>({ type: 'event', event: 'output', body: { category, output: inert(text, 10_000) } });
  }

  private respond(req: DebugProtocol.Request, body: unknown): void {
    this.send({ type: 'response', request_seq: req.seq, command: req.command, success: true, body } as DebugProtocol.Response);
  }

  private fail(req: DebugProtocol.Request, message: string): void {
    this.send({
      type: 'response',
      request_seq: req.seq,
      command: req.command,
      success: false,
      message,
      body: { error: { id: 1, format: message.replace(/[{}]/g, ''), showUser: false } },
    } as DebugProtocol.ErrorResponse);
  }

  private emit<E extends DebugProtocol.Event>(e: Omit<E, 'seq'>): void {
    this.send(e as E);
  }

  private send(m: Omit<Message, 'seq'>): void {
    this.sent.fire({ ...m, seq: this.seq++ } as Message);
  }
}

/** What the adapter offers: look-ups and the exception, nothing that changes or runs anything; no step back. */
export function capabilities(): DebugProtocol.Capabilities {
  return {
    supportsConfigurationDoneRequest: true,
    supportsEvaluateForHovers: true,
    supportsExceptionInfoRequest: true,
    // Answered by ending the session (nothing to restart), instead of VS Code relaunching it.
    supportsRestartRequest: true,
    supportsTerminateRequest: true,
    supportsStepBack: false,
    supportsSetVariable: false,
    // The whole stack at once (VS Code asks for 20 frames): it focuses the newest in-app frame past
    // the library frames it skips with the stack known, rather than the newest frame first.
    supportsDelayedStackTraceLoading: false,
  };
}
