/**
 * Which issue list: the request parameters of Sentry's issue list endpoints that change the
 * answer, and the cache key they make. No `vscode` import, no dependency on a view's filter type:
 * the Issues view turns its filter into a spec with `{ org, project, ...toParams(filter) }`
 * (src/issues/core/filter.ts); several projects make one list (`combinedSpec`).
 */
import type { IssueSort, ProjectIssuesStatsPeriod } from '../api/listParams';
import { MAX_HASHES } from '../api/client';
import type { TimeWindow } from './issueSource';

/** Issues per page (the endpoint's maximum). */
export const PAGE_SIZE = 100;
/** The `statsPeriod` Sentry's issue lists use when it is left out. */
export const DEFAULT_STATS_PERIOD: ProjectIssuesStatsPeriod = '24h';
export const DEFAULT_SORT: IssueSort = 'date';

export interface ListSpec {
  readonly org: string;
  /** The project; for a list of several projects (`projects`), their slugs joined by commas, a label only. */
  readonly project: string;
  /** Several projects in one list (one request on the organization endpoint); left out: `project` alone. */
  readonly projects?: readonly string[];
  /** Only issues with events in these environments. */
  readonly environments?: readonly string[];
  /** Only issues with events in this window; left out: the server's default. */
  readonly window?: TimeWindow;
  /** Left out: the server's default `is:unresolved`. Empty string: every status. */
  readonly query?: string;
  /** Left out: the server's default, `24h` (the same list). `''`: no stats. */
  readonly statsPeriod?: ProjectIssuesStatsPeriod;
  /** Left out: the server's default, `date` (the same list). */
  readonly sort?: IssueSort;
  /** Sent when the query is a short ID; follows from the query, so it is not part of the key. */
  readonly shortIdLookup?: boolean;
  /**
   * A search by group hashes instead of a query (first 100 used, every status, one page, no sort).
   * Query and sort are ignored for it.
   */
  readonly hashes?: readonly string[];
}

/** Equal keys mean identical requests (and the same cached list). */
export function listKey(spec: ListSpec): string {
  const statsPeriod = spec.statsPeriod ?? DEFAULT_STATS_PERIOD;
  if (spec.hashes) return JSON.stringify(['hashes', spec.org, spec.project, spec.hashes.slice(0, MAX_HASHES), statsPeriod]);
  const base = [spec.org, spec.project, spec.query ?? null, statsPeriod, spec.sort ?? DEFAULT_SORT];
  // Only what is set joins the key, so a plain project list keeps the key it always had.
  const envs = spec.environments?.length ? [...spec.environments].sort() : undefined;
  const projects = spec.projects?.length ? [...spec.projects] : undefined;
  if (!envs && !spec.window && !projects) return JSON.stringify(base);
  return JSON.stringify([...base, { projects: projects ?? null, environments: envs ?? null, window: spec.window ?? null }]);
}

/** The projects a list shows. */
export function projectsOf(spec: ListSpec): readonly string[] {
  return spec.projects?.length ? spec.projects : [spec.project];
}

/** A list of several projects: one request, grouped by project when shown. */
export function combinedSpec(base: Omit<ListSpec, 'project' | 'projects'>, projects: readonly string[]): ListSpec {
  return projects.length === 1 ? { ...base, project: projects[0] } : { ...base, project: projects.join(','), projects: [...projects] };
}

/** The query whose statuses a list shows: a hashes search finds every status. */
export function effectiveQuery(spec: ListSpec): string | undefined {
  return spec.hashes ? '' : spec.query;
}
