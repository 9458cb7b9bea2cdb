/** A page of a cursor-paged list, and iteration over all pages (https://docs.sentry.io/api/pagination/). */
import type { HttpResponse } from './http';
import { nextCursor, previousCursor } from './links';
import type { RateLimitInfo } from './rateLimit';
import type { DroppedItems } from '../model/lenientList';

export interface Page<T> {
  items: T[];
  /** Cursor of the next page; undefined when the server says there are no more results. */
  nextCursor?: string;
  previousCursor?: string;
  /** `X-Hits` / `X-Max-Hits`, when the server knows the total. */
  hits?: number;
  maxHits?: number;
  rateLimit?: RateLimitInfo;
  /** Items of this page left out because they did not match their schema: how many, and a few `path: problem`. */
  dropped?: DroppedItems;
}

export function toPage<T>(res: HttpResponse<T[]>): Page<T> {
  const link = res.headers.get('link');
  const hits = Number(res.headers.get('x-hits') ?? NaN);
  const maxHits = Number(res.headers.get('x-max-hits') ?? NaN);
  return {
    items: res.data,
    nextCursor: nextCursor(link),
    previousCursor: previousCursor(link),
    hits: Number.isFinite(hits) ? hits : undefined,
    maxHits: Number.isFinite(maxHits) ? maxHits : undefined,
    rateLimit: res.rateLimit,
    ...(res.dropped ? { dropped: res.dropped } : {}),
  };
}

/** Yields every page, following `next` while `results="true"`, starting at `cursor` when given. */
export async function* pages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, cursor?: string): AsyncGenerator<Page<T>> {
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    if (!page.nextCursor || seen.has(page.nextCursor)) return; // a repeated cursor would loop forever
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** Every item of every page, up to `max` items. */
export async function collect<T>(iter: AsyncIterable<Page<T>>, max = Infinity): Promise<T[]> {
  const out: T[] = [];
  for await (const page of iter) {
    out.push(...page.items);
    if (out.length >= max) return out.slice(0, max);
  }
  return out;
}
