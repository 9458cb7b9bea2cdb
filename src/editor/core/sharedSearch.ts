/**
 * The open files' issues and their lines in one query, where one per file was asked before: Sentry's
 * events table, `query=is:unresolved (stack.filename:"*app/checkout.ts" OR stack.filename:"MainActivity.kt" …)`
 * with the issue id, the stack fields and last_seen(), sorted by it. Its rows name the issues and, in
 * the same answer, each issue's latest stack (./tableLines.ts reads a row), so N issues cost
 * ceil(rows/100) requests, and the issues the store does not hold yet one more per request line of
 * ids (`?group=`, SentryClient.listIssuesById, about 470 ids in 8 KB). No `vscode` import.
 *
 * Why this query, from Sentry's source:
 * - The issue search refuses OR (src/sentry/api/issue_search.py: `allow_boolean=False`, and
 *   event_search.py's "Boolean statements containing "OR" or "AND" are not supported in this search"),
 *   and a list `stack.filename:[…]` is hasAny on exact values, never wildcards
 *   (src/sentry/search/events/builder/base.py, default_filter_converter for ARRAY_FIELDS). The events
 *   table's search keeps the default `allow_boolean=True` (event_search.py, default_config), so OR
 *   joins the files' terms there, each still a case-sensitive LIKE or an exact element.
 * - `is:unresolved` and the other statuses are read by the errors dataset through group_attributes
 *   (src/sentry/search/events/builder/errors.py), as the issue search reads them; a view query with any
 *   other term (free text, tags, `assigned:`) means something else to the issue search, so such a
 *   view keeps the per-file issue searches (./markFinder.ts).
 * - `?group=` answers those issues whatever the query and window, unpaged
 *   (src/sentry/issues/endpoints/organization_group_index.py: "If group ids specified, just ignore any
 *   query components").
 * - A period is always sent, the view's (90 days, the list's default, for a view without one), and a
 *   refresh asks only from the newest last_seen() it knows, as each file's own search asks `lastSeen:>=`.
 *   A timeout is a 400 "Query timeout. Please try with a smaller date range or fewer conditions."
 *   (handle_query_errors in src/sentry/api/utils.py): asked again over the last 14 days once, then the
 *   files are searched one by one for that run.
 */
import type { SentryClient } from '../../api/client';
import type { EventsTableRow } from '../../model/event/eventsTable';
import type { TimeWindow } from '../../store/issueSource';
import { rowIssueId, TABLE_BATCH, TABLE_FIELDS, windowFrom } from './tableLines';

/**
 * The period of a view without a window of its own: the 90 days the organization issue list takes by
 * default (src/sentry/api/utils.py, MAX_STATS_PERIOD), so the marks are the issues the view lists, said
 * explicitly. A refresh asks only from the newest lastSeen it knows.
 */
export const SHARED_PERIOD = '90d';
/** What a timed-out search is asked over again: the period Sentry's own issue stream opens with. */
export const SHORTER_PERIOD = '14d';
/** Pages read of one shared search per file in it: 500 issue stacks a file, as much as a file's own search reads. */
export const MAX_PAGES_PER_FILE = 5;

/** The statuses `is:` takes that the errors dataset reads as the issue search does. */
const STATUS_TERM = /^is:(?:unresolved|resolved|ignored|archived)$/;

/**
 * The view's query as the shared search sends it: its `is:` statuses (the server's default
 * `is:unresolved` when it has none), or undefined when it holds any other term, which only the issue
 * search reads as the view means it.
 */
export function sharedStatus(viewQuery: string | undefined): string | undefined {
  if (viewQuery === undefined) return 'is:unresolved';
  const terms = viewQuery.trim().split(/\s+/).filter(Boolean);
  return terms.every((t) => STATUS_TERM.test(t)) ? terms.join(' ') : undefined;
}

/** The statuses, then the files' terms joined by OR. */
export function sharedQuery(status: string, terms: readonly string[]): string {
  const files = terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
  return [status, files].filter(Boolean).join(' ');
}

/** A file's term (fileQuery.ts `stack.filename:"…"`): its value, unescaped as event_search.py reads a quoted value. */
export function termValue(term: string): string | undefined {
  const m = /^stack\.filename:"((?:[^"\\]|\\.)*)"$/.exec(term);
  return m ? m[1].replace(/\\(["\\])/g, '$1') : undefined;
}

/**
 * Whether a row's stack is one a term found, as the server matched it: `*` at the start a
 * case-sensitive ending, else an exact element. Tells which open files an issue touches.
 */
export function rowMatches(row: EventsTableRow, term: string): boolean {
  const value = termValue(term);
  const names = row['stack.filename'];
  if (value === undefined || !Array.isArray(names)) return false;
  const ending = value.startsWith('*') ? value.slice(1) : undefined;
  return names.some((n) => typeof n === 'string' && (ending !== undefined ? n.endsWith(ending) : n === value));
}

export interface SharedFile {
  readonly key: string;
  readonly term: string;
}

export interface SharedRequest {
  readonly org: string;
  readonly projects: readonly string[];
  readonly environments?: readonly string[];
  /** The view's window, else SHARED_PERIOD. */
  readonly window?: TimeWindow;
  /** Only events from this instant (ms, the server's clock): a refresh's delta. */
  readonly since?: number;
  readonly status: string;
  readonly files: readonly SharedFile[];
}

export interface SharedAnswer {
  /** Per file key, the issues whose stacks touch it (the server's order: latest first). */
  readonly byFile: ReadonlyMap<string, readonly string[]>;
  /** Each issue's first row: its latest stack. */
  readonly rows: ReadonlyMap<string, EventsTableRow>;
  readonly pages: number;
  /** A page failed after others were read: not a whole answer. */
  readonly cut: boolean;
  /** Asked over SHORTER_PERIOD after a timeout. */
  readonly shortened: boolean;
  /** The newest last_seen() of the rows (ms), what the next refresh asks from. */
  readonly newest?: number;
  /** Each issue's last_seen() in its first row (ms): which issues changed since the store's copy. */
  readonly seen: ReadonlyMap<string, number>;
}

/** The time parameters of the search: the view's window, or the bounded default; from `since` to a minute from `now` for a delta. */
export function sharedWindow(window: TimeWindow | undefined, since?: number, now?: number): { statsPeriod?: string; start?: string; end?: string } {
  if (since !== undefined && now !== undefined) return windowFrom(since, now);
  if (!window) return { statsPeriod: SHARED_PERIOD };
  return 'period' in window ? { statsPeriod: window.period } : { start: window.start, ...(window.end ? { end: window.end } : {}) };
}

/** A row's last_seen() as ms, when it is a date. */
function seenOf(row: EventsTableRow): number | undefined {
  const v = row['last_seen()'];
  const t = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Reads the shared search page after page. Throws the first page's failure (the caller decides:
 * a timeout is asked again over SHORTER_PERIOD by `searchShared`); a later page's failure cuts the answer.
 */
async function readPages(client: SentryClient, req: SharedRequest, time: ReturnType<typeof sharedWindow>, count: () => void): Promise<Omit<SharedAnswer, 'shortened'>> {
  const seen = new Map<string, number>();
  let newest: number | undefined;
  const query = sharedQuery(
    req.status,
    req.files.map((f) => f.term),
  );
  const rows = new Map<string, EventsTableRow>();
  const byFile = new Map<string, string[]>(req.files.map((f) => [f.key, []]));
  let cursor: string | undefined;
  let pages = 0;
  let cut = false;
  for (const most = MAX_PAGES_PER_FILE * req.files.length; pages < most;) {
    let page;
    try {
      count();
      page = await client.listEventsTable(req.org, {
        dataset: 'errors',
        fields: TABLE_FIELDS,
        sort: '-last_seen()',
        perPage: TABLE_BATCH,
        query,
        project: req.projects,
        environment: req.environments,
        ...time,
        cursor,
      });
    } catch (err) {
      if (pages === 0) throw err;
      cut = true;
      break;
    }
    pages++;
    for (const row of page.items) {
      const id = rowIssueId(row);
      // Rows come newest first: an issue's first row is its latest stack.
      if (id === undefined || rows.has(id)) continue;
      rows.set(id, row);
      const t = seenOf(row);
      if (t !== undefined) {
        seen.set(id, t);
        newest = Math.max(newest ?? t, t);
      }
    }
    // Every row of an issue, not only its first, says which files it touches.
    for (const row of page.items) {
      const id = rowIssueId(row);
      if (id === undefined) continue;
      for (const f of req.files) {
        const ids = byFile.get(f.key)!;
        if (!ids.includes(id) && rowMatches(row, f.term)) ids.push(id);
      }
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { byFile, rows, pages, cut, seen, ...(newest !== undefined ? { newest } : {}) };
}

/** The shared search, asked again over SHORTER_PERIOD when the server timed out on it. */
export async function searchShared(client: SentryClient, req: SharedRequest, isTimeout: (err: unknown) => boolean, count: () => void, now: number): Promise<SharedAnswer> {
  try {
    return { ...(await readPages(client, req, sharedWindow(req.window, req.since, now), count)), shortened: false };
  } catch (err) {
    // A delta's window is already short; a view's own period of a day or less too.
    if (!isTimeout(err) || req.since !== undefined || (req.window && 'period' in req.window && /^(?:\d+[smh]|1d)$/.test(req.window.period))) throw err;
    return { ...(await readPages(client, req, { statsPeriod: SHORTER_PERIOD }, count)), shortened: true };
  }
}
