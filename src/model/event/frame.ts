/**
 * A stack frame, read once for every surface: the one reader of a frame from each shape Sentry
 * sends it in (the API's camelCase, the SDK's snake_case that raw and older servers pass on, source
 * lines as `context` pairs or as `context_line` with `pre_context`/`post_context`), the walk to an
 * event's exception frames, and the views every surface draws of a frame (where it is, the
 * location a click opens, the newest in-app one). The marks, the events list, the Event tab, Seer's
 * hand-off and the AI text all read frames here, so a fix to a frame reaches them all at once.
 * No `vscode` import.
 */
import type { DetailFrame, DetailPair } from './types';
import { contextAround } from '../../util/cutter';
import { bool, finite, isRecord, list, put, valuesOf } from '../read';

/** How one surface bounds (and masks) what a frame carries: the Event tab masks, the events list only cuts. */
export interface FrameReading {
  /** Free text (function, module, file name, a line of code), bounded; undefined when it is not text. */
  text(v: unknown, max: number): string | undefined;
  /** A path that may be a URL (abs_path): bounded, secrets in its query masked where the surface masks. */
  url(v: unknown, max: number): string | undefined;
  /** Something was cut to stay within bounds. */
  cut(): void;
  /** Names: functions, modules, file names. */
  readonly maxName: number;
  /** Context lines kept, centred on the frame's line. */
  readonly maxContextLines: number;
  /** One line of source code. */
  readonly maxCode: number;
  /** The frame's local variables as rows, where the surface shows them. */
  vars?(v: Record<string, unknown>): DetailPair[];
}

/** `[line, text]` pairs of the source around a frame's line, from either shape of it. */
function contextPairs(f: Record<string, unknown>, lineNo: number | undefined): unknown[] {
  if (Array.isArray(f.context) && f.context.length) return f.context;
  // An SDK's own fields, where a server passes the frame on as sent.
  if (lineNo === undefined || typeof f.context_line !== 'string') return [];
  const pre = list(f.pre_context, Infinity);
  const post = list(f.post_context, Infinity);
  return [...pre.map((t, i) => [lineNo - pre.length + i, t]), [lineNo, f.context_line], ...post.map((t, i) => [lineNo + 1 + i, t])];
}

/** One frame in whichever shape it came, bounded by `read`; undefined for what is not a frame. */
export function readFrame(f: unknown, read: FrameReading): DetailFrame | undefined {
  if (!isRecord(f)) return undefined;
  const out: DetailFrame = {};
  put(out, 'function', read.text(f.function, read.maxName));
  put(out, 'module', read.text(f.module, read.maxName));
  put(out, 'filename', read.text(f.filename, read.maxName));
  put(out, 'absPath', read.url(f.absPath ?? f.abs_path, read.maxName));
  put(out, 'package', read.text(f.package, read.maxName));
  const lineNo = finite(f.lineNo ?? f.lineno);
  put(out, 'lineNo', lineNo);
  put(out, 'colNo', finite(f.colNo ?? f.colno));
  put(out, 'inApp', bool(f.inApp ?? f.in_app));
  const pairs = contextPairs(f, lineNo);
  if (pairs.length) {
    if (pairs.length > read.maxContextLines) read.cut();
    const context = contextAround(pairs, lineNo, read.maxContextLines).flatMap((l): [number, string][] => {
      if (!Array.isArray(l) || finite(l[0]) === undefined) return [];
      return [[l[0] as number, read.text(l[1], read.maxCode) ?? '']];
    });
    if (context.length) out.context = context;
  }
  if (read.vars && isRecord(f.vars)) {
    const vars = read.vars(f.vars);
    if (vars.length) out.vars = vars;
  }
  return out;
}

/** A frame as sent, unbounded but for the generous bounds of a name and a line (the marks' and the tools' reading). */
export const PLAIN_READING: FrameReading = {
  text: (v, max) => (typeof v === 'string' && v ? v.slice(0, max) : undefined),
  url: (v, max) => (typeof v === 'string' && v ? v.slice(0, max) : undefined),
  cut: () => undefined,
  maxName: 4096,
  maxContextLines: 15,
  maxCode: 1000,
};

/** The exception values of an event as sent (its exception entry's `data.values`: the first raised first). */
export function exceptionValues(event: unknown): unknown[] {
  if (!isRecord(event) || !Array.isArray(event.entries)) return [];
  for (const entry of event.entries as unknown[]) if (isRecord(entry) && entry.type === 'exception') return valuesOf(entry.data);
  return [];
}

/** The frames of one exception (or thread) as sent, oldest first; a native crash's raw stack when there is no symbolicated one. */
export function stackFrames(x: unknown): unknown[] {
  if (!isRecord(x)) return [];
  const stack = isRecord(x.stacktrace) ? x.stacktrace : x.rawStacktrace;
  return isRecord(stack) && Array.isArray(stack.frames) ? (stack.frames as unknown[]) : [];
}

/** An exception's type, value and module, and its newest `maxFrames` frames, newest first: what a list of events shows of it. */
export interface ExceptionHead {
  type?: string;
  value?: string;
  module?: string;
  /** Newest (crash) frame first. */
  frames: DetailFrame[];
}

export function readExceptionHead(x: unknown, read: FrameReading, maxText: number, maxFrames: number): ExceptionHead | undefined {
  if (!isRecord(x)) return undefined;
  const raw = stackFrames(x);
  if (raw.length > maxFrames) read.cut();
  return {
    type: read.text(x.type, read.maxName),
    value: read.text(x.value, maxText),
    module: read.text(x.module, read.maxName),
    frames: raw
      .slice(-maxFrames)
      .reverse()
      .flatMap((f) => readFrame(f, read) ?? []),
  };
}

/** Every frame of an event's exceptions, newest first (the last raised exception's newest frame first), read plainly. */
export function eventFramesNewestFirst(event: unknown): { frame: DetailFrame; raw: Record<string, unknown> }[] {
  const out: { frame: DetailFrame; raw: Record<string, unknown> }[] = [];
  for (const x of [...exceptionValues(event)].reverse()) {
    for (const raw of [...stackFrames(x)].reverse()) {
      const frame = readFrame(raw, PLAIN_READING);
      if (frame) out.push({ frame, raw: raw as Record<string, unknown> });
    }
  }
  return out;
}

/** Where a frame is, as every surface writes it: `file:line:col`, the file as the server named it (`?` when it named none). */
export function frameWhere(f: DetailFrame): string {
  const file = f.filename || f.absPath || f.module || f.package || '?';
  const line = f.lineNo && f.lineNo > 0 ? f.lineNo : undefined;
  return `${file}${line ? `:${line}` : ''}${line && f.colNo && f.colNo > 0 ? `:${f.colNo}` : ''}`;
}

/** `path:line:col` of a frame, the form the location mapping parses and a click opens; undefined without a path. */
export function frameLocation(f: DetailFrame): string | undefined {
  const path = f.filename || f.absPath;
  if (!path) return undefined;
  return f.lineNo ? `${path}:${f.lineNo}${f.colNo ? `:${f.colNo}` : ''}` : path;
}

/** The fields of a frame that find its file (what the page sends back when a frame is clicked). */
export function frameRef(f: DetailFrame): Pick<DetailFrame, 'filename' | 'absPath' | 'module' | 'package' | 'function' | 'lineNo' | 'colNo'> {
  return { filename: f.filename, absPath: f.absPath, module: f.module, package: f.package, function: f.function, lineNo: f.lineNo, colNo: f.colNo };
}
