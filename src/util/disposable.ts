/**
 * One way to own disposables (the `_register` pattern of the GitHub Pull Requests extension), for
 * every service of the extension. No `vscode` import: `IDisposable` is structural, so a
 * vscode.Disposable, an Emitter subscription or a `{ dispose() }` literal all fit.
 *
 * Once disposed, an owner never re-arms: `_register` disposes what it is given at once and
 * `_registerTimer` refuses to start a timer. That is what stops a background refresh whose
 * `finally { schedule() }` runs after the view was closed.
 */
import { setClampedTimeout } from './delay';

export interface IDisposable {
  dispose(): unknown;
}

/** A disposable that runs `fn` once, however often it is disposed. */
export function toDisposable(fn: () => unknown): IDisposable & { readonly isDisposed: boolean } {
  let done = false;
  return {
    get isDisposed() {
      return done;
    },
    dispose() {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/**
 * Disposes every item, even when some throw, newest first. Rethrows the one error, or an
 * AggregateError when several failed.
 */
export function disposeAll(items: Iterable<IDisposable>): void {
  const errors: unknown[] = [];
  for (const d of [...items].reverse()) {
    try {
      d.dispose();
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} disposables failed to dispose`);
}

export class Disposable implements IDisposable {
  private readonly owned = new Set<IDisposable>();
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  /**
   * Disposes everything registered, newest first (what was registered later may use what was
   * registered earlier). Idempotent; every child is disposed even when one throws. A subclass with
   * its own teardown overrides this and calls `super.dispose()`.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = [...this.owned];
    this.owned.clear();
    disposeAll(items);
  }

  /** Owns `d` until this is disposed. After dispose, `d` is disposed at once (nothing stays armed). */
  protected _register<T extends IDisposable>(d: T): T {
    if (this.disposed) {
      d.dispose();
      return d;
    }
    this.owned.add(d);
    return d;
  }

  /** Gives up ownership of `d` without disposing it (e.g. a child that ended on its own). */
  protected _unregister(d: IDisposable): void {
    this.owned.delete(d);
  }

  /**
   * A one-shot timer owned by this object (delay clamped by setClampedTimeout). Refused after
   * dispose: returns undefined and `fn` never runs. The returned handle cancels it; it also stops
   * being owned once it fired.
   */
  protected _registerTimer(fn: () => void, ms: number): IDisposable | undefined {
    if (this.disposed) return undefined;
    const handle: IDisposable = toDisposable(() => {
      clearTimeout(timer);
      this.owned.delete(handle);
    });
    const timer = setClampedTimeout(() => {
      handle.dispose();
      if (!this.disposed) fn();
    }, ms);
    this.owned.add(handle);
    return handle;
  }
}

/**
 * Holds at most one disposable: setting a new one disposes the previous. For "the current timer",
 * "the current request", "the listener of the current session".
 */
export class MutableDisposable<T extends IDisposable> implements IDisposable {
  private current: T | undefined;
  private disposed = false;

  get value(): T | undefined {
    return this.current;
  }

  set value(next: T | undefined) {
    if (this.disposed) {
      next?.dispose();
      return;
    }
    if (next === this.current) return;
    const previous = this.current;
    this.current = next;
    previous?.dispose();
  }

  /** Forgets the current value without disposing it. */
  clearAndLeak(): T | undefined {
    const v = this.current;
    this.current = undefined;
    return v;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const v = this.current;
    this.current = undefined;
    v?.dispose();
  }
}
