// The one list of places where what the client sends, or a status the sandbox answers, goes beyond
// Sentry's OpenAPI excerpt, each with where real servers are documented to behave so. Everything not
// listed here is validated against the document as it is.

export const PATHS = {
  organizations: '/api/0/organizations/',
  projects: '/api/0/organizations/{organization_id_or_slug}/projects/',
  projectIssues: '/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/',
  issueEvents: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/',
  // api-facts.md "One issue, one event": the full event.
  eventDetails: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/{event_id}/',
  tagDetails: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/',
} as const;

/** The organization's lists the sandbox serves beside PATHS (api-facts.md "Organization Issues": the replacement of the deprecated project issues list, and the environments to filter it by). */
export const ORG_LIST_PATHS = {
  orgIssues: '/api/0/organizations/{organization_id_or_slug}/issues/',
  environments: '/api/0/organizations/{organization_id_or_slug}/environments/',
} as const;

/** The triage operations (api-facts.md "Triage: changing an issue"): writes, the issue itself, members and teams. */
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

// api-facts.md "Rate limits": a 429 from any endpoint; "Error bodies": 500 with an errorId; and
// "Pagination": 400 for a bad cursor or a per_page outside 1..100, on every paged list.
const EVERYWHERE = [400, 429, 500];

export const ALLOWANCES: Record<string, Allowance> = {
  [`GET ${PATHS.organizations}`]: { extraStatuses: EVERYWHERE },
  [`GET ${PATHS.projects}`]: { extraStatuses: EVERYWHERE },
  [`GET ${PATHS.projectIssues}`]: {
    // `hashes` is "a list of hashes of groups" (the document's own description, spec 4.5 and section 8)
    // typed as one string: real servers read it with getlist, so the client sends one `hashes` per hash.
    scalarRepeated: ['hashes'],
    // The document's description says "Set to 1 to enable"; spec 4.5 "(send 1)"; api-facts.md
    // "Organization Issues": `shortIdLookup` (`1`).
    booleanAsDigit: ['shortIdLookup'],
    // api-facts.md "Error bodies": 401 for a bad token, 400 "Invalid stats_period" and "Error parsing
    // search query", 404 for an unknown project, 410 during the deprecation brown-outs.
    extraStatuses: [...EVERYWHERE, 401, 404, 410],
  },
  [`GET ${ORG_LIST_PATHS.orgIssues}`]: {
    // api-facts.md "Error bodies": 410 during deprecation brown-outs (the sandbox's endpoint switch).
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
        // api-facts.md "Triage": Seer is "sentry.io only, may be absent"; derivedData is Seer's.
        'derivedData',
      ],
    },
  },
  // api-facts.md "Error bodies": 401 for a missing or bad token, 404 for an unknown organization.
  [`GET ${ORG_LIST_PATHS.environments}`]: { extraStatuses: [...EVERYWHERE, 401, 404] },
  [`GET ${PATHS.issueEvents}`]: { extraStatuses: EVERYWHERE },
  // api-facts.md "Triage": PUT with a JSON body of the fields to change (the document's own description:
  // "Only the attributes submitted are modified"); "Error bodies": 400/429/500; 415 for a body that is not JSON.
  [`PUT ${TRIAGE_PATHS.issue}`]: { partialBody: true, extraStatuses: [...EVERYWHERE, 415] },
  [`GET ${TRIAGE_PATHS.issue}`]: { extraStatuses: EVERYWHERE },
  // api-facts.md "Triage": bulk PUT "with the same body"; `""` unassigns, which Sentry answers as
  // `assignedTo: null` (the document types the answer's assignee as an object only).
  [`PUT ${TRIAGE_PATHS.orgIssues}`]: { partialBody: true, extraStatuses: [...EVERYWHERE, 415], response: { nullable: ['assignedTo'] } },
  // api-facts.md "Triage": "the deprecated PUT /api/0/projects/{org}/{project}/issues/?id=… too", with the
  // same body and answer as the organization's (the changed fields only, so `status`, `statusDetails` and
  // `isPublic` are there only when changed); `id` is repeated, one per issue ("?id=1&id=2…"); 401 as anywhere
  // ("Error bodies") and 204 when no issue is in scope (as the organization endpoint documents).
  [`PUT ${TRIAGE_PATHS.projectIssues}`]: {
    partialBody: true,
    scalarRepeated: ['id'],
    extraStatuses: [...EVERYWHERE, 204, 401, 415],
    response: { nullable: ['assignedTo'], notRequired: ['isPublic', 'status', 'statusDetails'] },
  },
  // api-facts.md "Triage": members are "Link-paged"; "Pagination": `per_page` (1..100) pages every list.
  [`GET ${TRIAGE_PATHS.members}`]: { extraQuery: ['per_page'], extraStatuses: EVERYWHERE },
  [`GET ${TRIAGE_PATHS.teams}`]: { extraStatuses: EVERYWHERE },
  [`GET ${PATHS.eventDetails}`]: {
    // The document's `event_id` is `enum: [latest, oldest, recommended]`, though its own description says
    // "The ID of the event to retrieve, or 'latest', 'oldest', or 'recommended'". api-facts.md "One issue,
    // one event": `event_id` may be `latest`, `oldest` or `recommended`, and the answer's
    // `nextEventID`/`previousEventID` name the events before and after, fetched by their id (32 hex digits).
    pathValues: { event_id: /^[0-9a-fA-F]{32}$/ },
    extraStatuses: EVERYWHERE,
  },
  [`GET ${PATHS.tagDetails}`]: {
    // api-facts.md "Search and periods": the tag details response is paginated, "when a `Link` header
    // with a `next` cursor comes with it, more values can be fetched the same way as any other list".
    extraQuery: ['cursor'],
    extraStatuses: EVERYWHERE,
  },
};

/** Sandbox routes the OpenAPI excerpt does not describe; the contract suite checks they stay absent. */
export const NOT_IN_DOCUMENT = [
  // spec 4.7: "A Retrieve an Organization endpoint exists"; payload "not shown".
  'GET /api/0/organizations/{organization_id_or_slug}/',
  // spec 4.7: user-reports "accepts DSN authentication"; methods and payloads "not shown".
  'GET /api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
  'POST /api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
  'GET /api/0/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
  'POST /api/0/{organization_id_or_slug}/{project_id_or_slug}/user-reports/',
] as const;
