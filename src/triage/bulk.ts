/**
 * Splitting a change of many issues into the bulk PUTs Sentry takes. No `vscode` import.
 *
 * A bulk PUT without `id` changes every issue matching the query (all unresolved ones by default),
 * so no function here ever returns a request without ids: an empty list throws, whoever asked.
 */
import type { Issue } from '../api/schemas';
import { needsSingleProject, type TriageBody } from './requestBody';

/** Sentry's `limit` of a bulk mutation ("The maximum is 100"). */
export const MAX_BULK_IDS = 100;

export interface BulkRequest<B = TriageBody> {
  /** 1 to `maxIds` distinct issue ids. */
  readonly ids: readonly string[];
  readonly body: B;
}

export interface ProjectBulkRequest<B = TriageBody> extends BulkRequest<B> {
  /** The project slug, for `PUT /projects/{org}/{project}/issues/?id=…`. */
  readonly project: string;
}

/** Issue ids are decimal numbers; anything else would be a query parameter Sentry reads otherwise. */
const ISSUE_ID = /^\d{1,20}$/;

/** Chunks of at most `maxIds` distinct ids (first occurrence order), each with the same body. */
export function bulkRequests<B>(ids: readonly string[], body: B, options: { maxIds?: number } = {}): BulkRequest<B>[] {
  const maxIds = checkedMax(options.maxIds);
  return chunk(checkedIds(ids), maxIds).map((part) => ({ ids: part, body }));
}

/**
 * Per project, then per `maxIds`: for the deprecated project endpoint (one project per request),
 * and for any body with release or commit data, which the organization endpoint refuses over
 * several projects. Projects keep the order they first appear in.
 */
export function bulkRequestsPerProject<B>(issues: readonly Pick<Issue, 'id' | 'project'>[], body: B, options: { maxIds?: number } = {}): ProjectBulkRequest<B>[] {
  const maxIds = checkedMax(options.maxIds);
  checkedIds(issues.map((i) => i.id));
  const byProject = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const issue of issues) {
    if (seen.has(issue.id)) continue;
    seen.add(issue.id);
    const slug = issue.project.slug;
    const list = byProject.get(slug);
    if (list) list.push(issue.id);
    else byProject.set(slug, [issue.id]);
  }
  return [...byProject].flatMap(([project, ids]) => chunk(ids, maxIds).map((part) => ({ project, ids: part, body })));
}

/** The organization endpoint when the body allows it, else one project per request. */
export function triageRequests(issues: readonly Pick<Issue, 'id' | 'project'>[], body: TriageBody, options: { maxIds?: number } = {}): (BulkRequest | ProjectBulkRequest)[] {
  return needsSingleProject(body)
    ? bulkRequestsPerProject(issues, body, options)
    : bulkRequests(
        issues.map((i) => i.id),
        body,
        options,
      );
}

function checkedIds(ids: readonly string[]): string[] {
  if (ids.length === 0) throw new RangeError('A bulk change names at least one issue: without ids Sentry would change every issue matching the query.');
  for (const id of ids) if (typeof id !== 'string' || !ISSUE_ID.test(id)) throw new RangeError(`Not an issue id: ${JSON.stringify(String(id).slice(0, 40))}.`);
  return [...new Set(ids)];
}

function checkedMax(maxIds: number = MAX_BULK_IDS): number {
  if (!Number.isInteger(maxIds) || maxIds < 1 || maxIds > MAX_BULK_IDS) throw new RangeError(`A bulk change names 1 to ${MAX_BULK_IDS} issues per request, not ${maxIds}.`);
  return maxIds;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
