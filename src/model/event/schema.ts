/**
 * An event as Sentry's API sends it: one of an issue's events list (full=true adds `entries`), and
 * what identifies one event's details (the rest of those is read tolerantly by ./parse.ts). Loose
 * objects: unknown fields are kept. Entries are read by the readers of the event's parts (./parse.ts,
 * and ./frame.ts for every exception frame). No `vscode` import.
 */
import * as z from '../z';
import { lenientList } from '../lenientList';

const isoTimestamp = z.lazySchema(() => z.string());

export const TagSchema = z.lazySchema(() => z.looseObject({ key: z.string(), value: z.string() }));

export const EntrySchema = z.lazySchema(() => z.looseObject({ type: z.string(), data: z.unknown() }));

/** One event of an issue's events list; `entries` appears with full=true (and in the single-event fixture). */
export const EventSchema = z.lazySchema(() =>
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
export const EventListSchema = z.lazySchema(() => lenientList(EventSchema));

/**
 * One event's details (GET …/issues/{id}/events/{event_id}/): only what identifies it is required;
 * the rest (entries, contexts, request…) is read tolerantly by src/sentryEvent/parse.ts, so one odd
 * field never costs the user the whole event.
 */
export const EventDetailsSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.string(),
    eventID: z.string(),
    nextEventID: z.nullish(z.string()),
    previousEventID: z.nullish(z.string()),
    formatted: z.optional(z.looseObject({ format: z.string(), content: z.string() })),
  }),
);

export type SentryEvent = z.InferOutput<typeof EventSchema>;
export type EventDetails = z.InferOutput<typeof EventDetailsSchema>;
