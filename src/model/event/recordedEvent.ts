/**
 * An event as a program stopped at its exception: its threads (the crashed one first, with the
 * exception's stack; then every thread of the `threads` entry with its own), each stack newest frame
 * first, and each frame's `vars` as a tree of values (dicts and lists stay expandable), for the
 * debugger of a recorded event (src/debugEvent). Everything else of the event (the chain, the
 * breadcrumbs, tags, contexts, request, user) is the one reader's EventDetail (src/sentryEvent/parse.ts),
 * read from the same masked answer, so the debugger shows what the events panel shows. Frames are read
 * by the one stack reader (src/sentryEvent/parseStack.ts), one exception or thread at a time, so each
 * frame lines up with the raw one its variables are read from. Bounded and masked like the panel: a
 * value the answer's masking replaced stays `[masked]`. No `vscode` import.
 */
import type { DetailException, DetailFrame, EventDetail } from './types';
import { MASK } from './types';
import { parseEventDetail } from './parse';
import { readExceptions, readThreads } from './parseStack';
import { EventReader, MAX_FRAMES, MAX_PAIRS, MAX_THREADS } from './eventReader';
import { idText, isRecord, valuesOf } from '../read';
import { isSecretName } from './secretNames';
import { vaultOf } from './maskAnswer';
import { FILTERED } from './serverMeta';
import { TOO_DEEP } from '../../util/boundedJson';

/** Nesting of a frame's variables kept (Sentry's SDKs send at most 10 levels). */
export const MAX_VAR_DEPTH = 10;
/** Values read of one frame's variables, over all their levels: the rest is left out and said. */
export const MAX_VAR_NODES = 5000;

/** One recorded value: a leaf as the SDK wrote it (already text: Python's `repr`, JSON for the rest), or a dict or list. */
export type RecordedValue =
  | { readonly kind: 'leaf'; readonly text: string }
  | { readonly kind: 'dict'; readonly entries: readonly { readonly name: string; readonly value: RecordedValue }[]; readonly total: number }
  | { readonly kind: 'list'; readonly items: readonly RecordedValue[]; readonly total: number };

export interface RecordedFrame extends Omit<DetailFrame, 'vars'> {
  /** The frame's `vars` (a dict), when the SDK sent any. */
  readonly vars?: RecordedValue & { kind: 'dict' };
}

export interface RecordedThread {
  /** Our own number for it (1, 2, …): the thread ids of events are any JSON value. */
  readonly id: number;
  /** As the event names it; else its id. */
  readonly name: string;
  /** The thread the exception was raised on: its stack is the exception's. */
  readonly crashed: boolean;
  /** Newest frame first. */
  readonly frames: readonly RecordedFrame[];
  /** Oldest frames left out to stay within MAX_FRAMES. */
  readonly framesOmitted: number;
}

export interface RecordedEvent {
  /** The event as the panel reads it: the chain, breadcrumbs, tags, contexts, request, user, ids. */
  readonly detail: EventDetail;
  /** The crashed thread first. At least one (an event without a stack has a thread without frames). */
  readonly threads: readonly RecordedThread[];
  /** The exception the program stopped at (the last raised with a stack), when there is one. */
  readonly stopped?: DetailException;
  /** The chain, the last raised first (`stopped` among them): what raised what. */
  readonly chain: readonly DetailException[];
  /** The event's platform and SDK, which decide how a frame's path maps to a file. */
  readonly platform?: string;
  readonly sdkName?: string;
}

type Rec = Record<string, unknown>;

/** The `_meta` node at `path` under `meta`, if any. */
function metaAt(meta: unknown, ...path: (string | number)[]): unknown {
  let at = meta;
  for (const k of path) {
    if (!isRecord(at)) return undefined;
    at = at[String(k)];
  }
  return at;
}

/** The original length the server's `_meta` gives a container it cut (`len`), if longer than what came. */
function metaLength(meta: unknown, shown: number): number {
  const note = metaAt(meta, '');
  const len = isRecord(note) ? note.len : undefined;
  return typeof len === 'number' && Number.isSafeInteger(len) && len > shown ? len : shown;
}

/** Reads one frame's `vars` into a tree, bounded in depth, width and nodes, secrets masked by name. */
class VarsReader {
  private left = MAX_VAR_NODES;

  constructor(private readonly r: EventReader) {}

  dict(v: Rec, meta: unknown, depth: number): RecordedValue & { kind: 'dict' } {
    const keys = Object.keys(v);
    const entries: { name: string; value: RecordedValue }[] = [];
    for (const key of keys) {
      if (entries.length >= MAX_PAIRS || this.left <= 0) break;
      entries.push({ name: this.r.text(key, 1000) ?? '', value: this.value(key, v[key], metaAt(meta, key), depth + 1, v) });
    }
    return { kind: 'dict', entries, total: metaLength(meta, keys.length) };
  }

  private value(key: string, v: unknown, meta: unknown, depth: number, container: unknown): RecordedValue {
    this.left--;
    // What Sentry's scrubbing removed says so (applyServerMeta wrote it), whatever the name.
    if (v === FILTERED) return { kind: 'leaf', text: FILTERED };
    if (isSecretName(key) && v !== null && v !== undefined && v !== '') return { kind: 'leaf', text: MASK };
    if (Array.isArray(v) || isRecord(v)) {
      if (depth > MAX_VAR_DEPTH || this.left <= 0) return { kind: 'leaf', text: TOO_DEEP };
      if (isRecord(v)) return this.dict(v, meta, depth);
      const items: RecordedValue[] = [];
      for (let i = 0; i < v.length && items.length < MAX_PAIRS && this.left > 0; i++) items.push(this.value('', v[i], metaAt(meta, i), depth + 1, v));
      return { kind: 'list', items, total: metaLength(meta, v.length) };
    }
    // Strings as the SDK wrote them (masked in place); null, numbers and flags as JSON.
    const shown = this.r.value(key, v, this.r.original(container, key));
    return { kind: 'leaf', text: typeof shown === 'string' ? shown : shown.shown };
  }
}

/** The raw frames a stack reader kept, in the order it returns them (newest first, non-objects skipped). */
function keptFrames(stacktrace: unknown): { raw: unknown; index: number }[] {
  const frames = isRecord(stacktrace) && Array.isArray(stacktrace.frames) ? (stacktrace.frames as unknown[]) : [];
  const from = Math.max(0, frames.length - MAX_FRAMES);
  const out: { raw: unknown; index: number }[] = [];
  for (let i = frames.length - 1; i >= from; i--) if (isRecord(frames[i])) out.push({ raw: frames[i], index: i });
  return out;
}

/** Frames with their variables: `frames` as the stack reader read `stacktrace`, `meta` the stack's `_meta`. */
function withVars(r: EventReader, frames: readonly DetailFrame[], stacktrace: unknown, meta: unknown): RecordedFrame[] {
  const raw = keptFrames(stacktrace);
  return frames.map((f, k): RecordedFrame => {
    const { vars: _pairs, ...rest } = f;
    const source = raw[k];
    const vars = source && isRecord(source.raw) ? source.raw.vars : undefined;
    return isRecord(vars) ? { ...rest, vars: new VarsReader(r).dict(vars, metaAt(meta, 'frames', source.index, 'vars'), 1) } : rest;
  });
}

interface RawStack {
  exception?: DetailException;
  frames: RecordedFrame[];
  omitted: number;
}

/** `entries` of the answer, with the index of each (the `_meta` of an entry is under its index). */
function entriesOf(raw: Rec): { type: string; data: unknown; index: number }[] {
  const entries = Array.isArray(raw.entries) ? (raw.entries as unknown[]) : [];
  return entries.slice(0, 100).flatMap((e, index) => (isRecord(e) ? [{ type: idText(e.type) ?? '', data: e.data, index }] : []));
}

/**
 * The recorded event of a whole-event answer (`GET …/issues/{id}/events/{event_id}/`, masked as the
 * API client returns it). Throws a TypeError only when `raw` is not an object.
 */
export function readRecordedEvent(raw: unknown, issueId: string): RecordedEvent {
  const { detail } = parseEventDetail(raw, issueId);
  const event = raw as Rec;
  const r = new EventReader(vaultOf(raw));
  const meta = event._meta;
  const entries = entriesOf(event);
  const exceptionEntry = entries.find((e) => e.type === 'exception');
  const threadsEntry = entries.find((e) => e.type === 'threads');

  // Each exception read alone, in the server's order (the first raised first), with its stack's variables.
  const stacks: RawStack[] = valuesOf(exceptionEntry?.data)
    .slice(-20)
    .flatMap((x, k, all): RawStack[] => {
      const exception = readExceptions(r, { values: [x] })[0];
      if (!exception || !isRecord(x)) return [];
      const stacktrace = isRecord(x.stacktrace) ? x.stacktrace : x.rawStacktrace;
      const valueIndex = valuesOf(exceptionEntry?.data).length - all.length + k;
      const stackMeta = metaAt(meta, 'entries', exceptionEntry!.index, 'data', 'values', valueIndex, isRecord(x.stacktrace) ? 'stacktrace' : 'rawStacktrace');
      return [{ exception, frames: withVars(r, exception.frames, stacktrace, stackMeta), omitted: exception.framesOmitted ?? 0 }];
    });
  const chain = [...stacks].reverse().map((s) => s.exception!);
  // The program stopped at the last raised exception that has a stack (Sentry's crash frame is its newest).
  const stopped = [...stacks].reverse().find((s) => s.frames.length > 0) ?? stacks[stacks.length - 1];

  const threadValues = valuesOf(threadsEntry?.data).slice(0, MAX_THREADS);
  const others: (RawStack & { name?: string; id?: string; crashed?: boolean; current?: boolean })[] = threadValues.flatMap((t, k) => {
    const thread = readThreads(r, { values: [t] })[0];
    if (!thread || !isRecord(t)) return [];
    const stackMeta = metaAt(meta, 'entries', threadsEntry!.index, 'data', 'values', k, 'stacktrace');
    // Android's SDK marks the thread that raised `errored` rather than `crashed` (Sentry's android.json sample).
    const crashed = thread.crashed === true || t.errored === true;
    return [
      {
        ...thread,
        crashed,
        frames: withVars(r, thread.frames, t.stacktrace, stackMeta),
        omitted: Math.max(0, (isRecord(t.stacktrace) && Array.isArray(t.stacktrace.frames) ? t.stacktrace.frames.length : 0) - MAX_FRAMES),
      },
    ];
  });

  // The thread the exception was raised on: named by its thread id, else the one the SDK marked crashed.
  const threadId = stopped?.exception?.threadId;
  const crashedAt = stopped ? others.findIndex((t) => (threadId !== undefined ? t.id === threadId : t.crashed === true)) : others.findIndex((t) => t.crashed === true || t.current === true);
  const threads: RecordedThread[] = [];
  const crashedThread = crashedAt >= 0 ? others[crashedAt] : undefined;
  const name = (t: { name?: string; id?: string } | undefined, fallback: string) => t?.name || (t?.id !== undefined ? `Thread ${t.id}` : fallback);
  if (stopped) threads.push({ id: 1, name: name(crashedThread, 'Crashed thread'), crashed: true, frames: stopped.frames, framesOmitted: stopped.omitted });
  else if (crashedThread) threads.push({ id: 1, name: name(crashedThread, 'Crashed thread'), crashed: true, frames: crashedThread.frames, framesOmitted: crashedThread.omitted });
  else if (!others.length) threads.push({ id: 1, name: 'Event', crashed: true, frames: [], framesOmitted: 0 });
  others.forEach((t, k) => {
    if (k === crashedAt) return;
    threads.push({ id: threads.length + 1, name: name(t, `Thread ${threads.length + 1}`), crashed: false, frames: t.frames, framesOmitted: t.omitted });
  });

  const out: { -readonly [K in keyof RecordedEvent]: RecordedEvent[K] } = { detail, threads, chain };
  if (stopped?.exception) out.stopped = stopped.exception;
  const platform = r.id(event.platform);
  if (platform) out.platform = platform;
  const sdk = isRecord(event.sdk) ? r.id(event.sdk.name) : undefined;
  if (sdk) out.sdkName = sdk;
  return out;
}

/** Index of the frame a debugger stops at: the newest in-app one, else the newest. */
export function stopFrameIndex(frames: readonly RecordedFrame[]): number {
  const k = frames.findIndex((f) => f.inApp === true);
  return k < 0 ? 0 : k;
}
