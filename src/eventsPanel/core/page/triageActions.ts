/**
 * Which triage buttons the header offers for an issue, how its status reads, and its AI buttons.
 * Pure: no DOM, so the rules are tested in plain Node; ./header draws them.
 */
import * as l10n from '@vscode/l10n';
import type { HandOffKind, IssueHeader, PageMessage, TriageCommand } from '../protocol/messages';

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

/** Sentry's UI calls an ignored issue (`status: 'ignored'`) archived. */
export function statusBadge(status: string | undefined): StatusBadge | undefined {
  switch (status) {
    case undefined:
    case '':
      return undefined;
    case 'unresolved':
      return { text: l10n.t('Unresolved'), icon: 'issues', kind: 'unresolved' };
    case 'resolved':
      return { text: l10n.t('Resolved'), icon: 'pass', kind: 'resolved' };
    case 'ignored':
      return { text: l10n.t('Archived'), icon: 'archive', kind: 'archived' };
    default:
      return { text: status, icon: 'circle-large-outline', kind: 'other' };
  }
}

/** "Assigned to <name>", "Unassigned", or nothing while the server has not said. */
export function assigneeText(assignee: string | null | undefined): string | undefined {
  if (assignee === undefined) return undefined;
  return assignee === null ? l10n.t('Unassigned') : l10n.t('Assigned to {0}', assignee);
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
    out.push({ command: 'resolve', id: 'triage-resolve', label: l10n.t('Resolve'), ariaLabel: l10n.t('Resolve the issue'), icon: 'check', primary: true });
    out.push({ command: 'resolveIn', id: 'triage-resolve-in', label: l10n.t('Resolve In…'), ariaLabel: l10n.t('Resolve in a release or after a time…'), icon: 'tag' });
  }
  if (s === 'unresolved' || s === 'resolved') out.push({ command: 'archive', id: 'triage-archive', label: l10n.t('Archive…'), ariaLabel: l10n.t('Archive the issue…'), icon: 'archive' });
  if (s === 'resolved') out.push({ command: 'unresolve', id: 'triage-unresolve', label: l10n.t('Unresolve'), ariaLabel: l10n.t('Unresolve the issue'), icon: 'issue-reopened' });
  if (s === 'ignored') out.push({ command: 'unresolve', id: 'triage-unresolve', label: l10n.t('Unarchive'), ariaLabel: l10n.t('Unarchive the issue'), icon: 'issue-reopened' });
  out.push({
    command: 'assign',
    id: 'triage-assign',
    label: l10n.t('Assign…'),
    ariaLabel: issue.assignee ? l10n.t('Assign the issue to someone else (now {0})…', issue.assignee) : l10n.t('Assign the issue…'),
    icon: 'account',
  });
  const marked = issue.isBookmarked === true;
  out.push(
    marked
      ? { command: 'unbookmark', id: 'triage-bookmark', label: '', ariaLabel: l10n.t('Bookmark'), tooltip: l10n.t('Bookmarked: click to remove the bookmark'), icon: 'star-full', pressed: true }
      : { command: 'bookmark', id: 'triage-bookmark', label: '', ariaLabel: l10n.t('Bookmark'), tooltip: l10n.t('Bookmark the issue'), icon: 'star-empty', pressed: false },
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

/** Explain with AI and Fix with AI, whatever the issue's status (the header draws them where a chat can take them). */
export function handOffButtons(): HandOffButton[] {
  return [
    { kind: 'explain', id: 'ai-explain', label: l10n.t('Explain with AI'), ariaLabel: l10n.t('Explain the issue with AI'), icon: 'sparkle' },
    { kind: 'fix', id: 'ai-fix', label: l10n.t('Fix with AI'), ariaLabel: l10n.t('Fix the issue with AI'), icon: 'lightbulb-autofix' },
  ];
}

/** What an AI button posts: the kind only, as the host runs it on the panel's own issue. */
export function handOffMessage(kind: HandOffKind): PageMessage {
  return { type: 'handOff', kind };
}
