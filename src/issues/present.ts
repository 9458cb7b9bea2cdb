/** How an issue reads in the tree: label, description and tooltip text. Pure, shared with hovers. */
import type { Issue } from '../api/schemas';
import { compactCount, plural } from '../format/numbers';
import { sparkline, statsCounts } from '../format/sparkline';
import { absoluteTime, relativeTime } from '../format/time';

export function issueLabel(issue: Issue): string {
  return `${issue.shortId} ${issue.title}`;
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

/** statusDetails as words: "ignored until 2026-12-01", "resolved in release 1.2", ... */
export function describeStatus(issue: Issue): string {
  const d = issue.statusDetails ?? {};
  const parts = Object.entries(d)
    .filter(([, v]) => v !== null && v !== undefined && v !== false && !(typeof v === 'object' && Object.keys(v as object).length === 0))
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return parts.length ? `${issue.status} (${parts.join(', ')})` : issue.status;
}

export function statsLine(issue: Issue, period: string): string | undefined {
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
    [issue.culprit ? `\`${code(issue.culprit)}\`` : undefined],
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

/** Escapes Markdown (and HTML) special characters. */
export function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>&~]/g, (c) => `\\${c}`);
}

function code(text: string): string {
  return text.replace(/`/g, "'");
}
