// The sandbox HTTP server: request log, faults, rate limits, dispatch to the API / OAuth
// handlers, and the /_sandbox/ control endpoints.
import { traceSamples } from './traces';
import { seededReplays } from './replays';
import { seededReports } from './feedback';
import { addLog } from './logs';
import { createHash } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Ctx, handleApi } from './api';
import { useGitWorkspace } from './releases';
import { DETAIL, escapeHtml, html, HttpError, json, Res } from './http';
import { catchAll, SNUBA_TIMEOUT_DETAIL } from './sentryAnswers';
import { ACCESS_TOKEN_LIFETIME_S, decideDevice, METADATA_PATH, metadataRoute, oauthRoute } from './oauth';
import { profileNamed, type OrganizationList, type ProfileName } from './profiles';
import { createSeed, iso, SANDBOX_USER, Seed, SeedIssue, SprawlOptions } from './seed';
import {
  ActiveFault,
  ENDPOINT_MODES,
  ENDPOINT_NAMES,
  EndpointMode,
  EndpointSwitch,
  FaultSpec,
  RateLimitConfig,
  RateLimitedFault,
  RequestLogEntry,
  SandboxState,
  TokenOptions,
  UnauthorizedCode,
  WriteLogEntry,
  randomHex,
} from './state';
import { handleSeer, seerControl, type SeerControl, type SeerScenario } from './seer';
import { escalate, handleTriage, injectEvents, injectEventsMany, IssueTriageState, triageStateOf } from './triage';
import { WORKSPACE_DIR } from './workspace';
import { setNotMemberOf, setOpenMembership } from './membership';
import { checkRegionOf } from './regions';
import { corsHeaders, isApiPath, originRefusal, preflight } from './cors';
import { EU_TOKEN } from './state';

export type { EndpointMode, EndpointSwitch, FaultSpec, RateLimitConfig, RateLimitedFault, RequestLogEntry, UnauthorizedCode, WriteLogEntry } from './state';
export type { IssueTriageState } from './triage';
export type { SprawlOptions } from './seed';
export type { OrganizationList, ProfileName } from './profiles';

export interface SandboxOptions {
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Host to bind (default 127.0.0.1). */
  host?: string;
  /**
   * Serve HTTPS with this certificate and key (PEM) instead of plain HTTP; `url` then starts with
   * https://. ./certificates.ts makes a throwaway authority and the certificates it signs.
   */
  tls?: { cert: string; key: string };
  /** Base clock in ms (default Date.now); control.clock.advance() adds an offset on top. */
  now?: () => number;
  /** OAuth client id (default: a fixed 64-hex id, see sandbox.defaults.clientId). */
  clientId?: string;
  /** When set, the OAuth client is confidential and the token endpoint requires this secret. */
  clientSecret?: string;
  /**
   * The server version the sandbox speaks as (profiles.ts): `sentry-io` (the default) or
   * `self-hosted-2025` (numeric project ids, no llmFormat, no rate limits, null dates, legacy Seer).
   */
  profile?: ProfileName;
  /** Features per organization (slug), on top of the profile's: `{ acme: ['gen-ai-features'] }`. */
  features?: Record<string, readonly string[]>;
  /** Rate limit per credential (default 1000 requests per 1 s; none in a profile without a limiter, unless given here). */
  rateLimit?: RateLimitConfig;
  /** Device flow polling interval in seconds (default 5). */
  deviceInterval?: number;
  /** Device code lifetime in seconds (default 600). */
  deviceExpiresIn?: number;
  /**
   * Lifetime of the OAuth access tokens the token endpoint issues, in seconds (default 30 days, as
   * Sentry's: src/sentry/models/apitoken.py, DEFAULT_EXPIRATION). Shorter ones make a refresh come
   * due within a test (the soak, scripts/soak.ts, uses minutes).
   */
  accessTokenLifetimeSeconds?: number;
  /**
   * What the main host's `GET /api/0/organizations/` lists, instead of the profile's (profiles.ts,
   * organizationList): `home-region` is sentry.io before June 2026, whose list held the US region's
   * organizations only.
   */
  organizationList?: OrganizationList;
  /** Host name (or origin) used in Link header URLs instead of the sandbox's own, e.g. 'acme.localhost'. */
  linkHost?: string;
  /** Log one line per request to stderr. */
  log?: boolean;
  /** Sample workspace the events point into (default test/sandbox/workspace). */
  workspaceDir?: string;
  /**
   * One more project (default `sprawl` in `acme`, javascript, id 4701) whose `issues` unresolved
   * error issues crash in `files` synthetic files (`src/feature07/module12.ts:<1..400>`), as in a
   * real codebase; deterministic from `seed`. Without it the seed is the default one, unchanged.
   */
  sprawl?: SprawlOptions;
  /**
   * The git repository (gitHistory.ts's createGitWorkspace) whose commits the releases name: the sandbox
   * reads their SHAs from it. Without it, from a copy it builds once per process (the same SHAs).
   */
  gitWorkspace?: string;
  /** A project per platform of test/sandbox/platforms.ts, its issues pointing into test/sandbox/platforms/ (SeedOptions.platforms). */
  platforms?: boolean;
  /**
   * The EU organization `euro` and an EU-only user (SeedOptions.regions, token `defaults.euToken`).
   * On a multi-region profile (sentry-io) the organization lives on a second host, `regionUrl`, on
   * the same host name and its own port (./regions.ts); on self-hosted-2025 it is on the one server.
   */
  regions?: boolean;
  /**
   * The longest request line answered (bytes of `GET <path>?<query> HTTP/1.1`); a longer one gets 414.
   * Default 8192: nginx refuses a request line longer than one `large_client_header_buffers` buffer
   * (8k by default, "414 (Request-URI Too Large)", nginx's ngx_http_core_module documentation), and
   * self-hosted Sentry's nginx.conf (getsentry/self-hosted) keeps that default.
   */
  maxRequestLine?: number;
}

export interface SandboxDefaults {
  clientId: string;
  clientSecret?: string;
  /** User auth token with scopes `org:read project:read event:read`, no expiry: read-only (a triage PUT gets 403). */
  authToken: string;
  /** User auth token (the same user) with `org:read project:read event:read event:write member:read`, no expiry: triage and members. */
  writeToken: string;
  /** Legacy API key (HTTP Basic, username = key, empty password), org acme. */
  apiKey: string;
  /** DSN of acme/web-frontend (Authorization: DSN <dsn>, user-reports only). */
  dsn: string;
  org: string;
  projects: string[];
  /** The profile the sandbox speaks as. */
  profile: ProfileName;
  /** With SandboxOptions.regions: the EU-only user's read token (org:read project:read event:read), a member of `euro` alone. */
  euToken?: string;
}

export interface TokenInfo {
  token: string;
  kind: 'user' | 'integration' | 'oauth' | 'org';
  scopes: string[];
  expiresAt: number | null;
  org: string | null;
  /** An integration token's "Authorized JavaScript Origins" (test/sandbox/cors.ts). */
  allowedOrigins?: string[];
}

export interface FaultInfo extends FaultSpec {
  id: string;
  remaining: number | null;
}

export interface DeviceInfo {
  user_code: string;
  status: 'pending' | 'approved' | 'denied' | 'used' | 'expired';
  client_id: string;
  scopes: string[];
  interval: number;
  expiresAt: number;
  org: string | null;
}

export interface DeviceDecision {
  ok: boolean;
  user_code?: string;
  error?: string;
}

/** One file of `control.seedFiles()` / `GET /_sandbox/seed/files`: the issues whose stack has an in-app frame in it. */
export interface SeedFile {
  /** The frame's filename: workspace-relative for workspace frames (forward slashes). */
  file: string;
  /** The file is in the sample workspace (false for in-app frames of apps the workspace does not hold). */
  inWorkspace: boolean;
  /** Ids of the issues with an in-app frame in this file, ascending. */
  issues: string[];
  /** How many of them are unresolved now. */
  unresolved: number;
}

export interface SandboxControl {
  requests: {
    /** Every non-control request so far (oldest first), optionally filtered. */
    list(filter?: { path?: string | RegExp; method?: string }): RequestLogEntry[];
    clear(): void;
  };
  clock: {
    now(): number;
    /** Move the clock forward; returns the new now(). */
    advance(ms: number): number;
    /** Set the clock to an absolute time (ms). */
    set(ms: number): number;
  };
  credentials: {
    /** `userId`: a seeded member (`seed.members`) the token acts for; default the seed's user (id 1). */
    addToken(opts: TokenOptions): TokenInfo;
    /** Revoke an access token (or a refresh token: its whole family). */
    revokeToken(token: string): boolean;
    addApiKey(opts?: { key?: string; scopes?: string[] | string; org?: string }): { key: string; scopes: string[]; org: string; authorization: string };
    addDsn(opts?: { publicKey?: string; project?: string }): { dsn: string; publicKey: string; projectId: string };
  };
  faults: {
    /** Add a fault; returns its id. */
    add(spec: FaultSpec): string;
    list(): FaultInfo[];
    remove(id: string): boolean;
    clear(): void;
  };
  rateLimit: {
    /** Turns the limiter on (also in a profile without one, as an admin who enables it). */
    set(cfg: RateLimitConfig): void;
    /** null: no limiter (the self-hosted profile's default). */
    get(): RateLimitConfig | null;
  };
  /** An organization's features (slug or id), as `GET /organizations/{org}/` lists them; reset restores the profile's. */
  features: {
    get(org: string): string[];
    /** Adds and removes features; answers the organization's features after the change. */
    set(org: string, change: { add?: readonly string[]; remove?: readonly string[] }): string[];
  };
  /** Make Link URLs use another host (e.g. 'acme.localhost'); null restores the sandbox's own. */
  setLinkHost(host: string | null): void;
  device: {
    list(): DeviceInfo[];
    /** Approve by user code (any case, dash optional); without a code, the newest pending request. */
    approve(userCode?: string, org?: string): DeviceDecision;
    deny(userCode?: string): DeviceDecision;
  };
  oauth: {
    /** When enabled, GET /oauth/authorize/ approves at once (for the given org) and redirects with a code. */
    setAutoApprove(enabled: boolean, org?: string): void;
  };
  /** Seer (seer.ts): a run's scenario, an organization's budget, a project's repository, a run begun in the web UI. */
  seer: SeerControl;
  triage: {
    /** Every triage PUT so far (oldest first), whatever it answered, with its ids, query and parsed body; optionally filtered. */
    writes(filter?: { path?: string | RegExp; bulk?: boolean }): WriteLogEntry[];
    clearWrites(): void;
    /** Bulk PUTs sent without any `id` (a real server changes every issue matching the query): how many, and each request. */
    bulkWithoutIds(): { count: number; requests: WriteLogEntry[] };
    /**
     * `count` new events of an issue (id or short ID) now, each from a new user, copied from its newest event
     * (same location and frames); lastSeen becomes now. Archives until a count/user-count condition end
     * (unresolved, escalating); a resolved issue regresses. With an array: every issue (all checked first), one state each.
     */
    injectEvents(issueId: string, count: number): IssueTriageState;
    injectEvents(issueIds: readonly string[], count: number): IssueTriageState[];
    /** The issue escalates: archived_until_escalating returns to unresolved with substatus escalating (`escalated: true`). */
    escalate(issueId: string): IssueTriageState & { escalated: boolean };
    /** Status, substatus, status details, event count and inbox membership of an issue now. */
    issue(issueId: string): IssueTriageState;
    /**
     * Takes a user (default the seed's, id 1) off the teams of these projects (ids or slugs; [] puts the
     * user back on the seeded teams, where the seed's user is on no team of `worker`): requests that name
     * no `project` then skip them, as Sentry's do (membership.ts). Answers their ids.
     */
    notMemberOf(projects: readonly string[], userId?: string): string[];
    /**
     * An organization's open membership (on after a reset, Sentry's default): off, a member (not the
     * owner, the seed's user) may access only the projects of the teams they are on (membership.ts).
     */
    openMembership(org: string, open: boolean): boolean;
  };
  /** What GET on the issue lists and the events table answers: 'ok' (served), 404 (a server without it) or 410 (a deprecation brown-out). */
  endpoints: {
    get(): EndpointSwitch;
    /** Changes the given switches; answers all of them. */
    set(change: Partial<EndpointSwitch>): EndpointSwitch;
  };
  seed: Seed;
  /** Per in-app frame filename, the issues whose stack touches it and how many are unresolved; optionally of one org and/or project (slug or id). */
  seedFiles(filter?: { org?: string; project?: string }): SeedFile[];
  /**
   * What the main host's organization list holds from now on (profiles.ts, organizationList): every
   * region's organizations or the pinned region's only; without an argument, what it holds now.
   */
  organizationList(kind?: OrganizationList): OrganizationList;
  /** Back to the seeded state: credentials, codes, faults, rate limit, link host, clock offset, log, user reports, issues, endpoint switches, features, organization list. */
  reset(): void;
}

export interface Sandbox {
  /** http://127.0.0.1:<port> (https:// with `tls`), no trailing slash. */
  url: string;
  /** The EU region host's base URL (SandboxOptions.regions on a multi-region profile), else undefined. */
  regionUrl?: string;
  close(): Promise<void>;
  control: SandboxControl;
  defaults: SandboxDefaults;
  seed: Seed;
}

function fixedHex(label: string, length: number): string {
  return createHash('sha256').update(`sentry-explorer-sandbox:${label}`).digest('hex').slice(0, length);
}

export const DEFAULT_CLIENT_ID = fixedHex('client-id', 64);
export const DEFAULT_AUTH_TOKEN = `sntryu_${fixedHex('auth-token', 64)}`;
export const DEFAULT_WRITE_TOKEN = `sntryu_${fixedHex('write-token', 64)}`;
export const DEFAULT_API_KEY = fixedHex('api-key', 32);
export const DEFAULT_DSN_KEY = fixedHex('dsn-public-key', 32);

/** The request log keeps the newest entries only. */
const MAX_LOG = 50_000;

function errorId(): string {
  return randomHex(16);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Valid JSON of the wrong shape: flip the type of fields (all top-level fields, or just `field`). */
function malform(data: unknown, field?: string): unknown {
  const flip = (v: unknown): unknown => {
    if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v.length;
    if (typeof v === 'number') return String(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (Array.isArray(v)) return { length: v.length };
    if (v === null) return 0;
    return [v];
  };
  const obj = (o: unknown): unknown => {
    if (!o || typeof o !== 'object' || Array.isArray(o)) return flip(o);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = field === undefined || field === k ? flip(v) : v;
    return out;
  };
  if (Array.isArray(data)) return data.length ? data.map(obj) : { detail: 0 };
  return obj(data);
}

const RATE_LIMIT_DETAIL = 'You are attempting to use this endpoint too frequently. Limit is 40 requests in 1 seconds';

/** Sentry's SentryAPIException bodies: `detail: {code, message, extra}` (extra is the exception's kwargs). */
function unauthorizedDetail(state: SandboxState, code: UnauthorizedCode, path: string): { code: string; message: string; extra: Record<string, unknown> } {
  switch (code) {
    case 'sso-required': {
      const org = /^\/api\/0\/(?:organizations|projects)\/([^/]+)\//.exec(path)?.[1] ?? state.seed.orgs[0].slug;
      return { code, message: 'Must login via SSO', extra: { loginUrl: `${state.url}/auth/login/${org}/` } };
    }
    case '2fa-required':
      return { code, message: 'Organization requires two-factor authentication to be enabled', extra: {} };
    case 'sudo-required':
      return { code, message: 'Account verification required.', extra: { username: SANDBOX_USER.email } };
  }
}

function rateLimitedResponse(state: SandboxState, spec: true | RateLimitedFault): Res {
  const o = spec === true ? {} : spec;
  const headers: Record<string, string> =
    o.headers === false
      ? {}
      : {
          'x-sentry-rate-limit-limit': '40',
          'x-sentry-rate-limit-remaining': '0',
          'x-sentry-rate-limit-reset': String(Math.ceil(state.now() / 1000) + (o.resetInSeconds ?? 60)),
          'x-sentry-rate-limit-concurrentlimit': '25',
          'x-sentry-rate-limit-concurrentremaining': String(Math.max(0, 25 - state.inFlight)),
        };
  let res: Res;
  if (o.body === 'html') res = html(429, nginxPage(429));
  else if (o.body === 'string') res = json(429, RATE_LIMIT_DETAIL);
  else res = json(429, { detail: RATE_LIMIT_DETAIL });
  res.headers = { ...res.headers, ...headers, ...(o.contentType ? { 'content-type': o.contentType } : {}) };
  return res;
}

function nginxPage(status: number): string {
  const title = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
}

function faultResponse(state: SandboxState, f: ActiveFault, path: string): Res | undefined {
  if (f.respond) return { status: f.respond.status, headers: { 'content-type': 'application/json', ...f.respond.headers }, body: f.respond.body };
  if (f.rateLimited) return rateLimitedResponse(state, f.rateLimited);
  if (f.unauthorizedCode) return json(401, { detail: unauthorizedDetail(state, f.unauthorizedCode, path) });
  if (f.snubaTimeout) return json(400, { detail: SNUBA_TIMEOUT_DETAIL });
  if (f.gone) {
    return json(
      410,
      { message: 'This API no longer exists.' },
      { 'x-sentry-deprecation-date': '2024-08-15T00:00:00+00:00', 'x-sentry-replacement-endpoint': '/api/0/organizations/{organization_id_or_slug}/issues/' },
    );
  }
  if (f.html) {
    const status = f.status ?? 502;
    return html(status, nginxPage(status));
  }
  if (f.status !== undefined) {
    if (f.status >= 500) return json(f.status, { detail: 'Internal Error', errorId: errorId() });
    if (f.status === 429) return json(429, { detail: 'You are attempting to use this endpoint too frequently. Limit is 1 requests in 1 seconds' });
    if (f.status === 401) return json(401, { detail: DETAIL.invalidToken });
    if (f.status === 403) return json(403, { detail: DETAIL.forbidden });
    // A route the server lacks, as Sentry's catch-all answers it (sentryAnswers.ts): what a 404 fault stands for.
    if (f.status === 404) return catchAll(path, undefined);
    return json(f.status, { detail: `Sandbox fault ${f.status}` });
  }
  return undefined;
}

/**
 * The limiter of src/sentry/middleware/ratelimit.py: where it does not run (a self-hosted server,
 * profiles.ts) no X-Sentry-Rate-Limit-* header is sent at all; where it runs, every answer carries them
 * and a request past the limit is a 429 `{"detail": …}`.
 */
function rateLimitCheck(state: SandboxState, ctx: Ctx): { headers: Record<string, string>; limited: Res | null } {
  const cfg = state.rateLimit;
  if (!cfg) return { headers: {}, limited: null };
  const windowMs = Math.max(1, cfg.windowSeconds * 1000);
  const now = state.now();
  const key = ctx.headers['authorization'] ?? 'anonymous';
  const windowStart = Math.floor(now / windowMs) * windowMs;
  let w = state.rateWindows.get(key);
  if (!w || w.windowStart !== windowStart) {
    w = { windowStart, count: 0 };
    state.rateWindows.set(key, w);
  }
  w.count++;
  const concurrent = cfg.concurrentLimit ?? 25;
  const headers = {
    'x-sentry-rate-limit-limit': String(cfg.limit),
    'x-sentry-rate-limit-remaining': String(Math.max(0, cfg.limit - w.count)),
    'x-sentry-rate-limit-reset': String(Math.ceil((windowStart + windowMs) / 1000)),
    'x-sentry-rate-limit-concurrentlimit': String(concurrent),
    'x-sentry-rate-limit-concurrentremaining': String(Math.max(0, concurrent - state.inFlight)),
  };
  if (w.count > cfg.limit) {
    return { headers, limited: json(429, { detail: `You are attempting to use this endpoint too frequently. Limit is ${cfg.limit} requests in ${cfg.windowSeconds} seconds` }, headers) };
  }
  return { headers, limited: null };
}

function errorToRes(e: unknown): Res {
  if (e instanceof HttpError) return json(e.status, e.body, e.headers);
  console.error('[sandbox] internal error:', e);
  return json(500, { detail: 'Internal Error', errorId: errorId() });
}

function dispatch(state: SandboxState, ctx: Ctx): Res {
  if (ctx.path === '/api/0' || ctx.path.startsWith('/api/0/')) {
    const rl = rateLimitCheck(state, ctx);
    if (rl.limited) return rl.limited;
    let res: Res;
    try {
      checkRegionOf(ctx);
      res = originRefusal(ctx.headers, allowedOriginsOf(state, ctx.headers['authorization'])) ?? handleSeer(ctx) ?? handleTriage(ctx) ?? handleApi(ctx);
    } catch (e) {
      res = errorToRes(e);
    }
    res.headers = { ...rl.headers, ...res.headers };
    return res;
  }
  // A region host serves the API alone: sign-in and the pages are the main (control) host's.
  if (ctx.region) return json(404, { detail: DETAIL.notFound });
  if (ctx.path === METADATA_PATH) return metadataRoute(ctx);
  if (ctx.path.startsWith('/oauth/')) {
    try {
      const res = oauthRoute(ctx);
      if (res) return res;
    } catch (e) {
      return errorToRes(e);
    }
  }
  if (ctx.path === '/' && ctx.method === 'GET') {
    return html(
      200,
      `<!doctype html><html><head><meta charset="utf-8"><title>Sentry Sandbox</title></head><body><h1>Sentry Sandbox</h1><p>A local fake of Sentry's API for Sentry Explorer.</p><ul><li><a href="/oauth/device/">Device activation page</a></li><li><a href="/_sandbox/">Control endpoints</a></li><li><a href="/_sandbox/seed">Seed summary</a></li></ul><p>Base URL: <code>${escapeHtml(state.url)}</code></p></body></html>`,
    );
  }
  return json(404, { detail: DETAIL.notFound });
}

/**
 * The origins the request's credential may be used from in a browser (Endpoint.dispatch reads
 * request.auth.get_allowed_origins(), test/sandbox/cors.ts): an integration token's, none for any
 * other credential or none at all; 'invalid credential' when it will be refused with 401 anyway.
 */
function allowedOriginsOf(state: SandboxState, header: string | undefined): readonly string[] | 'invalid credential' {
  const m = /^bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  if (!m) return [];
  const t = state.tokens.get(m[1]);
  if (!t || t.revoked || (t.expiresAt !== null && state.now() >= t.expiresAt)) return 'invalid credential';
  return t.allowedOrigins ?? [];
}

// ------------------------------------------------------------------------------------ control

function makeControl(state: SandboxState): SandboxControl {
  const deviceInfo = (): DeviceInfo[] =>
    [...state.devices.values()].map((d) => ({
      user_code: d.userCode,
      status: d.status === 'pending' && state.now() >= d.expiresAt ? 'expired' : d.status,
      client_id: d.clientId,
      scopes: d.scopes,
      interval: d.interval,
      expiresAt: d.expiresAt,
      org: d.org,
    }));
  const decision = (userCode: string | undefined, approve: boolean, org?: string): DeviceDecision => {
    const r = decideDevice(state, userCode, approve, org);
    return r.ok ? { ok: true, user_code: r.device.userCode } : { ok: false, error: r.error };
  };
  return {
    requests: {
      list(filter) {
        let list = state.requests;
        if (filter?.path !== undefined) {
          const re = typeof filter.path === 'string' ? new RegExp(filter.path) : filter.path;
          list = list.filter((r) => re.test(r.path));
        }
        if (filter?.method) list = list.filter((r) => r.method === filter.method!.toUpperCase());
        return list.map((r) => ({ ...r, query: r.query.map(([k, v]) => [k, v] as [string, string]), headers: { ...r.headers } }));
      },
      clear() {
        state.requests = [];
      },
    },
    clock: {
      now: () => state.now(),
      advance(ms) {
        if (!Number.isFinite(ms)) throw new Error('ms must be a number');
        state.clockOffset += ms;
        return state.now();
      },
      set(ms) {
        state.clockOffset += ms - state.now();
        return state.now();
      },
    },
    credentials: {
      addToken(opts) {
        const t = state.addToken(opts);
        return { token: t.token, kind: t.kind, scopes: t.scopes, expiresAt: t.expiresAt, org: t.org, ...(t.allowedOrigins ? { allowedOrigins: t.allowedOrigins } : {}) };
      },
      revokeToken: (token) => state.revokeToken(token),
      addApiKey(opts = {}) {
        const k = state.addApiKey(opts);
        return { key: k.key, scopes: k.scopes, org: k.org, authorization: `Basic ${Buffer.from(`${k.key}:`).toString('base64')}` };
      },
      addDsn(opts = {}) {
        const d = state.addDsn(opts);
        return { dsn: d.dsn, publicKey: d.publicKey, projectId: d.projectId };
      },
    },
    faults: {
      add: (spec) => state.addFault(spec).id,
      list: () => state.faults.map(({ regex: _r, queryRegex: _q, ...f }) => ({ ...f })),
      remove(id) {
        const before = state.faults.length;
        state.faults = state.faults.filter((f) => f.id !== id);
        return state.faults.length !== before;
      },
      clear() {
        state.faults = [];
      },
    },
    rateLimit: {
      set(cfg) {
        if (!(cfg.limit > 0) || !(cfg.windowSeconds > 0)) throw new Error('limit and windowSeconds must be positive numbers');
        state.rateLimit = { ...cfg };
        state.rateWindows.clear();
      },
      get: () => state.rateLimit && { ...state.rateLimit },
    },
    features: {
      get: (org) => orgFeatures(state, org),
      set(org, change) {
        const found = state.seed.org(org);
        if (!found) throw new Error(`unknown org ${org}`);
        const set = state.orgFeatures.get(found.id)!;
        for (const f of change.add ?? []) set.add(f);
        for (const f of change.remove ?? []) set.delete(f);
        return orgFeatures(state, org);
      },
    },
    setLinkHost(host) {
      state.linkHost = host || null;
    },
    device: {
      list: deviceInfo,
      approve: (userCode, org) => decision(userCode, true, org),
      deny: (userCode) => decision(userCode, false),
    },
    oauth: {
      setAutoApprove(enabled, org) {
        state.autoApprove = { enabled, org: org ?? null };
      },
    },
    seer: seerControl(state),
    triage: {
      writes(filter) {
        let list = state.writes;
        if (filter?.path !== undefined) {
          const re = typeof filter.path === 'string' ? new RegExp(filter.path) : filter.path;
          list = list.filter((w) => re.test(w.path));
        }
        if (filter?.bulk !== undefined) list = list.filter((w) => w.bulk === filter.bulk);
        return list.map((w) => structuredClone(w));
      },
      clearWrites() {
        state.writes = [];
        state.bulkWithoutIds = 0;
        state.bulkWithoutIdsRequests = [];
      },
      bulkWithoutIds: () => ({ count: state.bulkWithoutIds, requests: state.bulkWithoutIdsRequests.map((w) => structuredClone(w)) }),
      injectEvents: ((issueIds: string | readonly string[], count: number) =>
        typeof issueIds === 'string' ? injectEvents(state, issueIds, count) : injectEventsMany(state, issueIds, count)) as SandboxControl['triage']['injectEvents'],
      escalate: (issueId) => escalate(state, issueId),
      notMemberOf: (projects, userId = SANDBOX_USER.id) => setNotMemberOf(state, userId, projects),
      openMembership: (org, open) => setOpenMembership(state, org, open),
      issue(issueId) {
        const issue = state.seed.issue(issueId);
        if (!issue) throw new Error(`unknown issue ${issueId}`);
        return triageStateOf(state, issue);
      },
    },
    endpoints: {
      get: () => ({ ...state.endpoints }),
      set(change) {
        const next = { ...state.endpoints };
        for (const key of Object.keys(change) as Array<keyof EndpointSwitch>) {
          if (!ENDPOINT_NAMES.includes(key)) throw new Error(`unknown endpoint ${String(key)}: ${ENDPOINT_NAMES.join(', ')}`);
          const mode = change[key];
          if (mode === undefined) continue;
          if (!ENDPOINT_MODES.includes(mode)) throw new Error(`${key} must be 'ok', 404 or 410, not ${JSON.stringify(mode)}`);
          next[key] = mode;
        }
        state.endpoints = next;
        return { ...next };
      },
    },
    seed: state.seed,
    seedFiles: (filter = {}) => seedFiles(state, filter),
    organizationList(kind) {
      if (kind !== undefined && kind !== 'all-regions' && kind !== 'home-region') throw new Error(`organizationList is 'all-regions' or 'home-region', not ${JSON.stringify(kind)}`);
      if (kind) state.organizationList = kind;
      return state.organizationList;
    },
    reset: () => state.reset(),
  };
}

function orgFeatures(state: SandboxState, org: string): string[] {
  const found = state.seed.org(org);
  if (!found) throw new Error(`unknown org ${org}`);
  return [...state.orgFeatures.get(found.id)!];
}

function seedFiles(state: SandboxState, filter: { org?: string; project?: string }): SeedFile[] {
  const org = filter.org === undefined ? undefined : state.seed.org(filter.org);
  if (filter.org !== undefined && !org) throw new Error(`unknown org ${filter.org}`);
  let projects = org ? org.projects : state.seed.projects;
  if (filter.project !== undefined) {
    projects = projects.filter((p) => p.slug === filter.project || p.id === filter.project);
    if (projects.length === 0) throw new Error(`unknown project ${filter.project}${org ? ` in ${org.slug}` : ''}`);
    projects = projects.slice(0, 1);
  }
  const files = new Map<string, { inWorkspace: boolean; issues: Set<SeedIssue> }>();
  for (const issue of projects.flatMap((p) => p.issues)) {
    for (const f of issue.frames ?? []) {
      if (!f.inApp) continue;
      let entry = files.get(f.filename);
      if (!entry) files.set(f.filename, (entry = { inWorkspace: f.workspace, issues: new Set() }));
      entry.issues.add(issue);
    }
  }
  return [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, e]) => {
      const issues = [...e.issues].sort((a, b) => Number(a.id) - Number(b.id));
      return { file, inWorkspace: e.inWorkspace, issues: issues.map((i) => i.id), unresolved: issues.filter((i) => i.status === 'unresolved').length };
    });
}

/** A JSON switch value: 'ok', 404 or 410 (the numbers may come as strings). */
function endpointMode(v: unknown): EndpointMode | undefined {
  if (v === undefined) return undefined;
  if (v === '404' || v === 404) return 404;
  if (v === '410' || v === 410) return 410;
  if (v === 'ok') return 'ok';
  throw new Error(`endpoint switches take 'ok', 404 or 410, not ${JSON.stringify(v)}`);
}

const CONTROL_HELP = {
  'GET /_sandbox/': 'this list',
  'GET /_sandbox/traces': '{big: {issueId, shortId, eventId, traceId, spans}}: the trace of 10,000 spans',
  'GET /_sandbox/users': '{replays: [{issueId, ids}], feedback: [{issueId, count}]}: the issues with seeded replays and user reports',
  'POST /_sandbox/logs': '{trace, message, severity?}: add a log to a trace now (Follow)',
  'GET /_sandbox/requests?path=<regex>&method=<M>': 'request log',
  'POST /_sandbox/requests/clear': 'empty the request log',
  'GET /_sandbox/clock': '{now}',
  'POST /_sandbox/clock/advance': '{ms} -> {now}',
  'POST /_sandbox/clock/set': '{now} -> {now}',
  'GET /_sandbox/defaults': 'default credentials',
  'GET /_sandbox/seed': 'seed summary',
  'GET /_sandbox/seed/locations': "issues pointing into the sample workspace (and into the sprawl project's synthetic files, when started with sprawl)",
  'GET /_sandbox/seed/issues?project=<slug>': 'issue ids, short ids, titles',
  'GET /_sandbox/seed/files?project=<slug>&org=<slug>': '[{file, inWorkspace, issues: [ids], unresolved}]: per in-app frame filename, the issues whose stack touches it',
  'POST /_sandbox/tokens':
    "{token?, scopes, kind: user|integration|org, expiresAt?, org?, userId?, allowedOrigins?} -> token info (org: sntrys_, org:ci only; allowedOrigins: an integration's Authorized JavaScript Origins)",
  'POST /_sandbox/cors': "{enabled: boolean} -> API answers with Sentry's CORS headers (default) or none, preflights refused (a reverse proxy that drops them)",
  'GET /_sandbox/writes?path=<regex>&bulk=true|false': 'triage PUTs: {method, path, ids, query, body, status, userId, bulk, withoutIds, changed, at}',
  'POST /_sandbox/writes/clear': 'empty the write log and the no-ids counter',
  'GET /_sandbox/writes/without-ids': '{count, requests}: bulk PUTs sent without any id',
  'POST /_sandbox/issues/inject-events':
    '{issue, count} -> {id, status, substatus, statusDetails, count, inbox}; {issues: [ids or short IDs], count} -> [{id, ...}, ...]: count new events now (lastSeen = now), copied from the newest event',
  'POST /_sandbox/issues/escalate': '{issue} -> {escalated, id, status, substatus, ...}',
  'POST /_sandbox/membership':
    '{notMemberOf: [project ids or slugs], userId?} -> {notMemberOf: [ids]}: requests without `project` skip those projects; ' +
    "{org, open: boolean} -> {org, open}: the organization's open membership (closed: members access only their teams' projects)",
  'GET /_sandbox/issues/state?issue=<id>': '{id, status, substatus, statusDetails, count, inbox}',
  'POST /_sandbox/tokens/revoke': '{token} -> {revoked}',
  'POST /_sandbox/api-keys': '{key?, scopes?, org?} -> {key, authorization}',
  'POST /_sandbox/dsns': '{publicKey?, project?} -> {dsn}',
  'GET /_sandbox/faults': 'active faults',
  'POST /_sandbox/faults':
    "{path?, query? (regex on the decoded query string), method?, region?: 'de'|'main' (one host), count?, " +
    'latencyMs?, status?, reset?, truncated?, malformed?, gone?, html?, respond?: {status, headers?, body}, ' +
    "rateLimited?: true | {headers?: boolean (X-Sentry-Rate-Limit-*, default true), resetInSeconds?: 60, body?: 'detail'|'string'|'html', contentType?}, " +
    "unauthorizedCode?: 'sso-required'|'2fa-required'|'sudo-required' (401 with detail {code, message, extra})} -> {id}",
  'POST /_sandbox/faults/clear': 'remove all faults',
  'POST /_sandbox/faults/remove': '{id}',
  'GET|POST /_sandbox/rate-limit': '{limit, windowSeconds, concurrentLimit?} (GET: null when there is no limiter)',
  'GET /_sandbox/features?org=<slug>': "the organization's features",
  'POST /_sandbox/features': '{org, add?: string[], remove?: string[]} -> the features after the change',
  'POST /_sandbox/seer':
    "{issue?, scenario?: 'root-cause'|'fails'|'needs-info'|'with-secret'|'hostile'|'bidi'|'cut', org?, budget?: boolean, hideAiFeatures?: boolean, openMembership?: boolean, project?, repository?: boolean, startRun?: {issue, agoMs?, through?: 'solution'|'code_changes'}, reviseRun?: issue} -> {runs}",
  'POST /_sandbox/link-host': '{host: string|null}',
  'GET /_sandbox/device': 'device requests',
  'POST /_sandbox/device/approve': '{user_code?, org?}',
  'POST /_sandbox/device/deny': '{user_code?}',
  'POST /_sandbox/oauth/auto-approve': '{enabled, org?}',
  'GET /_sandbox/endpoints': '{orgIssues, projectIssues, eventsTable}: what GET on each issue list and on the events table answers',
  'POST /_sandbox/endpoints':
    "{orgIssues?: 'ok'|404|410, projectIssues?: 'ok'|404|410, eventsTable?: 'ok'|404|410, trace?: 'ok'|404, logs?: 'ok'|404} -> {orgIssues, projectIssues, eventsTable, trace, logs}: 404 with no body as a server without the endpoint (or, for the events table, a plan without discover-basic; for trace, a server with only events-trace/; for logs, a server of before the logs datasets), 410 {message} with X-Sentry-Deprecation-Date (and X-Sentry-Replacement-Endpoint for projectIssues); GET only, reset restores 'ok'",
  'GET|POST /_sandbox/organization-list': "{kind: 'all-regions'|'home-region'}: what the main host's organization list holds (profiles.ts)",
  'POST /_sandbox/reset': 'back to the seeded state',
};

function controlRoute(state: SandboxState, control: SandboxControl, defaults: SandboxDefaults, ctx: Ctx): Res {
  const { method, params } = ctx;
  const path = ctx.path.replace(/\/+$/, '') || '/_sandbox';
  let body: Record<string, unknown> = {};
  if (method === 'POST' && ctx.body.trim()) {
    try {
      const parsed = JSON.parse(ctx.body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed;
      else return json(400, { error: 'body must be a JSON object' });
    } catch {
      return json(400, { error: 'body must be JSON' });
    }
  }
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
  const key = `${method} ${path}`;
  try {
    switch (key) {
      case 'GET /_sandbox':
        return json(200, CONTROL_HELP);
      case 'GET /_sandbox/requests': {
        const p = params.get('path');
        const m = params.get('method');
        return json(200, control.requests.list({ path: p ?? undefined, method: m ?? undefined }));
      }
      case 'POST /_sandbox/requests/clear':
        control.requests.clear();
        return json(200, { ok: true });
      case 'GET /_sandbox/clock':
        return json(200, { now: state.now(), iso: iso(state.now()) });
      case 'POST /_sandbox/clock/advance': {
        const ms = Number(body.ms);
        if (!Number.isFinite(ms)) return json(400, { error: 'ms must be a number' });
        const now = control.clock.advance(ms);
        return json(200, { now, iso: iso(now) });
      }
      case 'POST /_sandbox/clock/set': {
        const t = typeof body.now === 'string' ? Date.parse(body.now) : Number(body.now);
        if (!Number.isFinite(t)) return json(400, { error: 'now must be epoch ms or ISO-8601' });
        const now = control.clock.set(t);
        return json(200, { now, iso: iso(now) });
      }
      case 'GET /_sandbox/defaults':
        return json(200, { url: state.url, ...(state.regionUrl ? { regionUrl: state.regionUrl } : {}), ...defaults });
      case 'GET /_sandbox/seed':
        return json(200, { anchor: state.seed.anchor, ...state.seed.summary() });
      case 'GET /_sandbox/seed/locations':
        return json(200, state.seed.locations);
      case 'GET /_sandbox/seed/files':
        return json(200, control.seedFiles({ org: params.get('org') ?? undefined, project: params.get('project') ?? undefined }));
      case 'GET /_sandbox/endpoints':
        return json(200, control.endpoints.get());
      // The traces, logs, replays and feedback of issue 45 (traces.ts, logs.ts).
      case 'GET /_sandbox/traces':
        return json(200, traceSamples(state));
      case 'GET /_sandbox/users': {
        const reports = new Map<string, number>();
        for (const r of seededReports(state.seed)) if (r.issueId) reports.set(r.issueId, (reports.get(r.issueId) ?? 0) + 1);
        return json(200, {
          replays: [...seededReplays(state.seed)].map(([issueId, list]) => ({ issueId, ids: list.map((r) => r.id.replace(/-/g, '')) })),
          feedback: [...reports].map(([issueId, count]) => ({ issueId, count })),
        });
      }
      case 'POST /_sandbox/logs': {
        const log = typeof body.trace === 'string' ? addLog(state, body.trace, String(body.message ?? 'a new log'), typeof body.severity === 'string' ? body.severity : 'info') : undefined;
        return log ? json(200, { id: log.id, precise: log.precise }) : json(404, { error: 'unknown trace' });
      }
      case 'GET /_sandbox/organization-list':
        return json(200, { kind: control.organizationList() });
      case 'POST /_sandbox/organization-list':
        return json(200, { kind: control.organizationList(body.kind as OrganizationList) });
      case 'POST /_sandbox/endpoints': {
        const unknown = Object.keys(body).filter((k) => !(ENDPOINT_NAMES as readonly string[]).includes(k));
        if (unknown.length) return json(400, { error: `unknown endpoint ${unknown.join(', ')}: ${ENDPOINT_NAMES.join(', ')}` });
        return json(
          200,
          control.endpoints.set({
            orgIssues: endpointMode(body.orgIssues),
            projectIssues: endpointMode(body.projectIssues),
            eventsTable: endpointMode(body.eventsTable),
            trace: endpointMode(body.trace),
            logs: endpointMode(body.logs),
          }),
        );
      }
      case 'GET /_sandbox/seed/issues': {
        const project = params.get('project');
        const list = project ? state.seed.issuesOf(project) : state.seed.issues;
        return json(
          200,
          list.map((i) => ({
            id: i.id,
            shortId: i.shortId,
            project: i.project.slug,
            title: i.title,
            status: i.status,
            level: i.level,
            count: i.events.length,
            location: i.location,
            hashes: i.hashes,
            issueCategory: i.issueCategory,
            latestEventMs: i.events[0]?.time ?? null,
          })),
        );
      }
      case 'POST /_sandbox/tokens': {
        const kind = str('kind') ?? 'user';
        if (kind !== 'user' && kind !== 'integration' && kind !== 'org') return json(400, { error: "kind must be 'user', 'integration' or 'org'" });
        const scopes = Array.isArray(body.scopes) ? (body.scopes as string[]) : str('scopes');
        const expiresAt = typeof body.expiresAt === 'number' || typeof body.expiresAt === 'string' ? body.expiresAt : undefined;
        const allowedOrigins = Array.isArray(body.allowedOrigins) ? (body.allowedOrigins as unknown[]).map(String) : undefined;
        return json(200, control.credentials.addToken({ token: str('token'), scopes, kind, expiresAt, org: str('org'), userId: str('userId'), allowedOrigins }));
      }
      case 'POST /_sandbox/tokens/revoke': {
        const token = str('token');
        if (!token) return json(400, { error: 'token is required' });
        return json(200, { revoked: control.credentials.revokeToken(token) });
      }
      case 'POST /_sandbox/api-keys': {
        const scopes = Array.isArray(body.scopes) ? (body.scopes as string[]) : str('scopes');
        return json(200, control.credentials.addApiKey({ key: str('key'), scopes, org: str('org') }));
      }
      case 'POST /_sandbox/dsns':
        return json(200, control.credentials.addDsn({ publicKey: str('publicKey'), project: str('project') }));
      case 'GET /_sandbox/faults':
        return json(200, control.faults.list());
      case 'POST /_sandbox/faults': {
        const id = control.faults.add(body as FaultSpec);
        return json(200, { id });
      }
      case 'POST /_sandbox/faults/clear':
      case 'DELETE /_sandbox/faults':
        control.faults.clear();
        return json(200, { ok: true });
      case 'POST /_sandbox/faults/remove':
        return json(200, { removed: control.faults.remove(String(body.id)) });
      case 'GET /_sandbox/rate-limit':
        return json(200, control.rateLimit.get());
      case 'GET /_sandbox/features':
        return json(200, control.features.get(params.get('org') ?? defaults.org));
      case 'POST /_sandbox/seer': {
        const issue = str('issue');
        if (issue && typeof body.scenario === 'string') control.seer.setScenario(issue, body.scenario as SeerScenario);
        if (typeof body.budget === 'boolean') control.seer.setBudget(str('org') ?? defaults.org, body.budget);
        if (typeof body.repository === 'boolean' && str('project')) control.seer.setRepository(str('project')!, body.repository);
        const access = {
          hideAiFeatures: typeof body.hideAiFeatures === 'boolean' ? body.hideAiFeatures : undefined,
          openMembership: typeof body.openMembership === 'boolean' ? body.openMembership : undefined,
        };
        if (access.hideAiFeatures !== undefined || access.openMembership !== undefined) control.seer.setAccess(str('org') ?? defaults.org, access);
        const start = body.startRun as { issue?: unknown; agoMs?: unknown; through?: unknown } | undefined;
        const through = start?.through === 'solution' || start?.through === 'code_changes' ? start.through : undefined;
        if (start && typeof start.issue === 'string') control.seer.startRun(start.issue, typeof start.agoMs === 'number' ? start.agoMs : 0, through);
        if (typeof body.reviseRun === 'string') control.seer.reviseRun(body.reviseRun);
        return json(200, { runs: control.seer.runs() });
      }
      case 'POST /_sandbox/features': {
        const list = (k: string) => (body[k] === undefined ? undefined : Array.isArray(body[k]) && (body[k] as unknown[]).every((x) => typeof x === 'string') ? (body[k] as string[]) : null);
        const add = list('add');
        const remove = list('remove');
        if (add === null || remove === null) return json(400, { error: 'add and remove are arrays of feature names' });
        return json(200, control.features.set(str('org') ?? defaults.org, { add, remove }));
      }
      case 'POST /_sandbox/rate-limit':
        control.rateLimit.set({
          limit: Number(body.limit),
          windowSeconds: Number(body.windowSeconds ?? 1),
          concurrentLimit: body.concurrentLimit === undefined ? undefined : Number(body.concurrentLimit),
        });
        return json(200, control.rateLimit.get());
      case 'POST /_sandbox/link-host':
        control.setLinkHost(str('host') ?? null);
        return json(200, { linkOrigin: state.linkOrigin() });
      case 'GET /_sandbox/device':
        return json(200, control.device.list());
      case 'POST /_sandbox/device/approve': {
        const r = control.device.approve(str('user_code'), str('org'));
        return json(r.ok ? 200 : 400, r);
      }
      case 'POST /_sandbox/device/deny': {
        const r = control.device.deny(str('user_code'));
        return json(r.ok ? 200 : 400, r);
      }
      case 'POST /_sandbox/oauth/auto-approve':
        control.oauth.setAutoApprove(body.enabled !== false, str('org'));
        return json(200, { ...state.autoApprove });
      case 'GET /_sandbox/writes': {
        const p = params.get('path');
        const bulk = params.get('bulk');
        return json(200, control.triage.writes({ path: p ?? undefined, bulk: bulk === null ? undefined : bulk === 'true' }));
      }
      case 'POST /_sandbox/writes/clear':
        control.triage.clearWrites();
        return json(200, { ok: true });
      case 'GET /_sandbox/writes/without-ids':
        return json(200, control.triage.bulkWithoutIds());
      case 'POST /_sandbox/issues/inject-events': {
        const count = Number(body.count ?? 1);
        if (body.issues !== undefined) {
          if (!Array.isArray(body.issues) || body.issues.some((i) => typeof i !== 'string')) return json(400, { error: 'issues must be an array of issue ids or short IDs' });
          return json(200, control.triage.injectEvents(body.issues as string[], count));
        }
        return json(200, control.triage.injectEvents(String(body.issue), count));
      }
      case 'POST /_sandbox/issues/escalate':
        return json(200, control.triage.escalate(String(body.issue)));
      case 'POST /_sandbox/membership': {
        if (body.open !== undefined) {
          if (typeof body.open !== 'boolean' || typeof body.org !== 'string') return json(400, { error: 'open must be true or false, with the org' });
          return json(200, { org: body.org, open: control.triage.openMembership(body.org, body.open) });
        }
        const projects = body.notMemberOf;
        if (!Array.isArray(projects) || projects.some((x) => typeof x !== 'string')) return json(400, { error: 'notMemberOf must be an array of project ids or slugs' });
        return json(200, { notMemberOf: control.triage.notMemberOf(projects as string[], body.userId === undefined ? undefined : String(body.userId)) });
      }
      case 'GET /_sandbox/issues/state':
        return json(200, control.triage.issue(String(params.get('issue'))));
      case 'POST /_sandbox/cors':
        if (typeof body.enabled !== 'boolean') return json(400, { error: 'enabled must be true or false' });
        state.cors = body.enabled;
        return json(200, { cors: state.cors });
      case 'POST /_sandbox/reset':
        control.reset();
        return json(200, { ok: true });
      default:
        return json(404, { error: `unknown control endpoint ${key}`, endpoints: CONTROL_HELP });
    }
  } catch (e) {
    return json(400, { error: e instanceof Error ? e.message : String(e) });
  }
}

// ------------------------------------------------------------------------------------ server

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const profile = profileNamed(options.profile);
  const lifetime = options.accessTokenLifetimeSeconds;
  if (lifetime !== undefined && !(Number.isFinite(lifetime) && lifetime > 0)) throw new Error(`accessTokenLifetimeSeconds must be a positive number of seconds, not ${lifetime}`);
  const baseNow = options.now ?? (() => Date.now());
  const seed = createSeed(baseNow(), options.workspaceDir ?? WORKSPACE_DIR, { sprawl: options.sprawl, platforms: options.platforms, regions: options.regions });
  const state = new SandboxState(
    seed,
    {
      clientId: options.clientId ?? DEFAULT_CLIENT_ID,
      clientSecret: options.clientSecret,
      rateLimit: options.rateLimit ?? (profile.rateLimiter ? { limit: 1000, windowSeconds: 1 } : null),
      profile,
      features: options.features ?? {},
      deviceInterval: options.deviceInterval ?? 5,
      deviceExpiresIn: options.deviceExpiresIn ?? 600,
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? ACCESS_TOKEN_LIFETIME_S,
      deviceCodePath: profile.deviceCodePath,
      organizationList: options.organizationList ?? profile.organizationList,
      linkHost: options.linkHost ?? null,
      defaults: { authToken: DEFAULT_AUTH_TOKEN, writeToken: DEFAULT_WRITE_TOKEN, apiKey: DEFAULT_API_KEY, dsnPublicKey: DEFAULT_DSN_KEY },
    },
    baseNow,
  );
  useGitWorkspace(state, options.gitWorkspace);
  const control = makeControl(state);
  const defaults: SandboxDefaults = {
    clientId: state.options.clientId,
    ...(options.clientSecret ? { clientSecret: options.clientSecret } : {}),
    authToken: DEFAULT_AUTH_TOKEN,
    writeToken: DEFAULT_WRITE_TOKEN,
    apiKey: DEFAULT_API_KEY,
    dsn: '',
    org: 'acme',
    projects: seed.org('acme')!.projects.map((p) => p.slug),
    profile: profile.name,
    ...(options.regions ? { euToken: EU_TOKEN } : {}),
  };

  const makeServer = (region?: string) => {
    const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
      void handle(req, res, region);
    };
    return options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, listener) : http.createServer(listener);
  };
  const server = makeServer();
  const regionServer = options.regions && profile.regions === 'multi' ? makeServer('de') : undefined;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, region?: string): Promise<void> {
    const started = Date.now();
    const chunks: Buffer[] = [];
    try {
      for await (const c of req) chunks.push(c as Buffer);
    } catch {
      return;
    }
    const body = Buffer.concat(chunks).toString('utf8');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"detail":"Bad request"}');
      return;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const ctx: Ctx = { method, path: url.pathname, query: [...url.searchParams], params: url.searchParams, headers, body, state, ...(region ? { region } : {}) };

    if (!region && (url.pathname === '/_sandbox' || url.pathname.startsWith('/_sandbox/'))) {
      send(res, controlRoute(state, control, defaults, ctx));
      return;
    }

    // A browser's preflight, answered before authentication (test/sandbox/cors.ts). Not logged: the
    // browser sends it, not the extension, and the request it clears is logged as usual.
    if (method === 'OPTIONS' && isApiPath(url.pathname)) {
      send(res, state.cors ? preflight(headers) : { status: 405, headers: { 'content-type': 'text/html' }, body: '<html><body>405 Not Allowed</body></html>' });
      return;
    }
    const entry: RequestLogEntry = { method, path: url.pathname, query: ctx.query, headers, status: 0, at: state.now(), ...(region ? { region } : {}) };
    if (body) entry.body = body;
    state.requests.push(entry);
    if (state.requests.length > MAX_LOG) state.requests.splice(0, state.requests.length - MAX_LOG);
    if (Buffer.byteLength(`${method} ${req.url ?? '/'} HTTP/1.1`) > (options.maxRequestLine ?? 8192)) {
      entry.status = 414;
      res.writeHead(414, { 'content-type': 'text/html' }).end('<html><head><title>414 Request-URI Too Large</title></head><body><center><h1>414 Request-URI Too Large</h1></center></body></html>');
      return;
    }
    state.inFlight++;
    try {
      let query = url.search.slice(1);
      try {
        query = decodeURIComponent(query.replace(/\+/g, ' '));
      } catch {
        // an undecodable query is matched as sent
      }
      const faults = state.takeFaults(method, url.pathname, query, region ?? 'main');
      const latency = faults.reduce((a, f) => a + (f.latencyMs ?? 0), 0);
      if (latency > 0) await sleep(latency);
      const effect = faults.find((f) => f.reset || f.truncated || f.malformed || f.gone || f.html || f.respond || f.rateLimited || f.unauthorizedCode || f.snubaTimeout || f.status !== undefined);
      if (effect?.reset) {
        entry.status = 0;
        req.socket.destroy();
        return;
      }
      let out: Res | undefined = effect && !effect.truncated && !effect.malformed ? faultResponse(state, effect, url.pathname) : undefined;
      if (!out) {
        try {
          out = dispatch(state, ctx);
        } catch (e) {
          out = errorToRes(e);
        }
      }
      if (effect?.malformed && out.json !== undefined) {
        const field = typeof effect.malformed === 'string' ? (effect.malformed as string) : undefined;
        const data = malform(out.json, field);
        out = { ...out, body: JSON.stringify(data), json: data };
      }
      entry.status = out.status;
      if (state.cors && isApiPath(url.pathname)) out = { ...out, headers: { ...out.headers, ...corsHeaders(headers, out.headers.allow) } };
      if (effect?.truncated) {
        const headersOut = { ...out.headers };
        res.writeHead(out.status, headersOut);
        const cut = Math.max(1, Math.floor(out.body.length / 2));
        res.end(out.body.slice(0, cut));
        return;
      }
      send(res, out);
    } finally {
      state.inFlight--;
      if (options.log) {
        console.error(`[sandbox] ${method} ${req.url} -> ${entry.status || 'reset'} (${Date.now() - started} ms)`);
      }
    }
  }

  function send(res: http.ServerResponse, out: Res): void {
    if (res.destroyed) return;
    const buf = Buffer.from(out.body, 'utf8');
    res.writeHead(out.status, { ...out.headers, 'content-length': String(buf.length) });
    res.end(buf);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  state.port = addr.port;
  state.url = `${options.tls ? 'https' : 'http'}://${shownHost}:${addr.port}`;
  if (regionServer) {
    await new Promise<void>((resolve, reject) => {
      regionServer.once('error', reject);
      regionServer.listen(0, host, () => {
        regionServer.off('error', reject);
        resolve();
      });
    });
    state.regionUrl = `${options.tls ? 'https' : 'http'}://${shownHost}:${(regionServer.address() as AddressInfo).port}`;
  }
  state.reset(); // re-seed credentials now that the URL (used by the DSN) is known
  defaults.dsn = state.dsnFor(DEFAULT_DSN_KEY, seed.project('web-frontend')!.id);

  let closed: Promise<void> | undefined;
  return {
    url: state.url,
    regionUrl: state.regionUrl ?? undefined,
    control,
    defaults,
    seed,
    close() {
      if (!closed) {
        const closeOne = (s: http.Server | https.Server) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          });
        closed = Promise.all([closeOne(server), ...(regionServer ? [closeOne(regionServer)] : [])]).then(() => undefined);
      }
      return closed;
    },
  };
}
