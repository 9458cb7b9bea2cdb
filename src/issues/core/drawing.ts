/**
 * Whether a list's new view draws the same rows as the one drawn before. A background refresh
 * answers every few seconds, mostly with what the tree already shows; redrawing then makes VS Code
 * build every row's node again, and its extension host keeps a disposed store for every node it
 * ever built (ExtHostTreeView.createTreeNode registers one per node in the view's own store,
 * src/vs/workbench/api/common/extHostTreeViews.ts of microsoft/vscode): the soak's hour grew the
 * host's heap 27 to 41 % with a 5-second refresh. The issues are compared by identity: the store
 * keeps an issue's object while none of its fields changed.
 */
import type { IssueListView } from '../../store/issueStore';

/** How long rows with relative times ("5 min ago") may stay drawn before they are drawn again anyway. */
export const REDRAW_AT_LEAST_EVERY_MS = 60_000;

export function drawsSame(a: IssueListView | undefined, b: IssueListView | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.loading !== b.loading || a.error !== b.error || a.hidden !== b.hidden || a.nextCursor !== b.nextCursor) return false;
  if (a.hits !== b.hits || a.serverHits !== b.serverHits || a.maxHits !== b.maxHits || a.droppedHashes !== b.droppedHashes) return false;
  if (JSON.stringify(a.projectTotals ?? null) !== JSON.stringify(b.projectTotals ?? null)) return false;
  if (a.issues.length !== b.issues.length) return false;
  return a.issues.every((issue, i) => issue === b.issues[i]);
}
