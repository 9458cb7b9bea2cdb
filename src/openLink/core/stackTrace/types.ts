/**
 * What a pasted stack trace is read into: frames with the fields Sentry's SDKs fill for their
 * platform (so the one frame resolver, src/editor/core/frameResolver.ts through the editor's slot,
 * finds their files by the same rules as an event's frames), and where on the pasted text each
 * frame's location is, for its link. Each runtime's parser is a file of this folder.
 * No `vscode` import.
 */

/** One frame of a pasted trace. Lines and columns of the text are 0-based; lineNo/colNo are the trace's own (1-based). */
export interface TraceFrame {
  /** The line of the pasted text the frame's location is on. */
  readonly textLine: number;
  /** Where the location (path and line) is on that line: the link's range. */
  readonly start: number;
  readonly end: number;
  readonly function?: string;
  readonly filename?: string;
  readonly absPath?: string;
  readonly module?: string;
  readonly package?: string;
  /** The platform the frame's fields follow (`java`, `python`, `javascript`, `csharp`, `go`, `ruby`, `php`, `cocoa`, `dart`). */
  readonly platform: string;
  readonly lineNo?: number;
  readonly colNo?: number;
}

/** A runtime's reader of one line: the frame on it, if any. `prev` is the line before (Go names the function there). */
export interface LineParser {
  /** The runtime's name for messages (`Java/Kotlin`). */
  readonly name: string;
  readonly platform: string;
  frame(line: string, textLine: number, prev: string): TraceFrame | undefined;
  /** A line that only this runtime writes (`Traceback (most recent call last):`, `--- End of inner exception`): weighs in the detection. */
  marker?(line: string): boolean;
}

/** The longest line read: the rest of a longer one is no part of a frame (and no regex sees it). */
export const MAX_LINE = 2000;
/** The longest path or function name kept. */
export const MAX_FIELD = 1000;

/** A positive line or column number of at most 9 digits; undefined otherwise. */
export function lineNumber(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}

/** Text kept as a field: trimmed, bounded, without control characters; undefined when empty. */
export function fieldText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (t === '' || t.length > MAX_FIELD || /[\u0000-\u001f\u007f]/.test(t)) return undefined;
  return t;
}

/** The last segment of a path (either separator). */
export function baseName(path: string): string {
  const i = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return i < 0 ? path : path.slice(i + 1);
}

/** A line or column segment: 1 to 9 digits; 0 (a runtime's "unknown", as Dart's `dart:async 0:2`) reads as none. */
function position(text: string): { readonly n: number | undefined } | undefined {
  if (!/^\d{1,9}$/.test(text)) return undefined;
  return { n: lineNumber(text) };
}

/**
 * `path:line:col` or `path:line` split from the right (a path may hold `:`, as `C:\` and URLs do),
 * by index arithmetic rather than a backtracking regex. A line or column 0 is split off the path but
 * read as none (`stuff.js:0:2` is `stuff.js`, column 2).
 */
export function splitLocation(loc: string): { path: string; line?: number; col?: number } | undefined {
  const a = loc.lastIndexOf(':');
  if (a <= 0) return undefined;
  const last = position(loc.slice(a + 1));
  if (last === undefined) return undefined;
  const b = loc.lastIndexOf(':', a - 1);
  const before = b > 0 ? position(loc.slice(b + 1, a)) : undefined;
  if (before !== undefined) return { path: loc.slice(0, b), line: before.n, col: last.n };
  return { path: loc.slice(0, a), line: last.n };
}
