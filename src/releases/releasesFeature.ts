/**
 * Releases and the workspace's git: opens the commits Sentry names (the slot the events panel and the
 * hover call) and tells the hover whether a marked line changed since the event's release (the line
 * history slot). Glue over VS Code's git extension; the comparisons are pure (./core).
 */
import * as vscode from 'vscode';
import type { CommitOpener } from '../store/commitOpener';
import type { LineHistorySource } from '../store/lineHistorySource';
import { lineHistoryOf } from './lineHistory';
import { Disposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import { openCommit } from './commitOpener';

export interface ReleasesDeps {
  commitOpener: CommitOpener;
  lineHistory: LineHistorySource;
  log: vscode.LogOutputChannel;
}

export class ReleasesFeature extends Disposable {
  /** Dialogs and links (replaceable by the suites); every message is made safe on its way through. */
  readonly ui = new UiHolder();

  constructor(deps: ReleasesDeps) {
    super();
    this._register(deps.commitOpener.set((commit) => openCommit(commit, { ui: () => this.ui.ui, log: deps.log })));
    this._register(deps.lineHistory.set((fileUri, line, commit, release) => lineHistoryOf(fileUri, line, commit, release, deps.log)));
  }
}
