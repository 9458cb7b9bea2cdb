/** Sentry's rate-limit headers (api-facts "Rate limits"); self-hosted servers usually send none. */
export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** epoch ms */
  resetAt?: number;
  concurrentLimit?: number;
  concurrentRemaining?: number;
}

function num(headers: Headers, name: string): number | undefined {
  const v = headers.get(name);
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export function readRateLimit(headers: Headers): RateLimitInfo | undefined {
  const info: RateLimitInfo = {
    limit: num(headers, 'x-sentry-rate-limit-limit'),
    remaining: num(headers, 'x-sentry-rate-limit-remaining'),
    resetAt: ((s) => (s === undefined ? undefined : s * 1000))(num(headers, 'x-sentry-rate-limit-reset')),
    concurrentLimit: num(headers, 'x-sentry-rate-limit-concurrentlimit'),
    concurrentRemaining: num(headers, 'x-sentry-rate-limit-concurrentremaining'),
  };
  return Object.values(info).some((v) => v !== undefined) ? info : undefined;
}
