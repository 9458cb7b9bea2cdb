/**
 * The status bar's unresolved count, summed from the lists the store already holds: the count never
 * costs a request of its own. Pure (no `vscode` import).
 */
import type { IssueListView } from '../store/issueStore';
import { DEFAULT_SORT, DEFAULT_STATS_PERIOD } from '../store/listSpec';

export interface UnresolvedCount {
  total: number;
  /** The total is a lower bound ("1,000+"). */
  atLeast: boolean;
}

/**
 * Per project, its unresolved list (the server's default query) under the default period and sort,
 * else under any (the count does not depend on them); lists that failed or never answered are
 * skipped. Undefined when no project has one.
 */
export function unresolvedCount(lists: readonly IssueListView[], org: string, projects: readonly string[]): UnresolvedCount | undefined {
  let total = 0;
  let atLeast = false;
  let known = false;
  for (const project of projects) {
    const list = unresolvedListOf(lists, org, project);
    if (!list) continue;
    known = true;
    if (list.hits !== undefined) {
      total += list.hits;
      // A capped X-Hits stays a lower bound after local changes hide some of its issues.
      atLeast ||= list.maxHits !== undefined && (list.serverHits ?? list.hits) >= list.maxHits;
    } else {
      total += list.issues.length;
      atLeast ||= !!list.nextCursor;
    }
  }
  return known ? { total, atLeast } : undefined;
}

function unresolvedListOf(lists: readonly IssueListView[], org: string, project: string): IssueListView | undefined {
  const usable = lists.filter((l) => l.org === org && l.project === project && !l.spec.hashes && l.spec.query === undefined && !l.error && l.loadedAt !== undefined);
  const isDefault = (l: IssueListView) => (l.spec.statsPeriod ?? DEFAULT_STATS_PERIOD) === DEFAULT_STATS_PERIOD && (l.spec.sort ?? DEFAULT_SORT) === DEFAULT_SORT;
  return usable.find(isDefault) ?? usable[0];
}

/** "1,234" or "1,000+". */
export function countLabel(count: UnresolvedCount): string {
  return `${count.total.toLocaleString('en')}${count.atLeast ? '+' : ''}`;
}
