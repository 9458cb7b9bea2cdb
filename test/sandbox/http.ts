// Response values, errors and Link-header paging shared by the sandbox handlers.

export interface Res {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The JSON value behind `body`, when it is JSON (used by the `malformed` fault). */
  json?: unknown;
}

export function json(status: number, data: unknown, headers: Record<string, string> = {}): Res {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(data),
    json: data,
  };
}

export function html(status: number, body: string, headers: Record<string, string> = {}): Res {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, body };
}

export function redirect(location: string): Res {
  return { status: 302, headers: { location, 'content-type': 'text/html; charset=utf-8' }, body: `<a href="${escapeHtml(location)}">Redirecting</a>` };
}

/** Thrown by handlers to answer early with a JSON error. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : `HTTP ${status}`);
  }
}

export const DETAIL = {
  notProvided: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token',
  expired: 'Token expired',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource does not exist',
  badCursor: 'Invalid cursor parameter.',
} as const;

export function fail(status: number, detail: string): never {
  throw new HttpError(status, { detail });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface Cursor {
  value: number;
  offset: number;
  isPrev: boolean;
}

/** Parse a `value:offset:is_prev` cursor like Sentry's Cursor.from_string; 400 when malformed. */
export function parseCursor(raw: string | null): Cursor {
  if (raw === null) return { value: 0, offset: 0, isPrev: false };
  const bits = raw.split(':');
  if (bits.length !== 3 || !/^-?\d+(\.\d+)?$/.test(bits[0]) || !/^\d+$/.test(bits[1]) || !/^[01]$/.test(bits[2])) {
    fail(400, DETAIL.badCursor);
  }
  return { value: Number(bits[0]), offset: Number(bits[1]), isPrev: bits[2] === '1' };
}

/** Read an integer page-size parameter; 400 with Sentry's wording when outside [min, max]. */
export function pageSize(params: URLSearchParams, name: string, def: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return def;
  const n = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) fail(400, `Invalid ${name} value. Must be between 1 and ${max}.`);
  return n;
}

export interface PageContext {
  /** Origin used in Link URLs (the sandbox url, or the linkHost origin). */
  linkOrigin: string;
  path: string;
  query: Array<[string, string]>;
}

/**
 * Slice `items` for the cursor and build Sentry's Link header: always `previous` then `next`,
 * absolute URLs of the form `<origin><path>?<other params>&cursor=<c>`.
 */
export function paginate<T>(ctx: PageContext, items: readonly T[], cursor: Cursor, limit: number, cursorValue: (item: T) => number = () => 0): { page: T[]; link: string } {
  const start = cursor.offset;
  const page = items.slice(start, start + limit);
  const prevOffset = Math.max(0, start - limit);
  const nextOffset = start + limit;
  const prevValue = start > 0 && items[start - 1] !== undefined ? cursorValue(items[start - 1]) : 0;
  const nextValue = page.length > 0 ? cursorValue(page[page.length - 1]) : 0;
  const prev = `${prevValue}:${prevOffset}:1`;
  const next = `${nextValue}:${nextOffset}:0`;
  const qs = ctx.query
    .filter(([k]) => k !== 'cursor')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const base = `${ctx.linkOrigin}${ctx.path}?${qs}`;
  const link =
    `<${base}&cursor=${prev}>; rel="previous"; results="${start > 0}"; cursor="${prev}", ` + `<${base}&cursor=${next}>; rel="next"; results="${nextOffset < items.length}"; cursor="${next}"`;
  return { page, link };
}
