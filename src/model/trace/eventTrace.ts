/**
 * The trace an event names: `contexts.trace.trace_id` of the event as the API answers it (the
 * event-details endpoint's camelCase `eventID` and `dateCreated`), with the event's own id and time.
 * The Trace and Logs tabs and the AI's trace summary start from it. No `vscode` import.
 */
import { isRecord } from '../read';
import { isTraceId } from './trace';

/** The trace an event names, and when the event happened. */
export interface EventTrace {
  traceId: string;
  eventId: string;
  /** Epoch milliseconds. */
  time: number;
}

/** The trace of a raw event (`contexts.trace.trace_id`), undefined when it names none. */
export function eventTrace(raw: unknown): EventTrace | undefined {
  if (!isRecord(raw)) return undefined;
  const contexts = isRecord(raw.contexts) ? raw.contexts : {};
  const trace = isRecord(contexts.trace) ? contexts.trace : {};
  const traceId = typeof trace.trace_id === 'string' ? trace.trace_id.replace(/-/g, '').toLowerCase() : undefined;
  const eventId = typeof raw.eventID === 'string' ? raw.eventID.toLowerCase() : typeof raw.id === 'string' ? raw.id.toLowerCase() : '';
  const time = Date.parse(typeof raw.dateCreated === 'string' ? raw.dateCreated : '');
  if (!traceId || !isTraceId(traceId) || !Number.isFinite(time)) return undefined;
  return { traceId, eventId, time };
}
