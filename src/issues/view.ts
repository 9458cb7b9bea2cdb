/**
 * Wires the Issues view: the tree, commands, status bar and background refresh over the one issue
 * store and the selection service. It owns the filter and any hashes search; the lists live in the
 * store.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import type { ProjectIssuesStatsPeriod } from '../api/listParams';
import type { Issue } from '../model/issue/schema';
import { parseIssueRef } from '../contracts/issueRef';
import { CONFIG_SECTION, ContextKeys, StorageKeys, Views } from '../constants';
import type { SelectionService, Selection } from '../selection/selectionService';
import type { IssueListView, IssueStore, StoreChange } from '../store/issueStore';
import type { ListedIssues } from '../store/listedIssues';
import type { TimeWindow } from '../store/issueSource';
import { combinedSpec, listKey, type ListSpec } from '../store/listSpec';
import { Disposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import { registerIssueCommands } from './commands';
import { DEFAULT_FILTER, describeFilter, filterNotice, isFiltered, markQuery, toParams, type IssueFilter } from './core/filter';
import type { IssueNode, Node } from './core/nodes';
import { RefreshTimer } from '../store/refreshTimer';
import { IssuesStatusBar } from './statusBar';
import { IssuesTreeProvider } from './tree';
import { readSettings } from '../settings';
import { readRefreshIntervalMs } from '../config';

export const VIEW_ID = Views.issues;

/** What the Issues view needs of sign-in. */
export interface IssuesAuth {
  getClient(): Promise<SentryClient | undefined>;
  isSignedIn(): boolean;
  readonly onDidChangeSession: vscode.Event<unknown>;
}

export interface IssuesViewDeps {
  auth: IssuesAuth;
  /** The one issue store: every list the view shows is loaded and read through it. */
  store: IssueStore;
  /** Which organization and projects are shown. */
  selection: SelectionService;
  log: vscode.LogOutputChannel;
  /** Where the editor and Copy VS Code Link learn what this view lists and has selected (set here), when given. */
  listedIssues?: ListedIssues;
}

export class IssuesView extends Disposable {
  readonly auth: IssuesAuth;
  readonly store: IssueStore;
  readonly selectionService: SelectionService;
  readonly log: vscode.LogOutputChannel;
  readonly tree: IssuesTreeProvider;
  readonly treeView: vscode.TreeView<Node>;
  /** Prompts and messages, replaceable by the suites (dialogs are refused while tests run). */
  readonly ui = new UiHolder();
  /** A "Find Issues by Hashes" result per project, shown instead of the filtered list. */
  private readonly hashSpecs = new Map<string, ListSpec>();
  private filterValue: IssueFilter;
  private emptyMessage: string | undefined;
  private readonly timer: RefreshTimer;
  readonly statusBar: IssuesStatusBar;
  private readonly listedChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires when the issues the view lists may have changed (pages, filter, selection, session). */
  readonly onDidChangeListed = this.listedChanged.event;

  constructor(
    readonly context: vscode.ExtensionContext,
    deps: IssuesViewDeps,
  ) {
    super();
    ({ auth: this.auth, store: this.store, selection: this.selectionService, log: this.log } = deps);
    const { auth, store } = deps;
    this.filterValue = { ...DEFAULT_FILTER, ...context.workspaceState.get<Partial<IssueFilter>>(StorageKeys.issueFilter) };
    this.tree = this._register(
      new IssuesTreeProvider({
        store,
        selection: () => this.selection(),
        filter: () => this.filterValue,
        specOf: (org, project) => this.specOf(org, project),
        shownSpecs: (org, projects) => this.shownSpecs(org, projects),
        signedIn: () => auth.isSignedIn(),
        setEmptyMessage: (m) => this.setEmpty(m),
      }),
    );
    this.treeView = this._register(vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this.tree, showCollapseAll: true, canSelectMany: true }));
    this.treeView.description = describeFilter(this.filterValue);
    this.showMessage();
    this.filterContext();
    this.statusBar = this._register(
      new IssuesStatusBar(
        store,
        () => this.selection(),
        () => auth.isSignedIn(),
      ),
    );
    this.timer = this._register(
      new RefreshTimer(
        () => this.backgroundRefresh(),
        // The store's budget counts every list's answer (and the marks' searches): one server rate limit.
        () => this.store.budget.nextDelay(this.intervalMs()),
        (err) => this.log.warn(`[issues] background refresh failed: ${(err as Error)?.message ?? err}`),
      ),
    );
    this._register(auth.onDidChangeSession(() => this.onSessionChanged()));
    this._register(this.selectionService.onDidChange(() => this.selectionChanged()));
    this._register(
      this.selectionService.onDidChangeIgnored(() => {
        this.updateContext();
        this.showMessage();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${CONFIG_SECTION}.refreshIntervalSeconds`)) this.timer.schedule();
      }),
    );
    this._register(this.treeView.onDidChangeVisibility((e) => (e.visible ? this.refreshStale() : undefined)));
    this._register(store.onDidChange((change) => this.onStoreChanged(change)));
    for (const d of registerIssueCommands(this)) this._register(d);
    if (deps.listedIssues) {
      const listed = () => this.listedIssues().map(({ org, project, issue }) => ({ org, project, issueId: issue.id }));
      this._register(deps.listedIssues.set({ listed, scope: () => this.markScope(), selected: () => parseIssueRef(this.selectedIssue()), onDidChange: this.onDidChangeListed }));
    }
    // hasProject starts unset (false); say it at once only when the settings already name a project
    // (a detected one arrives with the selection's first change).
    const { org, projects } = this.selection();
    if (org && projects.length > 0) this.updateContext();
    this.timer.schedule();
  }

  /** The issues the view lists now (loaded pages of the current filter, or a hashes search), as the store knows them. */
  listedIssues(): { org: string; project: string; issue: Issue }[] {
    const { org, projects } = this.selection();
    if (!org || !this.auth.isSignedIn()) return [];
    return this.shownSpecs(org, projects).flatMap((spec) => (this.store.peek(spec)?.issues ?? []).map((issue) => ({ org, project: spec.projects ? issue.project.slug : spec.project, issue })));
  }

  /** The lists shown: one for all chosen projects, except projects showing a hashes search. */
  shownSpecs(org: string, projects: readonly string[]): ListSpec[] {
    const specs = new Map<string, ListSpec>();
    for (const project of projects) {
      const spec = this.specOf(org, project);
      specs.set(listKey(spec), spec);
    }
    return [...specs.values()];
  }

  /**
   * What the editor's per-file searches look within: the chosen organization and projects and the
   * filter's saved search, environments and window, never a search typed in the view (markQuery);
   * undefined while signed out or nothing is chosen.
   */
  markScope(): { org: string; projects: readonly string[]; query?: string; statsPeriod?: ProjectIssuesStatsPeriod; environments?: readonly string[]; window?: TimeWindow } | undefined {
    const { org, projects } = this.selection();
    if (!org || projects.length === 0 || !this.auth.isSignedIn()) return undefined;
    const { statsPeriod, environments, window } = toParams(this.filterValue);
    return { org, projects: [...projects], query: markQuery(this.filterValue), statsPeriod, environments, window };
  }

  /** Settings first; else the workspace's sentry-cli files; the org also from sign-in. */
  selection(): Selection {
    return this.selectionService.current;
  }

  get filter(): IssueFilter {
    return this.filterValue;
  }

  /** The list shown for `project`: its hashes search when one is shown, else the filter's. */
  specOf(org: string, project: string): ListSpec {
    const hashes = this.hashSpecs.get(project);
    if (hashes?.org === org) return hashes;
    // Every chosen project in one list (one request on the organization endpoint); the tree groups it by project.
    const { org: shownOrg, projects } = this.selection();
    const all = shownOrg === org && projects.length > 1 && (projects.includes(project) || project === projects.join(',')) ? projects : [project];
    return combinedSpec({ org, ...toParams(this.filterValue) }, all);
  }

  async setFilter(filter: IssueFilter): Promise<void> {
    this.filterValue = filter;
    this.hashSpecs.clear();
    await this.context.workspaceState.update(StorageKeys.issueFilter, filter);
    this.treeView.description = describeFilter(filter);
    this.showMessage();
    this.filterContext();
    this.tree.refresh();
    this.listedChanged.fire();
  }

  /** Reloads the first page of every shown project (with progress in the view). */
  async refresh(): Promise<void> {
    this.hashSpecs.clear();
    const { org, projects } = this.selection();
    if (!org || !this.auth.isSignedIn()) return this.tree.refresh();
    // Asked for by the user: one try even while a 429's reset is pending (a new 429 holds the lists back again).
    const client = await this.auth.getClient();
    if (client) this.store.budget.releaseHold(client);
    // Each answer's change event redraws the tree (once) and updates the status bar.
    this.tree.redrawOnNextChange();
    await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => Promise.all(this.shownSpecs(org, projects).map((spec) => this.store.load(spec, true))));
  }

  /**
   * Issues by group hashes (the first 100 are used), shown instead of the filtered list of `project`
   * until Refresh, another filter or selection. A new search always asks the server.
   */
  async findByHashes(org: string, project: string, hashes: readonly string[]): Promise<IssueListView> {
    const spec: ListSpec = { org, project, hashes, statsPeriod: this.filterValue.statsPeriod };
    const list = await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => this.store.load(spec, true));
    if (!list.error) {
      this.hashSpecs.set(project, spec);
      this.tree.refresh();
      this.listedChanged.fire();
    }
    return list;
  }

  async loadMore(node: { org: string; project: string }): Promise<void> {
    await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => this.store.loadMore(this.specOf(node.org, node.project)));
  }

  /** The issue row selected in the tree (what palette commands act on without an argument). */
  selectedIssue(): IssueNode | undefined {
    const node = this.treeView.selection[0];
    return node?.type === 'issue' ? node : undefined;
  }

  private selectionChanged(): void {
    this.hashSpecs.clear();
    this.updateContext();
    this.showMessage();
    this.tree.refresh();
    this.statusBar.update();
    this.listedChanged.fire();
  }

  private onSessionChanged(): void {
    // activate() clears the store on every session change; what the view itself holds goes too.
    this.hashSpecs.clear();
    this.updateContext();
    this.tree.refresh();
    this.statusBar.update();
    this.listedChanged.fire();
  }

  private onStoreChanged(change: StoreChange): void {
    // A load that only started changes nothing the view lists.
    const shown = this.tree.shownKeys();
    if (change.lists.some((key) => shown.has(key) && !this.store.list(key)?.loading)) this.listedChanged.fire();
  }

  private updateContext(): void {
    const { org, projects } = this.selection();
    void vscode.commands.executeCommand('setContext', ContextKeys.hasProject, !!org && projects.length > 0);
    void vscode.commands.executeCommand('setContext', ContextKeys.cliFilesIgnored, this.selectionService.ignoredInRestrictedMode);
  }

  /** The filled filter icon, Clear Filter and the empty state's Clear Filter follow it. */
  private filterContext(): void {
    void vscode.commands.executeCommand('setContext', ContextKeys.filterActive, isFiltered(this.filterValue));
  }

  private setEmpty(message: string | undefined): void {
    this.emptyMessage = message;
    this.showMessage();
    void vscode.commands.executeCommand('setContext', ContextKeys.emptyResult, !!message);
  }

  /**
   * First why Restricted Mode ignores the workspace's sentry-cli files, else what narrows the list
   * (the view's description is hidden while it is alone in its container); nothing while the list is
   * empty: VS Code shows a view's welcome content (the empty state, with Clear Filter while a filter
   * hides every issue; with no project, the welcome that explains Restricted Mode and offers Trust)
   * only while the view has no message.
   */
  private showMessage(): void {
    const { org, projects } = this.selection();
    const restricted =
      this.selectionService.ignoredInRestrictedMode && !!org && projects.length > 0
        ? vscode.l10n.t('Restricted Mode: this folder is not trusted, so its .sentryclirc / sentry.properties do not choose the organization or projects.')
        : undefined;
    this.treeView.message = restricted ?? (this.emptyMessage === undefined ? filterNotice(this.filterValue) : undefined);
  }

  private intervalMs(): number {
    return readSettings(readRefreshIntervalMs);
  }

  private async backgroundRefresh(): Promise<void> {
    // Paused while hidden: the view catches up when it is shown again.
    if (this.treeView.visible && this.auth.isSignedIn()) await this.refreshStale();
  }

  private async refreshStale(): Promise<void> {
    const interval = this.intervalMs();
    if (interval <= 0 || !this.auth.isSignedIn() || this.isDisposed) return;
    // Every cached list of a query (as before the store), not a hashes search: that is one answer, asked for by hand.
    const stale = this.store.stale(interval).filter((l) => !l.spec.hashes);
    if (stale.length === 0) return;
    this.log.debug(`[issues] background refresh of ${stale.length} list(s)`);
    await Promise.all(stale.map((l) => this.store.load(l.spec, true)));
  }
}
