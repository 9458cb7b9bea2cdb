/**
 * How an issue reads in the tree: label, description, tooltip text and the row read as words for
 * screen readers (the level icon and the sparkline say nothing to them). Pure.
 */
import * as l10n from '@vscode/l10n';
import type { Issue } from '../../model/issue/schema';
import { commentCount, compactCount, eventCount, userCount } from '../../format/numbers';
import { sparkline } from '../../format/sparkline';
import { absoluteTime, steppedRelativeTime } from '../../format/time';
import { boundedStringify } from '../../util/boundedJson';
import { codeSpan, escapeMarkdown, plainText } from '../../util/untrusted';

/** The stats periods Sentry knows (`stats` keys): a key outside this list is never shown. */
const STATS_PERIODS: readonly string[] = ['24h', '14d'];
/** statusDetails as words stays short whatever the server nests in it. */
const MAX_STATUS_ENTRIES = 6;
const MAX_STATUS_VALUE = 120;
const MAX_STATUS_DEPTH = 4;

/**
 * A tree label is plain text: no controls or bidi overrides from the server, bounded. The title
 * alone, as Sentry's issue list leads with it: a short ID first took half of a narrow sidebar.
 */
export function issueLabel(issue: Issue): string {
  return plainText(issue.title);
}

/**
 * `WEB-FRONTEND-1DB · 1.2K events · 3 users · last seen 3h ago`: what Sentry's list shows beside
 * the title. A row's times move in steps (steppedRelativeTime), as each change rebuilds the row.
 */
export function issueDescription(issue: Issue, now = Date.now()): string {
  return l10n.t('{0} · {1} · {2} · last seen {3}', plainText(issue.shortId, 100), eventCount(issue.count), userCount(issue.userCount), steppedRelativeTime(issue.lastSeen, now));
}

/**
 * A level in words: Sentry's five levels localized ("error"), any other as the server sent it
 * (the caller makes it safe for where it goes).
 */
export function levelWord(level: string): string {
  switch (level) {
    case 'fatal':
      return l10n.t({ message: 'fatal', comment: 'an event level' });
    case 'error':
      return l10n.t({ message: 'error', comment: 'an event level' });
    case 'warning':
      return l10n.t({ message: 'warning', comment: 'an event level' });
    case 'info':
      return l10n.t({ message: 'info', comment: 'an event level' });
    case 'debug':
      return l10n.t({ message: 'debug', comment: 'an event level' });
    default:
      return level;
  }
}

export function assigneeName(issue: Issue): string | undefined {
  const a = issue.assignedTo;
  if (!a) return undefined;
  const name = a.name ?? a.email ?? a.id;
  return typeof name === 'string' ? name : undefined;
}

/**
 * statusDetails as words: "ignored (ignoreUntil: 2026-12-01…)", "resolved (inRelease: 1.2)", ...
 * Bounded in entries, length and depth: the server decides how deep statusDetails nests.
 */
export function describeStatus(issue: Issue): string {
  const d = issue.statusDetails ?? {};
  const parts = Object.entries(d)
    .filter(([, v]) => v !== null && v !== undefined && v !== false && !(typeof v === 'object' && Object.keys(v as object).length === 0))
    .slice(0, MAX_STATUS_ENTRIES)
    .map(([k, v]) => `${plainText(k, 40)}: ${typeof v === 'object' ? boundedStringify(v, MAX_STATUS_VALUE, MAX_STATUS_DEPTH) : plainText(v, MAX_STATUS_VALUE)}`);
  const status = plainText(issue.status, 40);
  return parts.length ? `${status} (${parts.join(', ')})` : status;
}

/** A `stats` key that may be shown (it may reach trusted Markdown): one of the known periods. */
export function knownPeriod(period: unknown): string | undefined {
  return typeof period === 'string' && STATS_PERIODS.includes(period) ? period : undefined;
}

/** `▁▂▅█…  1.2K in 24h`, for a known period only. */
export function statsLine(issue: Issue, period: string): string | undefined {
  const counts = periodCounts(issue, period);
  if (!counts) return undefined;
  return `${sparkline(counts)}  ${l10n.t('{0} in {1}', compactCount(sum(counts)), period)}`;
}

/**
 * The sparkline in words, for the tooltip: "Events over the last 24 hours: 0, 3, 1.2K, … (total
 * 1.3K)", oldest first; undefined without stats of a known period.
 */
export function trendText(issue: Issue, period: string): string | undefined {
  const counts = periodCounts(issue, period);
  if (!counts) return undefined;
  // Compact like the total (no thousands separator to read as a list separator).
  const list = counts.map(compactCount).join(', ');
  const total = compactCount(sum(counts));
  return period === '24h' ? l10n.t('Events over the last 24 hours: {0} (total {1})', list, total) : l10n.t('Events over the last 14 days: {0} (total {1})', list, total);
}

/**
 * The tree row read as words (its accessibilityInformation label): short ID and title, the level
 * its icon shows, events, users, last seen, the period's total its sparkline draws, and the issue's
 * own project when it is listed under another. Server text is plain and bounded.
 */
export function issueAccessibilityLabel(issue: Issue, period: string, now = Date.now(), otherProject?: string): string {
  const counts = periodCounts(issue, period);
  const total = counts && eventCount(sum(counts));
  const sentences = [
    l10n.t('Issue {0}: {1}.', plainText(issue.shortId, 100), plainText(issue.title)),
    l10n.t('Level: {0}.', plainText(levelWord(issue.level), 40)),
    l10n.t('{0}, {1}, last seen {2}.', eventCount(issue.count), userCount(issue.userCount), steppedRelativeTime(issue.lastSeen, now)),
    total === undefined ? undefined : period === '24h' ? l10n.t('{0} in the last 24 hours.', total) : l10n.t('{0} in the last 14 days.', total),
    otherProject === undefined ? undefined : l10n.t('From project {0}.', plainText(otherProject, 100)),
  ];
  return sentences.filter((t): t is string => t !== undefined).join(' ');
}

/** The counts of a known period's stats, oldest first; undefined when there are none. */
function periodCounts(issue: Issue, period: string): number[] | undefined {
  if (!knownPeriod(period)) return undefined;
  const counts = issue.stats?.[period];
  return counts?.length ? counts : undefined;
}

function sum(counts: readonly number[]): number {
  return counts.reduce((a, b) => a + b, 0);
}

/** Markdown for the tooltip; every server string is escaped so none of it renders as markup. */
export function issueTooltipMarkdown(issue: Issue, period: string, now = Date.now(), note?: string): string {
  const flags = [issue.isBookmarked && l10n.t('bookmarked'), issue.isSubscribed && l10n.t('subscribed'), issue.isPublic && l10n.t('public')].filter(Boolean).join(', ');
  const stats = statsLine(issue, period);
  const assignee = l10n.t('Assignee: {0}', md(assigneeName(issue) ?? l10n.t('nobody')));
  // Paragraphs are separated by a blank line; lines inside one end in a Markdown hard break.
  const paragraphs: (string | undefined)[][] = [
    [`**${md(issue.shortId)}** ${md(issue.title)}`],
    [issue.culprit ? codeSpan(issue.culprit) || undefined : undefined],
    [
      l10n.t('Level: {0} · Status: {1}', md(levelWord(issue.level)), md(describeStatus(issue))),
      `${md(eventCount(issue.count))} · ${md(userCount(issue.userCount))} · ${md(commentCount(issue.numComments))}`,
      // null: the server has no seen stats of the issue.
      issue.firstSeen === null ? l10n.t('First seen {0}', l10n.t('unknown')) : l10n.t('First seen {0} ({1})', steppedRelativeTime(issue.firstSeen, now), absoluteTime(issue.firstSeen)),
      issue.lastSeen === null ? l10n.t('Last seen {0}', l10n.t('unknown')) : l10n.t('Last seen {0} ({1})', steppedRelativeTime(issue.lastSeen, now), absoluteTime(issue.lastSeen)),
      flags ? `${assignee} · ${flags}` : assignee,
    ],
    // The sparkline, then what it draws in words (a screen reader reads block characters as nothing useful).
    [stats ? `\`${stats}\`` : undefined, trendText(issue, period)],
    [note ? `_${md(note)}_` : undefined],
  ];
  return paragraphs
    .map((lines) => lines.filter((l): l is string => l !== undefined).join('  \n'))
    .filter(Boolean)
    .join('\n\n');
}

/** The shared escapeMarkdown, under the short name the Markdown builders use. */
export const md: (text: unknown) => string = escapeMarkdown;

const CONTEXT_STATUS: Readonly<Record<string, string>> = { unresolved: 'unresolved', resolved: 'resolved', resolvedInNextRelease: 'resolved', ignored: 'ignored', muted: 'ignored' };

/**
 * The tree row's contextValue, which package.json's menus match (`;status=unresolved;` offers
 * Resolve and Archive, `;bookmarked=true;` offers Remove Bookmark…). Built only from known words:
 * a status a server made up reads `other`, never text of its own.
 */
export function issueContextValue(issue: Pick<Issue, 'status' | 'isBookmarked' | 'isSubscribed'>, otherProject: boolean): string {
  const status = Object.hasOwn(CONTEXT_STATUS, issue.status) ? CONTEXT_STATUS[issue.status] : 'other';
  return `${otherProject ? 'issue.otherProject' : 'issue'};status=${status};bookmarked=${issue.isBookmarked === true};subscribed=${issue.isSubscribed === true};`;
}
