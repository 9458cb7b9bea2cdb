/**
 * Links from the web into VS Code, the glue: the `/issue` route of the extension's UriHandler
 * (SentryAuth.uris) opens an issue's events panel, and `sentryExplorer.copyVSCodeLink` copies the
 * link to an issue. Reading and building a link is ./core/issueLink.ts. A link is anyone's text, so
 * the route only reads (see openIssueLink).
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Issue } from '../model/issue/schema';
import { Commands } from '../constants';
import { actionLabel, ERROR_ACTIONS, noticeActions, pickedAction } from '../contracts/errorPresentation';
import { isSignedOut } from '../contracts/errors';
import { issueHeader } from '../contracts/fromApi';
import { isSlug, parseIssueRef, refOfIssue, type IssueRef } from '../contracts/issueRef';
import type { IssueStore } from '../store/issueStore';
import type { AuthUi, UiHolder } from '../util/ui';
import { labelText, plainText } from '../util/untrusted';
import { ISSUE_LINK_PATH, issueLinkUrl, parseIssueLink, parseWebLinkQuery, targetLabel, type IssueLinkTarget } from './core/issueLink';

export interface IssueLinkDeps {
  /** Sign-in: its UriHandler (where the route is registered) and its UI (every message, and Copy Link's clipboard). */
  readonly auth: {
    readonly uris: { route(path: string, handler: (uri: vscode.Uri) => void | Promise<void>): vscode.Disposable };
    readonly ui: UiHolder;
    readonly ready: Promise<void>;
    isSignedIn(): boolean;
    getClient(): Promise<SentryClient | undefined>;
    signIn(): Promise<unknown>;
  };
  /** Read only: a known issue's project and short ID, and the issue list endpoint a server answers. */
  readonly store: Pick<IssueStore, 'issue' | 'ref' | 'source'>;
  /** The Issues view's selected row (the palette's second choice). */
  readonly selectedIssue: () => IssueRef | undefined;
  /** The issues marked on the cursor's line (the palette's first choice). */
  readonly cursorIssues: { current(): readonly IssueRef[] };
  /** The selected organization and projects (a project of it for a short-ID lookup on an old server). */
  readonly selection: { readonly current: { readonly org?: string; readonly projects: readonly string[] } };
  readonly log: vscode.LogOutputChannel;
}

/** Registers the `/issue` route and `sentryExplorer.copyVSCodeLink`. */
export function registerIssueLinks(deps: IssueLinkDeps): vscode.Disposable[] {
  return [deps.auth.uris.route(ISSUE_LINK_PATH, (uri) => openIssueLink(deps, uri.query)), vscode.commands.registerCommand(Commands.copyVSCodeLink, (arg?: unknown) => copyVSCodeLink(deps, arg))];
}

// ------------------------------------------------------------------------------------------ route

/** showIssueEvents' second argument: open the panel without marking the issue seen. */
const READ_ONLY = { markSeen: false } as const;

/**
 * The `/issue` route: validates the link, then opens the issue if signed in, else offers a sign-in.
 * A link is anyone's text and arrives without the user doing anything in VS Code, so the route only
 * reads: it never signs in (the user's click on Sign In does), never writes, and never puts the issue
 * into the issue store. The events panel marks an issue the store holds as seen (setting
 * markSeenOnOpen), a PUT a link must not cause: the route opens it with READ_ONLY. The panel shows
 * the header of the issue it was read as, through the command's tree-node argument.
 */
export async function openIssueLink(deps: IssueLinkDeps, query: string): Promise<void> {
  const ui = deps.auth.ui.ui;
  const web = parseWebLinkQuery(query);
  if (web && !web.ok) {
    deps.log.warn(`[links] refused an issue link: ${web.error}`);
    void ui.showErrorMessage(vscode.l10n.t('Sentry Explorer cannot open this link: {0}', web.error), {});
    return;
  }
  if (web) {
    // A Sentry web link opens as "Open Link, ID or Stack Trace…" opens it: read only, on its own server only.
    deps.log.info('[links] a Sentry web link handed over by a vscode:// link');
    await vscode.commands.executeCommand(Commands.openLinkIdOrStackTrace, web.url);
    return;
  }
  const parsed = parseIssueLink(query);
  if (!parsed.ok) {
    deps.log.warn(`[links] refused an issue link: ${parsed.error}`);
    void ui.showErrorMessage(vscode.l10n.t('Sentry Explorer cannot open this link: {0}', parsed.error), {});
    return;
  }
  const { target } = parsed;
  deps.log.info(`[links] issue link to ${targetLabel(target)} in ${target.org}`);
  await deps.auth.ready;
  if (!deps.auth.isSignedIn()) return offerSignIn(deps, target);
  await openTarget(deps, target);
}

/** "Sign in to Sentry to open issue …" with a Sign In button; after a sign-in the click started, the issue opens. */
async function offerSignIn(deps: IssueLinkDeps, target: IssueLinkTarget): Promise<void> {
  const signIn = vscode.l10n.t('Sign In');
  const pick = await deps.auth.ui.ui.showWarningMessage(vscode.l10n.t('Sign in to Sentry to open issue {0} of organization "{1}".', targetLabel(target), target.org), {}, signIn);
  if (pick !== signIn) return;
  await deps.auth.signIn();
  if (deps.auth.isSignedIn()) await openTarget(deps, target);
}

async function openTarget(deps: IssueLinkDeps, target: IssueLinkTarget): Promise<void> {
  const ui = deps.auth.ui.ui;
  const label = targetLabel(target);
  try {
    if ('id' in target) {
      // An issue the store already holds (a view showed it) opens as any other: no read needed.
      const known = deps.store.ref(target.id);
      if (known && known.org === target.org) {
        await vscode.commands.executeCommand(Commands.showIssueEvents, known, READ_ONLY);
        return;
      }
    }
    const client = await deps.auth.getClient();
    if (!client) {
      if (!deps.auth.isSignedIn()) return offerSignIn(deps, target);
      deps.log.warn(`[links] no client for the session: ${label} not opened`);
      return;
    }
    const issue = 'id' in target ? await client.getIssue(target.org, target.id) : await lookupShortId(deps, client, target.org, target.shortId);
    if (!issue) {
      void ui.showWarningMessage(vscode.l10n.t('Issue {0} was not found in organization "{1}".', label, target.org), {});
      return;
    }
    const node = nodeOf(target.org, issue);
    if (!node) {
      deps.log.warn(`[links] the server answered ${label} with an issue that cannot be shown`);
      void ui.showWarningMessage(vscode.l10n.t('Issue {0} was not found in organization "{1}".', label, target.org), {});
      return;
    }
    await vscode.commands.executeCommand(Commands.showIssueEvents, node, READ_ONLY);
  } catch (err) {
    if (isSignedOut(err)) return offerSignIn(deps, target);
    if (err instanceof ApiError && err.kind === 'notFound') {
      void ui.showWarningMessage(vscode.l10n.t('Issue {0} was not found in organization "{1}", or this account cannot see it.', label, target.org), {});
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    deps.log.warn(`[links] could not open ${label}: ${message}`);
    // The table's buttons (no Retry: opening the link again is the user's click); a Sign In that went through opens the issue.
    const offered = noticeActions(err, false);
    const pick = pickedAction(offered, await ui.showErrorMessage(vscode.l10n.t('Could not open issue {0}: {1}', label, plainText(message, 500)), {}, ...offered.map(actionLabel)));
    if (pick === 'showLog') deps.log.show();
    else if (pick === 'signIn') {
      await deps.auth.signIn();
      if (deps.auth.isSignedIn()) await openTarget(deps, target);
    } else if (pick) await vscode.commands.executeCommand(ERROR_ACTIONS[pick].command);
  }
}

/**
 * One read: the issue list with `shortIdLookup` (through the endpoint the server answers, the
 * store's IssueSource), not the store's own lookup, which keeps what it finds. The project matters
 * only on the old per-project endpoint, where the server finds the ID in any project of the
 * organization: the selected one when the link is of the selected organization, else the ID's prefix.
 */
async function lookupShortId(deps: IssueLinkDeps, client: SentryClient, org: string, shortId: string): Promise<Issue | undefined> {
  const { org: selectedOrg, projects } = deps.selection.current;
  const prefix = shortId.slice(0, shortId.lastIndexOf('-')).toLowerCase();
  const project = selectedOrg === org && projects[0] ? projects[0] : isSlug(prefix) ? prefix : undefined;
  const page = await deps.store.source.page(client, { org, projects: project ? [project] : [], query: shortId, shortIdLookup: true, statsPeriod: '', anyProject: true });
  return page.items.find((i) => i.shortId.toUpperCase() === shortId.toUpperCase());
}

/** The command's tree-node argument: the IssueRef plus the issue the panel's header shows at once. */
function nodeOf(org: string, issue: Issue): { type: 'issue'; org: string; project: string; issueId: string; issue: Record<string, unknown> } | undefined {
  const ref = refOfIssue(org, issue);
  if (!ref) return undefined;
  return { type: 'issue', ...ref, issue: { ...issueHeader(issue), project: { slug: ref.project } } };
}

// ------------------------------------------------------------------------------------------- copy

/** `sentryExplorer.copyVSCodeLink`: the issue given (a tree row, an IssueRef), else the one on the cursor's line, else the tree's selected row. */
export async function copyVSCodeLink(deps: IssueLinkDeps, arg: unknown): Promise<void> {
  const ref = arg === undefined ? await paletteIssue(deps) : parseIssueRef(arg);
  if (!ref) {
    if (arg !== undefined) deps.log.warn('[links] Copy VS Code Link was given something that is not an issue');
    return;
  }
  const known = deps.store.ref(ref.issueId);
  const name = (known?.org === ref.org ? deps.store.issue(ref.issueId)?.shortId : undefined) ?? `#${ref.issueId}`;
  let url: string;
  try {
    url = issueLinkUrl(vscode.env.uriScheme, ref);
  } catch (err) {
    deps.log.warn(`[links] no link for ${plainText(name, 100)}: ${(err as Error).message}`);
    void deps.auth.ui.ui.showWarningMessage(vscode.l10n.t('No VS Code link can name {0}: its organization "{1}" is not a plain Sentry slug.', plainText(name, 100), plainText(ref.org, 100)), {});
    return;
  }
  await deps.auth.ui.ui.writeClipboard(url);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied a VS Code link to {0}', labelText(name, 100)), 3000);
}

/** From the palette: the issue on the cursor's line (asked which when several), else the Issues view's selected row. */
async function paletteIssue(deps: IssueLinkDeps): Promise<IssueRef | undefined> {
  const here = deps.cursorIssues.current();
  if (here.length === 1) return here[0];
  if (here.length > 1) return pickOne(deps.auth.ui.ui, deps, here);
  const selected = parseIssueRef(deps.selectedIssue());
  if (selected) return selected;
  void deps.auth.ui.ui.showInformationMessage(vscode.l10n.t('Put the cursor on a line Sentry marks, or select an issue in the Sentry Issues view, then run Copy VS Code Link again.'), {});
  return undefined;
}

async function pickOne(ui: AuthUi, deps: IssueLinkDeps, refs: readonly IssueRef[]): Promise<IssueRef | undefined> {
  const items = refs.map((ref) => ({
    label: labelText(deps.store.issue(ref.issueId)?.shortId ?? ref.issueId, 100),
    description: labelText(deps.store.issue(ref.issueId)?.title ?? '', 200),
    ref,
  }));
  const pick = await ui.showQuickPick(items, { title: vscode.l10n.t('Issues on this line'), placeHolder: vscode.l10n.t('Which issue should the link open?') });
  return pick?.ref;
}
