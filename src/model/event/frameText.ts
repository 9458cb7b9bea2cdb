/**
 * The source lines a full event's stack frames carry (`context`: [line number, text] pairs around the
 * frame's line), read tolerantly from the raw event and bounded: what the editor compares with the
 * file to find where the code went. Server text: only ever compared, or shown escaped.
 * No `vscode` import.
 */
import { isRecord, lineNumber, list, valuesOf } from '../read';
import { MASK } from './types';

/** Characters of a line kept (after whitespace is compacted): enough to tell one line of code from another. */
export const TEXT_MAX = 200;
/** Neighbours kept on each side of a frame's line: enough to tell apart lines of the same text. */
export const CONTEXT_MAX = 2;
/** Frames kept of one event: the newest ones, in-app first. */
const FRAMES_MAX = 10;

/** A frame's line and neighbours as compared: compacted, cut at TEXT_MAX. */
export interface FrameText {
  /** The frame's filename and absPath, as the server sent them. */
  readonly paths: readonly string[];
  /** 1-based. */
  readonly lineNo: number;
  readonly line: string;
  /** Nearest last. */
  readonly before: readonly string[];
  /** Nearest first. */
  readonly after: readonly string[];
}

/** A line as it is kept and compared: whitespace runs (tabs, a CR of CRLF) as one space, no indentation, cut at TEXT_MAX. */
export function compactLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, TEXT_MAX);
}

const all = (v: unknown): unknown[] => list(v, Infinity);

/**
 * Text that is a line of the file as it was: a string, and not one a mask took a part of (ours, or
 * Sentry's own scrubbing), which no line of the file would equal.
 */
function fileText(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.includes(MASK) || v.includes('[Filtered]')) return undefined;
  return compactLine(v);
}

/** The neighbours of `lineNo` in `context`, outward from it, up to the first one not known. */
function neighbours(byLine: ReadonlyMap<number, string | undefined>, lineNo: number, step: 1 | -1): string[] {
  const out: string[] = [];
  for (let n = lineNo + step; out.length < CONTEXT_MAX; n += step) {
    const text = byLine.get(n);
    if (text === undefined) break;
    out.push(text);
  }
  return step === -1 ? out.reverse() : out;
}

function readFrame(f: unknown): FrameText | undefined {
  if (!isRecord(f)) return undefined;
  const lineNo = lineNumber(f.lineNo ?? f.lineno);
  const paths = [f.filename, f.absPath ?? f.abs_path].filter((p): p is string => typeof p === 'string' && p.length > 0 && p.length <= 4096);
  if (lineNo === undefined || !paths.length) return undefined;
  const byLine = new Map<number, string | undefined>();
  for (const pair of all(f.context).slice(0, 2 * CONTEXT_MAX + 20)) {
    if (!Array.isArray(pair)) continue;
    const n = lineNumber(pair[0]);
    if (n !== undefined && Math.abs(n - lineNo) <= CONTEXT_MAX) byLine.set(n, fileText(pair[1]));
  }
  // An SDK's own fields, where a server passes the frame on as sent.
  if (!byLine.has(lineNo) && typeof f.context_line === 'string') {
    byLine.set(lineNo, fileText(f.context_line));
    all(f.pre_context)
      .slice(-CONTEXT_MAX)
      .reverse()
      .forEach((t, i) => byLine.set(lineNo - 1 - i, fileText(t)));
    all(f.post_context)
      .slice(0, CONTEXT_MAX)
      .forEach((t, i) => byLine.set(lineNo + 1 + i, fileText(t)));
  }
  const line = byLine.get(lineNo);
  if (line === undefined) return undefined;
  return { paths, lineNo, line, before: neighbours(byLine, lineNo, -1), after: neighbours(byLine, lineNo, 1) };
}

/** The frames of a raw event's exceptions that carry their line's text: the newest FRAMES_MAX, in-app ones first. */
export function frameTexts(event: unknown): FrameText[] {
  if (!isRecord(event)) return [];
  const inApp: FrameText[] = [];
  const others: FrameText[] = [];
  for (const entry of all(event.entries)) {
    if (!isRecord(entry) || entry.type !== 'exception') continue;
    // The last exception raised and each stack's newest frame are last: read backwards.
    for (const value of valuesOf(entry.data).slice(-20).reverse()) {
      const frames = isRecord(value) && isRecord(value.stacktrace) ? all(value.stacktrace.frames) : [];
      for (const f of frames.slice(-100).reverse()) {
        const text = readFrame(f);
        if (text) ((f as Record<string, unknown>).inApp === true || (f as Record<string, unknown>).in_app === true ? inApp : others).push(text);
      }
    }
  }
  return [...inApp, ...others].slice(0, FRAMES_MAX);
}
