/**
 * The envelopes of Seer's issue endpoints: the autofix body (`{"autofix": null}` or a run in either
 * shape, read by ./readRun.ts), the 202 of a start or a continuation, and the issue summary. Loose
 * objects: unknown fields are kept. No `vscode` import.
 */
import * as z from '../z';

/** `{"autofix": null}` or a run in either shape; src/model/seer/readRun.ts reads it. */
export const AutofixBodySchema = z.lazySchema(() => z.looseObject({ autofix: z.nullable(z.unknown()) }));
export type AutofixBody = z.InferOutput<typeof AutofixBodySchema>;

/** 202 `{"run_id": N}` from both shapes. */
export const RunIdSchema = z.lazySchema(() => z.looseObject({ run_id: z.union([z.number(), z.string()]) }));

/** SummarizeIssueResponse (src/sentry/seer/models): snake_case on current servers, camelCase on older ones. */
export const SummaryBodySchema = z.lazySchema(() => z.looseObject({}));

/** The legacy continuation's answer: not read (the next poll reads the run). */
export const AnyBodySchema = z.lazySchema(() => z.unknown());
