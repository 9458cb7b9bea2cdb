/**
 * What a request to Sentry is and what it answers: the options of the HTTP client, a request's spec
 * and its response, how a base URL is written, which organization a path names, and the reading of a
 * body within its bound. The client itself is ./http.ts, which exports these too.
 * No `vscode` import.
 */
import type { Schema } from '../model/z';
import type { Credential } from './credentials';
import { ResponseTooLargeError } from './errors';
import type { LinkEntry } from './links';
import type { RateLimitInfo } from './rateLimit';
import type { DroppedItems } from '../model/lenientList';
import type { ScopesByVersion } from './scopes';
import type { RegionRefusal } from './regions';
import type { RegionFailure } from './regionListing';
import { concatBytes } from '../util/random';

export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type Query = Record<string, QueryValue>;

export interface HttpClientOptions {
  /** e.g. `https://sentry.io` or `http://127.0.0.1:8000`; credentials go to this origin only. */
  baseUrl: string;
  /** Asked before every authenticated request (so a refreshed token is picked up at once). */
  credential?: () => Promise<Credential | undefined>;
  /**
   * Called once on a 401 for an invalid or expired token: returns a fresh credential to retry with,
   * or undefined to give up. Not called when the 401 names a step to complete (SSO, 2FA, sudo).
   */
  onUnauthorized?: (used: Credential) => Promise<Credential | undefined>;
  /** The scopes the current credential has, when known: a 403 then names scopes only when they are what is missing. */
  grantedScopes?: () => readonly string[] | undefined;
  timeoutMs?: number;
  /** Retries of a GET after a 5xx or a network failure (never after a 4xx). */
  retries?: number;
  retryBaseDelayMs?: number;
  /** The longest wait for a rate-limit reset before a 429 is reported instead. */
  maxRateLimitWaitMs?: number;
  /** The largest response body read (default 16 MiB); a larger one is refused with ResponseTooLargeError. */
  maxResponseBytes?: number;
  now?: () => number;
  /** Waits for a rate-limit reset; always given a timer-safe delay. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  userAgent?: string;
  /** Told of every finished request, for logs and metrics; never given credentials or query values. */
  onResponse?: (info: ResponseInfo) => void;
  /**
   * Before the first request of an organization no list has shown (a selection restored at
   * start-up), ask the server for its regions and, on a multi-region server, where the
   * organization lives (./regions.ts). Off by default: a client built for one request needs none.
   */
  discoverRegions?: boolean;
  /** Told of regions (or organizations' region URLs) the server named that got no credential (./regions.ts), to log and say. */
  onRegionsRefused?: (refused: readonly RegionRefusal[]) => void;
  /** Told of regions whose organizations could not be listed while other regions' were (./regionListing.ts), to log and say. */
  onRegionsFailed?: (failed: readonly RegionFailure[]) => void;
  /** Told when list items that do not match their schema were left out of an answer (the rest is kept). */
  onDroppedItems?: (info: { method: string; path: string; dropped: DroppedItems }) => void;
}

export interface ResponseInfo {
  method: string;
  path: string;
  status: number | undefined;
  durationMs: number;
  rateLimit?: RateLimitInfo;
}

export interface RequestSpec<T> {
  method?: 'GET' | 'POST' | 'PUT';
  /** Path below the base URL, starting with `/`, segments already encoded. */
  path: string;
  /**
   * The organization the request belongs to (its slug as in the path): it goes to that
   * organization's region (./regions.ts) once the client knows it, else to the base URL.
   */
  org?: string;
  /** A region's base URL the server listed (routeRegion accepted it): for the requests that list a region's organizations. */
  region?: string;
  query?: Query;
  /** Form-encoded body (token endpoints). */
  form?: Record<string, string | undefined>;
  json?: unknown;
  schema: Schema<T>;
  /** false for the OAuth endpoints, which take their credentials in the body. */
  authenticated?: boolean;
  /**
   * Scopes of which the operation needs one, named in the 403 message; or, for an endpoint whose
   * permission changed between server versions, each version's (the 403 names the one this server
   * checks, as far as the token's scopes tell: ForbiddenError).
   */
  neededScopes?: readonly string[] | { readonly byVersion: ScopesByVersion };
  /** What a 404 means, e.g. "Issue 42 in organization acme". */
  what?: string;
  /**
   * Applied to the parsed body before validation, e.g. to keep only the page size asked for, so a
   * server answering 100,000 items to per_page=1 costs the validation of one.
   */
  cut?: (json: unknown) => unknown;
  /**
   * The rate-limit budget the request draws on (requests sharing one are held back together after
   * a 429); default: its method and path with names and ids left out.
   */
  budget?: string;
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  links: LinkEntry[];
  rateLimit?: RateLimitInfo;
  /** List items left out because they did not match their schema (./lenientList.ts). */
  dropped?: DroppedItems;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Error bodies are only read this far (4 KiB of text is at most 16 KiB of UTF-8). */
const MAX_ERROR_BODY_BYTES = 16 * 1024;

/** A server's base URL as the client and the secret keys use it: origin plus path, no trailing slash. */
export function normalizeBaseUrl(baseUrl: string | URL): string {
  const url = typeof baseUrl === 'string' ? new URL(baseUrl.trim()) : baseUrl;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * A success body up to maxResponseBytes (larger: ResponseTooLargeError, without reading the rest);
 * any other body only its first MAX_ERROR_BODY_BYTES, since only a short detail is taken from it.
 */
export async function readBody(res: Response, label: string, maxResponseBytes: number): Promise<string> {
  const ok = res.status >= 200 && res.status < 300;
  const cap = maxResponseBytes;
  const max = !ok ? MAX_ERROR_BODY_BYTES : Number.isFinite(cap) && cap >= 0 ? cap : DEFAULT_MAX_RESPONSE_BYTES;
  const body = res.body;
  if (!body) return '';
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (ok && declared > max) {
    await body.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(max, label, res.status);
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      await reader.cancel().catch(() => undefined);
      if (ok) throw new ResponseTooLargeError(max, label, res.status);
      chunks.push(value.subarray(0, max - size));
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  // Like Response.text(): UTF-8, a leading BOM dropped, bad bytes (or a character cut at the cap) replaced.
  return new TextDecoder().decode(concatBytes(chunks));
}

/**
 * The organization an organization- or project-scoped path names (`/api/0/organizations/{org}/…`,
 * `/api/0/projects/{org}/{project}/…`): a request that does not say its organization still goes to
 * that organization's region.
 */
export function orgOfPath(path: string): string | undefined {
  const m = /^\/api\/0\/(?:organizations|projects)\/([^/?#]+)\//.exec(path);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}
