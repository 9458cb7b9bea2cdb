/**
 * The envelopes of the trace endpoints (`trace/`, `events-trace/`, `trace-meta/`,
 * `events-trace-meta/`): any JSON, because each answer's shapes differ by server version (a list of
 * spans, `{transactions, orphan_errors}`, camelCase or snake_case counts) and the one reader of each
 * (./readTrace.ts, ./readTraceMeta.ts) takes them all and drops what it cannot read, where a
 * stricter schema would refuse a whole trace for one odd span. No `vscode` import.
 */
import * as z from '../z';

/** A trace in either shape; ./readTrace.ts reads it. */
export const TraceBodySchema = z.lazySchema(() => z.unknown());

/** A trace's counts in either case; ./readTraceMeta.ts reads them. */
export const TraceMetaBodySchema = z.lazySchema(() => z.unknown());
