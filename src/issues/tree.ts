/**
 * The Issues tree: a TreeDataProvider over the issue store. It loads the lists it shows through the
 * store, builds rows with nodes.ts and reads each issue by id from the store when drawing it. Glue
 * only; no HTTP here.
 */
import * as vscode from 'vscode';
import type { Issue } from '../model/issue/schema';
import { Commands } from '../constants';
import { ERROR_ACTIONS } from '../contracts/errorPresentation';
import { commandArgs, parseIssueRef, PREVIEW } from '../contracts/issueRef';
import type { Selection } from '../selection/resolve';
import type { IssueListView, IssueStore } from '../store/issueStore';
import { listKey, type ListSpec } from '../store/listSpec';
import { Disposable } from '../util/disposable';
import { describeQuery, type IssueFilter } from './core/filter';
import { drawsSameRows, nodeKey, REDRAW_TIMES_EVERY_MS } from './core/drawing';
import { actionArgs, actionRows, countText, failureNotice, projectDescription, rowsOfList, type IssueNode, type Node } from './core/nodes';
import { issueAccessibilityLabel, issueContextValue, issueDescription, issueLabel, issueTooltipMarkdown } from './core/present';

export interface TreeDeps {
  store: IssueStore;
  selection: () => Selection;
  filter: () => IssueFilter;
  /** The list shown for a project: a hashes search when one is shown, else the filter's. */
  specOf: (org: string, project: string) => ListSpec;
  /** The lists shown for the chosen projects, each once (one for all of them, or a hashes search). */
  shownSpecs: (org: string, projects: readonly string[]) => ListSpec[];
  signedIn: () => boolean;
  /** Tells the view which empty-state message to show (or none). */
  setEmptyMessage: (message: string | undefined) => void;
  /** Tells the view what failed while shown lists keep their last answer (nodes.ts failureNotice), or that nothing did. */
  setFailureNotice: (message: string | undefined) => void;
  now?: () => number;
}

const LEVEL_ICON: Record<string, string> = { fatal: 'flame', error: 'error', warning: 'warning', info: 'info', debug: 'debug' };

export class IssuesTreeProvider extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly changed = this._register(new vscode.EventEmitter<Node | Node[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** Lists whose load a getChildren call is waiting for. */
  private readonly drawing = new Set<string>();
  /** What the last redraw showed of each list: a change that lists the same rows redraws only the rows that changed. */
  private drawn = new Map<string, IssueListView | undefined>();
  /**
   * The issue rows handed to VS Code, by nodeKey: getChildren hands the same object again for the
   * same row, so that a change can name the rows to redraw (VS Code finds a row by its object).
   */
  private rows = new Map<string, IssueNode>();
  /** What each row showed when VS Code last drew it (the issue and its TreeItem's text), to tell which rows changed. */
  private drawnRows = new Map<IssueNode, { issue: Issue; text: string }>();
  /** When relative times ("12 sec ago") were last brought up to date. */
  private timesAt = 0;
  private redrawNext = false;
  /**
   * Rows handed to VS Code (getTreeItem calls) and whole redraws since activation: VS Code's
   * extension host keeps a store for every row it is handed (core/drawing.ts), so the soak counts them.
   */
  readonly drawCounts = { rows: 0, whole: 0 };

  constructor(private readonly deps: TreeDeps) {
    super();
    this._register(deps.store.onDidChange((change) => (change.lists.some((key) => this.redraws(key)) ? this.redrawIfChanged() : undefined)));
  }

  refresh(): void {
    this.redraw();
  }

  /** The next answer redraws the rows even when they draw the same (a Refresh the user asked for). */
  redrawOnNextChange(): void {
    this.redrawNext = true;
  }

  private redraw(lists = this.shownLists()): void {
    this.redrawNext = false;
    this.keep(lists);
    this.rows = new Map();
    this.drawnRows = new Map();
    this.timesAt = this.now();
    this.drawCounts.whole++;
    this.changed.fire(undefined);
  }

  private shownLists(): Map<string, IssueListView | undefined> {
    return new Map([...this.shownKeys()].map((key) => [key, this.deps.store.list(key)]));
  }

  /** The lists drawn now, and what failed while they keep their last answer (or that nothing did). */
  private keep(lists: Map<string, IssueListView | undefined>): void {
    this.drawn = lists;
    this.deps.setFailureNotice(failureNotice([...lists.values()]));
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /**
   * Redraws the tree when the lists shown list other rows; otherwise only the rows whose issue
   * changed what they show, and once a minute the rows whose relative times ("5 min ago") moved.
   */
  private redrawIfChanged(): void {
    const lists = this.shownLists();
    const same = lists.size === this.drawn.size && [...lists.keys()].every((key) => this.drawn.has(key) && drawsSameRows(this.drawn.get(key), lists.get(key)));
    if (this.redrawNext || !same) return this.redraw(lists);
    this.keep(lists);
    const now = this.now();
    const timesDue = now - this.timesAt >= REDRAW_TIMES_EVERY_MS;
    if (timesDue) this.timesAt = now;
    const changed = [...this.drawnRows].filter(([node, drawn]) => (timesDue || this.deps.store.issue(node.issueId) !== drawn.issue) && this.rowText(node, now) !== drawn.text).map(([node]) => node);
    if (changed.length) this.changed.fire(changed);
  }

  /** All a row shows, as one string: two rows draw the same when their texts are equal. */
  private rowText(node: IssueNode, now: number): string {
    const issue = this.deps.store.issue(node.issueId);
    return issue ? itemText(issueItem(node, issue, now)) : '';
  }

  /** Keys of the lists the tree shows now. */
  shownKeys(): Set<string> {
    const { org, projects } = this.deps.selection();
    if (!org || !this.deps.signedIn()) return new Set();
    return new Set(this.deps.shownSpecs(org, projects).map(listKey));
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) return this.roots();
    if (node.type === 'project') return this.issuesOf(node.org, node.project, false);
    if (node.type === 'error') return actionRows(node);
    return [];
  }

  /** For reveal(): an issue, "Load more" or error row sits under its project's row when several are shown. */
  getParent(node: Node): Node | undefined {
    if (node.type !== 'issue' && node.type !== 'loadMore' && node.type !== 'error') return undefined;
    if (node.type === 'loadMore' && node.combined) return undefined;
    const { org, projects } = this.deps.selection();
    if (!org || projects.length < 2) return undefined;
    return { type: 'project', org, project: node.type === 'issue' ? node.listedIn : node.project };
  }

  getTreeItem(node: Node): vscode.TreeItem {
    this.drawCounts.rows++;
    switch (node.type) {
      case 'project': {
        const item = new vscode.TreeItem(node.project, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `project:${node.org}/${node.project}`;
        item.iconPath = new vscode.ThemeIcon('project');
        item.contextValue = 'project';
        item.description = projectDescription(this.deps.store.peek(this.deps.specOf(node.org, node.project)), node.project);
        item.accessibilityInformation = {
          label: item.description === undefined ? vscode.l10n.t('Project {0}', node.project) : vscode.l10n.t('Project {0}, issues: {1}', node.project, item.description),
        };
        return item;
      }
      case 'issue': {
        const issue = this.deps.store.issue(node.issueId);
        if (issue) {
          const item = issueItem(node, issue, this.now());
          if (this.rows.get(nodeKey(node)) === node) this.drawnRows.set(node, { issue, text: itemText(item) });
          return item;
        }
        // Forgotten by the store between listing and drawing (a sign-out): the next draw drops the row.
        const item = new vscode.TreeItem(vscode.l10n.t('Issue {0}', node.issueId), vscode.TreeItemCollapsibleState.None);
        item.contextValue = 'info';
        return item;
      }
      case 'loadMore': {
        const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
        item.description = countText(node.shown, node.hits, true, node.maxHits);
        item.iconPath = new vscode.ThemeIcon('fold-down');
        item.contextValue = 'loadMore';
        item.tooltip = vscode.l10n.t('Load the next page of issues ({0} shown)', item.description);
        item.accessibilityInformation = { label: item.tooltip };
        item.command = { command: Commands.loadMore, title: vscode.l10n.t('Load More'), arguments: [node] };
        return item;
      }
      case 'error': {
        const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.Expanded);
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
        item.tooltip = node.message;
        item.accessibilityInformation = { label: vscode.l10n.t('Error: {0}', node.message) };
        item.contextValue = 'error';
        return item;
      }
      case 'action': {
        const a = ERROR_ACTIONS[node.action];
        const item = new vscode.TreeItem(a.label, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(a.icon);
        item.command = { command: a.command, title: a.label, arguments: actionArgs(node) };
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

  /**
   * A change redraws the tree when it names a list the tree shows, except a load getChildren itself
   * waits for (that call draws it: a change event would draw every row a second time and drop a
   * tooltip on its way) and a load that only started (the tree draws answers, as it always has).
   */
  private redraws(key: string): boolean {
    if (this.drawing.has(key) || !this.shownKeys().has(key)) return false;
    return !this.deps.store.list(key)?.loading;
  }

  private async roots(): Promise<Node[]> {
    this.deps.setEmptyMessage(undefined);
    if (!this.deps.signedIn()) return [];
    const { org, projects } = this.deps.selection();
    if (!org || projects.length === 0) return [];
    if (projects.length === 1) return this.issuesOf(org, projects[0], true);
    // Loaded before the project rows are drawn, so each row shows its count without a second draw.
    const lists = await Promise.all(this.deps.shownSpecs(org, projects).map((spec) => this.loadForDrawing(spec)));
    const rows: Node[] = projects.map((project) => ({ type: 'project', org, project }));
    // The chosen projects' one list pages as a whole: its "Load more" follows the project rows.
    for (const list of lists) {
      if (list.spec.projects && list.nextCursor && !list.error) {
        rows.push({ type: 'loadMore', org, project: list.spec.project, shown: list.issues.length, hits: list.hits, maxHits: list.maxHits, combined: true });
      }
    }
    return rows;
  }

  private async loadForDrawing(spec: ListSpec): Promise<IssueListView> {
    const key = listKey(spec);
    this.drawing.add(key);
    try {
      // What getChildren draws counts as drawn: the next answer like it draws nothing new.
      const list = await this.deps.store.load(spec);
      this.drawn.set(key, list);
      return list;
    } finally {
      this.drawing.delete(key);
    }
  }

  private async issuesOf(org: string, project: string, only: boolean): Promise<Node[]> {
    const filter = this.deps.filter();
    const list = await this.loadForDrawing(this.deps.specOf(org, project));
    const rows = rowsOfList(list, { org, project, period: filter.statsPeriod, queryText: describeQuery(filter), only, group: !!list.spec.projects });
    if (rows.emptyMessage) this.deps.setEmptyMessage(rows.emptyMessage);
    return rows.nodes.map((node) => (node.type === 'issue' ? this.rowOf(node) : node));
  }

  /** The row object VS Code already holds for this row, or this one from now on. */
  private rowOf(node: IssueNode): IssueNode {
    const key = nodeKey(node);
    const held = this.rows.get(key);
    if (held) return held;
    this.rows.set(key, node);
    return node;
  }
}

/** What an issue row's TreeItem shows, as one string. */
function itemText(item: vscode.TreeItem): string {
  const icon = item.iconPath as vscode.ThemeIcon;
  return JSON.stringify([item.label, item.description, (item.tooltip as vscode.MarkdownString).value, icon.id, icon.color?.id, item.contextValue, item.accessibilityInformation?.label]);
}

export function issueItem(node: IssueNode, issue: Issue, now: number): vscode.TreeItem {
  const item = new vscode.TreeItem(issueLabel(issue), vscode.TreeItemCollapsibleState.None);
  item.id = `issue:${node.org}/${node.listedIn}/${issue.id}`;
  item.description = (node.otherProject ? `[${issue.project.slug}] ` : '') + issueDescription(issue, now);
  const tooltip = new vscode.MarkdownString(
    issueTooltipMarkdown(issue, node.period, now, node.otherProject ? vscode.l10n.t('This issue belongs to project {0}, not {1}.', issue.project.slug, node.listedIn) : undefined),
  );
  tooltip.supportThemeIcons = false;
  item.tooltip = tooltip;
  item.iconPath = new vscode.ThemeIcon(LEVEL_ICON[issue.level] ?? 'circle-filled', new vscode.ThemeColor(`sentryExplorer.level.${LEVEL_ICON[issue.level] ? issue.level : 'error'}`));
  item.contextValue = issueContextValue(issue, !!node.otherProject);
  const ref = parseIssueRef(node);
  // A click opens the events panel as a preview, which the next click takes over; a double-click keeps it.
  if (ref) item.command = { command: Commands.showIssueEvents, title: vscode.l10n.t('Show Events'), arguments: [...commandArgs(ref), PREVIEW] };
  // The level icon and the tooltip's sparkline, in words.
  item.accessibilityInformation = { label: issueAccessibilityLabel(issue, node.period, now, node.otherProject ? issue.project.slug : undefined) };
  return item;
}
