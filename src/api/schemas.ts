/**
 * zod schemas for every Sentry API resource the extension reads, fields real servers add included.
 * Objects are loose: unknown fields are kept, never rejected, so newer servers keep working. What
 * Sentry's OpenAPI document says may be null or left out is accepted as such (a test holds each
 * schema to the document), and lists are read item by item (./lenientList.ts): one item that does
 * not match costs that item, not the page.
 */
import * as z from '../util/z';
import { lenientList } from './lenientList';

const isoTimestamp = z.lazy(() => z.string());
/** Real servers send `count` as a string; a few proxies turn it into a number. Normalise to string. */
const countString = z.lazy(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

export const TagSchema = z.lazy(() => z.looseObject({ key: z.string(), value: z.string() }));

export const FrameSchema = z.lazy(() =>
  z.looseObject({
    filename: z.nullish(z.string()),
    absPath: z.nullish(z.string()),
    module: z.nullish(z.string()),
    function: z.nullish(z.string()),
    lineNo: z.nullish(z.int()),
    colNo: z.nullish(z.int()),
    inApp: z.nullish(z.boolean()),
    context: z.nullish(z.array(z.tuple([z.int(), z.nullable(z.string())]))),
    vars: z.nullish(z.record(z.string(), z.unknown())),
  }),
);

export const ExceptionValueSchema = z.lazy(() =>
  z.looseObject({
    type: z.nullish(z.string()),
    value: z.nullish(z.string()),
    module: z.nullish(z.string()),
    stacktrace: z.nullish(z.looseObject({ frames: z.nullish(z.array(FrameSchema)) })),
  }),
);

export const ExceptionEntrySchema = z.lazy(() =>
  z.looseObject({
    type: z.literal('exception'),
    data: z.looseObject({ values: z.nullish(z.array(ExceptionValueSchema)) }),
  }),
);

export const EntrySchema = z.lazy(() => z.looseObject({ type: z.string(), data: z.unknown() }));

/** One event of an issue's events list; `entries` appears with full=true (and in the single-event fixture). */
export const EventSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    eventID: z.string(),
    groupID: z.nullish(z.string()),
    projectID: z.nullish(z.string()),
    tags: z.array(TagSchema),
    dateCreated: isoTimestamp,
    user: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    message: z.nullish(z.string()),
    title: z.string(),
    platform: z.nullish(z.string()),
    'event.type': z.optional(z.string()),
    crashFile: z.optional(z.unknown()),
    /** `file:line`, a bare file name, or null for events without a stack. */
    location: z.nullish(z.string()),
    culprit: z.nullish(z.string()),
    metadata: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    entries: z.optional(z.array(EntrySchema)),
  }),
);
export const EventListSchema = z.lazy(() => lenientList(EventSchema));

/**
 * One event's details (GET …/issues/{id}/events/{event_id}/): only what identifies it is required;
 * the rest (entries, contexts, request…) is read tolerantly by src/sentryEvent/parse.ts, so one odd
 * field never costs the user the whole event.
 */
export const EventDetailsSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    eventID: z.string(),
    nextEventID: z.nullish(z.string()),
    previousEventID: z.nullish(z.string()),
    formatted: z.optional(z.looseObject({ format: z.string(), content: z.string() })),
  }),
);

const StatsPairSchema = z.lazy(() => z.tuple([z.int(), z.int()]));

/** One issue of an issue list. */
export const IssueSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    shortId: z.string(),
    title: z.string(),
    culprit: z.nullish(z.string()),
    type: z.optional(z.string()),
    level: z.string(),
    logger: z.nullish(z.string()),
    status: z.string(),
    statusDetails: z._default(z.record(z.string(), z.unknown()), {}),
    count: countString,
    userCount: z.int(),
    numComments: z._default(z.int(), 0),
    /** null when the server has no seen stats of the issue (nullable in the OpenAPI); left out by one issue's GET: null. */
    firstSeen: z._default(z.nullable(isoTimestamp), null),
    lastSeen: z._default(z.nullable(isoTimestamp), null),
    hasSeen: z.optional(z.boolean()),
    isBookmarked: z.optional(z.boolean()),
    isPublic: z.optional(z.boolean()),
    isSubscribed: z.optional(z.boolean()),
    subscriptionDetails: z.nullish(z.record(z.string(), z.unknown())),
    shareId: z.nullish(z.string()),
    assignedTo: z.nullish(z.record(z.string(), z.unknown())),
    annotations: z._default(z.array(z.unknown()), []),
    permalink: z.string(),
    metadata: z._default(z.looseObject({ title: z.nullish(z.string()) }), {}),
    project: z.looseObject({ id: z.string(), name: z.string(), slug: z.string() }),
    /** Keyed by stats period; empty when statsPeriod is the empty string. */
    stats: z._default(z.record(z.string(), z.array(StatsPairSchema)), {}),
  }),
);
export const IssueListSchema = z.lazy(() => lenientList(IssueSchema));

/**
 * What a triage PUT answers (OpenAPI: the single PUT answers the issue without its counts and dates,
 * the bulk PUTs only the changed fields): every field optional, merged by the caller over what it knew.
 */
export const IssueUpdateSchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(z.string()),
    status: z.optional(z.string()),
    substatus: z.nullish(z.string()),
    statusDetails: z.nullish(z.record(z.string(), z.unknown())),
    assignedTo: z.nullish(z.record(z.string(), z.unknown())),
    hasSeen: z.optional(z.boolean()),
    isBookmarked: z.optional(z.boolean()),
    isSubscribed: z.optional(z.boolean()),
    isPublic: z.optional(z.boolean()),
    priority: z.nullish(z.string()),
  }),
);

/** GET /api/0/organizations/{org}/members/: who an issue can be assigned to (`user.id` is the assignee id). */
export const MemberSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    email: z.string(),
    name: z.nullish(z.string()),
    pending: z.optional(z.boolean()),
    user: z.nullish(z.looseObject({ id: z.string(), name: z.nullish(z.string()), username: z.nullish(z.string()), email: z.nullish(z.string()) })),
  }),
);
export const MemberListSchema = z.lazy(() => lenientList(MemberSchema));

/** GET /api/0/organizations/{org}/teams/. */
export const TeamSchema = z.lazy(() => z.looseObject({ id: z.string(), slug: z.string(), name: z.nullish(z.string()), isMember: z.optional(z.boolean()) }));
export const TeamListSchema = z.lazy(() => lenientList(TeamSchema));

/** One tag's values on an issue (GET …/issues/{id}/tags/{key}/). */
export const TagValueSchema = z.lazy(() =>
  z.looseObject({
    key: z.string(),
    name: z.nullish(z.string()),
    value: z.nullable(z.string()),
    /** Nullable in the OpenAPI: a value the server cannot count counts as none. */
    count: z.pipe(
      z.nullable(z.int()),
      z.transform((c) => c ?? 0),
    ),
    firstSeen: z.nullish(isoTimestamp),
    lastSeen: z.nullish(isoTimestamp),
  }),
);
/**
 * The OpenAPI lets uniqueValues, totalValues and topValues be null or left out: then what the
 * values sent show (how many, their counts' sum) stands in for the totals.
 */
export const TagDetailsSchema = z.lazy(() =>
  z.pipe(
    z.looseObject({
      key: z.string(),
      name: z.nullish(z.string()),
      uniqueValues: z.nullish(z.int()),
      totalValues: z.nullish(z.int()),
      topValues: z.pipe(
        z.nullish(lenientList(TagValueSchema, 'topValues')),
        z.transform((v) => v ?? []),
      ),
    }),
    z.transform((t) => ({
      ...t,
      uniqueValues: t.uniqueValues ?? t.topValues.length,
      totalValues: t.totalValues ?? t.topValues.reduce((n, v) => n + v.count, 0),
    })),
  ),
);

/** GET /api/0/organizations/ (the shape real servers send; see test/fixtures/organizations-list.json). */
export const OrganizationSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    links: z.optional(z.looseObject({ organizationUrl: z.nullish(z.string()), regionUrl: z.nullish(z.string()) })),
  }),
);
export const OrganizationListSchema = z.lazy(() => lenientList(OrganizationSchema));

/** GET /api/0/organizations/{org}/projects/. */
export const ProjectSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    slug: z.string(),
    name: z.nullish(z.string()),
    platform: z.nullish(z.string()),
  }),
);
/** One environment of an organization (OpenAPI listOrganizationEnvironments). */
export const EnvironmentSchema = z.lazy(() => z.looseObject({ id: z.string(), name: z.string() }));
export const EnvironmentListSchema = z.lazy(() => lenientList(EnvironmentSchema));

export const ProjectListSchema = z.lazy(() => lenientList(ProjectSchema));

/**
 * A code mapping of a project (RepositoryProjectPathConfigSerializer in Sentry's
 * src/sentry/integrations/api/serializers/models/repository_project_path_config.py): frames whose
 * path starts with `stackRoot` are at `sourceRoot` + the rest in repository `repoName`. Ids are
 * strings; `integrationId` is null for a mapping without an integration, which Sentry never applies.
 */
export const CodeMappingSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    projectId: z.nullish(z.string()),
    repoName: z.nullish(z.string()),
    integrationId: z.nullish(z.string()),
    stackRoot: z.string().check(z.maxLength(1000)),
    sourceRoot: z.string().check(z.maxLength(1000)),
    automaticallyGenerated: z.nullish(z.boolean()),
  }),
);
export const CodeMappingListSchema = z.lazy(() => lenientList(CodeMappingSchema));

/** The token endpoint's answer; token_type may be `Bearer`, user.name may be null, extra fields may appear. */
export const TokenResponseSchema = z.lazy(() =>
  z.looseObject({
    access_token: z.string().check(z.minLength(1)),
    refresh_token: z.optional(z.string().check(z.minLength(1))),
    expires_in: z.optional(z.int()),
    expires_at: z.nullish(z.string()),
    token_type: z.string().check(z.refine((t) => t.toLowerCase() === 'bearer', 'token_type is not bearer')),
    scope: z._default(z.string(), ''),
    user: z.optional(z.looseObject({ id: z.string(), name: z.nullish(z.string()), email: z.nullish(z.string()) })),
  }),
);

/** The device authorization answer; missing interval / expires_in take the RFC 8628 defaults (5 s, 600 s). */
export const DeviceAuthorizationSchema = z.lazy(() =>
  z.looseObject({
    device_code: z.string().check(z.minLength(1)),
    user_code: z.string().check(z.minLength(1)),
    verification_uri: z.string().check(z.minLength(1)),
    verification_uri_complete: z.optional(z.string()),
    expires_in: z._default(z.int().check(z.positive()), 600),
    interval: z._default(z.int().check(z.positive()), 5),
  }),
);

export const OAuthErrorBodySchema = z.lazy(() =>
  z.looseObject({
    error: z.string(),
    error_description: z.nullish(z.string()),
  }),
);

export type SentryEvent = z.infer<typeof EventSchema>;
export type EventDetails = z.infer<typeof EventDetailsSchema>;
export type Frame = z.infer<typeof FrameSchema>;
export type ExceptionValue = z.infer<typeof ExceptionValueSchema>;
export type Issue = z.infer<typeof IssueSchema>;
export type IssueUpdate = z.infer<typeof IssueUpdateSchema>;
export type Member = z.infer<typeof MemberSchema>;
export type Team = z.infer<typeof TeamSchema>;
export type TagDetails = z.infer<typeof TagDetailsSchema>;
export type TagValue = z.infer<typeof TagValueSchema>;
export type Organization = z.infer<typeof OrganizationSchema>;
export type Project = z.infer<typeof ProjectSchema>;
export type Environment = z.infer<typeof EnvironmentSchema>;
export type CodeMapping = z.infer<typeof CodeMappingSchema>;
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
export type DeviceAuthorization = z.infer<typeof DeviceAuthorizationSchema>;

/** The exception values of a full event (full=true), or [] when it has none. */
export function exceptionsOf(event: SentryEvent): ExceptionValue[] {
  for (const entry of event.entries ?? []) {
    if (entry.type !== 'exception') continue;
    const parsed = ExceptionEntrySchema.safeParse(entry);
    if (parsed.success) return parsed.data.data.values ?? [];
  }
  return [];
}

/** Frames as the server sends them (oldest first, crash frame last) -> newest first. */
export function framesNewestFirst<T>(frames: readonly T[] | null | undefined): T[] {
  return frames ? [...frames].reverse() : [];
}

/** Formats a zod issue path like `[3].stats.24h[0][1]` or `[0]["event.type"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const name = String(key);
      out += /^[A-Za-z0-9_$-]+$/.test(name) ? (out ? `.${name}` : name) : `[${JSON.stringify(name)}]`;
    }
  }
  return out;
}

/**
 * One zod issue in words. zod/mini carries no message texts ("Invalid input" for everything), so
 * the words come from the issue's code; a refinement's own message is kept.
 */
export function describeIssue(issue: { code: string; message: string; expected?: unknown; values?: readonly unknown[]; minimum?: unknown; maximum?: unknown; origin?: string }): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}`;
    case 'invalid_value':
      return `expected ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}${unitOf(issue.origin)}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}${unitOf(issue.origin)}`;
    case 'invalid_union':
      return 'matches none of the accepted shapes';
    default:
      return issue.message;
  }
}

const unitOf = (origin: string | undefined): string => (origin === 'string' ? ' character(s)' : origin === 'array' ? ' item(s)' : '');
