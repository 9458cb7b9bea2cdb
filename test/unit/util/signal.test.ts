// A cancellation token becomes an AbortSignal without leaking its listener; linked signals let go
// of theirs; an aborted request against the sandbox is a silent cancellation.
import assert from 'node:assert/strict';
import { isAbortError, linkSignals, signalFrom, type CancellationTokenLike } from '../../../src/util/signal';
import { clientFor, useSandbox } from '../api/sandbox';

/** A structural CancellationToken that counts its live listeners, like vscode's. */
class Source {
  private readonly listeners = new Set<(e: unknown) => unknown>();
  cancelled = false;
  readonly token: CancellationTokenLike;
  constructor() {
    const listeners = this.listeners;
    const isCancelled = () => this.cancelled;
    this.token = {
      get isCancellationRequested() {
        return isCancelled();
      },
      onCancellationRequested: (l) => {
        listeners.add(l);
        return { dispose: () => listeners.delete(l) };
      },
    };
  }
  get live(): number {
    return this.listeners.size;
  }
  cancel(): void {
    this.cancelled = true;
    for (const l of [...this.listeners]) l(undefined);
  }
}

describe('signalFrom', () => {
  it('aborts with an AbortError when the token is cancelled, and removes its listener', () => {
    const src = new Source();
    const { signal, dispose } = signalFrom(src.token);
    assert.equal(src.live, 1);
    assert.equal(signal.aborted, false);
    src.cancel();
    assert.equal(signal.aborted, true);
    assert.ok(isAbortError(signal.reason), 'the reason is an AbortError, which the client passes through');
    assert.equal(src.live, 0, 'listener removed on cancellation');
    dispose();
    assert.equal(src.live, 0);
  });

  it('dispose removes the listener without aborting; a later cancellation does nothing', () => {
    const src = new Source();
    const { signal, dispose } = signalFrom(src.token);
    dispose();
    dispose();
    assert.equal(src.live, 0);
    src.cancel();
    assert.equal(signal.aborted, false);
  });

  it('an already cancelled token gives an aborted signal and adds no listener', () => {
    const src = new Source();
    src.cancelled = true;
    const { signal } = signalFrom(src.token);
    assert.equal(signal.aborted, true);
    assert.equal(src.live, 0);
  });

  it('a token that fires while being subscribed leaves no listener behind', () => {
    const disposed: number[] = [];
    const token: CancellationTokenLike = {
      isCancellationRequested: false,
      onCancellationRequested: (l) => {
        l(undefined);
        return { dispose: () => disposed.push(1) };
      },
    };
    const { signal } = signalFrom(token);
    assert.equal(signal.aborted, true);
    assert.equal(disposed.length, 1);
  });

  it('no token: a signal that never aborts', () => {
    const { signal, dispose } = signalFrom(undefined);
    dispose();
    assert.equal(signal.aborted, false);
  });

  it('a thousand requests with one long-lived token leave no listener behind', () => {
    const src = new Source();
    for (let i = 0; i < 1000; i++) signalFrom(src.token).dispose();
    assert.equal(src.live, 0);
  });

  describe('against the sandbox', () => {
    const box = useSandbox();
    it('cancelling the token ends a slow request with an AbortError (silent), not a network error', async () => {
      box.get().control.faults.add({ path: 'issues/$', latencyMs: 2000 });
      const src = new Source();
      const { signal, dispose } = signalFrom(src.token);
      const started = Date.now();
      setTimeout(() => src.cancel(), 50);
      try {
        await assert.rejects(clientFor(box.get()).listProjectIssues('acme', 'worker', {}, signal), (e: unknown) => isAbortError(e));
      } finally {
        dispose();
      }
      assert.ok(Date.now() - started < 1500, 'it did not wait for the answer');
    });
  });
});

describe('linkSignals', () => {
  it('aborts when any input aborts, with its reason, and lets go of every listener', () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkSignals(a.signal, undefined, b.signal);
    b.abort(new DOMException('stop', 'AbortError'));
    assert.equal(linked.signal.aborted, true);
    assert.equal((linked.signal.reason as Error).message, 'stop');
    a.abort();
    assert.equal((linked.signal.reason as Error).message, 'stop', 'the first abort wins');
  });

  it('an input already aborted gives an aborted signal', () => {
    const a = new AbortController();
    a.abort();
    assert.equal(linkSignals(a.signal).signal.aborted, true);
  });

  it('dispose detaches: aborting an input later does not abort the link', () => {
    const a = new AbortController();
    const linked = linkSignals(a.signal);
    linked.dispose();
    a.abort();
    assert.equal(linked.signal.aborted, false);
  });

  it('isAbortError tells cancellation from failures', () => {
    assert.equal(isAbortError(new DOMException('x', 'AbortError')), true);
    assert.equal(isAbortError(new Error('x')), false);
    assert.equal(isAbortError(undefined), false);
    assert.equal(isAbortError('AbortError'), false);
  });
});
