/**
 * The Trace tab's messages between the events panel's host and its page, beside messages.ts and
 * seer.ts: the page names only what the user did (the tab was shown, a span's line or another issue
 * was clicked, by its index in the view the host sent), the host answers with one whole view. The
 * spans cross as one JSON string of compact rows (10,000 of them: see encodeEvents in messages.ts for
 * why a string). The page's messages are untrusted input, read by parseTracePageMessage. No `vscode`,
 * DOM or valibot.
 */
import type { ErrorActionName } from './messages';

export const TRACE_ACTIONS = ['open', 'refresh', 'openSpan', 'openIssue'] as const;
export type TraceActionName = (typeof TRACE_ACTIONS)[number];

/** `index`: a span's row (openSpan) or an issue's place in the view's `issues` (openIssue). */
export type TracePageMessage = { type: 'trace'; action: TraceActionName; index?: number };

/** One span as the waterfall draws it. */
export interface TraceRow {
  /** Depth in the tree. */
  d: number;
  op: string;
  desc: string;
  /** Start, milliseconds after the trace's start. */
  s: number;
  /** Duration, milliseconds. */
  ms: number;
  st?: string;
  p?: string;
  /** Errors in the span. */
  e?: number;
  /** `file:line` of its code attributes: the row opens it. */
  code?: string;
}

export interface TraceIssueView {
  kind: 'error' | 'performance';
  title: string;
  shortId?: string;
  project?: string;
  level?: string;
  /** The panel's own event (not one click away: it is here). */
  current: boolean;
  /** It can be opened (its issue and project are known). */
  openable: boolean;
  /** Its span's row, when it is in the waterfall. */
  row?: number;
}

export interface TraceView {
  phase: 'loading' | 'ready' | 'none' | 'failed';
  /** Why there is no trace, or why it failed. */
  message?: string;
  actions?: ErrorActionName[];
  traceId?: string;
  /** TraceRow[] as JSON. */
  rowsJson?: string;
  spans: number;
  /** The trace's length, milliseconds. */
  duration: number;
  /** The error's moment, milliseconds after the trace's start. */
  errorAt?: number;
  /** The row of the error's own span. */
  errorRow?: number;
  issues: TraceIssueView[];
  /** The server answered more than the extension keeps. */
  cut: boolean;
  /** From the older `events-trace/`: transactions only, no spans inside them. */
  transactionsOnly: boolean;
}

export type TraceHostMessage = { type: 'trace'; view: TraceView };

export function parseTracePageMessage(v: Record<string, unknown>): TracePageMessage | undefined {
  if (typeof v.action !== 'string' || !(TRACE_ACTIONS as readonly string[]).includes(v.action)) return undefined;
  const action = v.action as TraceActionName;
  if (action === 'openSpan' || action === 'openIssue') {
    const i = v.index;
    return typeof i === 'number' && Number.isSafeInteger(i) && i >= 0 && i < 100_000 ? { type: 'trace', action, index: i } : undefined;
  }
  return { type: 'trace', action };
}

export function decodeTraceRows(json: string): TraceRow[] {
  const v: unknown = JSON.parse(json);
  if (!Array.isArray(v)) throw new TypeError('trace: not an array');
  return v as TraceRow[];
}
