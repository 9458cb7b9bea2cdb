/**
 * The status bar's unresolved count, summed from the lists the store already holds: the count never
 * costs a request of its own. Pure (no `vscode` import).
 */
import type { IssueListView } from '../../store/issueStore';
import { DEFAULT_SORT, DEFAULT_STATS_PERIOD, projectsOf } from '../../store/listSpec';

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
  // The chosen projects' one list, when there is one, counts them all at once.
  const together = projects.length > 1 ? unresolvedListOf(lists, org, projects) : undefined;
  if (together) return countOf([together]);
  const found = projects.flatMap((project) => unresolvedListOf(lists, org, [project]) ?? []);
  return found.length ? countOf(found) : undefined;
}

function countOf(found: readonly IssueListView[]): UnresolvedCount {
  let total = 0;
  let atLeast = false;
  for (const list of found) {
    if (list.hits !== undefined) {
      total += list.hits;
      // A capped X-Hits stays a lower bound after local changes hide some of its issues.
      atLeast ||= list.maxHits !== undefined && (list.serverHits ?? list.hits) >= list.maxHits;
    } else {
      total += list.issues.length;
      atLeast ||= !!list.nextCursor;
    }
  }
  return { total, atLeast };
}

/** The unresolved list of exactly these projects (one project's own list, or the chosen projects' one list). */
function unresolvedListOf(lists: readonly IssueListView[], org: string, projects: readonly string[]): IssueListView | undefined {
  const usable = lists.filter((l) => l.org === org && sameSet(projectsOf(l.spec), projects) && !l.spec.hashes && l.spec.query === undefined && !l.error && l.loadedAt !== undefined);
  const isDefault = (l: IssueListView) =>
    (l.spec.statsPeriod ?? DEFAULT_STATS_PERIOD) === DEFAULT_STATS_PERIOD && (l.spec.sort ?? DEFAULT_SORT) === DEFAULT_SORT && !l.spec.environments?.length && !l.spec.window;
  return usable.find(isDefault) ?? usable[0];
}

/** "1,234" or "1,000+". */
export function countLabel(count: UnresolvedCount): string {
  return `${count.total.toLocaleString('en')}${count.atLeast ? '+' : ''}`;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
