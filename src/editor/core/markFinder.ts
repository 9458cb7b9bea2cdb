/**
 * Which issues to mark, found per open file, without `vscode`: the locator (../locator.ts) hands it
 * the open files and a way to resolve server paths; the benchmark runs it as is. A server that
 * refuses the per-file search (400) is located from the listed issues instead. Their lines come from
 * ./markPlacer.ts (the events table, or each issue's latest event). A server that refuses the view's
 * own query (a 400 or 414 to anything, a hostile proxy) is asked once a refresh whether it takes it
 * again, not once per open file; each fallback is said once.
 */
import type { SentryClient } from '../../api/client';
import { idReadBatches, MAX_ID_READ_BYTES, projectParamBytes } from '../../api/requestRules';
import type { ListScope } from '../../store/listedIssues';
import type { Issue } from '../../model/issue/schema';
import { errorKind } from '../../contracts/errors';
import type { IssueRef } from '../../contracts/issueRef';
import type { IssueEndpoint, IssueQuery } from '../../store/issueSource';
import type { IssueStore } from '../../store/issueStore';
import { baseName, fileSearchQuery, fileSearchTerm } from './fileQuery';
import { fileReport } from './fileReport';
import type { KnownLocation, LocationCache } from './locationCache';
import { MarkPlacer, platformOf, type FinderLog, type Outcome, type ResolveFrame } from './markPlacer';
import { searchShared, sharedStatus, type SharedAnswer } from './sharedSearch';
import { knownFromRow } from './tableLines';
import { seenVersion } from './locationCache';
import type { PlacedMark } from './marks';
import type { ExpectedText } from './movedLines';
import type { FileSearchReport } from './marksStatus';

/** What the finder reads of the store, and where found issues go. */
export type IssueFields = Pick<IssueStore, 'issue' | 'pendingFor' | 'upsert' | 'checkpoint' | 'source' | 'budget' | 'eventText'>;

/** What the marks search within: the scope of the Issues view's lists, so a file's search uses the same filters. */
export type MarkScope = ListScope;

/** An open file: a key (its URI), its workspace-relative path, whether an editor shows it. */
export interface OpenFile {
  readonly key: string;
  readonly relativePath: string;
  readonly visible: boolean;
}

export interface FinderDeps {
  store: IssueFields;
  /** The workspace files a frame maps to (src/editor/core/frameResolver.ts through the glue's index). */
  resolve: ResolveFrame;
  cache: LocationCache;
  /** An open document's line (0-based) and neighbours now, compacted: a mark's text when no event's is known. */
  lineText?: (file: string, line: number) => ExpectedText | undefined;
  /** The refresh interval (ms, 0: off): how long a visible file's search stays fresh. */
  intervalMs: () => number;
  now: () => number;
  log: FinderLog;
  /** `listed`: locate the listed issues on every server, the method before per-file searches (the benchmark's baseline). */
  method?: 'perFile' | 'listed';
  /** `latestEvent`: every line from its issue's latest event, the way before the events table (the benchmark's baseline). */
  lines?: 'eventsTable' | 'latestEvent';
  /** false: every open file searched on its own, the way before the shared search (the benchmark's baseline). */
  share?: boolean;
}

export interface FindRequest {
  client: SentryClient;
  /** Undefined while nothing is chosen: no marks. */
  scope: MarkScope | undefined;
  /** Visible files first. */
  files: readonly OpenFile[];
  /** The listed issues, for a server that refuses the search. */
  listed: () => readonly IssueRef[];
  /** Marks placed before, per file key (kept for issues whose change still waits for the server). */
  previous: ReadonlyMap<string, readonly PlacedMark[]>;
  /**
   * While event requests are out: the marks placed so far, plus the previous marks of issues not
   * looked at yet, so a busy file's marks appear as they are located and a refresh does not blank them.
   */
  onProgress?: (marks: Map<string, PlacedMark[]>) => void;
}

interface FileSearch {
  /** The server, scope and file term it was made for. */
  readonly key: string;
  readonly ids: readonly string[];
  readonly at: number;
  /** When every page was last read (later refreshes of a busy file read only what changed since). */
  readonly fullAt: number;
  /** Pages that whole read took: a file of one page is read whole at every refresh, for the same one request. */
  readonly fullPages: number;
  /** The newest lastSeen among its issues, in the server's own clock. */
  readonly newest?: string;
  /**
   * The session it was made in (the client stands for server and account): a delta only ever adds
   * to a whole answer of the same session, so signing in again (the scope upgrade, the same token
   * pasted again) reads every file whole.
   */
  readonly session: object;
}

/** What one file's search answered in a run: its issue ids, or the failure of a search that read nothing. */
interface FileAnswer {
  readonly ids: readonly string[];
  readonly error?: unknown;
}

/** A file's report, with the key of the search (server, scope, path) it answers. */
interface KeyedReport {
  readonly key: string;
  readonly report: FileSearchReport;
}

/** The latest shared search (./sharedSearch.ts) of a server and scope: its ids per file term. */
interface SharedSearch {
  readonly key: string;
  readonly byTerm: ReadonlyMap<string, readonly string[]>;
  /** When it was last asked (fresh for a refresh interval). */
  readonly at: number;
  /** When it was last asked whole (refreshes in between ask only since `newest`). */
  readonly fullAt: number;
  /** The newest last_seen() of its rows, in the server's clock (ms). */
  readonly newest?: number;
  readonly session: object;
}

/** The least a read by id carries after a server refused longer URLs (414): about 50 ids. */
const MIN_ID_READ_BYTES = 1000;

/** A file's whole search is read again this often; in between, only issues seen since its newest. */
const FULL_SEARCH_EVERY_MS = 30 * 60_000;

const MAX_ISSUES = 300;
/** Open files searched (visible ones first): an editor with 200 tabs does not cost 200 searches. */
const MAX_FILES = 30;
/** Pages of a file's search read (100 issues each): every issue of a busy file, within reason. */
const MAX_PAGES_PER_FILE = 5;

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

  constructor(private readonly deps: FinderDeps) {
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
    if (this.mode(client.baseUrl) === 'listed') refs = this.listedIds(req);
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
    if (refusal !== undefined && (await this.takesViewQuery(client, viewQuery(scope)))) {
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
        const found = await this.search(client, scope, term, delta?.newest);
        if (found === 'refused') return this.listedIds(req);
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
        if (!(await this.readIssues(client, scope, answer!, offKey))) return undefined;
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

  /**
   * Reads by id, as many as fit a request line (MAX_ID_READ_BYTES), the issues of a shared answer the store does not hold yet, and those
   * whose last event is newer than the store's copy (their counts and lastSeen for the hovers). The read names the projects the
   * search named (or `-1`, every accessible project, when they would take too much of the line): without `project` Sentry looks
   * only in the projects of the user's teams, and the issues of a project the user sees in an open-membership organization
   * without being on its team would get no mark. False when the server refused them (then the files are searched one by one).
   */
  private async readIssues(client: SentryClient, scope: MarkScope, answer: SharedAnswer, offKey: string): Promise<boolean> {
    const { org } = scope;
    const projects = projectParamBytes(scope.projects) > MAX_ID_READ_BYTES / 4 ? ['-1'] : scope.projects;
    const wanted = [...answer.rows.keys()].filter((id) => {
      const issue = this.deps.store.issue(id);
      const seen = answer.seen.get(id);
      return !issue || (seen !== undefined && issue.lastSeen !== null && Date.parse(issue.lastSeen) < seen - 1000);
    });
    let left = wanted;
    while (left.length) {
      const bytes = this.idReadBytes.get(client.baseUrl) ?? MAX_ID_READ_BYTES;
      const [batch] = idReadBatches(left, bytes - projectParamBytes(projects));
      const since = this.deps.store.checkpoint();
      try {
        this.searchRequests++;
        this.deps.store.upsert(org, await client.listIssuesById(org, batch, projects), since);
        left = left.slice(batch.length);
      } catch (err) {
        // A proxy with a shorter request line than nginx's default: halve the reads on this server from now on, said once.
        if ((err as { status?: unknown }).status === 414 && bytes / 2 >= MIN_ID_READ_BYTES) {
          this.idReadBytes.set(client.baseUrl, bytes / 2);
          this.sayOnce(this.longUrlSaid, client.baseUrl, `[editor] ${client.baseUrl} refused a read of ${batch.length} issues by id as too long a URL (414); it reads fewer at a time from now on`);
          continue;
        }
        // Refused (a 400, or a 414 even for the shortest read): the shared search is off on this server and scope, said once.
        if (errorKind(err) === 'badRequest') {
          this.sharedOff.add(offKey);
          this.sayOnce(
            this.idReadsSaid,
            offKey,
            `[editor] ${client.baseUrl} refused reading the open files' issues by id (${(err as Error).message}); they are searched one by one on this server and scope from now on`,
          );
          return false;
        }
        // Those not held are not marked this run; the next run asks for them again.
        this.deps.log.warn(`[editor] could not read ${left.length} issues of the open files: ${(err as Error).message}`);
        return true;
      }
    }
    return true;
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

  /**
   * One file's search, page after page (only issues last seen at or after `seenSince` when given):
   * its issues (stored) and the pages read, the failure when it read nothing, 'refused' on a 400.
   */
  private async search(
    client: SentryClient,
    scope: MarkScope,
    term: string,
    seenSince?: string,
  ): Promise<{ issues: Issue[]; pages: number; cut: boolean } | 'refused' | { failed: unknown; viewRefused?: boolean }> {
    const since = this.deps.store.checkpoint();
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
        this.searchRequests++;
        const page = await this.deps.store.source.page(client, query, from);
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
        if (!(await this.takesViewQuery(client, viewQuery(scope)))) {
          if (!this.refusedQueries.has(scope.query ?? '')) {
            this.refusedQueries.add(scope.query ?? '');
            this.deps.log.warn(`[editor] the server refused the Issues view's search (${(err as Error).message}): no marks until the filter changes or the server takes it again`);
          }
          return { failed: err, viewRefused: true };
        }
        this.listedOnly.add(client.baseUrl);
        this.deps.log.warn(
          `[editor] ${client.baseUrl} refused the search by stack file name (${(err as Error).message}); marks come from the latest events of the listed issues on this server from now on`,
        );
        return 'refused';
      }
      // While a 429's reset is pending the client sends nothing: not worth a warning per file.
      const message = `[editor] could not search the issues of ${term}: ${(err as Error).message}`;
      if (errorKind(err) === 'rateLimited') this.deps.log.debug(message);
      else this.deps.log.warn(message);
      // Pages read before the failure still count; the next refresh reads the search whole.
      if (found.length === 0) return { failed: err };
      cut = true;
    }
    this.deps.store.upsert(scope.org, found, since);
    return { issues: found, pages, cut };
  }

  /** Whether the server answers the view's query alone (one issue): a probe after a 400 on a file's search. */
  private async takesViewQuery(client: SentryClient, query: IssueQuery): Promise<boolean> {
    try {
      this.searchRequests++;
      await this.deps.store.source.page(client, query);
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
  private listedIds(req: FindRequest): IssueRef[] {
    const listed = req.listed().slice(0, MAX_ISSUES);
    const ids = new Set(listed.map((r) => r.issueId));
    const kept: IssueRef[] = [];
    for (const marks of req.previous.values()) {
      for (const m of marks) {
        if (ids.has(m.issueId) || this.deps.store.pendingFor(m.issueId).length === 0) continue;
        ids.add(m.issueId);
        kept.push({ org: m.org, project: m.project, issueId: m.issueId });
      }
    }
    return [...listed, ...kept];
  }
}

/** The view's own query alone (one issue): the probe of whether a server takes it. */
function viewQuery(scope: MarkScope): IssueQuery {
  return { org: scope.org, projects: scope.projects, query: scope.query, statsPeriod: scope.statsPeriod, environments: scope.environments, window: scope.window, limit: 1 };
}

/** The question a file's search asks: another server, scope or path ending is another question. */
function searchKey(baseUrl: string, scope: MarkScope | undefined, term: string | undefined): string {
  return JSON.stringify([baseUrl, scope ?? null, term ?? null]);
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
