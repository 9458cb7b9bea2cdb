/**
 * Opens what a Sentry link, a short ID, an event ID or an issue ID names, in the events panel, on the
 * event it names: one request to learn the issue (the issue itself, the short-ID lookup or the
 * event-ID lookup), then `sentryExplorer.showIssueEvents` read-only (a link is anyone's text: it never
 * marks the issue seen, never signs in by itself and never writes). A trace link opens on the panel's
 * Trace tab: the event it names, else the trace's error event (the trace read through its one reader). A link to another server is said,
 * with its server and organization, and nothing is sent there; a link to another organization of the
 * signed-in server offers to switch to it.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { ApiError } from '../api/errors';
import { lookupEventId, lookupShortId } from '../api/lookups';
import { getTrace } from '../api/traceEndpoints';
import type { Issue } from '../model/issue/schema';
import { CONFIG_SECTION, Commands } from '../constants';
import { actionLabel, ERROR_ACTIONS, noticeActions, pickedAction } from '../contracts/errorPresentation';
import { isSignedOut } from '../contracts/errors';
import { issueHeader } from '../contracts/fromApi';
import { refOfIssue, type IssueRef } from '../contracts/issueRef';
import { isSameServer, type LinkResource, type SentryWebLink } from '../contracts/sentryWebLink';
import type { Selection } from '../selection/resolve';
import type { UiHolder } from '../util/ui';
import { plainText } from '../util/untrusted';
import { webPageOf } from './core/webPage';
import { traceTarget } from './core/traceTarget';

/** What opening needs of the extension's shared services (handed in by activate()). */
export interface OpenTargetDeps {
  readonly auth: { readonly ready: Promise<void>; isSignedIn(): boolean; getClient(): Promise<SentryClient | undefined>; signIn(): Promise<unknown> };
  readonly selection: { readonly current: Selection; readonly ready: Promise<void>; save(selection: Selection): Promise<void> };
  /** An issue a view already showed: opened without a read. */
  readonly knownRef: (issueId: string) => IssueRef | undefined;
  readonly ui: UiHolder;
  readonly log: vscode.LogOutputChannel;
}

/** What is opened: an issue (by id or short ID, perhaps on one event), an event by its ID, a trace or a replay. */
export type OpenRequest =
  | { readonly kind: 'link'; readonly link: SentryWebLink }
  | { readonly kind: 'shortId'; readonly shortId: string }
  | { readonly kind: 'eventId'; readonly eventId: string }
  | { readonly kind: 'issueId'; readonly issueId: string };

/** The panel's options: read-only, on the event asked for (and on the Trace tab for a trace link). */
function panelOptions(event: string | undefined, tab?: 'trace'): { markSeen: false; event?: string; tab?: 'trace' } {
  return { markSeen: false, ...(event ? { event } : {}), ...(tab ? { tab } : {}) };
}

function label(req: OpenRequest): string {
  if (req.kind === 'shortId') return req.shortId;
  if (req.kind === 'eventId') return vscode.l10n.t('event {0}', req.eventId);
  if (req.kind === 'issueId') return `#${req.issueId}`;
  const r = req.link.resource;
  if (r.kind === 'issue') return r.shortId ?? `#${r.issueId}`;
  if (r.kind === 'event') return vscode.l10n.t('event {0}', r.eventId);
  return r.kind === 'trace' ? vscode.l10n.t('trace {0}', r.traceId) : vscode.l10n.t('replay {0}', r.replayId);
}

export class OpenTargets {
  /** Requests sent to learn what to open (for the figures): the panel's own reads are not counted. */
  requests = 0;

  constructor(private readonly deps: OpenTargetDeps) {}

  /** Opens what the request names; false when nothing was opened (said to the user). */
  async open(req: OpenRequest): Promise<boolean> {
    const ui = this.deps.ui.ui;
    await this.deps.auth.ready;
    if (!this.deps.auth.isSignedIn()) {
      const signIn = vscode.l10n.t('Sign In');
      const pick = await ui.showWarningMessage(vscode.l10n.t('Sign in to Sentry to open {0}.', plainText(label(req), 120)), {}, signIn);
      if (pick !== signIn) return false;
      await this.deps.auth.signIn();
      if (!this.deps.auth.isSignedIn()) return false;
    }
    const client = await this.deps.auth.getClient();
    if (!client) return false;
    await this.deps.selection.ready;
    let org: string | undefined;
    if (req.kind === 'link') {
      org = await this.orgOfLink(client, req.link);
      if (!org) return false;
    } else {
      org = this.deps.selection.current.org;
      if (!org) {
        void ui.showWarningMessage(vscode.l10n.t('Choose a Sentry project first (Sentry Explorer: Choose Project): {0} is looked up in its organization.', plainText(label(req), 120)), {});
        return false;
      }
    }
    try {
      return await this.openIn(client, org, req);
    } catch (err) {
      return this.failed(err, req, org);
    }
  }

  /**
   * The organization a link is opened in: its own, on the signed-in server; undefined when it is of
   * another server (said, nothing sent) or the user chose not to open it.
   */
  private async orgOfLink(client: SentryClient, link: SentryWebLink): Promise<string | undefined> {
    const ui = this.deps.ui.ui;
    if (!isSameServer(link, client.baseUrl)) {
      this.deps.log.info(`[openLink] a link to another server (${plainText(link.server, 200)}) was not opened: signed in to ${client.baseUrl}`);
      const settings = vscode.l10n.t('Change Server…');
      const pick = await ui.showWarningMessage(
        vscode.l10n.t(
          'This link is to organization "{0}" on {1}, and Sentry Explorer is signed in to {2}. Nothing was sent there. To open it, set sentryExplorer.baseUrl to that server and sign in there.',
          plainText(link.org, 100),
          plainText(link.server, 200),
          plainText(client.baseUrl, 200),
        ),
        {},
        settings,
      );
      if (pick === settings) await vscode.commands.executeCommand('workbench.action.openSettings', `${CONFIG_SECTION}.baseUrl`);
      return undefined;
    }
    const current = this.deps.selection.current.org;
    if (current && current !== link.org) {
      const open = vscode.l10n.t('Open It');
      const switchTo = vscode.l10n.t('Switch to "{0}"', plainText(link.org, 60));
      const pick = await ui.showWarningMessage(
        vscode.l10n.t('This link is to organization "{0}"; Sentry Explorer shows organization "{1}".', plainText(link.org, 100), plainText(current, 100)),
        {},
        open,
        switchTo,
      );
      if (pick === switchTo) await this.deps.selection.save({ org: link.org, projects: [] });
      else if (pick !== open) return undefined;
    }
    return link.org;
  }

  private async openIn(client: SentryClient, org: string, req: OpenRequest): Promise<boolean> {
    if (req.kind === 'shortId') return this.openShortId(client, org, req.shortId, undefined);
    if (req.kind === 'eventId') return this.openEventId(client, org, req.eventId);
    if (req.kind === 'issueId') return this.openIssueId(client, org, req.issueId, undefined);
    const r = req.link.resource;
    if (r.kind === 'issue') return r.shortId ? this.openShortId(client, org, r.shortId, r.eventId) : this.openIssueId(client, org, r.issueId!, r.eventId);
    if (r.kind === 'event') return this.openEventId(client, org, r.eventId);
    if (r.kind === 'trace') return this.openTrace(client, org, r);
    return this.offerBrowser(client, org, r, 'noView');
  }

  /**
   * A trace link, on the panel's Trace tab: the event it names (`?eventId=`, one request: the event-ID
   * lookup); else, or when that event is no issue's (a transaction: organization_eventid.py leaves
   * them out, a 404), the trace's error event, read through the trace reader (one request; the older
   * `events-trace/` a second, once per server), opened without another when the trace names its issue
   * and project. The trace is looked for in the link's dates when it has them (else the server's
   * default period, where an older trace is not found). A trace with no error event is said, and its
   * page offered in the browser.
   */
  private async openTrace(client: SentryClient, org: string, r: Extract<LinkResource, { kind: 'trace' }>): Promise<boolean> {
    const { traceId, eventId } = r;
    if (eventId) {
      try {
        return await this.openEventId(client, org, eventId, 'trace');
      } catch (err) {
        if (!(err instanceof ApiError && err.kind === 'notFound')) throw err;
      }
    }
    this.requests++;
    const target = traceTarget(await getTrace(client.http, org, traceId, undefined, r.when));
    if (target.kind !== 'error') return this.offerBrowser(client, org, r, target.kind);
    const ref = target.issueId && target.project ? refOfIssue(org, { id: target.issueId, project: { slug: target.project } }) : undefined;
    return ref ? this.show(ref, undefined, target.eventId, 'trace') : this.openEventId(client, org, target.eventId, 'trace');
  }

  /**
   * A trace or a replay the editor cannot show: said, with what it is, and the page offered in the
   * browser, built on the signed-in server's own web address (./core/webPage.ts), never the link's
   * text. True when the browser was opened.
   */
  private async offerBrowser(client: SentryClient, org: string, r: Extract<LinkResource, { kind: 'trace' | 'replay' }>, why: 'noView' | 'noError' | 'empty'): Promise<boolean> {
    const ui = this.deps.ui.ui;
    const page = webPageOf(client.baseUrl, org, r);
    const where = plainText(page ? new URL(page).host : client.baseUrl, 200);
    let message: string;
    if (r.kind === 'replay') {
      message = vscode.l10n.t('This link is to replay {0} in organization "{1}". Sentry Explorer does not play replays: open it on {2} in the browser.', r.replayId, plainText(org, 100), where);
    } else if (why === 'noError') {
      message = vscode.l10n.t(
        'Trace {0} in organization "{1}" has no error event of an issue this account can see, so there is no issue to open it in. Open the trace on {2} in the browser.',
        r.traceId,
        plainText(org, 100),
        where,
      );
    } else if (r.when) {
      message = vscode.l10n.t(
        'Sentry found nothing of trace {0} in organization "{1}" in the dates of the link, or this account cannot see it. Open the trace on {2} in the browser.',
        r.traceId,
        plainText(org, 100),
        where,
      );
    } else {
      message = vscode.l10n.t(
        'Sentry found nothing of trace {0} in organization "{1}" in its default period, or this account cannot see it. Open the trace on {2} in the browser.',
        r.traceId,
        plainText(org, 100),
        where,
      );
    }
    const open = vscode.l10n.t('Open in Browser');
    const pick = await ui.showInformationMessage(message, {}, ...(page ? [open] : []));
    if (pick !== open || !page) return false;
    return ui.openExternal(vscode.Uri.parse(page, true));
  }

  private async openIssueId(client: SentryClient, org: string, issueId: string, event: string | undefined): Promise<boolean> {
    const known = this.deps.knownRef(issueId);
    if (known && known.org === org) return this.show(known, undefined, event);
    this.requests++;
    const issue = await client.getIssue(org, issueId);
    return this.showIssue(org, issue, event);
  }

  private async openShortId(client: SentryClient, org: string, shortId: string, event: string | undefined): Promise<boolean> {
    this.requests++;
    const found = await lookupShortId(client, org, shortId);
    return this.showIssue(found.org, found.issue, event);
  }

  private async openEventId(client: SentryClient, org: string, eventId: string, tab?: 'trace'): Promise<boolean> {
    this.requests++;
    const found = await lookupEventId(client, org, eventId);
    const ref = refOfIssue(found.org, { id: found.issueId, project: { slug: found.project } });
    if (!ref) {
      this.deps.log.warn('[openLink] the event-ID lookup answered an issue that cannot be shown');
      return false;
    }
    return this.show(ref, undefined, found.eventId, tab);
  }

  private async showIssue(org: string, issue: Issue, event: string | undefined): Promise<boolean> {
    const ref = refOfIssue(org, issue);
    if (!ref) {
      this.deps.log.warn('[openLink] the server answered an issue that cannot be shown');
      return false;
    }
    return this.show(ref, { ...issueHeader(issue), project: { slug: ref.project } }, event);
  }

  private async show(ref: IssueRef, header: Record<string, unknown> | undefined, event: string | undefined, tab?: 'trace'): Promise<boolean> {
    const arg = header ? { type: 'issue', ...ref, issue: header } : ref;
    await vscode.commands.executeCommand(Commands.showIssueEvents, arg, panelOptions(event, tab));
    return true;
  }

  private async failed(err: unknown, req: OpenRequest, org: string): Promise<boolean> {
    const ui = this.deps.ui.ui;
    const what = plainText(label(req), 120);
    if (isSignedOut(err)) {
      const signIn = vscode.l10n.t('Sign In');
      if ((await ui.showWarningMessage(vscode.l10n.t('Sign in to Sentry again to open {0}.', what), {}, signIn)) === signIn) await this.deps.auth.signIn();
      return false;
    }
    if (err instanceof ApiError && err.kind === 'notFound') {
      void ui.showWarningMessage(vscode.l10n.t('{0} was not found in organization "{1}", or this account cannot see it.', what, plainText(org, 100)), {});
      return false;
    }
    const message = err instanceof Error ? err.message : String(err);
    this.deps.log.warn(`[openLink] could not open ${what}: ${message}`);
    const offered = noticeActions(err, false);
    const pick = pickedAction(offered, await ui.showErrorMessage(vscode.l10n.t('Could not open {0}: {1}', what, plainText(message, 500)), {}, ...offered.map(actionLabel)));
    if (pick === 'showLog') this.deps.log.show();
    else if (pick === 'signIn') await this.deps.auth.signIn();
    else if (pick) await vscode.commands.executeCommand(ERROR_ACTIONS[pick].command);
    return false;
  }
}
