/**
 * What the buttons and links of an events page ask the host to do, each on the panel's own issue:
 * copy a text or an event (as Markdown or masked JSON), open an event's raw JSON, open a location or
 * the issue's web page, sign in, run a triage or AI command. The page names only which action; the
 * commands come from fixed tables here, so a page can run nothing else; the triage and AI ones only
 * through the session the panel was opened with (its target's writeRefusal). Glue (it needs VS Code); the
 * panel (panel.ts) owns the WebviewPanel and hands each checked message to PageActions.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { Commands } from '../constants';
import { commandArgs, type CommandId, type IssueRef } from '../contracts/issueRef';
import type { FrameRef, HandOffKind, HostMessage, PageMessage, TriageCommand } from './core/protocol/messages';
import type { EventsModel } from './core/eventsModel';
import type { OpenedEvent } from './core/eventCache';
import type { AuthUi } from '../util/ui';
import { labelText, safeWebUrl } from '../util/untrusted';
import type { RawEventDocuments } from './rawEventDocuments';
import type { OpenLocation } from '../store/locationOpener';
import type { SessionIdentity } from './core/panelBinding';
import { eventMarkdown } from '../model/event/markdown';
import { maskedEventJson } from '../model/event/rawJson';

/** What the page's actions need of the extension; the panel's own deps add to these. */
export interface PageActionDeps {
  getClient: () => Promise<SentryClient | undefined>;
  log: vscode.LogOutputChannel;
  /**
   * Opens a server location (`file:line`, `file`, ...) in an editor; resolves false when it does not
   * map to a workspace file. Absent or false: the location is copied instead.
   */
  openLocation?: OpenLocation;
  signIn: () => Thenable<unknown>;
  /** The configured server: the only origin (besides sentry.io) a link of the panel may open. Absent: the session's. */
  baseUrl?: () => string | undefined;
  /** Notifications and opening links (the registry's UiHolder, replaceable by the suites). */
  ui: () => AuthUi;
  /** The read-only tabs of "Open raw JSON". */
  rawDocuments: Pick<RawEventDocuments, 'show'>;
  /** Who is signed in now, to which server: what a panel is bound to (panelGuard.ts). Absent: panels are bound to nothing and refuse nothing. */
  identity?: () => SessionIdentity | undefined;
}

/** The page's messages PageActions answers alone (the panel's dispatch hands them on as they come). */
export type ButtonMessage = Extract<PageMessage, { type: 'openLocation' | 'copy' | 'action' | 'handOff' | 'debugEvent' | 'copyEvent' | 'openRawEvent' }>;

/** The panel an action works for: its model (the events it holds, its header), its issue, its page. */
export interface ActionTarget {
  readonly model: EventsModel;
  /** The panel's issue as commands take it; undefined while its project is not known. */
  ref(): IssueRef | undefined;
  post(message: HostMessage): void;
  /** Why a write on the panel's issue must not go through the session of now (another server or account), or undefined. */
  writeRefusal(): string | undefined;
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

export class PageActions {
  constructor(
    private readonly deps: PageActionDeps,
    private readonly target: ActionTarget,
  ) {}

  /** One checked message of the page's buttons. */
  handle(msg: ButtonMessage): Promise<void> {
    switch (msg.type) {
      case 'openLocation':
        return this.openLocation(msg.location, msg.frame);
      case 'copy':
        return this.copy(msg.text, msg.what);
      case 'action':
        return this.action(msg.action);
      case 'handOff':
        return this.handOff(msg.kind);
      case 'debugEvent':
        return this.debugEvent(msg.eventId);
      case 'copyEvent':
        return this.copyEvent(msg.eventId, msg.format);
      case 'openRawEvent':
        return this.openRawEvent(msg.eventId);
    }
  }

  /** Copy of a text the page shows (a location, a value): `what` names it in the status bar. */
  async copy(text: string, what?: string): Promise<void> {
    await this.deps.ui().writeClipboard(text);
    vscode.window.setStatusBarMessage(what ? vscode.l10n.t('Copied {0}', labelText(what, 200)) : vscode.l10n.t('Copied to the clipboard'), 3000);
  }

  /** Copy as Markdown / Copy JSON of an event the page was sent: masked, built here from what the model holds. */
  async copyEvent(eventId: string, format: 'markdown' | 'json'): Promise<void> {
    const opened = this.openedEvent(eventId);
    if (!opened) return;
    let text: string;
    if (format === 'json') text = maskedEventJson(opened.raw).json;
    else {
      const { url } = await this.issueWebPage(false);
      text = eventMarkdown(this.target.model.state.issue, opened.detail, { link: url?.href });
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

  async openRawEvent(eventId: string): Promise<void> {
    const opened = this.openedEvent(eventId);
    if (!opened) return;
    const { json, cut } = maskedEventJson(opened.raw);
    const shortId = this.target.model.state.issue.shortId;
    // The tab's name is made of checked parts only: a short ID is letters, digits and dashes.
    const name = `${shortId && /^[A-Za-z0-9-]{1,100}$/.test(shortId) ? shortId : `issue-${this.target.model.issue.issueId}`}-${eventId.toLowerCase()}`;
    await this.deps.rawDocuments.show(name, json);
    if (cut) vscode.window.setStatusBarMessage(vscode.l10n.t('The event was too large to show whole; its JSON was cut'), 5000);
  }

  private openedEvent(eventId: string): OpenedEvent | undefined {
    const opened = this.target.model.eventDetails.opened(eventId);
    if (!opened) void this.deps.ui().showWarningMessage(vscode.l10n.t('That event is no longer loaded in this panel. Open it again in the Event tab, then try again.'), {});
    return opened;
  }

  /** A triage button: the command runs on this panel's issue (the page names no issue); it asks and reports on its own. */
  async triage(command: TriageCommand): Promise<void> {
    const ref = this.target.ref();
    if (!ref) {
      this.deps.log.warn(`[events] cannot ${command} issue ${this.target.model.issue.issueId}: its project is not known yet`);
      return;
    }
    if (this.refused(command)) return;
    await vscode.commands.executeCommand(TRIAGE_COMMAND_IDS[command], ...commandArgs(ref));
  }

  /** Says why, when the session of now is not the panel's: the command would write to whatever issue has this id there. */
  private refused(what: string): boolean {
    const refusal = this.target.writeRefusal();
    if (!refusal) return false;
    this.deps.log.warn(`[events] refused ${what} of issue ${this.target.model.issue.issueId}: the panel belongs to another server or account than the session of now`);
    void this.deps.ui().showWarningMessage(refusal, {});
    return true;
  }

  /** An AI button: Explain or Fix with AI on this panel's issue (the page names no issue). */
  async handOff(kind: HandOffKind): Promise<void> {
    const ref = this.target.ref();
    if (!ref) {
      this.deps.log.warn(`[events] cannot hand issue ${this.target.model.issue.issueId} to AI (${kind}): its project is not known yet`);
      return;
    }
    // Not a write, but it reads the issue through the session of now: another issue on another server.
    if (this.refused(`${kind} with AI`)) return;
    try {
      await vscode.commands.executeCommand(HAND_OFF_COMMAND_IDS[kind], ...commandArgs(ref));
    } catch (e) {
      this.deps.log.error(`[events] ${kind} with AI of issue ${ref.issueId} failed: ${(e as Error)?.message ?? String(e)}`);
    }
  }

  /**
   * Debug This Event: the event on screen (`eventId`, which this panel holds, so the debugger reads it
   * with no request), else the issue's latest, in VS Code's debugger. The page names only the event.
   */
  async debugEvent(eventId: string | undefined): Promise<void> {
    const ref = this.target.ref();
    if (!ref) {
      this.deps.log.warn(`[events] cannot debug an event of issue ${this.target.model.issue.issueId}: its project is not known yet`);
      return;
    }
    // It reads the event through the session of now: on another server it would be another issue's.
    if (this.refused('debug an event')) return;
    const [arg] = commandArgs(ref);
    await vscode.commands.executeCommand(Commands.debugEvent, eventId ? { ...arg, eventId } : arg);
  }

  /**
   * The issue's web page, for Open in Browser and the Markdown's link. The permalink comes from the
   * server (or the page's saved state): kept only on the server's or sentry.io's origin; `fallback`:
   * else the page made from the server's own address.
   */
  private async issueWebPage(fallback: boolean): Promise<{ url?: URL; base?: string }> {
    const client = await this.deps.getClient().catch(() => undefined);
    const base = this.deps.baseUrl?.() ?? client?.baseUrl;
    const url = safeWebUrl(this.target.model.state.issue.permalink, base) ?? (fallback && client ? safeWebUrl(this.target.model.fallbackPermalink(client.baseUrl), base) : undefined);
    return { url, base };
  }

  async action(action: string): Promise<void> {
    switch (action) {
      case 'openInBrowser': {
        const { url, base } = await this.issueWebPage(true);
        if (url) await this.deps.ui().openExternal(vscode.Uri.parse(url.href, true));
        else this.deps.log.warn(`[events] not opening the issue's link: it is not a web page of ${base ?? 'the server'}`);
        return;
      }
      case 'signIn':
        await this.deps.signIn();
        this.target.post({ type: 'signedIn' });
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

  async openLocation(location: string, frame?: FrameRef): Promise<void> {
    let opened = false;
    if (this.deps.openLocation) {
      try {
        // The project's code mappings apply: the issue is the panel's own, never one the page names.
        opened = await this.deps.openLocation(location, frame && { ...frame, issueId: this.target.model.issue.issueId });
      } catch (e) {
        this.deps.log.warn(`[events] opening ${location} failed: ${(e as Error).message}`);
      }
    }
    if (opened) return;
    await this.deps.ui().writeClipboard(location);
    vscode.window.setStatusBarMessage(`$(copy) ${vscode.l10n.t('{0} is not in this workspace; copied it to the clipboard', labelText(location, 200))}`, 5000);
  }
}
