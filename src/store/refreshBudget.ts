/**
 * The one owner of the background refreshes' rate-limit state: the Issues view's lists and the
 * editor's per-file searches draw on one server budget, so both report their answers here, both
 * timers ask it when to run next, and both reach the client's 429 hold on that budget only through
 * it. Pure (no `vscode`); the rules themselves are in ./refreshPolicy.ts.
 */
import { EVENTS_TABLE_BUDGET, ISSUE_LIST_BUDGET, type SentryClient } from '../api/client';
import type { RateLimitInfo } from '../api/rateLimit';
import { afterAnswer, answerOf, nextRefreshDelay, type RefreshState } from './refreshPolicy';

/** What identifies a list's answer (see `answerOf`). */
export type ListAnswer = Parameters<typeof answerOf>[0];

/** What of a client the budget reaches: its HTTP client's 429 holds. */
export type HoldingClient = Pick<SentryClient, 'http'>;

/**
 * How long after a hold's end one more run goes: a timer at the reset itself may fire a moment before
 * the client's clock passes it, or meet a server still counting the old window.
 */
const AFTER_HOLD_MARGIN_MS = 250;

export class RefreshBudget {
  private current: RefreshState = { rateLimitedRuns: 0 };
  /** The latest rate-limit headers seen, so that a nearly spent budget slows the refreshes down. */
  private latest: RateLimitInfo | undefined;
  /** Per list key, the answer counted last: a list named again with the same answer counts once. */
  private readonly counted = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The state the next delay is computed from (a copy: only the methods below change it). */
  get state(): Readonly<RefreshState> {
    return { ...this.current };
  }

  /** The latest rate-limit headers seen, if any. */
  get rateLimit(): RateLimitInfo | undefined {
    return this.latest;
  }

  /** The rate-limit headers of an answer; an answer without any keeps what was seen before. */
  noteRateLimit(info: RateLimitInfo | undefined): void {
    this.latest = info ?? this.latest;
  }

  /**
   * A background answer (a list's page, a run of file searches): a 429 backs off further until its
   * reset, a success (`error` undefined) starts over, any other failure changes nothing.
   */
  noteAnswer(error: unknown): void {
    this.current = afterAnswer(this.current, error, this.latest);
  }

  /**
   * A list as a change event names it (undefined: it is gone): counts as an answer only when it
   * brings a new one, not while it loads, nor when a change names the same answer again.
   */
  noteList(key: string, list: (ListAnswer & { readonly error?: unknown }) | undefined): void {
    if (!list) {
      this.counted.delete(key);
      return;
    }
    const answer = answerOf(list);
    if (answer === undefined || this.counted.get(key) === answer) return;
    this.counted.set(key, answer);
    this.noteAnswer(list.error);
  }

  /** ms until the next background refresh every `intervalMs`, or undefined when refresh is off. */
  nextDelay(intervalMs: number): number | undefined {
    return nextRefreshDelay(intervalMs, this.current, this.now());
  }

  /**
   * Lets the lists and searches go again before a 429's reset: the user asked (Refresh, Retry), so
   * they try once anyway; another 429 holds them back anew.
   */
  releaseHold(client: HoldingClient): void {
    client.http.releaseHold(ISSUE_LIST_BUDGET);
  }

  /** When the lists and searches may be sent again (epoch ms), while a 429's reset is pending. */
  heldUntil(client: HoldingClient): number | undefined {
    return client.http.heldBackUntil(ISSUE_LIST_BUDGET);
  }

  /**
   * While a 429 holds the lists and searches (or the events table) back: the hold's end (`at`, epoch ms, to tell one hold
   * from the next) and the ms after which one more run finds them free; undefined while none is held.
   */
  afterHold(client: HoldingClient): { readonly at: number; readonly delayMs: number } | undefined {
    // The marks search the events table too (src/editor/core/sharedSearch.ts): the later of both holds.
    const holds = [this.heldUntil(client), client.http.heldBackUntil(EVENTS_TABLE_BUDGET)].filter((t): t is number => t !== undefined);
    const at = holds.length ? Math.max(...holds) : undefined;
    return at === undefined ? undefined : { at, delayMs: Math.max(0, at - this.now()) + AFTER_HOLD_MARGIN_MS };
  }
}
