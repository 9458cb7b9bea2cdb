/**
 * Timer delays from servers (Retry-After, rate-limit resets, device-flow intervals) are hostile:
 * setTimeout treats anything above 2^31-1 ms (about 24.8 days) or NaN as 1 ms, which turns a long
 * wait into a request loop. Every delay handed to a timer goes through here. No `vscode` import.
 */
import { abortError } from './signal';

export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a timer can take it: finite, 0..max (default the timer's own limit). NaN becomes `fallback`. */
export function clampDelay(ms: number, max = MAX_TIMER_MS, fallback = 0): number {
  if (Number.isNaN(ms)) return Math.min(Math.max(0, fallback), max);
  return Math.min(Math.max(0, Math.round(ms)), Math.min(max, MAX_TIMER_MS));
}

/** setTimeout with the delay clamped. */
export function setClampedTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
  return setTimeout(fn, clampDelay(ms));
}

/** A sleep whose delay is clamped; an aborted signal ends it early with an AbortError. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, clampDelay(ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
