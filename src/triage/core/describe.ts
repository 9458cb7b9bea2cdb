/**
 * The sentences a triage action is reported with: what is happening, what happened, what failed
 * and what to do about it. No `vscode` import: the commands show them, tests read them.
 *
 * One issue is named by its short ID ("Resolved WEB-4"), several by their number ("Resolved 3
 * issues"). Sentences carry no final period, so the caller may append a reason or an Undo hint.
 * Each sentence is one localized string (l10n.t) with the subject as `{0}`.
 */
import * as l10n from '@vscode/l10n';
import type { ArchiveUntil, Priority, TriageAction } from './actions';

export type Phase = 'done' | 'progress';

/** "Resolved WEB-4", "Archived 3 issues until they escalate"; `progress`: "Resolving WEB-4". */
export function describeAction(action: TriageAction, count: number, shortId?: string, phase: Phase = 'done'): string {
  const s = subject(count, shortId);
  return phase === 'done' ? done(action, s, count === 1) : doing(action, s);
}

/**
 * "Could not resolve WEB-4", and with a reason "Could not resolve WEB-4: <reason>. <advice>".
 * Without a reason the caller appends its own (the commands add the server's words).
 */
export function describeFailure(action: TriageAction, count: number, shortId?: string, reason?: string, advice?: string): string {
  const head = couldNot(action, subject(count, shortId));
  if (!reason) return head;
  const r = reason.trim().replace(/[.\s]+$/, '');
  return advice ? `${head}: ${r}. ${advice.trim()}` : `${head}: ${r}.`;
}

/**
 * A change Sentry answered but did not make on every issue (`unchanged` of them; the reasons are
 * IssueWriter's): "Could not resolve 2 issues: Sentry found none of them (…)", or with some changed
 * "Resolved 3 issues; 2 of 5 were not changed: Sentry skipped issues deleted or merged (…)". The
 * writes name their issues' projects, so a project the user is on no team of is no longer a reason.
 */
export function describeUnchanged(action: TriageAction, total: number, changed: number, unchanged: { readonly notFound: number; readonly skipped: number }, shortId?: string): string {
  const count = unchanged.notFound + unchanged.skipped;
  const reason =
    unchanged.skipped === 0
      ? count === 1
        ? l10n.t('Sentry did not find it: it may have been deleted or merged into another issue')
        : l10n.t('Sentry found none of them: they may have been deleted or merged into other issues')
      : l10n.t('Sentry skipped issues deleted or merged since they were listed; their change is undone here');
  if (changed === 0) return `${couldNot(action, subject(count, shortId))}: ${reason}`;
  return l10n.t({
    message: '{0}; {1} of {2} were not changed: {3}',
    args: [done(action, subject(changed, undefined), changed === 1), num(count), num(total), reason],
    comment: '{0} says what was done: "Resolved 3 issues"; {1} and {2} are numbers; {3} is the reason',
  });
}

/** What to do after a failed write, by the HTTP status of the answer (undefined: no answer came). */
export function failureAdvice(status?: number): string {
  if (status === undefined) return l10n.t('Check the connection to Sentry and try again.');
  if (status === 401) return l10n.t('Sign in to Sentry again, then retry.');
  if (status === 403) return l10n.t('Changing issues needs the event:write scope: sign in again to add it.');
  if (status === 404) return l10n.t('The issue may have been deleted or merged: refresh the list.');
  if (status === 400) return l10n.t('Sentry refused the change as sent: check the release or commit, or try it in Sentry.');
  if (status === 429) return l10n.t('Sentry is limiting requests: wait a minute, then retry.');
  return l10n.t('Try again; if it keeps failing, see the log.');
}

/** Human words for minutes: "30 minutes", "2 hours", "24 hours", "3 days", "1 week". */
export function formatMinutes(minutes: number): string {
  if (minutes % 10_080 === 0) return weeks(minutes / 10_080);
  if (minutes % 1_440 === 0 && minutes >= 2_880) return days(minutes / 1_440);
  if (minutes % 60 === 0) return hours(minutes / 60);
  return minutes === 1 ? l10n.t('{0} minute', num(minutes)) : l10n.t('{0} minutes', num(minutes));
}

/** The archive's condition as a phrase: "until it escalates", "for 2 hours", "until they occur 100 more times within 1 hour". */
export function describeUntil(until: ArchiveUntil, one = true): string {
  if (until === 'escalating') return one ? l10n.t('until it escalates') : l10n.t('until they escalate');
  if (until === 'forever') return l10n.t('forever');
  if ('minutes' in until) return l10n.t('for {0}', formatMinutes(until.minutes));
  const w = until.windowMinutes === undefined ? undefined : formatMinutes(until.windowMinutes);
  if ('count' in until) {
    const n = num(until.count);
    const single = until.count === 1;
    if (w === undefined) {
      if (one) return single ? l10n.t('until it occurs {0} more time', n) : l10n.t('until it occurs {0} more times', n);
      return single ? l10n.t('until each occurs {0} more time', n) : l10n.t('until each occurs {0} more times', n);
    }
    if (one) return single ? l10n.t('until it occurs {0} more time within {1}', n, w) : l10n.t('until it occurs {0} more times within {1}', n, w);
    return single ? l10n.t('until each occurs {0} more time within {1}', n, w) : l10n.t('until each occurs {0} more times within {1}', n, w);
  }
  const n = num(until.users);
  const single = until.users === 1;
  if (w === undefined) {
    if (one) return single ? l10n.t('until it affects {0} more user', n) : l10n.t('until it affects {0} more users', n);
    return single ? l10n.t('until each affects {0} more user', n) : l10n.t('until each affects {0} more users', n);
  }
  if (one) return single ? l10n.t('until it affects {0} more user within {1}', n, w) : l10n.t('until it affects {0} more users within {1}', n, w);
  return single ? l10n.t('until each affects {0} more user within {1}', n, w) : l10n.t('until each affects {0} more users within {1}', n, w);
}

/** A priority in words, as the sentences use it ("to high"). */
export function priorityWord(priority: Priority): string {
  switch (priority) {
    case 'high':
      return l10n.t({ message: 'high', comment: 'an issue priority, as in "Set the priority of WEB-4 to high"' });
    case 'medium':
      return l10n.t({ message: 'medium', comment: 'an issue priority, as in "Set the priority of WEB-4 to medium"' });
    case 'low':
      return l10n.t({ message: 'low', comment: 'an issue priority, as in "Set the priority of WEB-4 to low"' });
  }
  return priority;
}

/** The short ID of one issue, else "1 issue" / "3 issues": the `{0}` of every sentence. */
function subject(count: number, shortId: string | undefined): string {
  if (count === 1 && shortId) return shortId;
  return count === 1 ? l10n.t('1 issue') : l10n.t('{0} issues', num(count));
}

/** The past-tense sentence, with its details. `{0}` is a short ID (WEB-4) or a number of issues (3 issues). */
function done(action: TriageAction, s: string, one: boolean): string {
  switch (action.kind) {
    case 'resolve':
      return l10n.t('Resolved {0}', s);
    case 'resolveInNextRelease':
      return l10n.t('Resolved {0} in the next release', s);
    case 'resolveInRelease':
      return action.release === 'latest' ? l10n.t('Resolved {0} in the current release', s) : l10n.t('Resolved {0} in release {1}', s, action.release);
    case 'resolveInCommit':
      return l10n.t('Resolved {0} in commit {1} of {2}', s, action.commit.slice(0, 12), action.repository);
    case 'archive':
      return l10n.t({
        message: 'Archived {0} {1}',
        args: [s, describeUntil(action.until, one)],
        comment: '{0} is a short ID or a number of issues; {1} is the condition: "until it escalates", "forever", "for 2 hours"',
      });
    case 'unresolve':
      return l10n.t('Unresolved {0}', s);
    case 'unarchive':
      return l10n.t('Unarchived {0}', s);
    case 'assign':
      return action.assignee ? l10n.t('Assigned {0} to {1}', s, action.assignee.name) : l10n.t('Unassigned {0}', s);
    case 'bookmark':
      return action.on ? l10n.t('Bookmarked {0}', s) : l10n.t('Removed the bookmark from {0}', s);
    case 'subscribe':
      return action.on ? l10n.t('Subscribed to {0}', s) : l10n.t('Unsubscribed from {0}', s);
    case 'markReviewed':
      return l10n.t('Marked {0} as reviewed', s);
    case 'markSeen':
      return l10n.t('Marked {0} as seen', s);
    case 'priority':
      return l10n.t('Set the priority of {0} to {1}', s, priorityWord(action.priority));
  }
}

/** The sentence while it happens: the progressive verb, no details. */
function doing(action: TriageAction, s: string): string {
  switch (action.kind) {
    case 'resolve':
    case 'resolveInNextRelease':
    case 'resolveInRelease':
    case 'resolveInCommit':
      return l10n.t('Resolving {0}', s);
    case 'archive':
      return l10n.t('Archiving {0}', s);
    case 'unresolve':
      return l10n.t('Unresolving {0}', s);
    case 'unarchive':
      return l10n.t('Unarchiving {0}', s);
    case 'assign':
      return action.assignee ? l10n.t('Assigning {0}', s) : l10n.t('Unassigning {0}', s);
    case 'bookmark':
      return action.on ? l10n.t('Bookmarking {0}', s) : l10n.t('Removing the bookmark from {0}', s);
    case 'subscribe':
      return action.on ? l10n.t('Subscribing to {0}', s) : l10n.t('Unsubscribing from {0}', s);
    case 'markReviewed':
      return l10n.t('Marking {0} as reviewed', s);
    case 'markSeen':
      return l10n.t('Marking {0} as seen', s);
    case 'priority':
      return l10n.t('Setting the priority of {0}', s);
  }
}

/** "Could not resolve WEB-4", "Could not assign 3 issues to Jane Doe". */
function couldNot(action: TriageAction, s: string): string {
  switch (action.kind) {
    case 'resolve':
    case 'resolveInNextRelease':
    case 'resolveInRelease':
    case 'resolveInCommit':
      return l10n.t('Could not resolve {0}', s);
    case 'archive':
      return l10n.t('Could not archive {0}', s);
    case 'unresolve':
      return l10n.t('Could not unresolve {0}', s);
    case 'unarchive':
      return l10n.t('Could not unarchive {0}', s);
    case 'assign':
      return action.assignee ? l10n.t('Could not assign {0} to {1}', s, action.assignee.name) : l10n.t('Could not unassign {0}', s);
    case 'bookmark':
      return action.on ? l10n.t('Could not bookmark {0}', s) : l10n.t('Could not remove the bookmark from {0}', s);
    case 'subscribe':
      return action.on ? l10n.t('Could not subscribe to {0}', s) : l10n.t('Could not unsubscribe from {0}', s);
    case 'markReviewed':
      return l10n.t('Could not mark {0} as reviewed', s);
    case 'markSeen':
      return l10n.t('Could not mark {0} as seen', s);
    case 'priority':
      return l10n.t('Could not set the priority of {0} to {1}', s, priorityWord(action.priority));
  }
}

function weeks(n: number): string {
  return n === 1 ? l10n.t('{0} week', num(n)) : l10n.t('{0} weeks', num(n));
}

function days(n: number): string {
  return n === 1 ? l10n.t('{0} day', num(n)) : l10n.t('{0} days', num(n));
}

function hours(n: number): string {
  return n === 1 ? l10n.t('{0} hour', num(n)) : l10n.t('{0} hours', num(n));
}

function num(n: number): string {
  return n.toLocaleString('en-US');
}
