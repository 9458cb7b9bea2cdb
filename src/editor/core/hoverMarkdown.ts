/** The Markdown of a hover on a marked line. Pure, so it is tested without VS Code. */
import * as l10n from '@vscode/l10n';
import type { ProjectIssuesStatsPeriod } from '../../api/listParams';
import type { Issue } from '../../api/schemas';
import { Commands } from '../../constants';
import { commandLink, type CommandId, type IssueRef } from '../../contracts/issueRef';
import { sparkline, statsCounts } from '../../format/sparkline';
import { absoluteTime, relativeTime } from '../../format/time';
import { escapeMarkdown } from '../../util/untrusted';
import { eventCount, userCount } from '../../format/numbers';

/**
 * A hover's links, row by row: constant titles, each running one command on the issue's IssueRef.
 * The triage row comes under the existing links; each command asks what it needs (Archive's
 * condition) and shows its change at once. The AI row comes last, and only where a chat can take it.
 * Titles are read when a hover is made (getters), so they follow the bundle configured at activation.
 */
export const HOVER_LINK_ROWS = [
  [link(() => l10n.t('Show Events'), Commands.showIssueEvents), link(() => l10n.t('Open in Browser'), Commands.openInBrowser), link(() => l10n.t('Copy Link'), Commands.copyLink)],
  // "Archive…" once test/unit/issues/markdownSafety.ts reads a label with an ellipsis as our own link.
  [link(() => l10n.t('Resolve'), Commands.resolve), link(() => l10n.t('Archive'), Commands.archive), link(() => l10n.t('Assign to Me'), Commands.assignToMe)],
  [link(() => l10n.t('Explain with AI'), Commands.explainWithAI), link(() => l10n.t('Fix with AI'), Commands.fixWithAI)],
] as const;

const AI_ROW = HOVER_LINK_ROWS[HOVER_LINK_ROWS.length - 1];

/** A link whose title is read when a hover is made. */
function link<C extends CommandId>(title: () => string, command: C): { readonly title: string; readonly command: C } {
  return {
    get title() {
      return title();
    },
    command,
  };
}

/** The commands a hover's links run: the MarkdownString trusts exactly these (without a chat, not the AI ones). */
export function hoverCommands(ai: boolean): CommandId[] {
  return [...new Set(HOVER_LINK_ROWS.filter((row) => ai || row !== AI_ROW).flatMap((row) => row.map((l) => l.command)))];
}

/** The only commands a hover's links may run, all rows shown. */
export const HOVER_COMMANDS: CommandId[] = hoverCommands(true);

/** The stats periods Sentry's issue lists offer; a hover names only these, never a key the server chose. */
const STATS_PERIODS: readonly Exclude<ProjectIssuesStatsPeriod, ''>[] = ['24h', '14d'];

function knownPeriod(key: string): (typeof STATS_PERIODS)[number] | undefined {
  return STATS_PERIODS.find((p) => p === key);
}

/**
 * One issue's part of a hover. The links carry `ref` (an IssueRef: org, project, id), never the
 * issue's fields, so no server text reaches a command argument. `links.ai`: whether a chat can take
 * the issue (without one, Explain/Fix with AI would only say so).
 */
export function hoverMarkdown(issue: Issue, ref: IssueRef, now = Date.now(), links: { ai: boolean } = { ai: true }): string {
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
    `${l10n.t('Level: {0} · {1} · {2}', md(issue.level), md(eventCount(issue.count)), md(userCount(issue.userCount)))}  `,
    `${issue.lastSeen === null ? l10n.t('Last seen {0}', l10n.t('unknown')) : l10n.t('Last seen {0} ({1})', relativeTime(issue.lastSeen, now), absoluteTime(issue.lastSeen))}${counts.length ? `  \n\`${sparkline(counts)}\` ${period}` : ''}`,
    '',
    HOVER_LINK_ROWS.filter((row) => links.ai || row !== AI_ROW)
      .map((row) => row.map((l) => commandLink(l.title, l.command, ref)).join(' · '))
      .join('  \n'),
  ].join('\n');
}
