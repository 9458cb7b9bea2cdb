/**
 * Where a frame's recorded variables appear in its source lines, for VS Code's inline values: each
 * whole-word occurrence of a variable's name (Python SDKs of old quoted the names: `'user'` is
 * found as `user`), on the lines up to the frame's own. Bounded: long lines and many hits are cut.
 * No `vscode` import.
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
