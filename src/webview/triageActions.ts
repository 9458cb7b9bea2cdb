/**
 * Which triage buttons the header offers for an issue, and how its status reads (issue 12), and
 * its AI buttons (issue 14). Pure: no DOM, so the rules are tested in plain Node; ./header draws them.
 */
import type { HandOffKind, IssueHeader, PageMessage, TriageCommand } from '../contracts/eventsProtocol';

export interface TriageButton {
  command: TriageCommand;
  /** The button's id in the page: a toggle keeps its id across its states (focus stays on it). */
  id: string;
  /** The visible text; empty for an icon-only button. */
  label: string;
  /** What a screen reader says (a toggle's stays the same: aria-pressed tells its state). */
  ariaLabel: string;
  /** The tooltip, when it says more than the label. */
  tooltip?: string;
  icon: string;
  /** The one primary button of the row. */
  primary?: boolean;
  /** A toggle (the bookmark): its state, for aria-pressed. */
  pressed?: boolean;
}

export interface StatusBadge {
  text: string;
  icon: string;
  /** `status-<kind>`: a CSS hook. */
  kind: string;
}

/** Sentry calls an ignored issue archived (spec 2.2 `status: 'ignored'`). */
export function statusBadge(status: string | undefined): StatusBadge | undefined {
  switch (status) {
    case undefined:
    case '':
      return undefined;
    case 'unresolved':
      return { text: 'Unresolved', icon: 'issues', kind: 'unresolved' };
    case 'resolved':
      return { text: 'Resolved', icon: 'pass', kind: 'resolved' };
    case 'ignored':
      return { text: 'Archived', icon: 'archive', kind: 'archived' };
    default:
      return { text: status, icon: 'circle-large-outline', kind: 'other' };
  }
}

/** "Assigned to <name>", "Unassigned", or nothing while the server has not said. */
export function assigneeText(assignee: string | null | undefined): string | undefined {
  if (assignee === undefined) return undefined;
  return assignee === null ? 'Unassigned' : `Assigned to ${assignee}`;
}

/**
 * The buttons, in order: Resolve and Resolve In… (unresolved or archived), Archive… (unresolved or
 * resolved), Unresolve (resolved) or Unarchive (archived), Assign…, and the bookmark toggle. While
 * the status is not known (or is another, such as a pending deletion), only Assign… and the bookmark.
 */
export function triageButtons(issue: Pick<IssueHeader, 'status' | 'isBookmarked' | 'assignee'>): TriageButton[] {
  const s = issue.status;
  const out: TriageButton[] = [];
  if (s === 'unresolved' || s === 'ignored') {
    out.push({ command: 'resolve', id: 'triage-resolve', label: 'Resolve', ariaLabel: 'Resolve the issue', icon: 'check', primary: true });
    out.push({ command: 'resolveIn', id: 'triage-resolve-in', label: 'Resolve In…', ariaLabel: 'Resolve in a release or after a time…', icon: 'tag' });
  }
  if (s === 'unresolved' || s === 'resolved') out.push({ command: 'archive', id: 'triage-archive', label: 'Archive…', ariaLabel: 'Archive the issue…', icon: 'archive' });
  if (s === 'resolved') out.push({ command: 'unresolve', id: 'triage-unresolve', label: 'Unresolve', ariaLabel: 'Unresolve the issue', icon: 'issue-reopened' });
  if (s === 'ignored') out.push({ command: 'unresolve', id: 'triage-unresolve', label: 'Unarchive', ariaLabel: 'Unarchive the issue', icon: 'issue-reopened' });
  out.push({
    command: 'assign',
    id: 'triage-assign',
    label: 'Assign…',
    ariaLabel: issue.assignee ? `Assign the issue to someone else (now ${issue.assignee})…` : 'Assign the issue…',
    icon: 'account',
  });
  const marked = issue.isBookmarked === true;
  out.push(
    marked
      ? { command: 'unbookmark', id: 'triage-bookmark', label: '', ariaLabel: 'Bookmark', tooltip: 'Bookmarked: click to remove the bookmark', icon: 'star-full', pressed: true }
      : { command: 'bookmark', id: 'triage-bookmark', label: '', ariaLabel: 'Bookmark', tooltip: 'Bookmark the issue', icon: 'star-empty', pressed: false },
  );
  return out;
}

/**
 * Where focus goes when the focused button is gone after a change (Resolve pressed: the issue is
 * resolved and Resolve is replaced by Unresolve): its counterpart, else the row's first button.
 */
export function focusAfter(goneId: string, ids: readonly string[]): string | undefined {
  const counterpart: Record<string, string> = {
    'triage-resolve': 'triage-unresolve',
    'triage-resolve-in': 'triage-unresolve',
    'triage-archive': 'triage-unresolve',
    'triage-unresolve': 'triage-resolve',
  };
  if (ids.includes(goneId)) return goneId;
  const other = counterpart[goneId];
  return other && ids.includes(other) ? other : ids[0];
}

export interface HandOffButton {
  kind: HandOffKind;
  /** The button's id in the page (UI checks click it by this). */
  id: string;
  label: string;
  /** What a screen reader says and the tooltip. */
  ariaLabel: string;
  icon: string;
}

/** Explain with AI and Fix with AI: always offered, whatever the issue's status. */
export function handOffButtons(): HandOffButton[] {
  return [
    { kind: 'explain', id: 'ai-explain', label: 'Explain with AI', ariaLabel: 'Explain the issue with AI', icon: 'sparkle' },
    { kind: 'fix', id: 'ai-fix', label: 'Fix with AI', ariaLabel: 'Fix the issue with AI', icon: 'lightbulb-autofix' },
  ];
}

/** What an AI button posts: the kind only, as the host runs it on the panel's own issue. */
export function handOffMessage(kind: HandOffKind): PageMessage {
  return { type: 'handOff', kind };
}
