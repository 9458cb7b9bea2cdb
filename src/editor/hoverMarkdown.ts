/** The Markdown of a hover on a marked line. Pure, so it is tested without VS Code. */
import type { ProjectIssuesStatsPeriod } from '../api/client';
import type { Issue } from '../api/schemas';
import { Commands } from '../constants';
import { commandLink, type IssueRef } from '../contracts/issueRef';
import { plural } from '../format/numbers';
import { sparkline, statsCounts } from '../format/sparkline';
import { absoluteTime, relativeTime } from '../format/time';
import { escapeMarkdown } from '../util/untrusted';

/** The only commands a hover's links may run (the MarkdownString trusts these and no other). */
export const HOVER_COMMANDS = [Commands.showIssueEvents, Commands.openInBrowser, Commands.copyLink];

/** The stats periods the API offers (spec 2.2); a hover names only these, never a key the server chose. */
const STATS_PERIODS: readonly Exclude<ProjectIssuesStatsPeriod, ''>[] = ['24h', '14d'];

function knownPeriod(key: string): (typeof STATS_PERIODS)[number] | undefined {
  return STATS_PERIODS.find((p) => p === key);
}

/**
 * One issue's part of a hover. The links carry `ref` (an IssueRef: org, project, id), never the
 * issue's fields, so no server text reaches a command argument.
 */
export function hoverMarkdown(issue: Issue, ref: IssueRef, now = Date.now()): string {
  // The period names a `stats` key the server chose: only a known one is shown (in a trusted hover).
  const period =
    Object.keys(issue.stats ?? {})
      .map(knownPeriod)
      .find((p) => p !== undefined && issue.stats[p]?.length) ?? '24h';
  const counts = statsCounts(issue.stats?.[period]);
  const md = escapeMarkdown;
  return [
    `$(bug) **${md(issue.shortId)}** ${md(issue.title)}`,
    '',
    `Level: ${md(issue.level)} · ${md(plural(issue.count, 'event', 'events'))} · ${md(plural(issue.userCount, 'user', 'users'))}  `,
    `Last seen ${relativeTime(issue.lastSeen, now)} (${absoluteTime(issue.lastSeen)})${counts.length ? `  \n\`${sparkline(counts)}\` ${period}` : ''}`,
    '',
    [commandLink('Show Events', Commands.showIssueEvents, ref), commandLink('Open in Browser', Commands.openInBrowser, ref), commandLink('Copy Link', Commands.copyLink, ref)].join(' · '),
  ].join('\n');
}
