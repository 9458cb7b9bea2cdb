/**
 * One open file's search for its issues (`stack.filename:"*a/b.ts"` with the view's filters), page
 * after page, and what a refusal of it means: the view's own query refused (no marks until it
 * changes), or the search by file name refused (the listed issues' latest events from then on).
 * Also the listed issues a server without that search is located from, and the newest lastSeen a
 * later search asks from. Run by ./markFinder.ts. No `vscode` import.
 */
import type { SentryClient } from '../../api/client';
import type { Issue } from '../../model/issue/schema';
import { errorKind } from '../../contracts/errors';
import type { IssueRef } from '../../contracts/issueRef';
import type { IssueEndpoint, IssueQuery } from '../../store/issueSource';
import { fileSearchQuery } from './fileQuery';
import type { FinderLog } from './markPlacer';
import type { FindRequest, IssueFields, MarkScope } from './markFinderTypes';

/** Pages of a file's search read (100 issues each): every issue of a busy file, within reason. */
const MAX_PAGES_PER_FILE = 5;
const MAX_ISSUES = 300;

/** What a file's search reads and writes of its finder. */
export interface FileSearchContext {
  readonly store: IssueFields;
  readonly log: FinderLog;
  /** Counts one search request. */
  counted(): void;
  /** The views' queries the server refused, said once each. */
  readonly refusedQueries: Set<string>;
  /** Servers that refused the search by file name: located from the listed issues. */
  readonly listedOnly: Set<string>;
}

/**
 * One file's search, page after page (only issues last seen at or after `seenSince` when given):
 * its issues (stored) and the pages read, the failure when it read nothing, 'refused' on a 400.
 */
export async function searchFile(
  ctx: FileSearchContext,
  client: SentryClient,
  scope: MarkScope,
  term: string,
  seenSince?: string,
): Promise<{ issues: Issue[]; pages: number; cut: boolean } | 'refused' | { failed: unknown; viewRefused?: boolean }> {
  const since = ctx.store.checkpoint();
  const query = {
    org: scope.org,
    projects: scope.projects,
    query: fileSearchQuery(scope.query, term) + (seenSince ? ` lastSeen:>=${seenSince}` : ''),
    statsPeriod: scope.statsPeriod,
    environments: scope.environments,
    window: scope.window,
    limit: 100,
  };
  const found: Issue[] = [];
  let pages = 0;
  let cut = false;
  try {
    let from: { cursor: string; endpoint: IssueEndpoint } | undefined;
    for (let n = 0; n < MAX_PAGES_PER_FILE; n++) {
      ctx.counted();
      const page = await ctx.store.source.page(client, query, from);
      pages++;
      // The server's endpoint changed under a cursor: the first page again, not a duplicate.
      if (page.restarted) found.length = 0;
      found.push(...page.items);
      if (!page.nextCursor) break;
      from = { cursor: page.nextCursor, endpoint: page.endpoint };
    }
  } catch (err) {
    // The view's own query may be what was refused (a typo in a custom search): only a server that
    // takes the same query without the file's term refuses the search by stack file name.
    if (errorKind(err) === 'badRequest') {
      if (!(await takesViewQuery(ctx, client, viewQuery(scope)))) {
        if (!ctx.refusedQueries.has(scope.query ?? '')) {
          ctx.refusedQueries.add(scope.query ?? '');
          ctx.log.warn(`[editor] the server refused the Issues view's search (${(err as Error).message}): no marks until the filter changes or the server takes it again`);
        }
        return { failed: err, viewRefused: true };
      }
      ctx.listedOnly.add(client.baseUrl);
      ctx.log.warn(`[editor] ${client.baseUrl} refused the search by stack file name (${(err as Error).message}); marks come from the latest events of the listed issues on this server from now on`);
      return 'refused';
    }
    // While a 429's reset is pending the client sends nothing: not worth a warning per file.
    const message = `[editor] could not search the issues of ${term}: ${(err as Error).message}`;
    if (errorKind(err) === 'rateLimited') ctx.log.debug(message);
    else ctx.log.warn(message);
    // Pages read before the failure still count; the next refresh reads the search whole.
    if (found.length === 0) return { failed: err };
    cut = true;
  }
  ctx.store.upsert(scope.org, found, since);
  return { issues: found, pages, cut };
}

/** Whether the server answers the view's query alone (one issue): a probe after a 400 on a file's search. */
export async function takesViewQuery(ctx: FileSearchContext, client: SentryClient, query: IssueQuery): Promise<boolean> {
  try {
    ctx.counted();
    await ctx.store.source.page(client, query);
    return true;
  } catch {
    return false;
  }
}

/**
 * The listed issues, plus those placed before that left the list through a change still waiting
 * for the server (resolved optimistically): they keep their place, not drawn while the change
 * shows (see `isMarked`), so a rollback draws them again at once, without locating them anew.
 */
export function listedIds(req: FindRequest, pendingFor: IssueFields['pendingFor']): IssueRef[] {
  const listed = req.listed().slice(0, MAX_ISSUES);
  const ids = new Set(listed.map((r) => r.issueId));
  const kept: IssueRef[] = [];
  for (const marks of req.previous.values()) {
    for (const m of marks) {
      if (ids.has(m.issueId) || pendingFor(m.issueId).length === 0) continue;
      ids.add(m.issueId);
      kept.push({ org: m.org, project: m.project, issueId: m.issueId });
    }
  }
  return [...listed, ...kept];
}

/** The view's own query alone (one issue): the probe of whether a server takes it. */
export function viewQuery(scope: MarkScope): IssueQuery {
  return { org: scope.org, projects: scope.projects, query: scope.query, statsPeriod: scope.statsPeriod, environments: scope.environments, window: scope.window, limit: 1 };
}

/** An ISO date as servers send lastSeen; anything else never reaches a search query. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
/**
 * What Sentry's search grammar takes after `lastSeen:>=` (event_search.py's iso_8601_date_format):
 * seconds, at most 6 digits of fraction, `Z` or `±hh:mm`. Anything else is a 400 there.
 */
const SEARCHABLE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The newest of a lastSeen and the issues' (ISO dates of the server; others are ignored), as the
 * server wrote it when the search grammar takes it, else the same instant to the millisecond
 * (rounded down, so the `>=` search still finds that issue).
 */
export function newestOf(known: string | undefined, issues: readonly Pick<Issue, 'lastSeen'>[]): string | undefined {
  let best = known;
  for (const { lastSeen } of issues) {
    // null: the server has no seen stats of the issue, nothing to go by.
    if (lastSeen === null || !ISO_DATE.test(lastSeen) || Number.isNaN(Date.parse(lastSeen))) continue;
    if (best === undefined || Date.parse(lastSeen) > Date.parse(best)) best = lastSeen;
  }
  return best === undefined || SEARCHABLE_DATE.test(best) ? best : new Date(Date.parse(best)).toISOString();
}
