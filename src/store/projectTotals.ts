/**
 * Each project's total in a list of several projects. The organization issues endpoint answers one
 * X-Hits for the whole query (every chosen project), so a project row could only count its loaded
 * issues ("90+") while the status bar said "1,000+". A project's own total is one `limit=1` page of
 * the same query on the same endpoint for that project alone, without stats, read for its X-Hits;
 * the last project's is the list's total less the others' when the list's total is exact (below
 * X-Max-Hits). So a refresh of a list of N projects that has more than one page costs N−1 requests
 * (N when its total is capped), and none when the list fits one page (its rows count exactly) or
 * when the deprecated project endpoint answered (it is asked per project and said each total).
 *
 * Sentry's `GET /organizations/{org}/issues-count/?query=…` is not cheaper: it counts per query over
 * all the projects asked (so still one request per project), caps every count at 100, and is not a
 * published endpoint. Pure: no `vscode` import.
 */
import type { SentryClient } from '../api/client';
import type { RateLimitInfo } from '../api/rateLimit';
import type { Issue } from '../model/issue/schema';
import type { IssueListPage, IssueSource, ProjectHits } from './issueSource';
import type { ListSpec } from './listSpec';

/** One project's issues matching a list's query, as a view shows it: X-Hits less those a local change hid. */
export interface ProjectTotal {
  readonly hits: number;
  /** The server's count reached X-Max-Hits: "1,000+". */
  readonly atLeast: boolean;
}

/**
 * The totals of each project of `spec` (a list of several projects), given its first `page`;
 * undefined when the list needs none or no server answer told any. A failed count leaves its project
 * out (its row falls back to its loaded count): the list itself already answered.
 */
export async function projectTotals(
  client: SentryClient,
  source: IssueSource,
  spec: ListSpec,
  page: Pick<IssueListPage, 'items' | 'nextCursor' | 'hits' | 'maxHits' | 'projectHits'>,
  noteRateLimit: (info: RateLimitInfo | undefined) => void,
): Promise<Readonly<Record<string, ProjectHits>> | undefined> {
  const projects = spec.projects ?? [];
  if (projects.length < 2 || spec.hashes || !page.nextCursor) return undefined;
  if (page.projectHits) return page.projectHits;
  const exact = page.hits !== undefined && (page.maxHits === undefined || page.hits < page.maxHits);
  const last = projects[projects.length - 1];
  const asked = exact ? projects.slice(0, -1) : projects;
  const counts = await Promise.all(
    asked.map(async (project): Promise<ProjectHits | undefined> => {
      try {
        const one = await source.page(client, {
          org: spec.org,
          projects: [project],
          query: spec.query,
          environments: spec.environments,
          window: spec.window,
          statsPeriod: '',
          limit: 1,
        });
        noteRateLimit(one.rateLimit);
        return one.hits === undefined ? undefined : { hits: one.hits, maxHits: one.maxHits };
      } catch {
        return undefined;
      }
    }),
  );
  const totals: Record<string, ProjectHits> = {};
  asked.forEach((project, i) => {
    const c = counts[i];
    if (c) totals[project] = c;
  });
  if (exact && counts.every((c) => c !== undefined)) {
    const others = counts.reduce((n, c) => n + c!.hits, 0);
    // The counts were asked a moment after the list: never fewer than the issues already listed.
    totals[last] = { hits: Math.max(page.hits! - others, loadedIn(page.items, projects, last)), maxHits: page.maxHits };
  }
  return Object.keys(totals).length ? totals : undefined;
}

/** How many of `items` the tree shows under `project` (issues of no chosen project go under the first). */
function loadedIn(items: readonly Issue[], projects: readonly string[], project: string): number {
  return items.filter((i) => (projects.includes(i.project.slug) ? i.project.slug : projects[0]) === project).length;
}
