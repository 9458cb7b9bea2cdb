/**
 * Which of the organization's issues a pasted trace is: one query of Sentry's events table, the one
 * the marks read lines from (src/editor/core/tableLines.ts: `stack.*` arrays of each issue's events,
 * newest first, a row per issue and stack), asked for the events whose frames name the trace's
 * innermost files; an issue whose latest stack holds the trace's innermost frames (the same file name
 * and line) is offered, most frames matched first. No `vscode` import.
 */
import type { EventsTableParams, EventsTableRow } from '../../model/event/eventsTable';
import { readStackRow } from '../../model/event/stackRow';
import { baseName, type TraceFrame } from './stackTrace/types';

/** The fields asked: the issue, and its stack's files, lines and functions. */
export const MATCH_FIELDS = ['issue.id', 'issue', 'title', 'project', 'stack.filename', 'stack.abs_path', 'stack.lineno', 'last_seen()'] as const;
/** Innermost frames of the trace compared (where the error was raised and its callers). */
const COMPARED = 8;
/** File names asked for in the query. */
const QUERIED = 5;
/** Issues offered at most. */
export const MAX_OFFERED = 5;
/** A file name the search syntax can carry quoted: no quote, backslash, wildcard or space. */
const SAFE_NAME = /^[A-Za-z0-9_.@+$-]{1,200}$/;

export interface IssueMatch {
  readonly issueId: string;
  readonly shortId: string;
  readonly title: string;
  readonly project: string;
  /** How many of the trace's innermost frames its latest stack holds. */
  readonly matched: number;
  /** Whether the trace's innermost frame is among them. */
  readonly innermost: boolean;
}

/** The events-table request for a trace's innermost files, or undefined when it names none the search can carry. */
export function matchRequest(innermostFirst: readonly TraceFrame[], projects: readonly string[]): EventsTableParams | undefined {
  const names: string[] = [];
  for (const f of innermostFirst.slice(0, COMPARED)) {
    const name = f.filename ? baseName(f.filename) : '';
    if (SAFE_NAME.test(name) && !names.includes(name)) names.push(name);
    if (names.length === QUERIED) break;
  }
  if (names.length === 0) return undefined;
  return {
    dataset: 'errors',
    fields: [...MATCH_FIELDS],
    query: names.map((n) => `stack.filename:"*${n}"`).join(' OR '),
    sort: '-last_seen()',
    perPage: 100,
    statsPeriod: '90d',
    ...(projects.length ? { project: projects } : {}),
  };
}

/** The issues whose stacks hold the trace's innermost frames, best first (rows are newest first: an issue's first row is its latest stack). */
export function matchIssues(innermostFirst: readonly TraceFrame[], rows: readonly EventsTableRow[]): IssueMatch[] {
  const wanted = innermostFirst.slice(0, COMPARED).filter((f) => f.filename && f.lineNo !== undefined);
  const seen = new Map<string, IssueMatch>();
  for (const row of rows) {
    const stack = readStackRow(row);
    if (!stack || seen.has(stack.issueId)) continue;
    const held = new Set<string>();
    for (const frame of stack.frames) for (const path of frame.paths) held.add(`${baseName(path).toLowerCase()}:${frame.line}`);
    const hits = wanted.map((f) => held.has(`${baseName(f.filename!).toLowerCase()}:${f.lineNo}`));
    const matched = hits.filter(Boolean).length;
    const { issueId, shortId, title, project } = stack;
    seen.set(issueId, { issueId, shortId, title, project, matched, innermost: hits[0] === true });
  }
  return [...seen.values()]
    .filter((m) => m.matched > 0)
    .sort((a, b) => Number(b.innermost) - Number(a.innermost) || b.matched - a.matched)
    .slice(0, MAX_OFFERED);
}
