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

/**
 * The bytes of `group=` parameters one read by id may carry. Sentry answers every id it is given
 * (src/sentry/issues/endpoints/organization_group_index.py: `request.GET.getlist("group")`, no cap),
 * so what bounds a read is the request line: nginx refuses one longer than a buffer of
 * `large_client_header_buffers` (8 KB by default, 414 Request-URI Too Large), and self-hosted
 * Sentry's nginx.conf (getsentry/self-hosted) keeps that default. 8192 less `GET `, the path with a
 * 50-character organization slug (Sentry's longest), `?` and ` HTTP/1.1` leaves 8,099; 8,000 keeps a margin.
 */
export const MAX_ID_READ_BYTES = 8000;

/** The bytes `group=<id>&` takes for each id. */
function idReadBytes(id: string): number {
  return 'group='.length + encodeURIComponent(id).length + 1;
}

/**
 * The bytes of URL a read by id keeps for its `project=` parameters, `project=<key>&` each: at least 20
 * characters a key (a 64-bit id has at most 20 digits), so what is reserved for slugs also holds the ids
 * they become.
 */
export function projectParamBytes(keys: readonly string[]): number {
  return keys.reduce((n, k) => n + 'project='.length + Math.max(encodeURIComponent(k).length, 20) + 1, 0);
}

/** A read by id names 1 or more valid ids that fit one request line. */
export function checkReadIds(ids: readonly string[], maxBytes = MAX_ID_READ_BYTES): void {
  if (ids.length === 0) throw new RangeError('A read by id must name its issues.');
  for (const id of ids) checkIssueId(id);
  const bytes = ids.reduce((n, id) => n + idReadBytes(id), 0);
  if (bytes > maxBytes) throw new RangeError(`${ids.length} issue ids take ${bytes} bytes of URL, more than the ${maxBytes} one request carries.`);
}

/** Ids in the fewest reads whose `group=` parameters each fit `maxBytes`, in their order. */
export function idReadBatches(ids: readonly string[], maxBytes = MAX_ID_READ_BYTES): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const id of ids) {
    const b = idReadBytes(id);
    if (batch.length && bytes + b > maxBytes) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(id);
    bytes += b;
  }
  if (batch.length) batches.push(batch);
  return batches;
}
