/**
 * The Replays and Feedback tabs' data: what the issue's users saw (its session replays) and wrote
 * (their feedback), each read only when its tab is shown, once (Refresh reads again), within two
 * requests (src/api/replayEndpoints.ts), and kept for the host to answer the tab's clicks from: the
 * page names a replay by its index in the view it was sent, the replay opened is the one read here.
 * Pure: no `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../api/client';
import { getIssueFeedback, getIssueReplays } from '../../api/replayEndpoints';
import { SignedOutError } from '../../contracts/errors';
import type { FeedbackItem } from '../../model/feedback/feedback';
import type { ReplaySummary } from '../../model/replay/replay';
import type { FeedbackRow, ReplayRow, UsersView } from './protocol/users';
import { toErrorView } from './eventsModel';

export interface UsersModelDeps {
  getClient: () => Promise<SentryClient | undefined>;
  org: string;
  issueId: string;
}

/** A tab's data read once when shown: the read, the view made of it, and what was read (for the clicks). */
abstract class ReadOnce<Item, Row> {
  private current: UsersView<Row> = { phase: 'loading', rows: [] };
  protected items: Item[] = [];
  private ac = new AbortController();
  private running?: Promise<UsersView<Row>>;

  constructor(protected readonly deps: UsersModelDeps) {}

  get view(): UsersView<Row> {
    return this.current;
  }

  /** The tab was shown: read once (`again`: anew, Refresh). */
  open(again = false): Promise<UsersView<Row>> {
    if (this.running) return this.running;
    if (!again && this.current.phase === 'ready') return Promise.resolve(this.current);
    const signal = this.ac.signal;
    this.running = this.client()
      .then((client) => this.read(client, signal))
      .then(
        (view) => (this.current = view),
        (e: unknown) => {
          const v = toErrorView(e);
          return (this.current = { phase: 'failed', rows: [], message: v.message, actions: v.actions });
        },
      )
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async client(): Promise<SentryClient> {
    const client = await this.deps.getClient();
    if (!client) throw new SignedOutError();
    return client;
  }

  protected abstract read(client: SentryClient, signal: AbortSignal): Promise<UsersView<Row>>;

  /** Another issue or account, or the panel closed: stop and forget. */
  reset(): void {
    this.ac.abort();
    this.ac = new AbortController();
    this.running = undefined;
    this.items = [];
    this.current = { phase: 'loading', rows: [] };
  }
}

export function replayRow(r: ReplaySummary): ReplayRow {
  const client = [r.browser, r.os].filter(Boolean).join(' · ');
  return {
    user: r.user,
    errors: r.errors,
    ...(r.duration !== undefined ? { duration: r.duration } : {}),
    ...(r.startedAt !== undefined ? { startedAt: r.startedAt } : {}),
    ...(client ? { client } : {}),
  };
}

export class ReplaysModel extends ReadOnce<ReplaySummary, ReplayRow> {
  protected async read(client: SentryClient, signal: AbortSignal): Promise<UsersView<ReplayRow>> {
    this.items = await getIssueReplays(client.http, this.deps.org, this.deps.issueId, signal);
    return { phase: 'ready', rows: this.items.map(replayRow), ...(this.items.length ? {} : { message: l10n.t('No session replays of this issue were recorded.') }) };
  }

  /** A replay of the view sent last. */
  replay(index: number): ReplaySummary | undefined {
    return this.items[index];
  }
}

export function feedbackRow(f: FeedbackItem): FeedbackRow {
  return { author: f.author, message: f.message, ...(f.when !== undefined ? { when: f.when } : {}) };
}

export class FeedbackModel extends ReadOnce<FeedbackItem, FeedbackRow> {
  protected async read(client: SentryClient, signal: AbortSignal): Promise<UsersView<FeedbackRow>> {
    const list = await getIssueFeedback(client.http, this.deps.org, this.deps.issueId, signal);
    this.items = [...list.items].sort((a, b) => (b.when ?? 0) - (a.when ?? 0));
    return {
      phase: 'ready',
      rows: this.items.map(feedbackRow),
      ...(list.masked ? { masked: list.masked } : {}),
      ...(this.items.length ? {} : { message: l10n.t('No user of this issue sent feedback.') }),
    };
  }
}
