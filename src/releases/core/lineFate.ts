/**
 * What became of one line between two versions of a file, read from their unified diff (git's, as VS
 * Code's git extension returns it from `diffBetween`): the line was changed or deleted, or it is the
 * same line, maybe at another number. Pure: the git glue walks a release's commit forward commit by
 * commit with it (./lineHistory), and the hover says when the line changed since the release.
 * No `vscode` import.
 */

export type LineFate = { readonly changed: true } | { readonly changed: false; readonly line: number };

interface Hunk {
  oldStart: number;
  newStart: number;
  /** The hunk's body lines, each with its marker (' ', '-', '+'). */
  body: string[];
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The hunks of a unified diff of one file; no hunk for an empty diff (the file is the same). */
export function parseHunks(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  for (const raw of diff.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const m = HUNK.exec(line);
    if (m) {
      current = { oldStart: Number(m[1]), newStart: Number(m[3]), body: [] };
      hunks.push(current);
    } else if (current && (line.startsWith(' ') || line.startsWith('-') || line.startsWith('+'))) {
      current.body.push(line);
    } else if (current && line === '') {
      // git writes an empty context line as one space; some tools drop it.
      current.body.push(' ');
    } else if (!line.startsWith('\\')) {
      current = undefined;
    }
  }
  return hunks;
}

/**
 * The fate of the 1-based line `line` of the old version: changed (a `-` line of a hunk: modified or
 * deleted), else its 1-based number in the new version (shifted by the lines added and removed above it).
 */
export function lineFate(diff: string, line: number): LineFate {
  let shift = 0;
  for (const h of parseHunks(diff)) {
    // A hunk that starts below the line: nothing of it moves the line (hunks come in file order).
    if (h.oldStart > line) break;
    let oldNo = h.oldStart;
    let newNo = h.newStart;
    for (const l of h.body) {
      const mark = l[0];
      if (mark === '+') {
        newNo++;
        continue;
      }
      if (oldNo === line) return mark === '-' ? { changed: true } : { changed: false, line: newNo };
      oldNo++;
      if (mark === ' ') newNo++;
    }
    // The hunk ended above the line: what it added and removed moves the line.
    shift = newNo - oldNo;
  }
  return { changed: false, line: line + shift };
}
