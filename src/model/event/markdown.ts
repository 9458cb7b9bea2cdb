/**
 * One event as Markdown to paste into a ticket or a chat ("Copy as Markdown"): the issue, its
 * exception chain with the in-app frames' file:line, the last breadcrumbs, the request line and the
 * contexts, from the already masked detail. Server text is hostile here too: it is escaped so that no
 * link, image, HTML, heading, list, table or autolink can form (`://`, `@` and a domain's dots too),
 * URLs and values go into code spans or fences longer than any backtick run in them, single-line
 * values stay on one line, and the whole is bounded. Only the caller's vetted `opts.link` becomes a
 * link. No `vscode` import.
 */
import { frameWhere } from './frame';
import * as l10n from '@vscode/l10n';
import { shownText, type Breadcrumb, type DetailException, type DetailFrame, type DetailPair, type EventDetail } from './types';
import type { IssueHeader } from '../../contracts/issueView';
import { CONTROLS } from '../../util/untrusted';

/** The whole text: a ticket or a chat message, not a dump (the raw JSON is a copy of its own). */
export const MAX_MARKDOWN = 100_000;
/** One piece of inline text (a title, a message, a URL). */
const MAX_INLINE = 2000;
/** One value of a table (a context's field, a breadcrumb's data). */
const MAX_VALUE = 300;
export const DEFAULT_CRUMBS = 20;
/** In-app frames listed per exception. */
const MAX_FRAMES = 50;
/** Frames listed when none is marked in-app. */
const TOP_FRAMES = 10;
const MAX_PAIRS = 20;
const MAX_CRUMB_DATA = 6;

export interface MarkdownOptions {
  /** The issue's web page, vetted by the caller (the only link the text may hold). */
  link?: string;
  /** How many of the last breadcrumbs to list (default 20). */
  crumbs?: number;
  /** A frame's workspace-relative `file:line` when it maps to a workspace file. */
  mapPath?: (frame: DetailFrame) => string | undefined;
  /**
   * Which frames to list. Absent: the in-app ones, else the top few when none is in-app. `true`:
   * every frame (system ones marked), up to the bound. `false`: the in-app ones only, never the top
   * few (the AI tools drop system frames first to fit a token budget).
   */
  systemFrames?: boolean;
  /** `false` leaves the contexts out (default: listed). */
  contexts?: boolean;
  /** How many of the event's tags to list on one line (default 0: none). */
  tags?: number;
}

/** One line of text: controls dropped, line breaks as spaces, at most `max` characters. */
function oneLine(text: unknown, max: number): string {
  const s = (typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text)).replace(/(?:\r?\n|[\r\u2028\u2029])+/g, ' ').replace(CONTROLS, ' ');
  return s.length > max ? `${s.slice(0, Math.max(0, max - 1))}…` : s;
}

/**
 * Text that renders as itself in Markdown, on one line: every character that could start markup is
 * backslash-escaped (CommonMark renders `\x` as `x` for any ASCII punctuation), as are the `:` of
 * `://`, the first `/` of any other `//` (a protocol-relative link), `@` and a `.` between a name
 * and a letter (GFM turns `www.x`, `https://x` and emails into links, linkify even `evil.com` and
 * `//a.=`), and a leading `-`, `+`, `=` or `1.` (list items, setext headings).
 * White space around the text is dropped (four leading spaces would start a code block).
 */
export function escapeMarkdown(text: string, max = MAX_INLINE): string {
  return oneLine(text, max)
    .trim()
    .replace(/[\\`*_[\]()<>#|!~&$@{}]/g, '\\$&')
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/(?<!:)\/(?=\/)/g, '\\/')
    .replace(/(?<=[\p{L}\p{N}-])\.(?=\p{L})/gu, '\\.')
    .replace(/^([-+=])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

function longestBacktickRun(s: string): number {
  let longest = 0;
  for (const run of s.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * Text as an inline code span, on one line and exact: the span's backtick fence is longer than any
 * run inside, and a space pads content that starts or ends with a backtick or a space (CommonMark
 * strips one from each side).
 */
export function codeSpan(text: string, max = MAX_INLINE): string {
  const s = oneLine(text, max);
  if (!s) return '` `';
  const fence = '`'.repeat(longestBacktickRun(s) + 1);
  const pad = /^[` ]|[` ]$/.test(s) ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

/** Lines as a fenced code block whose fence is longer than any backtick run inside. */
export function codeBlock(lines: string[], max = MAX_INLINE): string[] {
  const body = lines.map((l) => oneLine(l, max));
  const fence = '`'.repeat(Math.max(3, ...body.map(longestBacktickRun).map((n) => n + 1)));
  return [fence, ...body, fence];
}

/** A vetted http(s) link as a Markdown destination: `<…>` with the characters it cannot hold encoded. */
export function linkTarget(link: string): string | undefined {
  if (!/^https?:\/\/[^\s]+$/i.test(link) || link.length > MAX_INLINE) return undefined;
  return `<${link.replace(/[<>\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}>`;
}

const pairText = (p: DetailPair) => `${p.key}: ${oneLine(shownText(p.value), MAX_VALUE)}`;

/** The lines of one exception of the chain. */
function exceptionLines(x: DetailException, index: number, opts: MarkdownOptions): string[] {
  const head = `**${escapeMarkdown((x.type ?? '').trim() || l10n.t('Error'))}**${x.value ? `: ${escapeMarkdown(x.value)}` : ''}`;
  const m = x.mechanism;
  const mechanism =
    m && (m.type || m.handled !== undefined)
      ? ` _(${[m.type && escapeMarkdown(m.type), m.handled === undefined ? '' : m.handled ? l10n.t('handled') : l10n.t('unhandled')].filter(Boolean).join(', ')})_`
      : '';
  const g = x.group;
  const first = g
    ? `${'> '.repeat(Math.min(g.depth, 4))}${g.isGroup ? `${l10n.t('Exception group {0}:', String(g.id))} ` : ''}${g.depth > 0 && g.parentId !== undefined ? `${l10n.t('in group {0}:', String(g.parentId))} ` : ''}${head}${mechanism}`
    : index > 0
      ? l10n.t('Caused by {0}', `${head}${mechanism}`)
      : `${head}${mechanism}`;
  const lines = [first, ''];
  const inApp = x.frames.filter((f) => f.inApp === true);
  const all = opts.systemFrames === true;
  const listed = all ? x.frames : inApp;
  const frames = listed.length || opts.systemFrames === false ? listed.slice(0, MAX_FRAMES) : x.frames.slice(0, TOP_FRAMES);
  if (!inApp.length && frames.length && !all) lines.push(`_${l10n.t('No frame is marked in-app; the top {0}:', frames.length)}_`, '');
  if (opts.systemFrames === false && x.frames.length > inApp.length) lines.push(`_${l10n.t('{0} system frames left out.', x.frames.length - inApp.length)}_`, '');
  for (const f of frames) {
    const mapped = opts.mapPath?.(f);
    const system = all && f.inApp !== true ? ` _(${l10n.t('system')})_` : '';
    lines.push(`- ${l10n.t('{0} at {1}', codeSpan(f.function ?? '?', MAX_VALUE), codeSpan(frameWhere(f)))}${mapped ? ` → ${codeSpan(mapped)}` : ''}${system}`);
  }
  if (listed.length > MAX_FRAMES) {
    const more = listed.length - MAX_FRAMES;
    lines.push(`- ${all ? l10n.t('… {0} more frames', more) : l10n.t('… {0} more in-app frames', more)}`);
  }
  // The code around the line of the crash (the first in-app frame of the last raised exception).
  const crash = index === 0 ? (all ? (inApp[0] ?? frames[0]) : frames[0]) : undefined;
  if (crash?.context?.length) {
    const width = String(Math.max(...crash.context.map(([n]) => n))).length;
    lines.push('', ...codeBlock(crash.context.map(([n, code]) => `${String(n).padStart(width)}${n === crash.lineNo ? ' >' : '  '} ${code}`)));
  }
  return lines;
}

/** `HH:MM:SS.mmm` of an ISO time, else the text as it came. */
function crumbTime(t: string | undefined): string {
  if (!t) return '';
  const m = /^\d{4}-\d\d-\d\dT(\d\d:\d\d:\d\d(?:\.\d{1,3})?)/.exec(t);
  return m ? m[1] : t;
}

function crumbLine(b: Breadcrumb): string {
  const parts = [b.timestamp ? codeSpan(crumbTime(b.timestamp), 64) : '', escapeMarkdown(b.category ?? b.type, 200), `(${escapeMarkdown(b.level, 64)})`].filter(Boolean);
  let line = `- ${parts.join(' ')}`;
  if (b.message) line += `: ${escapeMarkdown(b.message, MAX_INLINE)}`;
  const data = (b.data ?? []).slice(0, MAX_CRUMB_DATA);
  if (data.length) line += ` · ${data.map((p) => codeSpan(pairText(p), MAX_VALUE)).join(' ')}`;
  return line;
}

/** The request line: method, URL and (when the URL has none) the query, masked values as shown. */
function requestLine(d: EventDetail): string | undefined {
  const r = d.request;
  if (!r || (!r.method && !r.url)) return undefined;
  let url = r.url ?? '';
  if (r.query.length && !url.includes('?')) url += `?${r.query.map((p) => `${p.key}=${shownText(p.value)}`).join('&')}`;
  return codeSpan([r.method, url].filter(Boolean).join(' '));
}

/** Collects blocks until the whole would pass MAX_MARKDOWN; a block is never cut in half. */
class Blocks {
  private readonly lines: string[] = [];
  private size = 0;
  full = false;

  add(block: string[]): void {
    if (this.full || !block.length) return;
    const n = block.reduce((sum, l) => sum + l.length + 1, 0);
    if (this.size + n > MAX_MARKDOWN - 100) {
      this.full = true;
      return;
    }
    this.lines.push(...block);
    this.size += n;
  }

  text(): string {
    const out = this.full ? [...this.lines, '', `_(${l10n.t('cut to stay within {0} characters', MAX_MARKDOWN.toLocaleString('en-US'))})_`] : this.lines;
    return `${out.join('\n').trimEnd()}\n`;
  }
}

/** The issue and its event as Markdown, masked and inert, ready to paste. */
export function eventMarkdown(issue: IssueHeader, detail: EventDetail, opts: MarkdownOptions = {}): string {
  const out = new Blocks();
  const title = issue.title || detail.title || l10n.t('(no title)');
  out.add([`## ${issue.shortId ? `${escapeMarkdown(issue.shortId, 100)}: ` : ''}${escapeMarkdown(title)}`, '']);

  const fact = (name: string, value: string | number | undefined | null, code = false) =>
    value === undefined || value === null || value === '' ? '' : `**${name}:** ${code ? codeSpan(String(value), 200) : escapeMarkdown(String(value), 200)}`;
  const facts = [
    fact(l10n.t('Level'), issue.level),
    fact(l10n.t('Status'), issue.status),
    fact(l10n.t('Events'), issue.count),
    fact(l10n.t('Users'), issue.userCount),
    fact(l10n.t('First seen'), issue.firstSeen),
    fact(l10n.t('Last seen'), issue.lastSeen),
    fact(l10n.t('Project'), issue.project),
  ].filter(Boolean);
  const event = [
    fact(l10n.t('Event'), detail.eventID, true),
    fact(l10n.t('Date'), detail.dateCreated),
    fact(l10n.t('Release'), detail.release, true),
    fact(l10n.t('Environment'), detail.environment, true),
  ].filter(Boolean);
  const target = opts.link ? linkTarget(opts.link) : undefined;
  const header = [facts.join(' · '), event.join(' · ')].filter(Boolean);
  out.add([...header.map((l, i) => (i < header.length - 1 ? `${l}  ` : l)), ...(target ? ['', `[${l10n.t('Open in Sentry')}](${target})`] : []), '']);

  if (detail.exceptions.length) {
    const grouped = detail.exceptions.some((x) => x.group);
    out.add([`### ${detail.exceptions.length <= 1 ? l10n.t('Exception') : grouped ? l10n.t('Exceptions (each group before its members)') : l10n.t('Exceptions (the last raised first)')}`, '']);
    detail.exceptions.forEach((x, i) => out.add([...exceptionLines(x, i, opts), '']));
  } else {
    const message = detail.messageEntry?.formatted || detail.message;
    if (message) out.add([`### ${l10n.t('Message')}`, '', escapeMarkdown(message), '']);
  }

  const n = Math.max(0, Math.floor(opts.crumbs ?? DEFAULT_CRUMBS));
  const crumbs = n ? detail.breadcrumbs.slice(-n) : [];
  if (crumbs.length) {
    const total = detail.breadcrumbs.length + (detail.breadcrumbsOmitted ?? 0);
    out.add([`### ${crumbs.length < total ? l10n.t('Breadcrumbs (the last {0} of {1})', crumbs.length, total) : l10n.t('Breadcrumbs ({0})', crumbs.length)}`, '']);
    for (const b of crumbs) out.add([crumbLine(b)]);
    out.add(['']);
  }

  const request = requestLine(detail);
  if (request) out.add([`### ${l10n.t('Request')}`, '', request, '']);

  const contexts = opts.contexts === false ? [] : detail.contexts.filter((c) => c.pairs.length);
  if (contexts.length) {
    out.add([`### ${l10n.t('Contexts')}`, '']);
    for (const c of contexts)
      out.add([
        `- **${escapeMarkdown(c.key, 200)}**: ${c.pairs
          .slice(0, MAX_PAIRS)
          .map((p) => `${escapeMarkdown(p.key, 200)} ${codeSpan(shownText(p.value), MAX_VALUE)}`)
          .join(' · ')}`,
      ]);
    out.add(['']);
  }

  const tags = detail.tags.slice(0, Math.max(0, Math.floor(opts.tags ?? 0)));
  if (tags.length) {
    const more = detail.tags.length - tags.length;
    out.add([`### ${l10n.t('Tags')}`, '', `${tags.map((t) => codeSpan(`${t.key}: ${t.value}`, MAX_VALUE)).join(' · ')}${more ? ` · ${l10n.t('… {0} more', more)}` : ''}`, '']);
  }
  return out.text();
}
