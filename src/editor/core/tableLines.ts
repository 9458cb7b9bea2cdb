/**
 * Issues' lines from Sentry's events table, up to 100 issues a request, where the older way reads each
 * issue's latest event (one request an issue): for the issues of one project,
 * `GET /organizations/{org}/events/?dataset=errors&field=issue.id&field=stack.filename&field=stack.abs_path
 * &field=stack.lineno&field=stack.in_app&field=last_seen()&sort=-last_seen()&query=issue.id:[…]`.
 * A server that refuses it (403, 404, or a 400 other than a timeout) is said once in the log and
 * located the older way from then on. No `vscode` import.
 *
 * Why this query, from Sentry's source:
 * - With a function among the fields, every other field is grouped by, arrays included
 *   (src/sentry/search/events/builder/base.py, resolve_groupby), so a row is one issue and one stack, not
 *   one event: a busy issue costs one row, not one per event. last_seen() is max(timestamp) of the
 *   group (src/sentry/search/events/datasets/discover.py) and the sort may name it, as a selected field
 *   (resolve_orderby: "Cannot sort by a field that is not selected."): an issue's first row is the stack
 *   of its latest event, the event the older way reads. Sentry's own issues-hotspots endpoint reads
 *   `stack.filename` arrays beside `count()` from this endpoint's rows
 *   (src/sentry/api/endpoints/organization_issues_hotspots.py).
 * - No aggregate gives the frames of an issue's latest event in one row of the issue alone (latest_event()
 *   is argMax(id, timestamp), an id; group_uniq_array is private), and a row holds one group: 100 rows a
 *   page (src/sentry/api/base.py, get_per_page; the OpenAPI: "Default and maximum allowed is 100") are at
 *   most 100 issues, so N issues take at least ceil(N/100) requests. Only an issue whose stack changed
 *   between events (its lines moved in a release) adds rows.
 * - `issue.id:[…]` is an IN on group_id (datasets/discover.py, _issue_id_filter_converter): exactly the
 *   issues whose line is not known, whichever open files found them, so the files share the requests. A
 *   search by file (`stack.filename:"*a/b.ts"`, or several joined by OR, which this search takes) would
 *   bring the issues already known too, and its list form `stack.filename:["*a","*b"]` is hasAny on exact
 *   values, never wildcards (builder/base.py, default_filter_converter for ARRAY_FIELDS).
 * - A window from the oldest lastSeen of the batch (tableWindow), never the server's whole 90-day default
 *   (src/sentry/api/utils.py, MAX_STATS_PERIOD); no environment, as the older way sends none. One project a request:
 *   several need the `global-views` feature (src/sentry/api/bases/organization_events.py).
 * - stack.colno, stack.function and timestamp are left out: more grouped fields only split an issue's
 *   rows, and timestamp would make a row of every event.
 */
import type { SentryClient } from '../../api/client';
import type { EventsTableParams, EventsTableRow } from '../../model/event/eventsTable';
import { errorKind } from '../../contracts/errors';
import { isoSeconds } from '../../format/time';
import { parseServerLocation } from './location';
import { readFrameFields, type FrameFields } from '../../model/event/framePath';
import type { KnownFrame, KnownLocation } from './locationCache';

/**
 * stack.module and stack.package (exception_frames.module/.package in src/sentry/snuba/events.py) tell
 * same-named files apart: a JVM class's package, a Cocoa frame's package folder, a Dart package.
 * sdk.name (the event's SDK, Columns.SDK_NAME there) with the issue's platform chooses the path
 * Sentry applies a code mapping to (a Flutter event's `package:` URIs are munged, a pure Dart one's
 * are not: ../../model/event/mungedPath.ts).
 */
export const TABLE_FIELDS = ['issue.id', 'stack.filename', 'stack.abs_path', 'stack.module', 'stack.package', 'stack.lineno', 'stack.in_app', 'sdk.name', 'last_seen()'] as const;
/** Issues a request (and rows a page: the server's most). */
export const TABLE_BATCH = 100;
/** Frames read of one row: a stack longer than this is a hostile answer, not a crash. */
const MAX_FRAMES = 1000;

/** An issue whose line is wanted: its id, its project's numeric id, and the lastSeen its line is kept under. */
export interface TableIssue {
  readonly org: string;
  readonly issueId: string;
  readonly projectId: string;
  readonly lastSeen: string | undefined;
  /** The issue's platform (its events'), which says how its frames name files. */
  readonly platform?: string;
}

/** What one batch answered: the issues located, those with no event in the window, and a failure or refusal. */
export interface TableAnswer {
  readonly located: ReadonlyMap<string, KnownLocation>;
  /**
   * Asked for, answered whole, and without any row: no error event of theirs in the last 90 days (the
   * errors dataset holds no other kind of issue). The older way reads them, as it read every issue.
   */
  readonly noRow: readonly string[];
  readonly failed?: unknown;
  /**
   * The server gave up on the query (a 400 "Query timeout", src/sentry/api/utils.py handle_query_errors):
   * the window is already the narrowest that holds the latest events, so the batch's issues are read
   * one by one, this once.
   */
  readonly timedOut?: boolean;
  /** The server refused the table: from now on, it is located the older way. */
  readonly refused?: boolean;
}

export interface TableLog {
  warn(message: string): void;
}

/** Batches of at most TABLE_BATCH issues of one organization and project, in the order the issues came. */
export function tableBatches(issues: readonly TableIssue[]): TableIssue[][] {
  const open = new Map<string, TableIssue[]>();
  const out: TableIssue[][] = [];
  for (const issue of issues) {
    const key = `${issue.org} ${issue.projectId}`;
    let batch = open.get(key);
    if (!batch || batch.length >= TABLE_BATCH) {
      batch = [];
      open.set(key, batch);
      out.push(batch);
    }
    batch.push(issue);
  }
  return out;
}

const HOUR = 3_600_000;
/** The server's default and longest window (src/sentry/api/utils.py, MAX_STATS_PERIOD). */
const MAX_WINDOW_MS = 90 * 24 * HOUR;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The window that holds these issues' latest events and little else: from an hour before the oldest
 * lastSeen among them (the server's clock may differ from its event timestamps) to a minute from now;
 * 90 days, said explicitly, when one has no date (a server without seen stats). A query without a
 * period scans the server's whole 90-day default, the slowest a query can be.
 */
export function tableWindow(issues: readonly Pick<TableIssue, 'lastSeen'>[], now: number): Pick<EventsTableParams, 'statsPeriod' | 'start' | 'end'> {
  const seen = issues.map((i) => (i.lastSeen && ISO.test(i.lastSeen) ? Date.parse(i.lastSeen) : NaN));
  if (seen.some((t) => Number.isNaN(t))) return { statsPeriod: '90d' };
  return windowFrom(Math.max(Math.min(...seen) - HOUR, now - MAX_WINDOW_MS), now);
}

/** From `start` (ms) to a minute from `now`, as Sentry's start and end parameters take them (to the second, rounded down). */
export function windowFrom(start: number, now: number): { start: string; end: string } {
  return { start: isoSeconds(start), end: isoSeconds(Math.max(now, start) + 60_000) };
}

/** The request for these issues (all of one project), over the window of their latest events. */
export function tableQuery(issues: readonly TableIssue[], now: number): EventsTableParams {
  return {
    dataset: 'errors',
    fields: TABLE_FIELDS,
    sort: '-last_seen()',
    perPage: TABLE_BATCH,
    project: [issues[0].projectId],
    query: `issue.id:[${issues.map((i) => i.issueId).join(',')}]`,
    ...tableWindow(issues, now),
  };
}

/** A row's issue id, when it is one (digits, as a number or a string). */
export function rowIssueId(row: EventsTableRow): string | undefined {
  const v = row['issue.id'];
  const text = typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v;
  return typeof text === 'string' && /^\d{1,30}$/.test(text) ? text : undefined;
}

interface RowFrame {
  readonly path?: string;
  readonly line?: number;
  readonly inApp: boolean;
  readonly fields: FrameFields;
}

/** The row's frames, oldest first (exception_frames.* keep Sentry's order), read defensively. */
function framesOf(row: EventsTableRow, platform?: string): RowFrame[] {
  const sdk = typeof row['sdk.name'] === 'string' ? row['sdk.name'] : undefined;
  const list = (key: string): readonly unknown[] => (Array.isArray(row[key]) ? (row[key] as unknown[]) : []);
  const filenames = list('stack.filename');
  const absPaths = list('stack.abs_path');
  const lines = list('stack.lineno');
  const inApp = list('stack.in_app');
  const modules = list('stack.module');
  const packages = list('stack.package');
  const n = Math.min(Math.max(filenames.length, absPaths.length), MAX_FRAMES);
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const frames: RowFrame[] = [];
  for (let k = 0; k < n; k++) {
    const line = lines[k];
    frames.push({
      path: text(filenames[k]) ?? text(absPaths[k]),
      line: typeof line === 'number' && Number.isSafeInteger(line) && line > 0 ? line : undefined,
      inApp: inApp[k] === true || inApp[k] === 1,
      fields: readFrameFields({ filename: filenames[k], absPath: absPaths[k], module: modules[k], package: packages[k] }, platform, sdk),
    });
  }
  return frames;
}

/**
 * What the older way learns of an issue from its latest event, from the row of its latest stack: the
 * `location` (the newest in-app frame, else the newest frame: `path:line`, or the path alone when that
 * frame has no line) and the newest in-app frame with a line, the one a bare location is placed by.
 */
export function knownFromRow(row: EventsTableRow, lastSeen: string | undefined, at: number, platform?: string): KnownLocation {
  const frames = framesOf(row, platform).filter((f) => f.path !== undefined);
  const inApp = frames.filter((f) => f.inApp);
  const crash = inApp[inApp.length - 1] ?? frames[frames.length - 1];
  const location = crash ? (crash.line ? `${crash.path}:${crash.line}` : crash.path!) : null;
  const lined = [...inApp].reverse().find((f) => f.line !== undefined);
  const parsed = lined ? parseServerLocation(lined.path) : undefined;
  const frame: KnownFrame | null = parsed && lined ? { raw: parsed.raw, path: parsed.path, line: lined.line, fields: lined.fields } : null;
  return { lastSeen, location, ...(crash ? { fields: crash.fields } : {}), frame, at };
}

/** Whether a failure means the server (or the plan) does not serve the table, rather than that it failed now. */
function isRefusal(err: unknown): boolean {
  const kind = errorKind(err);
  return kind === 'forbidden' || kind === 'notFound' || kind === 'badRequest' || kind === 'gone';
}

export class TableLines {
  /** Events-table requests made so far (for the figures). */
  requests = 0;
  /** Servers that refused the table. */
  private readonly refused = new Set<string>();

  constructor(private readonly log: TableLog) {}

  /** Whether the server is asked the table (it did not refuse it). */
  available(baseUrl: string): boolean {
    return !this.refused.has(baseUrl);
  }

  /** The server refused the table (here, or to the finder's shared search): said once, and lines come from each issue's latest event. */
  refuse(baseUrl: string, err: unknown): void {
    if (this.refused.has(baseUrl)) return;
    this.refused.add(baseUrl);
    this.log.warn(`[editor] ${baseUrl} refused the events table (${(err as Error).message}); lines come from each issue's latest event on this server from now on`);
  }

  /** Forgets the refusals (sign-out, another session: another account may be allowed). */
  forget(): void {
    this.refused.clear();
  }

  /**
   * The lines of one batch (tableBatches): one request, and another for the issues without a row while
   * a page came back full (rows of other issues' older stacks took the room).
   */
  async read(client: SentryClient, batch: readonly TableIssue[], now: () => number): Promise<TableAnswer> {
    const located = new Map<string, KnownLocation>();
    const noRow: string[] = [];
    let pending = [...batch];
    while (pending.length) {
      let rows: readonly EventsTableRow[];
      try {
        this.requests++;
        rows = (await client.listEventsTable(pending[0].org, tableQuery(pending, now()))).items;
      } catch (err) {
        if (errorKind(err) === 'queryTimeout') return { located, noRow, failed: err, timedOut: true };
        if (!isRefusal(err)) return { located, noRow, failed: err };
        this.refuse(client.baseUrl, err);
        return { located, noRow, refused: true };
      }
      const wanted = new Map(pending.map((i) => [i.issueId, i]));
      let placed = 0;
      for (const row of rows) {
        const id = rowIssueId(row);
        const issue = id === undefined ? undefined : wanted.get(id);
        // Rows come newest first: an issue's first row is its latest stack.
        if (!issue || located.has(issue.issueId)) continue;
        located.set(issue.issueId, knownFromRow(row, issue.lastSeen, now(), issue.platform));
        placed++;
      }
      const rest = pending.filter((i) => !located.has(i.issueId));
      // A page not full held every row there is: the rest have no event in the window.
      if (rows.length < TABLE_BATCH) {
        noRow.push(...rest.map((i) => i.issueId));
        break;
      }
      // A full page that placed nothing new cannot be asked again usefully: the rest go the older way.
      if (placed === 0) break;
      pending = rest;
    }
    return { located, noRow };
  }
}
