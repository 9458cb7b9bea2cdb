/** Wires the Issues view: model, tree, commands, status bar and background refresh. */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import type { Issue } from '../api/schemas';
import { Commands, CONFIG_SECTION } from '../constants';
import { DEFAULT_FILTER, describeFilter, type IssueFilter } from './filter';
import { IssuesModel, type IssueList } from './model';
import { nextRefreshDelay, type RefreshState } from './refreshPolicy';
import { RefreshTimer } from './refreshTimer';
import { detectFromWorkspace, readSelection } from './selection';
import type { DetectedProject } from '../selection/detect';
import { IssuesTreeProvider, type IssueNode, type Node, type Selection } from './tree';
import { registerIssueCommands } from './commands';
import { IssuesStatusBar } from './statusBar';
import { UiHolder } from '../util/ui';

export const VIEW_ID = 'sentryExplorer.issues';
const FILTER_KEY = 'sentryExplorer.issueFilter';

/** What the Issues view needs of sign-in. */
export interface IssuesAuth {
  getClient(): Promise<SentryClient | undefined>;
  isSignedIn(): boolean;
  readonly onDidChangeSession: vscode.Event<unknown>;
  /** The organization remembered at sign-in (an OAuth token sees only that one). */
  readonly organization?: { slug: string };
}

export class IssuesView implements vscode.Disposable {
  readonly model: IssuesModel;
  readonly tree: IssuesTreeProvider;
  readonly treeView: vscode.TreeView<Node>;
  readonly hashResults = new Map<string, IssueList>();
  /** Prompts and messages, replaceable by the suites (dialogs are refused while tests run). */
  readonly ui = new UiHolder();
  private filterValue: IssueFilter;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timer: RefreshTimer;
  private refreshState: RefreshState = { rateLimitedRuns: 0 };
  private readonly statusBar: IssuesStatusBar;
  private detected: DetectedProject | undefined;
  private readonly listedChanged = new vscode.EventEmitter<void>();
  /** Fires when the issues the view lists may have changed (pages, filter, selection, session). */
  readonly onDidChangeListed = this.listedChanged.event;

  constructor(
    readonly context: vscode.ExtensionContext,
    readonly auth: IssuesAuth,
    readonly log: vscode.LogOutputChannel,
  ) {
    this.filterValue = { ...DEFAULT_FILTER, ...context.workspaceState.get<Partial<IssueFilter>>(FILTER_KEY) };
    this.model = new IssuesModel(() => auth.getClient());
    this.tree = new IssuesTreeProvider({
      model: this.model,
      selection: () => this.selection(),
      filter: () => this.filterValue,
      signedIn: () => auth.isSignedIn(),
      hashResults: this.hashResults,
      setEmptyMessage: (m) => this.setEmpty(m),
    });
    this.treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this.tree, showCollapseAll: true });
    this.treeView.description = describeFilter(this.filterValue);
    this.statusBar = new IssuesStatusBar(this.model, () => this.selection(), () => auth.isSignedIn());
    this.timer = new RefreshTimer(
      () => this.backgroundRefresh(),
      () => nextRefreshDelay(this.intervalMs(), this.refreshState, Date.now()),
      (err) => this.log.warn(`[issues] background refresh failed: ${(err as Error)?.message ?? err}`),
    );
    this.disposables.push(
      this.listedChanged,
      this.tree,
      this.treeView,
      this.statusBar,
      { dispose: () => this.model.dispose() },
      this.timer,
      auth.onDidChangeSession(() => this.onSessionChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${CONFIG_SECTION}.organization`) || e.affectsConfiguration(`${CONFIG_SECTION}.projects`)) this.selectionChanged();
        if (e.affectsConfiguration(`${CONFIG_SECTION}.refreshIntervalSeconds`)) this.schedule();
      }),
      this.treeView.onDidChangeVisibility((e) => (e.visible ? this.refreshStale() : undefined)),
      this.model.onDidChange((list) => {
        this.noteResult(list);
        this.listedChanged.fire();
      }),
      ...registerIssueCommands(this),
    );
    this.updateContext();
    this.schedule();
    void detectFromWorkspace().then((found) => {
      this.detected = found.find((d) => d.project);
      if (this.detected) this.selectionChanged();
    });
  }

  /** The issues the view lists now (loaded pages of the current filter, or a hashes search). */
  listedIssues(): { org: string; project: string; issue: Issue }[] {
    const { org, projects } = this.selection();
    if (!org || !this.auth.isSignedIn()) return [];
    return projects.flatMap((project) => {
      const list = this.hashResults.get(project) ?? this.model.peek(org, project, this.filterValue);
      return (list?.issues ?? []).map((issue) => ({ org, project, issue }));
    });
  }

  /** Settings first; else the workspace's sentry-cli files; the org also from sign-in. */
  selection(): Selection {
    const saved = readSelection();
    const org = saved.org ?? this.detected?.org ?? this.auth.organization?.slug;
    const projects = saved.projects.length ? saved.projects : this.detected?.project ? [this.detected.project] : [];
    return { org, projects };
  }

  get filter(): IssueFilter {
    return this.filterValue;
  }

  async setFilter(filter: IssueFilter): Promise<void> {
    this.filterValue = filter;
    this.hashResults.clear();
    await this.context.workspaceState.update(FILTER_KEY, filter);
    this.treeView.description = describeFilter(filter);
    this.tree.refresh();
    this.listedChanged.fire();
  }

  /** Reloads the first page of every shown project (with progress in the view). */
  async refresh(): Promise<void> {
    this.hashResults.clear();
    const { org, projects } = this.selection();
    if (!org || !this.auth.isSignedIn()) return this.tree.refresh();
    await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () =>
      Promise.all(projects.map((p) => this.model.load(org, p, this.filterValue, true))),
    );
    // Each load's change event has redrawn the tree already.
    this.statusBar.update();
  }

  /** Shows the result of a hashes search instead of the filtered list of its project. */
  showHashResult(project: string, list: IssueList): void {
    this.hashResults.set(project, list);
    this.tree.refresh();
    this.listedChanged.fire();
  }

  async loadMore(node: { org: string; project: string }): Promise<void> {
    await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => this.model.loadMore(node.org, node.project, this.filterValue));
  }

  selectionChanged(): void {
    this.hashResults.clear();
    this.updateContext();
    this.tree.refresh();
    this.statusBar.update();
    this.listedChanged.fire();
  }

  issueOf(arg: unknown): IssueNode | undefined {
    const node = (arg ?? this.treeView.selection[0]) as Node | undefined;
    return node?.type === 'issue' ? node : undefined;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private onSessionChanged(): void {
    this.model.clear();
    this.hashResults.clear();
    this.updateContext();
    this.tree.refresh();
    this.statusBar.update();
    this.listedChanged.fire();
  }

  private updateContext(): void {
    const { org, projects } = this.selection();
    void vscode.commands.executeCommand('setContext', 'sentryExplorer.hasProject', !!org && projects.length > 0);
  }

  private setEmpty(message: string | undefined): void {
    this.treeView.message = message;
    void vscode.commands.executeCommand('setContext', 'sentryExplorer.emptyResult', !!message);
  }

  private noteResult(list: IssueList): void {
    const err = list.error as { kind?: string; resetAt?: number } | undefined;
    if (err?.kind === 'rateLimited') this.refreshState = { ...this.refreshState, rateLimitedRuns: this.refreshState.rateLimitedRuns + 1, resetAt: err.resetAt };
    else if (!err) this.refreshState = { rateLimitedRuns: 0, rateLimit: this.model.lastRateLimit };
    this.statusBar.update();
  }

  private intervalMs(): number {
    const s = vscode.workspace.getConfiguration(CONFIG_SECTION).get<number>('refreshIntervalSeconds', 300);
    return Math.max(0, s) * 1000;
  }

  private schedule(): void {
    this.timer.schedule();
  }

  private async backgroundRefresh(): Promise<void> {
    // Paused while hidden: the view catches up when it is shown again.
    if (this.treeView.visible && this.auth.isSignedIn()) await this.refreshStale();
  }

  private async refreshStale(): Promise<void> {
    const interval = this.intervalMs();
    if (interval <= 0 || !this.auth.isSignedIn()) return;
    const stale = this.model.stale(interval);
    if (stale.length === 0) return;
    this.log.debug(`[issues] background refresh of ${stale.length} list(s)`);
    await Promise.all(stale.map((l) => this.model.load(l.org, l.project, l.filter, true)));
  }
}
