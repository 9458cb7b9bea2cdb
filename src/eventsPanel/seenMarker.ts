/**
 * When an events panel marks its issue seen for the user (setting markSeenOnOpen): the first time
 * the store has the issue, once per opening, never for an opening that must not write (a
 * `vscode://` link) until the user opens the issue themselves, and for a preview only once a
 * double-click would have come. Glue: it runs the mark-seen command.
 */
import * as vscode from 'vscode';
import { readEventsPanelConfig } from '../config';
import { Commands } from '../constants';
import { commandArgs, type IssueRef } from '../contracts/issueRef';
import type { Issue } from '../model/issue/schema';
import { readSettings } from '../settings';
import { Disposable, type IDisposable } from '../util/disposable';
import { DOUBLE_OPEN_MS } from './core/panelChoice';

export interface SeenMarkerDeps {
  /** The panel's issue as the store has it now. */
  issue(): Issue | undefined;
  /** The panel's issue as commands take it. */
  ref(): IssueRef | undefined;
  /** Whether writes to `org` are refused (another server or account than the panel's). */
  refused(org: string): boolean;
  log: { debug(message: string): void };
}

export class SeenMarker extends Disposable {
  private decided = false;
  /** While set, a preview opening waits before marking its issue seen (see deferSeen). */
  private wait: IDisposable | undefined;

  constructor(
    private allowed: boolean,
    private readonly deps: SeenMarkerDeps,
  ) {
    super();
  }

  /** An issue was opened in the panel: decided anew; `allowed` false when what opened it must not write. */
  opened(allowed: boolean, preview: boolean): void {
    this.decided = false;
    this.allowed = allowed;
    if (preview) this.deferSeen();
    this.tryMark();
  }

  /** The user opened this panel's issue themselves (the tree, a lens): mark it seen, if it was not decided yet. */
  allow(): void {
    this.allowed = true;
    this.tryMark();
  }

  /**
   * A preview opening (a click in the Issues view) marks its issue seen only once a double-click
   * would have come: marking it seen redraws its row, and the tree runs the double-click on the row
   * it drew before, whose command VS Code has let go by then, so the panel would never be kept.
   */
  private deferSeen(): void {
    this.wait?.dispose();
    this.wait = this._registerTimer(() => {
      this.wait = undefined;
      this.tryMark();
    }, DOUBLE_OPEN_MS);
  }

  /**
   * Marks the issue seen for the user (setting markSeenOnOpen) the first time the store has it:
   * at once when the panel opens on a known issue, else when a lookup brings it. Decided once per
   * panel, so a refresh never sends it again. Not awaited; a failure shows nothing (the command logs).
   */
  tryMark(): void {
    if (this.decided || !this.allowed || this.isDisposed || this.wait) return;
    const issue = this.deps.issue();
    if (!issue) return;
    this.decided = true;
    if (issue.hasSeen === true || !readSettings(readEventsPanelConfig).markSeenOnOpen) return;
    const ref = this.deps.ref();
    if (!ref || this.deps.refused(ref.org)) return;
    vscode.commands
      .executeCommand(Commands.markSeen, ...commandArgs(ref))
      .then(undefined, (e: unknown) => this.deps.log.debug(`[events] mark seen of issue ${ref.issueId}: ${(e as Error)?.message ?? String(e)}`));
  }
}
