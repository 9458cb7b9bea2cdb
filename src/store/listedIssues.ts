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
import { ObservedSlot } from './slot';

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

export class ListedIssues extends ObservedSlot<ListedSource> {
  constructor() {
    super(NONE);
  }

  // The readers are bound, so that a feature can be handed one as a function.
  readonly listed = (): readonly IssueRef[] => this.get().listed();
  readonly scope = (): ListScope | undefined => this.get().scope();
  readonly selected = (): IssueRef | undefined => this.get().selected();
}
