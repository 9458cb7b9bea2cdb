// The server versions the sandbox speaks as ("profiles"). Real servers differ where the OpenAPI
// document cannot say: a sandbox written from the document alone agrees with the client where a
// self-hosted install built months earlier does not. Each difference is one field of Profile, and
// PROFILE_SOURCES names the Sentry source (getsentry/sentry) each field follows, so the table below
// is the one place to read what a profile changes and why.
import { hash32 } from './prng';
import type { SeedIssue } from './seed';

export const PROFILE_NAMES = ['sentry-io', 'self-hosted-2025'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export const DEFAULT_PROFILE: ProfileName = 'sentry-io';

/** Organization features (as `GET /organizations/{org}/` lists them, without the `organizations:` prefix) that change answers. */
export const ADVANCED_SEARCH = 'advanced-search';
export const LLM_MARKDOWN = 'issue-standardized-markdown-for-llm-api';
/** Several projects in one events-table query (src/sentry/api/bases/organization_events.py, get_snuba_params). */
export const GLOBAL_VIEWS = 'global-views';
/** Seer and the other AI features (trigger_autofix in src/sentry/seer/autofix/autofix.py); self-hosted servers go without. */
export const GEN_AI_FEATURES = 'gen-ai-features';
/** What the agent-shaped Seer checks besides (has_seer_agent_access_with_detail, src/sentry/seer/agent/client_utils.py). */
export const SEER_EXPLORER = 'seer-explorer';
/**
 * Logs (is_logs_enabled, src/sentry/explore/utils.py): on for sentry.io's plans with logs and in
 * getsentry/self-hosted's configuration; control.features removes it for a plan without logs (logs.ts).
 */
export const LOGS = 'ourlogs-enabled';

export interface Profile {
  readonly name: ProfileName;
  /** One line for `--help` and the banner. */
  readonly summary: string;
  /**
   * What `project=` takes on the organization endpoints that read it (the organization issues list,
   * its bulk PUT): ids or slugs, or numeric ids only (anything else is a 400).
   */
  readonly projectParam: 'id-or-slug' | 'id-only';
  /** Whether `llmFormat` on an event's details exists at all (else it is ignored, like any unknown parameter). */
  readonly llmFormat: boolean;
  /** The features every seeded organization has after a reset (control.features and the `features` option change them). */
  readonly orgFeatures: readonly string[];
  /**
   * Whether the API rate limiter runs (counts, answers 429s and sends the X-Sentry-Rate-Limit-* headers)
   * unless a rate limit is set explicitly; without it an answer carries none of those headers.
   */
  readonly rateLimiter: boolean;
  /**
   * Issues whose seen stats the server cannot find (Snuba has no event of them left): their firstSeen
   * and lastSeen are null where the document allows it (the organization list and one issue).
   */
  readonly missingSeenStats: (issue: SeedIssue) => boolean;
  /**
   * How organizations are kept: in regions with hosts of their own (`multi`, sentry.io: with
   * SandboxOptions.regions the EU organization is served by a second host), or all on the one
   * server (`monolith`, self-hosted: the regions endpoint names one `--monolith--` region).
   */
  readonly regions: 'multi' | 'monolith';
  /**
   * What `GET /api/0/organizations/` on the main host lists: the organizations of every region, each
   * with its `links.regionUrl` (`all-regions`, the control silo's list), or only those of the region
   * the list is pinned to (`home-region`; on a monolith, the one region holds them all).
   * SandboxOptions.organizationList and control.organizationList change it.
   */
  readonly organizationList: OrganizationList;
  /** Where POST of the device authorization request is served (RFC 8628 section 3.1), or null on a server without a device flow. */
  readonly deviceCodePath: '/oauth/device/code/' | null;
  /** Whether GET /.well-known/oauth-authorization-server answers Sentry's RFC 8414 metadata (else the catch-all page's HTML). */
  readonly oauthMetadata: boolean;
  /** The shape of Seer's autofix answers (seer.ts): the agent shape of getsentry/sentry#116162 or the legacy steps. */
  readonly seer: 'agent' | 'legacy';
  /**
   * An event's committers (releases.ts): the one suspect commit Sentry stored for the issue, 404 when there
   * is none; or every committer of the release-based search, 404 without a release or its commits.
   */
  readonly committers: 'suspect-commit' | 'release-based';
  /**
   * The scopes an event's committers and owners check: an EventEndpoint's (`event:read` and up) or a
   * ProjectEndpoint's (`project:read` and up).
   */
  readonly eventEndpointScopes: 'event' | 'project';
  /**
   * The short-ID lookup (lookups.ts): a GroupEndpoint (`event:read` and up, the project's access) or an
   * OrganizationEndpoint (`org:read` and up, any project of the organization).
   */
  readonly shortIdLookup: 'group-endpoint' | 'organization-endpoint';
  /** How `trace-meta/` names its counts (traces.ts): camelCase (`errorsCount`, `spansCount`) or the 2025 snake_case (`errors`, `span_count`). */
  readonly traceMeta: 'camelCase' | 'snake_case';
  /** The names the events table takes for the logs dataset (logs.ts): `logs` and the deprecated `ourlogs`, or `ourlogs` alone. */
  readonly logsDatasets: readonly ('logs' | 'ourlogs')[];
}

export type OrganizationList = 'all-regions' | 'home-region';

const never = () => false;

/** About one issue in 40 (38 of the default seed's), fixed by its id. */
const SEEN_STATS_SALT = 0x5ee5;
export function seenStatsLost(issue: SeedIssue): boolean {
  return hash32(issue.id, SEEN_STATS_SALT) % 40 === 0;
}

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'sentry-io': {
    name: 'sentry-io',
    summary: 'sentry.io as it behaves now (the default)',
    projectParam: 'id-or-slug',
    llmFormat: true,
    orgFeatures: ['onboarding', ADVANCED_SEARCH, GLOBAL_VIEWS, 'issue-platform', 'user-feedback-ui', LLM_MARKDOWN, GEN_AI_FEATURES, SEER_EXPLORER, LOGS],
    rateLimiter: true,
    missingSeenStats: never,
    regions: 'multi',
    organizationList: 'all-regions',
    deviceCodePath: '/oauth/device/code/',
    oauthMetadata: true,
    seer: 'agent',
    committers: 'suspect-commit',
    eventEndpointScopes: 'event',
    shortIdLookup: 'group-endpoint',
    traceMeta: 'camelCase',
    logsDatasets: ['logs', 'ourlogs'],
  },
  'self-hosted-2025': {
    name: 'self-hosted-2025',
    summary:
      'a self-hosted server built before June 2026: numeric project ids, no llmFormat, no rate limits (nor their headers), some null dates, legacy Seer shape (off unless gen-ai-features is added)',
    projectParam: 'id-only',
    llmFormat: false,
    orgFeatures: ['onboarding', ADVANCED_SEARCH, GLOBAL_VIEWS, 'issue-platform', 'user-feedback-ui', LOGS],
    rateLimiter: false,
    missingSeenStats: seenStatsLost,
    regions: 'monolith',
    organizationList: 'home-region',
    deviceCodePath: null,
    oauthMetadata: false,
    seer: 'legacy',
    committers: 'release-based',
    eventEndpointScopes: 'project',
    shortIdLookup: 'organization-endpoint',
    traceMeta: 'snake_case',
    logsDatasets: ['ourlogs'],
  },
};

/** Where each difference comes from in Sentry's source (getsentry/sentry), and what it is. */
export const PROFILE_SOURCES: Readonly<Record<Exclude<keyof Profile, 'name' | 'summary'>, string>> = {
  projectParam:
    'src/sentry/api/bases/organization.py, OrganizationEndpoint.get_requested_project_ids_unchecked: ' +
    '`set(map(int, request.GET.getlist("project")))`, a ValueError is ParseError("Invalid project parameter. Values must be numbers."); ' +
    'slugs are accepted from getsentry/sentry#117446 on (sentry.io since June 2026). An id of no visible project is PermissionDenied (403) in both.',
  llmFormat:
    'src/sentry/issues/formatting/mixin.py, FormattableResponseMixin.finalize_response: `fmt not in _VALID_FORMATS` ' +
    '(markdown, xml) or the flag off leaves the response untouched, never a 400; servers older than the mixin have no such parameter.',
  orgFeatures:
    'src/sentry/api/helpers/group_index/index.py, validate_search_filter_permissions: without `organizations:advanced-search` ' +
    'a negated term is 400 "You need access to the advanced search feature to use negative search" and a value with `*` ' +
    '"... to use wildcard search" (advanced_search_features). Both profiles have it: src/sentry/conf/server.py sets ' +
    '"organizations:advanced-search": True in SENTRY_FEATURES (already at getsentry/sentry@8496a76c22124aed0ae5295502104fbfdad16ce3, 2020) ' +
    'and getsentry/self-hosted sentry/sentry.conf.example.py (@f10732289ec1166200c6d07184b199f62f03dd88) turns features on, never this one off; ' +
    "on sentry.io it is a plan feature (getsentry's SubscriptionPlanFeatureHandler, not public), so no profile goes without it and " +
    'control.features removes it where a test wants the refusal. ' +
    'src/sentry/issues/formatting/mixin.py: `formatted` needs the LLM markdown flag. ' +
    '`global-views` (several projects in one events-table query, else 400 "You cannot view events from multiple projects.") ' +
    "is on in both: sentry.io's plans with it, and getsentry/self-hosted's sentry.conf.example.py turns it on.",
  rateLimiter:
    'src/sentry/middleware/ratelimit.py, RatelimitMiddleware.process_view: `if settings.SENTRY_SELF_HOSTED: return None` before ' +
    'anything is counted (since getsentry/sentry#33806, April 2022), and `enforce_rate_limit is False` returns too ' +
    '(settings.SENTRY_RATELIMITER_ENABLED, False in src/sentry/conf/server.py), so request.rate_limit_metadata is never set and ' +
    'process_response adds no X-Sentry-Rate-Limit-* header: a self-hosted server sends none and never a 429 of its own. ' +
    'sentry.io runs it: a 429 past the limit, its body `{"detail": "You are attempting to use this endpoint too frequently. ' +
    'Limit is N requests in W seconds"}` (response_json, since getsentry/sentry#90416, April 2025; the builds before it sent ' +
    'orjson.dumps of the message alone, a bare JSON string), and the five headers on every answer.',
  regions:
    'src/sentry/users/api/endpoints/user_regions.py (UserRegionsEndpoint, in self-hosted releases since 2024) lists the regions of the ' +
    "user's organizations, each Region.api_serialize() of src/sentry/types/region.py: in monolith mode (self-hosted) one region, " +
    "SENTRY_MONOLITH_REGION '--monolith--' (src/sentry/conf/server.py) at system.url-prefix; sentry.io has several (us, de) " +
    "on hosts of their own (what the main host's organization list holds: organizationList).",
  organizationList:
    'src/sentry/core/endpoints/organization_index.py (getsentry/sentry 054be0177d7952a53b6847db122c2c5742e598b2): ' +
    'OrganizationIndexEndpoint is an @all_silo_endpoint whose GET in the control silo (_get_from_control) lists the ' +
    "OrganizationMapping rows of the user's OrganizationMemberMapping, every region's (a token bound to one organization: " +
    "that one), getsentry/sentry#112622 (April 2026); sentry.io's own UI reads only this list since #117371 (June 2026), " +
    'each organization with its links.regionUrl (#115513, as getsentry/cli#1212 reads it). ' +
    'src/sentry/hybridcloud/apigateway/apigateway.py (8e916f795ffba5d8db96152720e2f083752da1ea), proxy_request_if_needed: ' +
    'a view whose silo modes include the control silo is served there, not proxied; before, the list was in ' +
    'REGION_PINNED_URL_NAMES (#60477) and proxied to the US region (`home-region`). A region host serves its own ' +
    "region's list (_get_from_cell) either way.",
  deviceCodePath:
    'sentry.io: src/sentry/web/api.py, oauth_authorization_server_metadata (RFC 8414) names "sentry-oauth-device-code", ' +
    "which Sentry's own test (tests/sentry/web/test_api.py, OAuthAuthorizationServerMetadataTest) pins to POST /oauth/device/code/, " +
    'with the page /oauth/device/ (src/sentry/web/frontend/oauth_device.py, OAuthDeviceView); getsentry/cli asked that path ' +
    'from the week the device flow shipped (getsentry/cli 69f9b0f50, January 2026). ' +
    'Servers of early 2025 route /oauth/ to authorize/ and token/ only (src/sentry/web/urls.py), so the path reaches the ' +
    'catch-all React page whose BaseView.dispatch (src/sentry/web/frontend/base.py) fails the CSRF check of a POST: 403 HTML ' +
    '(src/sentry/web/frontend/csrf_failure.py), and their token endpoint (src/sentry/web/frontend/oauth_token.py) answers ' +
    'unsupported_grant_type to the device_code grant.',
  oauthMetadata:
    'src/sentry/web/api.py, oauth_authorization_server_metadata (a @control_silo_view with Cache-Control max-age=3600, public; ' +
    "getsentry/sentry#110780, March 2026): issuer absolute_uri() (the server's url-prefix and a trailing slash), " +
    'authorization_endpoint, token_endpoint, userinfo_endpoint and device_authorization_endpoint (absolute URLs of the named ' +
    'routes), response_types_supported, grant_types_supported, code_challenge_methods_supported, ' +
    'token_endpoint_auth_methods_supported, scopes_supported (sorted SENTRY_SCOPES). A Django view, not an API endpoint: ' +
    'no CORS headers. Servers of early 2025 have no such route: a GET reaches the catch-all React page (HTML 200).',
  missingSeenStats:
    'src/sentry/api/serializers/models/group.py (the Snuba seen stats of GroupSerializerSnuba): ' +
    '`"first_seen": first_seen.get(item.id),  # TODO: missing?` and `"last_seen": last_seen.get(item.id)`, None when the ' +
    'query found no event of the group (retention, a lost partition); the OpenAPI marks firstSeen and lastSeen nullable ' +
    'on the organization list and one issue, not on the project list.',
  seer:
    'src/sentry/seer/endpoints/group_ai_autofix.py: getsentry/sentry#116162 (June 2026) made every GET/POST take the ' +
    'agent path (blocks, lower-case statuses, {step, run_id}); before it, without ?mode=explorer, the legacy path ' +
    '(steps, upper-case statuses, {event_id, instruction, stopping_point}). Self-hosted servers built earlier speak the ' +
    'legacy shape and have no `gen-ai-features` unless an admin turns Seer on (test/sandbox/seer.ts).',
  committers:
    'src/sentry/api/endpoints/event_file_committers.py, its current version (EventFileCommittersEndpoint on EventEndpoint): the GroupOwner suspect ' +
    'commit, `raise NotFound(detail="No committers found")` without one; its earlier version ' +
    '(on ProjectEndpoint, "TODO(nisanthan): Remove the Group.DoesNotExist and Release.DoesNotExist once Commit Context goes GA") ' +
    'with the release-based search of src/sentry/utils/committers.py: 404 "Release not found" / "No Commits found for Release", ' +
    'or `{"committers": []}` when no commit touched a frame\'s file.',
  eventEndpointScopes:
    'src/sentry/api/bases/event.py: EventEndpoint takes ProjectEventPermission (src/sentry/api/bases/project.py: GET event:read, ' +
    'event:write or event:admin); the current EventFileCommittersEndpoint (event_file_committers.py) and EventOwnersEndpoint ' +
    '(src/sentry/issues/endpoints/event_owners.py at 3c8ce63f637a50939793f42efbd837233271372f) are EventEndpoints. Their ' +
    'earlier versions were ProjectEndpoints, ProjectPermission (GET project:read, project:write or project:admin): ' +
    'event_file_committers.py at e0d0db081dc09104a58f875bbba306b6d4f92ce9 and its "TODO(nisanthan)" version, ' +
    'src/sentry/api/endpoints/event_owners.py at c1fce28aa43c6091ec817d6f06a269ca0450f31e.',
  shortIdLookup:
    'src/sentry/issues/endpoints/organization_shortid.py at 03f0c1b02793e481c8739814855e34b7c388eb8b: ShortIdLookupEndpoint(GroupEndpoint), ' +
    "GroupPermission (event:read and up) and the group's project access; its earlier src/sentry/api/endpoints/shortid.py " +
    '(@region_silo_endpoint): ShortIdLookupEndpoint(OrganizationEndpoint), OrganizationPermission (org:read and up), ' +
    'Group.objects.by_qualified_short_id in any project of the organization. The same answer in both.',
  traceMeta:
    '`trace-meta/` (src/sentry/api/endpoints/organization_trace_meta.py) came with getsentry/sentry#93092 (June 2025) answering ' +
    'snake_case `errors`, `logs`, `performance_issues`, `span_count`, `span_count_map`, `transaction_child_count_map` ' +
    "(getsentry/sentry-mcp's fixture packages/mcp-server-mocks/src/fixtures/trace-meta.json); current servers answer camelCase " +
    '`errorsCount`, `logsCount`, `performanceIssuesCount`, `spansCount`, `spansCountMap`, `transactionChildCountMap` ' +
    '(src/sentry/apidocs/examples/trace_examples.py TRACE_META; the web UI read both shapes until #124420 removed ' +
    '`organizations:trace-spans-format`, September 2026). The self-hosted profile is a mid-2025 build.',
  logsDatasets:
    'src/sentry/snuba/utils.py DATASET_OPTIONS: `"ourlogs": OurLogs` was the only name until getsentry/sentry#96884 ' +
    '(July 31 2025) added `"logs": OurLogs` as the public one and listed `ourlogs` in DEPRECATED_LABELS (still served); ' +
    'get_dataset of an unknown name is the 400 "dataset must be one of: …".',
};

/** The profile of a name; a name that is not one is an error naming the profiles. */
export function profileNamed(name: string | undefined): Profile {
  if (name === undefined) return PROFILES[DEFAULT_PROFILE];
  if (!(PROFILE_NAMES as readonly string[]).includes(name)) throw new Error(`unknown profile ${JSON.stringify(name)}: ${PROFILE_NAMES.join(' or ')}`);
  return PROFILES[name as ProfileName];
}
