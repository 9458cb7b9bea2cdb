/**
 * A list of issues as compact Markdown for a language model tool's result: one line per
 * issue with its short ID, title, level, status, counts, last seen and culprit. Server text is hostile
 * and goes through src/model/event/markdown.ts's escaping; only the caller's vetted permalink becomes a
 * link. No `vscode` import.
 */
import type { Issue } from '../../../model/issue/schema';
import { codeSpan, escapeMarkdown, linkTarget } from '../../../model/event/markdown';
import { relativeTime } from '../../../format/time';

/** The most issues one list shows. */
export const MAX_LISTED = 25;

export interface IssueListOptions {
  /** For relative times. */
  now: number;
  /** The issue's web page, vetted by the caller; the only link the text may hold. */
  link?: (issue: Issue) => string | undefined;
  /** How many issues match in all (default: as many as given). */
  total?: number;
  /** How many to show (at most 25, the default). */
  max?: number;
}

/** A count in full ("2,417 events"): compact forms such as 2.4K lose what a model may compare. */
function exact(value: string | number, one: string, many: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? `${n.toLocaleString('en-US')} ${n === 1 ? one : many}` : `${escapeMarkdown(String(value), 20)} ${many}`;
}

/** One issue as a list item (`prefix` goes before the short ID, e.g. a line number). */
export function issueLine(issue: Issue, opts: Pick<IssueListOptions, 'now' | 'link'>, prefix = ''): string {
  const parts = [
    escapeMarkdown(issue.level, 40),
    escapeMarkdown(issue.status, 40),
    exact(issue.count, 'event', 'events'),
    exact(issue.userCount, 'user', 'users'),
    `last seen ${relativeTime(issue.lastSeen, opts.now)}`,
  ];
  if (issue.culprit) parts.push(`in ${codeSpan(issue.culprit, 200)}`);
  const raw = opts.link?.(issue);
  const target = raw ? linkTarget(raw) : undefined;
  if (target) parts.push(`[Open in Sentry](${target})`);
  return `- ${prefix}**${escapeMarkdown(issue.shortId, 64)}** ${escapeMarkdown(issue.title || '(no title)', 300)} — ${parts.join(' · ')}`;
}

/** The issues as a Markdown list under a one-line header ("3 issues", "Showing 25 of 120 issues"). */
export function issueListMarkdown(issues: readonly Issue[], opts: IssueListOptions): string {
  if (!issues.length) return 'No issues match.\n';
  const max = Math.min(MAX_LISTED, Math.max(1, Math.floor(opts.max ?? MAX_LISTED)));
  const shown = issues.slice(0, max);
  const total = Math.max(issues.length, Math.floor(opts.total ?? 0));
  // Exact figures: a model reasons about "1,024" better than about "1K".
  const count = `${total.toLocaleString('en-US')} ${total === 1 ? 'issue' : 'issues'}`;
  const header = shown.length < total ? `Showing ${shown.length} of ${count}` : count;
  return `${[`**${header}**`, '', ...shown.map((i) => issueLine(i, opts))].join('\n')}\n`;
}
