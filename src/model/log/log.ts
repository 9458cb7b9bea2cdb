/**
 * The logs of a trace as everything past the API client sees them, and the one reader of the events
 * table's `dataset=logs` rows (`ourlogs` on servers of before getsentry/sentry#96884, July 2025, which
 * made `logs` the public name and kept `ourlogs` as a deprecated one: DATASET_OPTIONS and
 * DEPRECATED_LABELS in src/sentry/snuba/utils.py). Field names are the public aliases of
 * src/sentry/search/eap/ourlogs/attributes.py: `sentry.item_id`, `timestamp`, `timestamp_precise`
 * (nanoseconds), `severity` and `message` (older servers: `log.severity_text`, `log.body`, kept as
 * secondary aliases since), `trace`, and the SDK's `code.file.path`/`code.line.number` (getsentry/cli
 * asks for the same, src/lib/api/logs.ts DETAILED_LOG_FIELDS). Oldest first; what Follow polls is
 * merged without duplicates by `sentry.item_id` and `timestamp_precise`, as getsentry/cli's `log list
 * --follow` does. Masked and bounded where they enter. No `vscode` import.
 */
import { EventReader } from '../event/eventReader';
import { idText, isRecord } from '../read';
import { AttributeReader, CODE_ATTRIBUTES, epochMs } from '../trace/readTrace';
import type { CodeLocation } from '../trace/trace';

/** Logs kept of one trace (the newest, when Follow brings more). */
export const MAX_LOGS = 1_000;
export const MAX_LOG_TEXT = 8_192;

export interface LogEntry {
  /** `sentry.item_id`: with `precise`, what tells two logs apart. */
  readonly id: string;
  /** Epoch milliseconds. */
  readonly timestamp: number;
  /** `timestamp_precise` (nanoseconds) as the server sent it, when it did; the order and the dedup key. */
  readonly precise?: number;
  readonly level: string;
  readonly message: string;
  readonly code?: CodeLocation;
  /** The other fields asked for, masked text. */
  readonly attributes: readonly (readonly [string, string])[];
}

export interface LogPage {
  readonly logs: readonly LogEntry[];
  readonly cut: boolean;
  readonly masked: number;
}

/** Which name a server gives the logs dataset. */
export type LogsDataset = 'logs' | 'ourlogs';

/**
 * The fields asked for (at most 20, the events table's own limit): the older names on `ourlogs`,
 * which current servers still take as secondary aliases.
 */
export function logFields(dataset: LogsDataset): string[] {
  const [message, severity] = dataset === 'logs' ? ['message', 'severity'] : ['log.body', 'log.severity_text'];
  return ['sentry.item_id', 'timestamp', 'timestamp_precise', severity, message, 'trace', 'span_id', 'environment', 'release', 'code.file.path', 'code.line.number', 'code.function.name'];
}

const CORE = new Set(['sentry.item_id', 'id', 'timestamp', 'timestamp_precise', 'severity', 'severity_text', 'log.severity_text', 'message', 'log.body', 'trace', ...CODE_ATTRIBUTES]);

/** One page of `{data, meta}` rows, oldest first. */
export function readLogs(json: unknown): LogPage {
  const rows = isRecord(json) && Array.isArray(json.data) ? json.data : [];
  const a = new AttributeReader(new EventReader());
  const r = a.r;
  const logs: LogEntry[] = [];
  for (const row of r.c.last(rows, MAX_LOGS)) {
    if (!isRecord(row)) continue;
    const id = r.id(row['sentry.item_id'] ?? row.id);
    const precise = typeof row.timestamp_precise === 'number' && Number.isFinite(row.timestamp_precise) ? row.timestamp_precise : undefined;
    const timestamp = epochMs(row.timestamp) ?? (precise !== undefined ? precise / 1e6 : undefined);
    if (!id || timestamp === undefined) continue;
    const code = a.code(row);
    logs.push({
      id,
      timestamp,
      ...(precise !== undefined ? { precise } : {}),
      level: (r.id(row.severity ?? row['log.severity_text'] ?? row.severity_text) ?? '').toLowerCase(),
      message: r.text(row.message ?? row['log.body'], MAX_LOG_TEXT) ?? '',
      ...(code ? { code } : {}),
      attributes: a.pairs(row, CORE),
    });
  }
  logs.sort(byTime);
  return { logs, cut: r.c.cut, masked: r.masked };
}

function byTime(x: LogEntry, y: LogEntry): number {
  return x.precise !== undefined && y.precise !== undefined ? x.precise - y.precise : x.timestamp - y.timestamp;
}

/** What makes a log the same log when a poll brings it again. */
export function logKey(log: LogEntry): string {
  return `${log.id}|${log.precise ?? log.timestamp}`;
}

/** `known` and the logs of `more` it does not hold yet, oldest first, the newest MAX_LOGS; `added`: how many were new. */
export function mergeLogs(known: readonly LogEntry[], more: readonly LogEntry[], max = MAX_LOGS): { logs: LogEntry[]; added: number } {
  const keys = new Set(known.map(logKey));
  const fresh = more.filter((l) => {
    const k = logKey(l);
    if (keys.has(k)) return false;
    keys.add(k);
    return true;
  });
  if (!fresh.length) return { logs: known.slice(), added: 0 };
  const all = known.concat(fresh).sort(byTime);
  return { logs: all.length > max ? all.slice(all.length - max) : all, added: fresh.length };
}

/** Where the error happened among `logs` (oldest first): the index of the first log after it (logs.length: after all). */
export function errorMoment(logs: readonly LogEntry[], errorMs: number): number {
  let lo = 0;
  let hi = logs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (logs[mid].timestamp <= errorMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The logs whose message, level or attributes hold `query` (case-insensitive); all of them for an empty one. */
export function searchLogs(logs: readonly LogEntry[], query: string): LogEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return logs.slice();
  return logs.filter(
    (l) =>
      l.message.toLowerCase().includes(q) ||
      l.level.includes(q) ||
      l.attributes.some(([k, v]) => k.toLowerCase().includes(q) || v.toLowerCase().includes(q)) ||
      (l.code?.file.toLowerCase().includes(q) ?? false),
  );
}

/** The `trace` a row names, for a caller that checks the rows are of the trace it asked for. */
export function rowTrace(row: unknown): string | undefined {
  return isRecord(row) ? idText(row.trace)?.toLowerCase() : undefined;
}
