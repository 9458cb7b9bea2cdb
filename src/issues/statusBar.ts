/** A status-bar item with the unresolved count of the chosen projects; it opens the Issues view. */
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { DEFAULT_FILTER } from './filter';
import type { IssuesModel } from './model';
import type { Selection } from './tree';

export class IssuesStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('sentryExplorer.unresolved', vscode.StatusBarAlignment.Left, 50);

  constructor(
    private readonly model: IssuesModel,
    private readonly selection: () => Selection,
    private readonly signedIn: () => boolean,
  ) {
    this.item.name = 'Sentry Unresolved Issues';
    this.item.command = Commands.showIssues;
    this.update();
  }

  /** Counts from the cached unresolved lists only: the status bar never costs a request of its own. */
  update(): void {
    const { org, projects } = this.selection();
    if (!this.signedIn() || !org || projects.length === 0) {
      this.item.hide();
      return;
    }
    let total = 0;
    let known = false;
    let lower = false;
    for (const project of projects) {
      const list = this.model.peek(org, project, DEFAULT_FILTER) ?? this.anyUnresolved(org, project);
      if (!list || list.error) continue;
      known = true;
      if (list.hits !== undefined) {
        total += list.hits;
        lower ||= list.maxHits !== undefined && list.hits >= list.maxHits;
      } else {
        total += list.issues.length;
        lower ||= !!list.nextCursor;
      }
    }
    this.item.text = known ? `$(bug) ${total.toLocaleString('en')}${lower ? '+' : ''}` : '$(bug) Sentry';
    this.item.tooltip = known ? `${total.toLocaleString('en')}${lower ? '+' : ''} unresolved issues in ${projects.join(', ')}. Click to show them.` : 'Show Sentry issues';
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }

  /** The unresolved list under any period or sort: the count does not depend on them. */
  private anyUnresolved(org: string, project: string) {
    for (const statsPeriod of ['24h', '14d', ''] as const) {
      for (const sort of ['date', 'new', 'freq', 'user', 'trends'] as const) {
        const l = this.model.peek(org, project, { preset: 'unresolved', statsPeriod, sort });
        if (l) return l;
      }
    }
    return undefined;
  }
}
