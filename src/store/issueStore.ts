/**
 * The one issue store every view reads: the tree, the status bar, the events panel's header, the
 * editor marks and hovers, AI tools and triage. Pure: no `vscode` import; it takes a client getter
 * and a clock, like the IssuesModel it replaces.
 *
 * What it holds
 * - Issues by id, with their last-known fields (the server's latest word, merged with the stats of
 *   other periods) and any optimistic patch still waiting for the server laid on top.
 * - Lists (per org, project, query, period and sort: a `ListSpec`), with cursors, X-Hits /
 *   X-Max-Hits, loading and error state and loadedAt. A list holds issue ids, never copies, so a
 *   change to an issue shows in every list (and every view) at once.
 *
 * One change event, `onDidChange({ issues, lists })`, names the issue ids whose fields changed and
 * the list keys whose contents or state changed. A view re-reads what it shows when one of its ids
 * or keys is named (a tree: `lists`; a hover or mark: `issues`; the status bar: its lists' keys).
 *
 * Loading is single-flight per list key (a second call gets the running promise); `clear()` (sign-
 * out, another account, another server) bumps a generation so answers to older requests are handed
 * to their caller but never cached. A failed list is cached with its error, like any other answer:
 * a view re-renders on every change and loads again, so refetching failures here would turn one
 * error into a request loop; only `force` (Retry, Refresh, the scheduled refresh) asks again.
 *
 * Optimistic writes (issue 12): `apply({ issueIds, change })` shows the change at once and returns
 * a handle to `confirm(serverIssues?)` or `rollback()` (see ./patches.ts for the rules). A list load
 * that answers while a patch is pending cannot resurrect the old state: the patch stays on top of
 * the fresh data until it is confirmed or rolled back, and an answer to a request made before a
 * confirmation never overwrites what the confirmation said. An issue whose fields no longer match a
 * list's query (resolved while listed under the default `is:unresolved`) leaves that list's
 * `issues` (and its count), but stays in the store; an issue that newly matches a list does not
 * join it before the next load (its position is the server's to say).
 *
 * Wiring (issue 11): one store per window, built in activate() with `auth.getClient`, cleared on
 * every session change and disposed with the extension. The Issues view keeps its filter and calls
 * `load({ org, project, ...toParams(filter) })`; the tree renders `peek(spec).issues`; the status bar
 * sums `hits` of the unresolved lists; the events panel's header is `issue(id)` (refreshed with
 * `lookupShortId`); marks and hovers read `issue(id)` by the ids their locations came from; command
 * handlers take an IssueRef (src/contracts/issueRef.ts) and read `issue(ref.issueId)`.
 */
import type { SentryClient } from '../api/client';
import type { Issue } from '../api/schemas';
import { SignedOutError, rateLimitResetOf } from '../contracts/errors';
import { isIssueId, refOfIssue, type IssueRef } from '../contracts/issueRef';
import { Disposable } from '../util/disposable';
import { Emitter } from '../util/emitter';
import { IssueSource, type IssueEndpoint, type IssueListPage } from './issueSource';
import { PAGE_SIZE, effectiveQuery, listKey, projectsOf, type ListSpec } from './listSpec';
import { PatchLedger, type IssuePatch, type PatchHandle, type PatchState, type PendingPatch } from './patches';
import { mayMatch } from './queryMatch';
import { RefreshBudget } from './refreshBudget';
import type { RefreshState } from './refreshPolicy';

export type ClientGetter = () => Promise<SentryClient | undefined>;

/** What changed: issue ids whose fields changed, list keys whose contents or state changed. */
export interface StoreChange {
  readonly issues: readonly string[];
  readonly lists: readonly string[];
}

/** A list as views read it: a snapshot, replaced (never mutated) on every change. */
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

interface ListRecord {
  readonly key: string;
  readonly spec: ListSpec;
  ids: string[];
  nextCursor?: string;
  /** The endpoint that gave nextCursor. */
  endpoint?: IssueEndpoint;
  serverHits?: number;
  maxHits?: number;
  loading: boolean;
  error?: unknown;
  loadedAt?: number;
  failedAt?: number;
  droppedHashes?: number;
  view?: IssueListView;
}

interface Settler {
  readonly settled: Promise<PatchState>;
  finish(state: PatchState): void;
}

const DISPOSED = 'The issue store was disposed.';

export class IssueStore extends Disposable {
  /** The server's latest word per issue (or what a confirmation made of it). */
  private readonly base = new Map<string, Issue>();
  /** base + pending patches: what views see. */
  private readonly current = new Map<string, Issue>();
  private readonly orgs = new Map<string, string>();
  /** Per issue, the write stamp of its latest confirmation. */
  private readonly confirmedAt = new Map<string, number>();
  private readonly lists = new Map<string, ListRecord>();
  /** Issue id -> keys of the lists that hold it. */
  private readonly listsOf = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly ledger = new PatchLedger();
  private readonly settlers = new Map<PendingPatch, Settler>();
  /** Bumped by clear() and dispose(): answers to earlier requests are not cached. */
  private generation = 0;
  /** Bumped by every write (apply, confirm, rollback): orders answers against confirmations. */
  private stamp = 0;
  private readonly changed = this._register(new Emitter<StoreChange>());
  readonly onDidChange = this.changed.event;
  /**
   * The background refreshes' one rate-limit state: the store reports every list's answer and the
   * rate-limit headers it sees, the editor's searches report theirs, and both timers ask it.
   */
  readonly budget: RefreshBudget;
  /** Which issue list endpoint answers on each server; the editor's per-file searches use the same. */
  readonly source: IssueSource;

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
    return this.current.get(id);
  }

  /** The IssueRef of a known issue (its own project, the org it was loaded in). */
  ref(id: string): IssueRef | undefined {
    const issue = this.current.get(id);
    const org = this.orgs.get(id);
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
    return this.ledger.pendingFor(id).map((p) => p.seq);
  }

  /**
   * Resolves once every patch now pending on `id` is settled: a writer that sends its requests
   * one after the other per issue (issue 12: "two actions on one issue are applied in order")
   * awaits this before sending the next.
   */
  whenSettled(id: string): Promise<void> {
    return Promise.all(this.ledger.pendingFor(id).map((p) => this.settlers.get(p)?.settled)).then(() => undefined);
  }

  /** A write stamp to pass to `upsert` for issues fetched from now on. */
  checkpoint(): number {
    return this.stamp;
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
   * The first page: from the cache unless `force`. Errors are kept on the list, never thrown.
   * While a request for the same list runs, its promise is returned (force or not).
   */
  load(spec: ListSpec, force = false): Promise<IssueListView> {
    const key = listKey(spec);
    if (this.isDisposed) return Promise.resolve(this.detached(spec, [], { error: new Error(DISPOSED) }));
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
   * Failures are thrown (an ApiError, SignedOutError). The one findIssueByShortId of issue 11.
   */
  lookupShortId(org: string, project: string, shortId: string): Promise<Issue | undefined> {
    const wanted = shortId.trim();
    const key = JSON.stringify(['shortId', org, project, wanted.toLowerCase()]);
    const running = this.inflight.get(key) as Promise<Issue | undefined> | undefined;
    if (running) return running;
    if (this.isDisposed) return Promise.reject(new Error(DISPOSED));
    return this.single(key, async () => {
      const generation = this.generation;
      const since = this.stamp;
      const client = await this.requireClient();
      const page = await this.source.page(client, { org, projects: [project], query: wanted, shortIdLookup: true, statsPeriod: '', anyProject: true });
      this.budget.noteRateLimit(page.rateLimit);
      const found = page.items.find((i) => i.shortId.toLowerCase() === wanted.toLowerCase());
      if (!found || generation !== this.generation) return found;
      this.ingestAndFire(org, [found], since);
      return this.current.get(found.id);
    });
  }

  /**
   * Issues fetched elsewhere (an AI tool, a single-issue request): stored like a list's answer.
   * `since`: the `checkpoint()` taken before the request, so an answer older than a confirmation
   * does not overwrite it (default: now, i.e. the data is fresh).
   */
  upsert(org: string, issues: readonly Issue[], since = this.stamp): void {
    if (this.isDisposed) return;
    this.ingestAndFire(org, issues, since);
  }

  /** Forgets every issue, list, pending patch and answer still on its way (e.g. after sign-out). */
  clear(): void {
    this.generation++;
    const issues = [...this.current.keys()];
    const lists = [...this.lists.keys()];
    for (const p of this.ledger.drain()) this.settlers.get(p)?.finish('dropped');
    this.base.clear();
    this.current.clear();
    this.orgs.clear();
    this.confirmedAt.clear();
    this.lists.clear();
    this.listsOf.clear();
    this.inflight.clear();
    this.fire(issues, lists);
  }

  override dispose(): void {
    if (this.isDisposed) return;
    this.generation++;
    for (const p of this.ledger.drain()) this.settlers.get(p)?.finish('dropped');
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
    const ids = [...new Set(patch.issueIds)];
    if (ids.length === 0) throw new RangeError('A patch names at least one issue: an update without ids would change every issue matching the query.');
    const bad = ids.find((id) => !isIssueId(id));
    if (bad !== undefined) throw new RangeError(`An issue id is a number, not ${JSON.stringify(String(bad).slice(0, 100))}.`);
    if ('id' in patch.change) throw new RangeError("A patch cannot change an issue's id.");

    const p = this.ledger.add(ids, patch.change);
    this.stamp++;
    let state: PatchState = 'pending';
    let resolve!: (s: PatchState) => void;
    const settler: Settler = {
      settled: new Promise<PatchState>((r) => (resolve = r)),
      finish: (s) => {
        state = s;
        this.settlers.delete(p);
        resolve(s);
      },
    };
    this.settlers.set(p, settler);
    const handle: PatchHandle = {
      seq: p.seq,
      issueIds: ids,
      change: p.change,
      get state() {
        return state;
      },
      settled: settler.settled,
      confirm: (serverIssues, answer) => {
        if (state !== 'pending' || !this.ledger.remove(p)) return false;
        const at = ++this.stamp;
        for (const id of ids) {
          if (!this.ledger.noteConfirmed(p, id)) continue; // a newer patch was confirmed already
          const server = serverIssues?.find((i) => i.id === id);
          const prev = this.base.get(id);
          const next = server ? withStatsOf(prev, server) : prev && { ...prev, ...p.change, ...answeredFields(answer, p.change) };
          if (next) this.base.set(id, Object.freeze(next));
          this.confirmedAt.set(id, at);
        }
        settler.finish('confirmed');
        this.recomputeAndFire(ids);
        return true;
      },
      rollback: () => {
        if (state !== 'pending' || !this.ledger.remove(p)) return false;
        this.stamp++;
        settler.finish('rolledBack');
        this.recomputeAndFire(ids);
        return true;
      },
    };
    this.recomputeAndFire(ids);
    return handle;
  }

  // ------------------------------------------------------------------------------------- internals

  private async fetchInto(rec: ListRecord, cursor: string | undefined, replace: boolean): Promise<IssueListView> {
    const generation = this.generation;
    const since = this.stamp;
    const { org, project } = rec.spec;
    try {
      const client = await this.requireClient();
      const spec = rec.spec;
      // Hashes are a parameter of the project endpoint only.
      const page: IssueListPage & { droppedHashes?: number } = spec.hashes
        ? { ...(await client.listProjectIssues(org, project, { hashes: spec.hashes, statsPeriod: spec.statsPeriod, limit: PAGE_SIZE })), endpoint: 'project' as const, restarted: false }
        : await this.source.page(
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
      // The server's endpoint changed since the cursor was given: this is a first page.
      if (page.restarted) replace = true;
      this.budget.noteRateLimit(page.rateLimit);
      // Made for another session or selection: the caller still gets it, the store does not.
      if (generation !== this.generation) {
        return this.detached(rec.spec, page.items, { nextCursor: page.nextCursor, serverHits: page.hits, maxHits: page.maxHits, loadedAt: this.now(), droppedHashes: page.droppedHashes });
      }
      const changedIssues = this.ingest(org, page.items, since);
      const ids = page.items.map((i) => i.id);
      this.setIds(rec, dedupe(replace ? ids : [...rec.ids, ...ids]));
      rec.nextCursor = page.nextCursor;
      rec.endpoint = page.endpoint;
      rec.serverHits = page.hits ?? rec.serverHits;
      rec.maxHits = page.maxHits ?? rec.maxHits;
      rec.droppedHashes = page.droppedHashes;
      rec.loading = false;
      rec.error = undefined;
      rec.loadedAt = replace ? this.now() : (rec.loadedAt ?? this.now());
      this.touchList(rec);
      this.fireFor(changedIssues, [rec.key]);
      return this.view(rec);
    } catch (error) {
      if (generation !== this.generation) return this.detached(rec.spec, [], { error, failedAt: this.now() });
      rec.loading = false;
      rec.error = error;
      rec.failedAt = this.now();
      this.touchList(rec);
      this.fire([], [rec.key]);
      return this.view(rec);
    }
  }

  /** Takes the server's answer as the base of each issue, unless a confirmation newer than the request said otherwise. */
  private ingest(org: string, issues: readonly Issue[], since: number): string[] {
    const changed: string[] = [];
    for (const incoming of issues) {
      const id = incoming.id;
      this.orgs.set(id, org);
      if ((this.confirmedAt.get(id) ?? 0) > since) continue;
      this.base.set(id, Object.freeze(withStatsOf(this.base.get(id), incoming)));
      if (this.recompute(id)) changed.push(id);
    }
    return changed;
  }

  private ingestAndFire(org: string, issues: readonly Issue[], since: number): void {
    this.fireFor(this.ingest(org, issues, since), []);
  }

  /** Recomputes what views see of `id`; true when it changed. */
  private recompute(id: string): boolean {
    const before = this.current.get(id);
    const after = this.ledger.effective(id, this.base.get(id));
    if (after === undefined) {
      if (before === undefined) return false;
      this.current.delete(id);
    } else {
      if (before !== undefined && sameFields(before, after)) return false;
      this.current.set(id, after === this.base.get(id) ? after : Object.freeze(after));
    }
    for (const key of this.listsOf.get(id) ?? []) {
      const rec = this.lists.get(key);
      if (rec) rec.view = undefined;
    }
    return true;
  }

  private recomputeAndFire(ids: readonly string[]): void {
    this.fireFor(
      ids.filter((id) => this.recompute(id)),
      [],
    );
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
    for (const id of rec.ids) this.listsOf.get(id)?.delete(rec.key);
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
    if (rec.view) return rec.view;
    const query = effectiveQuery(rec.spec);
    const me = this.options.me?.();
    const issues: Issue[] = [];
    let hidden = 0;
    for (const id of rec.ids) {
      const issue = this.current.get(id);
      if (!issue) continue;
      if (mayMatch(issue, query, me)) issues.push(issue);
      else hidden++;
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
      loading: rec.loading,
      error: rec.error,
      loadedAt: rec.loadedAt,
      failedAt: rec.failedAt,
      droppedHashes: rec.droppedHashes,
    });
    return rec.view;
  }

  /** A view of an answer the store does not keep (made before clear(), or after dispose). */
  private detached(spec: ListSpec, issues: readonly Issue[], more: Partial<IssueListView>): IssueListView {
    return Object.freeze({ key: listKey(spec), spec, org: spec.org, project: spec.project, issues: Object.freeze([...issues]), hidden: 0, hits: more.serverHits, loading: false, ...more });
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

/**
 * The server's answer, keeping the stats of other periods: a list under 14d and one under 24h share
 * the issue, and each sparkline reads its own period.
 */
function withStatsOf(prev: Issue | undefined, incoming: Issue): Issue {
  if (!prev) return incoming;
  return { ...incoming, stats: { ...prev.stats, ...incoming.stats } };
}

function sameFields(a: Issue, b: Issue): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function dedupe(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Of a PUT's answer, the fields the patch changed (a bulk answer is the same for every issue it names). */
function answeredFields(answer: Readonly<Record<string, unknown>> | undefined, change: Readonly<Partial<Issue>>): Partial<Issue> {
  if (!answer) return {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(change)) if (Object.hasOwn(answer, key) && answer[key] !== undefined) out[key] = answer[key];
  return out as Partial<Issue>;
}
