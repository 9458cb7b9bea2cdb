/**
 * Which runtime wrote a pasted stack trace, and its frames: every runtime's parser reads every line
 * (each reads a line in linear time), the one that finds the most frames with a file (its marker
 * lines, such as Python's `Traceback (most recent call last):`, count too) reads the trace. One
 * runtime per paste: a line another runtime would read differently (a V8 `at` line that .NET would
 * take for a method) is not read twice. Bounded: a text over MAX_TRACE_CHARS is refused before any
 * line is read, at most MAX_TRACE_LINES lines are read and each to MAX_LINE characters.
 * No `vscode` import.
 */
import { dart } from './dart';
import { dotnet } from './dotnet';
import { firefox } from './firefox';
import { go } from './go';
import { java } from './java';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { swift } from './swift';
import { MAX_LINE, type LineParser, type TraceFrame } from './types';
import { v8 } from './v8';

/** The largest paste read (4 MiB of text: a 10,000-line trace is about 1 MB). */
export const MAX_TRACE_CHARS = 4 * 1024 * 1024;
/** The most lines read of a paste. */
export const MAX_TRACE_LINES = 50_000;

/** Every runtime, in the order a tie is decided (the more specific formats first). */
export const PARSERS: readonly LineParser[] = [java, dotnet, python, go, ruby, php, swift, dart, v8, firefox];

/** Runtimes whose traces list the most recent call last (Python's "most recent call last"). */
const INNERMOST_LAST = new Set(['python']);

export interface ParsedTrace {
  /** The runtime's name (`Java/Kotlin`). */
  readonly runtime: string;
  readonly platform: string;
  /** Every frame, in the order of the text. */
  readonly frames: readonly TraceFrame[];
  /** Frames with a file, the most recent call first (where the error was raised). */
  readonly innermostFirst: readonly TraceFrame[];
  /** Lines of the text (after the cut). */
  readonly lineCount: number;
  /** Whether lines beyond MAX_TRACE_LINES were left unread. */
  readonly cut: boolean;
}

export type TraceParse = { readonly ok: true; readonly trace: ParsedTrace } | { readonly ok: false; readonly reason: 'tooLarge' | 'noFrames' };

/** The text's lines, at most MAX_TRACE_LINES, each at most MAX_LINE characters. */
export function traceLines(text: string): { lines: string[]; cut: boolean } {
  const lines: string[] = [];
  let from = 0;
  while (from <= text.length && lines.length < MAX_TRACE_LINES) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    const line = text.slice(from, Math.min(to, from + MAX_LINE));
    lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    from = to + 1;
  }
  return { lines, cut: from <= text.length };
}

function framesOf(parser: LineParser, lines: readonly string[]): TraceFrame[] {
  const out: TraceFrame[] = [];
  for (let i = 0; i < lines.length; i++) {
    const f = parser.frame(lines[i], i, i > 0 ? lines[i - 1] : '');
    if (f) out.push(f);
  }
  return out;
}

/** Reads a pasted trace: the runtime whose parser finds the most (frames with a file count twice, its marker lines three times). */
export function parseStackTrace(text: string): TraceParse {
  if (text.length > MAX_TRACE_CHARS) return { ok: false, reason: 'tooLarge' };
  const { lines, cut } = traceLines(text);
  let best: { parser: LineParser; frames: TraceFrame[]; score: number } | undefined;
  for (const parser of PARSERS) {
    const frames = framesOf(parser, lines);
    let score = 0;
    for (const f of frames) score += f.filename ? 2 : 1;
    if (parser.marker) for (const l of lines) if (parser.marker(l)) score += 3;
    if (frames.some((f) => f.filename) && (!best || score > best.score)) best = { parser, frames, score };
  }
  if (!best) return { ok: false, reason: 'noFrames' };
  const withFile = best.frames.filter((f) => f.filename);
  const innermostFirst = INNERMOST_LAST.has(best.parser.platform) ? [...withFile].reverse() : withFile;
  return { ok: true, trace: { runtime: best.parser.name, platform: best.parser.platform, frames: best.frames, innermostFirst, lineCount: lines.length, cut } };
}
