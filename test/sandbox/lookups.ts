// The organization's two lookups, what "Open Link, ID or Stack Trace…" asks them, as Sentry serves them:
//
// GET /api/0/organizations/{org}/shortids/{short_id}/ ("Resolve a Short ID"): `{organizationSlug,
// projectSlug, groupId, group, shortId}`, the group as the issue serializer writes it and `shortId` the
// qualified one (upper case). Two server versions:
// - sentry.io: ShortIdLookupEndpoint(GroupEndpoint), src/sentry/issues/endpoints/organization_shortid.py
//   (getsentry/sentry@03f0c1b02793e481c8739814855e34b7c388eb8b): GroupEndpoint resolves the path's
//   `issue_id` as a short ID of the organization (src/sentry/issues/endpoints/bases/group.py,
//   Group.objects.by_qualified_short_id), and GroupPermission takes `event:read` and up (the OpenAPI
//   document's security) and the project's access (has_project_access, else 403);
// - self-hosted 2025: ShortIdLookupEndpoint(OrganizationEndpoint), src/sentry/api/endpoints/shortid.py
//   (the @region_silo_endpoint version): OrganizationPermission, `org:read` and up, any project of the
//   organization.
// In both, a short ID is read by parse_short_id (src/sentry/models/group.py): the slug part before the
// last `-` compared case-insensitively, the rest base32; an unknown or malformed one is a 404
// `{"detail": "The requested resource does not exist"}` (ResourceDoesNotExist).
//
// GET /api/0/organizations/{org}/eventids/{event_id}/ ("Resolve an Event ID"), EventIdLookupEndpoint
// (src/sentry/api/endpoints/organization_eventid.py, the @region_silo_endpoint version with
// EventIdLookupResponse): OrganizationPermission (`org:read` and up); an id that is_event_id refuses
// (src/sentry/utils/validators.py: a UUID hex, 32 to 36 characters of digits, dashes and a-f) is a 400
// `{"detail": "Event ID must be a valid UUID hex (32-36 characters long, containing only digits, dashes,
// or a-f characters)"}`; the event is looked for among the organization's projects with
// `event.type != transaction`, none a 404; the answer is `{organizationSlug, projectSlug, groupId, eventId,
// event}`. Its rate limits are the endpoint's own, 1 request a second per IP, user and organization
// (rate_limits, enforced by src/sentry/middleware/ratelimit.py): where the limiter runs (profiles.ts,
// rateLimiter) a second request within the second is a 429 with the X-Sentry-Rate-Limit-* headers of
// that limit.
import { authenticate, requireScope, resolveOrg, type Ctx } from './api';
import { eventDetails, neighbours } from './eventDetails';
import { DETAIL, fail, json, type Res } from './http';
import { hasProjectAccess } from './membership';
import type { SeedIssue, SeedOrg } from './seed';
import { serializeOne } from './triage';

const INVALID_EVENT_ID = 'Event ID must be a valid UUID hex (32-36 characters long, containing only digits, dashes, or a-f characters)';
/** is_event_id: a UUID hex, 32 to 36 characters, digits, dashes and a-f. */
const EVENT_ID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The issue a short ID names in an organization (parse_short_id: the slug part case-insensitively). */
function byShortId(org: SeedOrg, shortId: string): SeedIssue | undefined {
  const cut = shortId.trim().lastIndexOf('-');
  if (cut <= 0) return undefined;
  const wanted = shortId.trim().toUpperCase();
  for (const project of org.projects) {
    for (const issue of project.issues) if (issue.shortId.toUpperCase() === wanted) return issue;
  }
  return undefined;
}

export function resolveShortId(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  const groupEndpoint = ctx.state.profile.shortIdLookup === 'group-endpoint';
  requireScope(p, groupEndpoint ? ['event:admin', 'event:read', 'event:write'] : ['org:read', 'org:write', 'org:admin']);
  const issue = byShortId(org, m[2]);
  if (!issue) fail(404, DETAIL.notFound);
  if (groupEndpoint && !hasProjectAccess(ctx.state, p, issue.project)) fail(403, DETAIL.forbidden);
  return json(200, { organizationSlug: org.slug, projectSlug: issue.project.slug, groupId: issue.id, group: serializeOne(ctx.state, issue, p.userId), shortId: issue.shortId });
}

/** The endpoint's own limit of 1 a second, per caller (state.eventIdAsked, which a reset clears with the clock). */
function eventIdRateLimit(ctx: Ctx, org: SeedOrg): Res | undefined {
  if (!ctx.state.rateLimit) return undefined;
  const second = Math.floor(ctx.state.now() / 1000);
  const seen = ctx.state.eventIdAsked;
  const keys = [`user:${ctx.headers['authorization'] ?? ''}`, `org:${org.id}`];
  const headers = { 'x-sentry-rate-limit-limit': '1', 'x-sentry-rate-limit-remaining': '0', 'x-sentry-rate-limit-reset': String(second + 1) };
  if (keys.some((k) => seen.get(k) === second)) return json(429, { detail: 'You are attempting to use this endpoint too frequently. Limit is 1 requests in 1 seconds' }, headers);
  for (const k of keys) seen.set(k, second);
  return undefined;
}

export function resolveEventId(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['org:read', 'org:write', 'org:admin']);
  const limited = eventIdRateLimit(ctx, org);
  if (limited) return limited;
  if (!EVENT_ID.test(m[2])) fail(400, INVALID_EVENT_ID);
  const wanted = m[2].replace(/-/g, '').toLowerCase();
  for (const project of org.projects) {
    for (const issue of project.issues) {
      const ev = issue.events.find((e) => e.eventID === wanted);
      if (ev) return json(200, { organizationSlug: org.slug, projectSlug: project.slug, groupId: issue.id, eventId: ev.eventID, event: eventDetails(ev, neighbours(issue, ev)) });
    }
  }
  return fail(404, DETAIL.notFound);
}
