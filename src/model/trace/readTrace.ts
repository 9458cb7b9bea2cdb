/**
 * The one reader of a trace answer, in both shapes servers send, into ./trace.ts's Trace: bounded,
 * masked where it enters (span descriptions hold SQL and URLs; attributes anything), walked without
 * recursion so a deep or looping tree cannot overflow the stack.
 *
 * - `GET /organizations/{org}/trace/{trace_id}/` (getsentry/sentry src/sentry/api/endpoints/
 *   organization_trace.py; the items are `SerializedSpan` and `SerializedIssue` of
 *   src/sentry/snuba/trace.py): a list of root spans, each with `children`, `errors` (error events)
 *   and `occurrences` (performance issues), and standalone issues beside them. Timestamps come as epoch
 *   seconds (`precise.start_ts`) or as ISO dates (the OpenAPI example, src/sentry/apidocs/examples/
 *   trace_examples.py); `duration` is milliseconds. getsentry/sentry-mcp's TraceSchema
 *   (packages/mcp-core/src/api-client/schema.ts) reads the same, `span_id` beside `event_id`.
 * - `GET /organizations/{org}/events-trace/{trace_id}/` (src/sentry/api/endpoints/
 *   organization_events_trace.py, `FullResponse`, `TraceError`, `TracePerformanceIssue`): transactions
 *   with `transaction.op`, `transaction.duration`, `errors`, `performance_issues` and `children`, either
 *   `{transactions, orphan_errors}` or (older) one list with the orphan errors at its end.
 * No `vscode` import.
 */
import { EventReader } from '../event/eventReader';
import { idText, isRecord } from '../read';
import { isSecretName } from '../event/secretNames';
import { MASK } from '../event/types';
import { MAX_SPAN_ATTRIBUTES, MAX_SPAN_TEXT, MAX_SPANS, MAX_TRACE_ISSUES, MAX_TREE_DEPTH, type CodeLocation, type Trace, type TraceIssue, type TraceIssueKind, type TraceSpan } from './trace';

type Rec = Record<string, unknown>;

/** The attribute names of a span's or a log's source (OpenTelemetry's older and newer code conventions). */
const FILE_KEYS = ['code.filepath', 'code.file.path'];
const LINE_KEYS = ['code.lineno', 'code.line.number'];
const FUNCTION_KEYS = ['code.function', 'code.function.name'];
/** Every attribute name a code location is read from (asked for with `additional_attributes`). */
export const CODE_ATTRIBUTES: readonly string[] = [...FILE_KEYS, ...LINE_KEYS, ...FUNCTION_KEYS];
const MAX_PATH = 1_000;
const MAX_OP = 200;

/** Epoch milliseconds of a timestamp sent as epoch seconds or as an ISO date; undefined otherwise. */
export function epochMs(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v * 1000;
  if (typeof v === 'string' && v.length <= 40) {
    const t = /^\d+(\.\d+)?$/.test(v) ? Number(v) * 1000 : Date.parse(v);
    return Number.isFinite(t) ? t : undefined;
  }
  return undefined;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return undefined;
}

function first(o: Rec, keys: readonly string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k];
  return undefined;
}

const hexId = (v: unknown): string | undefined => {
  const s = idText(v);
  return s !== undefined && /^[0-9a-fA-F-]{1,64}$/.test(s) ? s.toLowerCase().replace(/-/g, '') : undefined;
};

/** Reads attributes and code locations through one EventReader, so a trace has one masked count. */
export class AttributeReader {
  constructor(readonly r: EventReader = new EventReader()) {}

  /** A code location from attributes (`code.filepath` and the rest), or undefined without a file. */
  code(attrs: Rec): CodeLocation | undefined {
    const file = this.r.text(first(attrs, FILE_KEYS), MAX_PATH);
    if (!file) return undefined;
    const line = num(first(attrs, LINE_KEYS));
    const fn = this.r.text(first(attrs, FUNCTION_KEYS), MAX_OP);
    return { file, ...(line !== undefined && Number.isSafeInteger(line) && line > 0 ? { line } : {}), ...(fn ? { function: fn } : {}) };
  }

  /** The attributes other than the code ones, as masked text pairs: a secret-named one shows only that it was masked. */
  pairs(attrs: Rec, skip: ReadonlySet<string>): [string, string][] {
    const out: [string, string][] = [];
    for (const k in attrs) {
      if (!Object.prototype.hasOwnProperty.call(attrs, k) || skip.has(k)) continue;
      if (out.length === MAX_SPAN_ATTRIBUTES) {
        this.r.c.cut = true;
        break;
      }
      const v = attrs[k];
      if (v === null || v === undefined) continue;
      const key = this.r.text(k, MAX_OP) ?? '';
      if (isSecretName(k) && v !== '') {
        this.r.masked++;
        out.push([key, MASK]);
      } else out.push([key, typeof v === 'string' ? (this.r.text(v, MAX_SPAN_TEXT) ?? '') : this.r.json(v, MAX_SPAN_TEXT)]);
    }
    return out;
  }
}

const CODE_SET = new Set(CODE_ATTRIBUTES);

interface Walk {
  node: Rec;
  depth: number;
  parent?: string;
}

/** Reads one trace answer (either shape); anything that is neither is an empty trace. */
export function readTrace(json: unknown, traceId: string): Trace {
  const legacy = isRecord(json) && (Array.isArray(json.transactions) || Array.isArray(json.orphan_errors));
  const items: unknown[] = Array.isArray(json) ? json : legacy ? [...asList((json as Rec).transactions), ...asList((json as Rec).orphan_errors)] : [];
  const shape = legacy || items.some((i) => isRecord(i) && 'transaction.op' in i) ? 'transactions' : 'spans';
  return new TraceBuilder(traceId.toLowerCase(), shape).read(items);
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

class TraceBuilder {
  private readonly a = new AttributeReader();
  private readonly spans: (TraceSpan & { errorCount: number })[] = [];
  private readonly issues: TraceIssue[] = [];
  private readonly bySpan = new Map<string, number>();

  constructor(
    private readonly traceId: string,
    private readonly shape: Trace['shape'],
  ) {}

  private get r(): EventReader {
    return this.a.r;
  }

  read(items: unknown[]): Trace {
    // Depth first, the first root first; children pushed in reverse so they come out in the server's order.
    const stack: Walk[] = [];
    const standalone: Rec[] = [];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (!isRecord(item)) continue;
      if (this.isSpan(item)) stack.push({ node: item, depth: 0 });
      else standalone.unshift(item);
    }
    let seen = 0;
    while (stack.length) {
      const { node, depth, parent } = stack.pop()!;
      // A hostile answer may nest one object in itself: each node is read once.
      if (++seen > MAX_SPANS * 2) {
        this.r.c.cut = true;
        break;
      }
      const spanId = this.span(node, depth, parent);
      const children = asList(node.children);
      for (let i = children.length - 1; i >= 0; i--) {
        const child = children[i];
        if (!isRecord(child)) continue;
        if (this.isSpan(child)) stack.push({ node: child, depth: Math.min(depth + 1, MAX_TREE_DEPTH), parent: spanId });
        else this.issue(child, this.kindOf(child), spanId);
      }
    }
    // Issues outside any span (orphan errors) after those of the spans, in the server's order.
    for (const item of standalone) this.issue(item, this.kindOf(item), undefined);
    for (const issue of this.issues) {
      const at = issue.kind === 'error' && issue.spanId !== undefined ? this.bySpan.get(issue.spanId) : undefined;
      if (at !== undefined) this.spans[at].errorCount++;
    }
    let start = Infinity;
    let end = -Infinity;
    for (const s of this.spans) {
      if (s.start < start) start = s.start;
      if (s.start + s.duration > end) end = s.start + s.duration;
    }
    return {
      traceId: this.traceId,
      spans: this.spans,
      issues: this.issues,
      start: Number.isFinite(start) ? start : 0,
      end: Number.isFinite(end) ? end : 0,
      shape: this.shape,
      cut: this.r.c.cut,
      masked: this.r.masked,
    };
  }

  private isSpan(o: Rec): boolean {
    if (o.event_type === 'span' || o.event_type === 'uptime_check') return true;
    if (o.event_type === 'error' || o.event_type === 'occurrence') return false;
    return Array.isArray(o.children) || 'transaction.op' in o || 'op' in o || 'span_id' in o;
  }

  private kindOf(o: Rec): TraceIssueKind {
    return o.event_type === 'occurrence' ? 'performance' : 'error';
  }

  /** One span (or an older server's transaction), its errors and performance issues; returns its span id. */
  private span(o: Rec, depth: number, parent: string | undefined): string | undefined {
    const spanId = hexId(o.span_id) ?? hexId(o.event_id);
    if (this.spans.length >= MAX_SPANS) {
      this.r.c.cut = true;
      return spanId;
    }
    const legacy = 'transaction.op' in o;
    const startMs = epochMs(o.start_timestamp);
    const endMs = epochMs(legacy ? o.timestamp : (o.end_timestamp ?? o.timestamp));
    const duration = num(legacy ? o['transaction.duration'] : o.duration) ?? (startMs !== undefined && endMs !== undefined ? endMs - startMs : 0);
    const start = startMs ?? (endMs !== undefined ? endMs - duration : 0);
    const attrs = isRecord(o.additional_attributes) ? o.additional_attributes : {};
    const code = this.a.code(attrs);
    const pairs = this.a.pairs(attrs, CODE_SET);
    const status = this.r.id(legacy ? o['transaction.status'] : (o.status ?? attrs['span.status'] ?? attrs.status));
    const span: TraceSpan & { errorCount: number } = {
      spanId: spanId ?? '',
      ...((hexId(o.parent_span_id) ?? parent) ? { parentSpanId: hexId(o.parent_span_id) ?? parent } : {}),
      depth,
      op: this.r.text(legacy ? o['transaction.op'] : (o.op ?? o.name), MAX_OP) ?? '',
      description: this.r.text(legacy ? o.transaction : (o.description ?? o.name ?? o.transaction), MAX_SPAN_TEXT) ?? '',
      start,
      duration: Math.max(0, duration),
      ...(status ? { status } : {}),
      ...(idText(o.project_slug) ? { project: this.r.id(o.project_slug) } : {}),
      ...(hexId(legacy ? o.event_id : o.transaction_id) ? { transactionId: hexId(legacy ? o.event_id : o.transaction_id) } : {}),
      isTransaction: legacy || o.is_transaction === true || o.is_segment === true,
      ...(code ? { code } : {}),
      ...(pairs.length ? { attributes: pairs } : {}),
      errorCount: 0,
    };
    if (spanId && !this.bySpan.has(spanId)) this.bySpan.set(spanId, this.spans.length);
    this.spans.push(span);
    for (const e of asList(o.errors)) if (isRecord(e)) this.issue(e, 'error', spanId);
    for (const p of [...asList(o.occurrences), ...asList(o.performance_issues)]) if (isRecord(p)) this.issue(p, 'performance', spanId);
    return spanId;
  }

  /** One error or performance issue: `SerializedIssue`, `TraceError` or `TracePerformanceIssue`. */
  private issue(o: Rec, kind: TraceIssueKind, spanId: string | undefined): void {
    if (this.issues.length >= MAX_TRACE_ISSUES) {
      this.r.c.cut = true;
      return;
    }
    // An older server names the span of an error in `span` (a list of span ids for a performance issue).
    const ownSpan = hexId(Array.isArray(o.span) ? o.span[0] : o.span) ?? spanId;
    const eventId = hexId(o.event_id);
    const issueId = idText(o.issue_id) ?? (eventId === undefined ? idText(o.id) : undefined);
    const timestamp = epochMs(o.start_timestamp ?? o.timestamp ?? o.start);
    const shortId = this.r.id(o.short_id ?? o.issue_short_id);
    const culprit = this.r.text(o.culprit, MAX_SPAN_TEXT);
    this.issues.push({
      kind,
      ...(eventId ? { eventId } : {}),
      ...(issueId && /^\d{1,30}$/.test(issueId) ? { issueId } : {}),
      ...(shortId ? { shortId } : {}),
      title: this.r.text(o.title ?? o.description ?? o.message, MAX_SPAN_TEXT) ?? '',
      ...(idText(o.level) ? { level: this.r.id(o.level) } : {}),
      ...(culprit ? { culprit } : {}),
      ...(idText(o.project_slug) ? { project: this.r.id(o.project_slug) } : {}),
      ...(ownSpan ? { spanId: ownSpan } : {}),
      ...(timestamp !== undefined ? { timestamp } : {}),
    });
  }
}
