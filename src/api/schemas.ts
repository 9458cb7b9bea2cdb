/**
 * zod schemas for every resource of the spec (section 2) plus what real servers add (api-facts.md).
 * Objects are loose: unknown fields are kept, never rejected, so newer servers keep working.
 */
import { z } from '../util/z';

const isoTimestamp = z.string();
/** Real servers send `count` as a string; a few proxies turn it into a number. Normalise to string. */
const countString = z.union([z.string(), z.number()]).transform(String);

export const TagSchema = z.looseObject({ key: z.string(), value: z.string() });

export const FrameSchema = z.looseObject({
  filename: z.string().nullish(),
  absPath: z.string().nullish(),
  module: z.string().nullish(),
  function: z.string().nullish(),
  lineNo: z.number().int().nullish(),
  colNo: z.number().int().nullish(),
  inApp: z.boolean().nullish(),
  context: z.array(z.tuple([z.number().int(), z.string().nullable()])).nullish(),
  vars: z.record(z.string(), z.unknown()).nullish(),
});

export const ExceptionValueSchema = z.looseObject({
  type: z.string().nullish(),
  value: z.string().nullish(),
  module: z.string().nullish(),
  stacktrace: z.looseObject({ frames: z.array(FrameSchema).nullish() }).nullish(),
});

export const ExceptionEntrySchema = z.looseObject({
  type: z.literal('exception'),
  data: z.looseObject({ values: z.array(ExceptionValueSchema).nullish() }),
});

export const EntrySchema = z.looseObject({ type: z.string(), data: z.unknown() });

/** Spec 2.1; `entries` appears with full=true (and in the single-event fixture). */
export const EventSchema = z.looseObject({
  id: z.string(),
  eventID: z.string(),
  groupID: z.string().nullish(),
  projectID: z.string().nullish(),
  tags: z.array(TagSchema),
  dateCreated: isoTimestamp,
  user: z.record(z.string(), z.unknown()).nullable().optional(),
  message: z.string().nullish(),
  title: z.string(),
  platform: z.string().nullish(),
  'event.type': z.string().optional(),
  crashFile: z.unknown().optional(),
  /** `file:line`, a bare file name, or null for events without a stack (api-facts). */
  location: z.string().nullish(),
  culprit: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  entries: z.array(EntrySchema).optional(),
});
export const EventListSchema = z.array(EventSchema);

const StatsPairSchema = z.tuple([z.number().int(), z.number().int()]);

/** Spec 2.2. */
export const IssueSchema = z.looseObject({
  id: z.string(),
  shortId: z.string(),
  title: z.string(),
  culprit: z.string().nullish(),
  type: z.string().optional(),
  level: z.string(),
  logger: z.string().nullish(),
  status: z.string(),
  statusDetails: z.record(z.string(), z.unknown()).optional().default({}),
  count: countString,
  userCount: z.number().int(),
  numComments: z.number().int().optional().default(0),
  firstSeen: isoTimestamp,
  lastSeen: isoTimestamp,
  hasSeen: z.boolean().optional(),
  isBookmarked: z.boolean().optional(),
  isPublic: z.boolean().optional(),
  isSubscribed: z.boolean().optional(),
  subscriptionDetails: z.record(z.string(), z.unknown()).nullish(),
  shareId: z.string().nullish(),
  assignedTo: z.record(z.string(), z.unknown()).nullish(),
  annotations: z.array(z.unknown()).optional().default([]),
  permalink: z.string(),
  metadata: z.looseObject({ title: z.string().nullish() }).optional().default({}),
  project: z.looseObject({ id: z.string(), name: z.string(), slug: z.string() }),
  /** Keyed by stats period; empty when statsPeriod is the empty string. */
  stats: z.record(z.string(), z.array(StatsPairSchema)).optional().default({}),
});
export const IssueListSchema = z.array(IssueSchema);

/** Spec 2.3. */
export const TagValueSchema = z.looseObject({
  key: z.string(),
  name: z.string().nullish(),
  value: z.string().nullable(),
  count: z.number().int(),
  firstSeen: isoTimestamp.nullish(),
  lastSeen: isoTimestamp.nullish(),
});
export const TagDetailsSchema = z.looseObject({
  key: z.string(),
  name: z.string().nullish(),
  uniqueValues: z.number().int(),
  totalValues: z.number().int(),
  topValues: z.array(TagValueSchema),
});

/** GET /api/0/organizations/ (shape not in the spec; api-facts and the fixture). */
export const OrganizationSchema = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  links: z.looseObject({ organizationUrl: z.string().nullish(), regionUrl: z.string().nullish() }).optional(),
});
export const OrganizationListSchema = z.array(OrganizationSchema);

/** GET /api/0/organizations/{org}/projects/ (outside the spec). */
export const ProjectSchema = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string().nullish(),
  platform: z.string().nullish(),
});
export const ProjectListSchema = z.array(ProjectSchema);

/** Spec 2.4; token_type may be `Bearer`, user.name may be null, extra fields may appear. */
export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().int().optional(),
  expires_at: z.string().nullish(),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type is not bearer'),
  scope: z.string().optional().default(''),
  user: z.looseObject({ id: z.string(), name: z.string().nullish(), email: z.string().nullish() }).optional(),
});

/** Spec 2.5; missing interval / expires_in take the RFC 8628 defaults (5 s, 600 s). */
export const DeviceAuthorizationSchema = z.looseObject({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.string().min(1),
  verification_uri_complete: z.string().optional(),
  expires_in: z.number().int().positive().optional().default(600),
  interval: z.number().int().positive().optional().default(5),
});

export const OAuthErrorBodySchema = z.looseObject({
  error: z.string(),
  error_description: z.string().nullish(),
});

export type SentryEvent = z.infer<typeof EventSchema>;
export type Frame = z.infer<typeof FrameSchema>;
export type ExceptionValue = z.infer<typeof ExceptionValueSchema>;
export type Issue = z.infer<typeof IssueSchema>;
export type TagDetails = z.infer<typeof TagDetailsSchema>;
export type TagValue = z.infer<typeof TagValueSchema>;
export type Organization = z.infer<typeof OrganizationSchema>;
export type Project = z.infer<typeof ProjectSchema>;
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
