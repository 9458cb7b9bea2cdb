/** The Issues view's commands: filter, choose project, hashes, paging and item actions. */
import * as vscode from 'vscode';
import type { Issue } from '../api/schemas';
import { Commands, StorageKeys, Views } from '../constants';
import { collect } from '../api/paging';
import { actionLabel, ERROR_ACTIONS, noticeActions, pickedAction } from '../contracts/errorPresentation';
import { parseIssueRef, type IssueRef } from '../contracts/issueRef';
import { PERIODS, PRESETS, SORTS, WINDOWS, describeWindow, looksLikeShortId, parseHashes, parseWindow, type IssueFilter, type IssuePreset } from './core/filter';
import type { IssuesView } from './view';
import type { IssueSort, ProjectIssuesStatsPeriod } from '../api/listParams';
import { labelText, plainText, safeWebUrl } from '../util/untrusted';

const HISTORY_MAX = 10;

export function registerIssueCommands(view: IssuesView): vscode.Disposable[] {
  // VS Code hands command arguments over untyped; each handler parses its own (parseIssueRef).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const reg = (id: string, fn: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, fn);
  return [
    reg(Commands.refresh, () => view.refresh()),
    reg(Commands.loadMore, (node) => view.loadMore(node)),
    reg(Commands.filterIssues, () => filterIssues(view)),
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

type FilterPick = vscode.QuickPickItem & { apply?: (f: IssueFilter) => IssueFilter | Promise<IssueFilter | undefined> };

async function filterIssues(view: IssuesView): Promise<void> {
  const current = view.filter;
  const history = view.context.workspaceState.get<string[]>(StorageKeys.searchHistory, []);
  const mark = (on: boolean) => (on ? '$(check) ' : '');
  const items: FilterPick[] = [
    { label: vscode.l10n.t('Query'), kind: vscode.QuickPickItemKind.Separator },
    ...(Object.keys(PRESETS) as Exclude<IssuePreset, 'custom'>[]).map<FilterPick>((preset) => ({
      label: `${mark(current.preset === preset)}${PRESETS[preset].label}`,
      description: PRESETS[preset].detail,
      apply: (f) => ({ ...f, preset, text: undefined }),
    })),
    {
      label: `$(search) ${vscode.l10n.t('Search…')}`,
      description: vscode.l10n.t('free text, a search query, or a short ID such as PROJ-123'),
      apply: async (f) => {
        const text = await view.ui.ui.showInputBox({
          title: vscode.l10n.t('Search Issues'),
          prompt: vscode.l10n.t('A Sentry search query (is:resolved level:error …), free text, or a short ID'),
          value: f.preset === 'custom' ? f.text : '',
        });
        return text === undefined ? undefined : { ...f, preset: 'custom', text };
      },
    },
    ...history.map<FilterPick>((text) => ({
      label: `${mark(current.preset === 'custom' && current.text === text)}$(history) ${text}`,
      description: looksLikeShortId(text) ? vscode.l10n.t('short ID') : vscode.l10n.t('recent search'),
      apply: (f) => ({ ...f, preset: 'custom', text }),
    })),
    { label: vscode.l10n.t('Stats period'), kind: vscode.QuickPickItemKind.Separator },
    ...(Object.keys(PERIODS) as ProjectIssuesStatsPeriod[]).map<FilterPick>((p) => ({
      label: `${mark(current.statsPeriod === p)}${vscode.l10n.t('Period: {0}', PERIODS[p])}`,
      apply: (f) => ({ ...f, statsPeriod: p }),
    })),
    { label: vscode.l10n.t('Environment'), kind: vscode.QuickPickItemKind.Separator },
    { label: `${mark(!current.environments?.length)}${vscode.l10n.t('Every environment')}`, apply: (f) => ({ ...f, environments: undefined }) },
    {
      label: `${mark(!!current.environments?.length)}$(server-environment) ${vscode.l10n.t('Choose environments…')}`,
      description: current.environments?.length ? labelText(current.environments.join(', '), 200) : vscode.l10n.t("from the organization's environments"),
      apply: (f) => chooseEnvironments(view, f),
    },
    { label: vscode.l10n.t('Time window'), kind: vscode.QuickPickItemKind.Separator },
    {
      label: `${mark(!current.window)}${vscode.l10n.t('Window: server default')}`,
      description: vscode.l10n.t('every issue (90 days on sentry.io)'),
      apply: (f) => ({ ...f, window: undefined }),
    },
    ...Object.keys(WINDOWS).map<FilterPick>((period) => ({
      label: `${mark(!!current.window && 'period' in current.window && current.window.period === period)}${vscode.l10n.t('Window: {0}', WINDOWS[period])}`,
      apply: (f) => ({ ...f, window: { period } }),
    })),
    {
      label: `${mark(!!current.window && 'start' in current.window)}$(calendar) ${vscode.l10n.t('Custom range…')}`,
      description: current.window && 'start' in current.window ? describeWindow(current.window) : vscode.l10n.t('from a start date to an end date (UTC)'),
      apply: (f) => customWindow(view, f),
    },
    { label: vscode.l10n.t('Sort'), kind: vscode.QuickPickItemKind.Separator },
    ...(['date', 'new', 'freq', 'user'] as IssueSort[]).map<FilterPick>((s) => ({
      label: `${mark(current.sort === s)}${vscode.l10n.t('Sort: {0}', SORTS[s])}`,
      apply: (f) => ({ ...f, sort: s }),
    })),
  ];
  const pick = await view.ui.ui.showQuickPick(items, {
    title: vscode.l10n.t('Filter Issues'),
    placeHolder: vscode.l10n.t('Choose a query, an environment, a time window, a stats period or a sort order'),
  });
  if (!pick?.apply) return;
  const next = await pick.apply(current);
  if (!next) return;
  if (next.preset === 'custom' && next.text) {
    const text = next.text.trim();
    await view.context.workspaceState.update(StorageKeys.searchHistory, [text, ...history.filter((h) => h !== text)].slice(0, HISTORY_MAX));
  }
  await view.setFilter(next);
}

/** The organization's environments, several may be chosen; undefined when cancelled or unreadable (said why). */
async function chooseEnvironments(view: IssuesView, f: IssueFilter): Promise<IssueFilter | undefined> {
  const client = await view.auth.getClient();
  const { org } = view.selection();
  if (!client || !org) {
    void view.ui.ui.showWarningMessage(vscode.l10n.t('Sign in and choose a project first: environments are read from the organization.'), {});
    return undefined;
  }
  let names: string[];
  try {
    const envs = await view.ui.ui.withProgress({ location: { viewId: Views.issues }, title: vscode.l10n.t('Reading environments…') }, () => client.listEnvironments(org));
    names = [...new Set(envs.map((e) => e.name))].sort();
  } catch (err) {
    void view.ui.ui.showWarningMessage(vscode.l10n.t('Could not read the environments of {0}: {1}', plainText(org, 100), (err as Error).message), {});
    return undefined;
  }
  if (names.length === 0) {
    void view.ui.ui.showInformationMessage(vscode.l10n.t('{0} has no environments yet: its events name none.', plainText(org, 100)), {});
    return undefined;
  }
  const chosen = new Set(f.environments ?? []);
  // Environment names are the server's text: labels only, never icons or links.
  const items = names.map((name) => ({ label: labelText(name, 100), name, picked: chosen.has(name) }));
  const picked = (await view.ui.ui.showQuickPick(items, {
    title: vscode.l10n.t('Environments'),
    placeHolder: vscode.l10n.t('Issues with events in any of these environments'),
    canPickMany: true,
  })) as unknown as (typeof items)[number][] | undefined;
  if (!picked) return undefined;
  return { ...f, environments: picked.length ? picked.map((p) => p.name) : undefined };
}

/** A custom range, typed as dates (UTC); an empty end means now, whenever the list is read. */
async function customWindow(view: IssuesView, f: IssueFilter): Promise<IssueFilter | undefined> {
  const now = Date.now();
  const was = f.window && 'start' in f.window ? f.window : undefined;
  const start = await view.ui.ui.showInputBox({
    title: vscode.l10n.t('Custom Range: Start (UTC)'),
    prompt: vscode.l10n.t('A date, or a date and time: 2026-11-01 or 2026-11-01T08:00'),
    value: was?.start.slice(0, 16) ?? new Date(now - 7 * 86_400_000).toISOString().slice(0, 10),
    validateInput: (text) => {
      const w = parseWindow(text, '', now);
      return typeof w === 'string' ? w : undefined;
    },
  });
  if (start === undefined) return undefined;
  const end = await view.ui.ui.showInputBox({
    title: vscode.l10n.t('Custom Range: End (UTC)'),
    prompt: vscode.l10n.t('Leave empty for now'),
    value: was?.end?.slice(0, 16) ?? '',
    validateInput: (text) => {
      const w = parseWindow(start, text, now);
      return typeof w === 'string' ? w : undefined;
    },
  });
  if (end === undefined) return undefined;
  const window = parseWindow(start, end, now);
  if (typeof window === 'string') {
    void view.ui.ui.showWarningMessage(window, {});
    return undefined;
  }
  return { ...f, window };
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
  const orgs = await collect(client.organizationPages(), 1000);
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
