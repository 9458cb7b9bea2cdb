/**
 * The Markdown of a hover on a marked line: one line per issue (level icon, short ID, title, events,
 * last seen) followed by its actions as icons with a tooltip each, at most HOVER_MAX_ISSUES
 * issues, then a "+N more" link to the whole list of the line. Pure, so it is tested without VS Code.
 */
import * as l10n from '@vscode/l10n';
import type { Issue } from '../../model/issue/schema';
import { Commands } from '../../constants';
import { commandUri, LOGS_TAB, PREVIEW, type CommandId, type IssueRef } from '../../contracts/issueRef';
import type { TraceCountsEntry } from '../../store/traceCounts';
import { relativeTime } from '../../format/time';
import { escapeMarkdown } from '../../util/untrusted';
import { eventCount } from '../../format/numbers';
import { isOpen, statusWord } from './marks';

export { statusWord };

/** Issues a hover shows; a busy line's others are behind "+N more". */
export const HOVER_MAX_ISSUES = 3;
/**
 * The characters of a title a hover line keeps: with the short ID, counts and eight icons, a line
 * per issue stays one line in VS Code's narrowest editor hover (750 px).
 */
export const HOVER_TITLE_MAX = 30;

/** An action as an icon link: a codicon and the tooltip that names it (read when a hover is made, so it follows the bundle configured at activation). */
interface IconAction {
  readonly icon: string;
  readonly title: () => string;
  readonly command: CommandId;
}

const act = (icon: string, title: () => string, command: CommandId): IconAction => ({ icon, title, command });

/**
 * The actions of an issue's line, in order: the same icons as the commands' own (package.json), so a
 * hover reads like the tree's menus. An open issue offers Resolve and Archive; a resolved or archived
 * one (still marked because the Issues view's filter lists it) offers Unresolve instead.
 */
const ACTIONS = {
  showEvents: act('list-unordered', () => l10n.t('Show Events'), Commands.showIssueEvents),
  // The issue's latest event in VS Code's debugger (src/debugEvent), as if stopped at its exception.
  debugEvent: act('debug-alt', () => l10n.t('Debug This Event'), Commands.debugEvent),
  resolve: act('check', () => l10n.t('Resolve'), Commands.resolve),
  archive: act('archive', () => l10n.t('Archive'), Commands.archive),
  unresolve: act('issue-reopened', () => l10n.t('Unresolve'), Commands.unresolve),
  assignToMe: act('person', () => l10n.t('Assign to Me'), Commands.assignToMe),
  openInBrowser: act('link-external', () => l10n.t('Open in Browser'), Commands.openInBrowser),
  copyLink: act('link', () => l10n.t('Copy Link'), Commands.copyLink),
  explainWithAI: act('sparkle', () => l10n.t('Explain with AI'), Commands.explainWithAI),
  fixWithAI: act('lightbulb-autofix', () => l10n.t('Fix with AI'), Commands.fixWithAI),
} as const;

const OPEN_ACTIONS = [ACTIONS.showEvents, ACTIONS.debugEvent, ACTIONS.resolve, ACTIONS.archive, ACTIONS.assignToMe, ACTIONS.openInBrowser, ACTIONS.copyLink, ACTIONS.explainWithAI, ACTIONS.fixWithAI];
const CLOSED_ACTIONS = [ACTIONS.showEvents, ACTIONS.debugEvent, ACTIONS.unresolve, ACTIONS.assignToMe, ACTIONS.openInBrowser, ACTIONS.copyLink, ACTIONS.explainWithAI, ACTIONS.fixWithAI];

const AI_ACTIONS: readonly IconAction[] = [ACTIONS.explainWithAI, ACTIONS.fixWithAI];

/**
 * The actions offered for an issue in its state: an unresolved one can be resolved or archived, any
 * other reopened. `ai`: whether a chat can take the issue (without one, Explain/Fix would only say so).
 */
export function hoverActions(issue: Pick<Issue, 'status'>, ai = true): readonly IconAction[] {
  const all = isOpen(issue) ? OPEN_ACTIONS : CLOSED_ACTIONS;
  return ai ? all : all.filter((a) => !AI_ACTIONS.includes(a));
}

/** The commands a hover's links run: the MarkdownString trusts exactly these (without a chat, not the AI ones). */
export function hoverCommands(ai: boolean): CommandId[] {
  return [
    ...new Set([
      ...Object.values(ACTIONS)
        .filter((a) => ai || !AI_ACTIONS.includes(a))
        .map((a) => a.command),
      Commands.showLineIssues,
    ]),
  ];
}

/** The only commands a hover's links may run, the AI ones included. */
export const HOVER_COMMANDS: CommandId[] = hoverCommands(true);

/** The codicon of a level; a level the server made up is drawn as an error. */
const LEVEL_ICONS: Readonly<Record<string, string>> = { fatal: 'flame', error: 'error', warning: 'warning', info: 'info', debug: 'debug' };

export function levelIcon(level: string): string {
  return Object.hasOwn(LEVEL_ICONS, level) ? LEVEL_ICONS[level] : LEVEL_ICONS.error;
}

/**
 * `[$(icon)](command:id?args "Title")`: an icon link whose tooltip is `title` (ours, constant). The
 * target carries `ref` only, never an issue's fields, so no server text reaches a command argument.
 */
export function iconLink(icon: string, title: string, command: CommandId, ref: IssueRef): string {
  if (!/^[a-z][a-z0-9-]*$/.test(icon)) throw new RangeError(`Not a codicon name: ${JSON.stringify(icon)}`);
  return `[$(${icon})](${commandUri(command, ref, command === Commands.showIssueEvents ? PREVIEW : undefined)} "${linkTitle(title)}")`;
}

/** A link title in double quotes: no quote, backslash or line break can end it early. */
function linkTitle(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '');
}

/**
 * One issue's line of a hover: `$(error) **PROJ-1** Title · 12 events · 3h ago` and its icons, side
 * by side. Every field the server sent is escaped and the title bounded, so the line stays short.
 */
export function hoverMarkdown(issue: Issue, ref: IssueRef, now = Date.now(), links: { ai: boolean } = { ai: true }): string {
  const md = escapeMarkdown;
  const status = statusWord(issue);
  const facts = [md(eventCount(issue.count)), md(relativeTime(issue.lastSeen, now))];
  // The status word takes the room of as many characters of the title: the line keeps its length.
  const head = `$(${levelIcon(issue.level)}) **${md(issue.shortId, 100)}**${status ? ` _${md(status)}_` : ''} ${md(shortTitle(issue.title, HOVER_TITLE_MAX - (status ? status.length + 1 : 0)))}`;
  const icons = hoverActions(issue, links.ai)
    .map((a) => iconLink(a.icon, a.title(), a.command, ref))
    // Thin spaces: the icons stay apart, in less room than word spaces take.
    .join('\u2009');
  return `${head} · ${facts.join(' · ')} ${icons}`;
}

/** The title cut to `max` characters (an ellipsis ends a cut one); the whole title is one click away in the events panel. */
function shortTitle(title: unknown, max: number): string {
  const text = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An issue marked on a line, with the organization its marks came from, and where its code went (./movedLines.ts). */
export interface LineIssue {
  readonly org: string;
  readonly issue: Issue;
  /** 0-based line the event named. */
  readonly line?: number;
  /** 0-based line the event named, when its code was found moved from there. */
  readonly movedFrom?: number;
  /** The code the event named is no longer at its line. */
  readonly stale?: boolean;
  /** Other workspace files (relative paths) the event's frame names as well: the mark is drawn on each. */
  readonly alsoIn?: readonly string[];
  /** What the Trace and Logs tabs (or the AI) read of the latest event's trace, when they did (store/traceCounts.ts). */
  readonly story?: TraceCountsEntry;
}

/** Other files shown by name in the ambiguity note; the rest are counted. */
const ALSO_IN_MAX = 3;

/** What a hover says of a mark whose frame names several files equally: which others, and how to settle it. */
export function alsoInNote(i: Pick<LineIssue, 'alsoIn'>): string | undefined {
  const others = i.alsoIn ?? [];
  if (others.length === 0) return undefined;
  const named = others
    .slice(0, ALSO_IN_MAX)
    .map((p) => shortTitle(p, 200))
    .join(', ');
  const text =
    others.length > ALSO_IN_MAX
      ? l10n.t('Sentry names this file only by a name that {0} and {1} more files share: a path mapping tells them apart', named, others.length - ALSO_IN_MAX)
      : l10n.t('Sentry names this file only by a name that {0} shares: a path mapping tells them apart', named);
  return `$(files) _${escapeMarkdown(text)}_`;
}

/** What a hover says of an issue's line when the file changed since its event; undefined when it did not. */
export function movedNote(i: Pick<LineIssue, 'line' | 'movedFrom' | 'stale'>): string | undefined {
  if (i.movedFrom !== undefined) return `$(arrow-swap) _${escapeMarkdown(l10n.t('Moved from line {0}', i.movedFrom + 1))}_`;
  if (i.stale && i.line !== undefined) return `$(warning) _${escapeMarkdown(l10n.t('The code at line {0} has changed since this event', i.line + 1))}_`;
  return undefined;
}

const many = (n: number, more?: boolean) => `${n.toLocaleString()}${more ? '+' : ''}`;

/**
 * What a hover says of the latest event's trace, once a tab or the AI read it (never a request of
 * its own): its spans and logs, and a link that opens the panel's Logs tab. The counts are numbers
 * and the link's arguments are the issue's ref and our own constant: no server text in either.
 */
export function storyNote(i: Pick<LineIssue, 'story'>, ref: IssueRef): string | undefined {
  const s = i.story;
  if (!s || (s.spans === undefined && s.logs === undefined && !s.noLogs)) return undefined;
  const parts: string[] = [];
  if (s.spans !== undefined) parts.push(s.spans === 1 ? l10n.t('1 span') : l10n.t('{0} spans', many(s.spans)));
  if (s.noLogs) parts.push(l10n.t('no logs kept'));
  else if (s.logs !== undefined) parts.push(s.logs === 1 && !s.logsMore ? l10n.t('1 log') : l10n.t('{0} logs', many(s.logs, s.logsMore)));
  const text = escapeMarkdown(l10n.t("Latest event's trace: {0}", parts.join(' · ')));
  const link = s.noLogs
    ? ''
    : ` [${escapeMarkdown(l10n.t('Open Logs'))}](${commandUri(Commands.showIssueEvents, ref, LOGS_TAB)} "${linkTitle(l10n.t('Show the logs of the trace in the events panel'))}")`;
  return `$(type-hierarchy) _${text}_${link}`;
}

/**
 * The hover of a line's issues (most events first): the first HOVER_MAX_ISSUES, one line each, and a
 * "+N more" link that lists every issue of the line (its argument is the first issue's ref: the
 * command finds the line by that issue's mark). Issues without a valid ref are left out; undefined
 * when none is left.
 */
export function lineHoverMarkdown(issues: readonly LineIssue[], refOf: (i: LineIssue) => IssueRef | undefined, now = Date.now(), links: { ai: boolean } = { ai: true }): string | undefined {
  const shown = issues.flatMap((i) => {
    const ref = refOf(i);
    return ref ? [{ ...i, ref }] : [];
  });
  if (shown.length === 0) return undefined;
  // Its own line under the issue's: the issue's line keeps its length, and says which issue it is of.
  const lines = shown
    .slice(0, HOVER_MAX_ISSUES)
    .flatMap((i) => [hoverMarkdown(i.issue, i.ref, now, links), ...[movedNote(i), alsoInNote(i), storyNote(i, i.ref)].filter((n): n is string => n !== undefined)]);
  const more = shown.length - HOVER_MAX_ISSUES;
  if (more > 0) {
    const title = l10n.t('Show all {0} issues on this line', shown.length);
    lines.push(`[${escapeMarkdown(l10n.t('+{0} more', more))}](${commandUri(Commands.showLineIssues, shown[0].ref)} "${linkTitle(title)}")`);
  }
  // Hard line breaks: one issue per line, without the space of a paragraph between them.
  return lines.join('  \n');
}
