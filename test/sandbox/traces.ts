// The trace of every seeded error event, as Sentry serves traces:
//   GET /api/0/organizations/{org}/trace/{trace_id}/              (the spans; public)
//   GET /api/0/organizations/{org}/trace-meta/{trace_id}/         (its counts)
//   GET /api/0/organizations/{org}/events-trace/{trace_id}/       (the older transactions)
//   GET /api/0/organizations/{org}/events-trace-meta/{trace_id}/  (their counts)
// An event's `contexts.trace` (eventDetails.ts) names its trace and the span its error happened in;
// the trace is built from the event, the same on every run: a transaction of 4 to 9 spans (database
// queries that record `code.filepath`/`code.lineno`/`code.function`, an outgoing HTTP call, a cache
// read), the error in its own span, and in a third of the traces another issue's error in another
// span. One trace, the latest event of bigTraceIssue(), has 10,000 spans. Sources, getsentry/sentry:
// - src/sentry/api/endpoints/organization_trace.py: OrganizationTraceEndpoint (`errorId` must be an
//   event id, else ParseError "eventId: … needs to be a valid uuid"; `additional_attributes` repeated;
//   the answer a list of SerializedSpan and SerializedIssue, src/sentry/snuba/trace.py; a trace with
//   nothing in the window is an empty list);
// - src/sentry/api/endpoints/organization_trace_meta.py and the camelCase/snake_case history in
//   profiles.ts (traceMeta);
// - src/sentry/api/endpoints/organization_events_trace.py: FullResponse transactions with TraceError
//   errors, `{transactions, orphan_errors}`; OrganizationEventsTraceMetaEndpoint's four counts.
// Both are OrganizationEventsEndpointBase endpoints, the events table's base, whose OpenAPI security
// is org:read (and up); the trace id in the URL must be 32 hex digits (the URL pattern), else 404.
import { authenticate, requireScope, resolveOrg, eventWindow, type Ctx } from './api';
import { DETAIL, fail, json, type Res } from './http';
import { Prng, hash32 } from './prng';
import { type Seed, type SeedEvent, type SeedIssue, type SeedOrg } from './seed';
import { SANDBOX_SECRET, traceContextOf } from './eventDetails';
import { accessibleProjects } from './membership';
import type { SandboxState } from './state';
import { logsOfTrace } from './logs';
import { LOGS } from './profiles';

const ORG_EVENTS_READ = ['org:read', 'org:write', 'org:admin'];
const DAY = 86_400_000;
export const BIG_TRACE_SPANS = 10_000;

export interface SandboxSpan {
  spanId: string;
  parentSpanId: string | null;
  op: string;
  description: string;
  start: number;
  duration: number;
  project: string;
  projectId: number;
  transactionId: string;
  isTransaction: boolean;
  status: string;
  code?: { file: string; line: number; function: string };
  errors: SeedEvent[];
}

export interface SandboxTrace {
  traceId: string;
  event: SeedEvent;
  spans: SandboxSpan[];
}

const indexes = new WeakMap<Seed, Map<string, SeedEvent>>();

/** Every event's trace id, found once per seed. */
function traceIndex(seed: Seed): Map<string, SeedEvent> {
  let index = indexes.get(seed);
  if (index) return index;
  index = new Map();
  for (const issue of seed.issues) {
    if (issue.issueCategory !== 'error') continue;
    for (const ev of issue.events) {
      const t = traceContextOf(ev);
      if (t && !index.has(t.traceId)) index.set(t.traceId, ev);
    }
  }
  indexes.set(seed, index);
  return index;
}

const bigIssues = new WeakMap<Seed, SeedIssue>();

/**
 * The issue whose latest event's trace has BIG_TRACE_SPANS spans: the first error issue of
 * acme/web-frontend with a workspace file whose latest event (`events[0]`) has a trace context.
 */
export function bigTraceIssue(seed: Seed): SeedIssue {
  let issue = bigIssues.get(seed);
  if (issue) return issue;
  issue = seed.issues.find(
    (i) => i.project.org.slug === 'acme' && i.project.slug === 'web-frontend' && i.issueCategory === 'error' && i.workspaceFile && i.events.length > 0 && traceContextOf(i.events[0]),
  );
  if (!issue) throw new Error('the seed has no issue for the big trace');
  bigIssues.set(seed, issue);
  return issue;
}

/** The trace an event belongs to (null: an event without contexts has none). */
export function traceOfEvent(seed: Seed, ev: SeedEvent): SandboxTrace | null {
  const ctx = traceContextOf(ev);
  return ctx ? buildTrace(seed, ctx.traceId, ev) : null;
}

export function findTrace(seed: Seed, traceId: string): SandboxTrace | null {
  const ev = traceIndex(seed).get(traceId.toLowerCase());
  return ev ? buildTrace(seed, traceId.toLowerCase(), ev) : null;
}

const DB = ['SELECT * FROM orders WHERE id = %s', 'SELECT id, email FROM users WHERE id = %s', 'UPDATE carts SET total = %s WHERE id = %s', 'SELECT * FROM invoices WHERE customer_id = %s LIMIT 20'];
const HTTP = [`GET https://api.stripe.com/v1/charges?api_key=${SANDBOX_SECRET}`, 'POST https://hooks.example.com/notify', 'GET https://cdn.example.com/config.json'];

function buildTrace(seed: Seed, traceId: string, ev: SeedEvent): SandboxTrace {
  const ctx = traceContextOf(ev)!;
  const issue = ev.issue;
  const r = new Prng(hash32(`${ev.eventID}:trace`));
  const project = issue.project;
  const big = ev === bigTraceIssue(seed).events[0];
  const total = r.int(400, 2500);
  const rootStart = ev.time - Math.round(total * 0.7);
  const root: SandboxSpan = {
    spanId: r.hex(16),
    parentSpanId: null,
    op: ctx.op,
    description: ev.transaction,
    start: rootStart,
    duration: total,
    project: project.slug,
    projectId: Number(project.id),
    transactionId: ev.eventID,
    isTransaction: true,
    status: 'internal_error',
    errors: [],
  };
  const spans: SandboxSpan[] = [root];
  const n = big ? BIG_TRACE_SPANS - 2 : r.int(4, 9);
  const file = issue.workspaceFile ?? `${project.slug}/db.py`;
  const line = issue.workspaceLine ?? 10;
  const slot = total / (n + 1);
  for (let i = 0; i < n; i++) {
    const kind = i % 4;
    // In the big trace the spans hang from 100 middleware spans under the root.
    const parent = big && i >= 100 ? spans[1 + (i % 100)] : root;
    const start = Math.round(rootStart + slot * (i + 0.5) * (big ? 0.001 : 1) + (big ? i % 1000 : 0));
    const span: SandboxSpan = {
      spanId: r.hex(16),
      parentSpanId: parent.spanId,
      op: big && i < 100 ? 'middleware' : ['db', 'http.client', 'cache.get', 'db'][kind],
      description: big && i < 100 ? `middleware ${i}` : kind === 0 || kind === 3 ? r.pick(DB) : kind === 1 ? r.pick(HTTP) : `cache:${r.hex(6)}`,
      start,
      duration: Math.max(1, Math.round(slot * 0.8)),
      project: project.slug,
      projectId: Number(project.id),
      transactionId: ev.eventID,
      isTransaction: false,
      status: 'ok',
      errors: [],
      ...(kind === 0 ? { code: { file, line: line + (i % 3), function: `query_${i % 5}` } } : {}),
    };
    spans.push(span);
  }
  // The error's own span (its id is the one the event's contexts name), around the moment of the event.
  const errorSpan: SandboxSpan = {
    spanId: ctx.spanId,
    parentSpanId: root.spanId,
    op: 'function',
    description: issue.culprit ?? 'handler',
    start: ev.time - 40,
    duration: 45,
    project: project.slug,
    projectId: Number(project.id),
    transactionId: ev.eventID,
    isTransaction: false,
    status: 'internal_error',
    errors: [ev],
    code: { file, line, function: issue.culprit?.split(/[ .(]/).pop() || 'handler' },
  };
  spans.splice(Math.min(spans.length, 1 + Math.floor(n / 2)), 0, errorSpan);
  // A third of the traces also hold another issue's error, in another span.
  const other = hash32(traceId) % 3 === 0 ? otherError(seed, issue) : undefined;
  if (other) spans[spans.length > 2 ? 2 : 1].errors.push(other);
  return { traceId, event: ev, spans };
}

function otherError(seed: Seed, issue: SeedIssue): SeedEvent | undefined {
  const same = seed.issues.filter((i) => i.project.org === issue.project.org && i !== issue && i.issueCategory === 'error' && i.events.length > 0);
  const pick = same[hash32(issue.id) % Math.max(1, same.length)];
  return pick?.events[0];
}

function check(ctx: Ctx, m: RegExpExecArray): { org: SeedOrg; traceId: string } {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ORG_EVENTS_READ);
  if (!/^[0-9a-fA-F]{32}$/.test(m[2])) fail(404, DETAIL.notFound);
  // The trace endpoint asks get_projects for every accessible project (project_ids={-1}): a member of none gets a 404 (NoProjects).
  if (accessibleProjects(ctx.state, p, org).length === 0) fail(404, DETAIL.notFound);
  return { org, traceId: m[2].toLowerCase() };
}

/** The trace if its event is in the request's window (default 14 days) and in the organization; else null. */
function traceInWindow(ctx: Ctx, org: SeedOrg, traceId: string): SandboxTrace | null {
  const { start, end } = eventWindow(ctx, 14 * DAY);
  const t = findTrace(ctx.state.seed, traceId);
  if (!t || t.event.issue.project.org !== org || t.event.time < start || t.event.time > end) return null;
  return t;
}

function serializeIssue(ev: SeedEvent, kind: 'error'): Record<string, unknown> {
  const issue = ev.issue;
  return {
    event_id: ev.eventID,
    event_type: kind,
    issue_id: Number(issue.id),
    project_id: Number(issue.project.id),
    project_slug: issue.project.slug,
    transaction: ev.transaction,
    description: ev.message || issue.title,
    level: issue.level,
    start_timestamp: ev.time / 1000,
    culprit: issue.culprit,
    short_id: issue.shortId,
    issue_type: 'error',
  };
}

/** GET …/trace/{trace_id}/: root spans with nested children, SerializedSpan of src/sentry/snuba/trace.py. */
export function getTrace(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, traceId } = check(ctx, m);
  const errorId = ctx.params.get('errorId');
  if (errorId !== null && !/^[0-9a-fA-F]{32}$/.test(errorId.replace(/-/g, ''))) fail(400, `eventId: ${errorId} needs to be a valid uuid`);
  const wanted = ctx.params.getAll('additional_attributes');
  const t = traceInWindow(ctx, org, traceId);
  if (!t) return json(200, []);
  const children = new Map<string, SandboxSpan[]>();
  for (const s of t.spans) if (s.parentSpanId) children.set(s.parentSpanId, [...(children.get(s.parentSpanId) ?? []), s]);
  const serialize = (s: SandboxSpan): Record<string, unknown> => {
    const attributes: Record<string, unknown> = { 'span.status': s.status };
    if (s.code) Object.assign(attributes, { 'code.filepath': s.code.file, 'code.lineno': s.code.line, 'code.function': s.code.function });
    return {
      event_id: s.spanId,
      event_type: 'span',
      transaction_id: s.transactionId,
      project_id: s.projectId,
      project_slug: s.project,
      profile_id: '',
      profiler_id: '',
      parent_span_id: s.parentSpanId,
      start_timestamp: s.start / 1000,
      end_timestamp: (s.start + s.duration) / 1000,
      measurements: {},
      duration: s.duration,
      transaction: t.event.transaction,
      is_transaction: s.isTransaction,
      description: s.description,
      sdk_name: `sentry.${t.event.issue.project.platform}`,
      op: s.op,
      name: s.op,
      // Only what was asked for, as _serialize_rpc_event does.
      additional_attributes: Object.fromEntries(wanted.filter((k) => k in attributes).map((k) => [k, attributes[k]])),
      children: (children.get(s.spanId) ?? []).map(serialize),
      errors: s.errors.map((e) => serializeIssue(e, 'error')),
      occurrences: [],
    };
  };
  return json(200, t.spans.filter((s) => !s.parentSpanId).map(serialize));
}

/** GET …/trace-meta/{trace_id}/, in the profile's case. */
export function getTraceMeta(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, traceId } = check(ctx, m);
  const t = traceInWindow(ctx, org, traceId);
  const spans = t?.spans.length ?? 0;
  const errors = t ? t.spans.reduce((n, s) => n + s.errors.length, 0) : 0;
  const logs = t ? logsOfTrace(ctx.state, t).filter((l) => ctx.state.hasFeature(org, LOGS) && l.time <= ctx.state.now()).length : 0;
  const byOp: Record<string, number> = {};
  for (const s of t?.spans ?? []) byOp[s.op] = (byOp[s.op] ?? 0) + 1;
  const children = t ? [{ 'transaction.event_id': t.event.eventID, 'count()': spans - 1 }] : [];
  if (ctx.state.profile.traceMeta === 'camelCase') {
    return json(200, { errorsCount: errors, logsCount: logs, metricsCount: 0, performanceIssuesCount: 0, spansCount: spans, transactionChildCountMap: children, spansCountMap: byOp });
  }
  return json(200, { logs, errors, performance_issues: 0, span_count: spans, transaction_child_count_map: children, span_count_map: byOp });
}

/** GET …/events-trace/{trace_id}/: the transaction (FullResponse) with its errors as TraceError, and no orphans. */
export function getEventsTrace(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, traceId } = check(ctx, m);
  const t = traceInWindow(ctx, org, traceId);
  if (!t) return json(404, { detail: 'The requested resource does not exist' });
  const root = t.spans[0];
  const errors = t.spans.flatMap((s) =>
    s.errors.map((e) => ({
      event_id: e.eventID,
      issue_id: Number(e.issue.id),
      span: s.spanId,
      project_id: Number(e.issue.project.id),
      project_slug: e.issue.project.slug,
      title: e.issue.title,
      level: e.issue.level,
      timestamp: e.time / 1000,
      event_type: 'error',
      generation: 0,
    })),
  );
  return json(200, {
    transactions: [
      {
        event_id: t.event.eventID,
        span_id: root.spanId,
        transaction: root.description,
        'transaction.duration': root.duration,
        'transaction.op': root.op,
        project_id: root.projectId,
        project_slug: root.project,
        parent_span_id: null,
        parent_event_id: null,
        profile_id: null,
        generation: 0,
        errors,
        performance_issues: [],
        timestamp: (root.start + root.duration) / 1000,
        start_timestamp: root.start / 1000,
        children: [],
      },
    ],
    orphan_errors: [],
  });
}

/** GET …/events-trace-meta/{trace_id}/: OrganizationEventsTraceMetaEndpoint.serialize; 404 without any event. */
export function getEventsTraceMeta(ctx: Ctx, m: RegExpExecArray): Res {
  const { org, traceId } = check(ctx, m);
  const t = traceInWindow(ctx, org, traceId);
  if (!t) return json(404, { detail: 'The requested resource does not exist' });
  const errors = t.spans.reduce((n, s) => n + s.errors.length, 0);
  return json(200, { projects: new Set(t.spans.map((s) => s.project)).size, transactions: 1, errors, performance_issues: 0 });
}

/** For the control endpoint and the suites: the big trace's ids. */
export function traceSamples(state: SandboxState): { big: { issueId: string; shortId: string; eventId: string; traceId: string; spans: number } } {
  const issue = bigTraceIssue(state.seed);
  const ev = issue.events[0];
  const ctx = traceContextOf(ev)!;
  return { big: { issueId: issue.id, shortId: issue.shortId, eventId: ev.eventID, traceId: ctx.traceId, spans: BIG_TRACE_SPANS } };
}
