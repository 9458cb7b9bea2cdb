/**
 * The Logs tab's messages between the events panel's host and its page, beside trace.ts: the page
 * names what the user did (the tab was shown, Follow turned on or off, a log's line clicked by its
 * index in the view the host sent), the host answers with one whole view. Logs cross as one JSON
 * string of compact rows. The page's messages are untrusted input, read by parseLogsPageMessage.
 * No `vscode`, DOM or valibot.
 */
import type { ErrorActionName } from './messages';

export const LOGS_ACTIONS = ['open', 'refresh', 'follow', 'unfollow', 'openLog'] as const;
export type LogsActionName = (typeof LOGS_ACTIONS)[number];

export type LogsPageMessage = { type: 'logs'; action: LogsActionName; index?: number };

/** One log as the tab draws it. */
export interface LogRow {
  /** Epoch milliseconds. */
  t: number;
  lvl: string;
  msg: string;
  /** `file:line` of its code attributes: the row opens it. */
  code?: string;
  /** Its other attributes, masked text. */
  a?: [string, string][];
}

export interface LogsView {
  /** `no-logs`: the server or the organization's plan keeps no logs (said once, no error). */
  phase: 'loading' | 'ready' | 'none' | 'no-logs' | 'failed';
  message?: string;
  actions?: ErrorActionName[];
  traceId?: string;
  /** LogRow[] as JSON, oldest first. */
  rowsJson?: string;
  count: number;
  /** Where the error happened: the index of the first log after it (count: after all). */
  errorIndex?: number;
  following: boolean;
  /** Logs the last Follow poll added. */
  added?: number;
  /** More logs than the extension keeps: the newest are shown. */
  cut: boolean;
}

export type LogsHostMessage = { type: 'logs'; view: LogsView };

export function parseLogsPageMessage(v: Record<string, unknown>): LogsPageMessage | undefined {
  if (typeof v.action !== 'string' || !(LOGS_ACTIONS as readonly string[]).includes(v.action)) return undefined;
  const action = v.action as LogsActionName;
  if (action === 'openLog') {
    const i = v.index;
    return typeof i === 'number' && Number.isSafeInteger(i) && i >= 0 && i < 100_000 ? { type: 'logs', action, index: i } : undefined;
  }
  return { type: 'logs', action };
}

export function decodeLogRows(json: string): LogRow[] {
  const v: unknown = JSON.parse(json);
  if (!Array.isArray(v)) throw new TypeError('logs: not an array');
  return v as LogRow[];
}

/** The rows whose message, level, code or attributes hold `query` (case-insensitive), with their indexes. */
export function filterLogRows(rows: readonly LogRow[], query: string): number[] {
  const q = query.trim().toLowerCase();
  const out: number[] = [];
  rows.forEach((r, i) => {
    if (
      !q ||
      r.msg.toLowerCase().includes(q) ||
      r.lvl.toLowerCase().includes(q) ||
      (r.code?.toLowerCase().includes(q) ?? false) ||
      (r.a ?? []).some(([k, v]) => k.toLowerCase().includes(q) || v.toLowerCase().includes(q))
    )
      out.push(i);
  });
  return out;
}
