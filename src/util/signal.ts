/**
 * Cancellation as AbortSignals, the one kind the API client takes. No `vscode` import: a
 * CancellationToken is taken structurally, so this is the one copy of "token -> AbortController"
 * (withProgress, providers, commands) and it always lets go of the token's listener.
 *
 * Wiring: `const { signal, dispose } = signalFrom(token); try { await client.x(..., signal) }
 * finally { dispose() }`.
 */
import type { IDisposable } from './disposable';

/** The part of vscode.CancellationToken used here. */
export interface CancellationTokenLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: (e: unknown) => unknown): IDisposable;
}

export interface DisposableSignal {
  readonly signal: AbortSignal;
  /** Lets go of every listener this signal holds; does not abort it. Idempotent. */
  dispose(): void;
}

/**
 * An AbortSignal that aborts (with the usual AbortError, which the client passes through as a
 * cancellation) when `token` is cancelled. Already cancelled: aborted at once, no listener added.
 * The listener is removed on cancellation or on dispose, whichever comes first.
 */
export function signalFrom(token: CancellationTokenLike | undefined): DisposableSignal {
  const ac = new AbortController();
  if (!token) return { signal: ac.signal, dispose: () => undefined };
  if (token.isCancellationRequested) {
    ac.abort();
    return { signal: ac.signal, dispose: () => undefined };
  }
  let listener: IDisposable | undefined;
  const dispose = () => {
    const l = listener;
    listener = undefined;
    l?.dispose();
  };
  listener = token.onCancellationRequested(() => {
    dispose();
    ac.abort();
  });
  // A token that fired synchronously inside onCancellationRequested (some do) already disposed.
  if (ac.signal.aborted) dispose();
  return { signal: ac.signal, dispose };
}

/**
 * A signal that aborts when any of `signals` does (undefined ones are skipped), with that
 * signal's reason. Unlike AbortSignal.any, its listeners are removed on dispose, so a long-lived
 * signal (a panel's lifetime) does not collect one listener per request.
 */
export function linkSignals(...signals: (AbortSignal | undefined)[]): DisposableSignal {
  const ac = new AbortController();
  const live = signals.filter((s): s is AbortSignal => s !== undefined);
  const already = live.find((s) => s.aborted);
  if (already) {
    ac.abort(already.reason);
    return { signal: ac.signal, dispose: () => undefined };
  }
  const listeners: [AbortSignal, () => void][] = [];
  const dispose = () => {
    for (const [s, l] of listeners.splice(0)) s.removeEventListener('abort', l);
  };
  for (const s of live) {
    const l = () => {
      dispose();
      ac.abort(s.reason);
    };
    listeners.push([s, l]);
    s.addEventListener('abort', l, { once: true });
  }
  return { signal: ac.signal, dispose };
}

const ABORT_NAMES = new Set(['AbortError', 'Canceled', 'CancellationError']);

/** True for the error an aborted request or a cancelled VS Code operation rejects with (cancellation is silent, never reported). */
export function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && ABORT_NAMES.has((e as { name?: unknown }).name as string);
}

/** The error to reject with when work is cancelled. */
export function abortError(message = 'The operation was cancelled.'): Error {
  const err = new Error(message);
  err.name = 'AbortError';
  return err;
}
