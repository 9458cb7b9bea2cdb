/**
 * Sentry's events table (GET /api/0/organizations/{org}/events/, "Query Explore Events in Table
 * Format"): rows of the fields asked for, many events' (or groups of events') in one request, where
 * the issue event list answers one issue at a time. The parameters, the checks made before a request
 * (the server's own limits, so a request it would refuse is never sent) and the answer's schema.
 * SentryClient.listEventsTable sends it. No `vscode` import.
 */
import * as z from '../z';
import { checkPerPage } from '../../api/requestRules';

/**
 * src/sentry/api/bases/organization_events.py (get_snuba_params): more fields than MAX_FIELDS
 * (src/sentry/utils/snuba.py) is a 400 "You can view up to 20 fields at a time".
 */
export const MAX_TABLE_FIELDS = 20;

export interface EventsTableParams {
  /** Which dataset: `errors`, the error events (src/sentry/snuba/utils.py, DATASET_OPTIONS). */
  readonly dataset: 'errors';
  /** Fields and functions (`issue.id`, `stack.lineno`, `last_seen()`); with a function, rows are groups of the other fields. */
  readonly fields: readonly string[];
  /** Search syntax (`issue.id:[1,2]`, `stack.filename:"*a/b.ts"`). */
  readonly query?: string;
  /** One of `fields`, `-` first for descending: the server sorts only by a selected field. */
  readonly sort?: string;
  readonly perPage?: number;
  /** Project ids or slugs: the client sends ids (servers built before June 2026 refuse slugs here as on the issue lists, ./projectIds.ts). */
  readonly project?: readonly string[];
  readonly environment?: readonly string[];
  /** `<number><s|m|h|d|w>`; left out with start and end: the server's default, the last 90 days. */
  readonly statsPeriod?: string;
  readonly start?: string;
  readonly end?: string;
  readonly cursor?: string;
}

/** One row: the requested fields by their names, as the server sent them (every value untrusted). */
export type EventsTableRow = Readonly<Record<string, unknown>>;

/** `{data, meta}`: the rows, and what the server says of their types (kept, not used). */
export const EventsTableSchema = z.lazySchema(() =>
  z.looseObject({
    data: z.array(z.record(z.string(), z.unknown())),
    meta: z.optional(z.unknown()),
  }),
);

const STATS_PERIOD = /^\d+[smhdw]$/;
/** An id (`-1`: every project) or a slug (src/sentry/slug/patterns.py: letters, digits, `-` and `_`). */
const PROJECT_KEY = /^(?:-?\d{1,20}|[A-Za-z0-9_-]{1,100})$/;

/** Refuses, before any request, what the server would refuse or what is not one of its values. */
export function checkEventsTableParams(params: EventsTableParams): void {
  const { fields, sort } = params;
  if (fields.length === 0 || fields.length > MAX_TABLE_FIELDS) throw new RangeError(`The events table takes 1 to ${MAX_TABLE_FIELDS} fields, not ${fields.length}.`);
  for (const f of fields) if (!isField(f)) throw new RangeError(`"${f.slice(0, 40)}" is not a field of the events table.`);
  if (sort !== undefined && !fields.includes(sort.replace(/^-/, ''))) throw new RangeError(`The events table sorts only by a selected field, not "${sort.slice(0, 40)}".`);
  checkPerPage(params.perPage);
  for (const p of params.project ?? []) if (!PROJECT_KEY.test(p)) throw new RangeError(`"${p.slice(0, 40)}" is not a project id or slug.`);
  if (params.statsPeriod !== undefined && !STATS_PERIOD.test(params.statsPeriod)) {
    throw new RangeError(`A period is a number followed by s, m, h, d or w (like 24h), not "${params.statsPeriod}".`);
  }
}

/** A field or function name: 1 to 200 characters, no space or control character. */
function isField(f: string): boolean {
  return f.length > 0 && f.length <= 200 && !/\s/.test(f) && ![...f].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** Keeps the first `n` rows: a server may answer more than the page size asked for. */
export function firstRows(n: number): (json: unknown) => unknown {
  return (json) => {
    if (typeof json !== 'object' || json === null || !Array.isArray((json as { data?: unknown }).data)) return json;
    const data = (json as { data: unknown[] }).data;
    return data.length > n ? { ...json, data: data.slice(0, n) } : json;
  };
}
