/**
 * Seer's change to one file applied to the file as it is in the workspace now, through the `diff`
 * package's applyPatch (jsdiff, kept by kpdecker and already in the tree through mocha) rather than
 * a patcher of our own: it matches hunks by their context, not only their line numbers, keeps the
 * file's line ends, and fails (false) when the context is no longer there. No fuzz: a hunk whose
 * context changed is refused, and the user is told why, never half-applied. No `vscode` import.
 */
import { applyPatch, type StructuredPatch } from 'diff';
import * as l10n from '@vscode/l10n';
import { MASK } from '../../../model/event/types';
import type { SeerFileChange } from '../../../model/seer/runView';

export type ApplyResult =
  /** `text` undefined: the change deletes the file. */
  { ok: true; text: string | undefined } | { ok: false; reason: 'no-hunks' | 'masked' | 'missing' | 'exists' | 'changed'; message: string };

function refuse(reason: Extract<ApplyResult, { ok: false }>['reason'], path: string): ApplyResult {
  const messages = {
    'no-hunks': l10n.t('Seer sent only the size of its change to {0}, not the change itself: there is nothing to apply.', path),
    masked: l10n.t('Seer\'s change to {0} contains a value masked as a secret ("{1}"): apply it by hand, with the real value.', path, MASK),
    missing: l10n.t("{0} is not in the workspace: Seer's change edits a file that is not there.", path),
    exists: l10n.t("{0} already exists in the workspace: Seer's change would create it.", path),
    changed: l10n.t('{0} has changed since Seer read it: its change no longer applies. Compare the diff and edit by hand, or start a new run.', path),
  };
  return { ok: false, reason, message: messages[reason] };
}

/** The change as a unified diff text (for the diff editor's title, the AI hand-off and exports). */
export function toStructuredPatch(change: SeerFileChange): StructuredPatch {
  return {
    oldFileName: change.kind === 'add' ? '/dev/null' : `a/${change.path}`,
    newFileName: change.kind === 'delete' ? '/dev/null' : `b/${change.path}`,
    oldHeader: '',
    newHeader: '',
    hunks: change.hunks.map((h) => ({ ...h, lines: [...h.lines] })),
  };
}

/**
 * `current`: the file's text now, undefined when there is no such file. A change that contains a
 * masked value is refused: applying it would write the mask into the code.
 */
export function applyChange(change: SeerFileChange, current: string | undefined): ApplyResult {
  if (change.hunks.length === 0) return refuse('no-hunks', change.path);
  if (change.hunks.some((h) => h.lines.some((l) => l.includes(MASK)))) return refuse('masked', change.path);
  if (change.kind === 'add') {
    if (current !== undefined && current.trim() !== '') return refuse('exists', change.path);
    // A new file is its added lines; jsdiff would read an empty source as one empty line.
    const added = change.hunks.flatMap((h) => h.lines.filter((l) => l[0] === '+').map((l) => l.slice(1)));
    return { ok: true, text: `${added.join('\n')}\n` };
  }
  if (current === undefined) {
    return refuse('missing', change.path);
  }
  const result = applyPatch(current, toStructuredPatch(change), { fuzzFactor: 0 });
  if (result === false) return refuse('changed', change.path);
  if (change.kind === 'delete') return result.trim() === '' ? { ok: true, text: undefined } : refuse('changed', change.path);
  return { ok: true, text: result };
}
