/**
 * Sentry's rate-limit headers (https://docs.sentry.io/api/ratelimits/) and Retry-After, read so that
 * no value a server sends can break a timer or a date; self-hosted servers usually send none.
 */
export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** epoch ms */
  resetAt?: number;
  concurrentLimit?: number;
  concurrentRemaining?: number;
}

/**
 * The furthest a reset is believed to lie ahead: a month covers any real quota period, while a
 * server claiming more (up to year 275760, or past what a Date holds) would break date code or
 * park a list for good. Timers never take it as is either (src/util/delay.ts).
 */
export const MAX_RESET_AHEAD_MS = 31 * 24 * 60 * 60 * 1000;

function num(headers: Headers, name: string): number | undefined {
  const v = headers.get(name);
  if (v === null || v.trim() === '' || v.length > 32) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The rate-limit headers; with `now`, resetAt is clamped to at most MAX_RESET_AHEAD_MS away. */
export function readRateLimit(headers: Headers, now?: number): RateLimitInfo | undefined {
  const reset = num(headers, 'x-sentry-rate-limit-reset');
  const info: RateLimitInfo = {
    limit: num(headers, 'x-sentry-rate-limit-limit'),
    remaining: num(headers, 'x-sentry-rate-limit-remaining'),
    resetAt: reset === undefined ? undefined : now === undefined ? reset * 1000 : clampResetAt(reset * 1000, now),
    concurrentLimit: num(headers, 'x-sentry-rate-limit-concurrentlimit'),
    concurrentRemaining: num(headers, 'x-sentry-rate-limit-concurrentremaining'),
  };
  return Object.values(info).some((v) => v !== undefined) ? info : undefined;
}

/** An epoch-ms reset as something safe to store, compare and format: between now and MAX_RESET_AHEAD_MS ahead. */
export function clampResetAt(at: number, now: number): number {
  if (Number.isNaN(at)) return now;
  return Math.round(Math.min(Math.max(at, now), now + MAX_RESET_AHEAD_MS));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// RFC 9110 section 5.6.7: IMF-fixdate, the obsolete RFC 850 form and asctime. All are GMT.
const IMF_FIXDATE = /^[A-Za-z]{3}, (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC_850 = /^[A-Za-z]{6,9}, (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^[A-Za-z]{3} ([A-Za-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/** An HTTP date as epoch ms, or undefined when it is not one. */
export function parseHttpDate(value: string): number | undefined {
  const v = value.trim();
  if (v.length > 40) return undefined; // the longest form is 33 characters; never run a regex on more
  let parts: [string, string, string, string, string, string] | undefined;
  let m = IMF_FIXDATE.exec(v);
  if (m) parts = [m[3], m[2], m[1], m[4], m[5], m[6]];
  else if ((m = RFC_850.exec(v))) {
    // Two-digit years: RFC 9110 says a year more than 50 years ahead is in the past century.
    const yy = Number(m[3]);
    const thisYear = new Date().getUTCFullYear();
    let year = 2000 + yy;
    if (year > thisYear + 50) year -= 100;
    parts = [String(year), m[2], m[1], m[4], m[5], m[6]];
  } else if ((m = ASCTIME.exec(v))) parts = [m[6], m[1], m[2].trim(), m[3], m[4], m[5]];
  if (!parts) return undefined;
  const [year, mon, day, hh, mm, ss] = parts;
  const month = MONTHS.indexOf(mon.toLowerCase());
  const d = Number(day);
  const h = Number(hh);
  const mi = Number(mm);
  const s = Number(ss);
  if (month < 0 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return undefined;
  const at = Date.UTC(Number(year), month, d, h, mi, Math.min(s, 59));
  // Date.UTC rolls 31 Feb over into March: refuse dates that do not exist.
  return new Date(at).getUTCDate() === d ? at : undefined;
}

/**
 * `Retry-After` (seconds or an HTTP date) as ms from `now`: 0 for a date in the past, Infinity for a
 * number too long to mean anything, undefined when absent or not understood.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return v.length > 15 ? Number.POSITIVE_INFINITY : Number(v) * 1000;
  const at = parseHttpDate(v);
  return at === undefined ? undefined : Math.max(0, at - now);
}
