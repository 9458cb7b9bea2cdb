/**
 * An event as Sentry's API sends it: one of an issue's events list (full=true adds `entries`), and
 * what identifies one event's details (the rest of those is read tolerantly by ./parse.ts). Loose
 * objects: unknown fields are kept. No `vscode` import.
 */
import * as z from '../z';
import { lenientList } from '../lenientList';

const isoTimestamp = z.lazy(() => z.string());

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

export type SentryEvent = z.infer<typeof EventSchema>;
export type EventDetails = z.infer<typeof EventDetailsSchema>;
export type Frame = z.infer<typeof FrameSchema>;
export type ExceptionValue = z.infer<typeof ExceptionValueSchema>;

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
