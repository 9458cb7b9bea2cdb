/** The Issues tree: nodes and the TreeDataProvider over IssuesModel. Glue only; no HTTP here. */
import * as vscode from 'vscode';
import type { Issue } from '../api/schemas';
import { Commands } from '../constants';
import { cacheKey, describeQuery, type IssueFilter } from './filter';
import { presentError, type ErrorAction } from './errors';
import type { IssueList, IssuesModel } from './model';
import { issueDescription, issueLabel, issueTooltipMarkdown } from './present';
import { plainText } from '../util/untrusted';

export type IssueNode = {
  type: 'issue';
  org: string;
  project: string;
  issue: Issue;
  /** Found by a short-ID lookup in another project than the one listed. */
  otherProject: boolean;
  period: string;
};

export type Node =
  | { type: 'project'; org: string; project: string }
  | IssueNode
  | { type: 'loadMore'; org: string; project: string; shown: number; hits?: number; maxHits?: number }
  | { type: 'error'; org: string; project: string; message: string; actions: ErrorAction[]; neededScopes?: readonly string[] }
  | { type: 'action'; action: ErrorAction; org: string; project: string; neededScopes?: readonly string[] }
  | { type: 'info'; label: string; tooltip?: string; icon: string };

export interface Selection {
  org?: string;
  projects: string[];
}

export interface TreeDeps {
  model: IssuesModel;
  selection: () => Selection;
  filter: () => IssueFilter;
  signedIn: () => boolean;
  /** Results of a "Find Issues by Hashes" per project, shown instead of the filtered list. */
  hashResults: Map<string, IssueList>;
  /** Tells the view which empty-state message to show (or none). */
  setEmptyMessage: (message: string | undefined) => void;
  now?: () => number;
}

const LEVEL_ICON: Record<string, string> = { fatal: 'flame', error: 'error', warning: 'warning', info: 'info', debug: 'debug' };

const ACTIONS: Record<ErrorAction, { label: string; command: string; icon: string }> = {
  retry: { label: 'Retry', command: Commands.refresh, icon: 'refresh' },
  signIn: { label: 'Sign In', command: Commands.signIn, icon: 'account' },
  chooseProject: { label: 'Choose Project', command: Commands.chooseProject, icon: 'project' },
  showLog: { label: 'Show Log', command: Commands.showLog, icon: 'output' },
  filter: { label: 'Change Filter', command: Commands.filterIssues, icon: 'filter' },
};

export class IssuesTreeProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: { dispose(): void };
  /** Lists whose load a getChildren call is waiting for. */
  private readonly drawing = new Set<string>();

  constructor(private readonly deps: TreeDeps) {
    // A load that getChildren itself waits for is drawn by that call: a change event for it would
    // draw every row a second time (and drop a tooltip on its way).
    this.subscription = deps.model.onDidChange((list) => {
      if (!this.drawing.has(cacheKey(list.org, list.project, list.filter))) this.changed.fire(undefined);
    });
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) return this.roots();
    if (node.type === 'project') return this.issuesOf(node.org, node.project, false);
    if (node.type === 'error') return node.actions.map((action) => ({ type: 'action', action, org: node.org, project: node.project, neededScopes: node.neededScopes }));
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.type) {
      case 'project': {
        const item = new vscode.TreeItem(node.project, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `project:${node.org}/${node.project}`;
        item.iconPath = new vscode.ThemeIcon('project');
        item.contextValue = 'project';
        const list = this.deps.model.peek(node.org, node.project, this.deps.filter());
        if (list && !list.error) item.description = countText(list.issues.length, list.hits, !!list.nextCursor, list.maxHits);
        return item;
      }
      case 'issue':
        return issueItem(node, this.deps.now?.() ?? Date.now());
      case 'loadMore': {
        const item = new vscode.TreeItem('Load more…', vscode.TreeItemCollapsibleState.None);
        item.description = countText(node.shown, node.hits, true, node.maxHits);
        item.iconPath = new vscode.ThemeIcon('fold-down');
        item.contextValue = 'loadMore';
        item.command = { command: Commands.loadMore, title: 'Load More', arguments: [node] };
        return item;
      }
      case 'error': {
        const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.Expanded);
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
        item.tooltip = node.message;
        item.contextValue = 'error';
        return item;
      }
      case 'action': {
        const a = ACTIONS[node.action];
        const item = new vscode.TreeItem(a.label, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(a.icon);
        // Sign In after a 403 asks for the scopes the operation needs.
        const args = node.action === 'signIn' && node.neededScopes?.length ? [{ neededScopes: node.neededScopes }] : undefined;
        item.command = { command: a.command, title: a.label, arguments: args };
        item.contextValue = `action.${node.action}`;
        return item;
      }
      case 'info': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(node.icon);
        item.tooltip = node.tooltip;
        item.contextValue = 'info';
        return item;
      }
    }
  }

  private async roots(): Promise<Node[]> {
    this.deps.setEmptyMessage(undefined);
    if (!this.deps.signedIn()) return [];
    const { org, projects } = this.deps.selection();
    if (!org || projects.length === 0) return [];
    if (projects.length === 1) return this.issuesOf(org, projects[0], true);
    // Loaded before the project rows are drawn, so each row shows its count without a second draw.
    const filter = this.deps.filter();
    await Promise.all(projects.filter((p) => !this.deps.hashResults.has(p)).map((p) => this.loadForDrawing(org, p, filter)));
    return projects.map((project) => ({ type: 'project', org, project }));
  }

  private async loadForDrawing(org: string, project: string, filter: IssueFilter): Promise<IssueList> {
    const key = cacheKey(org, project, filter);
    this.drawing.add(key);
    try {
      return await this.deps.model.load(org, project, filter);
    } finally {
      this.drawing.delete(key);
    }
  }

  private async issuesOf(org: string, project: string, only: boolean): Promise<Node[]> {
    const filter = this.deps.filter();
    const hashes = this.deps.hashResults.get(project);
    const list = hashes ?? (await this.loadForDrawing(org, project, filter));
    const nodes: Node[] = [];
    if (hashes) {
      const dropped = hashes.droppedHashes ? ` (only the first 100 hashes were used; ${hashes.droppedHashes} left out)` : '';
      nodes.push({ type: 'info', label: `Issues found by hashes: ${hashes.issues.length}${dropped}`, icon: 'symbol-key', tooltip: 'Run Refresh or Filter Issues to go back to the list.' });
    }
    if (list.error) {
      const { message, actions } = presentError(list.error);
      // Sign In asks only for scopes the token lacks; a 403 for another reason (an org-limited token) asks for none.
      const err = list.error as { neededScopes?: readonly string[]; missingScopes?: readonly string[] };
      const neededScopes = err.missingScopes ?? err.neededScopes;
      // The message quotes the server's detail: a label is plain, bounded text.
      nodes.push({ type: 'error', org, project, message: plainText(message, 1000), actions, neededScopes });
      return nodes;
    }
    for (const issue of list.issues) {
      nodes.push({ type: 'issue', org, project, issue, otherProject: issue.project.slug !== project, period: filter.statsPeriod });
    }
    if (list.nextCursor) nodes.push({ type: 'loadMore', org, project, shown: list.issues.length, hits: list.hits, maxHits: list.maxHits });
    if (list.issues.length === 0 && only && !hashes) {
      this.deps.setEmptyMessage(`No issues in ${project} match ${describeQuery(filter)}.`);
      return [];
    }
    if (list.issues.length === 0) nodes.push({ type: 'info', label: `No issues match ${describeQuery(filter)}`, icon: 'pass' });
    return nodes;
  }
}

export function issueItem(node: IssueNode, now: number): vscode.TreeItem {
  const { issue } = node;
  const item = new vscode.TreeItem(issueLabel(issue), vscode.TreeItemCollapsibleState.None);
  item.id = `issue:${node.org}/${node.project}/${issue.id}`;
  item.description = (node.otherProject ? `[${issue.project.slug}] ` : '') + issueDescription(issue, now);
  const tooltip = new vscode.MarkdownString(
    issueTooltipMarkdown(issue, node.period, now, node.otherProject ? `This issue belongs to project ${issue.project.slug}, not ${node.project}.` : undefined),
  );
  tooltip.supportThemeIcons = false;
  item.tooltip = tooltip;
  item.iconPath = new vscode.ThemeIcon(LEVEL_ICON[issue.level] ?? 'circle-filled', new vscode.ThemeColor(`sentryExplorer.level.${LEVEL_ICON[issue.level] ? issue.level : 'error'}`));
  item.contextValue = node.otherProject ? 'issue.otherProject' : 'issue';
  item.command = { command: Commands.showIssueEvents, title: 'Show Events', arguments: [node] };
  item.accessibilityInformation = { label: `${issue.level} ${issueLabel(issue)}, ${issueDescription(issue, now)}` };
  return item;
}

/** "100 of 1,234", "100 of 1,000+" when the total hit the server's cap, "100+" when unknown. */
export function countText(shown: number, hits: number | undefined, more: boolean, maxHits?: number): string {
  if (hits !== undefined) return `${shown.toLocaleString('en')} of ${hits.toLocaleString('en')}${maxHits !== undefined && hits >= maxHits ? '+' : ''}`;
  return `${shown.toLocaleString('en')}${more ? '+' : ''}`;
}
