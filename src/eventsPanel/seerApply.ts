/**
 * Apply of a Seer run, checked change by change right before anything is written: each change's
 * review (./core/seer/review.ts) must still hold for the same run, content and file, the file
 * must still hold the text its diff was made against, and Seer's change applied to it must give the
 * text the diff showed. A change that was cut to fit the bounds, or has no workspace file, is never
 * written. The paths that need a confirmation of their own (./core/seer/repoPath.ts) are named
 * in a modal, one per line, before anything is written; the check runs again after it, since the
 * user may have edited meanwhile. All or nothing: one change that no longer holds and none is written.
 */
import * as vscode from 'vscode';
import { showInvisibles } from '../format/invisibles';
import { applyChange } from './core/seer/applyChange';
import { describeInvisibles, describeReason, invisiblesOfChange, type SensitiveReason } from './core/seer/repoPath';
import { describeReviewProblem, digest, reviewProblem, type Review } from './core/seer/review';
import type { SeerFileChange } from '../model/seer/runView';
import type { AuthUi } from '../util/ui';
import { sensitiveReasons, type ResolvedChange } from './seerTargets';

export interface ApplyItem {
  index: number;
  change: SeerFileChange;
  resolved: ResolvedChange;
  review?: Review;
}

export interface SensitiveWrite {
  /** The file as the user reads it: its folder's name in a multi-root workspace, invisible characters shown. */
  label: string;
  reasons: SensitiveReason[];
  /** Its invisible and bidirectional-control characters, and where ("U+202E (line 12)"). */
  invisible?: string;
}

export type Prepared =
  | { ok: true; edit: vscode.WorkspaceEdit; count: number; sensitive: SensitiveWrite[]; fingerprint: string }
  /** `stale`: the changes whose review no longer holds (their mark is cleared, their diff offered again). */
  | { ok: false; problems: string[]; stale: number[] };

/** How the tab and the modal name a change's file. */
export function fileLabel(resolved: ResolvedChange, change: SeerFileChange): string {
  const file = resolved.file ?? change.path;
  return showInvisibles(resolved.folder ? `${resolved.folder}/${file}` : file);
}

async function openDocument(uri: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  return Promise.resolve(vscode.workspace.openTextDocument(uri)).then(
    (d) => d,
    () => undefined,
  );
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return Promise.resolve(vscode.workspace.fs.stat(uri)).then(
    () => true,
    () => false,
  );
}

/** The edit that writes every reviewed change, or why none may be written. Only items with a file and not cut are passed. */
export async function prepareApply(runId: string, items: readonly ApplyItem[]): Promise<Prepared> {
  const edit = new vscode.WorkspaceEdit();
  const problems: string[] = [];
  const stale: number[] = [];
  const sensitive: SensitiveWrite[] = [];
  const seen: string[] = [];
  for (const { index, change, resolved, review } of items) {
    const uri = resolved.uri!;
    const label = fileLabel(resolved, change);
    const now = { runId, change: resolved.change, target: uri.toString() };
    let problem = reviewProblem(review, now);
    const doc = change.kind === 'add' ? undefined : await openDocument(uri);
    if (!problem && change.kind !== 'add' && !doc) {
      problems.push(vscode.l10n.t("{0} is not in the workspace: Seer's change edits a file that is not there.", label));
      continue;
    }
    if (!problem && change.kind === 'add' && (await exists(uri))) {
      problems.push(vscode.l10n.t("{0} already exists in the workspace: Seer's change would create it.", label));
      continue;
    }
    const version = doc?.version;
    const current = doc?.getText();
    const result = applyChange(change, current);
    if (!problem && !result.ok) {
      problems.push(result.message);
      continue;
    }
    const text = result.ok ? result.text : undefined;
    problem ??= reviewProblem(review, { ...now, before: await digest(current ?? ''), after: await digest(text ?? '') });
    // Edited while the digests were made: what was checked is not what is there.
    if (!problem && doc && doc.version !== version) problem = 'file';
    if (problem) {
      problems.push(describeReviewProblem(problem, label));
      stale.push(index);
      continue;
    }
    const reasons = sensitiveReasons(change, resolved.file?.split('/') ?? [], current, text);
    const invisible = invisiblesOfChange(change);
    if (reasons.length) sensitive.push({ label, reasons, ...(invisible.length ? { invisible: describeInvisibles(invisible) } : {}) });
    seen.push(`${uri.toString()}\n${review!.after}`);
    if (change.kind === 'add') edit.createFile(uri, { contents: new TextEncoder().encode(text ?? ''), overwrite: false, ignoreIfExists: false });
    else if (text === undefined) edit.deleteFile(uri, { ignoreIfNotExists: false });
    else edit.replace(uri, new vscode.Range(doc!.positionAt(0), doc!.positionAt(current!.length)), text);
  }
  if (problems.length) return { ok: false, problems, stale };
  return { ok: true, edit, count: items.length, sensitive, fingerprint: seen.join('\n\n') };
}

/** The modal naming each sensitive path with why; true only on the explicit button. */
export async function confirmSensitive(ui: Pick<AuthUi, 'showWarningMessage'>, writes: readonly SensitiveWrite[]): Promise<boolean> {
  const write = writes.length === 1 ? vscode.l10n.t('Write This File') : vscode.l10n.t('Write These Files');
  const why = (w: SensitiveWrite, r: SensitiveReason) => (r === 'invisible' && w.invisible ? `${describeReason(r)}: ${w.invisible}` : describeReason(r));
  const detail = writes.map((w) => `${w.label}: ${w.reasons.map((r) => why(w, r)).join('; ')}`).join('\n');
  const message =
    writes.length === 1
      ? vscode.l10n.t("Seer's change writes a file that can run code or change your editor, repository or CI. Write it only if you have read its diff and trust it.")
      : vscode.l10n.t("Seer's change writes {0} files that can run code or change your editor, repository or CI. Write them only if you have read their diffs and trust them.", writes.length);
  return (await ui.showWarningMessage(message, { modal: true, detail }, write)) === write;
}
