/**
 * The shared search's reads of the open files' issues by id (`GET …/issues/?id=…`), in batches that
 * fit the server's request line: a 414 halves them on that server from then on, a refusal turns the
 * shared search off on that server and scope (each said once). Run by ./markFinder.ts.
 * No `vscode` import.
 */
import type { SentryClient } from '../../api/client';
import { idReadBatches, MAX_ID_READ_BYTES, projectParamBytes } from '../../api/requestRules';
import { errorKind } from '../../contracts/errors';
import type { FinderLog } from './markPlacer';
import type { IssueFields, MarkScope } from './markFinderTypes';
import type { SharedAnswer } from './sharedSearch';

/** The least a read by id carries after a server refused longer URLs (414): about 50 ids. */
const MIN_ID_READ_BYTES = 1000;

/** What the reads by id use and keep of their finder. */
export interface IdReadContext {
  readonly store: IssueFields;
  readonly log: FinderLog;
  /** Counts one search request. */
  counted(): void;
  /** The bytes of ids one read sends, per server (halved after a 414). */
  readonly idReadBytes: Map<string, number>;
  /** Servers and scopes where the shared search is off. */
  readonly sharedOff: Set<string>;
  readonly longUrlSaid: Set<string>;
  readonly idReadsSaid: Set<string>;
}

function sayOnce(ctx: IdReadContext, said: Set<string>, key: string, message: string): void {
  if (said.has(key)) return;
  said.add(key);
  ctx.log.warn(message);
}

/**
 * Reads by id, as many as fit a request line (MAX_ID_READ_BYTES), the issues of a shared answer the store does not hold yet, and those
 * whose last event is newer than the store's copy (their counts and lastSeen for the hovers). The read names the projects the
 * search named (or `-1`, every accessible project, when they would take too much of the line): without `project` Sentry looks
 * only in the projects of the user's teams, and the issues of a project the user sees in an open-membership organization
 * without being on its team would get no mark. False when the server refused them (then the files are searched one by one).
 */
export async function readIssuesById(ctx: IdReadContext, client: SentryClient, scope: MarkScope, answer: SharedAnswer, offKey: string): Promise<boolean> {
  const { org } = scope;
  const projects = projectParamBytes(scope.projects) > MAX_ID_READ_BYTES / 4 ? ['-1'] : scope.projects;
  const wanted = [...answer.rows.keys()].filter((id) => {
    const issue = ctx.store.issue(id);
    const seen = answer.seen.get(id);
    return !issue || (seen !== undefined && issue.lastSeen !== null && Date.parse(issue.lastSeen) < seen - 1000);
  });
  let left = wanted;
  while (left.length) {
    const bytes = ctx.idReadBytes.get(client.baseUrl) ?? MAX_ID_READ_BYTES;
    const [batch] = idReadBatches(left, bytes - projectParamBytes(projects));
    const since = ctx.store.checkpoint();
    try {
      ctx.counted();
      ctx.store.upsert(org, await client.listIssuesById(org, batch, projects), since);
      left = left.slice(batch.length);
    } catch (err) {
      // A proxy with a shorter request line than nginx's default: halve the reads on this server from now on, said once.
      if ((err as { status?: unknown }).status === 414 && bytes / 2 >= MIN_ID_READ_BYTES) {
        ctx.idReadBytes.set(client.baseUrl, bytes / 2);
        sayOnce(ctx, ctx.longUrlSaid, client.baseUrl, `[editor] ${client.baseUrl} refused a read of ${batch.length} issues by id as too long a URL (414); it reads fewer at a time from now on`);
        continue;
      }
      // Refused (a 400, or a 414 even for the shortest read): the shared search is off on this server and scope, said once.
      if (errorKind(err) === 'badRequest') {
        ctx.sharedOff.add(offKey);
        sayOnce(
          ctx,
          ctx.idReadsSaid,
          offKey,
          `[editor] ${client.baseUrl} refused reading the open files' issues by id (${(err as Error).message}); they are searched one by one on this server and scope from now on`,
        );
        return false;
      }
      // Those not held are not marked this run; the next run asks for them again.
      ctx.log.warn(`[editor] could not read ${left.length} issues of the open files: ${(err as Error).message}`);
      return true;
    }
  }
  return true;
}
