/**
 * Whether a list's new view draws the same rows as the one drawn before. A background refresh
 * answers every few seconds, mostly with what the tree already shows; redrawing then makes VS Code
 * build every row's node again, and its extension host keeps a disposed store for every node it
 * ever built (ExtHostTreeView.createTreeNode registers one per node in the view's own store,
 * src/vs/workbench/api/common/extHostTreeViews.ts of microsoft/vscode): the soak's hour grew the
 * host's heap 27 to 41 % with a 5-second refresh. So the tree is redrawn whole only when a list
 * shows other rows (drawsSameRows); a changed issue or relative time redraws its own row alone.
 */
import type { IssueListView } from '../../store/issueStore';
import type { IssueNode } from './nodes';

/** How long rows with relative times ("5 min ago") may stay drawn before those that moved are drawn again. */
export const REDRAW_TIMES_EVERY_MS = 60_000;

/** What makes one issue row another: VS Code is handed one object per key. */
export function nodeKey(node: IssueNode): string {
  return JSON.stringify([node.org, node.listedIn, node.issueId, node.project, node.otherProject, node.period]);
}

/** Whether two views of a list show the same rows in the same order, with the same rows around them (counts, Load more, errors). */
export function drawsSameRows(a: IssueListView | undefined, b: IssueListView | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.loading !== b.loading || a.error !== b.error || a.hidden !== b.hidden || a.nextCursor !== b.nextCursor) return false;
  if (a.hits !== b.hits || a.serverHits !== b.serverHits || a.maxHits !== b.maxHits || a.droppedHashes !== b.droppedHashes) return false;
  if (JSON.stringify(a.projectTotals ?? null) !== JSON.stringify(b.projectTotals ?? null)) return false;
  if (a.issues.length !== b.issues.length) return false;
  return a.issues.every((issue, i) => issue.id === b.issues[i].id && issue.project.slug === b.issues[i].project.slug);
}
