/** The Issues view's commands: choose project, hashes, paging and item actions (the filter's are in filterCommands.ts). */
import * as vscode from 'vscode';
import type { Issue } from '../model/issue/schema';
import { Commands, Views } from '../constants';
import { collect } from '../api/paging';
import { actionLabel, ERROR_ACTIONS, noticeActions, pickedAction } from '../contracts/errorPresentation';
import { parseIssueRef, type IssueRef } from '../contracts/issueRef';
import { looksLikeShortId, parseHashes } from './core/filter';
import { registerFilterCommands } from './filterCommands';
import type { IssuesView } from './view';
import { labelText, plainText, safeWebUrl } from '../util/untrusted';

export function registerIssueCommands(view: IssuesView): vscode.Disposable[] {
  // VS Code hands command arguments over untyped; each handler parses its own (parseIssueRef).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const reg = (id: string, fn: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, fn);
  return [
    reg(Commands.refresh, () => view.refresh()),
    reg(Commands.loadMore, (node) => view.loadMore(node)),
    ...registerFilterCommands(view),
    reg(Commands.chooseProject, () => chooseProject(view)),
    reg(Commands.findByHashes, () => findByHashes(view)),
    reg(Commands.showIssues, () => vscode.commands.executeCommand(`${Views.issues}.focus`)),
    reg(Commands.openInBrowser, async (arg) => {
      const issue = await issueOf(view, arg);
      if (!issue) return;
      // The permalink comes from the server: opened only as a web link to that server or sentry.io.
      const url = safeWebUrl(issue.permalink, (await view.auth.getClient())?.baseUrl);
      if (url) await view.ui.ui.openExternal(vscode.Uri.parse(url.href, true));
      else void view.ui.ui.showWarningMessage(vscode.l10n.t('{0} has no web link to open.', plainText(issue.shortId, 100)), {});
    }),
    reg(Commands.copyShortId, async (arg) => {
      const issue = await issueOf(view, arg);
      if (issue) await copy(view, issue.shortId, vscode.l10n.t('Copied {0}', labelText(issue.shortId, 100)));
    }),
    reg(Commands.copyLink, async (arg) => {
      // Copied as text, never opened: the clipboard is no sink for a link.
      const issue = await issueOf(view, arg);
      if (issue) await copy(view, issue.permalink, vscode.l10n.t('Copied the link to {0}', labelText(issue.shortId, 100)));
    }),
  ];
}

/**
 * The issue a command acts on, as the store knows it: the IssueRef it was given (a legacy tree node
 * parses as one), or with no argument (the palette) the issue selected in the tree. An issue the
 * store no longer holds is looked up again by the short ID a legacy node carries.
 */
async function issueOf(view: IssuesView, arg: unknown): Promise<Issue | undefined> {
  const ref: IssueRef | undefined = arg === undefined ? view.selectedIssue() : parseIssueRef(arg);
  if (!ref) {
    if (arg !== undefined) view.log.warn('[issues] a command was given something that is not an issue');
    return undefined;
  }
  const known = view.store.issue(ref.issueId);
  if (known) return known;
  const shortId = (arg as { issue?: { shortId?: unknown } } | undefined)?.issue?.shortId;
  if (typeof shortId === 'string' && looksLikeShortId(shortId)) {
    try {
      const found = await view.store.lookupShortId(ref.org, ref.project, shortId);
      if (found?.id === ref.issueId) return found;
    } catch (err) {
      view.log.warn(`[issues] could not look up ${plainText(shortId, 100)}: ${(err as Error).message}`);
    }
  }
  void view.ui.ui.showWarningMessage(vscode.l10n.t('This issue is no longer loaded. Refresh the Issues view and try again.'), {});
  return undefined;
}

async function copy(view: IssuesView, text: string, message: string): Promise<void> {
  await view.ui.ui.writeClipboard(text);
  vscode.window.setStatusBarMessage(message, 3000);
}

async function chooseProject(view: IssuesView): Promise<void> {
  const client = await view.auth.getClient();
  if (!client) {
    await vscode.commands.executeCommand(Commands.signIn);
    return;
  }
  // Read again: a sentry-cli file may have appeared since the selection service last looked.
  // In Restricted Mode the files suggest nothing either: the repository must not steer the pick.
  await view.selectionService.detect();
  const detected = view.selectionService.usableDetected;
  const current = view.selection();
  const org = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sentry: loading organizations…') }, () =>
    pickOrganization(view, client, current.org ?? detected.find((d) => d.org)?.org),
  );
  if (!org) return;
  const wanted = new Set([
    ...current.projects,
    ...detected
      .filter((d) => d.org === undefined || d.org === org)
      .map((d) => d.project!)
      .filter(Boolean),
  ]);
  let projects: string[] | undefined;
  try {
    const all = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sentry: loading projects of {0}…', org) }, () =>
      collect(client.projectPages(org), 1000),
    );
    const picks = (await view.ui.ui.showQuickPick(
      all.map((p) => ({ label: p.slug, description: p.name && p.name !== p.slug ? p.name : undefined, detail: p.platform ?? undefined, picked: wanted.has(p.slug) })),
      { title: vscode.l10n.t('Projects of {0}', org), canPickMany: true, placeHolder: vscode.l10n.t('Choose the projects whose issues to show') },
    )) as unknown as vscode.QuickPickItem[] | undefined;
    projects = picks?.map((p) => p.label);
  } catch (err) {
    view.log.warn(`[issues] project list unavailable: ${(err as Error).message}`);
    const typed = await view.ui.ui.showInputBox({
      title: vscode.l10n.t('Projects of {0}', org),
      prompt: vscode.l10n.t('This server does not list projects. Type project slugs, separated by commas.'),
      value: [...wanted].join(', '),
      validateInput: (v) => (v.split(',').some((s) => s.trim()) ? undefined : vscode.l10n.t('Type at least one project slug')),
    });
    projects = typed
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (!projects || projects.length === 0) return;
  // The view redraws on the selection service's change event.
  await view.selectionService.save({ org, projects });
}

async function pickOrganization(view: IssuesView, client: NonNullable<Awaited<ReturnType<IssuesView['auth']['getClient']>>>, preferred: string | undefined): Promise<string | undefined> {
  // Every data region's organizations (sentry.io keeps EU ones on a host of their own: src/api/regions.ts).
  const orgs = (await client.listAllOrganizations()).organizations;
  if (orgs.length === 1) return orgs[0].slug;
  if (orgs.length === 0) {
    void view.ui.ui.showWarningMessage(vscode.l10n.t('This Sentry account sees no organization. Sign in with another account or ask to be invited.'), {});
    return undefined;
  }
  const pick = await view.ui.ui.showQuickPick(
    orgs.map((o) => ({ label: o.slug, description: o.name, picked: o.slug === preferred })),
    { title: vscode.l10n.t('Sentry Organization'), placeHolder: preferred ? vscode.l10n.t('Detected in the workspace: {0}', preferred) : vscode.l10n.t('Choose an organization') },
  );
  return pick?.label;
}

async function findByHashes(view: IssuesView): Promise<void> {
  const { org, projects } = view.selection();
  if (!org || projects.length === 0) {
    await vscode.commands.executeCommand(Commands.chooseProject);
    return;
  }
  const project =
    projects.length === 1
      ? projects[0]
      : (
          await view.ui.ui.showQuickPick(
            projects.map((label) => ({ label })),
            { title: vscode.l10n.t('Find Issues by Hashes: project') },
          )
        )?.label;
  if (!project) return;
  const text = await view.ui.ui.showInputBox({
    title: vscode.l10n.t('Find Issues by Hashes'),
    prompt: vscode.l10n.t('Group hashes (32 hex characters), separated by spaces, commas or new lines. At most 100 are used.'),
    validateInput: (v) => (parseHashes(v).length ? undefined : vscode.l10n.t('Type at least one hash')),
  });
  if (!text) return;
  const hashes = parseHashes(text);
  const result = await view.findByHashes(org, project, hashes);
  if (result.error) {
    // The table's buttons (no Retry: the hashes were typed into a prompt that is gone).
    const offered = noticeActions(result.error, false);
    void view.ui.ui.showErrorMessage((result.error as Error).message ?? String(result.error), {}, ...offered.map(actionLabel)).then((a) => {
      const pick = pickedAction(offered, a);
      return pick && vscode.commands.executeCommand(ERROR_ACTIONS[pick].command);
    });
  } else if (result.droppedHashes) {
    void view.ui.ui.showWarningMessage(vscode.l10n.t('Only the first 100 of {0} hashes were used; Sentry ignores the other {1}.', hashes.length, result.droppedHashes), {});
  }
}
