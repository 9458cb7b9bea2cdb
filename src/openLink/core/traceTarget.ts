/**
 * What a trace link without an event opens, from the trace as its one reader gives it: the trace's
 * first error event (in the trace's order), with its issue and project when the server named them (the
 * panel opens on it with no other request), else only its event id (the event-ID lookup finds its
 * issue). A trace with spans but no error event has nothing to open in an issue; one with nothing at
 * all was not found in the period asked (or this account cannot see it). No `vscode` import.
 */
import type { Trace } from '../../model/trace/trace';

export type TraceTarget = { kind: 'error'; eventId: string; issueId?: string; project?: string } | { kind: 'noError' } | { kind: 'empty' };

export function traceTarget(trace: Pick<Trace, 'spans' | 'issues'>): TraceTarget {
  const error = trace.issues.find((i) => i.kind === 'error' && i.eventId);
  if (error?.eventId) return { kind: 'error', eventId: error.eventId, ...(error.issueId && error.project ? { issueId: error.issueId, project: error.project } : {}) };
  return trace.spans.length || trace.issues.length ? { kind: 'noError' } : { kind: 'empty' };
}
