/**
 * Filter Issues: a small menu of one entry per choice (saved search, search, projects,
 * environments, period, sort, graph), each its own picker and most also a command of their own, as
 * Sentry's issue list keeps them apart; one long list of all of them mixed the time window with the
 * sparkline's period. Clear Filter goes back to the default list.
 */
import * as vscode from 'vscode';
import type { IssueSort, ProjectIssuesStatsPeriod } from '../api/listParams';
import { Commands, StorageKeys, Views } from '../constants';
import { labelText, plainText } from '../util/untrusted';
import {
  PERIODS,
  PRESETS,
  SORTS,
  WINDOWS,
  clearedFilter,
  describeWindow,
  isFiltered,
  looksLikeShortId,
  parseWindow,
  savedSearchOf,
  withSavedSearch,
  withSearch,
  type IssueFilter,
  type SavedSearch,
} from './core/filter';
import type { IssuesView } from './view';

const HISTORY_MAX = 10;

type Choice<T> = vscode.QuickPickItem & { value?: T };
/** A picker's answer: the filter to show, or undefined when cancelled (or nothing changes). */
type Picker = (view: IssuesView, f: IssueFilter) => Promise<IssueFilter | undefined>;

export function registerFilterCommands(view: IssuesView): vscode.Disposable[] {
  const run = (picker: Picker) => async () => apply(view, await picker(view, view.filter));
  return [
    vscode.commands.registerCommand(Commands.filterIssues, () => filterMenu(view)),
    vscode.commands.registerCommand(Commands.filterIssuesActive, () => filterMenu(view)),
    vscode.commands.registerCommand(Commands.chooseSavedSearch, run(chooseSavedSearch)),
    vscode.commands.registerCommand(Commands.searchIssues, run(search)),
    vscode.commands.registerCommand(Commands.chooseEnvironments, run(chooseEnvironments)),
    vscode.commands.registerCommand(Commands.choosePeriod, run(choosePeriod)),
    vscode.commands.registerCommand(Commands.chooseSort, run(chooseSort)),
    vscode.commands.registerCommand(Commands.clearFilter, () => apply(view, clearedFilter(view.filter))),
  ];
}

/** Shows `next` (a typed search joins the recent searches); undefined changes nothing. */
async function apply(view: IssuesView, next: IssueFilter | undefined): Promise<void> {
  if (!next) return;
  if (next.preset === 'custom' && next.text) {
    const history = view.context.workspaceState.get<string[]>(StorageKeys.searchHistory, []);
    await view.context.workspaceState.update(StorageKeys.searchHistory, [next.text, ...history.filter((h) => h !== next.text)].slice(0, HISTORY_MAX));
  }
  await view.setFilter(next);
}

const check = (on: boolean) => (on ? '$(check) ' : '');

/** One entry per choice, each showing what is chosen now. */
async function filterMenu(view: IssuesView): Promise<void> {
  const f = view.filter;
  const { projects } = view.selection();
  const entry = (icon: string, label: string, description: string, value: Picker | 'project', detail?: string): Choice<Picker | 'project'> => ({
    label: `$(${icon}) ${label}`,
    description,
    detail,
    value,
  });
  const items: Choice<Picker | 'project'>[] = [
    entry('bookmark', vscode.l10n.t('Saved Search'), PRESETS[savedSearchOf(f)].label, chooseSavedSearch),
    entry(
      'search',
      vscode.l10n.t('Search…'),
      f.preset === 'custom' ? `"${labelText(f.text ?? '', 100)}"` : vscode.l10n.t('free text, a search query, or a short ID such as PROJ-123'),
      search,
      vscode.l10n.t("Finds issues in this view only: the editor's marks keep the saved search"),
    ),
    entry('project', vscode.l10n.t('Projects'), projects.length ? labelText(projects.join(', '), 200) : vscode.l10n.t('none chosen'), 'project'),
    entry('server-environment', vscode.l10n.t('Environments'), f.environments?.length ? labelText(f.environments.join(', '), 200) : vscode.l10n.t('All environments'), chooseEnvironments),
    entry('calendar', vscode.l10n.t('Period'), f.window ? describeWindow(f.window) : vscode.l10n.t('Server default'), choosePeriod),
    entry('list-ordered', vscode.l10n.t('Sort'), SORTS[f.sort], chooseSort),
    entry('graph-line', vscode.l10n.t('Graph'), PERIODS[f.statsPeriod], chooseGraph),
    ...(isFiltered(f)
      ? [entry('clear-all', vscode.l10n.t('Clear Filter'), vscode.l10n.t('back to Unresolved Issues, every environment, the server default period'), async (_v, g) => clearedFilter(g))]
      : []),
  ];
  const pick = await view.ui.ui.showQuickPick(items, { title: vscode.l10n.t('Filter Issues'), placeHolder: vscode.l10n.t('Choose what to change') });
  if (pick?.value === 'project') await vscode.commands.executeCommand(Commands.chooseProject);
  else if (pick?.value) await apply(view, await pick.value(view, view.filter));
}

/** Sentry's saved searches, then the user's recent searches, and Search… to type a new one. */
async function chooseSavedSearch(view: IssuesView, f: IssueFilter): Promise<IssueFilter | undefined> {
  const history = view.context.workspaceState.get<string[]>(StorageKeys.searchHistory, []);
  const items: Choice<(g: IssueFilter) => IssueFilter | Promise<IssueFilter | undefined>>[] = [
    { label: `$(search) ${vscode.l10n.t('Search…')}`, description: vscode.l10n.t('free text, a search query, or a short ID such as PROJ-123'), value: (g) => search(view, g) },
    { label: vscode.l10n.t('Saved searches'), kind: vscode.QuickPickItemKind.Separator },
    ...(Object.keys(PRESETS) as SavedSearch[]).map((preset) => ({
      label: `${check(f.preset === preset)}${PRESETS[preset].label}`,
      description: PRESETS[preset].detail,
      value: (g: IssueFilter) => withSavedSearch(g, preset),
    })),
    ...(history.length ? [{ label: vscode.l10n.t('Recent searches'), kind: vscode.QuickPickItemKind.Separator }] : []),
    ...history.map((text) => ({
      // Typed by the user, but kept in workspace state: shown as a label, never as icons.
      label: `${check(f.preset === 'custom' && f.text === text)}$(history) ${labelText(text, 200)}`,
      description: looksLikeShortId(text) ? vscode.l10n.t('short ID') : vscode.l10n.t('recent search'),
      value: (g: IssueFilter) => withSearch(g, text),
    })),
  ];
  const pick = await view.ui.ui.showQuickPick(items, { title: vscode.l10n.t('Saved Searches'), placeHolder: vscode.l10n.t('Choose a saved search or a recent one') });
  return pick?.value?.(f);
}

/** A search typed over the saved search: it narrows the tree only (see markQuery); empty goes back to the saved search. */
async function search(view: IssuesView, f: IssueFilter): Promise<IssueFilter | undefined> {
  const text = await view.ui.ui.showInputBox({
    title: vscode.l10n.t('Search Issues'),
    prompt: vscode.l10n.t('A Sentry search query (is:resolved level:error …), free text, or a short ID. Empty: back to {0}.', PRESETS[savedSearchOf(f)].label),
    value: f.preset === 'custom' ? f.text : '',
  });
  return text === undefined ? undefined : withSearch(f, text);
}

/** The organization's environments, several may be chosen (none: every environment); undefined when cancelled or unreadable (said why). */
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
    placeHolder: vscode.l10n.t('Issues with events in any of these environments (none ticked: every environment)'),
    canPickMany: true,
  })) as unknown as (typeof items)[number][] | undefined;
  if (!picked) return undefined;
  return { ...f, environments: picked.length ? picked.map((p) => p.name) : undefined };
}

/** The time window searched: the server's default, a relative period, or a custom range. */
async function choosePeriod(view: IssuesView, f: IssueFilter): Promise<IssueFilter | undefined> {
  const w = f.window;
  const items: Choice<(g: IssueFilter) => IssueFilter | Promise<IssueFilter | undefined>>[] = [
    { label: `${check(!w)}${vscode.l10n.t('Server default')}`, description: vscode.l10n.t('every issue (90 days on sentry.io)'), value: (g) => ({ ...g, window: undefined }) },
    ...Object.keys(WINDOWS).map((period) => ({
      label: `${check(!!w && 'period' in w && w.period === period)}${capitalized(WINDOWS[period])}`,
      value: (g: IssueFilter) => ({ ...g, window: { period } }),
    })),
    {
      label: `${check(!!w && 'start' in w)}$(calendar) ${vscode.l10n.t('Custom range…')}`,
      description: w && 'start' in w ? describeWindow(w) : vscode.l10n.t('from a start date to an end date (UTC)'),
      value: (g) => customWindow(view, g),
    },
  ];
  const pick = await view.ui.ui.showQuickPick(items, { title: vscode.l10n.t('Period'), placeHolder: vscode.l10n.t('Only issues with events in this period') });
  return pick?.value?.(f);
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

async function chooseSort(view: IssuesView, f: IssueFilter): Promise<IssueFilter | undefined> {
  const items: Choice<IssueSort>[] = (['date', 'new', 'freq', 'user'] as IssueSort[]).map((s) => ({ label: `${check(f.sort === s)}${SORTS[s]}`, value: s }));
  const pick = await view.ui.ui.showQuickPick(items, { title: vscode.l10n.t('Sort Issues By') });
  return pick?.value === undefined ? undefined : { ...f, sort: pick.value };
}

/** The period each row's sparkline (and its tooltip's trend) draws: Sentry's list calls it the graph. */
async function chooseGraph(view: IssuesView, f: IssueFilter): Promise<IssueFilter | undefined> {
  const items: Choice<ProjectIssuesStatsPeriod>[] = (Object.keys(PERIODS) as ProjectIssuesStatsPeriod[]).map((p) => ({ label: `${check(f.statsPeriod === p)}${capitalized(PERIODS[p])}`, value: p }));
  const pick = await view.ui.ui.showQuickPick(items, { title: vscode.l10n.t('Graph'), placeHolder: vscode.l10n.t('The period of the events graph in each row’s tooltip') });
  return pick?.value === undefined ? undefined : { ...f, statsPeriod: pick.value };
}

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
