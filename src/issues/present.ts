/** How an issue reads in the tree: label, description and tooltip text. Pure, shared with hovers. */
import type { Issue } from '../api/schemas';
import { compactCount, plural } from '../format/numbers';
import { sparkline, statsCounts } from '../format/sparkline';
import { absoluteTime, relativeTime } from '../format/time';
import { boundedStringify } from '../util/boundedJson';
import { codeSpan, escapeMarkdown, plainText } from '../util/untrusted';

/** The stats periods Sentry knows (`stats` keys): a key outside this list is never shown. */
const STATS_PERIODS: readonly string[] = ['24h', '14d'];
/** statusDetails as words stays short whatever the server nests in it. */
const MAX_STATUS_ENTRIES = 6;
const MAX_STATUS_VALUE = 120;
const MAX_STATUS_DEPTH = 4;

/** A tree label is plain text: no controls or bidi overrides from the server, bounded. */
export function issueLabel(issue: Issue): string {
  return `${plainText(issue.shortId, 100)} ${plainText(issue.title)}`;
}

/** `1.2K events · 3 users · last seen 3h ago`. */
export function issueDescription(issue: Issue, now = Date.now()): string {
  return `${plural(issue.count, 'event', 'events')} · ${plural(issue.userCount, 'user', 'users')} · last seen ${relativeTime(issue.lastSeen, now)}`;
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
  if (!knownPeriod(period)) return undefined;
  const counts = statsCounts(issue.stats?.[period]);
  if (!counts.length) return undefined;
  const total = counts.reduce((a, b) => a + b, 0);
  return `${sparkline(counts)}  ${compactCount(total)} in ${period}`;
}

/** Markdown for the tooltip; every server string is escaped so none of it renders as markup. */
export function issueTooltipMarkdown(issue: Issue, period: string, now = Date.now(), note?: string): string {
  const flags = [issue.isBookmarked && 'bookmarked', issue.isSubscribed && 'subscribed', issue.isPublic && 'public'].filter(Boolean).join(', ');
  const stats = statsLine(issue, period);
  // Paragraphs are separated by a blank line; lines inside one end in a Markdown hard break.
  const paragraphs: (string | undefined)[][] = [
    [`**${md(issue.shortId)}** ${md(issue.title)}`],
    [issue.culprit ? codeSpan(issue.culprit) || undefined : undefined],
    [
      `Level: ${md(issue.level)} · Status: ${md(describeStatus(issue))}`,
      `${md(plural(issue.count, 'event', 'events'))} · ${md(plural(issue.userCount, 'user', 'users'))} · ${md(plural(issue.numComments, 'comment', 'comments'))}`,
      `First seen ${relativeTime(issue.firstSeen, now)} (${absoluteTime(issue.firstSeen)})`,
      `Last seen ${relativeTime(issue.lastSeen, now)} (${absoluteTime(issue.lastSeen)})`,
      `Assignee: ${md(assigneeName(issue) ?? 'nobody')}${flags ? ` · ${flags}` : ''}`,
    ],
    [stats ? `\`${stats}\`` : undefined],
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
