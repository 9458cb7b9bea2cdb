/**
 * When to ask for a run's state again. GroupAutofixEndpoint declares its limits
 * (src/sentry/seer/endpoints/group_ai_autofix.py, unchanged by getsentry/sentry#116162): GET 1024
 * per minute per user and IP, 8192 per minute per organization; POST 25 per minute per user and IP,
 * 100 per hour per organization. A poll at most every 2 s (30 a minute) from one panel stays far
 * inside the GET limit even with several panels open; it backs off to 15 s while nothing changes,
 * and comes back to the fast pace when the answer changes. getsentry/sentry-mcp polls every 5 s for
 * up to 5 minutes (packages/mcp-core/src/internal/tool-helpers/seer.ts); a legacy run times out on
 * the server after 30 minutes (TIMEOUT_SECONDS, src/sentry/seer/autofix/autofix.py), which bounds
 * the polling too. A 429 waits what the server says (the API client's rate-limit holds). No `vscode` import.
 */

export const POLL = {
  firstMs: 1000,
  fastMs: 2000,
  maxMs: 15_000,
  factor: 1.5,
  /** Polling stops after this long; the panel then offers Refresh. */
  giveUpMs: 30 * 60 * 1000,
} as const;

export interface PollClock {
  /** Polls since the answer last changed. */
  unchanged: number;
  /** When polling began (ms). */
  startedAt: number;
}

/** The wait before the next poll, or undefined when polling should stop (given up). */
export function nextPollDelay(clock: PollClock, now: number): number | undefined {
  if (now - clock.startedAt >= POLL.giveUpMs) return undefined;
  if (clock.unchanged === 0) return POLL.fastMs;
  return Math.min(POLL.maxMs, Math.round(POLL.fastMs * POLL.factor ** clock.unchanged));
}

/** After an answer: the clock with `changed` counted. */
export function tick(clock: PollClock, changed: boolean): PollClock {
  return { ...clock, unchanged: changed ? 0 : clock.unchanged + 1 };
}

/** The most polls one run can cost in `ms` at this schedule (used by the tests and the docs' figures). */
export function maxPollsWithin(ms: number): number {
  let t: number = POLL.firstMs;
  let n = 0;
  let clock: PollClock = { unchanged: 0, startedAt: 0 };
  while (t <= ms) {
    n++;
    const d = nextPollDelay(clock, t);
    if (d === undefined) break;
    t += d;
    clock = tick(clock, true);
  }
  return n;
}
