/**
 * The Trace tab's data: the trace of the event on screen, read only when the tab is shown (never when
 * the panel opens), at most two requests for it (the event, unless the Event tab has read it, and the
 * trace), kept per event so showing the tab again costs nothing. The event's `contexts.trace.trace_id`
 * names its trace; without one the tab says so. The view it builds (../protocol/trace.ts) is what the
 * page draws: compact rows in tree order, the error's span and moment, and the trace's other errors
 * and performance issues with what it takes to open each. Pure: no `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../api/client';
import { getTrace } from '../../api/traceEndpoints';
import { SignedOutError } from '../../contracts/errors';
import { errorSpanOf, type Trace, type TraceIssue, type TraceSpan } from '../../model/trace/trace';
import { eventTrace, type EventTrace } from '../../model/trace/eventTrace';
import type { TraceIssueView, TraceRow, TraceView } from './protocol/trace';
import { toErrorView } from './eventsModel';
import type { OpenedEvent } from './eventCache';

const EMPTY: TraceView = { phase: 'loading', spans: 0, duration: 0, issues: [], cut: false, transactionsOnly: false };

/** The whole view of a trace for the page, from the panel's event `eventId` of issue `issueId`. */
export function traceView(trace: Trace, at: EventTrace, issueId: string): TraceView {
  const rows: TraceRow[] = trace.spans.map((s) => {
    const row: TraceRow = { d: s.depth, op: s.op, desc: s.description, s: Math.max(0, s.start - trace.start), ms: s.duration };
    if (s.status) row.st = s.status;
    if (s.project) row.p = s.project;
    if (s.errorCount) row.e = s.errorCount;
    if (s.code) row.code = s.code.line !== undefined ? `${s.code.file}:${s.code.line}` : s.code.file;
    return row;
  });
  const rowOf = new Map<string, number>();
  trace.spans.forEach((s, i) => {
    if (s.spanId && !rowOf.has(s.spanId)) rowOf.set(s.spanId, i);
  });
  const errorSpan = errorSpanOf(trace, at.eventId);
  const issues: TraceIssueView[] = issueOrder(trace.issues, at.eventId).map((i) => ({
    kind: i.kind,
    title: i.title,
    ...(i.shortId ? { shortId: i.shortId } : {}),
    ...(i.project ? { project: i.project } : {}),
    ...(i.level ? { level: i.level } : {}),
    current: i.eventId === at.eventId || (i.eventId === undefined && i.issueId === issueId),
    openable: i.issueId !== undefined && i.project !== undefined && i.issueId !== issueId,
    ...(i.spanId !== undefined && rowOf.has(i.spanId) ? { row: rowOf.get(i.spanId) } : {}),
  }));
  return {
    phase: 'ready',
    traceId: trace.traceId,
    rowsJson: JSON.stringify(rows),
    spans: rows.length,
    duration: Math.max(0, trace.end - trace.start),
    ...(trace.spans.length && at.time >= trace.start ? { errorAt: at.time - trace.start } : {}),
    ...(errorSpan ? { errorRow: rowOf.get(errorSpan.spanId) } : {}),
    issues,
    cut: trace.cut,
    transactionsOnly: trace.shape === 'transactions',
  };
}

/** The panel's own error first, then the other errors, then performance issues, each in the trace's order. */
export function issueOrder(issues: readonly TraceIssue[], eventId: string): TraceIssue[] {
  const rank = (i: TraceIssue) => (i.eventId === eventId ? 0 : i.kind === 'error' ? 1 : 2);
  return issues
    .map((i, k) => ({ i, k }))
    .sort((a, b) => rank(a.i) - rank(b.i) || a.k - b.k)
    .map((x) => x.i);
}

export interface TraceModelDeps {
  getClient: () => Promise<SentryClient | undefined>;
  org: string;
  issueId: string;
  /** The event the panel shows (the Event tab's choice, else the latest), read through the panel's cache. */
  event: (signal: AbortSignal) => Promise<OpenedEvent>;
}

/** One panel's Trace tab: what was read, per event; one load at a time. */
export class TraceModel {
  private current: TraceView = EMPTY;
  private loaded?: { eventId: string; trace: Trace; at: EventTrace };
  private running?: { promise: Promise<TraceView>; ac: AbortController };

  constructor(private readonly deps: TraceModelDeps) {}

  get view(): TraceView {
    return this.current;
  }

  /** The tab was shown: the trace of the event on screen, read once (`again`: read anew, Refresh). */
  open(again = false): Promise<TraceView> {
    if (this.running) return this.running.promise;
    const ac = new AbortController();
    const promise = this.load(again, ac.signal).finally(() => {
      if (this.running?.ac === ac) this.running = undefined;
    });
    this.running = { promise, ac };
    return promise;
  }

  private async load(again: boolean, signal: AbortSignal): Promise<TraceView> {
    try {
      const opened = await this.deps.event(signal);
      const at = eventTrace(opened.raw);
      if (!at) {
        this.loaded = undefined;
        return (this.current = { ...EMPTY, phase: 'none', message: l10n.t('This event names no trace: its SDK sent no trace context, so there are no spans or logs to show beside it.') });
      }
      if (!again && this.loaded?.eventId === at.eventId) return this.current;
      this.current = { ...EMPTY, phase: 'loading', traceId: at.traceId };
      const client = await this.deps.getClient();
      if (!client) throw new SignedOutError();
      signal.throwIfAborted();
      const trace = await getTrace(client.http, this.deps.org, at.traceId, at.eventId, at.time, signal);
      this.loaded = { eventId: at.eventId, trace, at };
      if (!trace.spans.length && !trace.issues.length) {
        return (this.current = {
          ...EMPTY,
          phase: 'none',
          traceId: at.traceId,
          message: l10n.t('Sentry has no spans of trace {0} around this event: the SDK may not send performance data, or it was sampled out.', at.traceId),
        });
      }
      return (this.current = traceView(trace, at, this.deps.issueId));
    } catch (e) {
      const v = toErrorView(e);
      return (this.current = { ...EMPTY, phase: 'failed', message: v.message, actions: v.actions });
    }
  }

  /** The span of a row of the view sent last. */
  span(row: number): TraceSpan | undefined {
    return this.loaded?.trace.spans[row];
  }

  /** An issue of the view sent last, by its place in the view's list. */
  issue(index: number): TraceIssue | undefined {
    return this.loaded ? issueOrder(this.loaded.trace.issues, this.loaded.at.eventId)[index] : undefined;
  }

  /** The panel is gone, or shows another issue or account: stop what is on its way and forget what was read. */
  reset(): void {
    this.running?.ac.abort();
    this.running = undefined;
    this.loaded = undefined;
    this.current = EMPTY;
  }
}
