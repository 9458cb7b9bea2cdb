// One owner of disposables: idempotent, every child disposed even when one throws, and nothing
// re-armed after dispose (the background refresh that scheduled itself again after the view closed).
import assert from 'node:assert/strict';
import { Disposable, MutableDisposable, disposeAll, toDisposable, type IDisposable } from '../../../src/util/disposable';
import { Emitter } from '../../../src/util/emitter';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A service like IssuesView: a refresh loop that re-schedules itself in `finally`. */
class Refresher extends Disposable {
  runs = 0;
  refused = 0;
  constructor(
    private readonly intervalMs: number,
    private readonly work: () => Promise<void>,
  ) {
    super();
    this.schedule();
  }
  private schedule(): void {
    const t = this._registerTimer(() => void this.tick(), this.intervalMs);
    if (!t) this.refused++;
  }
  private async tick(): Promise<void> {
    try {
      this.runs++;
      await this.work();
    } finally {
      this.schedule();
    }
  }
  register<T extends IDisposable>(d: T): T {
    return this._register(d);
  }
  timer(fn: () => void, ms: number): IDisposable | undefined {
    return this._registerTimer(fn, ms);
  }
  unregister(d: IDisposable): void {
    this._unregister(d);
  }
}

describe('Disposable', () => {
  it('disposes what it registered, newest first, once however often dispose is called', () => {
    const order: string[] = [];
    const owner = new Refresher(1e9, async () => undefined);
    owner.register(toDisposable(() => order.push('a')));
    owner.register({ dispose: () => order.push('b') });
    assert.equal(owner.isDisposed, false);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['b', 'a']);
    assert.equal(owner.isDisposed, true);
  });

  it('disposes every child even when some throw, then reports the failures', () => {
    const disposed: string[] = [];
    const owner = new Refresher(1e9, async () => undefined);
    owner.register({ dispose: () => disposed.push('first') });
    owner.register({
      dispose: () => {
        throw new Error('boom 1');
      },
    });
    owner.register({ dispose: () => disposed.push('middle') });
    owner.register({
      dispose: () => {
        throw new Error('boom 2');
      },
    });
    assert.throws(
      () => owner.dispose(),
      (e: unknown) => e instanceof AggregateError && e.errors.length === 2,
    );
    assert.deepEqual(disposed, ['middle', 'first']);
    assert.doesNotThrow(() => owner.dispose(), 'a second dispose does nothing');
    assert.throws(
      () =>
        disposeAll([
          {
            dispose: () => {
              throw new Error('only one');
            },
          },
        ]),
      /only one/,
    );
  });

  it('after dispose, _register disposes what it is given at once', () => {
    const owner = new Refresher(1e9, async () => undefined);
    owner.dispose();
    const late = toDisposable(() => undefined);
    assert.equal(owner.register(late), late);
    assert.equal(late.isDisposed, true);
  });

  it('an emitter subscription registered with an owner ends with it', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const owner = new Refresher(1e9, async () => undefined);
    owner.register(emitter.event((n) => seen.push(n)));
    emitter.fire(1);
    owner.dispose();
    emitter.fire(2);
    assert.deepEqual(seen, [1]);
  });

  it('a timer is refused after dispose, and a pending one never fires', async () => {
    const owner = new Refresher(1e9, async () => undefined);
    let fired = 0;
    owner.timer(() => fired++, 5);
    owner.dispose();
    assert.equal(
      owner.timer(() => fired++, 0),
      undefined,
      'refused',
    );
    await pause(30);
    assert.equal(fired, 0);
  });

  it('a timer that fired is no longer owned; cancelling it early keeps it from firing', async () => {
    const owner = new Refresher(1e9, async () => undefined);
    let fired = 0;
    owner.timer(() => fired++, 1);
    const cancelled = owner.timer(() => (fired += 100), 1)!;
    cancelled.dispose();
    await pause(20);
    assert.equal(fired, 1);
    owner.dispose();
  });

  it('a refresh loop does not re-arm when disposed while its work is in flight', async () => {
    let release!: () => void;
    const owner = new Refresher(1, () => new Promise<void>((r) => (release = r)));
    await pause(20);
    assert.equal(owner.runs, 1, 'the first run started and waits for its work');
    owner.dispose();
    release();
    await pause(30);
    assert.equal(owner.refused, 1, 'the finally { schedule() } after dispose was refused');
    assert.equal(owner.runs, 1, 'no run after dispose');
  });

  it('a refresh loop keeps running until disposed', async () => {
    const owner = new Refresher(1, async () => undefined);
    await pause(50);
    const runs = owner.runs;
    assert.ok(runs >= 2, `${runs} runs in 50 ms`);
    owner.dispose();
    await pause(20);
    assert.ok(owner.runs <= runs + 1, 'at most the run already queued');
    assert.ok(owner.refused <= 1);
  });

  it('_unregister hands a child back without disposing it', () => {
    const owner = new Refresher(1e9, async () => undefined);
    const child = owner.register(toDisposable(() => undefined));
    owner.unregister(child);
    owner.dispose();
    assert.equal(child.isDisposed, false);
  });
});

describe('MutableDisposable', () => {
  it('disposes the previous value when a new one is set, and the last one on dispose', () => {
    const a = toDisposable(() => undefined);
    const b = toDisposable(() => undefined);
    const m = new MutableDisposable<typeof a>();
    m.value = a;
    m.value = a;
    assert.equal(a.isDisposed, false, 'setting the same value again keeps it');
    m.value = b;
    assert.equal(a.isDisposed, true);
    m.dispose();
    assert.equal(b.isDisposed, true);
    assert.equal(m.value, undefined);
  });

  it('after dispose, a new value is disposed at once', () => {
    const m = new MutableDisposable<IDisposable>();
    m.dispose();
    const c = toDisposable(() => undefined);
    m.value = c;
    assert.equal(c.isDisposed, true);
    assert.equal(m.value, undefined);
  });

  it('clearAndLeak forgets without disposing', () => {
    const m = new MutableDisposable<ReturnType<typeof toDisposable>>();
    const c = toDisposable(() => undefined);
    m.value = c;
    assert.equal(m.clearAndLeak(), c);
    m.dispose();
    assert.equal(c.isDisposed, false);
  });
});
