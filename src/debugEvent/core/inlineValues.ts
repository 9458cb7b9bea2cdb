/**
 * Where a frame's recorded variables appear in its source lines, for VS Code's inline values: each
 * whole-word occurrence of a variable's name (Python SDKs of old quoted the names: `'user'` is
 * found as `user`), on the lines of the stopped function up to the frame's own (inlineLines): the
 * same names in other functions of the file are other variables, whose values were not recorded.
 * Bounded: long lines and many hits are cut. No `vscode` import.
 */

/** Occurrences returned at most, and characters of a line looked at. */
const MAX_HITS = 500;
const MAX_LINE = 2000;

export interface InlineLookup {
  line: number;
  start: number;
  end: number;
  /** The variable's name as the adapter answers it (looked up in the frame's Locals). */
  name: string;
}

export function inlineLookups(lines: readonly { line: number; text: string }[], names: readonly string[]): InlineLookup[] {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const bare = name.replace(/^'(.*)'$/, '$1');
    if (/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(bare)) wanted.set(bare, name);
  }
  if (!wanted.size) return [];
  const out: InlineLookup[] = [];
  const word = /[\p{L}_$][\p{L}\p{N}_$]*/gu;
  for (const { line, text } of lines) {
    for (const m of text.slice(0, MAX_LINE).matchAll(word)) {
      const name = wanted.get(m[0]);
      if (name === undefined) continue;
      out.push({ line, start: m.index, end: m.index + m[0].length, name });
      if (out.length >= MAX_HITS) return out;
    }
  }
  return out;
}

/** A function's lines in the document (0-based, inclusive), as a document symbol provider gives them. */
export interface FunctionSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The first line (0-based) inline values may show on for a frame stopped at `stop`: the lines from
 * there to `stop` are the stopped function's. The enclosing function a document symbol provider
 * found (`functions`: every function, method and constructor of the file; undefined when no
 * provider answered), the innermost one containing `stop`: it is the function's real extent, where
 * Sentry's kept lines are a fixed count (five before the line by default) that may stop short of
 * the function's start or reach into the function or the declarations above it. Without one (no
 * symbols: plain text, a language with no extension, a language server not up yet; or code at
 * module level), the lines Sentry kept before the frame's (`keptBefore`), cut after the last
 * function that ends above the stop when the symbols are known; without those, the stop line only.
 */
export function inlineFirstLine(stop: number, functions: readonly FunctionSpan[] | undefined, keptBefore: number | undefined): number {
  const around = (functions ?? []).filter((f) => f.start <= stop && stop <= f.end);
  if (around.length) return Math.max(...around.map((f) => f.start));
  let first = stop - Math.max(0, keptBefore ?? 0);
  for (const f of functions ?? []) if (f.end < stop && f.end >= first) first = f.end + 1;
  return Math.max(0, first);
}
