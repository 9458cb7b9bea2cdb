/**
 * What the client checks and declares before any request: the scopes each endpoint needs (a token
 * needs at least one of them, so a 403 can say which were missing), the page size, path segments
 * and issue ids. A value from a setting, a workspace file or a server that would change which URL
 * is asked for is refused here, with a RangeError, before anything is sent.
 */

/**
 * A token needs at least one of these scopes for each endpoint, as the endpoint's permission class
 * in Sentry's source maps a GET: the organization's lists of projects and environments take
 * OrganizationPermission's, its teams OrganizationTeamsPermission's (both `org:read` and up, never
 * `project:read` or `team:read`); members MemberPermission's; issues and events OrganizationEventPermission's.
 */
export const NEEDED_SCOPES = {
  issueEvents: ['event:admin', 'event:read', 'event:write'],
  projectIssues: ['event:read'],
  tagDetails: ['event:admin', 'event:read', 'event:write'],
  organizations: ['org:read'],
  projects: ['org:read', 'org:write', 'org:admin'],
  issueWrites: ['event:write', 'event:admin'],
  members: ['member:read', 'member:write', 'member:admin'],
  teams: ['org:read', 'org:write', 'org:admin'],
  environments: ['org:read', 'org:write', 'org:admin'],
  // The events table's permission is OrganizationPermission's too (the OpenAPI document's security).
  eventsTable: ['org:read', 'org:write', 'org:admin'],
  // OrganizationIntegrationsLoosePermission (src/sentry/api/bases/organization.py), GET.
  codeMappings: ['org:read', 'org:write', 'org:admin', 'org:integrations', 'org:ci'],
} as const;

/** The largest page a list endpoint serves. */
export const MAX_PER_PAGE = 100;

/**
 * One URL path segment, encoded. Names come from settings, workspace files and servers: an empty,
 * `.` or `..` segment would move the request elsewhere on the server once the URL is normalised.
 */
export function seg(value: string): string {
  if (value === '' || /^\.+$/.test(value)) throw new RangeError(`"${value}" cannot be part of a Sentry URL.`);
  return encodeURIComponent(value);
}

/** An issue id is a number (the id, not the short ID such as `PROJ-12`). */
export function checkIssueId(issueId: string): void {
  if (!/^\d{1,30}$/.test(issueId)) throw new RangeError(`An issue id is a number, not "${issueId.slice(0, 40)}".`);
}

/** Keeps the first `n` items of a list: a server may answer more than the page size asked for. */
export function firstItems(n: number): (json: unknown) => unknown {
  return (json) => (Array.isArray(json) && json.length > n ? json.slice(0, n) : json);
}

/** A page size the caller asked for is 1 to MAX_PER_PAGE. */
export function checkPerPage(n: number | undefined): void {
  if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE)) {
    throw new RangeError(`A page holds 1 to ${MAX_PER_PAGE} items, not ${n}.`);
  }
}
