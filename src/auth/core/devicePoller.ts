/**
 * The polling half of the device authorization grant (RFC 8628 sections 3.4 and 3.5).
 * Pure: the poll request, the clock, sleeping and cancellation are injected, so every row of the
 * state table can be replayed with exact poll times.
 *
 * Timing: the first poll is `interval` seconds after the code was issued, and each next poll
 * `interval` seconds after the previous answer arrived (never sooner, whatever the latency).
 * `slow_down` adds 5 s to the interval for the rest of the flow (cumulative). When the next poll
 * would fall at or after `expires_in`, polling stops with `expired` at the expiry instant.
 */
import type { DeviceAuthorization, TokenResponse } from '../../model/auth/schema';
import { ApiError, NetworkError, OAuthError, ServerError, TimeoutError } from '../../api/errors';
import { isAbortError } from './state';
import { clampDelay, sleep as defaultSleep } from '../../util/delay';
import { errorKind, safeErrorMessage } from './errorText';

export const SLOW_DOWN_INCREMENT_S = 5;
export const DEFAULT_INTERVAL_S = 5;
export const DEFAULT_EXPIRES_IN_S = 600;
/**
 * A code that claims to live longer is treated as living this long: a sign-in is waited for at
 * most an hour, and every wait then fits a timer (a longer one fires at once and loops).
 */
export const MAX_DEVICE_EXPIRES_IN_S = 3600;
/** Consecutive network failures / 5xx answers tolerated (with backoff) before giving up. */
export const MAX_TRANSIENT_FAILURES = 3;

export type DevicePollOutcome =
  | { kind: 'approved'; tokens: TokenResponse; polls: number }
  | { kind: 'denied'; polls: number }
  /** `expired_token` from the server, or `expires_in` elapsed locally (`local: true`). */
  | { kind: 'expired'; local: boolean; polls: number }
  | { kind: 'cancelled'; polls: number }
  /** Any other error: `error` names it (an OAuth error name, or the API error's kind). */
  | { kind: 'error'; error: string; message: string; polls: number };

export interface PollEvent {
  /** 1-based poll number. */
  n: number;
  at: number;
  /** What the poll returned: `approved`, an OAuth error name, or a transient failure kind. */
  result: string;
  intervalS: number;
}

export interface DevicePollOptions {
  /** One request to the token endpoint with the device_code grant; throws OAuthError while not approved. */
  poll: (deviceCode: string, signal: AbortSignal) => Promise<TokenResponse>;
  now?: () => number;
  /** Resolves after `ms`, or early (resolving or rejecting) when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** When the device code was issued (epoch ms); defaults to now() at the call. */
  issuedAt?: number;
  onPoll?: (e: PollEvent) => void;
}

export async function pollForDeviceToken(auth: DeviceAuthorization, opts: DevicePollOptions): Promise<DevicePollOutcome> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const signal = opts.signal ?? new AbortController().signal;
  const issuedAt = opts.issuedAt ?? now();
  const expiresInS = Math.min(Number.isFinite(auth.expires_in) && auth.expires_in > 0 ? auth.expires_in : DEFAULT_EXPIRES_IN_S, MAX_DEVICE_EXPIRES_IN_S);
  const expiresAt = issuedAt + expiresInS * 1000;
  // An interval past the expiry means one wait until the expiry (checked below), never a poll loop.
  let intervalS = Math.min(Number.isFinite(auth.interval) && auth.interval > 0 ? auth.interval : DEFAULT_INTERVAL_S, expiresInS);
  let polls = 0;
  let transientFailures = 0;
  let lastAnswerAt = issuedAt;

  const wait = async (ms: number): Promise<boolean> => {
    if (ms > 0) {
      try {
        await sleep(clampDelay(ms), signal);
      } catch (err) {
        if (signal.aborted || isAbortError(err)) return false;
        throw err;
      }
    }
    return !signal.aborted;
  };

  for (;;) {
    if (signal.aborted) return { kind: 'cancelled', polls };
    // After transient failures, back off exponentially on top of the interval (RFC 8628 section 3.5).
    const delayMs = intervalS * 1000 * 2 ** transientFailures;
    const nextAt = lastAnswerAt + delayMs;
    if (nextAt >= expiresAt) {
      if (!(await wait(expiresAt - now()))) return { kind: 'cancelled', polls };
      return { kind: 'expired', local: true, polls };
    }
    if (!(await wait(nextAt - now()))) return { kind: 'cancelled', polls };
    polls++;
    const at = now();
    let result: string;
    try {
      const tokens = await opts.poll(auth.device_code, signal);
      if (signal.aborted) return { kind: 'cancelled', polls };
      opts.onPoll?.({ n: polls, at, result: 'approved', intervalS });
      return { kind: 'approved', tokens, polls };
    } catch (err) {
      if (signal.aborted || isAbortError(err)) return { kind: 'cancelled', polls };
      lastAnswerAt = now();
      if (err instanceof OAuthError) {
        result = err.error;
        transientFailures = 0;
        opts.onPoll?.({ n: polls, at, result, intervalS });
        switch (err.error) {
          case 'authorization_pending':
            continue;
          case 'slow_down':
            intervalS += SLOW_DOWN_INCREMENT_S;
            continue;
          case 'access_denied':
            return { kind: 'denied', polls };
          case 'expired_token':
            return { kind: 'expired', local: false, polls };
          default:
            return { kind: 'error', error: err.error, message: err.message, polls };
        }
      }
      if (isTransient(err) && transientFailures + 1 < MAX_TRANSIENT_FAILURES) {
        transientFailures++;
        opts.onPoll?.({ n: polls, at, result: (err as ApiError).kind, intervalS });
        continue;
      }
      const kind = err instanceof ApiError ? err.kind : errorKind(err);
      opts.onPoll?.({ n: polls, at, result: kind, intervalS });
      return { kind: 'error', error: kind, message: safeErrorMessage(err), polls };
    }
  }
}

function isTransient(err: unknown): boolean {
  return err instanceof NetworkError || err instanceof TimeoutError || err instanceof ServerError;
}
