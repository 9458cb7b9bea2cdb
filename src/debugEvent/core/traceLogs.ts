/**
 * The logs before the error, for the Debug Console after the breadcrumbs: the event's trace
 * (`contexts.trace.trace_id`) read through the one log reader of the Logs tab (getTraceLogs, at most
 * the two requests that tab costs: one, and a second only while the server's name for the logs
 * dataset is not known yet), already masked and bounded where it entered, then cut to the last
 * MAX_CONSOLE_LOGS before the error's moment, oldest first, each line's output category by its level
 * as the breadcrumbs'. A server without logs, an event without a trace, or a read that failed is one
 * line saying so: never an error, since the session is already stopped and usable. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../api/client';
import { getTraceLogs, type TraceLogs } from '../../api/traceEndpoints';
import { errorMoment, type LogEntry } from '../../model/log/log';
import { eventTrace } from '../../model/trace/eventTrace';
import { categoryOf, type ConsoleLine } from './console';
import { inertLine } from './inertText';

/** Logs before the error the Debug Console shows at most (the newest of them). */
export const MAX_CONSOLE_LOGS = 50;
/** Characters of one log's line. */
const MAX_LOG_LINE = 2000;

/** What was learnt of the trace's logs. */
export type LogsRead = { kind: 'logs'; traceId: string; logs: readonly LogEntry[]; cut: boolean } | { kind: 'no-logs-dataset' } | { kind: 'no-trace' } | { kind: 'failed'; message: string };

const note = (text: string): ConsoleLine[] => [{ text, category: 'console' }];

function logLine(l: LogEntry): ConsoleLine {
  const at = new Date(l.timestamp).toISOString().slice(11, 23);
  const where = l.code ? `  (${l.code.line !== undefined ? `${l.code.file}:${l.code.line}` : l.code.file})` : '';
  return { text: inertLine(`${at} [${l.level || 'log'}] ${l.message}${where}`, MAX_LOG_LINE), category: categoryOf(l.level) };
}

/** The Debug Console's lines for the logs of the event's trace before `errorMs` (epoch milliseconds). */
export function traceLogLines(read: LogsRead, errorMs: number): ConsoleLine[] {
  switch (read.kind) {
    case 'no-trace':
      return note(l10n.t('The event names no trace, so no logs can be tied to it.'));
    case 'no-logs-dataset':
      return note(l10n.t('This Sentry server keeps no logs (it has no logs dataset), so none are shown before the error.'));
    case 'failed':
      return note(l10n.t('The logs of the event’s trace could not be read: {0}', inertLine(read.message, 300)));
    case 'logs': {
      const before = read.logs.slice(0, errorMoment(read.logs, errorMs));
      if (!before.length) return note(l10n.t('Sentry has no logs of trace {0} before the error (none were sent, or the server or plan keeps none).', read.traceId));
      const shown = before.slice(-MAX_CONSOLE_LOGS);
      const left = before.length - shown.length;
      const head = left
        ? l10n.t('Logs of trace {0} before the error, oldest first ({1}; {2} older ones left out):', read.traceId, shown.length, left)
        : l10n.t('Logs of trace {0} before the error, oldest first ({1}):', read.traceId, shown.length);
      return [{ text: head, category: 'console' }, ...shown.map(logLine)];
    }
  }
}

/**
 * Reads the logs of the trace the raw event (as the API answers it) names, in organization `org`,
 * and gives their Debug Console lines. Never throws: a failure is a line.
 */
export async function readTraceLogLines(client: SentryClient | undefined, org: string, rawEvent: unknown, signal?: AbortSignal): Promise<ConsoleLine[]> {
  const at = eventTrace(rawEvent);
  if (!at) return traceLogLines({ kind: 'no-trace' }, 0);
  if (!client) return traceLogLines({ kind: 'failed', message: l10n.t('not signed in to Sentry') }, at.time);
  let answer: TraceLogs;
  try {
    answer = await getTraceLogs(client.http, org, at.traceId, at.time, undefined, signal);
  } catch (e) {
    return traceLogLines({ kind: 'failed', message: (e as Error)?.message ?? String(e) }, at.time);
  }
  return traceLogLines(answer.kind === 'logs' ? { kind: 'logs', traceId: at.traceId, logs: answer.logs, cut: answer.cut } : { kind: 'no-logs-dataset' }, at.time);
}
