/**
 * The host side of one events panel: owns the WebviewPanel and translates between the page's
 * protocol (./core/protocol/messages.ts) and the pure EventsModel (./core/eventsModel.ts), which
 * holds the cache, paging, aborts and the page's state. The header is the issue store's issue,
 * re-sent whenever the store names it. What stays here needs VS Code: posting, visibility, the
 * handshake, answering requests. A preview panel (./core/panelChoice.ts) says so in its title, takes
 * over the next issue opened as a preview (showIssue), and is kept (pin) when the user works in it.
 * A panel belongs to the server and account it was opened with (panelGuard.ts): a switch to another
 * closes it, and restored after a reload it writes nothing until its header was read again there.
 * Marking seen is ./seenMarker.ts's, the page's buttons PageActions' (pageActions.ts), the webview's
 * set-up ./panelShell.ts's. Page messages are untrusted input: parsed by parsePageMessage.
 */
import * as vscode from 'vscode';
import { isIssueRef, refKey, type IssueRef } from '../contracts/issueRef';
import { PROTOCOL_VERSION, withBinding, type HostMessage, type IssueHeader, type PageMessage, type PanelState, type RequestMessage, type Tab } from './core/protocol/messages';
import { parsePageMessage } from './core/protocol/parsePageMessage';
import { EventsModel } from './core/eventsModel';
import { Disposable } from '../util/disposable';
import { panelHeader, toTagData } from './core/eventData';
import { isEdit } from './core/panelChoice';
import { SeenMarker } from './seenMarker';
import { MAX_RESTORE_CHARS, eventPage } from './core/eventPage';
import { loadPage, panelTitle, seerSessionFor, webviewOptions, type EventsPanelDeps } from './panelShell';
import { PageActions } from './pageActions';
import { PanelGuard } from './panelGuard';
import { HeaderRefresh } from './headerRead';
import { bindingClosed, type BindingProblem, type SessionIdentity } from './core/panelBinding';
import { ProvenancePush } from './provenancePush';
import type { SeerSession } from './seerSession';
import { StoryTabs } from './storyTabs';

export class EventsPanel extends Disposable {
  private ready = false;
  /** The issue's model; a preview panel gets a new one for each issue it takes over. */
  private model: EventsModel;
  /** What the page's buttons and links ask for, on this panel's issue. */
  private readonly actions: PageActions;
  /** The server, account and organization the panel belongs to: its writes go through no other session. */
  private readonly guard: PanelGuard;
  /** Restored with another server's or account's binding than the session of now: closeIfForeign closes it. */
  private readonly foreign: BindingProblem | undefined;
  /** Reads the header again, one read at a time. */
  private readonly header: HeaderRefresh;
  /** Fired by dispose() itself, after everything else is let go (so it is not one of the owned emitters). */
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.closed.event;
  private readonly posted = this._register(new vscode.EventEmitter<HostMessage>());
  /** Every message posted to the page (for tests and logs). */
  readonly onDidPost = this.posted.event;
  private readonly readied = this._register(new vscode.EventEmitter<void>());
  /** Fires on each ready handshake (each time the page loads). */
  readonly onDidBecomeReady = this.readied.event;
  /** The Seer tab's run (seerSession.ts); the Trace, Logs, Replays and Feedback tabs (storyTabs.ts), read only when shown. */
  readonly seer: SeerSession;
  readonly story: StoryTabs;
  /** Whether "mark seen on open" was decided for this panel's issue (once the store has the issue). */
  private readonly seen: SeenMarker;
  /** The header's releases, suspect commits and owners of the event on screen. */
  private readonly provenance: ProvenancePush;
  private readonly pinned = this._register(new vscode.EventEmitter<void>());
  /** Fires when a preview panel is kept. */
  readonly onDidPin = this.pinned.event;

  /**
   * @param markSeen false when what opened the panel must not write (a `vscode://` link): then it
   * never marks the issue seen, until the user opens the issue themselves (allowMarkSeen).
   * @param preview a preview panel: the next issue opened as a preview takes it over, until pin().
   * @param restored restored by VS Code after a window reload: bound to what `state` saved, not to the session of now.
   */
  constructor(
    readonly panel: vscode.WebviewPanel,
    state: PanelState,
    private readonly deps: EventsPanelDeps,
    markSeen = true,
    private preview = false,
    restored = false,
  ) {
    super();
    this.seen = this._register(
      new SeenMarker(markSeen, {
        issue: () => deps.store.issue(this.model.issue.issueId),
        ref: () => this.ref,
        refused: (org) => !!this.guard.refusal(org),
        log: deps.log,
      }),
    );
    this.model = this.newModel(state);
    this.guard = new PanelGuard(deps.identity);
    this.header = new HeaderRefresh(deps, this.guard);
    if (restored) this.foreign = this.guard.restore(state.binding, this.model.issue.org);
    else this.guard.bind(this.model.issue.org);
    this.syncBinding(false);
    const model = () => this.model;
    this.actions = new PageActions(deps, {
      get model() {
        return model();
      },
      ref: () => this.ref,
      post: (m) => this.post(m),
      writeRefusal: () => this.writeRefusal(),
    });
    this.provenance = new ProvenancePush(
      { provenance: deps.provenance, openCommit: deps.openCommit, log: deps.log },
      {
        get model() {
          return model();
        },
        ref: () => this.ref,
        post: (m) => this.post(m),
      },
    );
    this.seer = this._register(
      seerSessionFor(deps, {
        target: () => this.model,
        writeRefusal: () => this.writeRefusal(),
        openIssuePage: () => this.actions.action('openInBrowser'),
        post: (m) => this.post(m),
      }),
    );
    this.story = this._register(new StoryTabs(deps, panel, { target: () => this.model, post: (m) => this.post(m), openLocation: (l, f) => this.actions.openLocation(l, f) }));
    this.takeStoreIssue(false);
    const webview = panel.webview;
    webview.options = webviewOptions(deps.extensionUri);
    panel.title = panelTitle(this.model.state.issue, preview);
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
        this.seen.tryMark();
      }),
    );
    if (deps.onDidChangeSession) {
      this._register(
        deps.onDidChangeSession(() => {
          // Another server or account: the panel's issue is not one of theirs, and nothing of it may be written there.
          const problem = this.guard.sessionChanged(this.model.issue.org);
          if (problem) return this.closeAfterSwitch(problem);
          this.syncBinding(true);
          if (this.guard.awaitingRead) void this.refreshHeader();
          // Signed out, or in again: nothing loaded before may be shown again.
          this.model.reset();
          this.post({ type: 'signedIn' });
        }),
      );
    }
    if (deps.aiChat) {
      const aiChat = deps.aiChat;
      this._register(aiChat.onDidChange(() => this.post({ type: 'ai', available: aiChat.available() })));
    }
    this.load();
    this.seen.opened(markSeen, preview);
  }

  /** Why a write must not go through the session of now; a restored panel still unconfirmed asks for its header again meanwhile. */
  private writeRefusal(): string | undefined {
    const refusal = this.guard.refusal(this.model.issue.org);
    if (refusal && this.guard.awaitingRead) void this.refreshHeader();
    return refusal;
  }

  /** The binding as the page saves it, after the guard's changed (`post`: tell a loaded page). */
  private syncBinding(post: boolean): void {
    const b = this.guard.binding;
    const saved = b && { baseUrl: b.baseUrl, account: b.account, org: b.org };
    if (JSON.stringify(saved) === JSON.stringify(this.model.state.binding)) return;
    this.model.setBinding(saved);
    if (post) this.post({ type: 'binding', ...withBinding(saved) });
  }

  /** A whole event this panel opened, if it shows `issueId` of `org` for `who` (the debugger's session); never a request. */
  loadedEvent(who: SessionIdentity, org: string, issueId: string, eventId: string): unknown {
    return this.model.issue.issueId === issueId && this.guard.holds(who, org) ? this.model.eventDetails.opened(eventId)?.raw : undefined;
  }

  /** A restored panel saved with another server or account than the session of now: closed, saying so. */
  closeIfForeign(): boolean {
    if (!this.foreign || this.isDisposed) return false;
    this.closeAfterSwitch(this.foreign);
    return true;
  }

  /** The user opened this panel's issue again: a restored panel not confirmed yet belongs to the session of now from then on. */
  openedAgain(): void {
    if (!this.guard.unconfirmed) return;
    this.guard.bind(this.model.issue.org);
    this.syncBinding(true);
  }

  private closeAfterSwitch(problem: BindingProblem): void {
    const { issue } = this.model.state;
    this.deps.log.info(`[events] closing the panel of issue ${issue.id}: the session is now another ${problem === 'server' ? 'server' : 'account'}'s`);
    void this.deps.ui().showWarningMessage(bindingClosed(issue.shortId ?? issue.id, this.guard.binding, problem, this.guard.now()), {});
    this.dispose();
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
  get isPreview(): boolean {
    return this.preview;
  }

  private newModel(state: PanelState): EventsModel {
    return this._register(
      new EventsModel(state, { getClient: this.deps.getClient, convert: eventPage, tagData: toTagData, maxCacheChars: MAX_RESTORE_CHARS, state, eventText: this.deps.store.eventText }),
    );
  }

  /** Keeps a preview panel: no later issue takes it over. */
  pin(): void {
    if (!this.preview || this.isDisposed) return;
    this.preview = false;
    this.panel.title = panelTitle(this.model.state.issue);
    this.pinned.fire();
  }

  /**
   * The preview panel shows another issue: what was loaded or on its way for the previous one is let
   * go (its model disposed: its requests abort), and the page starts over on the new issue, at once
   * by a message when it is loaded, else loaded again with the new issue's first state. `markSeen`
   * as for a new panel.
   */
  showIssue(state: PanelState, markSeen: boolean): void {
    if (this.isDisposed) return;
    const old = this.model;
    this.model = this.newModel(state);
    this.guard.bind(this.model.issue.org);
    this.syncBinding(false);
    this._unregister(old);
    old.dispose();
    this.provenance.reset();
    this.takeStoreIssue(false);
    this.panel.title = panelTitle(this.model.state.issue, this.preview);
    if (this.ready) void this.sendInit();
    else this.load();
    this.seen.opened(markSeen, this.preview);
  }

  /** The panel's issue as commands take it: the store's (its own project), else the header's project; undefined without a project. */
  get ref(): IssueRef | undefined {
    const { org, issueId } = this.model.issue;
    const known = this.deps.store.ref(issueId);
    if (known && known.org === org) return known;
    const ref = { org, project: this.model.state.issue.project, issueId };
    return isIssueRef(ref) ? ref : undefined;
  }

  /** The user opened this panel's issue themselves (the tree, a lens): mark it seen, if it was not decided yet. */
  allowMarkSeen(): void {
    this.seen.allow();
  }

  /** The page, with the state to draw as soon as it runs (./panelShell.ts). */
  private load(): void {
    loadPage(this.panel.webview, this.deps.extensionUri, this.model.state, (m) => this.post(m));
  }

  reveal(column?: vscode.ViewColumn): void {
    this.panel.reveal(column);
  }

  /**
   * Shows a tab (a hover's link to the Logs tab, a trace link's Trace tab), on `event` when one is
   * named: a loaded page switches as a click would; one not loaded (hidden) opens there from its state.
   */
  showTab(tab: Tab, event?: string): void {
    if (this.isDisposed) return;
    this.model.pageState({ ...this.model.state, tab, ...(event ? { event } : {}) });
    this.post({ type: 'show', tab, ...(event ? { event } : {}) });
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
    this.model.setHeader(panelHeader(issue));
    if (show) this.showHeader();
  }

  private showHeader(): void {
    if (this.isDisposed) return;
    this.panel.title = panelTitle(this.model.state.issue, this.preview);
    this.post({ type: 'issue', issue: this.model.state.issue });
  }

  private post(message: HostMessage): void {
    if (this.isDisposed) return;
    this.posted.fire(message);
    if (!this.ready && message.type !== 'init' && message.type !== 'boot') return; // the page asks again after its handshake
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
        this.model.pageReady(msg.state);
        this.ready = true;
        this.provenance.pageLoaded();
        await this.sendInit();
        this.readied.fire();
        return;
      }
      case 'state': {
        const before = this.model.state;
        if (this.model.pageState(msg.state) && isEdit(before, msg.state)) this.pin();
        return;
      }
      case 'request':
        if (msg.method === 'reveal') this.pin();
        return this.answer(msg);
      case 'triage':
        this.pin();
        return this.actions.triage(msg.command);
      case 'openCommit':
        return this.provenance.openCommit(msg.eventId, msg.commitId);
      case 'seer':
        if (msg.action !== 'open' && msg.action !== 'refresh') this.pin();
        return this.seer.handle(msg);
      default: // the story tabs' (Trace, Logs, Replays, Feedback), else the page's buttons
        return msg.type === 'trace' || msg.type === 'logs' || msg.type === 'replays' || msg.type === 'feedback' ? this.story.handle(msg) : this.actions.handle(msg);
    }
  }

  /** The page's state (of the issue shown now: it may change while the client is made). */
  private async sendInit(): Promise<void> {
    const client = await this.deps.getClient().catch(() => undefined);
    this.post({ type: 'init', version: PROTOCOL_VERSION, state: this.model.state, baseUrl: client?.baseUrl, ai: this.deps.aiChat?.available() ?? false });
  }

  private async answer(msg: RequestMessage): Promise<void> {
    const model = this.model;
    const response = await model.answer(msg);
    // The panel took over another issue meanwhile: the page has forgotten the question.
    if (model !== this.model) return;
    if (!response.ok && response.error.kind !== 'cancelled') {
      this.deps.log.warn(`[events] ${msg.method} of issue ${model.issue.issueId}: ${response.error.message}`);
    }
    this.post(response);
    this.provenance.afterResponse(msg, response);
  }

  /** Reads the header again (headerRead.ts): for a restored panel, the read that confirms it. One at a time. */
  refreshHeader(): Promise<void> {
    const model = this.model;
    const target = { ...model.issue, shortId: model.state.issue.shortId, project: model.state.issue.project };
    return this.header.refresh(target, { current: () => model === this.model, found: () => this.takeStoreIssue(true) });
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
