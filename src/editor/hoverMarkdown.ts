/** The Markdown of a hover on a marked line. Pure, so it is tested without VS Code. */
import { Commands } from '../constants';
import { plural } from '../format/numbers';
import { sparkline, statsCounts } from '../format/sparkline';
import { absoluteTime, relativeTime } from '../format/time';
import { knownPeriod, md } from '../issues/present';
import type { Mark } from './marks';

/** The only commands a hover's links may run (the MarkdownString trusts these and no other). */
export const HOVER_COMMANDS = [Commands.showIssueEvents, Commands.openInBrowser, Commands.copyLink];

/**
 * A command link's argument. encodeURIComponent leaves `( ) ! * '` as they are, and a `)` from the
 * server would end the link target early, leaving the rest of the JSON to render as Markdown.
 */
export function commandArgument(args: unknown[]): string {
  return encodeURIComponent(JSON.stringify(args)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function hoverMarkdown(mark: Mark, now = Date.now()): string {
  const { issue } = mark;
  // The period names a `stats` key the server chose: only a known one is shown (in a trusted hover).
  const period = Object.keys(issue.stats ?? {}).map(knownPeriod).find((p) => p !== undefined && issue.stats[p]?.length) ?? '24h';
  // The commands need the issue, not its stats: the link stays small and carries no server keys.
  const node = { type: 'issue', org: mark.org, project: mark.project, issue: { ...issue, stats: {} }, otherProject: false, period };
  const link = (title: string, command: string) => `[${title}](command:${command}?${commandArgument([node])})`;
  const counts = statsCounts(issue.stats?.[period]);
  return [
    `$(bug) **${md(issue.shortId)}** ${md(issue.title)}`,
    '',
    `Level: ${md(issue.level)} · ${md(plural(issue.count, 'event', 'events'))} · ${md(plural(issue.userCount, 'user', 'users'))}  `,
    `Last seen ${relativeTime(issue.lastSeen, now)} (${absoluteTime(issue.lastSeen)})${counts.length ? `  \n\`${sparkline(counts)}\` ${period}` : ''}`,
    '',
    `${link('Show Events', Commands.showIssueEvents)} · ${link('Open in Browser', Commands.openInBrowser)} · ${link('Copy Link', Commands.copyLink)}`,
  ].join('\n');
}
