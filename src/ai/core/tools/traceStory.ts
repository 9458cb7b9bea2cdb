/**
 * Reads an event's trace for the AI: the trace and its logs, through the same readers the events
 * panel's Trace and Logs tabs use (src/api/traceEndpoints.ts, which hand each answer to its one
 * reader in src/model/), side by side: two requests, what the two tabs cost (on a server met for the
 * first time, the fallback to an older endpoint or dataset name once more, then remembered). A part
 * that fails is said in the text, not thrown: the issue's details stand without it. What was read
 * of an issue's latest event is left in the trace counts the hover reads. No `vscode` import.
 */
import { getTrace, getTraceLogs } from '../../../api/traceEndpoints';
import type { SentryClient } from '../../../api/client';
import type { EventTrace } from '../../../model/trace/eventTrace';
import type { LogPage } from '../../../model/log/log';
import type { Trace } from '../../../model/trace/trace';
import type { TraceCounts } from '../../../store/traceCounts';
import type { TraceStory, Unread } from '../text/traceSummary';
import { isAbort, ToolCancelled } from './toolErrors';

/** The failure of one part, as a short reason (the client's messages hold no credential; the server's detail in them is cut). */
function failed(e: unknown, signal: AbortSignal | undefined): Unread {
  if (isAbort(e, signal)) throw new ToolCancelled();
  return { unread: 'failed', why: e instanceof Error ? e.message.replace(/\s+/g, ' ').slice(0, 200) : 'the request failed' };
}

/** The trace `at` names and its logs; `latestOf`: the issue whose latest event it is, to record the counts for its hover. */
export async function readTraceStory(client: SentryClient, org: string, at: EventTrace, signal?: AbortSignal, latestOf?: { issueId: string; counts?: () => TraceCounts }): Promise<TraceStory> {
  const [t, l] = await Promise.allSettled([getTrace(client.http, org, at.traceId, at.eventId || undefined, at.time, signal), getTraceLogs(client.http, org, at.traceId, at.time, undefined, signal)]);
  const trace: Trace | Unread = t.status === 'fulfilled' ? t.value : failed(t.reason, signal);
  const logs: LogPage | Unread = l.status === 'rejected' ? failed(l.reason, signal) : l.value.kind === 'no-logs-dataset' ? { unread: 'none' } : l.value;
  const counts = latestOf?.counts?.();
  if (counts && at.eventId) {
    if (t.status === 'fulfilled') counts.record(org, latestOf!.issueId, at.eventId, at.traceId, { spans: t.value.spans.length });
    if (l.status === 'fulfilled')
      counts.record(
        org,
        latestOf!.issueId,
        at.eventId,
        at.traceId,
        l.value.kind === 'no-logs-dataset' ? { noLogs: true } : { logs: l.value.logs.length, more: l.value.logs.length >= 100 || l.value.cut },
      );
  }
  return { at, trace, logs };
}
