/**
 * The host side of one events panel: owns the WebviewPanel and translates between the page's
 * protocol (src/eventsPanel/protocol/messages.ts) and the pure EventsModel (src/eventsPanel/model/eventsModel.ts),
 * which holds the cache, paging, aborts and the page's state. The header is the issue store's
 * issue, re-sent whenever the store names it. What stays here is what needs VS Code: posting,
 * visibility, opening links and locations, the clipboard, sign-in, running the triage and AI
 * commands of the header's buttons on the panel's own issue, and marking the issue seen when the
 * panel opens (setting markSeenOnOpen). Page messages are untrusted input: parsed by parsePageMessage.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../../api/client';
import { readEventsPanelConfig } from '../../config';
import { Commands } from '../../constants';
import { commandArgs, isIssueRef, refKey, type CommandId, type IssueRef } from '../../contracts/issueRef';
import {
  PROTOCOL_VERSION,
  type FrameRef,
  type HandOffKind,
  type HostMessage,
  type IssueHeader,
  type PageMessage,
  type PanelState,
  type RequestMessage,
  type TriageCommand,
} from '../protocol/messages';
import { parsePageMessage } from '../protocol/parsePageMessage';
import type { IssueStore } from '../../store/issueStore';
import { EventsModel } from '../model/eventsModel';
import type { OpenedEvent } from '../model/eventCache';
import { Disposable } from '../../util/disposable';
import type { AuthUi } from '../../util/ui';
import { labelText, safeWebUrl } from '../../util/untrusted';
import { issueHeader, toTagData } from '../model/eventData';
import { MAX_RESTORE_CHARS, eventPage } from '../model/eventPage';
import { makeNonce, panelHtml } from '../model/pageHtml';
import type { RawEventDocuments } from './rawEventDocuments';
import { eventMarkdown } from '../../sentryEvent/markdown';
import { maskedEventJson } from '../../sentryEvent/rawJson';
import { readSettings } from '../../settings';

export interface EventsPanelDeps {
  getClient: () => Promise<SentryClient | undefined>;
  /** The one issue store: the header is `store.issue(id)`, refreshed with `lookupShortId`. */
  store: IssueStore;
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
  /** The read-only tabs of "Open raw JSON". */
  rawDocuments: Pick<RawEventDocuments, 'show'>;
}

/** The command each triage button of the page runs: a fixed list, so the page can run nothing else. */
export const TRIAGE_COMMAND_IDS: Readonly<Record<TriageCommand, CommandId>> = {
  resolve: Commands.resolve,
  resolveIn: Commands.resolveIn,
  archive: Commands.archive,
  unresolve: Commands.unresolve,
  assign: Commands.assign,
  bookmark: Commands.bookmark,
  unbookmark: Commands.unbookmark,
};

/** The command each AI button of the page runs: only these two, whatever the page sends. */
export const HAND_OFF_COMMAND_IDS: Readonly<Record<HandOffKind, CommandId>> = {
  explain: Commands.explainWithAI,
  fix: Commands.fixWithAI,
};

export function panelTitle(issue: IssueHeader): string {
  return issue.shortId !== undefined ? vscode.l10n.t('{0} · Events', issue.shortId) : vscode.l10n.t('Issue {0} · Events', issue.id);
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableFindWidget: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export class EventsPanel extends Disposable {
  private ready = false;
  private readonly model: EventsModel;
  /** Fired by dispose() itself, after everything else is let go (so it is not one of the owned emitters). */
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.closed.event;
  /** Every message posted to the page (for tests and logs). */
  private readonly posted = this._register(new vscode.EventEmitter<HostMessage>());
  readonly onDidPost = this.posted.event;
  private readonly readied = this._register(new vscode.EventEmitter<void>());
  /** Fires on each ready handshake (each time the page loads). */
  readonly onDidBecomeReady = this.readied.event;
  /** Whether "mark seen on open" was decided for this panel's issue (once the store has the issue). */
  private seenDecided = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    state: PanelState,
    private readonly deps: EventsPanelDeps,
  ) {
    super();
    this.model = this._register(new EventsModel(state, { getClient: deps.getClient, convert: eventPage, tagData: toTagData, maxCacheChars: MAX_RESTORE_CHARS, state }));
    this.takeStoreIssue(false);
    const webview = panel.webview;
    webview.options = webviewOptions(deps.extensionUri);
    panel.title = panelTitle(this.model.state.issue);
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'sentry.svg');
    this._register(webview.onDidReceiveMessage((m) => void this.handle(m)));
    this._register(panel.onDidDispose(() => this.dispose()));
    this._register(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) {
          this.ready = false; // the page is torn down when hidden; it says ready again
          this.model.abortTags();
        }
      }),
    );
    // A later write to the issue (a refresh of the tree, triage) shows in the header at once.
    this._register(
      deps.store.onDidChange(({ issues }) => {
        if (!issues.includes(this.model.issue.issueId)) return;
        this.takeStoreIssue(true);
        this.markSeenOnce();
      }),
    );
    if (deps.onDidChangeSession) {
      this._register(
        deps.onDidChangeSession(() => {
          // Another account (or none) now: nothing loaded for the previous one may be shown again.
          this.model.reset();
          this.post({ type: 'signedIn' });
        }),
      );
    }
    webview.html = this.html();
    this.markSeenOnce();
  }

  /** One key per issue of a server: the registry's. */
  get key(): string {
    return refKey(this.model.issue);
  }

  get currentState(): PanelState {
    return this.model.state;
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** The panel's issue as commands take it: the store's (its own project), else the header's project; undefined without a project. */
  get ref(): IssueRef | undefined {
    const { org, issueId } = this.model.issue;
    const known = this.deps.store.ref(issueId);
    if (known && known.org === org) return known;
    const ref = { org, project: this.model.state.issue.project, issueId };
    return isIssueRef(ref) ? ref : undefined;
  }

  /**
   * Marks the issue seen for the user (setting markSeenOnOpen) the first time the store has it:
   * at once when the panel opens on a known issue, else when a lookup brings it. Decided once per
   * panel, so a refresh never sends it again. Not awaited; a failure shows nothing (the command logs).
   */
  private markSeenOnce(): void {
    if (this.seenDecided || this.isDisposed) return;
    const issue = this.deps.store.issue(this.model.issue.issueId);
    if (!issue) return;
    this.seenDecided = true;
    if (issue.hasSeen === true || !readSettings(readEventsPanelConfig).markSeenOnOpen) return;
    const ref = this.ref;
    if (!ref) return;
    vscode.commands
      .executeCommand(Commands.markSeen, ...commandArgs(ref))
      .then(undefined, (e: unknown) => this.deps.log.debug(`[events] mark seen of issue ${ref.issueId}: ${(e as Error)?.message ?? String(e)}`));
  }

  private html(): string {
    const w = this.panel.webview;
    const u = (...p: string[]) => w.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, ...p)).toString();
    return panelHtml({ cspSource: w.cspSource, script: u('dist', 'webview.js'), css: u('media', 'webview.css'), codicons: u('dist', 'codicon.css') }, makeNonce(), {
      bundle: vscode.l10n.bundle,
      language: vscode.env.language,
    });
  }

  reveal(column?: vscode.ViewColumn): void {
    this.panel.reveal(column);
  }

  /** Header fields known elsewhere (a command's seed, a test's): over what the header holds, under the store's. */
  setIssue(issue: IssueHeader): void {
    this.model.setHeader(issue);
    this.takeStoreIssue(false);
    this.showHeader();
  }

  /** The store's issue, when it has it, over the header. */
  private takeStoreIssue(show: boolean): void {
    const issue = this.deps.store.issue(this.model.issue.issueId);
    if (!issue) return;
    this.model.setHeader(issueHeader(issue));
    if (show) this.showHeader();
  }

  private showHeader(): void {
    if (this.isDisposed) return;
    this.panel.title = panelTitle(this.model.state.issue);
    this.post({ type: 'issue', issue: this.model.state.issue });
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
        const state = this.model.pageReady(msg.state);
        this.ready = true;
        const client = await this.deps.getClient().catch(() => undefined);
        this.post({ type: 'init', version: PROTOCOL_VERSION, state, baseUrl: client?.baseUrl });
        this.readied.fire();
        return;
      }
      case 'state':
        this.model.pageState(msg.state);
        return;
      case 'request':
        return this.answer(msg);
      case 'openLocation':
        return this.openLocation(msg.location, msg.frame);
      case 'copy':
        await this.deps.ui().writeClipboard(msg.text);
        vscode.window.setStatusBarMessage(msg.what ? vscode.l10n.t('Copied {0}', labelText(msg.what, 200)) : vscode.l10n.t('Copied to the clipboard'), 3000);
        return;
      case 'action':
        return this.action(msg.action);
      case 'triage':
        return this.triage(msg.command);
      case 'handOff':
        return this.handOff(msg.kind);
      case 'copyEvent':
        return this.copyEvent(msg.eventId, msg.format);
      case 'openRawEvent':
        return this.openRawEvent(msg.eventId);
    }
  }

  /** Copy as Markdown / Copy JSON of an event the page was sent: masked, built here from what the model holds. */
  private async copyEvent(eventId: string, format: 'markdown' | 'json'): Promise<void> {
    const opened = this.openedEvent(eventId);
    if (!opened) return;
    let text: string;
    if (format === 'json') text = maskedEventJson(opened.raw).json;
    else {
      const { url } = await this.issueWebPage(false);
      text = eventMarkdown(this.model.state.issue, opened.detail, { link: url?.href });
    }
    await this.deps.ui().writeClipboard(text);
    const masked = opened.detail.maskedCount;
    const said =
      format === 'json'
        ? masked
          ? vscode.l10n.t('Copied event JSON ({0} secret values masked)', masked)
          : vscode.l10n.t('Copied event JSON')
        : masked
          ? vscode.l10n.t('Copied the event as Markdown ({0} secret values masked)', masked)
          : vscode.l10n.t('Copied the event as Markdown');
    vscode.window.setStatusBarMessage(`$(copy) ${said}`, 4000);
  }

  private async openRawEvent(eventId: string): Promise<void> {
    const opened = this.openedEvent(eventId);
    if (!opened) return;
    const { json, cut } = maskedEventJson(opened.raw);
    const shortId = this.model.state.issue.shortId;
    // The tab's name is made of checked parts only: a short ID is letters, digits and dashes.
    const name = `${shortId && /^[A-Za-z0-9-]{1,100}$/.test(shortId) ? shortId : `issue-${this.model.issue.issueId}`}-${eventId.toLowerCase()}`;
    await this.deps.rawDocuments.show(name, json);
    if (cut) vscode.window.setStatusBarMessage(vscode.l10n.t('The event was too large to show whole; its JSON was cut'), 5000);
  }

  private openedEvent(eventId: string): OpenedEvent | undefined {
    const opened = this.model.eventDetails.opened(eventId);
    if (!opened) void this.deps.ui().showWarningMessage(vscode.l10n.t('That event is no longer loaded in this panel. Open it again in the Event tab, then try again.'), {});
    return opened;
  }

  /** A triage button: the command runs on this panel's issue (the page names no issue); it asks and reports on its own. */
  private async triage(command: TriageCommand): Promise<void> {
    const ref = this.ref;
    if (!ref) {
      this.deps.log.warn(`[events] cannot ${command} issue ${this.model.issue.issueId}: its project is not known yet`);
      return;
    }
    await vscode.commands.executeCommand(TRIAGE_COMMAND_IDS[command], ...commandArgs(ref));
  }

  /** An AI button: Explain or Fix with AI on this panel's issue (the page names no issue). */
  private async handOff(kind: HandOffKind): Promise<void> {
    const ref = this.ref;
    if (!ref) {
      this.deps.log.warn(`[events] cannot hand issue ${this.model.issue.issueId} to AI (${kind}): its project is not known yet`);
      return;
    }
    try {
      await vscode.commands.executeCommand(HAND_OFF_COMMAND_IDS[kind], ...commandArgs(ref));
    } catch (e) {
      this.deps.log.error(`[events] ${kind} with AI of issue ${ref.issueId} failed: ${(e as Error)?.message ?? String(e)}`);
    }
  }

  private async answer(msg: RequestMessage): Promise<void> {
    const response = await this.model.answer(msg);
    if (!response.ok && response.error.kind !== 'cancelled') {
      this.deps.log.warn(`[events] ${msg.method} of issue ${this.model.issue.issueId}: ${response.error.message}`);
    }
    this.post(response);
  }

  /**
   * The issue's web page, for Open in Browser and the Markdown's link. The permalink comes from the
   * server (or the page's saved state): kept only on the server's or sentry.io's origin; `fallback`:
   * else the page made from the server's own address.
   */
  private async issueWebPage(fallback: boolean): Promise<{ url?: URL; base?: string }> {
    const client = await this.deps.getClient().catch(() => undefined);
    const base = this.deps.baseUrl?.() ?? client?.baseUrl;
    const url = safeWebUrl(this.model.state.issue.permalink, base) ?? (fallback && client ? safeWebUrl(this.model.fallbackPermalink(client.baseUrl), base) : undefined);
    return { url, base };
  }

  private async action(action: string): Promise<void> {
    switch (action) {
      case 'openInBrowser': {
        const { url, base } = await this.issueWebPage(true);
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
    vscode.window.setStatusBarMessage(`$(copy) ${vscode.l10n.t('{0} is not in this workspace; copied it to the clipboard', labelText(location, 200))}`, 5000);
  }

  /**
   * Asks the store for the issue again (no single-issue endpoint: a short-ID lookup in the issue's
   * project); the store's change event brings it to the header.
   */
  async refreshHeader(): Promise<void> {
    const { org, issueId } = this.model.issue;
    const { shortId, project } = this.model.state.issue;
    if (!shortId || !project) return;
    try {
      const found = await this.deps.store.lookupShortId(org, project, shortId);
      if (found?.id === issueId) this.takeStoreIssue(true);
    } catch (e) {
      this.deps.log.info(`[events] could not refresh the header of ${shortId}: ${(e as Error).message}`);
    }
  }

  override dispose(): void {
    if (this.isDisposed) return;
    // The model aborts what is on its way; the listeners and emitters go with it.
    super.dispose();
    this.closed.fire();
    this.closed.dispose();
    this.panel.dispose();
  }
}
