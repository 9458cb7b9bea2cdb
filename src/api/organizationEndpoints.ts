/**
 * The organization side of Sentry's API: the organizations a token sees, and an organization's
 * projects, environments, members and teams (whom an issue can be assigned to), one Link page per
 * call or every page with the *Pages iterators. SentryClient (client.ts) extends this class with
 * the issue and event endpoints, so callers hold one client; this class owns its HttpClient.
 */
import { firstItemsOf } from '../model/lenientList';
import { maskAnswers } from '../model/event/maskAnswer';
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
} from '../model/organization/schema';
import { NEEDED_SCOPES, MAX_PER_PAGE, checkPerPage, firstItems, seg } from './requestRules';
import { NotFoundError, UnauthorizedError } from './errors';
import { acceptedRegions, isMonolith, type RegionRefusal } from './regions';
import { UserRegionsSchema, UserReportListSchema, type UserRegions } from '../model/organization/schema';
import { listAcrossRegions, settle, type RegionFailure, type Settled } from './regionListing';
import { isAbortError } from '../util/signal';

/** The most projects read to turn slugs into ids (100 pages). */
const MAX_PROJECTS = 10_000;
/** The most organizations read of one region. */
const MAX_ORGANIZATIONS = 1000;

/** Every organization the credential sees, in every region the server listed, and the regions refused on the way (./regions.ts). */
export interface AllOrganizations {
  organizations: Organization[];
  /** Region URLs (or organizations' regionUrls) that got no credential: to be logged and said. */
  refused: RegionRefusal[];
  /** Regions whose own list failed while others answered: their organizations are missing (./regionListing.ts). */
  failed: RegionFailure[];
  /** Whether the server keeps organizations in regions of their own hosts (false: self-hosted, all at the base URL). */
  multiRegion: boolean;
}

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
    // An organization no list has shown yet (a selection restored at start-up) learns its region
    // before its first request: one look at the regions, and the organizations listed only where
    // the server keeps them in regions of other hosts (never on a self-hosted server).
    if (this.http.discoversRegions) {
      this.http.organizationResolver = async (_org, signal) => {
        this.regionsAnswer ??= this.regionsOrNone(signal);
        // A failed look-up is asked again next time.
        const answer = await this.regionsAnswer.catch((err) => {
          this.regionsAnswer = undefined;
          throw err;
        });
        if (answer && !isMonolith(answer) && acceptedRegions(this.baseUrl, answer).regions.some((r) => r.baseUrl !== this.baseUrl)) {
          await this.organizationsIn(answer, signal);
        }
      };
    }
  }

  private regionsAnswer?: Promise<UserRegions | undefined>;

  /**
   * The regions the user has organizations in (GET /api/0/users/me/regions/, user_regions.py; a
   * private, control-silo endpoint), or undefined where the server has no such endpoint (404).
   */
  async listUserRegions(signal?: AbortSignal): Promise<UserRegions | undefined> {
    try {
      const res = await this.http.request({
        path: '/api/0/users/me/regions/',
        schema: UserRegionsSchema,
        neededScopes: NEEDED_SCOPES.organizations,
        cut: firstItemsOf('regions', 50),
        signal,
      });
      return res.data;
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
  }

  /**
   * Every organization the credential sees: on a server that lists regions (sentry.io), the main
   * host's list, and the own list of each region it lacks (./regionListing.ts), each organization's
   * later requests routed to its region; on a self-hosted server (one `--monolith--` region, or no
   * regions endpoint), the organizations at the base URL, as before. The regions and the main
   * host's list are asked at once. A regions endpoint that refuses the credential (an API key, an
   * organization token: the endpoint wants a user) counts as none; a 401 is the credential's
   * verdict and is thrown.
   */
  async listAllOrganizations(signal?: AbortSignal): Promise<AllOrganizations> {
    const main = settle(collect(this.organizationPages(signal), MAX_ORGANIZATIONS));
    const answer = await this.regionsOrNone(signal).catch(async (err: unknown) => {
      await main;
      throw err;
    });
    return this.organizationsIn(answer, signal, await main);
  }

  /** The regions answer; undefined where there is none or it refuses the credential (a 401 is thrown: it is the credential's verdict). */
  private async regionsOrNone(signal?: AbortSignal): Promise<UserRegions | undefined> {
    try {
      return await this.listUserRegions(signal);
    } catch (err) {
      if (isAbortError(err) || err instanceof UnauthorizedError) throw err;
      return undefined;
    }
  }

  /** `main`: the main host's list when it was asked already (listAllOrganizations asks it beside the regions). */
  private async organizationsIn(answer: UserRegions | undefined, signal?: AbortSignal, main?: Settled<Organization[]>): Promise<AllOrganizations> {
    const { regions, refused } = answer && !isMonolith(answer) ? acceptedRegions(this.baseUrl, answer) : { regions: [], refused: [] };
    const mainList = main ?? (await settle(collect(this.organizationPages(signal), MAX_ORGANIZATIONS)));
    if (regions.length === 0 || (regions.length === 1 && regions[0].baseUrl === this.baseUrl)) {
      this.http.reportRefusedRegions(refused);
      if (!mainList.ok) throw mainList.error;
      return { organizations: mainList.value, refused, failed: [], multiRegion: false };
    }
    for (const r of regions) this.http.acceptRegion(r.baseUrl);
    const listed = await listAcrossRegions(this.baseUrl, regions, mainList, (base) =>
      collect(
        pages((cursor) => this.listOrganizations({ cursor }, signal, base)),
        MAX_ORGANIZATIONS,
      ),
    );
    for (const { org, baseUrl } of listed.organizations) this.http.routeOrganization(org.slug, baseUrl);
    refused.push(...listed.refused);
    this.http.reportRefusedRegions(refused);
    this.http.reportFailedRegions(listed.failed);
    return { organizations: listed.organizations.map((o) => o.org), refused, failed: listed.failed, multiRegion: true };
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** The organizations the token sees; with an OAuth token, only the one picked during authorization. */
  async listOrganizations(params: { cursor?: string; perPage?: number } = {}, signal?: AbortSignal, region?: string): Promise<Page<Organization>> {
    checkPerPage(params.perPage);
    const res = await this.http.request({
      path: '/api/0/organizations/',
      region,
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
      org,
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
      org,
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
      org,
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
      org,
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
      org,
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
      org,
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
      org,
      path: `/api/0/${seg(org)}/${seg(project)}/user-reports/`,
      schema: UserReportListSchema,
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
