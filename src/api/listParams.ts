/**
 * The parameters of the issue and event list endpoints, as callers give them to SentryClient.
 * Names follow Sentry's query parameters; a field left undefined is not sent, and an empty string
 * is sent as it is (for `query` and `statsPeriod` the two mean different things).
 */
import type { Page } from './paging';
import type { Issue } from '../model/issue/schema';

/** GET …/organizations/{org}/issues/{id}/events/. */
export interface IssueEventsParams {
  start?: string;
  end?: string;
  /** `<number><s|m|h|d|w>`; overrides start and end, so they are not sent alongside it. */
  statsPeriod?: string;
  environment?: readonly string[];
  full?: boolean;
  sample?: boolean;
  query?: string;
  cursor?: string;
  perPage?: number;
}

/** The stats an issue of a project list carries: `24h` (the server's default), `14d`, or `''` for none. */
export type ProjectIssuesStatsPeriod = '24h' | '14d' | '';
export type IssueSort = 'date' | 'new' | 'freq' | 'user' | 'trends';

/** GET …/projects/{org}/{project}/issues/. */
export interface ProjectIssuesParams {
  /** `24h` (server default), `14d`, or `''` which disables stats (different from leaving it out). */
  statsPeriod?: ProjectIssuesStatsPeriod;
  shortIdLookup?: boolean;
  /** Left out: the server's default `is:unresolved`. Empty string: every status. */
  query?: string;
  /** Group hashes; incompatible with query; the server uses only the first 100, so only those are sent. */
  hashes?: readonly string[];
  sort?: IssueSort;
  cursor?: string;
  limit?: number;
}

/** `groupStatsPeriod` of the organization issues endpoint: which key of `stats` each issue carries. */
export type GroupStatsPeriod = '' | '24h' | '14d' | 'auto';
export type OrganizationIssueSort = IssueSort | 'inbox' | 'recommended';
export const ISSUE_EXPAND = ['inbox', 'integrationIssues', 'latestEventHasAttachments', 'owners', 'sentryAppIssues', 'sessions'] as const;
export const ISSUE_COLLAPSE = ['base', 'filtered', 'lifetime', 'stats', 'unhandled'] as const;

/** GET /api/0/organizations/{org}/issues/ (operation listOrganizationIssues of Sentry's OpenAPI description). */
export interface OrganizationIssuesParams {
  /** Project slugs or ids; sent as ids (slugs looked up in the project list), one parameter each; left out: every project the member can see. */
  project?: readonly string[];
  environment?: readonly string[];
  /** The window of time searched (`<number><s|m|h|d|w>`); overrides start and end. Left out with them: the server's default (90 days on sentry.io). */
  statsPeriod?: string;
  start?: string;
  end?: string;
  groupStatsPeriod?: GroupStatsPeriod;
  shortIdLookup?: boolean;
  /** Left out: the server's default `is:unresolved`. Empty string: every status. */
  query?: string;
  sort?: OrganizationIssueSort;
  limit?: number;
  expand?: ReadonlyArray<(typeof ISSUE_EXPAND)[number]>;
  collapse?: ReadonlyArray<(typeof ISSUE_COLLAPSE)[number]>;
  cursor?: string;
}

export interface ProjectIssuesPage extends Page<Issue> {
  /** Set when more than 100 hashes were given: how many were left out. */
  droppedHashes?: number;
}
