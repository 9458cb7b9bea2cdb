/**
 * The triage actions a person can take on one issue or many, as data. No `vscode` import: the
 * commands ask, this core decides what is sent (./requestBody), what shows at once (./optimistic),
 * how to take it back (./undo) and what to say (./describe).
 *
 * The action is kept apart from the wire body so that Undo, the messages and the menus reason
 * about intent ("archive until 100 more events"), never about a half-built JSON object.
 */
export { requestBody, type TriageBody, type StatusDetailsBody } from './requestBody';
export { optimisticChange, type ChangeContext } from './optimistic';
export { undoOf, type UndoGroup } from './undo';

export type Priority = 'low' | 'medium' | 'high';

/**
 * How long an archive lasts. 'escalating' is Sentry's default; every other variant names its
 * condition, so "forever" is only ever what someone picked.
 */
export type ArchiveUntil =
  'escalating' | 'forever' | { readonly minutes: number } | { readonly count: number; readonly windowMinutes?: number } | { readonly users: number; readonly windowMinutes?: number };

/** Same shape as the `assignedTo` object Sentry answers with, so it can be shown before the answer. */
export interface TriageAssignee {
  readonly type: 'user' | 'team';
  /** The user's id (not the membership's) or the team's id. */
  readonly id: string;
  readonly name: string;
  readonly email?: string;
}

export type TriageAction =
  | { readonly kind: 'resolve' }
  | { readonly kind: 'resolveInNextRelease' }
  /** `latest` lets the server pick each project's latest release ("the current release"). */
  | { readonly kind: 'resolveInRelease'; readonly release: 'latest' | (string & {}) }
  /** `repository` is the name Sentry's repository integration knows (`owner/name`). */
  | { readonly kind: 'resolveInCommit'; readonly commit: string; readonly repository: string }
  | { readonly kind: 'archive'; readonly until: ArchiveUntil }
  | { readonly kind: 'unresolve' }
  | { readonly kind: 'unarchive' }
  /** null unassigns. */
  | { readonly kind: 'assign'; readonly assignee: TriageAssignee | null }
  | { readonly kind: 'bookmark'; readonly on: boolean }
  | { readonly kind: 'subscribe'; readonly on: boolean }
  | { readonly kind: 'markReviewed' }
  | { readonly kind: 'markSeen' }
  | { readonly kind: 'priority'; readonly priority: Priority };

export type TriageKind = TriageAction['kind'];

/** The OAuth scope every issue write needs (event:admin includes it); a 403 asks for a sign-in adding it. */
export type TriageScope = 'event:write';

export function requiredScope(_action: TriageAction): TriageScope {
  return 'event:write';
}
