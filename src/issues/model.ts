/**
 * The issues of the chosen projects: paged, cached per (project, query, period, sort), refreshed on
 * demand. Pure: takes a client getter, knows nothing of trees. Showing a cached list costs no request.
 */
import type { SentryClient } from '../api/client';
import type { Issue } from '../api/schemas';
import type { RateLimitInfo } from '../api/rateLimit';
import { Emitter } from '../util/emitter';
import { cacheKey, toParams, type IssueFilter } from './filter';
import { SignedOutError } from '../contracts/errors';

/** The one SignedOutError (src/contracts/errors.ts), still imported from here by src/events until it moves. */
export { SignedOutError };

export const PAGE_SIZE = 100;

export interface IssueList {
  org: string;
  project: string;
  filter: IssueFilter;
  issues: Issue[];
  nextCursor?: string;
  /** X-Hits: the total the server knows of, when it says. */
  hits?: number;
  /** X-Max-Hits: the cap of X-Hits; a total equal to it means "at least". */
  maxHits?: number;
  loading: boolean;
  error?: unknown;
  /** When the last page arrived (epoch ms). */
  loadedAt?: number;
  /** When the last request for this list failed (epoch ms): the error counts as its latest answer. */
  failedAt?: number;
  /** Set for a hashes search that had more than 100 hashes. */
  droppedHashes?: number;
}

export type ClientGetter = () => Promise<SentryClient | undefined>;

export class IssuesModel {
  private readonly lists = new Map<string, IssueList>();
  private readonly inflight = new Map<string, Promise<IssueList>>();
  /** Bumped by clear(): answers to requests made before it are dropped, not cached. */
  private generation = 0;
  private readonly changed = new Emitter<IssueList>();
  readonly onDidChange = this.changed.event;
  /** The latest rate-limit headers seen, so background refresh can slow down. */
  lastRateLimit?: RateLimitInfo;

  constructor(
    private readonly getClient: ClientGetter,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached list, if any; never a request. */
  peek(org: string, project: string, filter: IssueFilter): IssueList | undefined {
    return this.lists.get(cacheKey(org, project, filter));
  }

  /**
   * The first page: from the cache unless `force`. Errors are kept on the list, not thrown, and a
   * failed list is cached like any other: every answer fires onDidChange, a view re-renders and
   * loads again, so refetching failed lists here would turn one error into a request loop. Only the
   * user (Retry, Refresh) or the next scheduled refresh asks again, both with `force`.
   */
  load(org: string, project: string, filter: IssueFilter, force = false): Promise<IssueList> {
    const key = cacheKey(org, project, filter);
    const running = this.inflight.get(key);
    if (running) return running;
    const cached = this.lists.get(key);
    if (cached && !force) return Promise.resolve(cached);
    return this.single(key, async () => {
      const list: IssueList = { org, project, filter, issues: cached?.issues ?? [], loading: true, hits: cached?.hits };
      this.lists.set(key, list);
      return this.fetchInto(key, list, undefined, true);
    });
  }

  /** The next page, appended. */
  loadMore(org: string, project: string, filter: IssueFilter): Promise<IssueList> {
    const key = cacheKey(org, project, filter);
    const list = this.lists.get(key);
    if (!list?.nextCursor) return this.load(org, project, filter);
    return this.single(key, async () => {
      const loading = { ...list, loading: true, error: undefined };
      this.lists.set(key, loading);
      return this.fetchInto(key, loading, list.nextCursor, false);
    });
  }

  /** Forgets every cached list and every answer still on its way (e.g. after sign-out). */
  clear(): void {
    this.generation++;
    this.lists.clear();
    this.inflight.clear();
  }

  /**
   * Every cached list whose latest answer (its first page or its latest failure) is older than
   * `maxAgeMs`. A rate-limited list stays fresh until the server's reset, however long that is.
   */
  stale(maxAgeMs: number): IssueList[] {
    const now = this.now();
    return [...this.lists.values()].filter((l) => {
      if (l.loading) return false;
      const resetAt = rateLimitResetOf(l.error);
      if (resetAt !== undefined && now < resetAt) return false;
      return Math.max(l.loadedAt ?? 0, l.failedAt ?? 0) + maxAgeMs <= now;
    });
  }

  /** Issues by group hashes; only the first 100 are used (spec section 8). Not cached. */
  async findByHashes(org: string, project: string, hashes: readonly string[], filter: IssueFilter): Promise<IssueList> {
    const client = await this.requireClient();
    const page = await client.listProjectIssues(org, project, { hashes, statsPeriod: filter.statsPeriod, limit: PAGE_SIZE });
    this.lastRateLimit = page.rateLimit ?? this.lastRateLimit;
    return { org, project, filter, issues: page.items, loading: false, loadedAt: this.now(), droppedHashes: page.droppedHashes };
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async fetchInto(key: string, list: IssueList, cursor: string | undefined, replace: boolean): Promise<IssueList> {
    const generation = this.generation;
    let next: IssueList;
    try {
      const client = await this.requireClient();
      const page = await client.listProjectIssues(list.org, list.project, { ...toParams(list.filter), cursor, limit: PAGE_SIZE });
      this.lastRateLimit = page.rateLimit ?? this.lastRateLimit;
      next = {
        ...list,
        issues: replace ? page.items : dedupe([...list.issues, ...page.items]),
        nextCursor: page.nextCursor,
        hits: page.hits ?? list.hits,
        maxHits: page.maxHits ?? list.maxHits,
        loading: false,
        error: undefined,
        loadedAt: replace ? this.now() : (list.loadedAt ?? this.now()),
      };
    } catch (error) {
      next = { ...list, loading: false, error, failedAt: this.now() };
    }
    // Made for another session or selection: the caller still gets it, the cache does not.
    if (generation === this.generation) this.set(key, next);
    return next;
  }

  private async requireClient(): Promise<SentryClient> {
    const client = await this.getClient();
    if (!client) throw new SignedOutError();
    return client;
  }

  private single(key: string, work: () => Promise<IssueList>): Promise<IssueList> {
    const running = this.inflight.get(key);
    if (running) return running;
    const p = work().finally(() => {
      if (this.inflight.get(key) === p) this.inflight.delete(key);
    });
    this.inflight.set(key, p);
    return p;
  }

  private set(key: string, list: IssueList): void {
    this.lists.set(key, list);
    this.changed.fire(list);
  }
}

/** The reset time of a 429 kept on a list, when the server named one. */
function rateLimitResetOf(error: unknown): number | undefined {
  const e = error as { kind?: unknown; resetAt?: unknown } | undefined;
  return e?.kind === 'rateLimited' && typeof e.resetAt === 'number' && Number.isFinite(e.resetAt) ? e.resetAt : undefined;
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}
