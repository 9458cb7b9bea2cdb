/**
 * The stack traces of an event: the exception chain (the last raised first, each stack newest frame
 * first) and, for a crash without an exception, its threads. Frames carry their source lines and
 * variables, bounded and masked by the EventReader. No `vscode` import.
 */
import type { DetailException, DetailFrame, DetailThread } from './types';
import { contextAround } from '../util/cutter';
import { EventReader, MAX_CODE, MAX_CONTEXT_LINES, MAX_EXCEPTIONS, MAX_FRAMES, MAX_NAME, MAX_TEXT, MAX_THREADS, bool, int, isRecord, put, valuesOf } from './eventReader';

function readFrame(r: EventReader, f: unknown): DetailFrame | undefined {
  if (!isRecord(f)) return undefined;
  const out: DetailFrame = {};
  put(out, 'function', r.text(f.function, MAX_NAME));
  put(out, 'module', r.text(f.module, MAX_NAME));
  put(out, 'filename', r.text(f.filename, MAX_NAME));
  put(out, 'absPath', r.url(f.absPath ?? f.abs_path, MAX_NAME));
  put(out, 'package', r.text(f.package, MAX_NAME));
  const lineNo = int(f.lineNo ?? f.lineno);
  put(out, 'lineNo', lineNo);
  put(out, 'colNo', int(f.colNo ?? f.colno));
  put(out, 'inApp', bool(f.inApp ?? f.in_app));
  if (Array.isArray(f.context) && f.context.length) {
    if (f.context.length > MAX_CONTEXT_LINES) r.c.cut = true;
    const context = contextAround(f.context as unknown[], lineNo, MAX_CONTEXT_LINES).flatMap((l): [number, string][] => {
      if (!Array.isArray(l) || int(l[0]) === undefined) return [];
      return [[l[0] as number, r.text(l[1], MAX_CODE) ?? '']];
    });
    if (context.length) out.context = context;
  }
  if (isRecord(f.vars)) {
    const vars = r.pairs(f.vars);
    if (vars.length) out.vars = vars;
  }
  return out;
}

/** The last `max` items, parsed, the last first; items that do not parse are left out. */
function lastFirst<T>(r: EventReader, items: unknown[], max: number, parse: (item: unknown) => T | undefined): { out: T[]; omitted: number } {
  const kept = r.c.last(items, max);
  const out: T[] = [];
  for (let i = kept.length - 1; i >= 0; i--) {
    const item = parse(kept[i]);
    if (item !== undefined) out.push(item);
  }
  return { out, omitted: items.length - kept.length };
}

/** A stack's frames, newest first (the server sends them oldest first), the newest MAX_FRAMES kept. */
function readFrames(r: EventReader, stacktrace: unknown): { frames: DetailFrame[]; omitted: number } {
  const { out, omitted } = lastFirst(r, isRecord(stacktrace) && Array.isArray(stacktrace.frames) ? (stacktrace.frames as unknown[]) : [], MAX_FRAMES, (f) => readFrame(r, f));
  return { frames: out, omitted };
}

function readException(r: EventReader, x: unknown): DetailException | undefined {
  if (!isRecord(x)) return undefined;
  const stack = readFrames(r, isRecord(x.stacktrace) ? x.stacktrace : x.rawStacktrace);
  const out: DetailException = { frames: stack.frames };
  if (stack.omitted) out.framesOmitted = stack.omitted;
  put(out, 'type', r.text(x.type, MAX_NAME));
  put(out, 'value', r.text(x.value, MAX_TEXT));
  put(out, 'module', r.text(x.module, MAX_NAME));
  if (isRecord(x.mechanism)) {
    const m = x.mechanism;
    const mechanism: NonNullable<DetailException['mechanism']> = {};
    put(mechanism, 'type', r.text(m.type, MAX_NAME));
    put(mechanism, 'handled', bool(m.handled));
    put(mechanism, 'description', r.text(m.description, MAX_TEXT));
    put(mechanism, 'synthetic', bool(m.synthetic));
    out.mechanism = mechanism;
  }
  put(out, 'threadId', r.id(x.threadId ?? x.thread_id));
  return out;
}

/** The chain, the last raised first: Sentry sends the first raised (the root cause) first. */
export function readExceptions(r: EventReader, data: unknown): DetailException[] {
  return lastFirst(r, valuesOf(data), MAX_EXCEPTIONS, (x) => readException(r, x)).out;
}

export function readThreads(r: EventReader, data: unknown): DetailThread[] {
  return r.c.list(valuesOf(data), MAX_THREADS).flatMap((t): DetailThread[] => {
    if (!isRecord(t)) return [];
    const stack = readFrames(r, t.stacktrace);
    const out: DetailThread = { frames: stack.frames };
    put(out, 'id', r.id(t.id));
    put(out, 'name', r.text(t.name, MAX_NAME));
    put(out, 'crashed', bool(t.crashed));
    put(out, 'current', bool(t.current));
    return [out];
  });
}
