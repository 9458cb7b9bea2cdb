/**
 * The Seer tab's view from the run's phase (src/seer/core/runMachine.ts) and what the host knows
 * beside it: which workspace file each change applies to and which diffs the user opened. It decides
 * which buttons are offered: only those a click can act on now (no dead buttons). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { canStart, isPolling, type SeerPhase } from '../../seer/core/runMachine';
import type { SeerSummary } from '../../seer/core/readSummary';
import { describeUnavailable } from '../../seer/core/unavailable';
import type { SeerRunView } from '../../seer/core/runView';
import type { SeerChangeView, SeerView } from '../protocol/seer';

export interface SeerExtras {
  summary?: SeerSummary;
  /** Workspace-relative file of each change (by index), undefined where none was found. */
  files: (string | undefined)[];
  /** Indexes of the changes whose diff the user opened. */
  reviewed: ReadonlySet<number>;
  polls: number;
  /** A failed request's message, shown beside the run. */
  message?: string;
  /** A step was asked for and its answer is awaited. */
  continuing?: boolean;
  /** The run's changes were applied (Undo reverts them): Apply is not offered again. */
  applied?: boolean;
}

function runOf(p: SeerPhase): SeerRunView | undefined {
  return 'run' in p ? p.run : undefined;
}

export function seerView(p: SeerPhase, x: SeerExtras): SeerView {
  const run = runOf(p);
  const settled = p.kind === 'done';
  const changes: SeerChangeView[] = (run?.changes ?? []).map((c, i) => ({
    repo: c.repo,
    path: c.path,
    kind: c.kind,
    added: c.added,
    removed: c.removed,
    file: x.files[i],
    reviewed: x.reviewed.has(i),
  }));
  const applicable = changes.filter((c) => c.file !== undefined || c.kind === 'add');
  const allReviewed = applicable.length > 0 && applicable.every((c) => c.reviewed);
  const noRepo = run?.repositories !== undefined && run.repositories.length === 0;
  const busy = isPolling(p) || x.continuing === true;
  return {
    phase: p.kind,
    shape: run?.shape,
    summary: x.summary,
    progress: run?.progress ?? [],
    causes: run?.causes ?? [],
    solution: run?.solution,
    changes,
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
      apply: settled && !busy && allReviewed && !x.applied,
    },
    applyNote:
      applicable.length > 0 && !allReviewed
        ? l10n.t('Open each change to review its diff; Apply is offered once you have looked at all of them.')
        : changes.length > 0 && applicable.length === 0
          ? l10n.t('None of the changed files was found in this workspace.')
          : undefined,
    polls: x.polls,
  };
}
