/**
 * An organization's two lookups, each one request: a short ID (`CHECKOUT-8`) to its issue
 * (GET …/organizations/{org}/shortids/{short_id}/, "Resolve a Short ID") and an event ID (32 hex) to
 * its project, issue and event (GET …/organizations/{org}/eventids/{event_id}/, "Resolve an Event ID").
 * Scopes by the endpoints' permission classes in Sentry's source: the short-ID lookup is a
 * GroupEndpoint on current servers (src/sentry/issues/endpoints/organization_shortid.py, GroupPermission:
 * event:read and up) and an OrganizationEndpoint before (src/sentry/api/endpoints/shortid.py,
 * OrganizationPermission: org:read and up); the event-ID lookup an OrganizationEndpoint
 * (src/sentry/api/endpoints/organization_eventid.py), limited to 1 request a second per user and
 * organization. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from './client';
import { seg } from './requestRules';
import type { Issue } from '../model/issue/schema';
import { EventIdLookupSchema, ShortIdLookupSchema } from '../model/issue/lookups';
import { maskAnswer } from '../model/event/maskAnswer';

const ORG_READ = ['org:read', 'org:write', 'org:admin'] as const;
const EVENT_READ = ['event:read', 'event:write', 'event:admin'] as const;

/** A short ID as a path segment may carry it: a project slug, a dash and base32, at most 100 characters. */
const SHORT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,98}-[A-Za-z0-9]{1,20}$/;
const EVENT_ID = /^[0-9a-f]{32}$/;

export interface ShortIdFound {
  readonly org: string;
  readonly project: string;
  readonly issue: Issue;
}

export interface EventIdFound {
  readonly org: string;
  readonly project: string;
  readonly issueId: string;
  readonly eventId: string;
}

/** The issue of a short ID in an organization; a NotFoundError when the organization has none. */
export async function lookupShortId(client: SentryClient, org: string, shortId: string, signal?: AbortSignal): Promise<ShortIdFound> {
  if (!SHORT_ID.test(shortId)) throw new RangeError(`"${shortId.slice(0, 40)}" is not a short ID.`);
  const res = await client.http.request({
    org,
    path: `/api/0/organizations/${seg(org)}/shortids/${seg(shortId)}/`,
    schema: ShortIdLookupSchema,
    neededScopes: { byVersion: [EVENT_READ, ORG_READ] },
    what: l10n.t('Issue {0} in organization "{1}"', shortId, org),
    signal,
  });
  return { org: res.data.organizationSlug, project: res.data.projectSlug, issue: maskAnswer(res.data.group) };
}

/**
 * The project, issue and event of an event ID (32 hex digits, any case: a log line may print it in
 * upper case) in an organization; a NotFoundError when none of its projects has it.
 */
export async function lookupEventId(client: SentryClient, org: string, eventId: string, signal?: AbortSignal): Promise<EventIdFound> {
  const id = String(eventId).toLowerCase();
  if (!EVENT_ID.test(id)) throw new RangeError(`"${String(eventId).slice(0, 40)}" is not an event ID (32 hex digits).`);
  const res = await client.http.request({
    org,
    path: `/api/0/organizations/${seg(org)}/eventids/${id}/`,
    schema: EventIdLookupSchema,
    neededScopes: ORG_READ,
    what: l10n.t('Event {0} in organization "{1}"', id, org),
    signal,
  });
  return { org: res.data.organizationSlug, project: res.data.projectSlug, issueId: res.data.groupId, eventId: res.data.eventId.toLowerCase() };
}
