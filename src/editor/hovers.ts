/** Hovers on decorated lines, with command links allowed one by one (never isTrusted: true). */
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { plural } from '../format/numbers';
import { sparkline, statsCounts } from '../format/sparkline';
import { absoluteTime, relativeTime } from '../format/time';
import { md } from '../issues/present';
import type { DecorationController } from './decorations';
import type { Mark } from './marks';

export const HOVER_COMMANDS = [Commands.showIssueEvents, Commands.openInBrowser, Commands.copyLink];

export class IssueHoverProvider implements vscode.HoverProvider {
  constructor(private readonly decorations: DecorationController) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const marks = this.decorations.marksAt(document.uri, position.line);
    if (marks.length === 0) return undefined;
    const text = new vscode.MarkdownString(marks.map((m) => hoverMarkdown(m)).join('\n\n---\n\n'));
    text.isTrusted = { enabledCommands: HOVER_COMMANDS };
    text.supportThemeIcons = true;
    return new vscode.Hover(text, document.lineAt(position.line).range);
  }
}

export function hoverMarkdown(mark: Mark, now = Date.now()): string {
  const { issue } = mark;
  const node = { type: 'issue', org: mark.org, project: mark.project, issue, otherProject: false, period: Object.keys(issue.stats ?? {})[0] ?? '24h' };
  const link = (title: string, command: string) => `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([node]))})`;
  const period = node.period;
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
