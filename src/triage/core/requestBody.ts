/**
 * The JSON body of a triage PUT, exactly as Sentry's OpenAPI documents it for
 * `PUT /organizations/{org}/issues/{id}/` and the bulk `PUT /organizations/{org}/issues/?id=…`.
 * No `vscode` import.
 *
 * Only the fields an action changes are sent ("Only the attributes submitted are modified"); the
 * document's `required` list names every field, which is its generator's doing, not the server's.
 */
import * as l10n from '@vscode/l10n';
import type { ArchiveUntil, Priority, TriageAction } from './actions';
import { validateArchiveUntil } from './archiveRules';

export type ArchivedSubstatus = 'archived_until_escalating' | 'archived_until_condition_met' | 'archived_forever';
export type UnresolvedSubstatus = 'ongoing' | 'regressed' | 'escalating' | 'new';

/** Type aliases, not interfaces: the client takes any `Readonly<Record<string, unknown>>`. */
export type StatusDetailsBody = {
  readonly inNextRelease?: true;
  readonly inRelease?: string;
  readonly inCommit?: { readonly commit: string; readonly repository: string };
  readonly ignoreDuration?: number;
  readonly ignoreCount?: number;
  readonly ignoreWindow?: number;
  readonly ignoreUserCount?: number;
  readonly ignoreUserWindow?: number;
};

export type TriageBody = {
  readonly status?: 'resolved' | 'unresolved' | 'ignored';
  readonly substatus?: ArchivedSubstatus | UnresolvedSubstatus;
  readonly statusDetails?: StatusDetailsBody;
  /** `user:<id>`, `team:<id>`, or `''` to unassign. */
  readonly assignedTo?: string;
  readonly isBookmarked?: boolean;
  readonly isSubscribed?: boolean;
  readonly hasSeen?: boolean;
  /** true = mark reviewed (out of "For Review"); false puts it back. */
  readonly inbox?: boolean;
  readonly priority?: Priority;
};

/** Throws RangeError for a value the server would refuse (the prompts check first, with a message). */
export function requestBody(action: TriageAction): TriageBody {
  switch (action.kind) {
    case 'resolve':
      // An empty statusDetails replaces a previous resolution's details (in release X, ...).
      return { status: 'resolved', statusDetails: {} };
    case 'resolveInNextRelease':
      // Sentry's own UI sends this form; `status: resolvedInNextRelease` is the older spelling of it.
      return { status: 'resolved', statusDetails: { inNextRelease: true } };
    case 'resolveInRelease':
      return { status: 'resolved', statusDetails: { inRelease: nonBlank(action.release, () => l10n.t('A release is needed to resolve in it.')) } };
    case 'resolveInCommit':
      return {
        status: 'resolved',
        statusDetails: {
          inCommit: {
            commit: nonBlank(action.commit, () => l10n.t('A commit is needed to resolve in it.')),
            repository: nonBlank(action.repository, () => l10n.t('A repository is needed to resolve in it.')),
          },
        },
      };
    case 'archive':
      return archiveBody(action.until);
    case 'unresolve':
    case 'unarchive':
      // No substatus: the server infers it (`new` for a young issue coming back, else `ongoing`).
      return { status: 'unresolved', statusDetails: {} };
    case 'assign':
      return { assignedTo: action.assignee ? `${action.assignee.type}:${actorId(action.assignee.id)}` : '' };
    case 'bookmark':
      return { isBookmarked: action.on };
    case 'subscribe':
      return { isSubscribed: action.on };
    case 'markReviewed':
      return { inbox: true };
    case 'markSeen':
      return { hasSeen: true };
    case 'priority':
      return { priority: action.priority };
  }
}

/**
 * An archive always names its substatus: without one the server infers `archived_forever` for
 * any body without a condition, which is how other clients archived forever by mistake.
 */
export function archiveBody(until: ArchiveUntil): TriageBody {
  const problem = validateArchiveUntil(until);
  if (problem) throw new RangeError(problem);
  if (until === 'escalating') return { status: 'ignored', substatus: 'archived_until_escalating', statusDetails: {} };
  if (until === 'forever') return { status: 'ignored', substatus: 'archived_forever', statusDetails: {} };
  return { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: conditionOf(until) };
}

/** Exactly one condition: the server (and Sentry's sandbox) refuse two. */
function conditionOf(until: Exclude<ArchiveUntil, 'escalating' | 'forever'>): StatusDetailsBody {
  if ('minutes' in until) return { ignoreDuration: until.minutes };
  if ('count' in until) return until.windowMinutes === undefined ? { ignoreCount: until.count } : { ignoreCount: until.count, ignoreWindow: until.windowMinutes };
  return until.windowMinutes === undefined ? { ignoreUserCount: until.users } : { ignoreUserCount: until.users, ignoreUserWindow: until.windowMinutes };
}

/**
 * Whether the server takes this body for issues of one project only: a resolution in the next
 * release, in a release or in a commit over several projects is a 400 ("Cannot set resolved in
 * release for multiple projects").
 */
export function needsSingleProject(body: TriageBody): boolean {
  const d = body.statusDetails;
  return (body.status as string | undefined) === 'resolvedInNextRelease' || (d !== undefined && (d.inNextRelease !== undefined || d.inRelease !== undefined || d.inCommit !== undefined));
}

function nonBlank(value: string, problem: () => string): string {
  const v = value.trim();
  if (!v) throw new RangeError(problem());
  return v;
}

/** A colon or space would make `type:id` name someone else, or nobody. */
function actorId(id: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new RangeError(l10n.t('Not an assignee id: {0}.', JSON.stringify(id.slice(0, 40))));
  return id;
}
