/**
 * The questions a triage command asks: how to resolve, how long to archive, whom to assign, which
 * priority. Each returns the action, or undefined when the person backed out (nothing is sent).
 */
import * as vscode from 'vscode';
import { ForbiddenError } from '../api/errors';
import { presentError } from '../contracts/errorPresentation';
import type { AuthUi } from '../util/ui';
import type { Priority, TriageAction } from './core/actions';
import { parseCount, parseDuration } from './core/archiveRules';
import { ARCHIVE_MENU, PRIORITY_MENU, WINDOW_MENU, resolveMenu, type MenuItem } from './core/menus';
import type { Assignee, AssigneeList } from './core/assignees';
import { recentCommits, type CommitSource } from './gitCommits';

type Item<T> = vscode.QuickPickItem & { value?: T };

/** Asks the menu's question, then its follow-up; undefined when the person backs out. */
async function askMenu(ui: AuthUi, menu: readonly MenuItem[], options: vscode.QuickPickOptions): Promise<MenuItem | undefined> {
  const pick = await ui.showQuickPick<Item<MenuItem>>(
    menu.map((m) => ({ label: m.label, description: m.description, picked: m.picked, value: m })),
    options,
  );
  return pick?.value;
}

/**
 * Resolve In…: `currentRelease` names the project's newest release, shown beside the two release
 * choices before one is picked (undefined: several projects, or the server did not say in time).
 */
export async function askResolveIn(
  ui: AuthUi,
  commits: () => Promise<CommitSource | undefined> = recentCommits,
  currentRelease: () => Promise<string | undefined> = async () => undefined,
): Promise<TriageAction | undefined> {
  const current = await currentRelease().catch(() => undefined);
  const item = await askMenu(ui, resolveMenu(current), { title: vscode.l10n.t('Resolve'), placeHolder: vscode.l10n.t('Resolve…') });
  if (!item) return undefined;
  return 'action' in item ? item.action : askCommit(ui, commits);
}

async function askCommit(ui: AuthUi, commits: () => Promise<CommitSource | undefined>): Promise<TriageAction | undefined> {
  const source = await commits().catch(() => undefined);
  if (!source?.commits.length) {
    void ui.showWarningMessage(vscode.l10n.t('No git history found in this workspace: open the repository (with the git extension enabled) to resolve in a commit.'), {});
    return undefined;
  }
  const commit = await ui.showQuickPick<Item<string>>(
    source.commits.map((c) => ({ label: c.message.split('\n')[0].slice(0, 200), description: c.hash.slice(0, 12), detail: c.authorName, value: c.hash })),
    { title: vscode.l10n.t('Resolve in a commit'), placeHolder: vscode.l10n.t('The commit that fixes it'), matchOnDescription: true },
  );
  if (!commit?.value) return undefined;
  const repository = await ui.showInputBox({
    title: vscode.l10n.t('Resolve in a commit'),
    prompt: vscode.l10n.t('The repository as Sentry knows it (owner/name, from its repository integration)'),
    value: source.repository ?? '',
    validateInput: (v) => (/^[^\s/]+(\/[^\s/]+)+$/.test(v.trim()) ? undefined : vscode.l10n.t('owner/name, as in the organization settings of Sentry.')),
  });
  return repository ? { kind: 'resolveInCommit', commit: commit.value, repository: repository.trim() } : undefined;
}

export async function askArchive(ui: AuthUi): Promise<TriageAction | undefined> {
  const item = await askMenu(ui, ARCHIVE_MENU, { title: vscode.l10n.t('Archive'), placeHolder: vscode.l10n.t('Archive until…') });
  if (!item) return undefined;
  if ('action' in item) return item.action;
  if (item.ask === 'duration') {
    const text = await ui.showInputBox({ title: vscode.l10n.t('Archive for…'), prompt: vscode.l10n.t('How long: 45m, 3h, 2d or 1w'), validateInput: (t) => errorOf(parseDuration(t)) });
    const d = text === undefined ? undefined : parseDuration(text);
    return d && 'value' in d ? { kind: 'archive', until: { minutes: d.value } } : undefined;
  }
  const events = item.ask === 'count';
  const text = await ui.showInputBox({
    title: vscode.l10n.t('Archive until…'),
    prompt: events ? vscode.l10n.t('How many more times it occurs before it comes back') : vscode.l10n.t('How many more users it affects before it comes back'),
    value: '100',
    validateInput: (t) => errorOf(parseCount(t)),
  });
  const n = text === undefined ? undefined : parseCount(text);
  if (!n || !('value' in n)) return undefined;
  const count = n.value;
  const windowPick = await ui.showQuickPick<Item<number | null>>(
    WINDOW_MENU.map((w) => ({ label: w.label, value: w.windowMinutes ?? null })),
    {
      title: events ? vscode.l10n.t('Archive until {0} more times it occurs', count) : vscode.l10n.t('Archive until {0} more users it affects', count),
      placeHolder: vscode.l10n.t('Counted over…'),
    },
  );
  if (!windowPick) return undefined;
  const windowMinutes = windowPick.value ?? undefined;
  return item.ask === 'count' ? { kind: 'archive', until: { count, windowMinutes } } : { kind: 'archive', until: { users: count, windowMinutes } };
}

export async function askPriority(ui: AuthUi): Promise<TriageAction | undefined> {
  const pick = await ui.showQuickPick<Item<Priority>>(
    PRIORITY_MENU.map((p) => ({ label: p.label, value: p.priority })),
    { title: vscode.l10n.t('Set priority') },
  );
  return pick?.value ? { kind: 'priority', priority: pick.value } : undefined;
}

/**
 * Whom to assign: Assign to Me, Unassign, then members and teams (searchable by name, email and
 * #team). null means unassign. A 403 on the member list offers a sign-in adding `member:read`.
 */
export async function askAssignee(ui: AuthUi, list: Promise<AssigneeList>, me: Assignee | undefined, signInFor: (scopes: string[]) => Promise<void>): Promise<Assignee | null | undefined> {
  const loaded = await ui.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Sentry: loading members and teams…') }, () => list);
  const items: Item<Assignee | null | 'signIn'>[] = [];
  if (me) items.push({ label: `$(person) ${vscode.l10n.t('Assign to Me')}`, description: me.email, value: { ...me, type: 'user' } });
  items.push({ label: `$(circle-slash) ${vscode.l10n.t('Unassign')}`, value: null });
  items.push({ label: vscode.l10n.t('Members'), kind: vscode.QuickPickItemKind.Separator });
  for (const m of loaded.members) items.push({ label: m.name, description: m.email, value: m });
  if (loaded.membersError instanceof ForbiddenError) {
    items.push({ label: `$(key) ${vscode.l10n.t('Sign in again to list members')}`, description: vscode.l10n.t('needs the member:read scope'), value: 'signIn' });
  } else if (loaded.membersError) {
    items.push({ label: `$(warning) ${vscode.l10n.t('Members could not be listed')}`, description: presentError(loaded.membersError).message.slice(0, 200) });
  }
  items.push({ label: vscode.l10n.t('Teams'), kind: vscode.QuickPickItemKind.Separator });
  const team = vscode.l10n.t('team');
  for (const t of loaded.teams) items.push({ label: t.name, description: team, value: t });
  if (loaded.teamsError) items.push({ label: `$(warning) ${vscode.l10n.t('Teams could not be listed')}`, description: presentError(loaded.teamsError).message.slice(0, 200) });
  const pick = await ui.showQuickPick(items, { title: vscode.l10n.t('Assign to…'), placeHolder: vscode.l10n.t('Search members and teams'), matchOnDescription: true });
  if (!pick || pick.value === undefined) return undefined;
  if (pick.value === 'signIn') {
    await signInFor(['member:read']);
    return undefined;
  }
  return pick.value;
}

function errorOf(r: object): string | undefined {
  return 'error' in r ? String(r.error) : undefined;
}
