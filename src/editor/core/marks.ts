/**
 * Issue marks on source lines: which frame gives a line, how marks follow edits until the next
 * refresh, and the text shown after a line. Pure; the glue turns marks into decorations and hovers.
 */
import * as l10n from '@vscode/l10n';
import type { SentryEvent } from '../../model/event/schema';
import { eventFramesNewestFirst } from '../../model/event/frame';
import { type Issue } from '../../model/issue/schema';
import { relativeTime } from '../../format/time';
import { eventCount } from '../../format/numbers';
import { mayMatch } from '../../store/queryMatch';
import { parseServerLocation, type ServerLocation } from './location';
import type { KnownText } from './locationCache';
import { readFrameFields, type FrameFields } from '../../model/event/framePath';
import { sdkNameOf } from '../../model/event/mungedPath';

/**
 * Where an issue belongs in a document, as the locator found it. It holds the issue's id, never the
 * issue: the fields are read from the one issue store each time a line is drawn (`withIssues`), so a
 * change the store hears of (a reload, a triage write) shows on the marked lines without locating
 * them again.
 */
export interface PlacedMark {
  org: string;
  /** The project whose list named the issue. */
  project: string;
  issueId: string;
  /** 0-based line in the document. */
  line: number;
  column?: number;
  /** Where the line came from: the latest event's location, or a frame of the latest full event. */
  source: 'location' | 'frame';
  /** The text the event's line held, when known: where the code is now in an open document (./movedLines.ts). */
  text?: KnownText;
  /** 0-based line the event named, when the code was found moved from it to `line`. */
  movedFrom?: number;
  /** The code the event named is no longer at `line`, nor near it. */
  stale?: true;
  /** The frame's file name matches these other workspace files (keys) as well: drawn on each, and said in the hover. */
  alsoIn?: readonly string[];
}

/** A mark as drawn: its place, with the issue's fields as the store has them now. */
export interface Mark extends Omit<PlacedMark, 'issueId'> {
  issue: Issue;
}

/**
 * Whether an issue is drawn on its line: while the Issues view's query (`query`, undefined: the
 * server's default `is:unresolved`) may still list it as the store has it now, the tree's own rule.
 * Under the default query an issue resolved or archived (even optimistically, before the server
 * answers) loses its mark at once, whatever list named it, and a rollback brings it back; under a
 * query that lists resolved issues too its mark stays, drawn as resolved.
 */
export function isMarked(issue: Issue, query: string | undefined): boolean {
  return mayMatch(issue, query);
}

/** Whether a marked issue is open (unresolved): the others are drawn hollow and offer Unresolve. */
export function isOpen(issue: Pick<Issue, 'status'>): boolean {
  return issue.status === 'unresolved';
}

/** How a status other than unresolved is named on a line and in a hover (undefined: unresolved); never the server's own word. */
export function statusWord(issue: Pick<Issue, 'status'>): string | undefined {
  switch (issue.status) {
    case 'unresolved':
      return undefined;
    case 'resolved':
    case 'resolvedInNextRelease':
      return l10n.t('Resolved');
    case 'ignored':
    case 'muted':
      return l10n.t('Archived');
    default:
      return l10n.t('Not open');
  }
}

/**
 * The marks with their issues' current fields; a mark whose issue the store no longer holds (signed
 * out, cleared) is left out rather than drawn from stale fields, and so is one whose issue the
 * view's query no longer lists (`isMarked`).
 */
export function withIssues(marks: readonly PlacedMark[], issueOf: (id: string) => Issue | undefined, query: string | undefined): Mark[] {
  const out: Mark[] = [];
  for (const { issueId, ...place } of marks) {
    const issue = issueOf(issueId);
    if (issue && isMarked(issue, query)) out.push({ ...place, issue });
  }
  return out;
}

/** Whether a store change naming `changed` issue ids touches any of the marks. */
export function touchesMarks(changed: readonly string[], marks: Iterable<readonly PlacedMark[]>): boolean {
  if (changed.length === 0) return false;
  const ids = new Set(changed);
  for (const list of marks) if (list.some((m) => ids.has(m.issueId))) return true;
  return false;
}

/** The newest in-app frame that names a file and a line, as a parsed location (raw path kept for mappings) with its path fields. */
export function newestInAppLocation(event: SentryEvent): (ServerLocation & { fields: FrameFields }) | undefined {
  for (const { frame: f, raw } of eventFramesNewestFirst(event)) {
    if (!f.inApp || !f.lineNo) continue;
    const parsed = parseServerLocation(f.filename ?? f.absPath ?? undefined);
    if (parsed) return { path: parsed.path, raw: parsed.raw, line: f.lineNo, ...(f.colNo ? { column: f.colNo } : {}), fields: readFrameFields(raw, event.platform, sdkNameOf(event)) };
  }
  return undefined;
}

export interface LineChange {
  /** 0-based first line of the replaced range. */
  startLine: number;
  /** 0-based last line of the replaced range. */
  endLine: number;
  /** Lines of the inserted text minus one (0 for text without a newline). */
  insertedLines: number;
}

/** Moves marks with an edit: lines after it shift by the change in line count; lines inside it stay. */
export function shiftMarks<T extends { line: number }>(marks: readonly T[], change: LineChange): T[] {
  const delta = change.insertedLines - (change.endLine - change.startLine);
  if (delta === 0) return [...marks];
  return marks.map((m) => {
    if (m.line > change.endLine) return { ...m, line: m.line + delta };
    // A mark inside a deleted block lands on the block's first line rather than vanishing.
    if (m.line > change.startLine && m.line <= change.endLine && delta < 0) return { ...m, line: Math.min(m.line, change.startLine + change.insertedLines) };
    return m;
  });
}

/**
 * `● PROJ-12 TypeError: x is undefined · 1.2K events · 3h ago` (+ how many more on the line); a line
 * whose first issue is not open says its status: `○ PROJ-12 Resolved · TypeError: …`.
 */
export function afterLineText(marks: readonly Mark[], now = Date.now(), maxTitle = 60): string {
  const [first] = marks;
  if (!first) return '';
  const title = first.issue.title.length > maxTitle ? `${first.issue.title.slice(0, maxTitle - 1)}…` : first.issue.title;
  const events = eventCount(first.issue.count);
  const age = relativeTime(first.issue.lastSeen, now);
  const status = statusWord(first.issue);
  if (status !== undefined) {
    return marks.length > 1
      ? l10n.t('○ {0} {1} · {2} · {3} · {4} (+{5} more)', first.issue.shortId, status, title, events, age, marks.length - 1)
      : l10n.t('○ {0} {1} · {2} · {3} · {4}', first.issue.shortId, status, title, events, age);
  }
  return marks.length > 1
    ? l10n.t('● {0} {1} · {2} · {3} (+{4} more)', first.issue.shortId, title, events, age, marks.length - 1)
    : l10n.t('● {0} {1} · {2} · {3}', first.issue.shortId, title, events, age);
}

/** Groups marks by line: open issues first, then most events first within a line. */
export function byLine<T extends Mark>(marks: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const m of marks) out.set(m.line, [...(out.get(m.line) ?? []), m]);
  for (const list of out.values()) list.sort((a, b) => Number(isOpen(b.issue)) - Number(isOpen(a.issue)) || Number(b.issue.count) - Number(a.issue.count));
  return out;
}
