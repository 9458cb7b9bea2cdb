/**
 * The choices of the Resolve In…, Archive… and Set Priority… pickers, as data: each item either is
 * an action or names the follow-up question to ask. No `vscode` import: the commands only render
 * these, so what is offered (and that "until escalating" is the default) is tested here.
 * Labels and descriptions are getters: read when a picker opens, they come out in the language
 * activate() configured, not in whatever was set when this module was imported.
 */
import * as l10n from '@vscode/l10n';
import type { Priority, TriageAction } from './actions';
import { MAX_WINDOW_MINUTES } from './archiveRules';

/** A follow-up the glue asks before it has an action. */
export type FollowUp =
  /** A commit from the workspace's history, then the repository (`owner/name`). */
  | 'commit'
  /** A custom duration ("45m", "3h", "2d", "1w"). */
  | 'duration'
  /** How many more events, then the window (WINDOW_MENU). */
  | 'count'
  /** How many more users, then the window (WINDOW_MENU). */
  | 'users';

export type MenuItem = { readonly label: string; readonly description?: string; readonly picked?: boolean } & ({ readonly action: TriageAction } | { readonly ask: FollowUp });

export const RESOLVE_MENU: readonly MenuItem[] = [
  {
    get label() {
      return l10n.t('Resolve now');
    },
    get description() {
      return l10n.t('comes back as a regression if it happens again');
    },
    action: { kind: 'resolve' },
  },
  {
    get label() {
      return l10n.t('In the next release');
    },
    get description() {
      return l10n.t('resolved once a newer release is out; events of older releases are ignored');
    },
    action: { kind: 'resolveInNextRelease' },
  },
  {
    get label() {
      return l10n.t('In the current release');
    },
    get description() {
      return l10n.t("the project's latest release");
    },
    action: { kind: 'resolveInRelease', release: 'latest' },
  },
  {
    get label() {
      return l10n.t('In a commit…');
    },
    get description() {
      return l10n.t("a commit from this workspace's git history");
    },
    ask: 'commit',
  },
];

/**
 * RESOLVE_MENU with the release the two release choices will name, when the project's newest release
 * is known: "the next release" is whatever comes after it, "the current release" is it.
 */
export function resolveMenu(current: string | undefined): readonly MenuItem[] {
  if (!current) return RESOLVE_MENU;
  return RESOLVE_MENU.map((m) => {
    if (!('action' in m)) return m;
    if (m.action.kind === 'resolveInNextRelease') return { ...m, label: m.label, description: l10n.t('the release after {0}; events of older releases are ignored', current) };
    if (m.action.kind === 'resolveInRelease') return { ...m, label: m.label, description: l10n.t("release {0}, the project's latest", current) };
    return m;
  });
}

export const ARCHIVE_MENU: readonly MenuItem[] = [
  {
    get label() {
      return l10n.t('Until it escalates');
    },
    get description() {
      return l10n.t("Sentry's default: back when it happens much more than usual");
    },
    picked: true,
    action: { kind: 'archive', until: 'escalating' },
  },
  {
    get label() {
      return l10n.t('Forever');
    },
    get description() {
      return l10n.t('never comes back by itself');
    },
    action: { kind: 'archive', until: 'forever' },
  },
  {
    get label() {
      return l10n.t('For 30 minutes');
    },
    action: { kind: 'archive', until: { minutes: 30 } },
  },
  {
    get label() {
      return l10n.t('For 2 hours');
    },
    action: { kind: 'archive', until: { minutes: 120 } },
  },
  {
    get label() {
      return l10n.t('For 24 hours');
    },
    action: { kind: 'archive', until: { minutes: 1_440 } },
  },
  {
    get label() {
      return l10n.t('For 1 week');
    },
    action: { kind: 'archive', until: { minutes: MAX_WINDOW_MINUTES } },
  },
  {
    get label() {
      return l10n.t('For a custom time…');
    },
    get description() {
      return l10n.t('45m, 3h, 2d or 1w');
    },
    ask: 'duration',
  },
  {
    get label() {
      return l10n.t('Until it occurs N more times…');
    },
    get description() {
      return l10n.t('optionally within a time window');
    },
    ask: 'count',
  },
  {
    get label() {
      return l10n.t('Until it affects N more users…');
    },
    get description() {
      return l10n.t('optionally within a time window');
    },
    ask: 'users',
  },
];

/** Over how long a count of events or users is measured; undefined: no window (any time). */
export const WINDOW_MENU: readonly { readonly label: string; readonly windowMinutes: number | undefined }[] = [
  {
    get label() {
      return l10n.t('At any time');
    },
    windowMinutes: undefined,
  },
  {
    get label() {
      return l10n.t('Within an hour');
    },
    windowMinutes: 60,
  },
  {
    get label() {
      return l10n.t('Within 24 hours');
    },
    windowMinutes: 1_440,
  },
  {
    get label() {
      return l10n.t('Within a week');
    },
    windowMinutes: MAX_WINDOW_MINUTES,
  },
];

export const PRIORITY_MENU: readonly { readonly label: string; readonly priority: Priority }[] = [
  {
    get label() {
      return l10n.t('High');
    },
    priority: 'high',
  },
  {
    get label() {
      return l10n.t('Medium');
    },
    priority: 'medium',
  },
  {
    get label() {
      return l10n.t('Low');
    },
    priority: 'low',
  },
];
