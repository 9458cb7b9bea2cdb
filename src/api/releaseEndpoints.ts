/**
 * Releases, suspect commits and owners: the readers of the issue's first and last release, one release
 * with its commits and deploys, and an event's committers and owners. Functions over the client's
 * HttpClient (`client.http`), so the SentryClient class stays as it is; every answer is masked here,
 * where it enters. Only the event on screen is asked about (never per issue of a list): callers bound
 * the requests, see src/releases/.
 *
 * What needs the organization's source code integration: suspect commits (committers) come from it or
 * from commits sent with a release (`sentry-cli releases set-commits`); without either, a server has none
 * to name (sentry.io: 404 "No committers found"; older servers: 404 "Release not found" / "No Commits found
 * for Release", or an empty list), which these readers return as no committers. A repository's `url` (the
 * commit's link on its host) exists only through the integration. Releases, deploys and owners (ownership
 * rules) need no integration. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { HttpClient } from './http';
import { NotFoundError } from './errors';
import { firstItems, MAX_PER_PAGE, seg, checkIssueId } from './requestRules';
import { maskAnswer, maskAnswers } from '../model/event/maskAnswer';
import {
  CommitListSchema,
  CommittersSchema,
  DeployListSchema,
  FirstLastReleaseSchema,
  OwnersSchema,
  ReleaseListSchema,
  ReleaseSchema,
  type Commit,
  type Committer,
  type Deploy,
  type FirstLastRelease,
  type Owners,
  type Release,
} from '../model/release/schema';

/** ProjectEventPermission's GET and ProjectPermission's GET (src/sentry/api/bases/project.py). */
const EVENT_READ = ['event:read', 'event:write', 'event:admin'] as const;
const PROJECT_READ = ['project:read', 'project:write', 'project:admin'] as const;

/**
 * Scopes of which a token needs one, by the endpoint's permission class in Sentry's source:
 * GroupPermission (src/sentry/issues/endpoints/bases/group.py), OrganizationReleasePermission
 * (src/sentry/api/bases/organization.py: org:ci too, for organization auth tokens). An event's
 * committers and owners changed class: on current servers they are EventEndpoints
 * (src/sentry/api/bases/event.py: ProjectEventPermission, event:read and up; event_file_committers.py,
 * src/sentry/issues/endpoints/event_owners.py at 3c8ce63f637a50939793f42efbd837233271372f), before
 * that ProjectEndpoints (ProjectPermission, project:read and up; event_file_committers.py at
 * e0d0db081dc09104a58f875bbba306b6d4f92ce9, src/sentry/api/endpoints/event_owners.py at
 * c1fce28aa43c6091ec817d6f06a269ca0450f31e). A client cannot tell the version before it asks, and a
 * 403 body names no scope, so these carry both and the 403 names the one the token lacks.
 */
export const RELEASE_SCOPES = {
  firstLastRelease: EVENT_READ,
  releases: ['project:read', 'project:write', 'project:admin', 'project:releases', 'org:ci'],
  eventCommitters: { byVersion: [EVENT_READ, PROJECT_READ] },
  eventOwners: { byVersion: [EVENT_READ, PROJECT_READ] },
} as const;

/**
 * Sentry's own rule for release versions (Release.is_valid_version, src/sentry/models/release.py): 1 to
 * 200 characters, no line breaks, tabs, slashes or backslashes, and not `.`, `..`, ` ` or `latest`. A
 * version from an event that breaks it is no release any server has: refused before any request.
 */
export function checkReleaseVersion(version: string): void {
  if (!version || version.length > 200 || /[\n\r\t\f/\\]/.test(version) || ['.', '..', ' ', 'latest'].includes(version)) {
    throw new RangeError(`"${version.slice(0, 40)}" is not a release version.`);
  }
}

function checkEventId(eventId: string): void {
  if (!/^[0-9a-fA-F]{32}$/.test(eventId)) throw new RangeError(`An event id is 32 hex digits, not "${eventId.slice(0, 40)}".`);
}

/** The issue's first and last release (GET …/organizations/{org}/issues/{id}/first-last-release/). */
export async function getFirstLastRelease(http: HttpClient, org: string, issueId: string, signal?: AbortSignal): Promise<FirstLastRelease> {
  checkIssueId(issueId);
  const res = await http.request({
    path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/first-last-release/`,
    schema: FirstLastReleaseSchema,
    neededScopes: RELEASE_SCOPES.firstLastRelease,
    what: l10n.t('Issue {0} in organization "{1}"', issueId, org),
    signal,
  });
  return maskAnswer(res.data);
}

/** One release (GET /organizations/{org}/releases/{version}/): its newest commit, deploy count and last deploy. */
export async function getRelease(http: HttpClient, org: string, version: string, signal?: AbortSignal): Promise<Release> {
  checkReleaseVersion(version);
  const res = await http.request({
    path: `/api/0/organizations/${seg(org)}/releases/${seg(version)}/`,
    schema: ReleaseSchema,
    neededScopes: RELEASE_SCOPES.releases,
    what: l10n.t('Release "{0}" in organization "{1}"', version, org),
    signal,
  });
  return maskAnswer(res.data);
}

/**
 * A project's newest release (GET /organizations/{org}/releases/?project=<id>&per_page=1, newest first):
 * the release "Resolve in the current release" names. Undefined when the project has none.
 */
export async function getLatestRelease(http: HttpClient, org: string, projectId: string, signal?: AbortSignal): Promise<Release | undefined> {
  if (!/^\d{1,20}$/.test(projectId)) throw new RangeError(`A project id is a number, not "${projectId.slice(0, 40)}".`);
  const res = await http.request({
    path: `/api/0/organizations/${seg(org)}/releases/`,
    query: { project: projectId, per_page: 1 },
    schema: ReleaseListSchema,
    cut: firstItems(1),
    neededScopes: RELEASE_SCOPES.releases,
    what: l10n.t('Organization "{0}"', org),
    signal,
  });
  return res.data[0] && maskAnswer(res.data[0]);
}

/** The first page (up to 100) of a release's deploys, newest first. */
export async function listReleaseDeploys(http: HttpClient, org: string, version: string, signal?: AbortSignal): Promise<Deploy[]> {
  checkReleaseVersion(version);
  const res = await http.request({
    path: `/api/0/organizations/${seg(org)}/releases/${seg(version)}/deploys/`,
    query: { per_page: MAX_PER_PAGE },
    schema: DeployListSchema,
    cut: firstItems(MAX_PER_PAGE),
    neededScopes: RELEASE_SCOPES.releases,
    what: l10n.t('Release "{0}" in organization "{1}"', version, org),
    signal,
  });
  return maskAnswers(res.data);
}

/** The first page (up to 100) of a release's commits, in the release's order. */
export async function listReleaseCommits(http: HttpClient, org: string, version: string, signal?: AbortSignal): Promise<Commit[]> {
  checkReleaseVersion(version);
  const res = await http.request({
    path: `/api/0/organizations/${seg(org)}/releases/${seg(version)}/commits/`,
    query: { per_page: MAX_PER_PAGE },
    schema: CommitListSchema,
    cut: firstItems(MAX_PER_PAGE),
    neededScopes: RELEASE_SCOPES.releases,
    what: l10n.t('Release "{0}" in organization "{1}"', version, org),
    signal,
  });
  return maskAnswers(res.data);
}

/** At most this many committers, and commits of each, are kept of one answer. */
export const MAX_COMMITTERS = 20;

/**
 * The event's suspect commits by author (GET /projects/{org}/{project}/events/{event_id}/committers/).
 * A 404 is no suspect (see the file's comment): an empty list, not an error.
 */
export async function getEventCommitters(http: HttpClient, org: string, project: string, eventId: string, signal?: AbortSignal): Promise<Committer[]> {
  checkEventId(eventId);
  try {
    const res = await http.request({
      path: `/api/0/projects/${seg(org)}/${seg(project)}/events/${seg(eventId)}/committers/`,
      schema: CommittersSchema,
      neededScopes: RELEASE_SCOPES.eventCommitters,
      what: l10n.t('Event {0} of project "{1}" in organization "{2}"', eventId, project, org),
      signal,
    });
    return maskAnswers(res.data.committers.slice(0, MAX_COMMITTERS).map((c) => ({ ...c, commits: c.commits.slice(0, MAX_COMMITTERS) })));
  } catch (e) {
    if (e instanceof NotFoundError) return [];
    throw e;
  }
}

/** The event's owners by the project's ownership rules (GET /projects/{org}/{project}/events/{event_id}/owners/). */
export async function getEventOwners(http: HttpClient, org: string, project: string, eventId: string, signal?: AbortSignal): Promise<Owners> {
  checkEventId(eventId);
  const res = await http.request({
    path: `/api/0/projects/${seg(org)}/${seg(project)}/events/${seg(eventId)}/owners/`,
    schema: OwnersSchema,
    cut: (json) =>
      json && typeof json === 'object' && Array.isArray((json as { owners?: unknown }).owners) ? { ...json, owners: (json as { owners: unknown[] }).owners.slice(0, MAX_COMMITTERS) } : json,
    neededScopes: RELEASE_SCOPES.eventOwners,
    what: l10n.t('Event {0} of project "{1}" in organization "{2}"', eventId, project, org),
    signal,
  });
  return maskAnswer(res.data);
}
