/**
 * How many spans and logs the latest event's trace of an issue has, as the events panel's Trace and
 * Logs tabs and the AI's trace reads found them: the hover of a marked line says so (with a link to
 * the Logs tab) without a request of its own. Only what was read is known: a trace never read leaves
 * the hover as it was. An entry is of one event; a newer latest event replaces it. Kept per window,
 * at most MAX_ENTRIES issues, emptied when the session changes (another server or account). Made on
 * first use, not at activation. No `vscode` import.
 */

/** Issues kept; the oldest goes first. */
const MAX_ENTRIES = 500;

export interface TraceCountsEntry {
  readonly eventId: string;
  readonly traceId: string;
  /** Spans of the trace, when it was read. */
  readonly spans?: number;
  /** Logs of the trace, when they were read; `logsMore`: the server had more than were read. */
  readonly logs?: number;
  readonly logsMore?: boolean;
  /** The server keeps no logs (no logs dataset, or a plan without logs). */
  readonly noLogs?: boolean;
}

/** What one read found: the spans, or the logs. */
export type TraceCountsPart = { spans: number } | { logs: number; more: boolean } | { noLogs: true };

export class TraceCounts {
  private readonly entries = new Map<string, TraceCountsEntry>();

  /** What is known of the issue's latest event's trace, or undefined. */
  get(org: string, issueId: string): TraceCountsEntry | undefined {
    return this.entries.get(`${org}\n${issueId}`);
  }

  /** A read of the latest event `eventId` of the issue, whose trace is `traceId`, found `part`. */
  record(org: string, issueId: string, eventId: string, traceId: string, part: TraceCountsPart): void {
    const key = `${org}\n${issueId}`;
    const was = this.entries.get(key);
    const base: TraceCountsEntry = was && was.eventId === eventId && was.traceId === traceId ? was : { eventId, traceId };
    const next: TraceCountsEntry =
      'spans' in part ? { ...base, spans: part.spans } : 'logs' in part ? { ...base, logs: part.logs, logsMore: part.more, noLogs: false } : { ...base, logs: undefined, noLogs: true };
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, next);
  }

  clear(): void {
    this.entries.clear();
  }
}
