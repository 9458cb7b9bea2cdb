/**
 * The stack traces of an event: the exception chain (the last raised first, each stack newest frame
 * first) and, for a crash without an exception, its threads. Frames carry their source lines and
 * variables, bounded and masked by the EventReader. No `vscode` import.
 */
import type { DetailException, DetailFrame, DetailThread } from './types';
import { readFrame, stackFrames, type FrameReading } from './frame';
import { EventReader, MAX_CODE, MAX_CONTEXT_LINES, MAX_EXCEPTIONS, MAX_FRAMES, MAX_NAME, MAX_TEXT, MAX_THREADS } from './eventReader';
import { bool, finite, isRecord, put, valuesOf } from '../read';

/** The Event tab's reading of a frame: masked and bounded by the event's one EventReader, variables included. */
function reading(r: EventReader): FrameReading {
  return {
    text: (v, max) => r.text(v, max),
    url: (v, max) => r.url(v, max),
    cut: () => {
      r.c.cut = true;
    },
    maxName: MAX_NAME,
    maxContextLines: MAX_CONTEXT_LINES,
    maxCode: MAX_CODE,
    vars: (v) => r.pairs(v),
  };
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
function readFrames(r: EventReader, x: unknown): { frames: DetailFrame[]; omitted: number } {
  const read = reading(r);
  const { out, omitted } = lastFirst(r, stackFrames(x), MAX_FRAMES, (f) => readFrame(f, read));
  return { frames: out, omitted };
}

function readException(r: EventReader, x: unknown): DetailException | undefined {
  if (!isRecord(x)) return undefined;
  const stack = readFrames(r, x);
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
    const id = finite(m.exception_id ?? m.exceptionId);
    if (id !== undefined) {
      const group: NonNullable<DetailException['group']> = { id, depth: 0 };
      put(group, 'parentId', finite(m.parent_id ?? m.parentId));
      put(group, 'isGroup', bool(m.is_exception_group ?? m.isExceptionGroup));
      out.group = group;
    }
  }
  put(out, 'threadId', r.id(x.threadId ?? x.thread_id));
  return out;
}

/**
 * The chain, the last raised first: Sentry sends the first raised (the root cause) first. Exception
 * groups come as the tree they are instead: each group before its members, members in the order of
 * their ids, each with its depth.
 */
export function readExceptions(r: EventReader, data: unknown): DetailException[] {
  const chain = lastFirst(r, valuesOf(data), MAX_EXCEPTIONS, (x) => readException(r, x)).out;
  // SDKs give ids and parents to a plain chain (`__cause__`) too: only a group makes it a tree, as
  // Sentry's web UI reads it.
  if (chain.some((x) => x.group?.isGroup === true)) return asTree(chain);
  return chain.map(({ group: _group, ...x }) => x);
}

/** Exceptions in tree order (depth first, by id); one whose parent is not there is a root. */
function asTree(xs: DetailException[]): DetailException[] {
  const byId = new Map<number, DetailException>();
  for (const x of xs) if (x.group && !byId.has(x.group.id)) byId.set(x.group.id, x);
  const children = new Map<number, DetailException[]>();
  const roots: DetailException[] = [];
  for (const x of xs) {
    const parent = x.group?.parentId;
    if (x.group && byId.get(x.group.id) === x && parent !== undefined && parent !== x.group.id && byId.has(parent)) {
      children.set(parent, [...(children.get(parent) ?? []), x]);
    } else roots.push(x);
  }
  const byIdOrder = (a: DetailException, b: DetailException) => (a.group?.id ?? Infinity) - (b.group?.id ?? Infinity);
  const out: DetailException[] = [];
  const seen = new Set<DetailException>();
  const visit = (x: DetailException, depth: number) => {
    // A parent_id cycle (hostile data) cannot loop: each exception is placed once.
    if (seen.has(x)) return;
    seen.add(x);
    out.push(x.group ? { ...x, group: { ...x.group, depth } } : x);
    for (const c of [...(x.group ? (children.get(x.group.id) ?? []) : [])].sort(byIdOrder)) visit(c, depth + 1);
  };
  for (const root of [...roots].sort(byIdOrder)) visit(root, 0);
  // Members of a cycle have no root: shown last, flat.
  for (const x of xs) if (!seen.has(x)) visit(x, 0);
  return out;
}

export function readThreads(r: EventReader, data: unknown): DetailThread[] {
  return r.c.list(valuesOf(data), MAX_THREADS).flatMap((t): DetailThread[] => {
    if (!isRecord(t)) return [];
    const stack = readFrames(r, t);
    const out: DetailThread = { frames: stack.frames };
    put(out, 'id', r.id(t.id));
    put(out, 'name', r.text(t.name, MAX_NAME));
    put(out, 'crashed', bool(t.crashed));
    put(out, 'current', bool(t.current));
    return [out];
  });
}

/**
 * The threads of an event that has an exception are not shown (they repeat its stack), but their
 * frames' variables hold the same kind of secrets, and Sentry's own rendering of the event (the AI
 * details quote it) may quote them: read them for the secrets table only, by which that rendering is
 * scrubbed. What is not shown is neither counted as masked nor marks the event as trimmed.
 */
export function collectThreadSecrets(r: EventReader, data: unknown): void {
  const masked = r.masked;
  const cut = r.c.cut;
  readThreads(r, data);
  r.masked = masked;
  r.c.cut = cut;
}
