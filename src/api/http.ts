/**
 * One HTTP request to the configured Sentry server: credentials, timeout, retries, rate limits,
 * redirects, error mapping and schema validation. No `vscode` import: runs and is tested in plain Node.
 */
import { FetchError, ofetch } from 'ofetch';
import type { ZodType } from 'zod';
import { authorizationHeader, type Credential } from './credentials';
import {
  ApiError,
  BadRequestError,
  BadResponseError,
  ForbiddenError,
  ForeignRedirectError,
  GoneError,
  HttpError,
  NetworkError,
  NotFoundError,
  OAuthError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './errors';
import { parseLinkHeader, type LinkEntry } from './links';
import { readRateLimit, type RateLimitInfo } from './rateLimit';
import { formatPath } from './schemas';

export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type Query = Record<string, QueryValue>;

export interface HttpClientOptions {
  /** e.g. `https://sentry.io` or `http://127.0.0.1:8000`; credentials go to this origin only. */
  baseUrl: string;
  /** Asked before every authenticated request (so a refreshed token is picked up at once). */
  credential?: () => Promise<Credential | undefined>;
  /** Called once on a 401: returns a fresh credential to retry with, or undefined to give up. */
  onUnauthorized?: (used: Credential) => Promise<Credential | undefined>;
  timeoutMs?: number;
  /** Retries of a GET after a 5xx or a network failure (never after a 4xx). */
  retries?: number;
  retryBaseDelayMs?: number;
  /** The longest wait for a rate-limit reset before a 429 is reported instead. */
  maxRateLimitWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  userAgent?: string;
  /** Told of every finished request, for logs and metrics; never given credentials or query values. */
  onResponse?: (info: ResponseInfo) => void;
}

export interface ResponseInfo {
  method: string;
  path: string;
  status: number | undefined;
  durationMs: number;
  rateLimit?: RateLimitInfo;
}

export interface RequestSpec<T> {
  method?: 'GET' | 'POST';
  /** Path below the base URL, starting with `/`, segments already encoded. */
  path: string;
  query?: Query;
  /** Form-encoded body (token endpoints). */
  form?: Record<string, string | undefined>;
  json?: unknown;
  schema: ZodType<T>;
  /** false for the OAuth endpoints, which take their credentials in the body. */
  authenticated?: boolean;
  /** Scopes of which the operation needs one; named in the 403 message. */
  neededScopes?: readonly string[];
  /** What a 404 means, e.g. "Issue 42 in organization acme". */
  what?: string;
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  links: LinkEntry[];
  rateLimit?: RateLimitInfo;
}

const RETRY_STATUSES = [500, 502, 503, 504];
const MAX_REDIRECTS = 5;

/** A server's base URL as the client and the secret keys use it: origin plus path, no trailing slash. */
export function normalizeBaseUrl(baseUrl: string | URL): string {
  const url = typeof baseUrl === 'string' ? new URL(baseUrl.trim()) : baseUrl;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export class HttpClient {
  readonly baseUrl: string;
  readonly origin: string;
  private readonly opts: Required<Pick<HttpClientOptions, 'timeoutMs' | 'retries' | 'retryBaseDelayMs' | 'maxRateLimitWaitMs' | 'now' | 'sleep' | 'random'>> &
    HttpClientOptions;

  constructor(options: HttpClientOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`The Sentry URL must start with https:// or http://, not ${url.protocol}`);
    this.baseUrl = normalizeBaseUrl(url);
    this.origin = url.origin;
    this.opts = {
      timeoutMs: 30_000,
      retries: 2,
      retryBaseDelayMs: 500,
      maxRateLimitWaitMs: 10_000,
      now: Date.now,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      random: Math.random,
      ...options,
    };
  }

  urlFor(path: string, query?: Query): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) params.append(key, v);
      else params.append(key, String(value));
    }
    const qs = params.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async request<T>(spec: RequestSpec<T>): Promise<HttpResponse<T>> {
    const method = spec.method ?? 'GET';
    const label = `${method} ${spec.path}`;
    let credential = spec.authenticated === false ? undefined : await this.opts.credential?.();
    let refreshed = false;
    let rateLimitWaits = 0;
    for (;;) {
      const response = await this.send(method, this.urlFor(spec.path, spec.query), spec, credential, label);
      const status = response.status;
      if (status === 401 && credential && !refreshed && this.opts.onUnauthorized) {
        refreshed = true;
        const next = await this.opts.onUnauthorized(credential);
        if (next) {
          credential = next;
          continue;
        }
      }
      if (status === 429 && rateLimitWaits < 2) {
        const wait = this.rateLimitWait(response.headers, rateLimitWaits);
        if (wait !== undefined && wait <= this.opts.maxRateLimitWaitMs) {
          rateLimitWaits++;
          await this.opts.sleep(wait);
          continue;
        }
      }
      return this.finish(spec, response, label);
    }
  }

  /** ms to wait before retrying a 429: Retry-After, else the reset time, else exponential backoff. */
  private rateLimitWait(headers: Headers, attempt: number): number | undefined {
    const retryAfter = headers.get('retry-after');
    if (retryAfter && /^\d+$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
    const reset = readRateLimit(headers)?.resetAt;
    if (reset !== undefined) return Math.max(0, reset - this.opts.now()) + Math.floor(this.opts.random() * 250);
    return this.backoff(attempt);
  }

  private backoff(attempt: number): number {
    const base = this.opts.retryBaseDelayMs * 2 ** attempt;
    return Math.round(base / 2 + this.opts.random() * (base / 2));
  }

  /** Sends one request, following same-origin redirects, retrying 5xx / network failures of GETs. */
  private async send(method: string, url: string, spec: RequestSpec<unknown>, credential: Credential | undefined, label: string): Promise<RawResponse> {
    const started = this.opts.now();
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (this.opts.userAgent) headers['user-agent'] = this.opts.userAgent;
      // Credentials only ever travel to the configured origin.
      if (credential && new URL(current).origin === this.origin) headers.authorization = authorizationHeader(credential);
      let body: string | undefined;
      if (spec.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(spec.form)) if (v !== undefined) form.append(k, v);
        body = form.toString();
      } else if (spec.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(spec.json);
      }
      let raw: RawResponse;
      try {
        const res = await ofetch.raw(current, {
          method,
          headers,
          body,
          redirect: 'manual',
          responseType: 'text',
          // One deadline for the request and its retries; the caller's signal cancels it silently.
          signal: spec.signal ? AbortSignal.any([spec.signal, AbortSignal.timeout(this.opts.timeoutMs)]) : AbortSignal.timeout(this.opts.timeoutMs),
          retry: method === 'GET' ? this.opts.retries : 0,
          retryStatusCodes: RETRY_STATUSES,
          retryDelay: (ctx) => this.backoff(this.opts.retries - Number(ctx.options.retry ?? 0)),
          onRequestError: (ctx) => {
            // A timeout already cost timeoutMs: report it rather than wait that long again.
            if (ctx.error?.name === 'TimeoutError') ctx.options.retry = false;
          },
        });
        raw = { status: res.status, headers: res.headers, text: res._data ?? '' };
      } catch (err) {
        raw = this.fromFailure(err, label);
      }
      this.opts.onResponse?.({ method, path: spec.path, status: raw.status, durationMs: this.opts.now() - started, rateLimit: readRateLimit(raw.headers) });
      if (raw.status >= 300 && raw.status < 400 && raw.headers.get('location')) {
        const target = new URL(raw.headers.get('location')!, current);
        if (target.origin !== this.origin) throw new ForeignRedirectError(target.origin, raw.status, label);
        if (hop >= MAX_REDIRECTS) throw new HttpError(raw.status, 'too many redirects', label);
        current = target.toString();
        continue;
      }
      return raw;
    }
  }

  private fromFailure(err: unknown, label: string): RawResponse {
    if (err instanceof FetchError && err.response) {
      const res = err.response;
      return { status: res.status, headers: res.headers, text: typeof res._data === 'string' ? res._data : '' };
    }
    const cause = err instanceof FetchError ? (err.cause as Error | undefined) : (err as Error);
    if (cause?.name === 'AbortError') throw cause;
    if (cause?.name === 'TimeoutError') throw new TimeoutError(this.origin, this.opts.timeoutMs, label);
    throw new NetworkError(this.origin, networkReason(cause), label);
  }

  private finish<T>(spec: RequestSpec<T>, raw: RawResponse, label: string): HttpResponse<T> {
    const { status, headers } = raw;
    if (status >= 200 && status < 300) {
      let json: unknown;
      try {
        json = raw.text === '' ? null : JSON.parse(raw.text);
      } catch {
        throw new BadResponseError('', 'the body is not valid JSON; it may have been cut off', label, status);
      }
      const parsed = spec.schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new BadResponseError(formatPath(issue.path), issue.message, label, status);
      }
      return { data: parsed.data, status, headers, links: parseLinkHeader(headers.get('link')), rateLimit: readRateLimit(headers) };
    }
    throw this.errorFor(spec, raw, label);
  }

  private errorFor(spec: RequestSpec<unknown>, raw: RawResponse, label: string): ApiError {
    const { status, headers } = raw;
    const body = readErrorBody(raw.text, headers.get('content-type'));
    if (body.oauthError && spec.authenticated === false) return new OAuthError(body.oauthError, body.oauthDescription, status, label);
    switch (status) {
      case 400:
        return new BadRequestError(body.detail, status, label);
      case 401:
        return new UnauthorizedError(body.detail, label);
      case 403:
        return new ForbiddenError(spec.neededScopes ?? [], body.detail, label);
      case 404:
        return new NotFoundError(spec.what ?? 'The requested resource', body.detail, label);
      case 410:
        return new GoneError(headers.get('x-sentry-deprecation-date') ?? undefined, headers.get('x-sentry-replacement-endpoint') ?? undefined, label);
      case 429:
        return new RateLimitedError(readRateLimit(headers)?.resetAt ?? retryAfterAt(headers, this.opts.now()), body.detail, label);
    }
    if (status >= 500) return new ServerError(status, body.errorId, label);
    if (status >= 400) return new BadRequestError(body.detail, status, label);
    return new HttpError(status, body.detail, label);
  }
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

function networkReason(err: Error | undefined): string {
  const code = (err?.cause as { code?: string } | undefined)?.code ?? (err as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
  if (code) return code;
  return err?.message?.replace(/\s+/g, ' ').slice(0, 120) || 'network failure';
}

function retryAfterAt(headers: Headers, now: number): number | undefined {
  const v = headers.get('retry-after');
  return v && /^\d+$/.test(v.trim()) ? now + Number(v) * 1000 : undefined;
}

export interface ErrorBody {
  detail?: string;
  errorId?: string;
  oauthError?: string;
  oauthDescription?: string;
}

/** Reads an error body without assuming its shape: `{detail}` (string or `{code,message}`), `{error}`, `{message}`, a bare string, HTML. */
export function readErrorBody(text: string, contentType: string | null): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (!text.trim()) return {};
    const plain = /html/i.test(contentType ?? '') || /^\s*</.test(text) ? htmlText(text) : text;
    return { detail: clip(plain) };
  }
  if (typeof json === 'string') return { detail: clip(json) };
  if (!json || typeof json !== 'object') return {};
  const o = json as Record<string, unknown>;
  const out: ErrorBody = {};
  if (typeof o.detail === 'string') out.detail = clip(o.detail);
  else if (o.detail && typeof o.detail === 'object') {
    const d = o.detail as Record<string, unknown>;
    out.detail = clip([d.message, d.code ? `(${d.code})` : undefined].filter((x) => typeof x === 'string').join(' '));
  } else if (typeof o.message === 'string') out.detail = clip(o.message);
  if (typeof o.errorId === 'string') out.errorId = o.errorId;
  if (typeof o.error === 'string') {
    out.oauthError = o.error;
    if (typeof o.error_description === 'string') out.oauthDescription = clip(o.error_description);
    out.detail ??= clip(o.error);
  }
  return out;
}

function htmlText(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  return (title ?? html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

function clip(s: string): string {
  return s.length > 300 ? `${s.slice(0, 297)}...` : s;
}
