/**
 * A value or a service one feature sets and others read, without importing each other: the only way
 * features reach one another. activate() builds one of each slot per window and hands the same one
 * to the feature that sets it and to those that read it. The slots, each in its own file here:
 * cursorIssues (editor -> triage, links, AI), editorLocations (editor -> AI), locationOpener
 * (editor -> events panel), listedIssues (Issues view -> editor, links), triageRunner (triage -> AI),
 * aiChat (AI -> editor, events panel).
 * No `vscode` import.
 */
import type { IDisposable } from '../util/disposable';

export class Slot<T> {
  private value: T;

  constructor(private readonly empty: T) {
    this.value = empty;
  }

  /** The latest `set` wins; disposing what it returned puts back the empty value unless another was set since. */
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
