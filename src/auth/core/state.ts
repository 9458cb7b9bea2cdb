/**
 * The OAuth `state` of the browser (authorization code) flow: a fresh random value per attempt,
 * checked when the callback comes back. A callback with a wrong or missing state is rejected
 * (it cannot be tied to any attempt); `error=...` with the right state ends that attempt.
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { abortError, isAbortError } from '../../util/signal';
import { type RandomBytes } from './pkce';
import { base64Url, constantTimeEqual, randomBytes as webRandomBytes } from '../../util/random';
import { plainText } from '../../util/untrusted';
import { scrubText } from '../../api/secretText';

export function createState(randomBytes: RandomBytes = webRandomBytes): string {
  return base64Url(randomBytes(32));
}

/** Constant-time comparison of two state values. */
export function stateMatches(expected: string, received: string | null | undefined): boolean {
  if (!received) return false;
  return constantTimeEqual(expected, received);
}

export type CallbackResult =
  | { kind: 'code'; code: string }
  | { kind: 'error'; error: string; description?: string }
  /** Wrong or missing state: not ours, or forged. */
  | { kind: 'rejected'; reason: 'missing state' | 'wrong state' | 'no code' };

/** Reads a redirect's query (`code`, `state`, `error`, `error_description`) against the expected state. */
export function readCallback(expectedState: string, query: string | URLSearchParams): CallbackResult {
  const params = typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
  const state = params.get('state');
  if (!state) return { kind: 'rejected', reason: 'missing state' };
  if (!stateMatches(expectedState, state)) return { kind: 'rejected', reason: 'wrong state' };
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description') ?? undefined };
  const code = params.get('code');
  if (!code) return { kind: 'rejected', reason: 'no code' };
  return { kind: 'code', code };
}

export class CallbackError extends Error {
  constructor(
    readonly error: string,
    readonly description?: string,
  ) {
    super(
      error === 'access_denied'
        ? l10n.t('The sign-in request was denied in the browser.')
        : description
          ? l10n.t('The browser sign-in failed with the error "{0}" ({1}).', plainText(scrubText(error), 60), plainText(scrubText(description), 300))
          : l10n.t('The browser sign-in failed with the error "{0}".', plainText(scrubText(error), 60)),
    );
    this.name = 'CallbackError';
  }
}

interface Pending {
  resolve(code: string): void;
  reject(err: Error): void;
}

/**
 * Attempts waiting for their callback, keyed by state. `handle()` is fed every callback URI's query;
 * it settles the attempt whose state matches, and reports a callback that matches none.
 */
export class PendingCallbacks {
  private readonly pending = new Map<string, Pending>();

  /** Waits for the callback carrying `state`; the signal ends the wait with an AbortError. */
  wait(state: string, signal?: AbortSignal): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const cleanup = () => {
        this.pending.delete(state);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        cleanup();
        reject(abortError());
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(state, {
        resolve: (code) => {
          cleanup();
          resolve(code);
        },
        reject: (err) => {
          cleanup();
          reject(err);
        },
      });
    });
  }

  get size(): number {
    return this.pending.size;
  }

  /** Returns what happened, for the caller to log or show: `settled`, or why the callback was rejected. */
  handle(query: string | URLSearchParams): { kind: 'settled'; outcome: 'code' | 'error' } | { kind: 'rejected'; reason: string } {
    const params = typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
    let lastReason = params.get('state') ? 'wrong state' : 'missing state';
    for (const [state, p] of this.pending) {
      const result = readCallback(state, params);
      if (result.kind === 'code') {
        p.resolve(result.code);
        return { kind: 'settled', outcome: 'code' };
      }
      if (result.kind === 'error') {
        p.reject(new CallbackError(result.error, result.description));
        return { kind: 'settled', outcome: 'error' };
      }
      lastReason = result.reason;
      if (result.reason === 'no code') {
        p.reject(new CallbackError('invalid_request', l10n.t('the callback carried no code')));
        return { kind: 'settled', outcome: 'error' };
      }
    }
    if (this.pending.size === 0) lastReason = 'no sign-in is waiting for a callback';
    return { kind: 'rejected', reason: lastReason };
  }
}

/** What the user is told about a callback `handle()` rejected (`reason` as it returned it; the log keeps that). */
export function callbackRejectedMessage(reason: string): string {
  switch (reason) {
    case 'missing state':
      return l10n.t('Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress (missing state).');
    case 'wrong state':
      return l10n.t('Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress (wrong state).');
    case 'no code':
      return l10n.t('Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress (no code).');
    case 'no sign-in is waiting for a callback':
      return l10n.t('Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress (no sign-in is waiting for a callback).');
    default:
      return l10n.t('Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress ({0}).', plainText(reason, 100));
  }
}

export { abortError, isAbortError };
