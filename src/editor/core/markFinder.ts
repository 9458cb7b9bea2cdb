/**
 * Which issues to mark, found per open file, without `vscode`: the locator (../locator.ts) hands it
 * the open files and a way to resolve server paths; the benchmark runs it as is. A server that
 * refuses the per-file search (400) is located from the listed issues instead. Their lines come from
 * ./markPlacer.ts (the events table, or each issue's latest event). A server that refuses the view's
 * own query (a 400 or 414 to anything, a hostile proxy) is asked once a refresh whether it takes it
 * again, not once per open file; each fallback is said once. One file's search is ./fileSearch.ts's,
 * the shapes the finder works with ./markFinderTypes.ts's.
 */
import type { SentryClient } from '../../api/client';
import { errorKind } from '../../contracts/errors';
import type { IssueRef } from '../../contracts/issueRef';
import { baseName, fileSearchTerm } from './fileQuery';
import { fileReport } from './fileReport';
import type { KnownLocation } from './locationCache';
import { MarkPlacer, platformOf, type Outcome } from './markPlacer';
import { searchShared, sharedStatus, type SharedAnswer } from './sharedSearch';
import { knownFromRow } from './tableLines';
import { seenVersion } from './locationCache';
import type { PlacedMark } from './marks';
import type { FileSearchReport } from './marksStatus';
import { readIssuesById, type IdReadContext } from './idReads';
import { listedIds, newestOf, searchFile, takesViewQuery, viewQuery, type FileSearchContext } from './fileSearch';
import type { FileAnswer, FileSearch, FinderDeps, FindRequest, KeyedReport, MarkScope, OpenFile, SharedSearch } from './markFinderTypes';

export type { FinderDeps, FindRequest, IssueFields, MarkScope, OpenFile } from './markFinderTypes';
export { newestOf } from './fileSearch';

/** A file's whole search is read again this often; in between, only issues seen since its newest. */
const FULL_SEARCH_EVERY_MS = 30 * 60_000;

/** Open files searched (visible ones first): an editor with 200 tabs does not cost 200 searches. */
const MAX_FILES = 30;

/**
 * For each open file, visible ones first: one issue search (`stack.filename:"*app/checkout.ts"` with
 * the Issues view's filters), reused by every editor of the file and, for a file not visible, until
 * it is shown again; a visible file's search is asked again once older than the refresh interval.
 * ./markPlacer.ts then places the issues found. Each run's searches report to the store's refresh budget.
 */
export class MarkFinder {
  private readonly searches = new Map<string, FileSearch>();
  /** Servers that refused the stack.filename search: located from the listed issues instead. */
  private readonly listedOnly = new Set<string>();
  /** View queries the server refused (said once each in the log). */
  private readonly refusedQueries = new Set<string>();
  /**
   * Per server and scope, the refusal of the view's own query: no file is searched while it stands,
   * and one probe a refresh asks whether the server takes the query again.
   */
  private readonly viewRefused = new Map<string, unknown>();
  /** Servers and scopes whose reads by id were refused, said once each. */
  private readonly idReadsSaid = new Set<string>();
  /** Per open file key: what its latest finished run found (for "why are there no marks?"). */
  private readonly reports = new Map<string, KeyedReport>();
  /** The latest shared search. */
  private shared: SharedSearch | undefined;
  /** Servers and scopes whose shared search was refused (said once): their files are searched one by one. */
  private readonly sharedOff = new Set<string>();
  /** Servers whose shared search timed out, said once each. */
  private readonly timeoutSaid = new Set<string>();
  /** Per server, the URL bytes a read by id may carry after it refused longer ones (414). */
  private readonly idReadBytes = new Map<string, number>();
  /** Servers that refused a read by id as too long, said once each. */
  private readonly longUrlSaid = new Set<string>();
  /** Issue searches (per file or shared) and reads by id made so far (for the figures). */
  searchRequests = 0;

  private readonly placer: MarkPlacer;

  /** What a file's search (./fileSearch.ts) reads and writes of this finder. */
  private readonly searchContext: FileSearchContext;
  /** What the reads by id (./idReads.ts) use and keep of this finder. */
  private readonly idReads: IdReadContext;

  constructor(private readonly deps: FinderDeps) {
    this.idReads = {
      store: deps.store,
      log: deps.log,
      counted: () => void this.searchRequests++,
      idReadBytes: this.idReadBytes,
      sharedOff: this.sharedOff,
      longUrlSaid: this.longUrlSaid,
      idReadsSaid: this.idReadsSaid,
    };
    this.searchContext = { store: deps.store, log: deps.log, counted: () => void this.searchRequests++, refusedQueries: this.refusedQueries, listedOnly: this.listedOnly };
    this.placer = new MarkPlacer(deps);
  }

  /** Event requests made so far (for the figures). */
  get requests(): number {
    return this.placer.requests;
  }

  /** Events-table requests made so far (for the figures). */
  get tableRequests(): number {
    return this.placer.tableRequests;
  }

  /** Where a server's lines come from: its events table, or each issue's latest event where it refused the table. */
  linesFrom(baseUrl: string): 'eventsTable' | 'latestEvent' {
    return this.placer.linesFrom(baseUrl);
  }

  /**
   * The latest event's location of an issue under `lastSeen`, reading it when unknown (Go to
   * Location's question); a failed read is logged.
   */
  knownFor(client: SentryClient, ref: IssueRef, lastSeen: string | undefined): Promise<KnownLocation | undefined> {
    return this.placer.knownFor(client, ref, lastSeen);
  }

  /** How a server is located: per open file, or from the listed issues after a refused search. */
  mode(baseUrl: string | undefined): 'perFile' | 'listed' {
    return this.deps.method === 'listed' || (baseUrl !== undefined && this.listedOnly.has(baseUrl)) ? 'listed' : 'perFile';
  }

  /** Forgets the searches and refusals (sign-out, another session); what is known of locations stays, keyed by server. */
  forget(): void {
    this.placer.forget();
    this.searches.clear();
    this.listedOnly.clear();
    this.refusedQueries.clear();
    this.reports.clear();
    this.shared = undefined;
    this.sharedOff.clear();
    this.viewRefused.clear();
    this.idReadsSaid.clear();
    this.timeoutSaid.clear();
    this.idReadBytes.clear();
    this.longUrlSaid.clear();
  }

  /**
   * What the latest finished run found for an open file, if it was made for this server and scope;
   * undefined while none was (the file's search has not finished yet).
   */
  reportFor(file: Pick<OpenFile, 'key' | 'relativePath'>, baseUrl: string, scope: MarkScope): FileSearchReport | undefined {
    const kept = this.reports.get(file.key);
    return kept && kept.key === this.reportKey(baseUrl, scope, file.relativePath) ? kept.report : undefined;
  }

  /** The marks per file key; undefined when nothing is chosen. */
  async find(req: FindRequest): Promise<Map<string, PlacedMark[]> | undefined> {
    const { client } = req;
    let refs: IssueRef[] | undefined;
    const waiting = new Set<string>();
    const answers = new Map<string, FileAnswer>();
    if (this.mode(client.baseUrl) === 'listed') refs = listedIds(req, this.deps.store.pendingFor);
    else {
      if (!req.scope) return undefined;
      refs = (await this.searchTogether(req, req.scope, waiting, answers)) ?? (await this.searchFiles(req, req.scope, waiting, answers));
    }
    const outcomes = new Map<string, Outcome>();
    const marks = await this.placer.place(refs, { ...req, perFile: this.mode(client.baseUrl) === 'perFile' }, waiting, outcomes);
    this.report(req, refs, answers, outcomes);
    return marks;
  }

  /** The key a file's report is kept under: another server, scope or mode makes it stale. */
  private reportKey(baseUrl: string, scope: MarkScope | undefined, relativePath: string): string {
    return this.mode(baseUrl) === 'listed' ? JSON.stringify(['listed', baseUrl, scope ?? null, baseName(relativePath)]) : searchKey(baseUrl, scope, fileSearchTerm(relativePath));
  }

  /** Keeps, per open file, what this run found for it and where those issues' latest events map. */
  private report(req: FindRequest, refs: readonly IssueRef[], answers: ReadonlyMap<string, FileAnswer>, outcomes: ReadonlyMap<string, Outcome>): void {
    const listed = this.mode(req.client.baseUrl) === 'listed';
    for (const file of req.files) {
      const answer = answers.get(file.key);
      if (!listed && !answer) continue;
      const ids = listed ? refs.map((r) => r.issueId) : answer!.ids;
      const report = fileReport(file, ids, outcomes, listed, answer?.error);
      this.reports.set(file.key, { key: this.reportKey(req.client.baseUrl, req.scope, file.relativePath), report });
    }
    // Closed files' reports go with them.
    const open = new Set(req.files.map((f) => f.key));
    for (const key of this.reports.keys()) if (!open.has(key)) this.reports.delete(key);
  }

  /**
   * The ids of the issues whose stacks touch the open files, visible files' first. Issues found only
   * for files not visible keep the place known for them (`waiting`) until their file is shown: a
   * refresh is for what can be seen.
   */
  private async searchFiles(req: FindRequest, scope: MarkScope, waiting: Set<string>, answers: Map<string, FileAnswer>): Promise<IssueRef[]> {
    const { client } = req;
    const now = this.deps.now();
    const files = req.files.slice(0, MAX_FILES);
    const open = new Set(files.map((f) => f.key));
    const interval = this.deps.intervalMs();
    // A closed file's answer serves its reopening within the interval, then goes.
    for (const [key, s] of this.searches) if (!open.has(key) && (interval <= 0 || now - s.at >= interval)) this.searches.delete(key);
    const refs = new Map<string, IssueRef>();
    // The run's searches steer the background refreshes as the tree's lists do (one policy, one budget).
    let searched = false;
    let limited: unknown;
    // The view's query refused before: one probe says whether the server takes it now, or every file fails as it did.
    const refusedKey = JSON.stringify([client.baseUrl, scope]);
    let refusal = this.viewRefused.get(refusedKey);
    if (refusal !== undefined && (await takesViewQuery(this.searchContext, client, viewQuery(scope)))) {
      this.viewRefused.delete(refusedKey);
      refusal = undefined;
    }
    for (const file of files) {
      const term = fileSearchTerm(file.relativePath);
      if (!term) continue;
      const key = searchKey(client.baseUrl, scope, term);
      // Another editor's file with the same ending asked the same question.
      const kept = this.searches.get(file.key) ?? [...this.searches.values()].find((s) => s.key === key);
      const prev = kept?.session === client ? kept : undefined;
      // Fresh: made for this scope, and either not visible (it waits to be shown) or younger than the interval.
      // An answer whose issues the store forgot (another session) is no answer.
      const fresh = prev?.key === key && (!file.visible || interval <= 0 || now - prev.at < interval) && prev.ids.every((id) => this.deps.store.issue(id));
      let ids: readonly string[];
      let error: unknown;
      if (refusal !== undefined) {
        ids = prev?.key === key ? prev.ids : [];
        error = refusal;
      } else if (fresh) {
        ids = prev.ids;
        this.searches.set(file.key, prev);
      } else {
        // A refresh of a busy file's answer asks only for issues seen since its newest one (with the
        // server's clock, not ours); issues that left the query meanwhile (resolved elsewhere) go at
        // the next whole read. A file whose whole answer is one page is read whole: the same cost.
        // The whole answer it adds to must still be whole: every issue of it still in the store.
        const delta =
          prev?.key === key && prev.fullPages > 1 && prev.newest !== undefined && now - prev.fullAt < FULL_SEARCH_EVERY_MS && prev.ids.every((id) => this.deps.store.issue(id)) ? prev : undefined;
        const found = await searchFile(this.searchContext, client, scope, term, delta?.newest);
        if (found === 'refused') return listedIds(req, this.deps.store.pendingFor);
        if ('issues' in found) {
          searched = true;
          const at = this.deps.now();
          // A search cut short by a failure is no whole read: the next refresh reads every page.
          const whole = found.cut ? { fullAt: -Infinity, fullPages: found.pages } : delta ? { fullAt: delta.fullAt, fullPages: delta.fullPages } : { fullAt: at, fullPages: found.pages };
          ids = delta ? [...new Set([...found.issues.map((i) => i.id), ...delta.ids])] : found.issues.map((i) => i.id);
          this.searches.set(file.key, { key, ids, at, ...whole, newest: newestOf(delta?.newest, found.issues), session: client });
        } else {
          if (errorKind(found.failed) === 'rateLimited') limited = found.failed;
          ids = prev?.key === key ? prev.ids : [];
          error = found.failed;
          // The view's own query refused: the other files would only be refused the same way.
          if (found.viewRefused) this.viewRefused.set(refusedKey, (refusal = found.failed));
        }
      }
      this.collect(file, ids, error, scope.org, refs, waiting, answers);
    }
    if (limited !== undefined || searched) this.deps.store.budget.noteAnswer(limited);
    return [...refs.values()];
  }

  /**
   * The open files' issues from one shared search (./sharedSearch.ts) and, in the same answer, their
   * lines; the issues the store does not hold are read by id. A refresh asks only for events since the
   * newest it knows (and reads again by id the issues that changed), a file just opened only for its
   * own term; the whole search again every FULL_SEARCH_EVERY_MS. Undefined where the files are searched
   * one by one instead: a view query the events table would read otherwise, a server without the table
   * or that refused this search, or a timeout even over 14 days.
   */
  private async searchTogether(req: FindRequest, scope: MarkScope, waiting: Set<string>, answers: Map<string, FileAnswer>): Promise<IssueRef[] | undefined> {
    const { client } = req;
    const status = sharedStatus(scope.query);
    const offKey = JSON.stringify([client.baseUrl, scope.org, scope.projects]);
    if (status === undefined || this.deps.share === false || this.deps.method === 'listed' || this.placer.linesFrom(client.baseUrl) !== 'eventsTable' || this.sharedOff.has(offKey)) return undefined;
    const files = req.files.slice(0, MAX_FILES).flatMap((f) => {
      const term = fileSearchTerm(f.relativePath);
      return term ? [{ ...f, term }] : [];
    });
    const terms = [...new Set(files.map((f) => f.term))];
    const key = JSON.stringify([client.baseUrl, scope]);
    const now = this.deps.now();
    const interval = this.deps.intervalMs();
    // A kept answer of this server, scope and session whose issues the store still holds.
    const kept = this.shared?.key === key && this.shared.session === client && [...this.shared.byTerm.values()].every((ids) => ids.every((id) => this.deps.store.issue(id))) ? this.shared : undefined;
    const missing = terms.filter((t) => !kept?.byTerm.has(t));
    const stale = kept !== undefined && files.some((f) => f.visible) && interval > 0 && now - kept.at >= interval;
    let ask: { terms: readonly string[]; since?: number; whole: boolean } | undefined;
    if (!kept) ask = terms.length ? { terms, whole: true } : undefined;
    else if (stale) {
      // A view with a window of its own dates (start, end) is read whole: no "since" inside it.
      const delta = kept.newest !== undefined && now - kept.fullAt < FULL_SEARCH_EVERY_MS && (!scope.window || 'period' in scope.window);
      ask = delta ? { terms, since: kept.newest, whole: false } : { terms, whole: true };
    } else if (missing.length) ask = { terms: missing, whole: false };
    let byTerm = kept?.byTerm;
    let error: unknown;
    if (ask) {
      let answer: SharedAnswer;
      try {
        answer = await searchShared(
          client,
          { org: scope.org, projects: scope.projects, environments: scope.environments, window: scope.window, status, since: ask.since, files: ask.terms.map((t) => ({ key: t, term: t })) },
          (err) => errorKind(err) === 'queryTimeout',
          () => this.searchRequests++,
          now,
        );
      } catch (err) {
        const kind = errorKind(err);
        if (kind === 'queryTimeout') {
          this.sayOnce(
            this.timeoutSaid,
            client.baseUrl,
            `[editor] ${client.baseUrl} timed out on the shared search of the open files even over 14 days (${(err as Error).message}); they are searched one by one until it answers`,
          );
          return undefined;
        }
        // Without the table (a server or plan that lacks it) its lines come from the latest events too, said once.
        if (kind === 'forbidden' || kind === 'notFound' || kind === 'gone') {
          this.placer.refuseTable(client.baseUrl, err);
          return undefined;
        }
        if (kind === 'badRequest') {
          this.sharedOff.add(offKey);
          this.deps.log.warn(`[editor] ${client.baseUrl} refused the shared search of the open files (${(err as Error).message}); they are searched one by one on this server and scope from now on`);
          return undefined;
        }
        // A failure now (a 429, a server error, offline): what was kept stays, each file's report says why, and
        // no search per file is sent meanwhile (it would only multiply the requests a held-back server refuses).
        if (kind === 'rateLimited') {
          this.deps.store.budget.noteAnswer(err);
          this.deps.log.debug(`[editor] could not search the issues of the open files: ${(err as Error).message}`);
        } else this.deps.log.warn(`[editor] could not search the issues of the open files: ${(err as Error).message}`);
        error = err;
      }
      if (error === undefined) {
        if (answer!.shortened) this.sayOnce(this.timeoutSaid, client.baseUrl, `[editor] ${client.baseUrl} timed out on the shared search of the open files; asked over the last 14 days instead`);
        // Reads by id refused: the files' own searches bring their issues, from this run on.
        if (!(await readIssuesById(this.idReads, client, scope, answer!, offKey))) return undefined;
        this.learnLines(client, answer!);
        const merged = new Map(ask.whole ? [] : (kept?.byTerm ?? []));
        for (const t of ask.terms) merged.set(t, [...new Set([...(answer!.byFile.get(t) ?? []), ...(ask.whole ? [] : (merged.get(t) ?? []))])]);
        byTerm = merged;
        const at = this.deps.now();
        const newest = Math.max(answer!.newest ?? -Infinity, kept && !ask.whole ? (kept.newest ?? -Infinity) : -Infinity);
        this.shared = {
          key,
          byTerm,
          // A file just opened leaves the others' age as it was; a cut answer is asked whole next time.
          at: answer!.cut ? -Infinity : ask.since === undefined && !ask.whole && kept ? kept.at : at,
          fullAt: answer!.cut ? -Infinity : ask.whole ? at : kept!.fullAt,
          ...(Number.isFinite(newest) ? { newest } : {}),
          session: client,
        };
        this.deps.store.budget.noteAnswer(undefined);
      }
    }
    const refs = new Map<string, IssueRef>();
    for (const file of files) this.collect(file, byTerm?.get(file.term) ?? [], error, scope.org, refs, waiting, answers);
    return [...refs.values()];
  }

  /**
   * One file's answer (the issues the store holds, and its failure) kept for its report, and its issues
   * added to the run's: an issue found only for files not visible waits (see searchFiles).
   */
  private collect(file: OpenFile, ids: readonly string[], error: unknown, org: string, refs: Map<string, IssueRef>, waiting: Set<string>, answers: Map<string, FileAnswer>): void {
    const held = ids.filter((id) => this.deps.store.issue(id));
    answers.set(file.key, { ids: held, ...(error !== undefined ? { error } : {}) });
    for (const id of held) {
      if (file.visible) waiting.delete(id);
      else if (!refs.has(id)) waiting.add(id);
      if (!refs.has(id)) refs.set(id, { org, project: this.deps.store.issue(id)!.project.slug, issueId: id });
    }
  }

  /** Each issue's line from its latest stack in the shared answer, kept under its lastSeen: the placer needs no request for it. */
  private learnLines(client: SentryClient, answer: SharedAnswer): void {
    const at = this.deps.now();
    for (const [id, row] of answer.rows) {
      const issue = this.deps.store.issue(id);
      const version = seenVersion(issue);
      if (!issue) continue;
      const known = knownFromRow(row, version, at, platformOf(issue));
      // The row is the issue's latest stack: kept unless the same place is already known under this version.
      const before = this.placer.known(client, id, version);
      if (!before || before.location !== known.location || JSON.stringify(before.fields) !== JSON.stringify(known.fields)) this.placer.learn(client, id, known);
    }
  }

  private sayOnce(said: Set<string>, key: string, message: string): void {
    if (said.has(key)) return;
    said.add(key);
    this.deps.log.warn(message);
  }
}

/** The question a file's search asks: another server, scope or path ending is another question. */
function searchKey(baseUrl: string, scope: MarkScope | undefined, term: string | undefined): string {
  return JSON.stringify([baseUrl, scope ?? null, term ?? null]);
}
