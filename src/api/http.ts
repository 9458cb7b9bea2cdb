/**
 * One HTTP request to the configured Sentry server: credentials, timeout, retries, redirects, error
 * mapping and schema validation, in one place so every feature gets the same hardening. The holds
 * after a 429 are in ./rateLimitHolds.ts, the reading of error bodies in ./failureText.ts, proxies,
 * certificates and their failures in ./network.ts, a request's spec and a bounded body in ./httpSpec.ts.
 * No `vscode` import: runs and is tested in plain Node.
 */
import * as l10n from '@vscode/l10n';
import { authorizationHeader, type Credential } from './credentials';
import {
  ApiError,
  BadRequestError,
  BadResponseError,
  CutOffBodyError,
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
import { parseLinkHeader } from './links';
import { networkReason, readErrorBody } from './failureText';
import { requestSecrets } from './secretText';
import { transportError, transportFailure } from './network';
import { BrowserBlockedError, browserFetchFailure, originRefusal } from './browser';
import { readRateLimit } from './rateLimit';
import { budgetOf, RateLimitHolds } from './rateLimitHolds';
import { describeIssue, formatPath } from '../model/schemaIssue';
import { parseCollecting } from '../model/lenientList';
import { pruneDepth } from '../util/boundedJson';
import { clampDelay, sleep } from '../util/delay';
import { checkRegionUrl, type RegionRefusal } from './regions';
import type { RegionFailure } from './regionListing';
import { DEFAULT_MAX_RESPONSE_BYTES, normalizeBaseUrl, orgOfPath, readBody, type HttpClientOptions, type HttpResponse, type Query, type RequestSpec } from './httpSpec';

export * from './httpSpec';

const RETRY_STATUSES = [500, 502, 503, 504];
const MAX_REDIRECTS = 5;

export class HttpClient {
  readonly baseUrl: string;
  readonly origin: string;
  /** Organization slug → the base URL of its region (./regions.ts), for the organizations of a multi-region server. */
  private readonly orgBases = new Map<string, string>();
  /** Region base URLs accepted by checkRegionUrl, the only places besides baseUrl that ever get a credential. */
  private readonly regionBases = new Set<string>();
  /** Asked once per unknown organization before its first request, to learn its region (OrganizationEndpoints sets it). */
  organizationResolver?: (org: string, signal?: AbortSignal) => Promise<void>;
  private readonly resolving = new Map<string, Promise<void>>();
  /** After a 429, nothing more is sent on its budget until the reset (see ./rateLimitHolds.ts). */
  private readonly holds: RateLimitHolds;
  private readonly opts: Required<Pick<HttpClientOptions, 'timeoutMs' | 'retries' | 'retryBaseDelayMs' | 'maxRateLimitWaitMs' | 'maxResponseBytes' | 'now' | 'sleep' | 'random'>> & HttpClientOptions;

  constructor(options: HttpClientOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(l10n.t('The Sentry URL must start with https:// or http://, not {0}', url.protocol));
    this.baseUrl = normalizeBaseUrl(url);
    this.origin = url.origin;
    this.opts = {
      timeoutMs: 30_000,
      retries: 2,
      retryBaseDelayMs: 500,
      maxRateLimitWaitMs: 10_000,
      maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
      now: Date.now,
      sleep,
      random: Math.random,
      ...options,
    };
    this.holds = new RateLimitHolds({ ...this.opts, backoff: (attempt) => this.backoff(attempt) });
  }

  /**
   * Accepts a region the server listed as a place credentials may go (./regions.ts decides; a URL
   * it refuses throws, so no caller can widen where credentials go). Returns the normalized base.
   */
  acceptRegion(regionUrl: string): string {
    const verdict = checkRegionUrl(this.baseUrl, regionUrl);
    if (!verdict.ok) throw new Error(`region URL refused (${verdict.reason})`);
    if (verdict.baseUrl !== this.baseUrl) this.regionBases.add(verdict.baseUrl);
    return verdict.baseUrl;
  }

  /** Sends the organization's requests to `regionBase` (its base URL when that is the server's own). */
  routeOrganization(org: string, regionBase: string): void {
    const base = regionBase === this.baseUrl ? this.baseUrl : this.regionBases.has(regionBase) ? regionBase : undefined;
    if (!base) throw new Error('an organization can only be routed to an accepted region');
    if (base === this.baseUrl) this.orgBases.delete(org);
    else this.orgBases.set(org, base);
  }

  /** The base URL an organization's requests go to. */
  baseUrlOf(org: string | undefined): string {
    return (org !== undefined && this.orgBases.get(org)) || this.baseUrl;
  }

  /** Forgets what was learnt of an organization's region, so the next request asks again. */
  forgetOrganization(org: string): void {
    this.orgBases.delete(org);
    this.resolving.delete(org);
  }

  urlFor(path: string, query?: Query, base: string = this.baseUrl): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) params.append(key, v);
      else params.append(key, String(value));
    }
    const qs = params.toString();
    return `${base}${path}${qs ? `?${qs}` : ''}`;
  }

  async request<T>(spec: RequestSpec<T>): Promise<HttpResponse<T>> {
    const method = spec.method ?? 'GET';
    const label = `${method} ${spec.path}`;
    const budget = spec.budget ?? budgetOf(method, spec.path);
    const hold = this.holds.forRequest(budget, label, spec.signal);
    await hold.ready();
    const base = await this.baseFor(spec);
    let credential = spec.authenticated === false ? undefined : await this.opts.credential?.();
    let refreshed = false;
    for (;;) {
      const response = await this.send(method, this.urlFor(spec.path, spec.query, base), spec, credential, label, new URL(base).origin);
      const status = response.status;
      // A 401 naming a step to complete (SSO, 2FA, sudo) is not an expired token: refreshing cannot help.
      if (status === 401 && credential && !refreshed && this.opts.onUnauthorized && !readErrorBody(response.text, response.headers.get('content-type')).code) {
        refreshed = true;
        const next = await this.opts.onUnauthorized(credential);
        if (next) {
          credential = next;
          continue;
        }
      }
      if (status === 429 && (await hold.retryAfter429(response.headers))) continue;
      const result = this.finish(spec, response, label, requestSecrets(credential, spec.form));
      hold.succeeded();
      return result;
    }
  }

  /** The base URL of one request: an accepted region's, or its organization's (learnt once), or the server's. */
  private async baseFor(spec: RequestSpec<unknown>): Promise<string> {
    if (spec.region !== undefined) {
      if (spec.region !== this.baseUrl && !this.regionBases.has(spec.region)) throw new Error('a request can only go to an accepted region');
      return spec.region;
    }
    const org = spec.org ?? orgOfPath(spec.path);
    if (org === undefined) return this.baseUrl;
    return this.orgBase(org, spec.signal);
  }

  /** The base URL of an organization's requests: its region's once learnt (asked once), else the server's. */
  private async orgBase(org: string, signal: AbortSignal | undefined): Promise<string> {
    const spec = { org, signal };
    const known = this.orgBases.get(spec.org);
    if (known) return known;
    if (this.organizationResolver) {
      let pending = this.resolving.get(spec.org);
      if (!pending) {
        const org = spec.org;
        // A failed look-up (offline, cancelled) is asked again by the next request; a finished one is not.
        // A rejected credential is the request's answer too: it is not sent again only to be rejected.
        pending = this.organizationResolver(org, spec.signal).catch((err: unknown) => {
          this.resolving.delete(org);
          if (err instanceof UnauthorizedError && err.code === undefined) throw err;
        });
        this.resolving.set(org, pending);
      }
      await pending;
    }
    return this.orgBases.get(spec.org) ?? this.baseUrl;
  }

  /** Passes refused regions on to HttpClientOptions.onRegionsRefused. */
  reportRefusedRegions(refused: readonly RegionRefusal[]): void {
    if (refused.length) this.opts.onRegionsRefused?.(refused);
  }

  /** Passes regions whose list failed on to HttpClientOptions.onRegionsFailed. */
  reportFailedRegions(failed: readonly RegionFailure[]): void {
    if (failed.length) this.opts.onRegionsFailed?.(failed);
  }

  /** Whether organizations learn their region before their first request (HttpClientOptions.discoverRegions). */
  get discoversRegions(): boolean {
    return this.opts.discoverRegions === true;
  }

  /** The client's clock (epoch ms). */
  now(): number {
    return this.opts.now();
  }

  /** Lets requests on a budget go again before its reset: the user asked (Refresh, Retry); another 429 holds it anew. */
  releaseHold(budget: string): void {
    this.holds.release(budget);
  }

  /** When requests on a budget may be sent again (epoch ms), while a 429's reset is pending. */
  heldBackUntil(budget: string): number | undefined {
    return this.holds.heldBackUntil(budget);
  }

  private backoff(attempt: number): number {
    const base = this.opts.retryBaseDelayMs * 2 ** attempt;
    return Math.round(base / 2 + this.opts.random() * (base / 2));
  }

  /** Sends one request, following same-origin redirects, retrying 5xx / network failures of GETs. */
  private async send(method: string, url: string, spec: RequestSpec<unknown>, credential: Credential | undefined, label: string, origin: string): Promise<RawResponse> {
    const started = this.opts.now();
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (this.opts.userAgent) headers['user-agent'] = this.opts.userAgent;
      // Credentials only ever travel to the origin the request was meant for: the server's, or a region it listed that regions.ts accepted.
      if (credential && new URL(current).origin === origin) headers.authorization = authorizationHeader(credential);
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
        const { res, text } = await this.exchange(
          current,
          {
            method,
            headers,
            body,
            redirect: 'manual',
            // One deadline for the request and its retries; the caller's signal cancels it silently.
            signal: spec.signal ? AbortSignal.any([spec.signal, AbortSignal.timeout(this.opts.timeoutMs)]) : AbortSignal.timeout(this.opts.timeoutMs),
          },
          method === 'GET' ? this.opts.retries : 0,
          label,
        );
        // A browser answers redirect: 'manual' with an opaque response (status 0, no Location).
        if (globalThis.__SENTRY_EXPLORER_HOST__ !== 'node' && res.type === 'opaqueredirect') throw new BrowserBlockedError(origin, 'redirect', label);
        raw = { status: res.status, headers: res.headers, text };
      } catch (err) {
        throw this.failure(err, label, origin);
      }
      this.opts.onResponse?.({ method, path: spec.path, status: raw.status, durationMs: this.opts.now() - started, rateLimit: readRateLimit(raw.headers, this.opts.now()) });
      if (raw.status >= 300 && raw.status < 400 && raw.headers.get('location')) {
        const target = new URL(raw.headers.get('location')!, current);
        if (target.origin !== origin) throw new ForeignRedirectError(target.origin, raw.status, label);
        if (hop >= MAX_REDIRECTS) throw new HttpError(raw.status, l10n.t('too many redirects'), label);
        current = target.toString();
        continue;
      }
      return raw;
    }
  }

  /**
   * One exchange, sent again up to `retries` times after a backoff when the answer is a 5xx of
   * RETRY_STATUSES or when fetch failed on the way; never after a cancellation, a timeout (it already
   * cost timeoutMs), or a certificate or a proxy's refusal (it fails the same way again). The global
   * `fetch` is looked up at each call: VS Code puts its proxy-aware one there (./network.ts).
   */
  private async exchange(url: string, init: RequestInit, retries: number, label: string): Promise<{ res: Response; text: string }> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, init);
      } catch (err) {
        const name = (err as Error | undefined)?.name;
        if (attempt >= retries || name === 'AbortError' || name === 'TimeoutError' || (globalThis.__SENTRY_EXPLORER_HOST__ !== 'webWorker' && transportFailure(err))) throw err;
        await sleep(clampDelay(this.backoff(attempt)));
        continue;
      }
      const text = await readBody(res, label, this.opts.maxResponseBytes);
      if (attempt >= retries || !RETRY_STATUSES.includes(res.status)) return { res, text };
      await sleep(clampDelay(this.backoff(attempt)));
    }
  }

  /** What to throw for an exchange that got no answer: the cancellation itself, our own error, or what failed in words. */
  private failure(err: unknown, label: string, origin: string): unknown {
    const cause = err as Error | undefined;
    if (err instanceof ApiError || cause?.name === 'AbortError') return err;
    if (cause?.name === 'TimeoutError') return new TimeoutError(origin, this.opts.timeoutMs, label);
    // Each bundle holds only its own host's diagnosis (src/util/host.ts, __SENTRY_EXPLORER_HOST__).
    const blocked = globalThis.__SENTRY_EXPLORER_HOST__ === 'node' ? undefined : browserFetchFailure(origin, label);
    if (blocked) return blocked;
    return globalThis.__SENTRY_EXPLORER_HOST__ === 'webWorker' ? new NetworkError(origin, networkReason(cause), label) : transportError(origin, cause, label);
  }

  /** `secrets`: the request's own credentials, which no error may carry (a server or proxy may echo them). */
  private finish<T>(spec: RequestSpec<T>, raw: RawResponse, label: string, secrets: readonly string[]): HttpResponse<T> {
    const { status, headers } = raw;
    if (status >= 200 && status < 300) {
      let json: unknown;
      try {
        json = raw.text === '' ? null : JSON.parse(raw.text);
      } catch (err) {
        throw err instanceof RangeError ? new BadResponseError('', l10n.t('the body is nested too deeply to read'), label, status) : new CutOffBodyError(label, status);
      }
      // Nothing downstream (the schemas, JSON.stringify, tree items, webview messages) ever sees 20,000 levels.
      json = pruneDepth(json);
      if (spec.cut) json = spec.cut(json);
      const { parsed, dropped } = parseCollecting(spec.schema, json);
      if (!parsed.success) {
        const issue = parsed.issues[0];
        throw new BadResponseError(formatPath(issue.path), describeIssue(issue, spec.schema), label, status);
      }
      if (dropped) this.opts.onDroppedItems?.({ method: spec.method ?? 'GET', path: spec.path, dropped });
      return { data: parsed.output, status, headers, links: parseLinkHeader(headers.get('link')), rateLimit: readRateLimit(headers, this.opts.now()), dropped };
    }
    throw this.errorFor(spec, raw, label, secrets);
  }

  private errorFor(spec: RequestSpec<unknown>, raw: RawResponse, label: string, secrets: readonly string[]): ApiError {
    const { status, headers } = raw;
    const refused = globalThis.__SENTRY_EXPLORER_HOST__ === 'node' ? undefined : originRefusal(status, raw.text, label);
    if (refused) return refused;
    const body = readErrorBody(raw.text, headers.get('content-type'), secrets);
    if (body.oauthError && spec.authenticated === false) return new OAuthError(body.oauthError, body.oauthDescription, status, label);
    switch (status) {
      case 400:
        return new BadRequestError(body.detail, status, label);
      case 401:
        return new UnauthorizedError(body.detail, label, body.code, body.loginUrl);
      case 403:
        return new ForbiddenError(spec.neededScopes ?? [], body.detail, label, this.grantedScopes());
      case 404:
        return new NotFoundError(spec.what ?? l10n.t('The requested resource'), body.detail, label);
      case 410:
        return new GoneError(headers.get('x-sentry-deprecation-date') ?? undefined, headers.get('x-sentry-replacement-endpoint') ?? undefined, label);
      case 429:
        return new RateLimitedError(this.holds.resetAt(headers), body.detail, label);
    }
    if (status >= 500) return new ServerError(status, body.errorId, label);
    if (status >= 400) return new BadRequestError(body.detail, status, label);
    return new HttpError(status, body.detail, label);
  }

  private grantedScopes(): readonly string[] | undefined {
    try {
      return this.opts.grantedScopes?.();
    } catch {
      return undefined;
    }
  }
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}
