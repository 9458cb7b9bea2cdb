/**
 * SentryClient, the one client every feature takes: issues and their events (lists, one issue, one
 * event, tag values) and the triage writes, as typed methods; the organization endpoints (projects,
 * environments, members, teams) it inherits from OrganizationEndpoints. Parameters follow Sentry's
 * names (listParams.ts); values are sent exactly as given (an empty string is sent, undefined is left
 * out), after requestRules.ts has refused anything that would change the URL.
 */
import { firstItemsOf } from '../model/lenientList';
import * as l10n from '@vscode/l10n';
import { toPage, pages, type Page } from './paging';
import { EventListSchema, EventDetailsSchema, type SentryEvent, type EventDetails } from '../model/event/schema';
import { IssueListSchema, IssueSchema, IssueUpdateAnswerSchema, IssueUpdateSchema, TagDetailsSchema, type Issue, type IssueUpdate, type TagDetails } from '../model/issue/schema';
import type { IssueEventsParams, OrganizationIssuesParams, ProjectIssuesPage, ProjectIssuesParams } from './listParams';
import { OrganizationEndpoints } from './organizationEndpoints';
import { checkEventsTableParams, EventsTableSchema, firstRows, type EventsTableParams, type EventsTableRow } from '../model/event/eventsTable';
import { MAX_ID_READ_BYTES, MAX_PER_PAGE, NEEDED_SCOPES, checkIssueId, checkPerPage, checkReadIds, firstItems, projectParamBytes, seg } from './requestRules';
import { isEventRef } from '../model/event/types';
import { maskAnswer, maskAnswerKeeping, maskAnswers, maskTagAnswer } from '../model/event/maskAnswer';
import { applyServerMeta } from '../model/event/serverMeta';

// Callers name an issue list's sort and stats period with the client they pass them to.

/** The budget the two issue list endpoints (and searches on them) share on a server (see HttpClient's rate-limit gate). */
export const ISSUE_LIST_BUDGET = 'issue lists';
/** The events table's requests (the marks' shared search and lines): a 429 there holds them back, not the issue lists. */
export const EVENTS_TABLE_BUDGET = 'events table';

/**
 * At most this many ids in one bulk PUT. Sentry has no cap for explicit ids (its BULK_MUTATION_LIMIT
 * of 1000 bounds updates found by search), but each id costs about 14 bytes of URL (and again in
 * the query that guards the search): 100 keep a request well within the 8 KB request lines that
 * servers and proxies commonly accept.
 */
export const MAX_BULK_IDS = 100;

/**
 * The body of a triage PUT (OpenAPI requestBody of PUT …/issues/{issue_id}/ and the bulk PUTs).
 * Built by src/triage, which makes sure an archive always names its substatus.
 */
export type IssueUpdateBody = Readonly<Record<string, unknown>>;

/**
 * Where a bulk update goes: the organization endpoint with the projects of its issues (slugs or ids,
 * `-1` every accessible one), or the deprecated endpoint of one project.
 */
export type BulkTarget = { readonly projects: readonly string[]; readonly project?: undefined } | { readonly project: string; readonly projects?: undefined };

/** At most this many hashes are used by the server; it ignores the rest. */
export const MAX_HASHES = 100;
/** Values kept of one tag-details response: the server sends at most 1000; more is cut. */
export const MAX_TAG_VALUES = 1000;
/** Sentry's own rule for tag keys; anything else (`..`, `/`) never reaches a URL. */
const TAG_KEY = /^[a-zA-Z0-9_.:-]{1,200}$/;

const STATS_PERIOD = /^\d+[smhdw]$/;

/** A relative period wins over an absolute window, as on Sentry: only one of them is sent. */
function timeRange(p: { readonly statsPeriod?: string; readonly start?: string; readonly end?: string }) {
  return p.statsPeriod !== undefined ? { statsPeriod: p.statsPeriod } : { start: p.start, end: p.end };
}

export class SentryClient extends OrganizationEndpoints {
  /** One page of an issue's events. */
  async listIssueEvents(org: string, issueId: string, params: IssueEventsParams = {}, signal?: AbortSignal): Promise<Page<SentryEvent>> {
    checkIssueId(issueId);
    if (params.statsPeriod !== undefined && !STATS_PERIOD.test(params.statsPeriod)) {
      throw new RangeError(`A stats period is a number followed by s, m, h, d or w (like 24h), not "${params.statsPeriod}".`);
    }
    checkPerPage(params.perPage);
    const res = await this.http.request({
      org,
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/events/`,
      query: {
        ...timeRange(params),
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
    return toPage({ ...res, data: maskAnswers(res.data.map(applyServerMeta)) });
  }

  /**
   * One page of Sentry's events table (./eventsTable.ts): the `fields` of many events, or of groups of
   * them when a function is among the fields, in one request.
   */
  async listEventsTable(org: string, params: EventsTableParams, signal?: AbortSignal): Promise<Page<EventsTableRow>> {
    checkEventsTableParams(params);
    const res = await this.http.request({
      org,
      path: `/api/0/organizations/${seg(org)}/events/`,
      query: {
        dataset: params.dataset,
        field: [...params.fields],
        query: params.query,
        sort: params.sort,
        per_page: params.perPage,
        project: params.project?.length ? await this.projectIds.idsOf(org, params.project) : undefined,
        environment: params.environment?.length ? [...params.environment] : undefined,
        ...timeRange(params),
        cursor: params.cursor,
      },
      schema: EventsTableSchema,
      cut: firstRows(params.perPage ?? MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.eventsTable,
      what: l10n.t('The events of organization "{0}"', org),
      budget: EVENTS_TABLE_BUDGET,
      signal,
    });
    return toPage({ ...res, data: maskAnswers(res.data.data) });
  }

  /** One page of a project's issues (an endpoint Sentry deprecates for listOrganizationIssues). */
  async listProjectIssues(org: string, project: string, params: ProjectIssuesParams = {}, signal?: AbortSignal): Promise<ProjectIssuesPage> {
    if (params.hashes && params.query !== undefined) throw new RangeError('Search by hashes cannot be combined with a query.');
    checkPerPage(params.limit);
    const hashes = params.hashes?.slice(0, MAX_HASHES);
    const dropped = params.hashes && params.hashes.length > MAX_HASHES ? params.hashes.length - MAX_HASHES : undefined;
    const res = await this.http.request({
      org,
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
    return { ...toPage({ ...res, data: maskAnswers(res.data) }), droppedHashes: dropped };
  }

  /** The organization's issues, of several projects in one request (the replacement of listProjectIssues). */
  async listOrganizationIssues(org: string, params: OrganizationIssuesParams = {}, signal?: AbortSignal): Promise<Page<Issue>> {
    checkPerPage(params.limit);
    if (params.statsPeriod !== undefined && !STATS_PERIOD.test(params.statsPeriod)) {
      throw new RangeError(`A period is a number followed by s, m, h, d or w (like 24h), not "${params.statsPeriod}".`);
    }
    for (const p of params.project ?? []) if (p === '') throw new RangeError('A project slug cannot be empty.');
    const res = await this.http.request({
      org,
      path: `/api/0/organizations/${seg(org)}/issues/`,
      query: {
        // Ids only: servers built before June 2026 refuse slugs (projectIds.ts).
        project: params.project?.length ? await this.projectIds.idsOf(org, params.project) : undefined,
        environment: params.environment?.length ? [...params.environment] : undefined,
        ...timeRange(params),
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
    return toPage({ ...res, data: maskAnswers(res.data) });
  }

  /** How one tag's values spread over an issue's events, one page of values. */
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
      org,
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/tags/${seg(key)}/`,
      query: { environment: params.environment, cursor: params.cursor },
      schema: TagDetailsSchema,
      cut: firstItemsOf('topValues', MAX_TAG_VALUES),
      neededScopes: NEEDED_SCOPES.tagDetails,
      what: l10n.t('Tag "{0}" of issue {1}', key, issueId),
      signal,
    });
    const page = toPage({ ...res, data: [] });
    return { ...maskTagAnswer(res.data), nextCursor: page.nextCursor };
  }

  /**
   * One event of an issue, whole (GET …/organizations/{org}/issues/{id}/events/{ref}/): `ref` is `latest`, `oldest`,
   * `recommended` or an event id (32 hex digits, as nextEventID / previousEventID name them).
   * `environment` narrows which event an alias picks; `llmFormat` asks the server for its own
   * rendering (the `formatted` field) where it has one.
   */
  async getIssueEvent(org: string, issueId: string, ref: string, params: { environment?: readonly string[]; llmFormat?: 'markdown' | 'xml' } = {}, signal?: AbortSignal): Promise<EventDetails> {
    checkIssueId(issueId);
    // An alias or an event id, nothing that could be a path.
    if (!isEventRef(ref)) throw new RangeError(`"${(ref as string).slice(0, 40)}" is not an event id, nor latest, oldest or recommended.`);
    const res = await this.http.request({
      org,
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/events/${seg(ref)}/`,
      query: { environment: params.environment?.length ? [...params.environment] : undefined, llmFormat: params.llmFormat },
      schema: EventDetailsSchema,
      neededScopes: NEEDED_SCOPES.issueEvents,
      what: l10n.t('Event {0} of issue {1} in organization "{2}"', ref, issueId, org),
      signal,
    });
    // The originals of what was masked whole stay in the vault (vaultOf) for the panel's Reveal.
    return maskAnswerKeeping(applyServerMeta(res.data)).value;
  }

  /** One issue (GET …/organizations/{org}/issues/{id}/), for an id no list has shown. */
  async getIssue(org: string, issueId: string, signal?: AbortSignal): Promise<Issue> {
    checkIssueId(issueId);
    const res = await this.http.request({
      org,
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/`,
      schema: IssueSchema,
      neededScopes: NEEDED_SCOPES.issueEvents,
      what: l10n.t('Issue {0} in organization "{1}"', issueId, org),
      signal,
    });
    return maskAnswer(res.data);
  }

  /** Triage: one issue (PUT …/organizations/{org}/issues/{id}/), answered with its changed state. */
  async updateIssue(org: string, issueId: string, body: IssueUpdateBody, signal?: AbortSignal): Promise<IssueUpdate> {
    checkIssueId(issueId);
    const res = await this.http.request({
      method: 'PUT',
      org,
      path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/`,
      json: body,
      schema: IssueUpdateSchema,
      neededScopes: NEEDED_SCOPES.issueWrites,
      what: l10n.t('Issue {0} in organization "{1}"', issueId, org),
      signal,
    });
    return maskAnswer(res.data);
  }

  /**
   * Triage of up to 100 issues in one request (update.py's update_groups_with_search_fn). Without `id`
   * Sentry applies the change to every issue matching the query (all unresolved ones by default), so
   * an empty id list is refused here, before any request: no caller can send one. On the organization
   * endpoint the request names its projects (`projects`, as ids: the issues' own, or `-1`, every
   * accessible one): without `project` Sentry acts only in the projects of the user's teams
   * (get_projects, src/sentry/api/bases/organization.py), and in an organization with open membership
   * (Sentry's default) it would skip, without a word, the issues of projects the user sees but is on no
   * team of. Sentry skips the ids it does not find (deleted, merged) and answers only the changed
   * fields, never which issues changed. When it finds none of them it runs the request's search
   * instead, so the query names these very ids: that search finds none either, and the answer is 204
   * "No groups found", returned as undefined. `project` uses the deprecated project endpoint instead.
   */
  async updateIssues(org: string, ids: readonly string[], body: IssueUpdateBody, options: BulkTarget & { signal?: AbortSignal }): Promise<IssueUpdate | undefined> {
    checkBulkIds(ids);
    if (options.project === undefined && !options.projects?.length)
      throw new RangeError('A bulk update names the projects of its issues: without them Sentry skips those of projects the user is on no team of.');
    const projects = options.project === undefined ? await this.projectIds.idsOf(org, options.projects) : undefined;
    const res = await this.http.request({
      method: 'PUT',
      org,
      path: options.project ? `/api/0/projects/${seg(org)}/${seg(options.project)}/issues/` : `/api/0/organizations/${seg(org)}/issues/`,
      query: { id: [...ids], query: onlyThese(ids), project: projects },
      json: body,
      schema: IssueUpdateAnswerSchema,
      neededScopes: NEEDED_SCOPES.issueWrites,
      what: options.project ? l10n.t('Project "{0}" in organization "{1}"', options.project, org) : l10n.t('Organization "{0}"', org),
      signal: options.signal,
    });
    return res.status === 204 || res.data === null ? undefined : maskAnswer(res.data);
  }

  /**
   * Issues by id, as many as fit one request line (checkReadIds, less the `project=` parameters),
   * whatever their status or age (GET …/organizations/{org}/issues/?group=…): Sentry then ignores any
   * query and window and answers those of `projects` (slugs or ids, sent as ids; `-1` every accessible
   * project), unpaged. Without `project` it would look only in the projects of the user's teams and
   * leave out, in an organization with open membership, the issues of projects the user sees but is on
   * no team of. With the projects a bulk PUT named, it reads back which issues that PUT changed.
   */
  async listIssuesById(org: string, ids: readonly string[], projects: readonly string[], signal?: AbortSignal): Promise<Issue[]> {
    if (projects.length === 0) throw new RangeError('A read by id names the projects of its issues: without them Sentry looks only in the projects of the user’s teams.');
    const project = await this.projectIds.idsOf(org, projects);
    checkReadIds(ids, MAX_ID_READ_BYTES - projectParamBytes(project));
    const res = await this.http.request({
      org,
      path: `/api/0/organizations/${seg(org)}/issues/`,
      query: { group: [...ids], project },
      schema: IssueListSchema,
      cut: firstItems(ids.length),
      neededScopes: NEEDED_SCOPES.projectIssues,
      what: l10n.t('The issues of organization "{0}"', org),
      budget: ISSUE_LIST_BUDGET,
      signal,
    });
    return maskAnswers(res.data);
  }

  // Async iteration over every page.
  issueEventPages(org: string, issueId: string, params: IssueEventsParams = {}, signal?: AbortSignal): AsyncGenerator<Page<SentryEvent>> {
    return pages((cursor) => this.listIssueEvents(org, issueId, { ...params, cursor }, signal), params.cursor);
  }

  projectIssuePages(org: string, project: string, params: ProjectIssuesParams = {}, signal?: AbortSignal): AsyncGenerator<ProjectIssuesPage> {
    return pages((cursor) => this.listProjectIssues(org, project, { ...params, cursor }, signal), params.cursor);
  }
}

/** The issue search that finds these issues and no other (`issue.id` is the events dataset's group id). */
function onlyThese(ids: readonly string[]): string {
  return `issue.id:[${ids.join(',')}]`;
}

/** A bulk update names 1 to 100 issues by id, never none (which would change every issue). */
export function checkBulkIds(ids: readonly string[]): void {
  if (ids.length === 0) throw new RangeError('A bulk update must name its issues: without ids Sentry would change every issue matching the query.');
  if (ids.length > MAX_BULK_IDS) throw new RangeError(`A bulk update names at most ${MAX_BULK_IDS} issues, not ${ids.length}.`);
  for (const id of ids) checkIssueId(id);
}
