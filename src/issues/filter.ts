/**
 * What the Issues view lists: a preset or free text, a stats period and a sort, turned into the
 * parameters of "list a project's issues" (spec 4.5). Pure; no `vscode` import.
 */
import type { IssueSort, ProjectIssuesParams, ProjectIssuesStatsPeriod } from '../api/client';

export type IssuePreset = 'unresolved' | 'all' | 'assignedToMe' | 'forReview' | 'feedback' | 'custom';

export interface IssueFilter {
  preset: IssuePreset;
  /** The free-text query when preset is 'custom'. */
  text?: string;
  statsPeriod: ProjectIssuesStatsPeriod;
  sort: IssueSort;
}

export const DEFAULT_FILTER: IssueFilter = { preset: 'unresolved', statsPeriod: '24h', sort: 'date' };

export const PRESETS: Record<Exclude<IssuePreset, 'custom'>, { label: string; query: string | undefined; detail: string }> = {
  // No query parameter at all: the server's default, is:unresolved.
  unresolved: { label: 'Unresolved', query: undefined, detail: 'the server default (is:unresolved)' },
  // An empty query parameter: every status.
  all: { label: 'All statuses', query: '', detail: 'query= (empty): resolved and ignored too' },
  assignedToMe: { label: 'Assigned to me', query: 'is:unresolved assigned:me', detail: 'is:unresolved assigned:me' },
  forReview: { label: 'For review', query: 'is:unresolved is:for_review', detail: 'is:unresolved is:for_review' },
  feedback: { label: 'User feedback', query: 'issue.category:feedback', detail: 'issue.category:feedback' },
};

export const SORTS: Record<IssueSort, string> = { date: 'Last seen', new: 'First seen', freq: 'Events', user: 'Users', trends: 'Trends' };
export const PERIODS: Record<ProjectIssuesStatsPeriod, string> = { '24h': '24 hours', '14d': '14 days', '': 'no stats' };

import { looksLikeShortId } from '../contracts/issueRef';
export { looksLikeShortId };

export function queryOf(filter: IssueFilter): string | undefined {
  return filter.preset === 'custom' ? (filter.text ?? '').trim() : PRESETS[filter.preset].query;
}

export function toParams(filter: IssueFilter): ProjectIssuesParams {
  const query = queryOf(filter);
  return {
    query,
    statsPeriod: filter.statsPeriod,
    sort: filter.sort,
    shortIdLookup: query !== undefined && looksLikeShortId(query) ? true : undefined,
  };
}

/** "Unresolved · 24h · Last seen", shown as the view's description. */
export function describeFilter(filter: IssueFilter): string {
  const what = filter.preset === 'custom' ? `"${filter.text ?? ''}"` : PRESETS[filter.preset].label;
  return [what, filter.statsPeriod || 'no stats', SORTS[filter.sort]].join(' · ');
}

/** The query as a user would read it, for "no issues match …" messages. */
export function describeQuery(filter: IssueFilter): string {
  const q = queryOf(filter);
  return q === undefined ? 'is:unresolved' : q === '' ? 'all statuses' : q;
}

export function cacheKey(org: string, project: string, filter: IssueFilter): string {
  return JSON.stringify([org, project, queryOf(filter) ?? null, filter.statsPeriod, filter.sort]);
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
