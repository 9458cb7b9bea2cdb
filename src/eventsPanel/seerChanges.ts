/**
 * The code changes of the Seer run a panel shows: the workspace file each one writes (seerTargets.ts:
 * exactly its path in the repository Seer names, its full URI kept from here to the diff and Apply),
 * what each diff showed (review.ts: recorded when it opens, void on any change of run, content or
 * file, and on an edit of the file), and Apply (seerApply.ts), which writes only what still matches
 * what was reviewed, after a modal naming each path that can run code or change the editor, the
 * repository or CI. Split from seerSession.ts, which reads and polls the run.
 */
import * as vscode from 'vscode';
import { applyChange } from './core/seer/applyChange';
import type { RepoMapping } from './core/seer/changeTarget';
import { digest, reviewProblem, type Review } from './core/seer/review';
import type { SeerRunView } from '../model/seer/runView';
import { Disposable } from '../util/disposable';
import type { AuthUi } from '../util/ui';
import { targetInfo, type SeerTargetInfo } from './core/seerView';
import { confirmSensitive, fileLabel, prepareApply, type Prepared } from './seerApply';
import type { SeerDiffDocuments } from './seerDiffDocuments';
import { resolveChanges, textOf, type ResolvedChange } from './seerTargets';

export interface SeerChangesDeps {
  log: vscode.LogOutputChannel;
  /** The run the panel shows now (the session's). */
  run: () => SeerRunView | undefined;
  /** The code mappings of the panel's issue's project. */
  mappings: () => Promise<readonly RepoMapping[]>;
  documents: Pick<SeerDiffDocuments, 'show'>;
  ui: () => Pick<AuthUi, 'showWarningMessage'>;
  /** Draws the tab again (what is reviewed or found changed). */
  draw: () => void;
}

/** What Apply did: the tab's message, and whether the run's changes are now written. */
export interface ApplyOutcome {
  message: string;
  applied: boolean;
}

export class SeerChanges extends Disposable {
  /** The workspace files of a run's changes, for that very run object (an equal answer keeps its object). */
  private resolved: { run: SeerRunView; changes: ResolvedChange[] } | undefined;
  /** What each change's diff showed, by index: it counts only while it matches (review.ts). */
  private readonly reviews = new Map<number, Review>();

  constructor(private readonly deps: SeerChangesDeps) {
    super();
    // An edit of a reviewed file since its diff opened: that review no longer says what Apply would write.
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        const key = e.document.uri.toString();
        const before = this.reviews.size;
        for (const [i, r] of this.reviews) if (r.target === key) this.reviews.delete(i);
        if (this.reviews.size === before) return;
        this.deps.log.info(`[seer] ${vscode.workspace.asRelativePath(e.document.uri)} was edited after its diff was opened: its review no longer holds`);
        this.deps.draw();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        const run = this.deps.run();
        if (run) void this.resolve(run);
      }),
    );
  }

  /** Another issue, or a new start: nothing found or reviewed carries over. */
  reset(): void {
    this.resolved = undefined;
    this.reviews.clear();
  }

  /** The run shown is another object now (another run, or the same one with other content). */
  runChanged(run: SeerRunView, before: SeerRunView | undefined): void {
    if (run.runId !== before?.runId) this.reviews.clear();
    void this.resolve(run);
  }

  private async resolve(run: SeerRunView): Promise<void> {
    const changes = await resolveChanges(run.changes, await this.deps.mappings());
    if (this.deps.run() !== run) return;
    this.resolved = { run, changes };
    this.deps.draw();
  }

  /** The files of the run shown now; undefined while they are being found. */
  private targets(): ResolvedChange[] | undefined {
    const run = this.deps.run();
    return run && this.resolved?.run === run ? this.resolved.changes : undefined;
  }

  /** Each change's file as the tab shows it (undefined while being found). */
  info(): (SeerTargetInfo | undefined)[] {
    const run = this.deps.run();
    const targets = this.targets();
    return (run?.changes ?? []).map((c, i) => (targets?.[i] ? targetInfo(targets[i], c) : undefined));
  }

  /** The changes whose review still holds for the run, content and file shown now. */
  reviewed(): Set<number> {
    const run = this.deps.run();
    const targets = this.targets();
    const out = new Set<number>();
    if (!run || !targets) return out;
    for (const [i, r] of this.reviews) {
      const t = targets[i];
      if (t?.uri && !run.changes[i]?.cut && reviewProblem(r, { runId: run.runId, change: t.change, target: t.uri.toString() }) === undefined) out.add(i);
    }
    return out;
  }

  /**
   * Opens a change's diff and records what it showed: `{}` when it opened, a message when it cannot
   * be, undefined when there is no such change to open (nothing is said of an index no view had).
   */
  async openDiff(index: number): Promise<{ message?: string } | undefined> {
    const run = this.deps.run();
    const change = run?.changes[index];
    const target = this.targets()?.[index];
    if (!run || !change || !target?.uri || change.cut) return undefined;
    const uri = target.uri;
    const current = change.kind === 'add' ? undefined : await textOf(uri);
    const result = applyChange(change, current);
    if (!result.ok) return { message: result.message };
    const after = result.text ?? '';
    await this.deps.documents.show(change.kind === 'add' ? undefined : uri, fileLabel(target, change), run.runId, after);
    // The run or its files moved on while the diff opened: what it showed is not what is shown now.
    if (this.deps.run() !== run || this.targets()?.[index] !== target) {
      this.deps.log.info(`[seer] the run moved on while the diff of change ${index} opened: not counted as reviewed`);
      return {};
    }
    this.reviews.set(index, { runId: run.runId, change: target.change, target: uri.toString(), before: await digest(current ?? ''), after: await digest(after) });
    this.deps.log.info(`[seer] diff of change ${index} of run ${run.runId} opened: reviewed`);
    return {};
  }

  private refuse(message: string): ApplyOutcome {
    this.deps.log.info(`[seer] apply refused: ${message}`);
    return { message, applied: false };
  }

  /** Writes the run's reviewed changes, or says why not; undefined when the run moved on meanwhile. */
  async apply(run: SeerRunView): Promise<ApplyOutcome | undefined> {
    // Found again now: a folder added or a file moved since the diffs opened changes the file written.
    const fresh = await resolveChanges(run.changes, await this.deps.mappings());
    if (this.deps.run() !== run) return undefined;
    this.resolved = { run, changes: fresh };
    const items = run.changes.flatMap((change, index) => (!change.cut && fresh[index].uri ? [{ index, change, resolved: fresh[index], review: this.reviews.get(index) }] : []));
    let prepared: Prepared = await prepareApply(run.runId, items);
    if (prepared.ok && prepared.sensitive.length > 0) {
      const first = prepared;
      if (!(await confirmSensitive(this.deps.ui(), first.sensitive))) {
        return this.refuse(vscode.l10n.t('Nothing was written: the files that can run code or change your editor, repository or CI were not confirmed.'));
      }
      if (this.deps.run() !== run) return this.refuse(vscode.l10n.t("Nothing was written: Seer's run changed while you were asked."));
      // The user may have edited meanwhile: checked again, and it must be what was confirmed.
      prepared = await prepareApply(run.runId, items);
      if (prepared.ok && (prepared.fingerprint !== first.fingerprint || prepared.sensitive.length !== first.sensitive.length)) {
        return this.refuse(vscode.l10n.t('Nothing was written: the files changed while you were asked. Open the diffs again.'));
      }
    }
    if (!prepared.ok) {
      for (const i of prepared.stale) this.reviews.delete(i);
      return this.refuse(`${prepared.problems.join(' ')} ${vscode.l10n.t('Nothing was written: open the diffs again to review what Seer proposes now.')}`);
    }
    const ok = await vscode.workspace.applyEdit(prepared.edit, { isRefactoring: false });
    const count = prepared.count;
    const left = run.changes.length - count;
    this.deps.log.info(`[seer] apply of run ${run.runId}: ${ok ? `${count} files` : 'refused by VS Code'}`);
    if (!ok) return { message: vscode.l10n.t("VS Code did not apply Seer's change: a file may be read-only or have changed meanwhile."), applied: false };
    const done =
      count === 1 ? vscode.l10n.t("Applied Seer's change to 1 file. Undo (Edit > Undo) reverts it.") : vscode.l10n.t("Applied Seer's change to {0} files. Undo (Edit > Undo) reverts it.", count);
    return { message: left > 0 ? `${done} ${vscode.l10n.t('{0} of its changes were not written: not found in this workspace, or cut.', left)}` : done, applied: true };
  }
}
