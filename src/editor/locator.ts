/**
 * Which issue belongs on which line: the glue around ./core/markFinder.ts. It hands the finder
 * the open files (visible ones first) and the workspace's path resolution, keeps what is known of
 * locations in workspace storage (keyed by issue id and lastSeen, so a window reload asks again only
 * for issues that changed) and publishes the marks. Marks hold issue ids; their fields are the
 * store's (see ./marks.ts).
 */
import * as vscode from 'vscode';
import { isWorkspaceFile } from './workspaceFile';
import type { SentryClient } from '../api/client';
import type { IssueRef } from '../contracts/issueRef';
import { LocationCache, seenVersion } from './core/locationCache';
import { Disposable, MutableDisposable, type IDisposable } from '../util/disposable';
import type { WorkspaceFileIndex } from './fileIndex';
import { MarkFinder, type IssueFields, type MarkScope, type OpenFile } from './core/markFinder';
import { CodeMappingSource } from './core/codeMappingSource';
import type { CodeMapping } from './core/frameResolver';
import type { PlacedMark } from './core/marks';
import type { ExpectedText } from './core/movedLines';
import { CONTEXT_MAX, compactLine } from '../model/event/frameText';
import type { FileSearchReport } from './core/marksStatus';

export type { IssueFields, MarkScope } from './core/markFinder';

export interface LocatorDeps {
  getClient: () => Promise<SentryClient | undefined>;
  /** The Issues view's listed issues: located when a server refuses the per-file search. */
  listed: () => readonly IssueRef[];
  /** The Issues view's scope; undefined while nothing is chosen. */
  scope: () => MarkScope | undefined;
  /** The background refresh interval (ms, 0: off): how long a visible file's search stays fresh. */
  intervalMs: () => number;
  store: IssueFields;
  files: WorkspaceFileIndex;
  log: vscode.LogOutputChannel;
  /** Where locations are kept across reloads (workspace storage). */
  storage?: Pick<vscode.Memento, 'get' | 'update'>;
  storageKey?: string;
}

export class IssueLocator extends Disposable {
  private readonly cache: LocationCache;
  private readonly finder: MarkFinder;
  private marks = new Map<string, PlacedMark[]>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly finished = this._register(new vscode.EventEmitter<void>());
  /** Fired after every run, whether or not the marks changed (what the files' searches found may have). */
  readonly onDidFinish = this.finished.event;
  private running: Promise<void> | undefined;
  /** One run when a 429's hold on the searches ends: a file opened meanwhile gets its marks then, not an interval later. */
  private readonly afterHold = this._register(new MutableDisposable<IDisposable>());
  private afterHoldAt: number | undefined;
  private again = false;
  /** The server the current marks came from: links in Problems entries may point only there. */
  baseUrl: string | undefined;
  /** The client of the current run: the code mappings are read with it. */
  private client: SentryClient | undefined;
  /** The projects' code mappings, shared by the marks and every other frame the editor resolves. */
  readonly codeMappings: CodeMappingSource;

  constructor(private readonly deps: LocatorDeps) {
    super();
    this.codeMappings = new CodeMappingSource(deps.log);
    this.cache = LocationCache.fromJSON(deps.storage && deps.storageKey ? deps.storage.get(deps.storageKey) : undefined);
    this.finder = new MarkFinder({
      store: deps.store,
      cache: this.cache,
      intervalMs: deps.intervalMs,
      now: Date.now,
      log: deps.log,
      lineText,
      resolve: async (frame, projectId) => {
        const client = this.client;
        const org = this.deps.scope()?.org;
        const mappings = client && org ? await this.codeMappings.forProject(client, org, projectId) : [];
        const res = await deps.files.resolveFrame(frame, mappings);
        return res.kind === 'file' ? { files: [res.uri.toString()] } : res.kind === 'ambiguous' ? { files: res.candidates.map((u) => u.toString()) } : undefined;
      },
    });
  }

  /** Event requests made so far (for the figures). */
  get requests(): number {
    return this.finder.requests;
  }

  /** Per-file searches made so far (for the figures). */
  get searchRequests(): number {
    return this.finder.searchRequests;
  }

  /** Events-table requests made so far (for the figures). */
  get tableRequests(): number {
    return this.finder.tableRequests;
  }

  /** Where the current server's lines come from: its events table, or each issue's latest event where it refused the table. */
  linesFrom(): 'eventsTable' | 'latestEvent' | undefined {
    return this.baseUrl === undefined ? undefined : this.finder.linesFrom(this.baseUrl);
  }

  /** How the current server is located: per open file, or from the listed issues after a refused search. */
  mode(): 'perFile' | 'listed' {
    return this.finder.mode(this.baseUrl);
  }

  /** The Issues view's query (undefined: the server's default), which decides which marks are drawn as the tree decides its rows. */
  query(): string | undefined {
    return this.deps.scope()?.query;
  }

  /** Marks of a document, 0-based lines, as of the last refresh. */
  marksFor(uri: vscode.Uri): PlacedMark[] {
    return this.marks.get(uri.toString()) ?? [];
  }

  /**
   * What the latest run found for an open workspace file (its search, and where the found issues'
   * latest events map), if it was made for the current server and scope; undefined while its search
   * has not finished (or nothing is chosen).
   */
  reportFor(uri: vscode.Uri): FileSearchReport | undefined {
    const scope = this.deps.scope();
    if (!this.baseUrl || !scope) return undefined;
    return this.finder.reportFor({ key: uri.toString(), relativePath: vscode.workspace.asRelativePath(uri, false) }, this.baseUrl, scope);
  }

  /** Every document's marks, as of the last refresh. */
  allMarks(): Iterable<PlacedMark[]> {
    return this.marks.values();
  }

  /** The code mappings of an issue's project, as the store knows the issue (none while signed out or nothing is chosen). */
  async codeMappingsFor(issueId: string | undefined, opts: { cachedOnly?: boolean } = {}): Promise<readonly CodeMapping[]> {
    const issue = issueId ? this.deps.store.issue(issueId) : undefined;
    const client = issue ? await this.deps.getClient() : undefined;
    const org = this.deps.scope()?.org;
    if (!client || !org || !issue) return [];
    return opts.cachedOnly ? this.codeMappings.peek(client, org, issue.project.id) : this.codeMappings.forProject(client, org, issue.project.id);
  }

  /** Every code mapping of an organization, read with the session of now (one request an hour, shared with the marks). */
  async codeMappingsOfOrg(org: string): Promise<readonly CodeMapping[]> {
    const client = await this.deps.getClient();
    return client ? this.codeMappings.forOrganization(client, org) : [];
  }

  /** The latest event's location of an issue, fetching it when unknown. */
  async locationOf(ref: IssueRef): Promise<string | null> {
    const client = await this.deps.getClient();
    if (!client) return null;
    const known = await this.finder.knownFor(client, ref, seenVersion(this.deps.store.issue(ref.issueId)));
    this.persist();
    return known?.location ?? null;
  }

  /** Recomputes all marks; concurrent calls coalesce into one more run. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.compute();
        } finally {
          if (!this.isDisposed) this.finished.fire();
        }
      } while (this.again);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * Forgets the marks and searches (sign-out); what is known of locations stays, keyed by server,
   * unless `locations` says to forget it too (every issue's line is then read again).
   */
  forget(opts: { locations?: boolean } = {}): void {
    if (opts.locations) this.cache.clear();
    this.finder.forget();
    this.marks.clear();
    this.changed.fire();
  }

  private async compute(): Promise<void> {
    const client = await this.deps.getClient();
    if (!client) {
      if (this.marks.size) this.forget();
      return;
    }
    if (this.client !== client) this.codeMappings.forget();
    this.client = client;
    this.baseUrl = client.baseUrl;
    const files = openFiles();
    // Resolving server paths needs the workspace index: built only once there is something to place.
    if (files.length || this.finder.mode(client.baseUrl) === 'listed') await this.deps.files.ready();
    try {
      const next = await this.finder.find({
        client,
        scope: this.deps.scope(),
        files,
        listed: this.deps.listed,
        previous: this.marks,
        // A busy file's marks appear as they are located (a first open may take hundreds of event requests).
        onProgress: (partial) => {
          if (this.isDisposed) return;
          this.marks = partial;
          this.changed.fire();
          // A reload during a long first run keeps what it learned so far.
          this.persist();
        },
      });
      if (!next) {
        if (this.marks.size) this.forget();
        return;
      }
      this.marks = next;
      this.changed.fire();
    } finally {
      this.persist();
      this.refreshAfterHold(client);
    }
  }

  private refreshAfterHold(client: SentryClient): void {
    const hold = this.deps.store.budget.afterHold(client);
    if (hold === undefined || hold.at === this.afterHoldAt) return;
    this.afterHoldAt = hold.at;
    this.afterHold.value = this._registerTimer(() => {
      this.afterHoldAt = undefined;
      void this.refresh();
    }, hold.delayMs);
  }

  private persist(): void {
    const changes = this.cache.takeChanges();
    if (changes && this.deps.storage && this.deps.storageKey) void this.deps.storage.update(this.deps.storageKey, changes);
  }
}

/**
 * The workspace files open in the editor's tabs (a document VS Code still holds after its tab closed
 * is not open to the user), visible ones first.
 */
function openFiles(): OpenFile[] {
  const visible = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
  const uris = new Map<string, vscode.Uri>();
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputText) uris.set(tab.input.uri.toString(), tab.input.uri);
  }
  for (const e of vscode.window.visibleTextEditors) uris.set(e.document.uri.toString(), e.document.uri);
  return [...uris.entries()]
    .filter(([, uri]) => isWorkspaceFile(uri))
    .map(([key, uri]) => ({ key, relativePath: vscode.workspace.asRelativePath(uri, false), visible: visible.has(key) }))
    .sort((a, b) => Number(b.visible) - Number(a.visible));
}

/** An open document's line (0-based) and up to CONTEXT_MAX lines each side, compacted, as a mark's baseline text. */
function lineText(file: string, line: number): ExpectedText | undefined {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file);
  if (!doc || line < 0 || line >= doc.lineCount) return undefined;
  const at = (n: number) => compactLine(doc.lineAt(n).text);
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => at(from + i));
  return { line: at(line), before: range(Math.max(0, line - CONTEXT_MAX), line), after: range(line + 1, Math.min(doc.lineCount, line + 1 + CONTEXT_MAX)) };
}
