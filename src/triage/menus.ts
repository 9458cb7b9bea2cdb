/**
 * The choices of the Resolve In…, Archive… and Set Priority… pickers, as data: each item either is
 * an action or names the follow-up question to ask. No `vscode` import: the commands only render
 * these, so what is offered (and that "until escalating" is the default) is tested here.
 */
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
  { label: 'Resolve now', description: 'comes back as a regression if it happens again', action: { kind: 'resolve' } },
  { label: 'In the next release', description: 'resolved once a newer release is out; events of older releases are ignored', action: { kind: 'resolveInNextRelease' } },
  { label: 'In the current release', description: "the project's latest release", action: { kind: 'resolveInRelease', release: 'latest' } },
  { label: 'In a commit…', description: "a commit from this workspace's git history", ask: 'commit' },
];

export const ARCHIVE_MENU: readonly MenuItem[] = [
  { label: 'Until it escalates', description: "Sentry's default: back when it happens much more than usual", picked: true, action: { kind: 'archive', until: 'escalating' } },
  { label: 'Forever', description: 'never comes back by itself', action: { kind: 'archive', until: 'forever' } },
  { label: 'For 30 minutes', action: { kind: 'archive', until: { minutes: 30 } } },
  { label: 'For 2 hours', action: { kind: 'archive', until: { minutes: 120 } } },
  { label: 'For 24 hours', action: { kind: 'archive', until: { minutes: 1_440 } } },
  { label: 'For 1 week', action: { kind: 'archive', until: { minutes: MAX_WINDOW_MINUTES } } },
  { label: 'For a custom time…', description: '45m, 3h, 2d or 1w', ask: 'duration' },
  { label: 'Until it occurs N more times…', description: 'optionally within a time window', ask: 'count' },
  { label: 'Until it affects N more users…', description: 'optionally within a time window', ask: 'users' },
];

/** Over how long a count of events or users is measured; undefined: no window (any time). */
export const WINDOW_MENU: readonly { readonly label: string; readonly windowMinutes: number | undefined }[] = [
  { label: 'At any time', windowMinutes: undefined },
  { label: 'Within an hour', windowMinutes: 60 },
  { label: 'Within 24 hours', windowMinutes: 1_440 },
  { label: 'Within a week', windowMinutes: MAX_WINDOW_MINUTES },
];

export const PRIORITY_MENU: readonly { readonly label: string; readonly priority: Priority }[] = [
  { label: 'High', priority: 'high' },
  { label: 'Medium', priority: 'medium' },
  { label: 'Low', priority: 'low' },
];
