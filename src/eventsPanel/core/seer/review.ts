/**
 * What the user reviewed of a Seer change: when its diff opens, the run, the change's content, the
 * file it writes (its full URI) and SHA-256 digests of both sides the diff showed. Apply writes a
 * change only while all of these still hold: the same run, the same content, the same file, the
 * file still holding the text the diff was made against, and the text to write the one the diff
 * showed. Anything else (a Refresh that brought other text, a new run, another file, an edit since)
 * and the change counts as not reviewed: Apply refuses, says why, and the diff is offered again.
 * SHA-256 (WebCrypto, ../../util/random.ts) rather than a short hash: Seer's text is the server's,
 * and a text made to collide with the reviewed one must not pass. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { sha256, utf8 } from '../../../util/random';
import type { SeerFileChange } from '../../../model/seer/runView';

export interface Review {
  runId: string;
  /** Digest of the change's content (changeText). */
  change: string;
  /** The URI of the workspace file it writes. */
  target: string;
  /** Digest of the file's text the diff was made against ('' for a new file). */
  before: string;
  /** Digest of the text the diff showed Seer's change would write ('' for a deletion). */
  after: string;
}

/** The change as one text: everything Apply reads of it. */
export function changeText(c: SeerFileChange): string {
  return JSON.stringify([c.repo, c.path, c.kind, c.hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines, h.lines]), c.cut ?? []]);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The SHA-256 of a text, in hex. A host without WebCrypto's digest (a page on plain http to another
 * host) keeps the text itself, prefixed: comparing it is as exact, at the cost of memory.
 */
export async function digest(text: string): Promise<string> {
  try {
    return `sha256:${hex(await sha256(utf8(text)))}`;
  } catch {
    return `text:${text}`;
  }
}

export type ReviewProblem = 'not-reviewed' | 'run' | 'content' | 'target' | 'file' | 'result';

/** What Apply sees now of a change: undefined `before`/`after` where not read yet. */
export interface ReviewNow {
  runId: string;
  change: string;
  target: string;
  before?: string;
  after?: string;
}

/** Why a change may not be applied as reviewed; undefined when it may. */
export function reviewProblem(review: Review | undefined, now: ReviewNow): ReviewProblem | undefined {
  if (!review) return 'not-reviewed';
  if (review.runId !== now.runId) return 'run';
  if (review.change !== now.change) return 'content';
  if (review.target !== now.target) return 'target';
  if (now.before !== undefined && review.before !== now.before) return 'file';
  if (now.after !== undefined && review.after !== now.after) return 'result';
  return undefined;
}

/** Why, in words, for the file `label`. */
export function describeReviewProblem(problem: ReviewProblem, label: string): string {
  switch (problem) {
    case 'not-reviewed':
      return l10n.t("Seer's change to {0} was not reviewed: open its diff first.", label);
    case 'run':
      return l10n.t("Seer's change to {0} is from another run than the one you reviewed.", label);
    case 'content':
      return l10n.t("Seer's change to {0} is not the one you reviewed: Seer's text changed since.", label);
    case 'target':
      return l10n.t("Seer's change to {0} would now write another file than the one you reviewed.", label);
    case 'file':
      return l10n.t('{0} has changed since you opened its diff.', label);
    case 'result':
      return l10n.t("Seer's change to {0} would now write other text than its diff showed.", label);
  }
}
