/**
 * The one reader of a trace's counts, in every shape servers answer:
 * - current servers' `trace-meta/` in camelCase: `errorsCount`, `logsCount`, `performanceIssuesCount`,
 *   `spansCount`, `spansCountMap` (getsentry/sentry src/sentry/apidocs/examples/trace_examples.py,
 *   `TRACE_META`; src/sentry/api/endpoints/organization_trace_meta_types.py);
 * - `trace-meta/` of 2025 servers in snake_case: `errors`, `logs`, `performance_issues`, `span_count`,
 *   `span_count_map` (getsentry/sentry#93092, June 2025; getsentry/sentry-mcp's fixture
 *   packages/mcp-server-mocks/src/fixtures/trace-meta.json, and its TraceMetaSchema reads both);
 * - the older `events-trace-meta/`: `projects`, `transactions`, `errors`, `performance_issues`
 *   (OrganizationEventsTraceMetaEndpoint.serialize, src/sentry/api/endpoints/organization_events_trace.py),
 *   where the spans are the transactions.
 * Counts come as floats (`195.0`) or null; anything else is 0. No `vscode` import.
 */
import { isRecord } from '../read';
import { maskBounded } from '../event/maskText';
import type { TraceMeta } from './trace';

const MAX_OPS = 50;

function count(...vs: unknown[]): number {
  for (const v of vs) if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return Math.min(Math.round(v), Number.MAX_SAFE_INTEGER);
  return 0;
}

export function readTraceMeta(json: unknown): TraceMeta {
  const o = isRecord(json) ? json : {};
  const map = isRecord(o.spansCountMap) ? o.spansCountMap : isRecord(o.span_count_map) ? o.span_count_map : {};
  const ops: [string, number][] = [];
  for (const k in map) {
    if (!Object.prototype.hasOwnProperty.call(map, k)) continue;
    const n = count(map[k]);
    if (n > 0) ops.push([maskBounded(k, 200).text, n]);
    if (ops.length >= 1_000) break;
  }
  ops.sort((a, b) => b[1] - a[1]);
  return {
    errors: count(o.errorsCount, o.errors),
    performanceIssues: count(o.performanceIssuesCount, o.performance_issues),
    spans: count(o.spansCount, o.span_count, o.transactions),
    logs: count(o.logsCount, o.logs),
    spansByOp: ops.slice(0, MAX_OPS),
  };
}
