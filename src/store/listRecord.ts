/**
 * One cached list of the IssueStore: the record it keeps (ids, cursor, counts, state), the request
 * for one of its pages and the frozen snapshot views read of it. Apart from the store so that the
 * store's file holds its public face and its loading rules, not the shape of a list.
 */
import type { SentryClient } from '../api/client';
import type { Issue } from '../model/issue/schema';
import type { IssueEndpoint, IssueListPage, IssueSource, ProjectHits } from './issueSource';
import type { IssueListView } from './issueStore';
import type { ProjectTotal } from './projectTotals';
import { PAGE_SIZE, effectiveQuery, listKey, projectsOf, type ListSpec } from './listSpec';
import { mayMatch } from './queryMatch';

export interface ListRecord {
  readonly key: string;
  readonly spec: ListSpec;
  ids: string[];
  nextCursor?: string;
  /** The endpoint that gave nextCursor. */
  endpoint?: IssueEndpoint;
  serverHits?: number;
  maxHits?: number;
  /** A list of several projects: each one's X-Hits, when known (./projectTotals.ts). */
  projectHits?: Readonly<Record<string, ProjectHits>>;
  loading: boolean;
  error?: unknown;
  loadedAt?: number;
  failedAt?: number;
  droppedHashes?: number;
  /** The snapshot views read; dropped on every change of the record or of one of its issues. */
  view?: IssueListView;
}

/** The first page of `rec` (`cursor` undefined) or the page at `cursor`. */
export async function fetchListPage(client: SentryClient, source: IssueSource, rec: ListRecord, cursor: string | undefined): Promise<IssueListPage & { droppedHashes?: number }> {
  const { spec } = rec;
  const { org, project } = spec;
  // Hashes are a parameter of the project endpoint only.
  if (spec.hashes)
    return { ...(await client.listProjectIssues(org, project, { hashes: spec.hashes, statsPeriod: spec.statsPeriod, limit: PAGE_SIZE })), endpoint: 'project' as const, restarted: false };
  return source.page(
    client,
    {
      org,
      projects: projectsOf(spec),
      query: spec.query,
      statsPeriod: spec.statsPeriod,
      sort: spec.sort,
      shortIdLookup: spec.shortIdLookup ? true : undefined,
      environments: spec.environments,
      window: spec.window,
      limit: PAGE_SIZE,
    },
    cursor !== undefined && rec.endpoint ? { cursor, endpoint: rec.endpoint } : undefined,
  );
}

/**
 * What views read of `rec`, cached on it until dropped: its issues as they show now, less those a
 * local change took out of its query (counted in `hidden`).
 */
export function listViewOf(rec: ListRecord, issueOf: (id: string) => Issue | undefined, me: () => string | undefined): IssueListView {
  if (rec.view) return rec.view;
  const query = effectiveQuery(rec.spec);
  const user = me();
  const issues: Issue[] = [];
  let hidden = 0;
  const hiddenIn = new Map<string, number>();
  for (const id of rec.ids) {
    const issue = issueOf(id);
    if (!issue) continue;
    if (mayMatch(issue, query, user)) issues.push(issue);
    else {
      hidden++;
      hiddenIn.set(issue.project.slug, (hiddenIn.get(issue.project.slug) ?? 0) + 1);
    }
  }
  rec.view = Object.freeze({
    key: rec.key,
    spec: rec.spec,
    org: rec.spec.org,
    project: rec.spec.project,
    issues: Object.freeze(issues),
    hidden,
    nextCursor: rec.nextCursor,
    hits: rec.serverHits === undefined ? undefined : Math.max(0, rec.serverHits - hidden),
    serverHits: rec.serverHits,
    maxHits: rec.maxHits,
    projectTotals: rec.projectHits && projectTotalsOf(rec.projectHits, (p) => hiddenIn.get(p) ?? 0),
    loading: rec.loading,
    error: rec.error,
    loadedAt: rec.loadedAt,
    failedAt: rec.failedAt,
    droppedHashes: rec.droppedHashes,
  });
  return rec.view;
}

/** A view of an answer the store does not keep (made before clear(), or after dispose). */
export function detachedView(spec: ListSpec, issues: readonly Issue[], more: Partial<IssueListView>): IssueListView {
  return Object.freeze({ key: listKey(spec), spec, org: spec.org, project: spec.project, issues: Object.freeze([...issues]), hidden: 0, hits: more.serverHits, loading: false, ...more });
}

/** Each project's total less its issues a local change hid; a capped X-Hits stays "at least". */
function projectTotalsOf(hits: Readonly<Record<string, ProjectHits>>, hidden: (project: string) => number): Readonly<Record<string, ProjectTotal>> {
  return Object.fromEntries(Object.entries(hits).map(([project, h]) => [project, { hits: Math.max(0, h.hits - hidden(project)), atLeast: h.maxHits !== undefined && h.hits >= h.maxHits }]));
}
