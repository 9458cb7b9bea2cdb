/**
 * How to take a triage action back: per issue, the body that restores what it was before, grouped
 * so issues that were in the same state share one request. No `vscode` import.
 *
 * Restoring means the previous state itself, not the action's opposite: an issue archived until
 * 100 more events comes back archived until 100 more events, an issue assigned to a team gets the
 * team back, an unassigned one is unassigned again. Issues the action did not change, and fields
 * whose previous value is unknown (or that Sentry cannot set back, such as "no priority"), get no
 * request: a guessed undo would be a second, unasked-for change.
 */
import type { Issue } from '../../model/issue/schema';
import type { ArchiveUntil, TriageAction } from './actions';
import { MAX_COUNT, MAX_DURATION_MINUTES, MAX_WINDOW_MINUTES } from './archiveRules';
import { archiveBody, needsSingleProject, requestBody, type StatusDetailsBody, type TriageBody, type UnresolvedSubstatus } from './requestBody';

export interface UndoGroup {
  readonly ids: readonly string[];
  readonly body: TriageBody;
  /** What the issues show again at once; the server's answer confirms it. */
  readonly change: Partial<Issue>;
}

interface Restore {
  readonly body: TriageBody;
  readonly change: Partial<Issue>;
}

const UNRESOLVED_SUBSTATUSES: readonly string[] = ['ongoing', 'regressed', 'escalating', 'new'] satisfies UnresolvedSubstatus[];
const PRIORITIES: readonly string[] = ['low', 'medium', 'high'];
const ACTOR_ID = /^[A-Za-z0-9_-]+$/;

/**
 * `before`: the issues as they were when the action was taken. `now` (epoch ms) turns an archive's
 * end date back into the minutes left. Groups keep the order of `before`; an issue appears once.
 */
export function undoOf(action: TriageAction, before: readonly Issue[], now: number = Date.now()): UndoGroup[] {
  const done = canonical(requestBody(action));
  const groups = new Map<string, { ids: string[]; body: TriageBody; change: Partial<Issue> }>();
  const seen = new Set<string>();
  for (const issue of before) {
    if (seen.has(issue.id)) continue;
    seen.add(issue.id);
    const restore = restoreOf(action, issue, now);
    if (!restore) continue;
    const body = canonical(restore.body);
    if (body === done) continue; // the action changed nothing on this issue
    // A resolution with release or commit data is refused over several projects: one group per project.
    const key = needsSingleProject(restore.body) ? `${body} project:${issue.project.id}` : body;
    const group = groups.get(key);
    if (group) group.ids.push(issue.id);
    else groups.set(key, { ids: [issue.id], body: restore.body, change: restore.change });
  }
  return [...groups.values()];
}

function restoreOf(action: TriageAction, issue: Issue, now: number): Restore | undefined {
  switch (action.kind) {
    case 'resolve':
    case 'resolveInNextRelease':
    case 'resolveInRelease':
    case 'resolveInCommit':
    case 'archive':
    case 'unresolve':
    case 'unarchive':
      return statusRestore(issue, now);
    case 'assign':
      return assigneeRestore(issue.assignedTo);
    case 'bookmark':
      return typeof issue.isBookmarked === 'boolean' ? { body: { isBookmarked: issue.isBookmarked }, change: { isBookmarked: issue.isBookmarked } } : undefined;
    case 'subscribe':
      return typeof issue.isSubscribed === 'boolean' ? { body: { isSubscribed: issue.isSubscribed }, change: { isSubscribed: issue.isSubscribed } } : undefined;
    case 'markSeen':
      return issue.hasSeen === false ? { body: { hasSeen: false }, change: { hasSeen: false } } : undefined;
    case 'markReviewed': {
      // Lists carry no inbox field; an issue known to be out of the inbox is not put into it.
      const inbox = (issue as { inbox?: unknown }).inbox;
      return inbox === null || inbox === false ? undefined : { body: { inbox: false }, change: {} };
    }
    case 'priority': {
      const p = (issue as { priority?: unknown }).priority;
      return typeof p === 'string' && PRIORITIES.includes(p) ? { body: { priority: p as 'low' | 'medium' | 'high' }, change: { priority: p } } : undefined;
    }
  }
}

function assigneeRestore(assignedTo: Issue['assignedTo']): Restore | undefined {
  if (assignedTo === undefined) return undefined;
  if (assignedTo === null) return { body: { assignedTo: '' }, change: { assignedTo: null } };
  const { type, id } = assignedTo;
  if ((type !== 'user' && type !== 'team') || typeof id !== 'string' || !ACTOR_ID.test(id)) return undefined;
  return { body: { assignedTo: `${type}:${id}` }, change: { assignedTo } };
}

/** The status, substatus and status details the issue had, sent the way Sentry takes them. */
function statusRestore(issue: Issue, now: number): Restore | undefined {
  const details = issue.statusDetails ?? {};
  const substatus = (issue as { substatus?: unknown }).substatus;
  const change: Partial<Issue> = { status: issue.status, substatus, statusDetails: details };
  switch (issue.status) {
    case 'unresolved': {
      const sub = typeof substatus === 'string' && UNRESOLVED_SUBSTATUSES.includes(substatus) ? (substatus as UnresolvedSubstatus) : undefined;
      return { body: sub ? { status: 'unresolved', substatus: sub, statusDetails: {} } : { status: 'unresolved', statusDetails: {} }, change };
    }
    case 'resolved':
    case 'resolvedInNextRelease':
      return { body: { status: 'resolved', statusDetails: resolutionOf(details, issue.status === 'resolvedInNextRelease') }, change: { ...change, status: 'resolved' } };
    case 'ignored':
    case 'muted':
      return { body: archiveBody(archiveUntilOf(details, substatus, now)), change: { ...change, status: 'ignored' } };
    default:
      // pending_deletion, pending_merge, reprocessing: nothing a client can set back.
      return undefined;
  }
}

/**
 * A GET names a commit resolution by the commit's serialization (`{id, repository: {name}}`) or,
 * as the OpenAPI has it, a bare string; without a repository name it can only be resolved plainly.
 */
function resolutionOf(details: Record<string, unknown>, nextRelease: boolean): StatusDetailsBody {
  if (nextRelease || details.inNextRelease === true) return { inNextRelease: true };
  if (typeof details.inRelease === 'string' && details.inRelease.trim()) return { inRelease: details.inRelease };
  const c = details.inCommit;
  if (c && typeof c === 'object') {
    const o = c as Record<string, unknown>;
    const commit = typeof o.commit === 'string' ? o.commit : typeof o.id === 'string' ? o.id : undefined;
    const repo = o.repository;
    const repository = typeof repo === 'string' ? repo : repo && typeof repo === 'object' && typeof (repo as { name?: unknown }).name === 'string' ? (repo as { name: string }).name : undefined;
    if (commit?.trim() && repository?.trim()) return { inCommit: { commit, repository } };
  }
  return {};
}

/**
 * The archive an issue was under. A condition in the details wins (the server names an archive
 * "for N minutes" by its end date, so the minutes left are sent). Without one, only an explicit
 * `archived_forever`, or a server too old to have substatuses (where that is what "ignored"
 * meant), comes back forever; anything else comes back until escalating, Sentry's default.
 */
function archiveUntilOf(details: Record<string, unknown>, substatus: unknown, now: number): ArchiveUntil {
  const until = typeof details.ignoreUntil === 'string' ? Date.parse(details.ignoreUntil) : NaN;
  if (Number.isFinite(until)) return { minutes: clamp(Math.ceil((until - now) / 60_000), MAX_DURATION_MINUTES) };
  const duration = positiveInt(details.ignoreDuration);
  if (duration) return { minutes: clamp(duration, MAX_DURATION_MINUTES) };
  const count = positiveInt(details.ignoreCount);
  if (count) return withWindow({ count: clamp(count, MAX_COUNT) }, details.ignoreWindow);
  const users = positiveInt(details.ignoreUserCount);
  if (users) return withWindow({ users: clamp(users, MAX_COUNT) }, details.ignoreUserWindow);
  if (substatus === 'archived_forever' || substatus === undefined || substatus === null) return 'forever';
  return 'escalating';
}

function withWindow<T extends object>(until: T, window: unknown): T & { windowMinutes?: number } {
  const w = positiveInt(window);
  return w ? { ...until, windowMinutes: clamp(w, MAX_WINDOW_MINUTES) } : until;
}

function positiveInt(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined;
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(n, 1), max);
}

/** JSON with sorted keys: two bodies that mean the same share a group whatever order built them. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
}
