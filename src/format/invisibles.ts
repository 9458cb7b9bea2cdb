/**
 * Invisible and bidirectional-control characters made visible, as VS Code's editor shows them: a C0
 * control as its Control Pictures glyph (U+2400 + code, "␀"), any other as `[U+202E]`
 * (editor.renderControlCharacters), for the characters of the editor's own list
 * (InvisibleCharacters in src/vs/base/common/strings.ts of microsoft/vscode, which
 * editor.unicodeHighlight.invisibleCharacters highlights; space, tab and line ends are text) and the
 * C0 and C1 controls. Text a server wrote (Seer's code, paths, causes) can hide code behind them
 * ("Trojan Source"): a right-to-left override makes `} if (isAdmin) {` read as a comment. No `vscode` import.
 */

/** The ranges, inclusive, of code points shown visibly. */
const RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
  [0xa0, 0xa0],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180e],
  [0x1cbb, 0x1cbc],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0xfffc, 0xfffc],
  [0x1333c, 0x1333c],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** The bidirectional controls (Unicode's Bidi_Control property). */
const BIDI = new Set([0x61c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

const PATTERN = new RegExp(`[${RANGES.map(([a, b]) => (a === b ? `\\u{${a.toString(16)}}` : `\\u{${a.toString(16)}}-\\u{${b.toString(16)}}`)).join('')}]`, 'u');
const GLOBAL = new RegExp(PATTERN.source, 'gu');

/** Whether the text holds a character the editor would show as invisible or control. */
export function hasInvisible(text: string): boolean {
  return PATTERN.test(text);
}

export function isBidiControl(codePoint: number): boolean {
  return BIDI.has(codePoint);
}

/** `U+202E`. */
export function codePointName(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** How the editor draws one such character. */
export function visibleForm(codePoint: number): string {
  if (codePoint < 0x20) return String.fromCodePoint(0x2400 + codePoint);
  if (codePoint === 0x7f) return '\u2421';
  return `[${codePointName(codePoint)}]`;
}

/** One piece of a text: plain text, or one invisible character with its visible form. */
export type TextPiece = string | { codePoint: number; shown: string };

/** The text in pieces, each invisible character on its own (for the page, which marks them). */
export function invisiblePieces(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  let at = 0;
  for (const m of text.matchAll(GLOBAL)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const codePoint = m[0].codePointAt(0)!;
    out.push({ codePoint, shown: visibleForm(codePoint) });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The text with each invisible character in its visible form (for titles, messages and the log). */
export function showInvisibles(text: string): string {
  return text.replace(GLOBAL, (c) => visibleForm(c.codePointAt(0)!));
}

/** The distinct invisible characters of a text, in order of first appearance, at most `max`. */
export function invisiblesIn(text: string, max = 8): number[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(GLOBAL)) {
    seen.add(m[0].codePointAt(0)!);
    if (seen.size >= max) break;
  }
  return [...seen];
}
