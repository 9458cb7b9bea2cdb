/**
 * The envelopes of the replay endpoints (`replay-count/` with returnIds, the replays index): any
 * JSON, read by the one reader of replays (./replay.ts), which keeps what it can read of each answer
 * and drops the rest. No `vscode` import.
 */
import * as z from '../z';

/** `{issueId: [replayId, …]}` or `{data: [replay, …]}`; ./replay.ts reads them. */
export const ReplayBodySchema = z.lazySchema(() => z.unknown());
