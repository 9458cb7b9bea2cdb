/**
 * A value or a service one feature sets and others read, without importing each other: the only way
 * features reach one another. activate() builds one of each slot per window and hands the same one
 * to the feature that sets it and to those that read it. Each slot has its own file here (a unit
 * test, test/unit/store/slotList.test.ts, keeps this list and CONTRIBUTING's in step with them):
 * - cursorIssues: editor -> triage, links, AI
 * - editorLocations: editor -> AI
 * - locationOpener: editor -> events panel
 * - listedIssues: Issues view -> editor, links
 * - triageRunner: triage -> AI
 * - aiChat: AI -> editor, events panel
 * - commitOpener: releases -> events panel, editor
 * - lineHistorySource: releases -> editor
 * - loadedEvents: events panel -> debugger
 * - traceReader: open link -> AI
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

/**
 * A slot whose value says when it changes: readers subscribe once to the slot and hear the changes of
 * whichever value is set, and of a new value being set. `fireOnClear`: readers also hear when the
 * value set is taken back (where the empty value means something else to them).
 */
export class ObservedSlot<T extends { onDidChange(listener: () => void): IDisposable }> extends Slot<T> {
  private readonly listeners = new Set<() => void>();

  constructor(
    empty: T,
    private readonly fireOnClear = false,
  ) {
    super(empty);
  }

  /** Sets the value and follows its changes until disposed; readers hear of the new value too. */
  override set(value: T): IDisposable {
    const slot = super.set(value);
    const changes = value.onDidChange(() => this.fire());
    this.fire();
    return {
      dispose: () => {
        changes.dispose();
        slot.dispose();
        if (this.fireOnClear) this.fire();
      },
    };
  }

  /** Fires when the value may have changed, whichever is set (a vscode.Event's shape). */
  readonly onDidChange = (listener: (e: void) => unknown): IDisposable => {
    const once = () => listener(); // the same listener twice is two subscriptions
    this.listeners.add(once);
    return { dispose: () => this.listeners.delete(once) };
  };

  private fire(): void {
    // One failing listener does not keep the others from hearing (as vscode.EventEmitter does).
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // the listener's own business
      }
    }
  }
}
