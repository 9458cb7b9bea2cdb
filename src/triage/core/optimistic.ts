/**
 * What an issue shows the moment a triage action is taken, before Sentry answers: the fields in
 * the shape a GET of the issue has them, so views, filters and a later Undo read them like any
 * server state. No `vscode` import.
 */
import type { Issue } from '../../model/issue/schema';
import type { ArchiveUntil, TriageAction } from './actions';
import { archiveBody } from './requestBody';

export interface ChangeContext {
  /** The signed-in user: Sentry records them as the `actor` of a resolution or an archive. */
  readonly me?: { readonly id: string; readonly name: string; readonly email?: string };
  /** Epoch ms; an archive "for 30 minutes" shows until when (`ignoreUntil`), as a GET says it. */
  readonly now?: number;
}

export function optimisticChange(action: TriageAction, ctx: ChangeContext = {}): Partial<Issue> {
  const actor = ctx.me ? { actor: { id: ctx.me.id, name: ctx.me.name, ...(ctx.me.email ? { email: ctx.me.email } : {}) } } : {};
  switch (action.kind) {
    case 'resolve':
      return resolved({ ...actor });
    case 'resolveInNextRelease':
      return resolved({ inNextRelease: true, ...actor });
    case 'resolveInRelease':
      // `latest` stays as typed until the answer names the version.
      return resolved({ inRelease: action.release.trim(), ...actor });
    case 'resolveInCommit':
      return resolved({ inCommit: { commit: action.commit.trim(), repository: action.repository.trim() }, ...actor });
    case 'archive':
      return { status: 'ignored', substatus: archiveBody(action.until).substatus, statusDetails: { ...archivedDetails(action.until, ctx.now ?? Date.now()), ...actor } };
    case 'unresolve':
    case 'unarchive':
      // The server may say `new` for a young issue; `ongoing` is its usual word and the answer corrects it.
      return { status: 'unresolved', substatus: 'ongoing', statusDetails: {} };
    case 'assign':
      return {
        assignedTo: action.assignee ? { type: action.assignee.type, id: action.assignee.id, name: action.assignee.name, ...(action.assignee.email ? { email: action.assignee.email } : {}) } : null,
      };
    case 'bookmark':
      return { isBookmarked: action.on };
    case 'subscribe':
      return { isSubscribed: action.on };
    case 'markSeen':
      return { hasSeen: true };
    case 'priority':
      return { priority: action.priority };
    case 'markReviewed':
      // The inbox is not among the fields an issue list carries, and the PUT answers `inbox: true`
      // (the request's flag), not the issue's inbox object: nothing to show that would stay true.
      return {};
  }
}

function resolved(statusDetails: Record<string, unknown>): Partial<Issue> {
  return { status: 'resolved', substatus: null, statusDetails };
}

/** A GET names an archive's end by date (`ignoreUntil`), its counts as sent. */
function archivedDetails(until: ArchiveUntil, now: number): Record<string, unknown> {
  if (until === 'escalating' || until === 'forever') return {};
  if ('minutes' in until) return { ignoreUntil: new Date(now + until.minutes * 60_000).toISOString() };
  return { ...archiveBody(until).statusDetails };
}
