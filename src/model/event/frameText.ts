/**
 * The source lines a full event's stack frames carry (`context`: [line number, text] pairs around the
 * frame's line), read from the raw event by the one frame reader (./frame.ts) and bounded: what the editor compares with the
 * file to find where the code went. Server text: only ever compared, or shown escaped.
 * No `vscode` import.
 */
import { lineNumber } from '../read';
import { MASK, type DetailFrame } from './types';
import { PLAIN_READING, exceptionValues, readFrame, stackFrames } from './frame';

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

/**
 * Text that is a line of the file as it was: a string, and not one a mask took a part of (ours, or
 * Sentry's own scrubbing), which no line of the file would equal.
 */
function fileText(v: string): string | undefined {
  if (v.includes(MASK) || v.includes('[Filtered]')) return undefined;
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

/** A frame's line and neighbours, when it names a file and a line and carries that line's text. */
function textOf(f: DetailFrame): FrameText | undefined {
  const lineNo = lineNumber(f.lineNo);
  const paths = [f.filename, f.absPath].filter((p): p is string => p !== undefined);
  if (lineNo === undefined || !paths.length) return undefined;
  const byLine = new Map<number, string | undefined>();
  for (const [n, text] of f.context ?? []) if (Math.abs(n - lineNo) <= CONTEXT_MAX) byLine.set(n, fileText(text));
  const line = byLine.get(lineNo);
  if (line === undefined) return undefined;
  return { paths, lineNo, line, before: neighbours(byLine, lineNo, -1), after: neighbours(byLine, lineNo, 1) };
}

/** The frames of a raw event's exceptions that carry their line's text: the newest FRAMES_MAX, in-app ones first. */
export function frameTexts(event: unknown): FrameText[] {
  const inApp: FrameText[] = [];
  const others: FrameText[] = [];
  // The last exception raised and each stack's newest frame are last: read backwards.
  for (const value of exceptionValues(event).slice(-20).reverse()) {
    for (const raw of stackFrames(value).slice(-100).reverse()) {
      const frame = readFrame(raw, PLAIN_READING);
      const text = frame && textOf(frame);
      if (text) (frame.inApp ? inApp : others).push(text);
    }
  }
  return [...inApp, ...others].slice(0, FRAMES_MAX);
}
