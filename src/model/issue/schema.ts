/**
 * An issue as Sentry's API sends it (the issue lists, one issue's GET, a triage PUT's answer) and
 * its tags' values: valibot schemas of every field the extension reads, fields real servers add
 * included. Objects are loose: unknown fields are kept, never rejected, so newer servers keep
 * working. What Sentry's OpenAPI document says may be null or left out is accepted as such (a test
 * holds each schema to the document), and lists are read item by item (../lenientList.ts): one item
 * that does not match costs that item, not the page. No `vscode` import.
 */
import * as z from '../z';
import { lenientList } from '../lenientList';

const isoTimestamp = z.lazySchema(() => z.string());
/** Real servers send `count` as a string; a few proxies turn it into a number. Normalise to string. */
const countString = z.lazySchema(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

const StatsPairSchema = z.lazySchema(() => z.tuple([z.pipe(z.number(), z.safeInteger()), z.pipe(z.number(), z.safeInteger())]));
/**
 * A period's `[seconds, count]` pairs as their counts, oldest first (Sentry sends them so): all the
 * sparkline and its words read. Two numbers in an array of their own are some 60 bytes a pair, as
 * an hour's timestamp is past a small integer; a store of a thousand issues kept 1.5 MB of them.
 */
const StatsCountsSchema = z.lazySchema(() =>
  z.pipe(
    z.array(StatsPairSchema),
    z.transform((pairs): number[] => pairs.map((p) => p[1])),
  ),
);

/** One issue of an issue list. */
export const IssueSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.string(),
    shortId: z.string(),
    title: z.string(),
    culprit: z.nullish(z.string()),
    type: z.optional(z.string()),
    level: z.string(),
    logger: z.nullish(z.string()),
    status: z.string(),
    statusDetails: z.optional(z.record(z.string(), z.unknown()), {}),
    count: countString,
    userCount: z.pipe(z.number(), z.safeInteger()),
    numComments: z.optional(z.pipe(z.number(), z.safeInteger()), 0),
    /** null when the server has no seen stats of the issue (nullable in the OpenAPI); left out by one issue's GET: null. */
    firstSeen: z.optional(z.nullable(isoTimestamp), null),
    lastSeen: z.optional(z.nullable(isoTimestamp), null),
    hasSeen: z.optional(z.boolean()),
    isBookmarked: z.optional(z.boolean()),
    isPublic: z.optional(z.boolean()),
    isSubscribed: z.optional(z.boolean()),
    subscriptionDetails: z.nullish(z.record(z.string(), z.unknown())),
    shareId: z.nullish(z.string()),
    assignedTo: z.nullish(z.record(z.string(), z.unknown())),
    annotations: z.optional(z.array(z.unknown()), []),
    permalink: z.string(),
    metadata: z.optional(z.looseObject({ title: z.nullish(z.string()) }), {}),
    project: z.looseObject({ id: z.string(), name: z.string(), slug: z.string() }),
    /** Each period's counts, oldest first (StatsCountsSchema); empty when statsPeriod is the empty string. */
    stats: z.optional(z.record(z.string(), StatsCountsSchema), {}),
  }),
);
export const IssueListSchema = z.lazySchema(() => lenientList(IssueSchema));

/**
 * What a triage PUT answers (OpenAPI: the single PUT answers the issue without its counts and dates,
 * the bulk PUTs only the changed fields): every field optional, merged by the caller over what it knew.
 */
export const IssueUpdateSchema = z.lazySchema(() =>
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
export const TagValueSchema = z.lazySchema(() =>
  z.looseObject({
    key: z.string(),
    name: z.nullish(z.string()),
    value: z.nullable(z.string()),
    /** Nullable in the OpenAPI: a value the server cannot count counts as none. */
    count: z.pipe(
      z.nullable(z.pipe(z.number(), z.safeInteger())),
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
export const TagDetailsSchema = z.lazySchema(() =>
  z.pipe(
    z.looseObject({
      key: z.string(),
      name: z.nullish(z.string()),
      uniqueValues: z.nullish(z.pipe(z.number(), z.safeInteger())),
      totalValues: z.nullish(z.pipe(z.number(), z.safeInteger())),
      /** Null or left out: none (the default is parsed, so the key is always there). */
      topValues: z.nullish(lenientList(TagValueSchema, 'topValues'), []),
    }),
    z.transform((t) => ({
      ...t,
      uniqueValues: t.uniqueValues ?? t.topValues.length,
      totalValues: t.totalValues ?? t.topValues.reduce((n, v) => n + v.count, 0),
    })),
  ),
);

/** A triage PUT's answer: the changed fields, or null. */
export const IssueUpdateAnswerSchema = z.lazySchema(() => z.nullable(IssueUpdateSchema));

export type Issue = z.InferOutput<typeof IssueSchema>;
export type IssueUpdate = z.InferOutput<typeof IssueUpdateSchema>;
export type TagDetails = z.InferOutput<typeof TagDetailsSchema>;
export type TagValue = z.InferOutput<typeof TagValueSchema>;
