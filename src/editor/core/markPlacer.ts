/**
 * Where the issues a run of ./markFinder.ts found belong: each issue's line, read only when its location
 * is not known under its current `lastSeen` and its own fields do not place it in a file that is not
 * open, from Sentry's events table up to 100 issues a request (./tableLines.ts), else (a server that
 * refuses the table) from each issue's latest event, at most four requests at a time; then mapped to a
 * workspace file and line. The finder decides which issues; this decides where they go. No `vscode` import.
 */
import type { SentryClient } from '../../api/client';
import { errorKind } from '../../contracts/errors';
import type { IssueRef } from '../../contracts/issueRef';
import type { IssueStore } from '../../store/issueStore';
import { mapPool } from '../../util/pool';
import { baseName, mayLandIn } from './fileQuery';
import { parseServerLocation } from './location';
import { seenVersion, type KnownFrame, type KnownLocation, type KnownText, type LocationCache } from './locationCache';
import { keyedText, type ExpectedText } from './movedLines';
import { isMarked, newestInAppLocation, type PlacedMark } from './marks';
import { TableLines, tableBatches, type TableIssue } from './tableLines';
import type { FrameFields } from '../../model/event/framePath';

export interface FinderLog {
  info(message: string): void;
  warn(message: string): void;
  debug(message: string): void;
}

/** Where a frame's file is in the workspace: one file (its key), or several equally likely ones. */
export interface Placement {
  readonly files: readonly string[];
}

/** Resolves a frame (its path fields) of an issue of the project with this numeric id to workspace files; undefined: none. */
export type ResolveFrame = (frame: FrameFields, projectId: string | undefined) => Promise<Placement | undefined>;

export interface PlacerDeps {
  store: Pick<IssueStore, 'issue' | 'pendingFor' | 'eventText'>;
  /** The workspace files a frame maps to (src/editor/core/frameResolver.ts through the glue's index). */
  resolve: ResolveFrame;
  cache: LocationCache;
  /** An open document's line (0-based) and neighbours now, compacted: a mark's text when no event's is known. */
  lineText?: (file: string, line: number) => ExpectedText | undefined;
  now: () => number;
  log: FinderLog;
  /** `latestEvent`: every line from its issue's latest event on every server, the way before the events table (the benchmark's baseline). */
  lines?: 'eventsTable' | 'latestEvent';
}

/** What a run hands the placer: the open files, the marks placed before, and where partial draws go. */
export interface PlaceRequest {
  readonly client: SentryClient;
  /** Whether the issues were found per open file (else they are the listed issues). */
  readonly perFile: boolean;
  readonly files: readonly { readonly key: string; readonly relativePath: string }[];
  /** The Issues view's query: an issue it no longer lists is not drawn (see `isMarked`). */
  readonly scope?: { readonly query?: string };
  readonly previous: ReadonlyMap<string, readonly PlacedMark[]>;
  readonly onProgress?: (marks: Map<string, PlacedMark[]>) => void;
}

/** An event read that failed in a run (logged once for the run). */
export interface ReadFailure {
  readonly issueId: string;
  readonly err: unknown;
}

/** Where a located issue went: a file key, no workspace file (the server path), no location, or not looked up. */
export type Outcome = { readonly file: string; readonly ambiguous?: readonly string[] } | { readonly unmapped: string } | 'noLocation' | 'elsewhere' | 'skipped';

const CONCURRENCY = 4;
/** A partial draw after this many issues were located by a request, or this long after the last one. */
const PROGRESS_EVERY = 20;
const PROGRESS_MS = 500;

export class MarkPlacer {
  /** Event requests made so far (for the figures). */
  requests = 0;
  private readonly table: TableLines;
  /** Servers whose events table timed out, said once each. */
  private readonly timeoutSaid = new Set<string>();

  constructor(private readonly deps: PlacerDeps) {
    this.table = new TableLines(deps.log);
  }

  /** Events-table requests made so far (for the figures). */
  get tableRequests(): number {
    return this.table.requests;
  }

  /** Where a server's lines come from: its events table, or (it refused the table) each issue's latest event. */
  linesFrom(baseUrl: string): 'eventsTable' | 'latestEvent' {
    return this.deps.lines !== 'latestEvent' && this.table.available(baseUrl) ? 'eventsTable' : 'latestEvent';
  }

  /** What is known of an issue's place under this version (its lastSeen), if anything. */
  known(client: SentryClient, issueId: string, version: string | undefined): KnownLocation | undefined {
    return this.deps.cache.get(locationKey(client, issueId), version);
  }

  /** The server refused the events table to another read (the finder's shared search, a 403, 404 or 410). */
  refuseTable(baseUrl: string, err: unknown): void {
    this.table.refuse(baseUrl, err);
  }

  /** Keeps what another read (the finder's shared search) learned of an issue's place. */
  learn(client: SentryClient, issueId: string, known: KnownLocation): void {
    this.deps.cache.set(locationKey(client, issueId), known);
  }

  /** Forgets which servers refused the table (sign-out, another session). */
  forget(): void {
    this.table.forget();
    this.timeoutSaid.clear();
  }

  /**
   * The latest event's location of an issue under `lastSeen`, reading it when unknown. A failed read
   * is logged, or added to `failures` (a run logs them in one line).
   */
  async knownFor(client: SentryClient, ref: IssueRef, lastSeen: string | undefined, failures?: ReadFailure[]): Promise<KnownLocation | undefined> {
    const key = locationKey(client, ref.issueId);
    // Without a lastSeen to compare, what was read before may be old: ask again.
    const cached = this.deps.cache.get(key, lastSeen);
    if (cached) return cached;
    try {
      this.requests++;
      const page = await client.listIssueEvents(ref.org, ref.issueId, { perPage: 1 });
      return this.deps.cache.set(key, { lastSeen, location: page.items[0]?.location ?? null, at: this.deps.now() });
    } catch (err) {
      if (failures) failures.push({ issueId: ref.issueId, err });
      else this.deps.log.warn(`[editor] could not read the latest event of ${this.nameOf(ref.issueId)}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** Locates `refs` (requests only where needed): the marks per file key. */
  async place(refs: readonly IssueRef[], req: PlaceRequest, waiting: ReadonlySet<string>, outcomes: Map<string, Outcome>): Promise<Map<string, PlacedMark[]>> {
    const { client, perFile } = req;
    const open = new Set(req.files.map((f) => f.key));
    const openNames = new Set(req.files.map((f) => baseName(f.relativePath)));
    const next = new Map<string, PlacedMark[]>();
    const failures: ReadFailure[] = [];
    /** Issues the events table located in this run: their shared request counts for the partial draws. */
    const fromTable = new Set<string>();
    /** Issues whose table request failed in this run: they keep the place known before, with no event request. */
    const unreadable = new Set<string>();
    /** What is known of an issue's place without a request, or why it needs none; undefined: it needs one. */
    const settled = (ref: IssueRef): { known: KnownLocation } | { outcome: 'skipped' | 'elsewhere' } | undefined => {
      const issue = this.deps.store.issue(ref.issueId);
      const key = locationKey(client, ref.issueId);
      const known = this.deps.cache.get(key, seenVersion(issue)) ?? (waiting.has(ref.issueId) ? this.deps.cache.peek(key) : undefined);
      if (known) return { known };
      if (perFile && issue) {
        // Not drawn (resolved or archived, under a query of open issues) and no change pending: its line is not worth a request.
        if (!isMarked(issue, req.scope?.query) && this.deps.store.pendingFor(ref.issueId).length === 0) return { outcome: 'skipped' };
        // The issue's own fields say its latest event is in a file that is not open.
        if (!mayLandIn(issue, openNames)) return { outcome: 'elsewhere' };
      }
      return undefined;
    };
    /** Places one issue; true when it took a request (what makes a partial draw worth it). */
    const locate = async (ref: IssueRef): Promise<boolean> => {
      const key = locationKey(client, ref.issueId);
      const pre = settled(ref);
      let asked = fromTable.has(ref.issueId);
      const outcome = (o: Outcome) => (outcomes.set(ref.issueId, o), asked);
      if (pre && 'outcome' in pre) return outcome(pre.outcome);
      let known = pre?.known;
      if (!known && unreadable.has(ref.issueId)) known = this.deps.cache.peek(key);
      else if (!known) {
        asked = true;
        // Unreadable now (held back by a 429, a server error, offline): the place known before stays.
        known = (await this.knownFor(client, ref, seenVersion(this.deps.store.issue(ref.issueId)), failures)) ?? this.deps.cache.peek(key);
      }
      if (!known?.location) return outcome('noLocation');
      const parsed = parseServerLocation(known.location);
      if (!parsed) return outcome('noLocation');
      const issue = this.deps.store.issue(ref.issueId);
      const platform = platformOf(issue);
      const projectId = issue?.project.id;
      // The raw path: user mappings match what the server sent, not the normalised form.
      let placement = await this.deps.resolve(known.fields ?? { filename: parsed.raw, ...(platform ? { platform } : {}) }, projectId);
      if (!placement) return outcome({ unmapped: parsed.raw });
      let target = { files: placement.files, raw: parsed.raw, line: parsed.line, column: parsed.column, source: 'location' as PlacedMark['source'] };
      // No line, or a bare name several files share with nothing to tell them apart: the latest full event's frame says.
      const tell = placement.files.length > 1 && !known.fields;
      if (parsed.line === undefined || tell) {
        // Only for files the user has open: a full event is a larger request.
        if (!placement.files.some((f) => open.has(f))) return outcome({ file: placement.files[0] });
        asked ||= known.frame === undefined;
        const frame = await this.frameFor(client, ref, known, failures);
        if (frame?.line) {
          placement = await this.deps.resolve(frame.fields ?? { filename: frame.raw, ...(platform ? { platform } : {}) }, projectId);
          if (!placement) return outcome({ unmapped: frame.raw });
          target = { files: placement.files, raw: frame.raw, line: frame.line, column: frame.column, source: 'frame' };
        } else if (parsed.line === undefined) return outcome('noLocation');
      }
      const [first, ...rest] = target.files;
      for (const file of target.files) {
        const text = this.textFor(client, ref.issueId, file, target.raw, target.line!);
        const alsoIn = target.files.filter((f) => f !== file);
        const mark: PlacedMark = {
          org: ref.org,
          project: ref.project,
          issueId: ref.issueId,
          line: target.line! - 1,
          column: target.column,
          source: target.source,
          ...(text ? { text } : {}),
          ...(alsoIn.length ? { alsoIn } : {}),
        };
        next.set(file, [...(next.get(file) ?? []), mark]);
      }
      return outcome(rest.length ? { file: first, ambiguous: target.files } : { file: first });
    };
    const progress = this.progress(req, refs, next);
    const placeAll = (list: readonly IssueRef[]) => mapPool(list, CONCURRENCY, async (ref) => progress(ref.issueId, await locate(ref)));
    let tableFailure: { err: unknown; count: number } | undefined;
    const placed = new Set<string>();
    if (this.linesFrom(client.baseUrl) === 'eventsTable') {
      // The issues that need a line, batch by batch (visible files' first), each batch placed (and drawn) as it is answered.
      const wanted = refs.filter((ref) => settled(ref) === undefined).flatMap((ref) => this.tableIssue(ref));
      for (const batch of tableBatches(wanted)) {
        if (!this.table.available(client.baseUrl)) break;
        const answer = await this.table.read(client, batch, this.deps.now);
        for (const [id, known] of answer.located) {
          this.deps.cache.set(locationKey(client, id), known);
          fromTable.add(id);
        }
        if (answer.timedOut) {
          // Read one by one this once (the window is already the narrowest); the next run asks the table again.
          this.sayTimeout(client.baseUrl, answer.failed, batch.length);
        } else if (answer.failed !== undefined) {
          const missed = batch.filter((i) => !answer.located.has(i.issueId));
          missed.forEach((i) => unreadable.add(i.issueId));
          tableFailure = { err: tableFailure?.err ?? answer.failed, count: (tableFailure?.count ?? 0) + missed.length };
        }
        const ids = new Set(batch.map((i) => i.issueId));
        const batchRefs = refs.filter((ref) => ids.has(ref.issueId) && !placed.has(ref.issueId));
        await placeAll(batchRefs);
        batchRefs.forEach((ref) => placed.add(ref.issueId));
      }
    }
    await placeAll(refs.filter((ref) => !placed.has(ref.issueId)));
    this.logFailures(failures);
    if (tableFailure) this.logTableFailure(tableFailure.err, tableFailure.count);
    this.deps.log.info(
      `[editor] ${[...next.values()].reduce((n, m) => n + m.length, 0)} issue marks in ${next.size} files from ${refs.length} ${perFile ? 'issues found for the open files' : 'listed issues'}`,
    );
    return next;
  }

  /** An issue as the events table is asked for it: its project's id is in the store's copy of the issue. */
  private tableIssue(ref: IssueRef): TableIssue[] {
    const issue = this.deps.store.issue(ref.issueId);
    const projectId = issue?.project.id;
    const platform = platformOf(issue);
    return projectId && /^\d{1,20}$/.test(projectId) ? [{ org: ref.org, issueId: ref.issueId, projectId, lastSeen: seenVersion(issue), ...(platform ? { platform } : {}) }] : [];
  }

  /**
   * Called as each of `refs` is placed (`asked`: it took a request): hands `onProgress` the marks so
   * far, with the previous marks of the issues not placed yet, every PROGRESS_EVERY located by a request
   * or PROGRESS_MS after the last draw. Nothing when no request was needed: the run ends at once.
   */
  private progress(req: PlaceRequest, refs: readonly IssueRef[], next: ReadonlyMap<string, readonly PlacedMark[]>): (issueId: string, asked: boolean) => void {
    const onProgress = req.onProgress;
    if (!onProgress) return () => undefined;
    const unplaced = new Set(refs.map((r) => r.issueId));
    let asked = 0;
    let last = this.deps.now();
    return (issueId, took) => {
      unplaced.delete(issueId);
      if (took) asked++;
      if (asked === 0 || unplaced.size === 0 || (asked < PROGRESS_EVERY && this.deps.now() - last < PROGRESS_MS)) return;
      asked = 0;
      last = this.deps.now();
      const partial = new Map([...next].map(([file, marks]) => [file, [...marks]]));
      for (const [file, marks] of req.previous) {
        const waiting = marks.filter((m) => unplaced.has(m.issueId));
        if (waiting.length) partial.set(file, [...(partial.get(file) ?? []), ...waiting]);
      }
      onProgress(partial);
    };
  }

  private async frameFor(client: SentryClient, ref: IssueRef, known: KnownLocation, failures: ReadFailure[]): Promise<KnownFrame | null | undefined> {
    if (known.frame !== undefined) return known.frame;
    try {
      this.requests++;
      const page = await client.listIssueEvents(ref.org, ref.issueId, { perPage: 1, full: true });
      const frame = page.items[0] ? (newestInAppLocation(page.items[0]) ?? null) : null;
      if (page.items[0]) this.deps.store.eventText.record(client.baseUrl, ref.issueId, page.items[0]);
      this.deps.cache.setFrame(locationKey(client, ref.issueId), frame);
      return frame;
    } catch (err) {
      failures.push({ issueId: ref.issueId, err });
      return undefined;
    }
  }

  /**
   * The text of a location (`raw` as the server sent it, 1-based `line`): a full event's frame read
   * by any feature wins; else what was kept for that location; else the open document's line as it
   * is now, kept as the baseline later versions of the file are compared with. No request of its own.
   */
  private textFor(client: SentryClient, issueId: string, file: string, raw: string, line: number): KnownText | undefined {
    const key = locationKey(client, issueId);
    const at = `${raw}:${line}`;
    const kept = this.deps.cache.peek(key)?.text;
    const read = this.deps.store.eventText.find(client.baseUrl, issueId, raw, line);
    const shown = read || kept?.at === at ? undefined : this.deps.lineText?.(file, line - 1);
    // Kept as keys of the lines, never the lines: workspace storage outlives a secret in the file.
    const text: KnownText | undefined = read ? { at, ...keyedText(read), source: 'event' } : kept?.at === at ? kept : shown && { at, ...keyedText(shown), source: 'editor' };
    // Written only when it changed: a run that learned nothing new leaves workspace storage alone.
    if (text && text !== kept && JSON.stringify(text) !== JSON.stringify(kept)) this.deps.cache.setText(key, text);
    return text;
  }

  /** One line for a run's failed reads (hundreds while a 429 holds them back), naming the first. */
  private logFailures(failures: readonly ReadFailure[]): void {
    if (!failures.length) return;
    const [{ issueId, err }] = failures;
    const message = `[editor] could not read the latest event of ${failures.length} issue${failures.length === 1 ? '' : 's'} (${this.nameOf(issueId)}: ${(err as Error).message}); their marks stay where they were known`;
    if (failures.every((f) => errorKind(f.err) === 'rateLimited')) this.deps.log.debug(message);
    else this.deps.log.warn(message);
  }

  /** Once per server: a batch of the table timed out, and its issues were read one by one. */
  private sayTimeout(baseUrl: string, err: unknown, count: number): void {
    if (this.timeoutSaid.has(baseUrl)) return;
    this.timeoutSaid.add(baseUrl);
    this.deps.log.warn(
      `[editor] ${baseUrl} timed out on the events table (${(err as Error).message}); the lines of those ${count} issues were read from each issue's latest event instead (said once)`,
    );
  }

  /** One line for a run's failed events-table reads: those issues' marks stay where they were. */
  private logTableFailure(err: unknown, count: number): void {
    const message = `[editor] could not read the lines of ${count} issue${count === 1 ? '' : 's'} from the events table (${(err as Error).message}); their marks stay where they were known`;
    if (errorKind(err) === 'rateLimited') this.deps.log.debug(message);
    else this.deps.log.warn(message);
  }

  private nameOf(issueId: string): string {
    return this.deps.store.issue(issueId)?.shortId ?? issueId;
  }
}

/** An issue's platform (its events' and its project's), which says how its frames name files. */
export function platformOf(issue: { platform?: unknown; project?: Record<string, unknown> } | undefined): string | undefined {
  const p = issue?.platform ?? issue?.project?.platform;
  return typeof p === 'string' && p.length <= 100 ? p : undefined;
}

/** What is known of an issue's location is kept per server: the cache's key. */
function locationKey(client: Pick<SentryClient, 'baseUrl'>, issueId: string): string {
  return `${client.baseUrl} ${issueId}`;
}
