// The one list of places where what the client sends, or a status the sandbox answers, goes beyond
// Sentry's OpenAPI excerpt, each with where real servers are documented to behave so. Everything not
// listed here is validated against the document as it is.

export const PATHS = {
  organizations: '/api/0/organizations/',
  projects: '/api/0/organizations/{organization_id_or_slug}/projects/',
  projectIssues: '/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/',
  issueEvents: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/',
  tagDetails: '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/',
} as const;

export interface Allowance {
  /** Query parameters the document does not list for this operation. */
  extraQuery?: readonly string[];
  /** Scalar parameters that may be repeated, each value validated against the scalar schema. */
  scalarRepeated?: readonly string[];
  /** Boolean parameters sent as `1` (and `0`) rather than `true`/`false`. */
  booleanAsDigit?: readonly string[];
  /** Statuses the document does not list for this operation (it gives no error bodies anyway). */
  extraStatuses?: readonly number[];
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
  [`GET ${PATHS.issueEvents}`]: { extraStatuses: EVERYWHERE },
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
