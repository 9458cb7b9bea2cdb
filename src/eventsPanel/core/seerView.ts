/**
 * The Seer tab's view from the run's phase (src/eventsPanel/core/seer/runMachine.ts) and what the host knows
 * beside it: which workspace file each change writes, or why none, what makes it need a separate
 * confirmation, what of it was cut to fit the bounds, and which diffs the user reviewed. It decides
 * which buttons are offered: only those a click can act on now (no dead buttons); Apply only once
 * every change that can be written was reviewed, never for a run whose files were cut. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { describeNoTarget, type NoTarget } from './seer/changeTarget';
import { describeInvisibles, describeReason, invisiblesOfChange, type SensitiveReason } from './seer/repoPath';
import { canStart, isPolling, type SeerPhase } from './seer/runMachine';
import type { SeerSummary } from '../../model/seer/readSummary';
import { describeUnavailable } from '../../model/seer/unavailable';
import { LIMITS, type SeerCut, type SeerFileChange, type SeerRunView } from '../../model/seer/runView';
import type { SeerChangeView, SeerView } from './protocol/seer';

/** A change's workspace file as the tab shows it. */
export interface SeerTargetInfo {
  /** The file relative to its folder; undefined: none (then `missing` says why). */
  file?: string;
  /** The folder's name, in a multi-root workspace. */
  folder?: string;
  missing?: string;
  /** Why writing it needs a confirmation, in words. */
  sensitive: string[];
}

/** The tab's words for a change's found file (the host's ResolvedChange). */
export function targetInfo(t: { file?: string; folder?: string; missing?: NoTarget; sensitive: readonly SensitiveReason[] }, c: SeerFileChange): SeerTargetInfo {
  return {
    file: t.file,
    folder: t.folder,
    missing: t.missing ? describeNoTarget(t.missing, c.repo) : undefined,
    sensitive: t.sensitive.map(describeReason),
  };
}

export interface SeerExtras {
  summary?: SeerSummary;
  /** The workspace file of each change (by index); undefined while it is being found. */
  targets: readonly (SeerTargetInfo | undefined)[];
  /** Indexes of the changes whose review still holds (the diff of exactly this text was opened). */
  reviewed: ReadonlySet<number>;
  polls: number;
  /** A failed request's message, shown beside the run. */
  message?: string;
  /** A step was asked for and its answer is awaited. */
  continuing?: boolean;
  /** The run's changes were applied (Undo reverts them): Apply is not offered again. */
  applied?: boolean;
}

/** What was cut of a change, in words; undefined when nothing was. */
export function describeCut(cut: readonly SeerCut[] | undefined): string | undefined {
  if (!cut?.length) return undefined;
  const parts = cut.map((k) => {
    switch (k) {
      case 'hunks':
        return l10n.t('more than {0} hunks', LIMITS.hunks);
      case 'lines':
        return l10n.t('more than {0} lines', LIMITS.hunkLines);
      case 'line-length':
        return l10n.t('a line longer than {0} characters', LIMITS.text);
      case 'path':
        return l10n.t('a path longer than {0} characters', LIMITS.short);
      case 'unreadable':
        return l10n.t('a part the panel cannot read');
    }
  });
  return l10n.t("Cut to fit the panel ({0}): it is not applied. Sentry's page of the issue shows it whole.", parts.join(', '));
}

function runOf(p: SeerPhase): SeerRunView | undefined {
  return 'run' in p ? p.run : undefined;
}

export function seerView(p: SeerPhase, x: SeerExtras): SeerView {
  const run = runOf(p);
  const settled = p.kind === 'done';
  const changes: SeerChangeView[] = (run?.changes ?? []).map((c, i) => {
    const t = x.targets[i];
    const invisible = invisiblesOfChange(c);
    return {
      repo: c.repo,
      path: c.path,
      kind: c.kind,
      added: c.added,
      removed: c.removed,
      file: t?.file,
      folder: t?.folder,
      missing: t?.missing,
      sensitive: t?.sensitive.length ? t.sensitive : undefined,
      cut: describeCut(c.cut),
      invisible: invisible.length ? describeInvisibles(invisible) : undefined,
      reviewed: x.reviewed.has(i),
    };
  });
  const filesCut = run?.filesCut ?? 0;
  const applicable = changes.filter((c) => c.file !== undefined && c.cut === undefined);
  const allReviewed = applicable.length > 0 && applicable.every((c) => c.reviewed);
  const finding = changes.some((c) => c.file === undefined && c.missing === undefined);
  const noRepo = run?.repositories !== undefined && run.repositories.length === 0;
  const busy = isPolling(p) || x.continuing === true;
  const left = changes.length - applicable.length;
  return {
    phase: p.kind,
    shape: run?.shape,
    summary: x.summary,
    progress: run?.progress ?? [],
    causes: run?.causes ?? [],
    solution: run?.solution,
    changes,
    cut:
      filesCut > 0 ? l10n.t("Seer changed {0} more files than the panel reads ({1}): its change is not applied here. Sentry's page of the issue shows it whole.", filesCut, LIMITS.files) : undefined,
    pullRequests: run?.pullRequests ?? [],
    question: run?.question,
    message: p.kind === 'failed' ? p.message || x.message || l10n.t('Seer could not finish this run.') : x.message,
    unavailable: p.kind === 'unavailable' ? { message: p.why.message, action: p.why.action, detail: p.why.detail } : undefined,
    note: noRepo ? (({ message, action }) => ({ message, action }))(describeUnavailable('no-repo')) : undefined,
    can: {
      start: canStart(p) && !busy,
      stop: busy,
      refresh: !busy && p.kind !== 'unavailable' && p.kind !== 'loading',
      solution: settled && !busy && (run?.causes.length ?? 0) > 0 && !run?.solution,
      codeChanges: settled && !busy && run?.solution !== undefined && (run?.changes.length ?? 0) === 0 && !noRepo,
      apply: settled && !busy && allReviewed && !finding && filesCut === 0 && !x.applied,
    },
    applyNote: x.applied
      ? undefined
      : finding
        ? l10n.t('Finding the workspace file of each change…')
        : applicable.length > 0 && !allReviewed
          ? l10n.t('Open each change to review its diff; Apply is offered once you have looked at all of them.')
          : changes.length > 0 && applicable.length === 0
            ? l10n.t('None of the changed files can be written in this workspace.')
            : left > 0
              ? l10n.t('Apply writes {0} of the {1} changed files: the others are not found in this workspace or were cut.', applicable.length, changes.length)
              : undefined,
    polls: x.polls,
  };
}
