/**
 * The Logs tab's data: the logs of the trace of the event on screen, read only when the tab is shown
 * (the event, unless the panel read it already, and one logs request), oldest first, the error's
 * moment found among them; Follow asks for what came after the newest one and merges it without
 * duplicates (by `sentry.item_id` and `timestamp_precise`, src/model/log/log.ts). A server without
 * the logs dataset, or an organization whose plan has no logs (no `ourlogs-enabled` among its
 * features, read only when a trace has no logs), is said once as such, not as an error. The host
 * runs Follow's timer and stops it when the panel hides. Pure: no `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../api/client';
import { getTraceLogs } from '../../api/traceEndpoints';
import { SignedOutError } from '../../contracts/errors';
import { errorMoment, mergeLogs, type LogEntry } from '../../model/log/log';
import type { LogRow, LogsView } from './protocol/logs';
import { toErrorView } from './eventsModel';
import type { OpenedEvent } from './eventCache';
import { eventTrace, type EventTrace } from '../../model/trace/eventTrace';

/** How often Follow asks for new logs. */
export const FOLLOW_INTERVAL_MS = 5_000;

const EMPTY: LogsView = { phase: 'loading', count: 0, following: false, cut: false };

export interface LogsModelDeps {
  getClient: () => Promise<SentryClient | undefined>;
  org: string;
  event: (signal: AbortSignal) => Promise<OpenedEvent>;
}

/** Whether the organization's plan has logs, read once per client (undefined: not known). */
const planHasLogs = new WeakMap<SentryClient, Map<string, boolean>>();

async function orgHasLogs(client: SentryClient, org: string, signal: AbortSignal): Promise<boolean | undefined> {
  let known = planHasLogs.get(client);
  if (!known) planHasLogs.set(client, (known = new Map()));
  if (known.has(org)) return known.get(org);
  try {
    const o = (await client.getOrganization(org, signal)) as { features?: unknown };
    if (!Array.isArray(o.features)) return undefined;
    const has = o.features.includes('ourlogs-enabled');
    known.set(org, has);
    return has;
  } catch {
    return undefined;
  }
}

export function logRows(logs: readonly LogEntry[]): LogRow[] {
  return logs.map((l) => {
    const row: LogRow = { t: l.timestamp, lvl: l.level, msg: l.message };
    if (l.code) row.code = l.code.line !== undefined ? `${l.code.file}:${l.code.line}` : l.code.file;
    if (l.attributes.length) row.a = l.attributes.map(([k, v]) => [k, v]);
    return row;
  });
}

export class LogsModel {
  private current: LogsView = EMPTY;
  private logs: LogEntry[] = [];
  private at?: EventTrace;
  private following = false;
  private cut = false;
  private ac = new AbortController();
  private running?: Promise<LogsView>;

  constructor(private readonly deps: LogsModelDeps) {}

  get view(): LogsView {
    return this.current;
  }

  get isFollowing(): boolean {
    return this.following && this.current.phase === 'ready';
  }

  /** The tab was shown: the logs of the event's trace, read once (`again`: anew, Refresh). */
  open(again = false): Promise<LogsView> {
    if (this.running) return this.running;
    if (!again && this.at && (this.current.phase === 'ready' || this.current.phase === 'no-logs' || this.current.phase === 'none')) return Promise.resolve(this.current);
    this.running = this.load().finally(() => (this.running = undefined));
    return this.running;
  }

  private async client(): Promise<SentryClient> {
    const client = await this.deps.getClient();
    if (!client) throw new SignedOutError();
    return client;
  }

  private async load(): Promise<LogsView> {
    const signal = this.ac.signal;
    try {
      const at = eventTrace((await this.deps.event(signal)).raw);
      if (!at) return (this.current = { ...EMPTY, phase: 'none', message: l10n.t('This event names no trace, so no logs can be tied to it.') });
      this.current = { ...EMPTY, phase: 'loading', traceId: at.traceId, following: this.following };
      const client = await this.client();
      signal.throwIfAborted();
      const answer = await getTraceLogs(client.http, this.deps.org, at.traceId, at.time, undefined, signal);
      this.at = at;
      if (answer.kind === 'no-logs-dataset') {
        this.following = false;
        return (this.current = {
          ...EMPTY,
          phase: 'no-logs',
          traceId: at.traceId,
          message: l10n.t('This Sentry server keeps no logs: it has no logs dataset (logs came to self-hosted Sentry in 2025).'),
        });
      }
      this.logs = answer.logs.slice();
      this.cut = answer.cut;
      if (!this.logs.length) {
        const plan = await orgHasLogs(client, this.deps.org, signal);
        if (plan === false) {
          this.following = false;
          return (this.current = {
            ...EMPTY,
            phase: 'no-logs',
            traceId: at.traceId,
            message: l10n.t('Organization "{0}" has no logs on its plan, so Sentry keeps none for this trace.', this.deps.org),
          });
        }
      }
      return (this.current = this.ready(0));
    } catch (e) {
      const v = toErrorView(e);
      return (this.current = { ...EMPTY, phase: 'failed', message: v.message, actions: v.actions, following: this.following });
    }
  }

  private ready(added: number): LogsView {
    const at = this.at!;
    return {
      phase: 'ready',
      traceId: at.traceId,
      rowsJson: JSON.stringify(logRows(this.logs)),
      count: this.logs.length,
      errorIndex: errorMoment(this.logs, at.time),
      following: this.following,
      ...(added ? { added } : {}),
      cut: this.cut,
      ...(this.logs.length ? {} : { message: l10n.t('No logs were sent in this trace.') }),
    };
  }

  /** Follow on or off; the view says which. */
  setFollowing(on: boolean): LogsView {
    this.following = on && this.current.phase === 'ready';
    if (this.current.phase === 'ready' || this.current.phase === 'failed') this.current = { ...this.current, following: this.following };
    return this.current;
  }

  /** One Follow poll: the logs after the newest one held, merged without duplicates. */
  async poll(): Promise<LogsView> {
    if (!this.following || !this.at || this.current.phase !== 'ready') return this.current;
    const at = this.at;
    const newest = this.logs.reduce<number | undefined>((m, l) => (l.precise === undefined ? m : m === undefined ? l.precise : Math.max(m, l.precise)), undefined);
    try {
      const client = await this.client();
      const answer = await getTraceLogs(client.http, this.deps.org, at.traceId, at.time, newest ?? (this.logs.at(-1)?.timestamp ?? at.time) * 1e6, this.ac.signal);
      if (answer.kind !== 'logs' || this.at !== at) return this.current;
      const merged = mergeLogs(this.logs, answer.logs);
      this.logs = merged.logs;
      this.cut ||= answer.cut;
      return (this.current = this.ready(merged.added));
    } catch (e) {
      // A failed poll leaves what is shown and says why; Follow stays on and tries again.
      return (this.current = { ...this.current, message: toErrorView(e).message });
    }
  }

  /** A log of the view sent last. */
  log(index: number): LogEntry | undefined {
    return this.logs[index];
  }

  /** Another issue or account, or the panel closed: stop and forget. */
  reset(): void {
    this.ac.abort();
    this.ac = new AbortController();
    this.running = undefined;
    this.logs = [];
    this.at = undefined;
    this.following = false;
    this.cut = false;
    this.current = EMPTY;
  }
}
