/**
 * The trace of an event and its logs: functions over the client's HttpClient (`client.http`), as
 * releaseEndpoints.ts, each handing the answer to its one reader in src/model/, which bounds and masks
 * it where it enters.
 *
 * - The trace: `GET /organizations/{org}/trace/{trace_id}/` (getsentry/sentry
 *   src/sentry/api/endpoints/organization_trace.py) with `errorId`, a window around the event and
 *   `additional_attributes` for the code attributes; a server of before it (404) answers the older
 *   `events-trace/{trace_id}/` (organization_events_trace.py), which is remembered per client so the
 *   next trace costs one request. getsentry/sentry-mcp's getTrace asks the same endpoint.
 * - The logs: the events table with `dataset=logs`, `query=trace:<id>`, oldest first; a server of
 *   before getsentry/sentry#96884 (July 2025) refuses that name with a 400 "dataset must be one of",
 *   whose list then says whether it has `ourlogs`: remembered the same way. getsentry/cli's `log list`
 *   and sentry-mcp's search_events ask these fields.
 * Both are OrganizationEventsEndpointBase endpoints, the events table's base, whose OpenAPI security is
 * org:read and up. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { HttpClient } from './http';
import { BadRequestError, NotFoundError } from './errors';
import { seg } from './requestRules';
import { readTrace, CODE_ATTRIBUTES } from '../model/trace/readTrace';
import { readTraceMeta } from '../model/trace/readTraceMeta';
import type { Trace, TraceMeta } from '../model/trace/trace';
import { logFields, readLogs, type LogPage, type LogsDataset } from '../model/log/log';
import { TraceBodySchema, TraceMetaBodySchema } from '../model/trace/schema';
import { LogsBodySchema } from '../model/log/schema';

export const TRACE_SCOPES = ['org:read', 'org:write', 'org:admin'] as const;

/** What a server was found to serve, per client (one per server and session). */
const learnt = new WeakMap<HttpClient, { legacyTrace?: boolean; logs?: LogsDataset | 'none' }>();

function memo(http: HttpClient): { legacyTrace?: boolean; logs?: LogsDataset | 'none' } {
  let m = learnt.get(http);
  if (!m) learnt.set(http, (m = {}));
  return m;
}

/** The window a trace is looked for in: a day on each side of the event (a trace rarely lasts longer). */
export function traceWindow(eventMs: number): { start: string; end: string } {
  const day = 86_400_000;
  return { start: new Date(eventMs - day).toISOString(), end: new Date(eventMs + day).toISOString() };
}

function checkTraceId(traceId: string): void {
  if (!/^[0-9a-fA-F]{32}$/.test(traceId)) throw new RangeError(`A trace id is 32 hex digits, not "${traceId.slice(0, 40)}".`);
}

/** When a trace is looked for, besides an event's time: a moment, a range or a period up to now (a trace link's dates). */
export type TracePeriod = { readonly at: number } | { readonly start: string; readonly end: string } | { readonly statsPeriod: string };

function periodQuery(when: number | TracePeriod | undefined): Record<string, string> {
  if (when === undefined) return {};
  if (typeof when === 'number') return traceWindow(when);
  if ('at' in when) return traceWindow(when.at);
  return 'statsPeriod' in when ? { statsPeriod: when.statsPeriod } : { start: when.start, end: when.end };
}

/**
 * The trace `traceId` of the event `errorId`, with its spans' code attributes, looked for around the
 * event's time (`when`, in ms) or in a trace link's dates. Without either (a link that names no
 * event and no dates) the server's own default period is asked.
 */
export async function getTrace(http: HttpClient, org: string, traceId: string, errorId: string | undefined, when: number | TracePeriod | undefined, signal?: AbortSignal): Promise<Trace> {
  checkTraceId(traceId);
  const m = memo(http);
  const query = { ...periodQuery(when), ...(errorId && /^[0-9a-fA-F]{32}$/.test(errorId) ? { errorId } : {}) };
  const what = l10n.t('Trace {0} in organization "{1}"', traceId, org);
  if (!m.legacyTrace) {
    try {
      const res = await http.request({
        org,
        path: `/api/0/organizations/${seg(org)}/trace/${seg(traceId)}/`,
        query: { ...query, additional_attributes: [...CODE_ATTRIBUTES] },
        schema: TraceBodySchema,
        neededScopes: TRACE_SCOPES,
        what,
        signal,
      });
      return readTrace(res.data, traceId);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      m.legacyTrace = true;
    }
  }
  const res = await http.request({
    org,
    path: `/api/0/organizations/${seg(org)}/events-trace/${seg(traceId)}/`,
    query,
    schema: TraceBodySchema,
    neededScopes: TRACE_SCOPES,
    what,
    signal,
  });
  return readTrace(res.data, traceId);
}

/** The trace's counts (`trace-meta/`, or `events-trace-meta/` on a server without it). */
export async function getTraceMeta(http: HttpClient, org: string, traceId: string, eventMs: number, signal?: AbortSignal): Promise<TraceMeta> {
  checkTraceId(traceId);
  const legacy = memo(http).legacyTrace === true;
  const res = await http.request({
    org,
    path: `/api/0/organizations/${seg(org)}/${legacy ? 'events-trace-meta' : 'trace-meta'}/${seg(traceId)}/`,
    query: traceWindow(eventMs),
    schema: TraceMetaBodySchema,
    neededScopes: TRACE_SCOPES,
    what: l10n.t('Trace {0} in organization "{1}"', traceId, org),
    signal,
  });
  return readTraceMeta(res.data);
}

/** Logs of a trace, or that this server keeps none (an older server without the logs dataset). */
export type TraceLogs = ({ kind: 'logs'; dataset: LogsDataset } & LogPage) | { kind: 'no-logs-dataset' };

/**
 * The first 100 logs of a trace, oldest first (`after`: only those after that `timestamp_precise`,
 * for Follow). The dataset's name is found on the first call and kept.
 */
export async function getTraceLogs(http: HttpClient, org: string, traceId: string, eventMs: number, after?: number, signal?: AbortSignal): Promise<TraceLogs> {
  checkTraceId(traceId);
  const m = memo(http);
  if (m.logs === 'none') return { kind: 'no-logs-dataset' };
  const dataset: LogsDataset = m.logs ?? 'logs';
  // Follow asks from the error's window to now: new logs come later than a day after the event.
  const window = traceWindow(eventMs);
  const end = after !== undefined ? new Date(Math.max(Date.parse(window.end), Date.now() + 60_000)).toISOString() : window.end;
  try {
    const res = await http.request({
      org,
      path: `/api/0/organizations/${seg(org)}/events/`,
      query: {
        dataset,
        field: logFields(dataset),
        query: `trace:${traceId}${after !== undefined && Number.isFinite(after) ? ` timestamp_precise:>${after}` : ''}`,
        sort: 'timestamp',
        per_page: 100,
        start: window.start,
        end,
      },
      schema: LogsBodySchema,
      neededScopes: TRACE_SCOPES,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    m.logs = dataset;
    return { kind: 'logs', dataset, ...readLogs(res.data) };
  } catch (e) {
    if (!(e instanceof BadRequestError) || !/dataset must be one of/i.test(e.detail ?? '')) throw e;
    const names = (e.detail ?? '')
      .replace(/^.*dataset must be one of:/i, '')
      .split(',')
      .map((s) => s.trim());
    if (dataset === 'logs' && names.includes('ourlogs')) {
      m.logs = 'ourlogs';
      return getTraceLogs(http, org, traceId, eventMs, after, signal);
    }
    m.logs = 'none';
    return { kind: 'no-logs-dataset' };
  }
}
