/**
 * What the Issues view shows, for the features that follow it without importing it: the issues it
 * lists (the editor locates them), the scope its lists are made within (each file's issue search
 * uses the same), and its selected row (Copy VS Code Link's second choice). The Issues view sets
 * the source; readers call the slot, which asks whichever source is set. No `vscode` import.
 */
import type { ProjectIssuesStatsPeriod } from '../api/listParams';
import type { IssueRef } from '../contracts/issueRef';
import type { IDisposable } from '../util/disposable';
import type { TimeWindow } from './issueSource';
import { Slot } from './slot';

/** The organization, projects and filter the view's lists are made within. */
export interface ListScope {
  readonly org: string;
  readonly projects: readonly string[];
  readonly query?: string;
  readonly statsPeriod?: ProjectIssuesStatsPeriod;
  readonly environments?: readonly string[];
  readonly window?: TimeWindow;
}

export interface ListedSource {
  /** The issues listed now (loaded pages of the filter, or a hashes search). */
  listed(): readonly IssueRef[];
  /** Undefined while signed out or nothing is chosen. */
  scope(): ListScope | undefined;
  /** The selected issue row, if one is. */
  selected(): IssueRef | undefined;
  /** Fires when what is listed may have changed (pages, filter, selection, session). */
  onDidChange(listener: () => void): IDisposable;
}

const NONE: ListedSource = { listed: () => [], scope: () => undefined, selected: () => undefined, onDidChange: () => ({ dispose() {} }) };

export class ListedIssues extends Slot<ListedSource> {
  private readonly listeners = new Set<() => void>();

  constructor() {
    super(NONE);
  }

  /** Sets the source and follows its changes until disposed; readers hear of the new source too. */
  override set(source: ListedSource): IDisposable {
    const slot = super.set(source);
    const changes = source.onDidChange(() => this.fire());
    this.fire();
    return {
      dispose: () => {
        changes.dispose();
        slot.dispose();
      },
    };
  }

  // The readers are bound, so that a feature can be handed one as a function.
  readonly listed = (): readonly IssueRef[] => this.get().listed();
  readonly scope = (): ListScope | undefined => this.get().scope();
  readonly selected = (): IssueRef | undefined => this.get().selected();

  /** Fires when the listed issues may have changed, whichever source is set (a vscode.Event's shape). */
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
