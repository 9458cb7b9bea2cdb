/**
 * An issue as Sentry's API sends it (the issue lists, one issue's GET, a triage PUT's answer) and
 * its tags' values: zod schemas of every field the extension reads, fields real servers add
 * included. Objects are loose: unknown fields are kept, never rejected, so newer servers keep
 * working. What Sentry's OpenAPI document says may be null or left out is accepted as such (a test
 * holds each schema to the document), and lists are read item by item (../lenientList.ts): one item
 * that does not match costs that item, not the page. No `vscode` import.
 */
import * as z from '../z';
import { lenientList } from '../lenientList';

const isoTimestamp = z.lazy(() => z.string());
/** Real servers send `count` as a string; a few proxies turn it into a number. Normalise to string. */
const countString = z.lazy(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

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

/** A triage PUT's answer: the changed fields, or null. */
export const IssueUpdateAnswerSchema = z.lazy(() => z.nullable(IssueUpdateSchema));

export type Issue = z.infer<typeof IssueSchema>;
export type IssueUpdate = z.infer<typeof IssueUpdateSchema>;
export type TagDetails = z.infer<typeof TagDetailsSchema>;
export type TagValue = z.infer<typeof TagValueSchema>;
