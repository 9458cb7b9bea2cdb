/**
 * The trace of an event, as everything past the API client sees it: its spans in tree order (each
 * with its depth, so a view draws the waterfall without walking a tree), the errors and performance
 * issues in it, and what was cut or masked on the way in. One type for both shapes servers answer
 * (readTrace.ts reads the `trace/` spans and the older `events-trace/` transactions into it). Every
 * string in it has been bounded and masked where it entered. No `vscode` import.
 */

/** Spans kept of one trace: a trace of 10,000 spans fits whole; past this the rest is cut and said. */
export const MAX_SPANS = 20_000;
/** Errors and performance issues kept of one trace. */
export const MAX_TRACE_ISSUES = 1_000;
/** A span's description (an SQL statement, a URL) or an issue's title, after masking. */
export const MAX_SPAN_TEXT = 2_000;
/** Attributes kept of one span (the code attributes and the ones asked for). */
export const MAX_SPAN_ATTRIBUTES = 50;
/** How deep the tree is walked; deeper spans are drawn at this depth (a loop or a hostile tree ends here). */
export const MAX_TREE_DEPTH = 256;

/** Where a span or a log says it was made: its file, line and function (OpenTelemetry's code attributes). */
export interface CodeLocation {
  readonly file: string;
  readonly line?: number;
  readonly function?: string;
}

export interface TraceSpan {
  readonly spanId: string;
  readonly parentSpanId?: string;
  /** Depth in the tree: 0 for a root. */
  readonly depth: number;
  readonly op: string;
  readonly description: string;
  /** Epoch milliseconds. */
  readonly start: number;
  /** Milliseconds. */
  readonly duration: number;
  readonly status?: string;
  readonly project?: string;
  /** The transaction (segment) event the span belongs to. */
  readonly transactionId?: string;
  readonly isTransaction: boolean;
  /** From `code.filepath`/`code.lineno`/`code.function` (or their newer names), when the SDK recorded them. */
  readonly code?: CodeLocation;
  /** Other attributes asked for, masked, as text. */
  readonly attributes?: readonly (readonly [string, string])[];
  /** How many of the trace's errors happened in this span. */
  readonly errorCount: number;
}

export type TraceIssueKind = 'error' | 'performance';

export interface TraceIssue {
  readonly kind: TraceIssueKind;
  /** The event's id, lower case; absent for a standalone issue the server names only by its issue. */
  readonly eventId?: string;
  readonly issueId?: string;
  readonly shortId?: string;
  readonly title: string;
  readonly level?: string;
  readonly culprit?: string;
  readonly project?: string;
  /** The span it happened in, when the server says. */
  readonly spanId?: string;
  /** Epoch milliseconds. */
  readonly timestamp?: number;
}

export interface Trace {
  readonly traceId: string;
  /** The spans in tree order (a parent before its children), at most MAX_SPANS. */
  readonly spans: readonly TraceSpan[];
  readonly issues: readonly TraceIssue[];
  /** Epoch milliseconds of the first span's start and the last span's end (0 when there is none). */
  readonly start: number;
  readonly end: number;
  /** Which answer it was read from: the current `trace/` spans, or the older `events-trace/` transactions. */
  readonly shape: 'spans' | 'transactions';
  /** Something was cut to the bounds above. */
  readonly cut: boolean;
  /** Secrets masked in it. */
  readonly masked: number;
}

/** The counts of a trace (trace-meta.ts), whichever shape the server answered. */
export interface TraceMeta {
  readonly errors: number;
  readonly performanceIssues: number;
  readonly spans: number;
  readonly logs: number;
  /** Spans by operation, largest first, at most 50. */
  readonly spansByOp: readonly (readonly [string, number])[];
}

/** A trace id: 32 hex digits (Sentry's `is_event_id`, src/sentry/utils/validators.py). */
export function isTraceId(v: unknown): v is string {
  return typeof v === 'string' && /^[0-9a-fA-F]{32}$/.test(v);
}

/** The spans with an error in them, and the error of `eventId`'s span, for a view that marks them. */
export function errorSpanOf(trace: Trace, eventId: string | undefined): TraceSpan | undefined {
  if (!eventId) return undefined;
  const id = eventId.toLowerCase();
  const issue = trace.issues.find((i) => i.kind === 'error' && i.eventId === id);
  return issue?.spanId ? trace.spans.find((s) => s.spanId === issue.spanId) : undefined;
}
