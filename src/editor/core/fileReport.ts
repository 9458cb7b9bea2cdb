/**
 * What a run found for one open file, as "Why are there no marks?" tells it: of the issues found
 * for the file, how many were located, on it, elsewhere, or in no workspace file (with an example
 * path). ./markFinder.ts keeps one per open file. No `vscode` import.
 */
import { baseName } from './fileQuery';
import type { Outcome } from './markPlacer';
import type { FileSearchReport } from './marksStatus';

/**
 * The report of the file `fileKey` (named `relativePath`) for the issues `ids` found for it, placed
 * as `outcomes` say; `listed`: they are the listed issues, every open file's, not the file's own search.
 */
export function fileReport(
  file: { readonly key: string; readonly relativePath: string },
  ids: readonly string[],
  outcomes: ReadonlyMap<string, Outcome>,
  listed: boolean,
  error: unknown,
): FileSearchReport {
  const name = baseName(file.relativePath);
  let located = 0;
  let here = 0;
  let elsewhere = 0;
  let unmapped = 0;
  let example: string | undefined;
  for (const id of ids) {
    const o = outcomes.get(id);
    if (o === undefined || o === 'skipped' || o === 'noLocation') continue;
    located++;
    if (o === 'elsewhere') elsewhere++;
    else if ('file' in o) {
      if (o.file === file.key) here++;
      else elsewhere++;
    } else {
      const sameName = baseName(o.unmapped) === name;
      // Listed issues are every file's: only those named like this file may belong here.
      if (listed && !sameName) {
        elsewhere++;
        continue;
      }
      unmapped++;
      if (example === undefined || (sameName && baseName(example) !== name)) example = o.unmapped;
    }
  }
  return {
    mode: listed ? 'listed' : 'perFile',
    ...(error !== undefined ? { error } : {}),
    found: ids.length,
    located,
    here,
    elsewhere,
    unmapped,
    ...(example !== undefined ? { unmappedExample: example } : {}),
  };
}
