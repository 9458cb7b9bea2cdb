/**
 * The sentences a triage action is reported with: what is happening, what happened, what failed
 * and what to do about it. No `vscode` import: the commands show them, tests read them.
 *
 * One issue is named by its short ID ("Resolved WEB-4"), several by their number ("Resolved 3
 * issues"). Sentences carry no final period, so the caller may append a reason or an Undo hint.
 */
import type { ArchiveUntil, TriageAction } from './actions';

export type Phase = 'done' | 'progress';

/** "Resolved WEB-4", "Archived 3 issues until they escalate"; `progress`: "Resolving WEB-4". */
export function describeAction(action: TriageAction, count: number, shortId?: string, phase: Phase = 'done'): string {
  const s = subject(count, shortId);
  const one = count === 1;
  const [done, doing] = verbs(action);
  const verb = phase === 'done' ? done : doing;
  return `${verb.replace('%s', s)}${phase === 'done' ? detail(action, one) : ''}`;
}

/**
 * "Could not resolve WEB-4", and with a reason "Could not resolve WEB-4: <reason>. <advice>".
 * Without a reason the caller appends its own (the commands add the server's words).
 */
export function describeFailure(action: TriageAction, count: number, shortId?: string, reason?: string, advice?: string): string {
  const head = `Could not ${infinitive(action).replace('%s', subject(count, shortId))}`;
  if (!reason) return head;
  const r = reason.trim().replace(/[.\s]+$/, '');
  return advice ? `${head}: ${r}. ${advice.trim()}` : `${head}: ${r}.`;
}

/** What to do after a failed write, by the HTTP status of the answer (undefined: no answer came). */
export function failureAdvice(status?: number): string {
  if (status === undefined) return 'Check the connection to Sentry and try again.';
  if (status === 401) return 'Sign in to Sentry again, then retry.';
  if (status === 403) return 'Changing issues needs the event:write scope: sign in again to add it.';
  if (status === 404) return 'The issue may have been deleted or merged: refresh the list.';
  if (status === 400) return 'Sentry refused the change as sent: check the release or commit, or try it in Sentry.';
  if (status === 429) return 'Sentry is limiting requests: wait a minute, then retry.';
  return 'Try again; if it keeps failing, see the log.';
}

/** Human words for minutes: "30 minutes", "2 hours", "24 hours", "3 days", "1 week". */
export function formatMinutes(minutes: number): string {
  if (minutes % 10_080 === 0) return plural(minutes / 10_080, 'week');
  if (minutes % 1_440 === 0 && minutes >= 2_880) return plural(minutes / 1_440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** The archive's condition as a phrase: "until it escalates", "for 2 hours", "until they occur 100 more times within 1 hour". */
export function describeUntil(until: ArchiveUntil, one = true): string {
  if (until === 'escalating') return one ? 'until it escalates' : 'until they escalate';
  if (until === 'forever') return 'forever';
  if ('minutes' in until) return `for ${formatMinutes(until.minutes)}`;
  const within = until.windowMinutes === undefined ? '' : ` within ${formatMinutes(until.windowMinutes)}`;
  if ('count' in until) return `${one ? 'until it occurs' : 'until each occurs'} ${until.count.toLocaleString('en-US')} more ${until.count === 1 ? 'time' : 'times'}${within}`;
  return `${one ? 'until it affects' : 'until each affects'} ${plural(until.users, 'more user')}${within}`;
}

function subject(count: number, shortId: string | undefined): string {
  if (count === 1 && shortId) return shortId;
  return count === 1 ? '1 issue' : `${count.toLocaleString('en-US')} issues`;
}

/** [past, progressive] with `%s` for the subject. */
function verbs(action: TriageAction): [string, string] {
  switch (action.kind) {
    case 'resolve':
    case 'resolveInNextRelease':
    case 'resolveInRelease':
    case 'resolveInCommit':
      return ['Resolved %s', 'Resolving %s'];
    case 'archive':
      return ['Archived %s', 'Archiving %s'];
    case 'unresolve':
      return ['Unresolved %s', 'Unresolving %s'];
    case 'unarchive':
      return ['Unarchived %s', 'Unarchiving %s'];
    case 'assign':
      return action.assignee ? ['Assigned %s', 'Assigning %s'] : ['Unassigned %s', 'Unassigning %s'];
    case 'bookmark':
      return action.on ? ['Bookmarked %s', 'Bookmarking %s'] : ['Removed the bookmark from %s', 'Removing the bookmark from %s'];
    case 'subscribe':
      return action.on ? ['Subscribed to %s', 'Subscribing to %s'] : ['Unsubscribed from %s', 'Unsubscribing from %s'];
    case 'markReviewed':
      return ['Marked %s as reviewed', 'Marking %s as reviewed'];
    case 'markSeen':
      return ['Marked %s as seen', 'Marking %s as seen'];
    case 'priority':
      return ['Set the priority of %s', 'Setting the priority of %s'];
  }
}

/** What follows the verb and subject in the past-tense sentence. */
function detail(action: TriageAction, one: boolean): string {
  switch (action.kind) {
    case 'resolveInNextRelease':
      return ' in the next release';
    case 'resolveInRelease':
      return action.release === 'latest' ? ' in the current release' : ` in release ${action.release}`;
    case 'resolveInCommit':
      return ` in commit ${action.commit.slice(0, 12)} of ${action.repository}`;
    case 'archive':
      return ` ${describeUntil(action.until, one)}`;
    case 'assign':
      return action.assignee ? ` to ${action.assignee.name}` : '';
    case 'priority':
      return ` to ${action.priority}`;
    default:
      return '';
  }
}

/** "resolve %s", "assign %s", "remove the bookmark from %s": what "Could not …" is followed by. */
function infinitive(action: TriageAction): string {
  switch (action.kind) {
    case 'resolve':
    case 'resolveInNextRelease':
    case 'resolveInRelease':
    case 'resolveInCommit':
      return 'resolve %s';
    case 'archive':
      return 'archive %s';
    case 'unresolve':
      return 'unresolve %s';
    case 'unarchive':
      return 'unarchive %s';
    case 'assign':
      return action.assignee ? `assign %s to ${action.assignee.name}` : 'unassign %s';
    case 'bookmark':
      return action.on ? 'bookmark %s' : 'remove the bookmark from %s';
    case 'subscribe':
      return action.on ? 'subscribe to %s' : 'unsubscribe from %s';
    case 'markReviewed':
      return 'mark %s as reviewed';
    case 'markSeen':
      return 'mark %s as seen';
    case 'priority':
      return `set the priority of %s to ${action.priority}`;
  }
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}
