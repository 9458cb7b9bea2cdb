/**
 * What the Issues view lists: a preset or free text, a stats period and a sort, turned into the
 * `query`, `statsPeriod` and `sort` parameters of Sentry's issue lists. Pure; no `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { IssueSort, ProjectIssuesStatsPeriod } from '../../api/listParams';
import type { TimeWindow } from '../../store/issueSource';
import { listKey, type ListSpec } from '../../store/listSpec';
import { isoSeconds } from '../../format/time';
import { plainText } from '../../util/untrusted';

/** Sentry's saved searches (its default ones, and the statuses and categories the view had before). */
export type SavedSearch = 'unresolved' | 'forReview' | 'needsTriage' | 'assignedToMe' | 'bookmarks' | 'newToday' | 'errorsOnly' | 'all' | 'feedback';
/** A saved search, or `custom`: a search typed in the view (`text`). */
export type IssuePreset = SavedSearch | 'custom';

export interface IssueFilter {
  preset: IssuePreset;
  /** The free-text query when preset is 'custom'. */
  text?: string;
  /**
   * Under a typed search: the saved search it was typed from. The editor's marks keep it (a search
   * typed to find one issue in the tree must not take the other issues' marks out of the editor),
   * and clearing the search goes back to it.
   */
  base?: SavedSearch;
  statsPeriod: ProjectIssuesStatsPeriod;
  sort: IssueSort;
  /** Only issues with events in these environments; empty or left out: every environment. */
  environments?: string[];
  /** Only issues with events in this window; left out: the server's default. */
  window?: TimeWindow;
}

export const DEFAULT_FILTER: IssueFilter = { preset: 'unresolved', statsPeriod: '24h', sort: 'date' };

/*
 * The words of the tables below are getters: read when shown, they come out in the language
 * activate() configured (@vscode/l10n), not in whatever was set when this module was imported.
 */

/** A saved search's detail is its query (search syntax, not words), but for the server default and every status. */
const saved = (label: () => string, query: string | undefined, detail?: () => string) => ({
  get label() {
    return label();
  },
  query,
  get detail() {
    return detail ? detail() : (query ?? '');
  },
});

/**
 * In the order of Sentry's issue list: its default saved searches (Unresolved Issues, For Review,
 * Needs Triage, Assigned to Me, My Bookmarks, New Today, Errors Only), then every status and user feedback.
 */
export const PRESETS: Readonly<Record<SavedSearch, { readonly label: string; readonly query: string | undefined; readonly detail: string }>> = {
  // No query parameter at all: the server's default, is:unresolved.
  unresolved: saved(
    () => l10n.t('Unresolved Issues'),
    undefined,
    () => l10n.t('the server default (is:unresolved)'),
  ),
  forReview: saved(() => l10n.t('For Review'), 'is:unresolved is:for_review'),
  needsTriage: saved(() => l10n.t('Needs Triage'), 'is:unresolved is:unassigned'),
  assignedToMe: saved(() => l10n.t('Assigned to Me'), 'is:unresolved assigned:me'),
  bookmarks: saved(() => l10n.t('My Bookmarks'), 'is:unresolved bookmarks:me'),
  newToday: saved(() => l10n.t('New Today'), 'is:unresolved age:-24h'),
  errorsOnly: saved(() => l10n.t('Errors Only'), 'is:unresolved level:error'),
  // An empty query parameter: every status.
  all: saved(
    () => l10n.t('All Statuses'),
    '',
    () => l10n.t('query= (empty): resolved and ignored too'),
  ),
  feedback: saved(() => l10n.t('User Feedback'), 'issue.category:feedback'),
};

/** The saved search under the filter: the one chosen, or the one a typed search was started from. */
export function savedSearchOf(filter: IssueFilter): SavedSearch {
  return filter.preset === 'custom' ? (filter.base ?? 'unresolved') : filter.preset;
}

/** A saved search chosen: any typed search goes. */
export function withSavedSearch(filter: IssueFilter, preset: SavedSearch): IssueFilter {
  return { ...filter, preset, text: undefined, base: undefined };
}

/** A search typed in the view, kept over its saved search; an empty one goes back to that saved search. */
export function withSearch(filter: IssueFilter, text: string): IssueFilter {
  const base = savedSearchOf(filter);
  return text.trim() ? { ...filter, preset: 'custom', text: text.trim(), base } : withSavedSearch(filter, base);
}

/**
 * The query the editor's marks search within: the saved search's, never a search typed in the tree.
 * Typed to find an issue in the view, such a search would otherwise take every other issue's marks
 * out of the editor.
 */
export function markQuery(filter: IssueFilter): string | undefined {
  return PRESETS[savedSearchOf(filter)].query;
}

/** Whether the filter hides issues the default list shows: another query, environments, a window (not the sort or the graph). */
export function isFiltered(filter: IssueFilter): boolean {
  return filter.preset !== DEFAULT_FILTER.preset || !!filter.environments?.length || !!filter.window;
}

/** The default list again, in the chosen sort and graph period (they hide nothing). */
export function clearedFilter(filter: IssueFilter): IssueFilter {
  return { ...DEFAULT_FILTER, statsPeriod: filter.statsPeriod, sort: filter.sort };
}

export const SORTS: Readonly<Record<IssueSort, string>> = {
  get date() {
    return l10n.t('Last seen');
  },
  get new() {
    return l10n.t('First seen');
  },
  get freq() {
    return l10n.t('Events');
  },
  get user() {
    return l10n.t('Users');
  },
  get trends() {
    return l10n.t('Trends');
  },
};

export const PERIODS: Readonly<Record<ProjectIssuesStatsPeriod, string>> = {
  get '24h'() {
    return l10n.t('24 hours');
  },
  get '14d'() {
    return l10n.t('14 days');
  },
  get ''() {
    return l10n.t('no stats');
  },
};

/** Relative windows offered besides the server's default and a custom range. */
export const WINDOWS: Readonly<Record<string, string>> = {
  get '1h'() {
    return l10n.t('last hour');
  },
  get '24h'() {
    return l10n.t('last 24 hours');
  },
  get '7d'() {
    return l10n.t('last 7 days');
  },
  get '14d'() {
    return l10n.t('last 14 days');
  },
  get '30d'() {
    return l10n.t('last 30 days');
  },
  get '90d'() {
    return l10n.t('last 90 days');
  },
};

import { looksLikeShortId } from '../../contracts/issueRef';
export { looksLikeShortId };

export function queryOf(filter: IssueFilter): string | undefined {
  return filter.preset === 'custom' ? (filter.text ?? '').trim() : PRESETS[filter.preset].query;
}

/** The parts of a list spec the filter decides (what is unset is left out, so plain lists keep their keys). */
export function toParams(filter: IssueFilter): Omit<ListSpec, 'org' | 'project' | 'projects'> {
  const query = queryOf(filter);
  return {
    query,
    statsPeriod: filter.statsPeriod,
    sort: filter.sort,
    shortIdLookup: query !== undefined && looksLikeShortId(query) ? true : undefined,
    ...(filter.environments?.length ? { environments: [...filter.environments] } : {}),
    ...(filter.window ? { window: filter.window } : {}),
  };
}

/** "Unresolved Issues · 24h · Last seen", plus environments and window when set, shown as the view's description. */
export function describeFilter(filter: IssueFilter): string {
  const what = filter.preset === 'custom' ? `"${filter.text ?? ''}"` : PRESETS[filter.preset].label;
  return [what, ...narrowing(filter), filter.statsPeriod || l10n.t('no stats'), SORTS[filter.sort]].join(' · ');
}

/**
 * What narrows the list (a query other than the default, environments, a window), said above the
 * tree: a view alone in its container does not show its description. Undefined for the default list.
 */
export function filterNotice(filter: IssueFilter): string | undefined {
  if (!isFiltered(filter)) return undefined;
  const parts = [...(filter.preset === DEFAULT_FILTER.preset ? [] : [filter.preset === 'custom' ? `"${oneLine(filter.text ?? '', 100)}"` : PRESETS[filter.preset].label]), ...narrowing(filter)];
  return l10n.t('Filtered: {0}', parts.join(' · '));
}

/** The environments (the server's names: one bounded plain line) and the window, when set. */
function narrowing(filter: IssueFilter): string[] {
  return [...(filter.environments?.length ? [oneLine(filter.environments.join(', '), 200)] : []), ...(filter.window ? [describeWindow(filter.window)] : [])];
}

function oneLine(text: string, max: number): string {
  return plainText(text.replace(/\s+/g, ' '), max);
}

export function describeWindow(w: TimeWindow): string {
  if ('period' in w) return Object.hasOwn(WINDOWS, w.period) ? WINDOWS[w.period] : l10n.t('last {0}', w.period);
  const start = w.start.slice(0, 16).replace('T', ' ');
  return w.end === undefined ? l10n.t('{0} – now', start) : `${start} – ${w.end.slice(0, 16).replace('T', ' ')}`;
}

/**
 * A custom range as typed (`2026-11-01`, `2026-11-01T08:00`, with or without Z): ISO dates in UTC, or
 * a message saying what is wrong. An empty end is left open: a stored filter must keep reaching the
 * time of each request, not the moment it was chosen.
 */
export function parseWindow(startText: string, endText: string, now: number): TimeWindow | string {
  const start = parseDate(startText);
  const open = endText.trim() === '';
  const end = open ? new Date(now) : parseDate(endText);
  if (!start) return notADate(startText);
  if (!end) return notADate(endText);
  if (start.getTime() >= end.getTime()) return l10n.t('The start must come before the end.');
  return open ? { start: isoSeconds(start.getTime()) } : { start: isoSeconds(start.getTime()), end: isoSeconds(end.getTime()) };
}

function notADate(text: string): string {
  return l10n.t('"{0}" is not a date: use 2026-11-01 or 2026-11-01T08:00.', text.trim().slice(0, 40));
}

function parseDate(text: string): Date | undefined {
  const t = text.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?Z?$/.exec(t);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const date = new Date(at);
  // Date.UTC rolls 31 Feb into March: refuse dates that do not exist.
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(mo) - 1 && Number(h) < 24 && Number(mi) < 60 && Number(s) < 60 ? date : undefined;
}

/** The query as a user would read it, for "no issues match …" messages. */
export function describeQuery(filter: IssueFilter): string {
  const q = queryOf(filter);
  const what = q === undefined ? 'is:unresolved' : q === '' ? l10n.t('all statuses') : q;
  return [what, ...narrowing(filter)].join(' · ');
}

/** The store's key of the list the filter makes for one project. */
export function cacheKey(org: string, project: string, filter: IssueFilter): string {
  return listKey({ org, project, ...toParams(filter) });
}

/** Hashes typed by a user: separated by spaces, commas, semicolons or new lines; duplicates dropped. */
export function parseHashes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
