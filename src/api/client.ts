/**
 * The read operations of the spec (sections 4.4–4.7), and the triage writes of Sentry's API (api-facts), as typed methods. Parameters follow the spec's
 * names; values are sent exactly as given (an empty string is sent, undefined is left out).
 */
import * as l10n from '@vscode/l10n';
import { HttpClient, type HttpClientOptions } from './http';
import { pages, toPage, type Page } from './paging';
import {
  EventListSchema,
  EventDetailsSchema,
  IssueListSchema,
  IssueSchema,
  IssueUpdateSchema,
  MemberListSchema,
  TeamListSchema,
  OrganizationListSchema,
  OrganizationSchema,
  ProjectListSchema,
  TagDetailsSchema,
  EnvironmentListSchema,
  type Environment,
  type Issue,
  type IssueUpdate,
  type Member,
  type Team,
  type Organization,
  type Project,
  type SentryEvent,
  type EventDetails,
  type TagDetails,
} from './schemas';
import * as z from '../util/z';
import { isEventRef } from '../sentryEvent/types';

/** Rule 2 of spec section 5: a token needs at least one of these scopes. */
export const NEEDED_SCOPES = {
  issueEvents: ['event:admin', 'event:read', 'event:write'],
  projectIssues: ['event:read'],
  tagDetails: ['event:admin', 'event:read', 'event:write'],
  organizations: ['org:read'],
  projects: ['project:read'],
  issueWrites: ['event:write', 'event:admin'],
  members: ['member:read', 'member:write', 'member:admin'],
  teams: ['team:read', 'team:write', 'team:admin', 'org:read'],
  environments: ['org:read', 'org:write', 'org:admin'],
} as const;

/** The budget the two issue list endpoints (and searches on them) share on a server (see HttpClient's rate-limit gate). */
export const ISSUE_LIST_BUDGET = 'issue lists';

/** At most this many ids in one bulk PUT (api-facts, Triage). */
export const MAX_BULK_IDS = 100;

/**
 * The body of a triage PUT (OpenAPI requestBody of PUT …/issues/{issue_id}/ and the bulk PUTs).
 * Built by src/triage, which makes sure an archive always names its substatus.
 */
export type IssueUpdateBody = Readonly<Record<string, unknown>>;

/** At most this many hashes are used by the server (spec section 8). */
export const MAX_HASHES = 100;
export const MAX_PER_PAGE = 100;
/** Values in one tag-details response (spec section 8). */
export const MAX_TAG_VALUES = 1000;
/** Sentry's own rule for tag keys; anything else (`..`, `/`) never reaches a URL. */
const TAG_KEY = /^[a-zA-Z0-9_.:-]{1,200}$/;

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

export type ProjectIssuesStatsPeriod = '24h' | '14d' | '';
export type IssueSort = 'date' | 'new' | 'freq' | 'user' | 'trends';

export interface ProjectIssuesParams {
  /** `24h` (server default), `14d`, or `''` which disables stats (different from leaving it out). */
  statsPeriod?: ProjectIssuesStatsPeriod;
  shortIdLookup?: boolean;
  /** Left out: the server's default `is:unresolved`. Empty string: every status. */
  query?: string;
  /** Group hashes; incompatible with query; only the first 100 are sent. */
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

/** GET /api/0/organizations/{org}/issues/ (api-facts "Organization Issues", OpenAPI listOrganizationIssues). */
export interface OrganizationIssuesParams {
  /** Project slugs or ids, one parameter each; left out: every project the member can see. */
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

const STATS_PERIOD = /^\d+[smhdw]$/;

export class SentryClient {
  readonly http: HttpClient;

  constructor(options: HttpClientOptions | HttpClient) {
    this.http = options instanceof HttpClient ? options : new HttpClient(options);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** Spec 4.4. */
  async listIssueEvents(org: string, issueId: string, params: IssueEventsParams = {}, signal?: AbortSignal): Promise<Page<SentryEvent>> {
    checkIssueId(issueId);
    if (params.statsPeriod !== undefined && !STATS_PERIOD.test(params.statsPeriod)) {
      throw new RangeError(`A stats period is a number followed by s, m, h, d or w (like 24h), not "${params.statsPeriod}".`);
    }
    checkPerPage(params.perPage);
    const usePeriod = params.statsPeriod !== undefined;
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/events/`,
      query: {
        start: usePeriod ? undefined : params.start,
        end: usePeriod ? undefined : params.end,
        statsPeriod: params.statsPeriod,
        environment: params.environment,
        full: params.full === undefined ? undefined : String(params.full),
        sample: params.sample === undefined ? undefined : String(params.sample),
        query: params.query,
        cursor: params.cursor,
        per_page: params.perPage,
      },
      schema: EventListSchema,
      cut: firstItems(params.perPage ?? MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.issueEvents,
      what: l10n.t('Issue {0} in organization "{1}"', issueId, org),
      signal,
    });
    return toPage(res);
  }

  /** Spec 4.5 (deprecated endpoint). */
  async listProjectIssues(org: string, project: string, params: ProjectIssuesParams = {}, signal?: AbortSignal): Promise<ProjectIssuesPage> {
    if (params.hashes && params.query !== undefined) throw new RangeError('Search by hashes cannot be combined with a query.');
    checkPerPage(params.limit);
    const hashes = params.hashes?.slice(0, MAX_HASHES);
    const dropped = params.hashes && params.hashes.length > MAX_HASHES ? params.hashes.length - MAX_HASHES : undefined;
    const res = await this.http.request({
      path: `/api/0/projects/${seg(org)}/${seg(project)}/issues/`,
      query: {
        statsPeriod: params.statsPeriod,
        shortIdLookup: params.shortIdLookup ? '1' : undefined,
        query: params.query,
        hashes,
        sort: params.sort,
        cursor: params.cursor,
        limit: params.limit,
      },
      schema: IssueListSchema,
      cut: firstItems(params.limit ?? MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.projectIssues,
      what: l10n.t('Project "{0}" in organization "{1}"', project, org),
      budget: ISSUE_LIST_BUDGET,
      signal,
    });
    return { ...toPage(res), droppedHashes: dropped };
  }

  /** The organization's issues, of several projects in one request (the replacement of 4.5). */
  async listOrganizationIssues(org: string, params: OrganizationIssuesParams = {}, signal?: AbortSignal): Promise<Page<Issue>> {
    checkPerPage(params.limit);
    if (params.statsPeriod !== undefined && !STATS_PERIOD.test(params.statsPeriod)) {
      throw new RangeError(`A period is a number followed by s, m, h, d or w (like 24h), not "${params.statsPeriod}".`);
    }
    for (const p of params.project ?? []) if (p === '') throw new RangeError('A project slug cannot be empty.');
    const usePeriod = params.statsPeriod !== undefined;
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/issues/`,
      query: {
        project: params.project?.length ? [...params.project] : undefined,
        environment: params.environment?.length ? [...params.environment] : undefined,
        statsPeriod: params.statsPeriod,
        start: usePeriod ? undefined : params.start,
        end: usePeriod ? undefined : params.end,
        groupStatsPeriod: params.groupStatsPeriod,
        shortIdLookup: params.shortIdLookup ? '1' : undefined,
        query: params.query,
        sort: params.sort,
        limit: params.limit,
        expand: params.expand?.length ? [...params.expand] : undefined,
        collapse: params.collapse?.length ? [...params.collapse] : undefined,
        cursor: params.cursor,
      },
      schema: IssueListSchema,
      cut: firstItems(params.limit ?? MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.projectIssues,
      what: l10n.t('The issues of organization "{0}"', org),
      budget: ISSUE_LIST_BUDGET,
      signal,
    });
    return toPage(res);
  }

  /** The organization's environments (for the Issues view's environment filter). */
  async listEnvironments(org: string, signal?: AbortSignal): Promise<Environment[]> {
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/environments/`,
      schema: EnvironmentListSchema,
      cut: firstItems(1000),
      neededScopes: NEEDED_SCOPES.environments,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    return res.data;
  }

  /** Spec 4.6. */
  async getTagDetails(
    org: string,
    issueId: string,
    key: string,
    params: { environment?: readonly string[]; cursor?: string } = {},
    signal?: AbortSignal,
  ): Promise<TagDetails & { nextCursor?: string }> {
    checkIssueId(issueId);
    if (!TAG_KEY.test(key) || /^\.+$/.test(key)) throw new RangeError(`"${key.slice(0, 40)}" is not a tag key.`);
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/tags/${seg(key)}/`,
      query: { environment: params.environment, cursor: params.cursor },
      schema: TagDetailsSchema,
      cut: (json) => (isRecord(json) && Array.isArray(json.topValues) && json.topValues.length > MAX_TAG_VALUES ? { ...json, topValues: json.topValues.slice(0, MAX_TAG_VALUES) } : json),
      neededScopes: NEEDED_SCOPES.tagDetails,
      what: l10n.t('Tag "{0}" of issue {1}', key, issueId),
      signal,
    });
    const page = toPage({ ...res, data: [] });
    return { ...res.data, nextCursor: page.nextCursor };
  }

  /** Spec 4.7: with an OAuth token, only the organization picked during authorization. */
  async listOrganizations(params: { cursor?: string; perPage?: number } = {}, signal?: AbortSignal): Promise<Page<Organization>> {
    checkPerPage(params.perPage);
    const res = await this.http.request({
      path: '/api/0/organizations/',
      query: { cursor: params.cursor, per_page: params.perPage },
      schema: OrganizationListSchema,
      cut: firstItems(params.perPage ?? MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.organizations,
      signal,
    });
    return toPage(res);
  }

  /** Retrieve an Organization (needs a user-bound token, rule 1 of section 5). */
  async getOrganization(org: string, signal?: AbortSignal): Promise<Organization> {
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/`,
      schema: OrganizationSchema,
      neededScopes: NEEDED_SCOPES.organizations,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    return res.data;
  }

  /** Outside the spec: a project list, which real servers offer. */
  async listProjects(org: string, params: { cursor?: string; perPage?: number } = {}, signal?: AbortSignal): Promise<Page<Project>> {
    checkPerPage(params.perPage);
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/projects/`,
      query: { cursor: params.cursor, per_page: params.perPage },
      schema: ProjectListSchema,
      cut: firstItems(params.perPage ?? MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.projects,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    return toPage(res);
  }

  /** The user-reports endpoint, which accepts DSN authentication (4.7). */
  async listUserReports(org: string, project: string, signal?: AbortSignal): Promise<Page<Record<string, unknown>>> {
    const res = await this.http.request({
      path: `/api/0/${seg(org)}/${seg(project)}/user-reports/`,
      schema: z.array(z.record(z.string(), z.unknown())),
      cut: firstItems(MAX_PER_PAGE),
      what: l10n.t('Project "{0}" in organization "{1}"', project, org),
      signal,
    });
    return toPage(res);
  }

  /**
   * One event of an issue, whole (api-facts "One issue, one event"): `ref` is `latest`, `oldest`,
   * `recommended` or an event id (32 hex digits, as nextEventID / previousEventID name them).
   * `environment` narrows which event an alias picks; `llmFormat` asks the server for its own
   * rendering (the `formatted` field) where it has one.
   */
  async getIssueEvent(org: string, issueId: string, ref: string, params: { environment?: readonly string[]; llmFormat?: 'markdown' | 'xml' } = {}, signal?: AbortSignal): Promise<EventDetails> {
    checkIssueId(issueId);
    // An alias or an event id, nothing that could be a path.
    if (!isEventRef(ref)) throw new RangeError(`"${(ref as string).slice(0, 40)}" is not an event id, nor latest, oldest or recommended.`);
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/events/${seg(ref)}/`,
      query: { environment: params.environment?.length ? [...params.environment] : undefined, llmFormat: params.llmFormat },
      schema: EventDetailsSchema,
      neededScopes: NEEDED_SCOPES.issueEvents,
      what: l10n.t('Event {0} of issue {1} in organization "{2}"', ref, issueId, org),
      signal,
    });
    return res.data;
  }

  /** One issue (GET …/organizations/{org}/issues/{id}/, api-facts "One issue, one event"), for an id no list has shown. */
  async getIssue(org: string, issueId: string, signal?: AbortSignal): Promise<Issue> {
    checkIssueId(issueId);
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/`,
      schema: IssueSchema,
      neededScopes: NEEDED_SCOPES.issueEvents,
      what: l10n.t('Issue {0} in organization "{1}"', issueId, org),
      signal,
    });
    return res.data;
  }

  /** Triage: one issue (PUT …/organizations/{org}/issues/{id}/), answered with its changed state. */
  async updateIssue(org: string, issueId: string, body: IssueUpdateBody, signal?: AbortSignal): Promise<IssueUpdate> {
    checkIssueId(issueId);
    const res = await this.http.request({
      method: 'PUT',
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/`,
      json: body,
      schema: IssueUpdateSchema,
      neededScopes: NEEDED_SCOPES.issueWrites,
      what: l10n.t('Issue {0} in organization "{1}"', issueId, org),
      signal,
    });
    return res.data;
  }

  /**
   * Triage of up to 100 issues in one request. Without `id` Sentry applies the change to every issue
   * matching the query (all unresolved ones by default), so an empty id list is refused here, before
   * any request: no caller can send one. `project` uses the deprecated project endpoint instead.
   */
  async updateIssues(org: string, ids: readonly string[], body: IssueUpdateBody, options: { project?: string; signal?: AbortSignal } = {}): Promise<IssueUpdate> {
    checkBulkIds(ids);
    const res = await this.http.request({
      method: 'PUT',
      path: options.project ? `/api/0/projects/${seg(org)}/${seg(options.project)}/issues/` : `/api/0/organizations/${seg(org)}/issues/`,
      query: { id: [...ids] },
      json: body,
      schema: IssueUpdateSchema,
      neededScopes: NEEDED_SCOPES.issueWrites,
      what: options.project ? l10n.t('Project "{0}" in organization "{1}"', options.project, org) : l10n.t('Organization "{0}"', org),
      signal: options.signal,
    });
    return res.data;
  }

  /** Members an issue can be assigned to (scope member:read), one Link page. */
  async listMembers(org: string, params: { cursor?: string } = {}, signal?: AbortSignal): Promise<Page<Member>> {
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/members/`,
      query: { cursor: params.cursor },
      schema: MemberListSchema,
      cut: firstItems(MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.members,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    return toPage(res);
  }

  /** Teams an issue can be assigned to, one Link page. */
  async listTeams(org: string, params: { cursor?: string } = {}, signal?: AbortSignal): Promise<Page<Team>> {
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/teams/`,
      query: { cursor: params.cursor },
      schema: TeamListSchema,
      cut: firstItems(MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.teams,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    return toPage(res);
  }

  // Async iteration over every page.
  issueEventPages(org: string, issueId: string, params: IssueEventsParams = {}, signal?: AbortSignal): AsyncGenerator<Page<SentryEvent>> {
    return pages((cursor) => this.listIssueEvents(org, issueId, { ...params, cursor }, signal), params.cursor);
  }

  projectIssuePages(org: string, project: string, params: ProjectIssuesParams = {}, signal?: AbortSignal): AsyncGenerator<ProjectIssuesPage> {
    return pages((cursor) => this.listProjectIssues(org, project, { ...params, cursor }, signal), params.cursor);
  }

  memberPages(org: string, signal?: AbortSignal): AsyncGenerator<Page<Member>> {
    return pages((cursor) => this.listMembers(org, { cursor }, signal));
  }

  teamPages(org: string, signal?: AbortSignal): AsyncGenerator<Page<Team>> {
    return pages((cursor) => this.listTeams(org, { cursor }, signal));
  }

  organizationPages(signal?: AbortSignal): AsyncGenerator<Page<Organization>> {
    return pages((cursor) => this.listOrganizations({ cursor }, signal));
  }

  projectPages(org: string, signal?: AbortSignal): AsyncGenerator<Page<Project>> {
    return pages((cursor) => this.listProjects(org, { cursor }, signal));
  }
}

/**
 * One URL path segment, encoded. Names come from settings, workspace files and servers: an empty,
 * `.` or `..` segment would move the request elsewhere on the server once the URL is normalised.
 */
export function seg(value: string): string {
  if (value === '' || /^\.+$/.test(value)) throw new RangeError(`"${value}" cannot be part of a Sentry URL.`);
  return encodeURIComponent(value);
}

function checkIssueId(issueId: string): void {
  if (!/^\d{1,30}$/.test(issueId)) throw new RangeError(`An issue id is a number, not "${issueId.slice(0, 40)}".`);
}

/** A bulk update names 1 to 100 issues by id, never none (which would change every issue). */
export function checkBulkIds(ids: readonly string[]): void {
  if (ids.length === 0) throw new RangeError('A bulk update must name its issues: without ids Sentry would change every issue matching the query.');
  if (ids.length > MAX_BULK_IDS) throw new RangeError(`A bulk update names at most ${MAX_BULK_IDS} issues, not ${ids.length}.`);
  for (const id of ids) checkIssueId(id);
}

/** Keeps the first `n` items of a list: a server may answer more than the page size asked for. */
function firstItems(n: number): (json: unknown) => unknown {
  return (json) => (Array.isArray(json) && json.length > n ? json.slice(0, n) : json);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkPerPage(n: number | undefined): void {
  if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE)) {
    throw new RangeError(`A page holds 1 to ${MAX_PER_PAGE} items, not ${n}.`);
  }
}
