/**
 * The one issue store every view reads (the tree, the status bar, the events panel's header, the
 * editor marks and hovers, AI tools, triage), so a change to an issue shows everywhere at once.
 * Lists (per ListSpec) hold issue ids, never copies; the issues and their optimistic patches are in
 * ./issueTable.ts. One change event names the changed issue ids and list keys. Pure: no `vscode`.
 */
import type { SentryClient } from '../api/client';
import type { Issue } from '../model/issue/schema';
import { SignedOutError, rateLimitResetOf } from '../contracts/errors';
import { refOfIssue, type IssueRef } from '../contracts/issueRef';
import { Disposable } from '../util/disposable';
import { Emitter } from '../util/emitter';
import { IssueSource } from './issueSource';
import { detachedView, fetchListPage, listViewOf, type ListRecord } from './listRecord';
import { listKey, type ListSpec } from './listSpec';
import { projectTotals, type ProjectTotal } from './projectTotals';
import { IssueTable } from './issueTable';
import type { IssuePatch, PatchHandle } from './patches';
import { RefreshBudget } from './refreshBudget';
import { EventTextMemory } from './eventText';
import type { RefreshState } from './refreshPolicy';

export type ClientGetter = () => Promise<SentryClient | undefined>;

/** What changed: issue ids whose fields changed, list keys whose contents or state changed. */
export interface StoreChange {
  readonly issues: readonly string[];
  readonly lists: readonly string[];
}

/**
 * A list as views read it: a snapshot, replaced (never mutated) on every change. An issue a local
 * change took out of the list's query (resolved under `is:unresolved`) leaves `issues` but stays in
 * the store; one that newly matches joins only at the next load (its place is the server's to say).
 */
export interface IssueListView {
  readonly key: string;
  readonly spec: ListSpec;
  readonly org: string;
  readonly project: string;
  /** In the server's order, as the store knows them now (pending patches applied), minus those a local change took out of the query. */
  readonly issues: readonly Issue[];
  /** How many listed issues a local change took out of this list's query (they stay in the store). */
  readonly hidden: number;
  /** Cursor of the next page; undefined when there is none. */
  readonly nextCursor?: string;
  /** X-Hits less `hidden`: the count to show. */
  readonly hits?: number;
  /** X-Hits as the server sent it. */
  readonly serverHits?: number;
  /** X-Max-Hits: a count equal to it means "at least". */
  readonly maxHits?: number;
  /** A list of several projects: each one's total as the server counts it, where known. */
  readonly projectTotals?: Readonly<Record<string, ProjectTotal>>;
  readonly loading: boolean;
  /** The latest request's failure (an ApiError, SignedOutError, ...); kept until the next answer. */
  readonly error?: unknown;
  /** When the first page last arrived (epoch ms). */
  readonly loadedAt?: number;
  /** When the latest request failed (epoch ms): the error counts as the list's latest answer. */
  readonly failedAt?: number;
  /** A hashes search with more than 100 hashes: how many were left out. */
  readonly droppedHashes?: number;
}

export interface IssueStoreOptions {
  /** The signed-in user's id, for lists under `assigned:me`. */
  me?: () => string | undefined;
  /** Which issue list endpoint each server answers (default: a fresh one, remembering nothing across windows). */
  source?: IssueSource;
  /** The background refreshes' rate-limit state (default: a fresh one on the store's clock). */
  budget?: RefreshBudget;
}

const DISPOSED = 'The issue store was disposed.';

export class IssueStore extends Disposable {
  private readonly table = new IssueTable({
    shown: (id) => this.staleViewsOf(id),
    changed: (ids) => this.fireFor(ids, []),
    listed: (id) => (this.listsOf.get(id)?.size ?? 0) > 0,
  });
  private readonly lists = new Map<string, ListRecord>();
  /** Issue id -> keys of the lists that hold it. */
  private readonly listsOf = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Bumped by clear() and dispose(): answers to earlier requests reach their caller but are not cached. */
  private generation = 0;
  private readonly changed = this._register(new Emitter<StoreChange>());
  readonly onDidChange = this.changed.event;
  /**
   * The background refreshes' one rate-limit state: the store reports every list's answer and the
   * rate-limit headers it sees, the editor's searches report theirs, and both timers ask it.
   */
  readonly budget: RefreshBudget;
  /** Which issue list endpoint answers on each server; the editor's per-file searches use the same. */
  readonly source: IssueSource;
  /** The source lines of the full events any feature read: the marks compare them with the editor's. */
  readonly eventText = new EventTextMemory();

  constructor(
    private readonly getClient: ClientGetter,
    private readonly now: () => number = Date.now,
    private readonly options: IssueStoreOptions = {},
  ) {
    super();
    this.source = options.source ?? new IssueSource();
    this.budget = options.budget ?? new RefreshBudget(now);
  }

  /** The budget's state now (read-only: only the budget's methods change it). */
  get refreshState(): Readonly<RefreshState> {
    return this.budget.state;
  }

  // ------------------------------------------------------------------------------------- reading
  /** The issue as views show it (pending patches applied), if the store has seen it. */
  issue(id: string): Issue | undefined {
    return this.table.get(id);
  }

  /** The IssueRef of a known issue (its own project, the org it was loaded in). */
  ref(id: string): IssueRef | undefined {
    const issue = this.table.get(id);
    const org = this.table.orgOf(id);
    return issue && org ? refOfIssue(org, issue) : undefined;
  }

  /** The cached list, if any; never a request. */
  peek(spec: ListSpec): IssueListView | undefined {
    return this.list(listKey(spec));
  }

  /** The cached list by key (as named in a change event). */
  list(key: string): IssueListView | undefined {
    const rec = this.lists.get(key);
    return rec && this.view(rec);
  }

  /** Every cached list. */
  allLists(): IssueListView[] {
    return [...this.lists.values()].map((r) => this.view(r));
  }

  /** Keys of the cached lists that hold `id` (shown or hidden by a local change). */
  listsContaining(id: string): string[] {
    return [...(this.listsOf.get(id) ?? [])];
  }

  /** Patches on `id` still waiting for the server, oldest first. */
  pendingFor(id: string): PatchHandle['seq'][] {
    return this.table.pendingFor(id).map((p) => p.seq);
  }

  /**
   * Resolves once every patch now pending on `id` is settled: a writer that sends its requests
   * one after the other per issue (two actions on one issue are applied in order) awaits this
   * before sending the next.
   */
  whenSettled(id: string): Promise<void> {
    return this.table.whenSettled(id);
  }

  /** A write stamp to pass to `upsert` for issues fetched from now on. */
  checkpoint(): number {
    return this.table.checkpoint();
  }

  /**
   * Every cached list whose latest answer (its first page or its latest failure) is older than
   * `maxAgeMs`. A rate-limited list stays fresh until the server's reset, however long that is.
   */
  stale(maxAgeMs: number): IssueListView[] {
    const now = this.now();
    return [...this.lists.values()]
      .filter((l) => {
        if (l.loading) return false;
        const resetAt = rateLimitResetOf(l.error);
        if (resetAt !== undefined && now < resetAt) return false;
        return Math.max(l.loadedAt ?? 0, l.failedAt ?? 0) + maxAgeMs <= now;
      })
      .map((l) => this.view(l));
  }

  // ------------------------------------------------------------------------------------- loading
  /**
   * The first page: from the cache unless `force`. Errors are kept on the list, never thrown; a
   * failed list stays cached with its error, so a view that re-renders on every change cannot turn
   * one error into a request loop.
   * While a request for the same list runs, its promise is returned (force or not).
   */
  load(spec: ListSpec, force = false): Promise<IssueListView> {
    const key = listKey(spec);
    if (this.isDisposed) return Promise.resolve(detachedView(spec, [], { error: new Error(DISPOSED) }));
    const running = this.inflight.get(key) as Promise<IssueListView> | undefined;
    if (running) return running;
    const cached = this.lists.get(key);
    if (cached && !force) return Promise.resolve(this.view(cached));
    const rec: ListRecord = cached ?? { key, spec, ids: [], loading: true };
    rec.loading = true;
    rec.error = undefined;
    this.lists.set(key, rec);
    this.touchList(rec);
    const p = this.single(key, () => this.fetchInto(rec, undefined, true));
    // After the request is registered: a listener that loads again gets this one.
    this.fire([], [key]);
    return p;
  }

  /** The next page, appended (issues already listed are not repeated). Without a next cursor: load(). */
  loadMore(spec: ListSpec): Promise<IssueListView> {
    const key = listKey(spec);
    const rec = this.lists.get(key);
    const running = this.inflight.get(key) as Promise<IssueListView> | undefined;
    if (running) return running;
    if (this.isDisposed || !rec?.nextCursor || spec.hashes) return this.load(spec);
    const cursor = rec.nextCursor;
    rec.loading = true;
    rec.error = undefined;
    this.touchList(rec);
    const p = this.single(key, () => this.fetchInto(rec, cursor, false));
    this.fire([], [key]);
    return p;
  }

  /**
   * One issue by its short ID (like `WEB-FRONTEND-4`), looked up from `project` (the server finds
   * it in any project of the org), stored and returned; undefined when the server knows none.
   * Failures are thrown (an ApiError, SignedOutError).
   */
  lookupShortId(org: string, project: string, shortId: string): Promise<Issue | undefined> {
    const wanted = shortId.trim();
    const key = JSON.stringify(['shortId', org, project, wanted.toLowerCase()]);
    const running = this.inflight.get(key) as Promise<Issue | undefined> | undefined;
    if (running) return running;
    if (this.isDisposed) return Promise.reject(new Error(DISPOSED));
    return this.single(key, async () => {
      const generation = this.generation;
      const since = this.table.checkpoint();
      const client = await this.requireClient();
      const page = await this.source.page(client, { org, projects: [project], query: wanted, shortIdLookup: true, statsPeriod: '', anyProject: true });
      this.budget.noteRateLimit(page.rateLimit);
      const found = page.items.find((i) => i.shortId.toLowerCase() === wanted.toLowerCase());
      if (!found || generation !== this.generation) return found;
      this.ingestAndFire(org, [found], since);
      return this.table.get(found.id);
    });
  }

  /**
   * Issues fetched elsewhere (an AI tool, a single-issue request): stored like a list's answer.
   * `since`: the `checkpoint()` taken before the request, so an answer older than a confirmation
   * does not overwrite it (default: now, i.e. the data is fresh).
   */
  upsert(org: string, issues: readonly Issue[], since = this.table.checkpoint()): void {
    if (this.isDisposed) return;
    this.ingestAndFire(org, issues, since);
  }

  /** Forgets every issue, list, pending patch and answer still on its way (e.g. after sign-out). */
  clear(): void {
    this.generation++;
    const lists = [...this.lists.keys()];
    const issues = this.table.clear();
    this.lists.clear();
    this.listsOf.clear();
    this.inflight.clear();
    this.fire(issues, lists);
  }

  override dispose(): void {
    if (this.isDisposed) return;
    this.generation++;
    this.table.dropPending();
    this.inflight.clear();
    super.dispose();
  }

  // ------------------------------------------------------------------------------------- writing
  /**
   * Shows `change` on the named issues at once, in every list and view, until the handle is
   * confirmed or rolled back. Patches on one issue apply in the order they were made. Throws a
   * RangeError for no ids (a bulk update without ids would hit every issue matching a query) or an
   * id that is not an issue id.
   */
  apply(patch: IssuePatch): PatchHandle {
    if (this.isDisposed) throw new Error(DISPOSED);
    return this.table.apply(patch);
  }

  // ------------------------------------------------------------------------------------- internals
  private async fetchInto(rec: ListRecord, cursor: string | undefined, replace: boolean): Promise<IssueListView> {
    const generation = this.generation;
    const since = this.table.checkpoint();
    const { org } = rec.spec;
    try {
      const client = await this.requireClient();
      const page = await fetchListPage(client, this.source, rec, cursor);
      // The server's endpoint changed since the cursor was given: this is a first page.
      if (page.restarted) replace = true;
      this.budget.noteRateLimit(page.rateLimit);
      const totals = replace ? await projectTotals(client, this.source, rec.spec, page, (r) => this.budget.noteRateLimit(r)) : rec.projectHits;
      // Made for another session or selection: the caller still gets it, the store does not.
      if (generation !== this.generation) {
        return detachedView(rec.spec, page.items, { nextCursor: page.nextCursor, serverHits: page.hits, maxHits: page.maxHits, loadedAt: this.now(), droppedHashes: page.droppedHashes });
      }
      const changedIssues = this.table.ingest(org, page.items, since);
      const ids = page.items.map((i) => i.id);
      this.setIds(rec, [...new Set(replace ? ids : [...rec.ids, ...ids])]);
      rec.nextCursor = page.nextCursor;
      rec.endpoint = page.endpoint;
      rec.serverHits = page.hits ?? rec.serverHits;
      rec.maxHits = page.maxHits ?? rec.maxHits;
      rec.projectHits = totals;
      rec.droppedHashes = page.droppedHashes;
      rec.loading = false;
      rec.error = undefined;
      rec.loadedAt = replace ? this.now() : (rec.loadedAt ?? this.now());
      this.touchList(rec);
      this.fireFor(changedIssues, [rec.key]);
      return this.view(rec);
    } catch (error) {
      if (generation !== this.generation) return detachedView(rec.spec, [], { error, failedAt: this.now() });
      rec.loading = false;
      rec.error = error;
      rec.failedAt = this.now();
      this.touchList(rec);
      this.fire([], [rec.key]);
      return this.view(rec);
    }
  }

  private ingestAndFire(org: string, issues: readonly Issue[], since: number): void {
    this.fireFor(this.table.ingest(org, issues, since), []);
  }

  /** What views see of `id` changed: the cached views of the lists holding it are stale. */
  private staleViewsOf(id: string): void {
    for (const key of this.listsOf.get(id) ?? []) {
      const rec = this.lists.get(key);
      if (rec) rec.view = undefined;
    }
  }

  /** Fires for `issues` and every list holding one of them, plus `lists`. */
  private fireFor(issues: readonly string[], lists: readonly string[]): void {
    const keys = new Set(lists);
    for (const id of issues) for (const key of this.listsOf.get(id) ?? []) keys.add(key);
    this.fire(issues, [...keys]);
  }

  private fire(issues: readonly string[], lists: readonly string[]): void {
    if (this.isDisposed || (issues.length === 0 && lists.length === 0)) return;
    // Every list's new answer counts for the background refreshes (the server's rate limit is one budget).
    for (const key of lists) this.budget.noteList(key, this.lists.get(key));
    this.changed.fire({ issues: [...issues], lists: [...lists] });
  }

  private setIds(rec: ListRecord, ids: string[]): void {
    for (const id of rec.ids) {
      const keys = this.listsOf.get(id);
      keys?.delete(rec.key);
      if (keys?.size === 0) this.listsOf.delete(id);
    }
    rec.ids = ids;
    for (const id of ids) {
      let keys = this.listsOf.get(id);
      if (!keys) this.listsOf.set(id, (keys = new Set()));
      keys.add(rec.key);
    }
  }

  private touchList(rec: ListRecord): void {
    rec.view = undefined;
  }

  private view(rec: ListRecord): IssueListView {
    return listViewOf(
      rec,
      (id) => this.table.get(id),
      () => this.options.me?.(),
    );
  }

  private async requireClient(): Promise<SentryClient> {
    const client = await this.getClient();
    if (!client) throw new SignedOutError();
    return client;
  }

  private single<T>(key: string, work: () => Promise<T>): Promise<T> {
    const p = work().finally(() => {
      if (this.inflight.get(key) === p) this.inflight.delete(key);
    });
    this.inflight.set(key, p);
    return p;
  }
}
