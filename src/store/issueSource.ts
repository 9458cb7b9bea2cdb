/**
 * Which of Sentry's two issue list endpoints a server answers, and one page of issues through it.
 * The organization endpoint (GET /api/0/organizations/{org}/issues/) is the default: it lists several
 * projects in one request and filters by environment and time window. Old self-hosted servers lack
 * it (404), so they are asked through the deprecated project endpoint, which in turn may answer 410
 * during Sentry's deprecation brown-outs; then the organization endpoint is asked again.
 * Pure: no `vscode` import.
 */
import type { SentryClient } from '../api/client';
import type { IssueSort, ProjectIssuesStatsPeriod } from '../api/listParams';
import type { Page } from '../api/paging';
import type { Issue } from '../model/issue/schema';
import { UnknownProjectError } from '../api/projectIds';
import { errorKind } from '../contracts/errors';
import { isoSeconds } from '../format/time';
import { isResourceNotFound, unknownEnvironmentError } from './unknownEnvironment';

export type IssueEndpoint = 'organization' | 'project';

/** The time window searched: a relative period (`7d`) or absolute ISO dates; without an end, up to the time of each request. */
export type TimeWindow = { readonly period: string } | { readonly start: string; readonly end?: string };

/** What a list asks for, whichever endpoint answers it. */
export interface IssueQuery {
  readonly org: string;
  /** Project slugs (one request for all of them on the organization endpoint). */
  readonly projects: readonly string[];
  /** Left out: the server's default `is:unresolved`. Empty string: every status. */
  readonly query?: string;
  /** The period of each issue's sparkline stats: `24h` (default), `14d`, `''` for none. */
  readonly statsPeriod?: ProjectIssuesStatsPeriod;
  readonly sort?: IssueSort;
  readonly shortIdLookup?: boolean;
  readonly environments?: readonly string[];
  /** Left out: the server's default window (every issue on the project endpoint, 90 days on sentry.io's organization endpoint). */
  readonly window?: TimeWindow;
  readonly limit?: number;
  /**
   * A short-ID lookup: the organization endpoint is asked without `project` (the ID names its own;
   * a guessed project that does not exist would be a 403), the project endpoint through `projects`.
   */
  readonly anyProject?: boolean;
}

/** One project's X-Hits and X-Max-Hits. */
export interface ProjectHits {
  readonly hits: number;
  readonly maxHits?: number;
}

export interface IssueListPage extends Page<Issue> {
  /** The endpoint that answered: a cursor is valid only on it. */
  readonly endpoint: IssueEndpoint;
  /** Each project's total, when the page was asked per project (the project endpoint's first page of several). */
  readonly projectHits?: Readonly<Record<string, ProjectHits>>;
  /** A cursor was given but could not be used (the server's endpoint changed): this is a first page. */
  readonly restarted?: boolean;
}

/** An endpoint that answered, and when (epoch ms; unknown for what earlier versions stored). */
export interface RememberedEndpoint {
  readonly endpoint: IssueEndpoint;
  readonly at?: number;
}

/** Per server base URL, the endpoint that answered last. */
export interface EndpointMemory {
  get(baseUrl: string): RememberedEndpoint | undefined;
  set(baseUrl: string, endpoint: IssueEndpoint, at: number): void;
}

/** How long a server is listed through the project endpoint before the organization endpoint is asked again (the server may have been upgraded). */
export const ENDPOINT_RETEST_MS = 24 * 3_600_000;

/** An in-memory EndpointMemory that tells `persist` of every change (the extension keeps it in global state). */
export class MapEndpointMemory implements EndpointMemory {
  private readonly map: Map<string, RememberedEndpoint>;

  /** `initial` as `persist` was given it, or as earlier versions stored it (the endpoint's name alone). */
  constructor(
    initial: Readonly<Record<string, unknown>> = {},
    private readonly persist?: (all: Record<string, RememberedEndpoint>) => void,
  ) {
    this.map = new Map(Object.entries(initial).flatMap(([url, v]) => (isEndpoint(v) ? [[url, { endpoint: v }]] : isRemembered(v) ? [[url, { endpoint: v.endpoint, at: v.at }]] : [])));
  }

  get(baseUrl: string): RememberedEndpoint | undefined {
    return this.map.get(baseUrl);
  }

  set(baseUrl: string, endpoint: IssueEndpoint, at: number): void {
    const was = this.map.get(baseUrl);
    // The organization endpoint is kept without a time: only the project endpoint is asked again later.
    if (was?.endpoint === endpoint && (endpoint === 'organization' || was.at === at)) return;
    this.map.set(baseUrl, endpoint === 'project' ? { endpoint, at } : { endpoint });
    this.persist?.(Object.fromEntries(this.map));
  }
}

function isEndpoint(v: unknown): v is IssueEndpoint {
  return v === 'organization' || v === 'project';
}

function isRemembered(v: unknown): v is RememberedEndpoint {
  if (typeof v !== 'object' || v === null) return false;
  const { endpoint, at } = v as { endpoint?: unknown; at?: unknown };
  return isEndpoint(endpoint) && (at === undefined || (typeof at === 'number' && Number.isFinite(at)));
}

const MULTI_CURSOR = 'multi:';

type PerProjectPage = Page<Issue> & { readonly projectHits?: Readonly<Record<string, ProjectHits>> };

export class IssueSource {
  /** Servers whose organization endpoint is being asked again: the lists meanwhile stay on the project one. */
  private readonly retesting = new Set<string>();

  constructor(
    readonly memory: EndpointMemory = new MapEndpointMemory(),
    private readonly log: (message: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The endpoint a server is asked through now. */
  endpointFor(client: Pick<SentryClient, 'baseUrl'>): IssueEndpoint {
    return this.memory.get(client.baseUrl)?.endpoint ?? 'organization';
  }

  /**
   * One page: the first, or the one after `from.cursor` (taken from a page `from.endpoint` answered).
   * A 404 of the organization endpoint or a 410 of the project endpoint is asked again through the
   * other one; only an endpoint that answered is remembered. Other failures are thrown.
   */
  async page(client: SentryClient, q: IssueQuery, from?: { cursor: string; endpoint: IssueEndpoint }, signal?: AbortSignal): Promise<IssueListPage> {
    const now = this.now();
    q = withEnd(q, now);
    const retest = from === undefined && this.retestDue(client.baseUrl, now);
    const endpoint = retest ? 'organization' : this.endpointFor(client);
    // A cursor of the other endpoint means nothing here: start again.
    const cursor = from && from.endpoint === endpoint ? from.cursor : undefined;
    const restarted = from !== undefined && cursor === undefined;
    if (retest) this.retesting.add(client.baseUrl);
    try {
      const page = await this.via(endpoint, client, q, cursor, signal);
      if (retest) {
        this.memory.set(client.baseUrl, endpoint, now);
        this.log(`[issues] ${client.baseUrl} answers the organization issues endpoint now: listing through it again`);
      }
      return { ...page, endpoint, restarted };
    } catch (err) {
      // An environment the organization lacks is no reason to change endpoints: the user's filter is.
      const unknown = endpoint === 'organization' ? await unknownEnvironmentError(client, q.org, q.environments ?? [], err, signal) : undefined;
      if (unknown) throw unknown;
      // On a day's retest, whatever failed, the project endpoint still answers as before.
      const other = retest ? 'project' : fallbackOf(endpoint, err);
      if (!other) throw err;
      const page = await this.via(other, client, q, undefined, signal);
      this.memory.set(client.baseUrl, other, now);
      this.log(
        other === 'project'
          ? `[issues] ${client.baseUrl} has no organization issues endpoint (${errorKind(err) === 'notFound' ? '404' : (err as Error).message}): listing issues per project through the deprecated project endpoint`
          : `[issues] ${client.baseUrl} answered 410 Gone on the deprecated project issues endpoint: listing through the organization issues endpoint again`,
      );
      return { ...page, endpoint: other, restarted: from !== undefined };
    } finally {
      if (retest) this.retesting.delete(client.baseUrl);
    }
  }

  /** The project endpoint was remembered a day ago (or at an unknown time) and no other list is asking already. */
  private retestDue(baseUrl: string, now: number): boolean {
    const r = this.memory.get(baseUrl);
    return r?.endpoint === 'project' && !this.retesting.has(baseUrl) && (r.at === undefined || now - r.at >= ENDPOINT_RETEST_MS);
  }

  private via(endpoint: IssueEndpoint, client: SentryClient, q: IssueQuery, cursor: string | undefined, signal?: AbortSignal): Promise<PerProjectPage> {
    return endpoint === 'organization' ? this.viaOrganization(client, q, cursor, signal) : this.viaProjects(client, q, cursor, signal);
  }

  private viaOrganization(client: SentryClient, q: IssueQuery, cursor: string | undefined, signal?: AbortSignal): Promise<Page<Issue>> {
    const w = q.window;
    return client.listOrganizationIssues(
      q.org,
      {
        project: q.anyProject ? undefined : q.projects,
        environment: q.environments,
        statsPeriod: w && 'period' in w ? w.period : undefined,
        start: w && 'start' in w ? w.start : undefined,
        end: w && 'end' in w ? w.end : undefined,
        groupStatsPeriod: q.statsPeriod,
        shortIdLookup: q.shortIdLookup,
        query: q.query,
        sort: q.sort,
        limit: q.limit,
        cursor,
      },
      signal,
    );
  }

  /**
   * The project endpoint takes one project and no environment or window: those become search terms,
   * and several projects are one request each, their cursors kept together in one cursor string.
   */
  private async viaProjects(client: SentryClient, q: IssueQuery, cursor: string | undefined, signal?: AbortSignal): Promise<PerProjectPage> {
    const query = projectQuery(q);
    const one = (project: string, c: string | undefined) =>
      client.listProjectIssues(q.org, project, { query, statsPeriod: q.statsPeriod, sort: q.sort, shortIdLookup: q.shortIdLookup, limit: q.limit, cursor: c }, signal);
    if (q.projects.length === 1) return one(q.projects[0], cursor);
    const cursors = cursor ? decodeMulti(cursor) : Object.fromEntries(q.projects.map((p) => [p, undefined]));
    const wanted = q.projects.filter((p) => p in cursors);
    const pages = await Promise.all(wanted.map((p) => one(p, cursors[p])));
    const next: Record<string, string> = {};
    wanted.forEach((p, i) => {
      const c = pages[i].nextCursor;
      if (c) next[p] = c;
    });
    const known = pages.every((p) => p.hits !== undefined);
    return {
      items: pages.flatMap((p) => p.items),
      nextCursor: Object.keys(next).length ? MULTI_CURSOR + JSON.stringify(next) : undefined,
      hits: known && !cursor ? pages.reduce((n, p) => n + (p.hits ?? 0), 0) : undefined,
      // Each project was asked on its own: its total comes free.
      projectHits: known && !cursor ? Object.fromEntries(wanted.map((p, i) => [p, { hits: pages[i].hits!, maxHits: pages[i].maxHits }])) : undefined,
      maxHits: pages.reduce<number | undefined>((m, p) => (p.maxHits === undefined ? m : Math.max(m ?? 0, p.maxHits)), undefined),
      rateLimit: pages.map((p) => p.rateLimit).find(Boolean),
    };
  }
}

/** An open-ended window ends now (the organization endpoint takes start and end only together). */
function withEnd(q: IssueQuery, now: number): IssueQuery {
  const w = q.window;
  if (!w || 'period' in w || w.end !== undefined) return q;
  return { ...q, window: { start: w.start, end: isoSeconds(now) } };
}

/**
/**
 * A 404 on the organization endpoint with no `detail` (Sentry's catch-all: a route the server lacks):
 * an old server; 410 on the project endpoint: a brown-out. A 404 with a detail came from the
 * endpoint itself (an organization or environment it does not have): the other endpoint would not
 * help. A project the organization does not have is neither (no issue list was asked).
 */
function fallbackOf(endpoint: IssueEndpoint, err: unknown): IssueEndpoint | undefined {
  const kind = errorKind(err);
  if (endpoint === 'organization' && kind === 'notFound' && !isResourceNotFound(err) && !(err instanceof UnknownProjectError)) return 'project';
  if (endpoint === 'project' && kind === 'gone') return 'organization';
  return undefined;
}

/** The query the project endpoint is sent: environments and the window as search terms. */
export function projectQuery(q: IssueQuery): string | undefined {
  const terms: string[] = [];
  const envs = q.environments ?? [];
  if (envs.length === 1) terms.push(`environment:${quoteValue(envs[0])}`);
  else if (envs.length > 1) terms.push(`environment:[${envs.map(quoteValue).join(',')}]`);
  const w = q.window;
  if (w && 'period' in w) terms.push(`lastSeen:-${w.period}`);
  else if (w) terms.push(`lastSeen:>=${w.start}`, ...(w.end === undefined ? [] : [`firstSeen:<=${w.end}`]));
  if (terms.length === 0) return q.query;
  // The server's default applies only while no query is sent: say it when adding terms.
  return [q.query === undefined ? 'is:unresolved' : q.query, ...terms].filter(Boolean).join(' ');
}

/** A search value, quoted when it holds a space, quote, comma or bracket. */
export function quoteValue(value: string): string {
  return /^[^\s",[\]()]+$/.test(value) ? value : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function decodeMulti(cursor: string): Record<string, string | undefined> {
  if (!cursor.startsWith(MULTI_CURSOR)) return {};
  try {
    const parsed: unknown = JSON.parse(cursor.slice(MULTI_CURSOR.length));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    return {};
  }
}
