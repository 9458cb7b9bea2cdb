/**
 * The organization side of Sentry's API: the organizations a token sees, and an organization's
 * projects, environments, members and teams (whom an issue can be assigned to), one Link page per
 * call or every page with the *Pages iterators. SentryClient (client.ts) extends this class with
 * the issue and event endpoints, so callers hold one client; this class owns its HttpClient.
 */
import { maskAnswers } from '../sentryEvent/maskAnswer';
import * as l10n from '@vscode/l10n';
import { HttpClient, type HttpClientOptions } from './http';
import { collect, pages, toPage, type Page } from './paging';
import { ProjectIds } from './projectIds';
import {
  CodeMappingListSchema,
  EnvironmentListSchema,
  MemberListSchema,
  OrganizationListSchema,
  OrganizationSchema,
  ProjectListSchema,
  TeamListSchema,
  type CodeMapping,
  type Environment,
  type Member,
  type Organization,
  type Project,
  type Team,
} from './schemas';
import { NEEDED_SCOPES, MAX_PER_PAGE, checkPerPage, firstItems, seg } from './requestRules';
import * as z from '../util/z';

/** The most projects read to turn slugs into ids (100 pages). */
const MAX_PROJECTS = 10_000;

export class OrganizationEndpoints {
  readonly http: HttpClient;
  /** Slugs as the ids a `project=` parameter takes, from this client's reads of the project lists. */
  readonly projectIds: ProjectIds;

  constructor(options: HttpClientOptions | HttpClient) {
    this.http = options instanceof HttpClient ? options : new HttpClient(options);
    this.projectIds = new ProjectIds(
      (org) => collect(this.projectPages(org), MAX_PROJECTS),
      () => this.http.now(),
    );
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** The organizations the token sees; with an OAuth token, only the one picked during authorization. */
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

  /** Retrieve an Organization: needs a token bound to a user, not an internal-integration token. */
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

  /** The organization's projects. */
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

  /**
   * The organization's environments (for the Issues view's environment filter); `all` with the
   * hidden ones, which the issues endpoints accept too.
   */
  async listEnvironments(org: string, signal?: AbortSignal, visibility?: 'all' | 'hidden' | 'visible'): Promise<Environment[]> {
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/environments/`,
      query: { visibility },
      schema: EnvironmentListSchema,
      cut: firstItems(1000),
      neededScopes: NEEDED_SCOPES.environments,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    return res.data;
  }

  /**
   * Code mappings of a project, or of every project the user has access to (`-1`) (GET …/code-mappings/?project=, Sentry's
   * src/sentry/integrations/api/endpoints/organization_code_mappings.py: private but what Sentry's own
   * web UI links frames with; OffsetPaginator, Link pages; 403 for a project the user cannot see), one page.
   */
  async listCodeMappings(org: string, projectId: string, params: { cursor?: string } = {}, signal?: AbortSignal): Promise<Page<CodeMapping>> {
    // -1: every project the user has access to (the endpoint's docstring).
    if (!/^(?:\d{1,20}|-1)$/.test(projectId)) throw new RangeError(`A project id is a number, not "${projectId.slice(0, 40)}".`);
    const res = await this.http.request({
      path: `/api/0/organizations/${seg(org)}/code-mappings/`,
      query: { project: projectId, cursor: params.cursor, per_page: MAX_PER_PAGE },
      schema: CodeMappingListSchema,
      cut: firstItems(MAX_PER_PAGE),
      neededScopes: NEEDED_SCOPES.codeMappings,
      what: l10n.t('Organization "{0}"', org),
      signal,
    });
    return toPage(res);
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

  /** The user-reports endpoint, which also accepts DSN authentication. */
  async listUserReports(org: string, project: string, signal?: AbortSignal): Promise<Page<Record<string, unknown>>> {
    const res = await this.http.request({
      path: `/api/0/${seg(org)}/${seg(project)}/user-reports/`,
      schema: z.array(z.record(z.string(), z.unknown())),
      cut: firstItems(MAX_PER_PAGE),
      what: l10n.t('Project "{0}" in organization "{1}"', project, org),
      signal,
    });
    // Feedback is written by whoever holds the DSN: masked where it enters, as events are.
    return toPage({ ...res, data: maskAnswers(res.data) });
  }

  // Async iteration over every page.
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
