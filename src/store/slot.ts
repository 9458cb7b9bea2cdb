/**
 * A value one feature sets and others read, without importing each other (the cursor's issues, a
 * file's marks): the latest `set` wins, and disposing what `set` returned puts back the empty value
 * unless another was set since. No `vscode` import.
 */
import type { IDisposable } from '../util/disposable';

export class Slot<T> {
  private value: T;

  constructor(private readonly empty: T) {
    this.value = empty;
  }

  set(value: T): IDisposable {
    this.value = value;
    return {
      dispose: () => {
        if (this.value === value) this.value = this.empty;
      },
    };
  }

  /** What was set (the empty value while nothing is). */
  get(): T {
    return this.value;
  }
}
