// The one list of places where what the client sends, or a status the sandbox answers, goes beyond
// Sentry's OpenAPI excerpt, each with what real Sentry servers do there and, where it was found, the
// Sentry source that does it. Everything not listed here is validated against the document as it is.

export const PATHS = {
  organizations: '/api/0/organizations/',
  projects: '/api/0/organizations/{organization_id_or_slug}/projects/',
  projectIssues: '/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/',
  issueEvents: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/',
  // One event of an issue, in full (its exception, breadcrumbs, request and contexts).
  eventDetails: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/{event_id}/',
  tagDetails: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/',
} as const;

/** The organization's lists the sandbox serves beside PATHS: its issues (the replacement of the deprecated project issues list) and the environments to filter them by. */
export const ORG_LIST_PATHS = {
  orgIssues: '/api/0/organizations/{organization_id_or_slug}/issues/',
  environments: '/api/0/organizations/{organization_id_or_slug}/environments/',
} as const;

/** Sentry's events table: the fields of many events, or of groups of them, in one request (the lines of the editor's marks). */
export const EVENTS_TABLE_PATH = '/api/0/organizations/{organization_id_or_slug}/events/';

/** The triage operations: changing one issue or many, reading the issue itself, and the members and teams to assign it to. */
export const TRIAGE_PATHS = {
  issue: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/',
  orgIssues: '/api/0/organizations/{organization_id_or_slug}/issues/',
  projectIssues: PATHS.projectIssues,
  members: '/api/0/organizations/{organization_id_or_slug}/members/',
  teams: '/api/0/organizations/{organization_id_or_slug}/teams/',
} as const;

export interface Allowance {
  /** Query parameters the document does not list for this operation. */
  extraQuery?: readonly string[];
  /** Scalar parameters that may be repeated, each value validated against the scalar schema. */
  scalarRepeated?: readonly string[];
  /** Path parameters that may also take values matching these patterns, beside what their schema allows. */
  pathValues?: Readonly<Record<string, RegExp>>;
  /** Boolean parameters sent as `1` (and `0`) rather than `true`/`false`. */
  booleanAsDigit?: readonly string[];
  /** Statuses the document does not list for this operation (it gives no error bodies anyway). */
  extraStatuses?: readonly number[];
  /** The request body may name only the fields it changes, though the document lists all as required. */
  partialBody?: boolean;
  /** Changes to the 200 response schema. */
  response?: { nullable?: readonly string[]; notRequired?: readonly string[] };
}

// Any endpoint may answer 429, since Sentry's rate-limit middleware applies to every endpoint
// (https://github.com/getsentry/sentry/blob/master/src/sentry/middleware/ratelimit.py);
// 500 `{"detail": "Internal Error", "errorId": …}` for an unhandled error, and 400 for a bad `cursor` or a
// `per_page` outside 1..100 on any paged list (https://github.com/getsentry/sentry/blob/master/src/sentry/api/base.py).
const EVERYWHERE = [400, 429, 500];

export const ALLOWANCES: Record<string, Allowance> = {
  [`GET ${PATHS.organizations}`]: { extraStatuses: EVERYWHERE },
  [`GET ${PATHS.projects}`]: { extraStatuses: EVERYWHERE },
  [`GET ${PATHS.projectIssues}`]: {
    // `hashes` is "a list of hashes of groups" (the document's own description) typed as one string: real
    // servers read it with `request.GET.getlist("hashes")` and use the first 100, so the client sends one
    // `hashes` per hash (https://github.com/getsentry/sentry/blob/master/src/sentry/issues/endpoints/project_group_index.py).
    scalarRepeated: ['hashes'],
    // The document's description and the server's own docstring say "Set to 1 to enable", so the client
    // sends `shortIdLookup=1`, not `true` (same file).
    booleanAsDigit: ['shortIdLookup'],
    // 401 for a bad token; 400 "Invalid stats_period" (same file) and "Error parsing search query"; 404 for
    // an unknown project; 410 `{"message": "This API no longer exists."}` while sentry.io browns out a
    // deprecated endpoint (https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/deprecation.py).
    extraStatuses: [...EVERYWHERE, 401, 404, 410],
  },
  [`GET ${ORG_LIST_PATHS.orgIssues}`]: {
    // `group` (repeated): the issues with these ids, query and window ignored, in one answer without paging
    // ("If group ids specified, just ignore any query components" in
    // https://github.com/getsentry/sentry/blob/master/src/sentry/issues/endpoints/organization_group_index.py);
    // the client reads back the issues of a bulk PUT with it, as that file's `get_projects` picks the same
    // projects (the user's own, without `project`) for the PUT and the GET.
    extraQuery: ['group'],
    scalarRepeated: ['group'],
    // 410 as during a deprecation brown-out (see above): the sandbox's switch that makes the client fall
    // back to the other issues endpoint.
    extraStatuses: [...EVERYWHERE, 410],
    response: {
      notRequired: [
        // The document's own parameter descriptions: `expand` is "Additional data to include in the
        // response", so these are there only when asked for (inbox: only for issues in the inbox;
        // owners: only for issues that have one).
        'inbox',
        'integrationIssues',
        'latestEventHasAttachments',
        'owners',
        'sentryAppIssues',
        'sessionCount',
        // `collapse`: "Fields to remove from the response" (stats, lifetime, filtered, unhandled).
        'stats',
        'lifetime',
        'filtered',
        'isUnhandled',
        // derivedData is filled by Seer, which only sentry.io runs: other servers leave it out.
        'derivedData',
      ],
    },
  },
  // 401 for a missing or bad token, 404 for an unknown organization.
  [`GET ${ORG_LIST_PATHS.environments}`]: { extraStatuses: [...EVERYWHERE, 401, 404] },
  [`GET ${PATHS.issueEvents}`]: { extraStatuses: EVERYWHERE },
  // PUT with a JSON body of only the fields to change (the document's own description: "Only the attributes
  // submitted are modified"; the server validates it with `partial=True` in
  // https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/group_index/update.py);
  // 400/429/500 as anywhere; 415 for a body that is not JSON.
  [`PUT ${TRIAGE_PATHS.issue}`]: { partialBody: true, extraStatuses: [...EVERYWHERE, 415] },
  [`GET ${TRIAGE_PATHS.issue}`]: { extraStatuses: EVERYWHERE },
  // Bulk PUT (`?id=1&id=2…`) with the same body; `""` unassigns, which Sentry answers as `assignedTo: null`
  // (the document types the answer's assignee as an object only; `handle_assigned_to` in update.py).
  [`PUT ${TRIAGE_PATHS.orgIssues}`]: { partialBody: true, extraStatuses: [...EVERYWHERE, 415], response: { nullable: ['assignedTo'] } },
  // The deprecated project endpoint takes the same bulk PUT, with the same body and answer as the
  // organization's (the changed fields only, so `status`, `statusDetails` and `isPublic` are there only when
  // changed); `id` is repeated, one per issue ("?id=1&id=2…", read with `getlist("id")` in
  // https://github.com/getsentry/sentry/blob/master/src/sentry/issues/endpoints/project_group_index.py);
  // 401 as anywhere, and 204 "No groups found" when no issue is in scope (as the organization endpoint
  // documents; update.py).
  [`PUT ${TRIAGE_PATHS.projectIssues}`]: {
    partialBody: true,
    scalarRepeated: ['id'],
    // `query`: the search the endpoint runs when it finds none of the ids (its PUT hands prep_search, which
    // reads `query`, to update_groups_with_search_fn in update.py); the client sends `issue.id:[…]` so that
    // search finds none of the issues either, as the organization endpoint's documented `query` does.
    extraQuery: ['query'],
    extraStatuses: [...EVERYWHERE, 204, 401, 415],
    response: { nullable: ['assignedTo'], notRequired: ['isPublic', 'status', 'statusDetails'] },
  },
  // Members are Link-paged like every list, so they take `per_page` (1..100) too: the endpoint calls
  // `paginate` (https://github.com/getsentry/sentry/blob/master/src/sentry/core/endpoints/organization_member_index.py).
  [`GET ${TRIAGE_PATHS.members}`]: { extraQuery: ['per_page'], extraStatuses: EVERYWHERE },
  [`GET ${TRIAGE_PATHS.teams}`]: { extraStatuses: EVERYWHERE },
  [`GET ${PATHS.eventDetails}`]: {
    // The document's `event_id` is `enum: [latest, oldest, recommended]`, though its own description says
    // "The ID of the event to retrieve, or 'latest', 'oldest', or 'recommended'". The server takes any other
    // value as an event id (https://github.com/getsentry/sentry/blob/master/src/sentry/issues/endpoints/group_event_details.py),
    // and the answer's `nextEventID`/`previousEventID` name the events before and after, fetched by their
    // id (32 hex digits).
    pathValues: { event_id: /^[0-9a-fA-F]{32}$/ },
    extraStatuses: EVERYWHERE,
  },
  // 401 for a bad token; 404 with no body where the organization lacks the feature (`has_feature` false is
  // `Response(status=404)` in https://github.com/getsentry/sentry/blob/master/src/sentry/api/endpoints/organization_events.py,
  // whose own schema lists RESPONSE_NOT_FOUND) and for an unknown environment or organization.
  [`GET ${EVENTS_TABLE_PATH}`]: { extraStatuses: [...EVERYWHERE, 401, 404] },
  [`GET ${PATHS.tagDetails}`]: {
    // Sentry describes this response as paginated ("When paginated can return at most 1000 values", in
    // https://github.com/getsentry/sentry/blob/master/src/sentry/issues/endpoints/group_tagkey_details.py):
    // when a `Link` header with a `next` cursor comes with it, the client asks for more values with `cursor`
    // as on any list.
    extraQuery: ['cursor'],
    extraStatuses: EVERYWHERE,
  },
};

/** The organization's lookups: a short ID to its issue, an event ID to its project, issue and event. */
export const LOOKUP_PATHS = {
  shortId: '/api/0/organizations/{organization_id_or_slug}/shortids/{issue_id}/',
  eventId: '/api/0/organizations/{organization_id_or_slug}/eventids/{event_id}/',
} as const;

// A short ID of a server that has the group endpoint is 404 when unknown (the document lists it); the
// event-ID lookup's 400 (is_event_id), 401 and 403 are OrganizationEndpoint's, and its own rate limit a 429
// (test/sandbox/lookups.ts).
ALLOWANCES[`GET ${LOOKUP_PATHS.shortId}`] = { extraStatuses: EVERYWHERE };
ALLOWANCES[`GET ${LOOKUP_PATHS.eventId}`] = { extraStatuses: [...EVERYWHERE, 401, 403] };

/** Sandbox routes the OpenAPI excerpt does not describe; the contract suite checks they stay absent. */
export const NOT_IN_DOCUMENT = [
  // Sentry has a Retrieve an Organization endpoint (it needs a user-bound token); the excerpt has no payload for it.
  'GET /api/0/organizations/{organization_id_or_slug}/',
  // Sentry's user-reports endpoint accepts DSN authentication; the excerpt has neither its methods nor its payloads.
  'GET /api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
  'POST /api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
  'GET /api/0/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
  'POST /api/0/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
  // Releases, suspect commits and owners (test/sandbox/releases.ts): private endpoints, or public ones the excerpt
  // leaves out; a release's answer is checked against the document's release list item (test/unit/api/releases.test.ts).
  'GET /api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/first-last-release/',
  'GET /api/0/organizations/{organization_id_or_slug}/releases/{version}/',
  'GET /api/0/organizations/{organization_id_or_slug}/releases/{version}/commits/',
  'GET /api/0/organizations/{organization_id_or_slug}/releases/{version}/deploys/',
  'GET /api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/events/{event_id}/committers/',
  'GET /api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/events/{event_id}/owners/',
  // Traces, replays and an issue's user reports (test/sandbox/traces.ts, replays.ts, feedback.ts): public endpoints the
  // excerpt leaves out (the trace, replays) or private ones; their answers are read by src/model/ in test/unit/sandbox/traces.test.ts.
  // The logs are the events table's (dataset=logs), which the excerpt has: checked in responses.test.ts.
  'GET /api/0/organizations/{organization_id_or_slug}/trace/{trace_id}/',
  'GET /api/0/organizations/{organization_id_or_slug}/trace-meta/{trace_id}/',
  'GET /api/0/organizations/{organization_id_or_slug}/events-trace/{trace_id}/',
  'GET /api/0/organizations/{organization_id_or_slug}/events-trace-meta/{trace_id}/',
  'GET /api/0/organizations/{organization_id_or_slug}/replay-count/',
  'GET /api/0/organizations/{organization_id_or_slug}/replays/',
  'GET /api/0/organizations/{organization_id_or_slug}/replays/{replay_id}/',
  'GET /api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/user-reports/',
] as const;
