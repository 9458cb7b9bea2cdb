// The logs of each trace (traces.ts), served by the events table with `dataset=logs` (or `ourlogs`):
//   GET /api/0/organizations/{org}/events/?dataset=logs&field=…&query=trace:<id>&sort=timestamp
// Sources, getsentry/sentry: src/sentry/snuba/utils.py (DATASET_OPTIONS; `logs` since #96884, July
// 2025, beside the deprecated `ourlogs`: which names a profile takes is profiles.ts logsDatasets, and
// get_dataset of another is the 400 "dataset must be one of: …"); src/sentry/search/eap/ourlogs/
// attributes.py (the public names: `sentry.item_id`, `timestamp`, `timestamp_precise` in nanoseconds,
// `severity`, `message`, `trace`, with the older `log.body`/`log.severity_text` still answered);
// the OpenAPI excerpt's events answer (`{data, meta}`; logs add `confidence`). A plan without logs
// (no `organizations:ourlogs-enabled`, src/sentry/explore/utils.py is_logs_enabled) ingests none: the
// query answers no rows. Each trace has 10 to 24 logs from two seconds before its error to one
// after, some with the SDK's `code.file.path`/`code.line.number`, one carrying a secret; the big
// trace has 100. addLog() (the control endpoint `logs`) adds one now, for Follow.
import { fail, json, pageSize, paginate, parseCursor, type Res } from './http';
import { Prng, hash32 } from './prng';
import { iso } from './seed';
import { SANDBOX_SECRET } from './eventDetails';
import type { Ctx } from './api';
import { eventWindow, pageCtx } from './api';
import type { SandboxState } from './state';
import { BIG_TRACE_SPANS, findTrace, type SandboxTrace } from './traces';
import type { SeedOrg } from './seed';

import { LOGS } from './profiles';
const MAX_FIELDS = 20;
const DAY = 86_400_000;

export interface SandboxLog {
  id: string;
  time: number;
  precise: number;
  severity: string;
  message: string;
  spanId: string;
  environment: string;
  release: string;
  code?: { file: string; line: number; function: string };
}

const added = new WeakMap<SandboxState, Map<string, SandboxLog[]>>();

const MESSAGES: readonly (readonly [string, string])[] = [
  ['info', 'request started'],
  ['debug', 'loaded configuration'],
  ['info', 'fetching the cart'],
  ['debug', 'cache miss for cart'],
  ['warn', 'slow query: 812 ms'],
  ['info', 'charging the card'],
  ['warn', 'retrying the payment gateway (attempt 2)'],
  ['info', 'sending the receipt'],
];

/** The logs of a trace, oldest first: its own, then those added since. */
export function logsOfTrace(state: SandboxState, t: SandboxTrace): SandboxLog[] {
  const r = new Prng(hash32(`${t.traceId}:logs`));
  const ev = t.event;
  const errorSpan = t.spans.find((s) => s.errors.includes(ev)) ?? t.spans[0];
  const n = t.spans.length >= BIG_TRACE_SPANS ? 100 : r.int(10, 24);
  const start = ev.time - 2000;
  const out: SandboxLog[] = [];
  for (let i = 0; i < n; i++) {
    const time = Math.round(start + (3000 * i) / n);
    const isError = time >= ev.time && !out.some((l) => l.severity === 'error');
    const [severity, message] = isError ? ['error', `${ev.issue.title}`] : i === 3 ? ['info', `calling the gateway with Authorization: Bearer ${SANDBOX_SECRET}`] : MESSAGES[i % MESSAGES.length];
    const withCode = isError || i % 3 === 1;
    out.push({
      id: r.hex(32),
      time,
      precise: time * 1e6 + r.int(0, 999_999),
      severity,
      message,
      spanId: withCode ? errorSpan.spanId : t.spans[i % t.spans.length].spanId,
      environment: ev.environment,
      release: ev.release,
      ...(withCode && errorSpan.code ? { code: { file: errorSpan.code.file, line: errorSpan.code.line, function: errorSpan.code.function } } : {}),
    });
  }
  return out.concat(added.get(state)?.get(t.traceId) ?? []);
}

/** Adds a log to a trace at the sandbox's now (the control endpoint `logs`, for Follow); undefined for an unknown trace. */
export function addLog(state: SandboxState, traceId: string, message: string, severity = 'info'): SandboxLog | undefined {
  const t = findTrace(state.seed, traceId);
  if (!t) return undefined;
  let byTrace = added.get(state);
  if (!byTrace) added.set(state, (byTrace = new Map()));
  const list = byTrace.get(t.traceId) ?? [];
  const now = state.now();
  const log: SandboxLog = {
    id: new Prng(hash32(`${traceId}:${list.length}:added`)).hex(32),
    time: now,
    precise: now * 1e6 + list.length,
    severity,
    message,
    spanId: t.spans[0].spanId,
    environment: t.event.environment,
    release: t.event.release,
  };
  byTrace.set(t.traceId, [...list, log]);
  return log;
}

/** The value of one field of a log row (null for a field the log has not: an attribute it never had). */
function field(log: SandboxLog, t: SandboxTrace, name: string): unknown {
  switch (name) {
    case 'sentry.item_id':
    case 'id':
      return log.id;
    case 'timestamp':
      return iso(log.time).replace(/Z$/, '+00:00');
    case 'timestamp_precise':
      return log.precise;
    case 'severity':
    case 'severity_text':
    case 'log.severity_text':
      return log.severity;
    case 'message':
    case 'log.body':
      return log.message;
    case 'trace':
      return t.traceId;
    case 'span_id':
      return log.spanId;
    case 'environment':
      return log.environment;
    case 'release':
      return log.release;
    case 'project':
      return t.event.issue.project.slug;
    case 'code.file.path':
      return log.code?.file ?? null;
    case 'code.line.number':
      return log.code?.line ?? null;
    case 'code.function.name':
      return log.code?.function ?? null;
    default:
      return null;
  }
}

/** `GET …/events/` with a logs dataset; the events table (eventsTable.ts) hands these here after its own checks. */
export function logsTable(ctx: Ctx, org: SeedOrg, dataset: string): Res {
  const params = ctx.params;
  const fields = [
    ...new Set(
      params
        .getAll('field')
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  ];
  if (fields.length === 0) fail(400, 'No columns selected');
  if (fields.length > MAX_FIELDS) fail(400, `You can view up to ${MAX_FIELDS} fields at a time. Please delete some and try again.`);
  const { start, end } = eventWindow(ctx, 14 * DAY);
  const limit = pageSize(params, 'per_page', 100, 100);
  const query = params.get('query') ?? '';
  const trace = /(?:^|\s)trace:([0-9a-fA-F]{32})(?:\s|$)/.exec(query);
  const after = /(?:^|\s)timestamp_precise:>(\d+(?:\.\d+)?)(?:\s|$)/.exec(query);
  const rest = query
    .replace(/(?:^|\s)trace:[0-9a-fA-F]{32}(?=\s|$)/, ' ')
    .replace(/(?:^|\s)timestamp_precise:>\d+(?:\.\d+)?(?=\s|$)/, ' ')
    .trim();
  // The sandbox answers the trace's logs only; any other search is not something it can match.
  if (!trace || rest) fail(400, `The sandbox serves dataset=${dataset} for a query of trace:<id> (and timestamp_precise:>N) only.`);
  const sort = params.get('sort') ?? '-timestamp';
  const key = sort.replace(/^-/, '');
  if (!['timestamp', 'timestamp_precise'].includes(key) || !fields.includes(key)) fail(400, 'Cannot sort by a field that is not selected.');
  const t = findTrace(ctx.state.seed, trace[1]);
  let logs = t && t.event.issue.project.org === org && ctx.state.hasFeature(org, LOGS) ? logsOfTrace(ctx.state, t) : [];
  logs = logs.filter((l) => l.time >= start && l.time <= end && l.time <= ctx.state.now() && (!after || l.precise > Number(after[1])));
  logs.sort((a, b) => a.precise - b.precise);
  if (sort.startsWith('-')) logs.reverse();
  const { page, link } = paginate(pageCtx(ctx), logs, parseCursor(params.get('cursor')), limit);
  const rows = page.map((l) => Object.fromEntries(fields.map((f) => [f, field(l, t!, f)])));
  return json(
    200,
    {
      data: rows,
      meta: {
        fields: Object.fromEntries(fields.map((f) => [f, f === 'timestamp' ? 'date' : f === 'timestamp_precise' || f === 'code.line.number' ? 'number' : 'string'])),
        units: Object.fromEntries(fields.map((f) => [f, null])),
        isMetricsData: false,
        isMetricsExtractedData: false,
        tips: {},
        datasetReason: 'unchanged',
        dataset,
        dataScanned: 'full',
      },
      confidence: rows.map(() => ({})),
    },
    { link },
  );
}
