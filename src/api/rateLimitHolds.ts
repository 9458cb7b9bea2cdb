/**
 * The client's answer to a 429: per rate-limit budget, nothing more is sent until the server's reset
 * (without one, until the backoff ends), whichever feature asks (the tree, the marks, a tool), since
 * the server would only refuse it again. A request meeting a near reset waits for it; a far one is
 * refused at once. Budgets are per endpoint (budgetOf). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { clampDelay } from '../util/delay';
import { RateLimitedError } from './errors';
import { clampResetAt, parseRetryAfter, readRateLimit } from './rateLimit';

export interface HoldOptions {
  /** The longest wait for a rate-limit reset before a 429 is reported instead. */
  readonly maxRateLimitWaitMs: number;
  readonly now: () => number;
  /** Waits for a rate-limit reset; always given a timer-safe delay. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
  /** The wait before retry `attempt` when the server names none. */
  readonly backoff: (attempt: number) => number;
}

/** One request's dealings with the hold on its budget. */
export interface RequestHold {
  /** Before sending: returns once the budget is free (or held only by a hold this request waited out); throws a RateLimitedError for a far one. */
  ready(): Promise<void>;
  /** After a 429: holds the budget, and true when the request should be sent again (it waited for the reset). */
  retryAfter429(headers: Headers): Promise<boolean>;
  /** After a success: ends the hold this request waited out (a later one set meanwhile stays). */
  succeeded(): void;
}

export class RateLimitHolds {
  /** Per budget, when requests on it may be sent again (epoch ms). */
  private readonly heldUntil = new Map<string, number>();

  constructor(private readonly opts: HoldOptions) {}

  /** Lets requests on a budget go again before its reset: the user asked (Refresh, Retry); another 429 holds it anew. */
  release(budget: string): void {
    this.heldUntil.delete(budget);
  }

  /** When requests on a budget may be sent again (epoch ms), while a 429's reset is pending. */
  heldBackUntil(budget: string): number | undefined {
    const at = this.heldUntil.get(budget);
    return at !== undefined && this.opts.now() < at ? at : undefined;
  }

  /** The hold of one request on `budget` (`label` names it in errors). */
  forRequest(budget: string, label: string, signal?: AbortSignal): RequestHold {
    let rateLimitWaits = 0;
    // The latest hold this request has waited out (its own 429's or another's): it may then be sent
    // while that hold is still in the map, and its success ends it.
    let waitedOut: number | undefined;
    const ready = async (): Promise<void> => {
      for (;;) {
        const held = this.heldUntil.get(budget);
        if (held === undefined) return;
        const now = this.opts.now();
        if (now >= held) {
          this.heldUntil.delete(budget);
          return;
        }
        if (waitedOut !== undefined && held <= waitedOut) return;
        // A near reset is waited out as a 429 of this request's own would be; a far one is reported at once.
        if (rateLimitWaits >= 2 || held - now > clampDelay(this.opts.maxRateLimitWaitMs)) {
          throw new RateLimitedError(held, l10n.t('not sent: an earlier request on this endpoint was rate-limited'), label, false);
        }
        rateLimitWaits++;
        await this.opts.sleep(clampDelay(this.untilReset(held, now)), signal);
        waitedOut = held;
      }
    };
    return {
      ready,
      retryAfter429: async (headers) => {
        const wait = rateLimitWaits < 2 ? this.rateLimitWait(headers, rateLimitWaits) : undefined;
        // Held at once, also while this request waits inline: the other requests on the budget (the
        // marks send four at a time) would only be refused too. Without a reset (an nginx limit in
        // front of self-hosted Sentry), for the delay this request retries after.
        const hold = this.resetAt(headers) ?? this.opts.now() + clampDelay(wait ?? this.opts.backoff(rateLimitWaits));
        this.hold(budget, hold);
        // Beyond what a timer can take, a wait is a reported 429, never a 1 ms timer (NaN fails the test too).
        if (!(wait !== undefined && wait <= clampDelay(this.opts.maxRateLimitWaitMs))) return false;
        rateLimitWaits++;
        await this.opts.sleep(clampDelay(wait), signal);
        waitedOut = Math.max(waitedOut ?? hold, hold);
        // Only a later hold set by another request meanwhile stops this retry, never its own.
        await ready();
        return true;
      },
      succeeded: () => {
        const held = this.heldUntil.get(budget);
        if (held !== undefined && waitedOut !== undefined && held <= waitedOut) this.heldUntil.delete(budget);
      },
    };
  }

  /** When a 429's budget refills, as the server said it, clamped to a sane distance. */
  resetAt(headers: Headers): number | undefined {
    const now = this.opts.now();
    const retryAfter = parseRetryAfter(headers.get('retry-after'), now);
    const at = retryAfter !== undefined ? now + retryAfter : readRateLimit(headers)?.resetAt;
    return at === undefined ? undefined : clampResetAt(at, now);
  }

  /**
   * ms to wait before retrying a 429: Retry-After (seconds or a date), else the reset time, else
   * exponential backoff. Unclamped (possibly Infinity), so that a far reset is reported, not waited.
   */
  private rateLimitWait(headers: Headers, attempt: number): number | undefined {
    const now = this.opts.now();
    const retryAfter = parseRetryAfter(headers.get('retry-after'), now);
    if (retryAfter !== undefined) return retryAfter;
    const reset = readRateLimit(headers)?.resetAt;
    if (reset !== undefined) return this.untilReset(reset, now);
    return this.opts.backoff(attempt);
  }

  /** ms until a reset, plus up to 250 ms so that the requests held back by it do not all go at once. */
  private untilReset(at: number, now: number): number {
    return Math.max(0, at - now) + Math.floor(this.opts.random() * 250);
  }

  /** Holds a budget back until `at`; a hold already further away stays. */
  private hold(budget: string, at: number): void {
    const held = this.heldUntil.get(budget);
    if (held === undefined || held < at) this.heldUntil.set(budget, at);
  }
}

/** Path segments that name an endpoint rather than an organization, project, issue or key. */
const ENDPOINT_WORDS = new Set([
  'api',
  '0',
  'organizations',
  'projects',
  'issues',
  'events',
  'tags',
  'values',
  'members',
  'teams',
  'environments',
  'shortids',
  'user-reports',
  'oauth',
  'token',
  'device',
  'code',
]);

/** One budget per endpoint, whatever it names: `GET /api/0/organizations/{org}/issues/{id}/events/` is `GET /api/0/organizations/(star)/issues/(star)/events/`. */
export function budgetOf(method: string, path: string): string {
  return `${method} ${path
    .split('/')
    .map((s) => (s === '' || ENDPOINT_WORDS.has(s) ? s : '*'))
    .join('/')}`;
}
