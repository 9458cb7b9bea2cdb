/**
 * Where the code an event line names is in the editor now. An event's line is the line of the release
 * it came from; the file may have changed since. Given the text that line held (from the event's
 * frame, or as the editor first showed it), the mark goes to the nearest line that still holds it,
 * or says the code is gone, rather than point at other code. Lines are compared by their keys
 * (lineKey): a fingerprint of the compacted line, never its text, since what a mark carries is
 * kept in workspace storage and a user's source line may hold a secret that is long gone from the
 * file. Pure: no `vscode` import.
 */
import { compactLine } from '../../model/event/frameText';
import { hash53 } from '../../util/hash';

/** What a line held when the event happened: the line, and the lines just before and after it, nearest last/first. */
export interface ExpectedText {
  readonly line: string;
  readonly before?: readonly string[];
  readonly after?: readonly string[];
}

/** ExpectedText with every line as its key (lineKey): what marks carry and what is kept. */
export type KeyedText = ExpectedText;

/** A document's lines, 0-based, as VS Code's TextDocument reads them. */
export interface DocumentLines {
  readonly lineCount: number;
  lineAt(line: number): string | undefined;
}

/** Where a mark goes: its own line, a line its code moved to, or its own line with its code gone. */
export type LinePlace = { line: number; movedFrom?: undefined; stale?: undefined } | { line: number; movedFrom: number; stale?: undefined } | { line: number; stale: true; movedFrom?: undefined };

/**
 * How far a line is looked for, either way. An edit of a release or two moves code by tens of lines;
 * further off, a line with the same text is more likely other code than the same code moved.
 */
export const MOVE_WINDOW = 50;

/** Fewer letters or digits than this, and a line (`}`, `});`, blank) matches too much to say where code went. */
const MIN_EVIDENCE = 3;

/** A line as compared: whitespace runs (tabs, a CR left of CRLF) as one space, no indentation, cut where kept text is cut. */
export const normaliseLine = compactLine;

function isTrivial(normalised: string): boolean {
  return (normalised.match(/[\p{L}\p{N}]/gu) ?? []).length < MIN_EVIDENCE;
}

const TRIVIAL = '.';
const PLAIN = '#';
/** The shape of a key, for what is read back from storage. */
export const LINE_KEY = /^[.#][\da-z]{1,11}$/;

/**
 * A line's key: the fingerprint of its normalised text, after a mark saying whether the line is
 * trivial (told before hashing, since the hash cannot say). Equal lines have equal keys.
 */
export function lineKey(text: string): string {
  const normalised = normaliseLine(text);
  return `${isTrivial(normalised) ? TRIVIAL : PLAIN}${hash53(normalised)}`;
}

const isTrivialKey = (key: string) => key.startsWith(TRIVIAL);

/** A line's text and its neighbours' as keys. */
export function keyedText(text: ExpectedText): KeyedText {
  return { line: lineKey(text.line), ...(text.before ? { before: text.before.map(lineKey) } : {}), ...(text.after ? { after: text.after.map(lineKey) } : {}) };
}

/**
 * The place of a mark whose event line is `line` (0-based), by the text it held. The line itself
 * still holding it wins; else the line within MOVE_WINDOW that holds it with the most of its
 * neighbours agreeing, then the nearest, then the later one (a file grows more than it shrinks, so
 * code moves down more often). A trivial line needs a neighbour to agree before it moves, and is
 * never called stale: its text alone says nothing. No text: the event line, as it was.
 */
export function placeByText(expected: KeyedText | undefined, line: number, doc: DocumentLines, keyed = false): LinePlace {
  if (!expected) return { line };
  const want = expected.line;
  // `keyed`: the document's lines come as keys already (placeAllByText's, read once each).
  const read = (n: number) => (n >= 0 && n < doc.lineCount ? (keyed ? (doc.lineAt(n) ?? '') : lineKey(doc.lineAt(n) ?? '')) : undefined);
  if (read(line) === want) return { line };
  const trivial = isTrivialKey(want);
  const before = expected.before ?? [];
  const after = expected.after ?? [];
  /** Neighbours that hold what they held around the event line; trivial ones prove nothing. */
  const agreeing = (n: number) => before.filter((t, i) => !isTrivialKey(t) && read(n - before.length + i) === t).length + after.filter((t, i) => !isTrivialKey(t) && read(n + 1 + i) === t).length;
  let best: { line: number; score: number; distance: number } | undefined;
  const from = Math.max(0, line - MOVE_WINDOW);
  const to = Math.min(doc.lineCount - 1, line + MOVE_WINDOW);
  for (let n = from; n <= to; n++) {
    if (n === line || read(n) !== want) continue;
    const score = agreeing(n);
    if (trivial && score === 0) continue;
    const distance = Math.abs(n - line);
    // Ascending n: an equal score and distance found later is the later line, which wins the tie.
    if (!best || score > best.score || (score === best.score && distance <= best.distance)) best = { line: n, score, distance };
  }
  if (best) return { line: best.line, movedFrom: line };
  return trivial ? { line } : { line, stale: true };
}

/**
 * Marks placed in a document by their text (those without stay where they are), each document line
 * read and keyed once however many marks look at it.
 */
export function placeAllByText<T extends { line: number; text?: KeyedText; movedFrom?: number; stale?: true }>(marks: readonly T[], doc: DocumentLines): T[] {
  const seen = new Map<number, string>();
  const lines: DocumentLines = {
    lineCount: doc.lineCount,
    lineAt: (n) => {
      let key = seen.get(n);
      if (key === undefined) seen.set(n, (key = lineKey(doc.lineAt(n) ?? '')));
      return key;
    },
  };
  return marks.map((m) => {
    if (!m.text) return m;
    const { movedFrom: _m, stale: _s, ...rest } = m;
    return { ...rest, ...placeByText(m.text, m.line, lines, true) } as T;
  });
}
