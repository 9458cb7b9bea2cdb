/**
 * The host side of one events panel: owns the WebviewPanel, answers the page's requests with the
 * API client, keeps the loaded events of the current filters so a hidden-then-shown (or reloaded)
 * page gets them back without refetching, and performs the page's actions (open a location, copy,
 * open in browser, sign in). Page messages are untrusted input: parsed by parsePageMessage.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { presentError } from '../issues/errors';
import { SignedOutError } from '../issues/model';
import { Commands } from '../constants';
import type { AuthUi } from '../util/ui';
import { labelText, plainText, safeWebUrl } from '../util/untrusted';
import { issueHeader, toTagData } from './eventData';
import { MAX_RESTORE_CHARS, eventPage } from './eventPage';
import { makeNonce, panelHtml } from './html';
import {
  PROTOCOL_VERSION,
  encodeEvents,
  eventRequestParams,
  filtersKey,
  parsePageMessage,
  parsePanelState,
  type ErrorView,
  type EventData,
  type FrameRef,
  type HostMessage,
  type IssueHeader,
  type PageMessage,
  type PanelState,
  type RequestMessage,
  type Requests,
  type ResponseMessage,
} from './protocol';

export interface EventsPanelDeps {
  getClient: () => Promise<SentryClient | undefined>;
  log: vscode.LogOutputChannel;
  /**
   * Opens a server location (`file:line`, `file`, ...) in an editor; resolves false when it does not
   * map to a workspace file. Absent or false: the location is copied instead.
   */
  openLocation?: (location: string, frame?: FrameRef) => Promise<boolean>;
  signIn: () => Thenable<unknown>;
  /** Fires when the session changes; open panels retry what failed. */
  onDidChangeSession?: vscode.Event<unknown>;
  /** The configured server: the only origin (besides sentry.io) a link of the panel may open. Absent: the session's. */
  baseUrl?: () => string | undefined;
  /** Notifications and opening links (the registry's UiHolder, replaceable by the suites). */
  ui: () => AuthUi;
  extensionUri: vscode.Uri;
}

interface Cache {
  key: string;
  events: EventData[];
  /** Characters of `events` as JSON: the cache stops growing at MAX_RESTORE_CHARS. */
  chars: number;
  nextCursor?: string;
  hits?: number;
}

const CANCELLED: ErrorView = { message: 'Cancelled.', actions: [], kind: 'cancelled' };

export function panelKey(org: string, issueId: string): string {
  return `${org}/${issueId}`;
}

export function panelTitle(issue: IssueHeader): string {
  return `${issue.shortId ?? `Issue ${issue.id}`} · Events`;
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableFindWidget: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export class EventsPanel implements vscode.Disposable {
  private state: PanelState;
  private ready = false;
  private cache?: Cache;
  private eventsAbort?: AbortController;
  /** Tag requests on their way: the page that asked is gone once the panel hides or closes. */
  private readonly tagAborts = new Set<AbortController>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  /** Every message posted to the page (for tests and logs). */
  private readonly posted = new vscode.EventEmitter<HostMessage>();
  readonly onDidPost = this.posted.event;
  private readonly readied = new vscode.EventEmitter<void>();
  /** Fires on each ready handshake (each time the page loads). */
  readonly onDidBecomeReady = this.readied.event;
  private isDisposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    state: PanelState,
    private readonly deps: EventsPanelDeps,
  ) {
    this.state = state;
    const webview = panel.webview;
    webview.options = webviewOptions(deps.extensionUri);
    panel.title = panelTitle(state.issue);
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'sentry.svg');
    this.disposables.push(
      webview.onDidReceiveMessage((m) => void this.handle(m)),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState(() => {
        if (!panel.visible) {
          this.ready = false; // the page is torn down when hidden; it says ready again
          this.abortTags();
        }
      }),
    );
    if (deps.onDidChangeSession) {
      this.disposables.push(
        deps.onDidChangeSession(() => {
          // Another account (or none) now: nothing loaded for the previous one may be shown again.
          this.cache = undefined;
          this.eventsAbort?.abort();
          this.abortTags();
          this.post({ type: 'signedIn' });
        }),
      );
    }
    webview.html = this.html();
  }

  get key(): string {
    return panelKey(this.state.org, this.state.issueId);
  }

  get currentState(): PanelState {
    return this.state;
  }

  get isReady(): boolean {
    return this.ready;
  }

  private html(): string {
    const w = this.panel.webview;
    const u = (...p: string[]) => w.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, ...p)).toString();
    return panelHtml({ cspSource: w.cspSource, script: u('dist', 'webview.js'), css: u('media', 'webview.css'), codicons: u('dist', 'codicon.css') }, makeNonce());
  }

  reveal(column?: vscode.ViewColumn): void {
    this.panel.reveal(column);
  }

  /** Updates the header (e.g. the tree passed a newer issue). */
  setIssue(issue: IssueHeader): void {
    this.state = { ...this.state, issue: { ...this.state.issue, ...issue } };
    this.panel.title = panelTitle(this.state.issue);
    this.post({ type: 'issue', issue: this.state.issue });
  }

  private post(message: HostMessage): void {
    if (this.isDisposed) return;
    this.posted.fire(message);
    if (!this.ready && message.type !== 'init') return; // the page asks again after its handshake
    void this.panel.webview.postMessage(message).then(undefined, () => undefined);
  }

  /** Handles one message from the page (public so tests can play the page's part). */
  async handle(raw: unknown): Promise<void> {
    const msg = parsePageMessage(raw);
    if (!msg) {
      this.deps.log.warn(`[events] ignored a malformed message from the page`);
      return;
    }
    try {
      await this.dispatch(msg);
    } catch (e) {
      this.deps.log.error(`[events] ${msg.type} failed: ${(e as Error).message}`);
    }
  }

  private async dispatch(msg: PageMessage): Promise<void> {
    switch (msg.type) {
      case 'ready': {
        const saved = parsePanelState(msg.state);
        // The page's own state is the newest (its filters change without telling anyone but us).
        if (saved && saved.org === this.state.org && saved.issueId === this.state.issueId) {
          this.state = { ...saved, issue: { ...saved.issue, ...definedOnly(this.state.issue) } };
        }
        this.ready = true;
        const client = await this.deps.getClient().catch(() => undefined);
        this.post({ type: 'init', version: PROTOCOL_VERSION, state: this.state, baseUrl: client?.baseUrl });
        this.readied.fire();
        return;
      }
      case 'state':
        if (msg.state.org === this.state.org && msg.state.issueId === this.state.issueId) this.state = msg.state;
        return;
      case 'request':
        return this.answer(msg);
      case 'openLocation':
        return this.openLocation(msg.location, msg.frame);
      case 'copy':
        await this.deps.ui().writeClipboard(msg.text);
        vscode.window.setStatusBarMessage(`Copied ${msg.what ? labelText(msg.what, 200) : 'to the clipboard'}`, 3000);
        return;
      case 'action':
        return this.action(msg.action);
    }
  }

  private async action(action: string): Promise<void> {
    switch (action) {
      case 'openInBrowser': {
        // The permalink comes from the server (or the page's saved state): opened only on the server's or sentry.io's origin.
        const client = await this.deps.getClient().catch(() => undefined);
        const base = this.deps.baseUrl?.() ?? client?.baseUrl;
        const url = safeWebUrl(this.state.issue.permalink, base) ?? (client ? safeWebUrl(this.fallbackPermalink(client.baseUrl), base) : undefined);
        if (url) await this.deps.ui().openExternal(vscode.Uri.parse(url.href, true));
        else this.deps.log.warn(`[events] not opening the issue's link: it is not a web page of ${base ?? 'the server'}`);
        return;
      }
      case 'signIn':
        await this.deps.signIn();
        this.post({ type: 'signedIn' });
        return;
      case 'showLog':
        this.deps.log.show();
        return;
      case 'chooseProject':
        await vscode.commands.executeCommand(Commands.chooseProject);
        return;
      default:
        return; // retry and filter are the page's own business
    }
  }

  private fallbackPermalink(baseUrl: string): string {
    return `${baseUrl}/organizations/${encodeURIComponent(this.state.org)}/issues/${encodeURIComponent(this.state.issueId)}/`;
  }

  private async openLocation(location: string, frame?: FrameRef): Promise<void> {
    let opened = false;
    if (this.deps.openLocation) {
      try {
        opened = await this.deps.openLocation(location, frame);
      } catch (e) {
        this.deps.log.warn(`[events] opening ${location} failed: ${(e as Error).message}`);
      }
    }
    if (opened) return;
    await this.deps.ui().writeClipboard(location);
    vscode.window.setStatusBarMessage(`$(copy) ${labelText(location, 200)} is not in this workspace; copied it to the clipboard`, 5000);
  }

  private async answer(msg: RequestMessage): Promise<void> {
    try {
      const result = msg.method === 'events' ? await this.events(msg.params) : await this.tag(msg.params);
      this.post({ type: 'response', id: msg.id, method: msg.method, ok: true, result } as ResponseMessage);
    } catch (e) {
      const error = toErrorView(e);
      if (error.kind !== 'cancelled') this.deps.log.warn(`[events] ${msg.method} of issue ${this.state.issueId}: ${error.message}`);
      this.post({ type: 'response', id: msg.id, method: msg.method, ok: false, error });
    }
  }

  private async client(): Promise<SentryClient> {
    const client = await this.deps.getClient();
    if (!client) throw new SignedOutError();
    return client;
  }

  private async events(p: Requests['events']['params']): Promise<Requests['events']['result']> {
    const key = filtersKey(p.filters);
    if (p.restore && !p.cursor && this.cache?.key === key) {
      const c = this.cache;
      return { eventsJson: encodeEvents(c.events), count: c.events.length, nextCursor: c.nextCursor, hits: c.hits, restored: true };
    }
    const client = await this.client();
    let signal: AbortSignal | undefined;
    if (!p.cursor) {
      // A new first page supersedes any other first page still on its way.
      this.eventsAbort?.abort();
      this.eventsAbort = new AbortController();
      signal = this.eventsAbort.signal;
    }
    const params = eventRequestParams(p.filters, p.cursor);
    const page = await client.listIssueEvents(this.state.org, this.state.issueId, params, signal);
    // At most one page of events, each bounded, in a bounded message, whatever the server sent.
    const { events, json } = eventPage(page.items, p.filters.full);
    if (!p.cursor) this.cache = { key, events, chars: json.length, nextCursor: page.nextCursor, hits: page.hits };
    else if (this.cache?.key === key && this.cache.nextCursor === p.cursor && this.cache.chars + json.length <= MAX_RESTORE_CHARS) {
      // Past the bound the cache keeps what it has and the cursor after it: a re-shown page loads the rest again.
      const c = this.cache;
      this.cache = { key, events: c.events.concat(events), chars: c.chars + json.length, nextCursor: page.nextCursor, hits: page.hits ?? c.hits };
    }
    return { eventsJson: json, count: events.length, nextCursor: page.nextCursor, hits: page.hits };
  }

  private async tag(p: Requests['tag']['params']): Promise<Requests['tag']['result']> {
    const client = await this.client();
    const abort = new AbortController();
    this.tagAborts.add(abort);
    try {
      const environment = p.environments.length ? p.environments : undefined;
      const details = await client.getTagDetails(this.state.org, this.state.issueId, p.key, { environment, cursor: p.cursor }, abort.signal);
      return toTagData(details);
    } finally {
      this.tagAborts.delete(abort);
    }
  }

  private abortTags(): void {
    for (const a of this.tagAborts) a.abort();
    this.tagAborts.clear();
  }

  /** Re-fetches the header (no single-issue endpoint: a short-ID lookup in the issue's project). */
  async refreshHeader(): Promise<void> {
    const { org, issue } = this.state;
    if (!issue.shortId || !issue.project) return;
    try {
      const client = await this.deps.getClient();
      if (!client) return;
      const page = await client.listProjectIssues(org, issue.project, { query: issue.shortId, shortIdLookup: true, statsPeriod: '' });
      const found = page.items.find((i) => i.id === this.state.issueId);
      if (found) this.setIssue(issueHeader(found));
    } catch (e) {
      this.deps.log.info(`[events] could not refresh the header of ${issue.shortId}: ${(e as Error).message}`);
    }
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.eventsAbort?.abort();
    this.abortTags();
    this.disposed.fire();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
    this.disposed.dispose();
    this.posted.dispose();
    this.readied.dispose();
  }
}

export function toErrorView(e: unknown): ErrorView {
  if ((e as Error)?.name === 'AbortError') return CANCELLED;
  const p = presentError(e);
  const kind = (e as { kind?: unknown })?.kind;
  return { message: p.message, actions: p.actions, kind: typeof kind === 'string' ? kind : undefined };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
