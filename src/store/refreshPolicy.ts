/**
 * When the next background refresh may run: every `intervalMs`, later after 429s (exponential,
 * capped at an hour) and never before the server's rate-limit reset when the budget is nearly spent.
 * Pure, so it is tested without timers.
 */
import type { RateLimitInfo } from '../api/rateLimit';
import { errorKind, rateLimitResetOf } from '../contracts/errors';

export interface RefreshState {
  /** Consecutive refreshes that ended in a 429. */
  rateLimitedRuns: number;
  /** resetAt of the latest 429 or rate-limit headers (epoch ms). */
  resetAt?: number;
  rateLimit?: RateLimitInfo;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Keep this many requests of the server's budget for what the user does by hand. */
const RESERVE = 5;

export function nextRefreshDelay(intervalMs: number, state: RefreshState, now: number): number | undefined {
  if (intervalMs <= 0) return undefined;
  let delay = intervalMs;
  if (state.rateLimitedRuns > 0) delay = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** state.rateLimitedRuns);
  // Server numbers: a reset that is not a finite time is no reset at all (NaN would reach the timer as 0).
  const reset = [state.resetAt, state.rateLimit?.resetAt].find((r) => r !== undefined && Number.isFinite(r));
  const lowBudget = state.rateLimitedRuns > 0 || (state.rateLimit?.remaining !== undefined && state.rateLimit.remaining <= RESERVE);
  if (lowBudget && reset !== undefined) delay = Math.max(delay, reset - now);
  return delay;
}

/**
 * The state after a background refresh's answer (the tree's lists, the marks' searches: one server
 * budget): a 429 backs off further until its reset, a success starts over, another failure changes
 * nothing. A run the client's own hold refused sent nothing: no new 429, so no further backoff
 * (counted, the reloads and the searches of files opened during one hold doubled the wait after
 * its reset again and again).
 */
export function afterAnswer(state: RefreshState, error: unknown, rateLimit: RateLimitInfo | undefined): RefreshState {
  if (errorKind(error) === 'rateLimited') {
    if ((error as { sent?: unknown }).sent === false) return state;
    return { ...state, rateLimitedRuns: state.rateLimitedRuns + 1, resetAt: rateLimitResetOf(error) };
  }
  if (!error) return { rateLimitedRuns: 0, rateLimit };
  return state;
}

/**
 * What identifies a list's latest answer (undefined while it loads): the store names a list on
 * every change, and only a new answer (a page or a failure) may count towards the policy.
 */
export function answerOf(list: { loading: boolean; loadedAt?: number; failedAt?: number; nextCursor?: string; error?: unknown }): string | undefined {
  if (list.loading) return undefined;
  return JSON.stringify([list.loadedAt ?? null, list.failedAt ?? null, list.error ? 1 : 0, list.nextCursor ?? null]);
}
