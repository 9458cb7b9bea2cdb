/** A status-bar item with the unresolved count of the chosen projects; it opens the Issues view. Glue. */
import * as vscode from 'vscode';
import { Commands, Views } from '../constants';
import type { Selection } from '../selection/resolve';
import type { IssueStore } from '../store/issueStore';
import { Disposable } from '../util/disposable';
import { countLabel, unresolvedCount } from './core/unresolvedCount';

export class IssuesStatusBar extends Disposable {
  /** Created the first time it has something to show: a workspace that does not use Sentry never has one. */
  private item: vscode.StatusBarItem | undefined;
  private shown = false;

  constructor(
    private readonly store: IssueStore,
    private readonly selection: () => Selection,
    private readonly signedIn: () => boolean,
  ) {
    super();
    // Any list may be the unresolved one of a shown project: re-summing is cheap and costs no request.
    this._register(store.onDidChange(() => this.update()));
    this.update();
  }

  /** What the item shows (`$(bug) 1,234`), for the suites. */
  get text(): string {
    return this.item?.text ?? '';
  }

  /** Whether the item is in the status bar now. */
  get visible(): boolean {
    return this.shown;
  }

  private createItem(): vscode.StatusBarItem {
    const item = this._register(vscode.window.createStatusBarItem(Views.unresolvedStatus, vscode.StatusBarAlignment.Left, 50));
    item.name = vscode.l10n.t('Sentry Unresolved Issues');
    item.command = Commands.showIssues;
    return item;
  }

  update(): void {
    if (this.isDisposed) return;
    const { org, projects } = this.selection();
    if (!this.signedIn() || !org || projects.length === 0) {
      this.item?.hide();
      this.shown = false;
      return;
    }
    this.item ??= this.createItem();
    const count = unresolvedCount(this.store.allLists(), org, projects);
    this.item.text = count ? `$(bug) ${countLabel(count)}` : '$(bug) Sentry';
    const tooltip = count ? vscode.l10n.t('{0} unresolved issues in {1}. Click to show them.', countLabel(count), projects.join(', ')) : vscode.l10n.t('Show Sentry issues');
    this.item.tooltip = tooltip;
    // The bug icon and a bare number say nothing to a screen reader: it reads the tooltip's sentence.
    this.item.accessibilityInformation = { label: tooltip };
    this.item.show();
    this.shown = true;
  }
}
