/**
 * The envelope of a page of logs from the events table (`dataset=logs` or `ourlogs`): any JSON, read
 * by the one reader of logs (./log.ts), which keeps the rows it can read and drops the rest, as the
 * events table's rows differ by dataset and server version. No `vscode` import.
 */
import * as z from '../z';

/** `{data: [...], meta: {...}}` of the events table; ./log.ts reads it. */
export const LogsBodySchema = z.lazySchema(() => z.unknown());
