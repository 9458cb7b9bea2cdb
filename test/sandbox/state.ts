// Mutable sandbox state: clock, credentials, OAuth grants, device codes, faults, rate limits,
// request log and user reports. Everything here is reset by control.reset().
import { randomBytes } from 'node:crypto';
import type { OrganizationList, Profile } from './profiles';
import type { Assignee, Seed, SeedEvent, SeedIssue, SeedOrg } from './seed';

/** The EU-only user's read token (SandboxOptions.regions): a member of the EU organization alone. */
export const EU_TOKEN = 'sntryu_e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0';

// `org`: an organization auth token (`sntrys_`), made for CI: Sentry gives it only `org:ci`
// (`src/sentry/models/orgauthtoken.py`), so every read answers 403.
export type TokenKind = 'user' | 'integration' | 'oauth' | 'org';

export interface TokenRecord {
  token: string;
  kind: TokenKind;
  scopes: string[];
  issuedAt: number;
  /** ms; null = never expires. */
  expiresAt: number | null;
  revoked: boolean;
  /** Organization slug the token is limited to (OAuth, integration); null = every org of the user. */
  org: string | null;
  /** null for internal-integration tokens. */
  userId: string | null;
  familyId?: string;
  clientId?: string;
  /**
   * The origins a browser page may use it from (an internal integration's "Authorized JavaScript
   * Origins", an API application's allowed origins); none for a personal token (test/sandbox/cors.ts).
   */
  allowedOrigins?: string[];
}

export interface RefreshRecord {
  token: string;
  familyId: string;
  used: boolean;
}

export interface TokenFamily {
  id: string;
  clientId: string;
  scopes: string[];
  org: string;
  userId: string;
  revoked: boolean;
  accessTokens: string[];
  refreshTokens: string[];
}

export interface AuthCodeRecord {
  code: string;
  clientId: string;
  redirectUri: string | null;
  scopes: string[];
  org: string;
  challenge: string | null;
  expiresAt: number;
  used: boolean;
  familyId?: string;
}

export interface DeviceRecord {
  deviceCode: string;
  userCode: string;
  clientId: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  /** Current required polling interval (s); grows by 5 on each slow_down. */
  interval: number;
  lastPoll: number | null;
  status: 'pending' | 'approved' | 'denied' | 'used';
  org: string | null;
}

export interface ApiKeyRecord {
  key: string;
  scopes: string[];
  org: string;
}

export interface DsnRecord {
  dsn: string;
  publicKey: string;
  projectId: string;
}

export interface FaultSpec {
  /** Regular expression (source) matched against the request path (without query). Default: every non-control request. */
  path?: string;
  /** Regular expression (source) matched against the decoded query string (`query=is:unresolved stack.filename:"*x.ts"&limit=100`). */
  query?: string;
  /** Only this HTTP method. */
  method?: string;
  /** Only requests to this host: `de` (the EU region's, SandboxOptions.regions) or `main`. */
  region?: 'de' | 'main';
  /** Apply to the next N matching requests only (default: until cleared). `times` is accepted as an alias. */
  count?: number;
  times?: number;
  /** Delay the response by this many (real) milliseconds. */
  latencyMs?: number;
  /** Answer with this status: 5xx bodies are {"detail":"Internal Error","errorId":"<32 hex>"}. */
  status?: number;
  /** Destroy the socket without answering. */
  reset?: boolean;
  /** Answer the real status and headers but cut the body in the middle of the JSON. */
  truncated?: boolean;
  /** Answer valid JSON of the wrong shape: every top-level field (of each array item) gets the wrong type; a string names the one field to break. */
  malformed?: boolean | string;
  /** 410 {"message":"This API no longer exists."} with X-Sentry-Deprecation-Date / X-Sentry-Replacement-Endpoint. */
  gone?: boolean;
  /** 400 with Sentry's timeout detail, as a search Snuba gave up on answers (sentryAnswers.ts); pair it with `query` to time out one search. */
  snubaTimeout?: boolean;
  /** An HTML error page (text/html), status `status` or 502. */
  html?: boolean;
  /** Answer exactly this (status, headers, raw body): for hostile or unusual server answers. */
  respond?: { status: number; headers?: Record<string, string>; body: string };
  /**
   * A 429 as real servers send it (limit 40 per 1 s, never a Retry-After). `true` is sentry.io's:
   * the JSON `{"detail": ...}` with the X-Sentry-Rate-Limit-* headers, reset 60 s from the sandbox clock.
   */
  rateLimited?: boolean | RateLimitedFault;
  /** A 401 whose `detail` is `{code, message, extra}`, as Sentry answers when the session lacks a step. */
  unauthorizedCode?: UnauthorizedCode;
}

export interface RateLimitedFault {
  /** Send the X-Sentry-Rate-Limit-* headers (default true; self-hosted servers usually send none). */
  headers?: boolean;
  /** X-Sentry-Rate-Limit-Reset is the sandbox clock plus this (default 60). */
  resetInSeconds?: number;
  /** `detail`: `{"detail":"..."}` (default); `string`: the bare JSON string older servers send; `html`: an nginx page. */
  body?: 'detail' | 'string' | 'html';
  /** Overrides the content type (older servers send the bare string as text/html). */
  contentType?: string;
}

export const UNAUTHORIZED_CODES = ['sso-required', '2fa-required', 'sudo-required'] as const;
export type UnauthorizedCode = (typeof UNAUTHORIZED_CODES)[number];

export interface ActiveFault extends FaultSpec {
  id: string;
  remaining: number | null;
  regex: RegExp | null;
  queryRegex: RegExp | null;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: string;
  status: number;
  at: number;
  /** The region host that served it (SandboxOptions.regions: 'de'); absent for the main host. */
  region?: string;
}

/** What an issues list endpoint answers to GET: itself, or 404 (an old server without it) / 410 (a deprecation brown-out). */
export type EndpointMode = 'ok' | 404 | 410;

/** The switches of the two issue list endpoints and the events table (`control.endpoints`, `/_sandbox/endpoints`). */
export interface EndpointSwitch {
  /** GET /api/0/organizations/{org}/issues/ */
  orgIssues: EndpointMode;
  /** GET /api/0/projects/{org}/{project}/issues/ (deprecated) */
  projectIssues: EndpointMode;
  /** GET /api/0/organizations/{org}/events/: 404 as a server or plan without it (no discover-basic feature). */
  eventsTable: EndpointMode;
  /** GET /api/0/organizations/{org}/trace/{id}/ (traces.ts): 404 as a server of before it, which has only events-trace/. */
  trace: EndpointMode;
  /**
   * The logs datasets of the events table (logs.ts): 404 as a server of before them, whose
   * DATASET_OPTIONS (getsentry/sentry src/sentry/snuba/utils.py) has no entry for
   * sentry.snuba.ourlogs.OurLogs yet, so its "dataset must be one of" names neither `logs` nor `ourlogs`.
   */
  logs: EndpointMode;
}

export const ENDPOINT_NAMES: ReadonlyArray<keyof EndpointSwitch> = ['orgIssues', 'projectIssues', 'eventsTable', 'trace', 'logs'];

export const ENDPOINT_MODES: readonly EndpointMode[] = ['ok', 404, 410];

export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
  concurrentLimit?: number;
}

export interface UserReport {
  id: string;
  eventID: string;
  name: string;
  email: string;
  comments: string;
  dateCreated: number;
  projectId: string;
  issueId: string | null;
}

/** One triage PUT (single issue or bulk), whatever its answer: what `control.triage.writes()` lists. */
export interface WriteLogEntry {
  method: string;
  path: string;
  /** The `id` query parameters, in order (empty for a single-issue PUT or a bulk PUT without ids). */
  ids: string[];
  query: Array<[string, string]>;
  /** The parsed JSON body (the raw text when it is not JSON). */
  body: unknown;
  status: number;
  /** The requesting user (null for API keys and integration tokens). */
  userId: string | null;
  /** PUT …/issues/ (organization or project) rather than PUT …/issues/{id}/. */
  bulk: boolean;
  /** A bulk PUT without any `id`: Sentry applies it to every issue matching the query. */
  withoutIds: boolean;
  /** Issue ids the request changed. */
  changed: string[];
  at: number;
}

/** The per-user flags of one issue, for users other than the seed's user (whose flags live on the issue). */
export interface UserFlags {
  hasSeen: boolean;
  isBookmarked: boolean;
  isSubscribed: boolean;
}

/** An archive until a condition is met (statusDetails ignoreDuration / ignoreCount / ignoreUserCount). */
export interface Snooze {
  since: number;
  count?: number;
  /** Minutes. */
  window?: number;
  userCount?: number;
  userWindow?: number;
  /** ms (ignoreDuration). */
  until?: number;
}

interface IssueBaseline {
  status: string;
  statusDetails: Record<string, unknown>;
  substatus: string | null;
  priority: 'high' | 'medium' | 'low';
  hasSeen: boolean;
  isBookmarked: boolean;
  isSubscribed: boolean;
  subscriptionDetails: Record<string, unknown> | null;
  isPublic: boolean;
  shareId: string | null;
  assignedTo: Assignee | null;
  events: SeedEvent[];
  times: number[];
  firstSeen: number;
  lastSeen: number;
  userCount: number;
}

export interface StateOptions {
  clientId: string;
  clientSecret?: string;
  /** null: no limiter (never a 429), as on a self-hosted server. */
  rateLimit: RateLimitConfig | null;
  profile: Profile;
  /** Features per organization (slug or id) on top of the profile's. */
  features: Readonly<Record<string, readonly string[]>>;
  deviceInterval: number;
  deviceExpiresIn: number;
  /** Lifetime of an OAuth access token the token endpoint issues, in seconds. */
  accessTokenLifetimeSeconds: number;
  /** Where the device authorization request is served (the profile's); null: no device flow. */
  deviceCodePath: string | null;
  /** What the main host's organization list holds (the profile's, or SandboxOptions.organizationList). */
  organizationList: OrganizationList;
  linkHost: string | null;
  defaults: { authToken: string; writeToken: string; apiKey: string; dsnPublicKey: string };
}

export const ALL_SCOPES = [
  'org:read',
  'org:write',
  'org:admin',
  'org:integrations',
  'project:read',
  'project:write',
  'project:admin',
  'project:releases',
  'team:read',
  'team:write',
  'team:admin',
  'member:read',
  'member:write',
  'member:admin',
  'event:read',
  'event:write',
  'event:admin',
  'alerts:read',
  'alerts:write',
  'openid',
  'profile',
  'email',
];

export const DEFAULT_SCOPES = ['org:read', 'project:read', 'event:read'];
/** The scopes of `defaults.writeToken`: the defaults plus triage (event:write) and the assignee lists (member:read). */
export const WRITE_SCOPES = ['org:read', 'project:read', 'event:read', 'event:write', 'member:read'];

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** An organization auth token as Sentry writes one: `sntrys_`, base64 of a JSON payload, `_`, a secret (sentry-cli's `org_auth_token.rs`). */
function orgTokenText(org: string): string {
  const payload = Buffer.from(JSON.stringify({ iat: 0, url: '', region_url: '', org }))
    .toString('base64')
    .replace(/=+$/, '');
  return `sntrys_${payload}_${randomBytes(32).toString('base64url')}`;
}

export function normalizeScopes(scopes: string[] | string | undefined): string[] {
  if (scopes === undefined) return [...DEFAULT_SCOPES];
  const list = Array.isArray(scopes) ? scopes : scopes.split(/[\s,]+/);
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}

/** A token the sandbox issues (control.credentials.addToken). */
export interface TokenOptions {
  token?: string;
  scopes?: string[] | string;
  kind?: 'user' | 'integration' | 'org';
  expiresAt?: number | string | null;
  org?: string | null;
  /** A seeded member (`seed.members`) the token acts for; default the seed's user (id 1). */
  userId?: string;
  /** An internal integration's Authorized JavaScript Origins (kind `integration` only). */
  allowedOrigins?: string[];
}

export class SandboxState {
  clockOffset = 0;
  tokens = new Map<string, TokenRecord>();
  refreshTokens = new Map<string, RefreshRecord>();
  families = new Map<string, TokenFamily>();
  authCodes = new Map<string, AuthCodeRecord>();
  devices = new Map<string, DeviceRecord>(); // by device code
  apiKeys = new Map<string, ApiKeyRecord>();
  dsns = new Map<string, DsnRecord>(); // by public key
  faults: ActiveFault[] = [];
  rateLimit: RateLimitConfig | null;
  /** Per organization id, its features (the profile's, the option's, and control.features' changes). */
  orgFeatures = new Map<string, Set<string>>();
  rateWindows = new Map<string, { windowStart: number; count: number }>();
  inFlight = 0;
  linkHost: string | null;
  /** Whether API answers carry Sentry's CORS headers (false: a reverse proxy in front that drops them and refuses preflights). */
  cors = true;
  autoApprove: { enabled: boolean; org: string | null } = { enabled: false, org: null };
  requests: RequestLogEntry[] = [];
  userReports: UserReport[] = [];
  nextFaultId = 1;
  nextReportId = 1;
  /** Every triage PUT, oldest first. */
  writes: WriteLogEntry[] = [];
  /** How many bulk PUTs came without any `id` (each changes every issue matching the query on a real server). */
  bulkWithoutIds = 0;
  bulkWithoutIdsRequests: WriteLogEntry[] = [];
  /** Per-user flags by `${userId}:${issueId}`, for users other than the seed's user. */
  userFlags = new Map<string, UserFlags>();
  /** Issues in the inbox ("for review"); seeded as the unresolved issues the seed's user has not seen. */
  inbox = new Set<string>();
  snoozes = new Map<string, Snooze>();
  priorityLockedAt = new Map<string, number>();
  /** Per user id, the ids of projects whose teams the user was taken off (membership.ts), beyond the seeded teams. */
  notMemberOf = new Map<string, Set<string>>();
  /** Ids of the organizations whose open membership is off (membership.ts); every one is open after a reset, Sentry's default. */
  closedMembership = new Set<string>();
  nextInjected = 1;
  /** GET on the issue lists: served, or 404 / 410 (reset to 'ok'). */
  endpoints: EndpointSwitch = { orgIssues: 'ok', projectIssues: 'ok', eventsTable: 'ok', trace: 'ok', logs: 'ok' };
  /** What the main host's organization list holds now (control.organizationList; reset to the options'). */
  organizationList: OrganizationList = 'all-regions';
  private readonly baseline = new Map<string, IssueBaseline>();
  /** Set once the server listens. */
  url = '';
  /** The EU region host's base URL on a multi-region profile with SandboxOptions.regions, else null. */
  regionUrl: string | null = null;
  port = 0;

  constructor(
    readonly seed: Seed,
    readonly options: StateOptions,
    private readonly baseNow: () => number,
  ) {
    this.rateLimit = options.rateLimit && { ...options.rateLimit };
    this.linkHost = options.linkHost;
    for (const org of Object.keys(options.features)) if (!seed.org(org)) throw new Error(`features: unknown org ${org}`);
    for (const i of seed.issues) {
      this.baseline.set(i.id, {
        status: i.status,
        statusDetails: i.statusDetails,
        substatus: i.substatus,
        priority: i.priority,
        hasSeen: i.hasSeen,
        isBookmarked: i.isBookmarked,
        isSubscribed: i.isSubscribed,
        subscriptionDetails: i.subscriptionDetails,
        isPublic: i.isPublic,
        shareId: i.shareId,
        assignedTo: i.assignedTo,
        events: i.events,
        times: i.times,
        firstSeen: i.firstSeen,
        lastSeen: i.lastSeen,
        userCount: i.userCount,
      });
    }
    this.reset();
  }

  /** Issues back to their seeded triage state (status, assignee, flags, inbox, injected events). */
  private resetIssues(): void {
    for (const i of this.seed.issues) {
      const b = this.baseline.get(i.id)!;
      Object.assign(i, { ...b, status: b.status as typeof i.status });
    }
    this.writes = [];
    this.bulkWithoutIds = 0;
    this.bulkWithoutIdsRequests = [];
    this.userFlags.clear();
    this.snoozes.clear();
    this.priorityLockedAt.clear();
    this.notMemberOf.clear();
    this.closedMembership.clear();
    this.inbox = new Set(this.seed.issues.filter((i) => i.status === 'unresolved' && !i.hasSeen).map((i) => i.id));
  }

  now(): number {
    return this.baseNow() + this.clockOffset;
  }

  get profile(): Profile {
    return this.options.profile;
  }

  /**
   * Whether the issue's seen stats are missing on this profile's server: its firstSeen and lastSeen
   * are null where the document allows it, until new events arrive (injected ones).
   */
  seenStatsLost(issue: SeedIssue): boolean {
    return this.options.profile.missingSeenStats(issue) && this.baseline.get(issue.id)?.events === issue.events;
  }

  /** Whether the organization has a feature now. */
  hasFeature(org: SeedOrg, feature: string): boolean {
    return this.orgFeatures.get(org.id)?.has(feature) ?? false;
  }

  private resetFeatures(): void {
    this.orgFeatures.clear();
    for (const org of this.seed.orgs) {
      const extra = this.options.features[org.slug] ?? this.options.features[org.id] ?? [];
      this.orgFeatures.set(org.id, new Set([...this.options.profile.orgFeatures, ...extra]));
    }
  }

  /** Seer's runs and settings (seer.ts owns their shape), cleared on reset. */
  seer: unknown = undefined;
  /** The second each caller last asked the event-ID lookup (lookups.ts, its own 1 a second), cleared on reset. */
  readonly eventIdAsked = new Map<string, number>();

  reset(): void {
    this.clockOffset = 0;
    this.seer = undefined;
    this.eventIdAsked.clear();
    this.tokens.clear();
    this.refreshTokens.clear();
    this.families.clear();
    this.authCodes.clear();
    this.devices.clear();
    this.apiKeys.clear();
    this.dsns.clear();
    this.faults = [];
    this.rateLimit = this.options.rateLimit && { ...this.options.rateLimit };
    this.rateWindows.clear();
    this.resetFeatures();
    this.linkHost = this.options.linkHost;
    this.cors = true;
    this.autoApprove = { enabled: false, org: null };
    this.requests = [];
    this.userReports = [];
    this.nextReportId = 1;
    this.endpoints = { orgIssues: 'ok', projectIssues: 'ok', eventsTable: 'ok', trace: 'ok', logs: 'ok' };
    this.organizationList = this.options.organizationList;
    this.resetIssues();
    const d = this.options.defaults;
    this.addToken({ token: d.authToken, scopes: DEFAULT_SCOPES, kind: 'user' });
    this.addToken({ token: d.writeToken, scopes: WRITE_SCOPES, kind: 'user' });
    if (this.seed.euUser) this.addToken({ token: EU_TOKEN, scopes: DEFAULT_SCOPES, kind: 'user', userId: this.seed.euUser.id });
    this.addApiKey({ key: d.apiKey, scopes: ['org:read', 'project:read', 'project:write', 'event:read', 'event:write'], org: 'acme' });
    const web = this.seed.project('web-frontend')!;
    this.dsns.set(d.dsnPublicKey, { dsn: this.dsnFor(d.dsnPublicKey, web.id), publicKey: d.dsnPublicKey, projectId: web.id });
  }

  dsnFor(publicKey: string, projectId: string): string {
    const host = this.url ? new URL(this.url).host : '127.0.0.1';
    return `http://${publicKey}@${host}/${projectId}`;
  }

  addToken(opts: TokenOptions): TokenRecord {
    // Sentry keeps allowed origins on API applications (and so internal integrations), not on a user's own token.
    if (opts.allowedOrigins?.length && opts.kind !== 'integration') throw new Error('allowedOrigins belong to an internal integration token (kind: integration)');
    if (opts.userId !== undefined && !this.seed.members.some((m) => m.id === opts.userId) && this.seed.euUser?.id !== opts.userId)
      throw new Error(`userId must be a seeded member's id, not ${opts.userId}`);
    const kind = opts.kind ?? 'user';
    let expiresAt: number | null = null;
    if (typeof opts.expiresAt === 'number') expiresAt = opts.expiresAt;
    else if (typeof opts.expiresAt === 'string') {
      expiresAt = Date.parse(opts.expiresAt);
      if (Number.isNaN(expiresAt)) throw new Error('expiresAt must be epoch ms or an ISO-8601 date');
    }
    const record: TokenRecord = {
      token: opts.token ?? (kind === 'integration' ? randomHex(32) : kind === 'org' ? orgTokenText(opts.org ?? 'acme') : `sntryu_${randomHex(32)}`),
      kind,
      // An organization token has org:ci whatever is asked: Sentry offers no other scope for it.
      scopes: kind === 'org' ? ['org:ci'] : normalizeScopes(opts.scopes),
      issuedAt: this.now(),
      expiresAt,
      revoked: false,
      org: opts.org ?? (kind === 'integration' || kind === 'org' ? 'acme' : null),
      userId: kind === 'integration' || kind === 'org' ? null : (opts.userId ?? this.seed.user.id),
      ...(opts.allowedOrigins?.length ? { allowedOrigins: [...opts.allowedOrigins] } : {}),
    };
    this.tokens.set(record.token, record);
    return record;
  }

  /** Revoke an access token, or a refresh token (which revokes its whole family). */
  revokeToken(token: string): boolean {
    const t = this.tokens.get(token);
    if (t) {
      t.revoked = true;
      return true;
    }
    const rt = this.refreshTokens.get(token);
    if (rt) {
      this.revokeFamily(rt.familyId);
      return true;
    }
    return false;
  }

  revokeFamily(familyId: string): void {
    const family = this.families.get(familyId);
    if (!family) return;
    family.revoked = true;
    for (const a of family.accessTokens) {
      const t = this.tokens.get(a);
      if (t) t.revoked = true;
    }
  }

  addApiKey(opts: { key?: string; scopes?: string[] | string; org?: string }): ApiKeyRecord {
    const record: ApiKeyRecord = { key: opts.key ?? randomHex(16), scopes: normalizeScopes(opts.scopes), org: opts.org ?? 'acme' };
    this.apiKeys.set(record.key, record);
    return record;
  }

  addDsn(opts: { publicKey?: string; project?: string }): DsnRecord {
    const project = this.seed.project(opts.project ?? 'web-frontend');
    if (!project) throw new Error(`unknown project ${opts.project}`);
    const publicKey = opts.publicKey ?? randomHex(16);
    const record: DsnRecord = { dsn: this.dsnFor(publicKey, project.id), publicKey, projectId: project.id };
    this.dsns.set(publicKey, record);
    return record;
  }

  addFault(spec: FaultSpec): ActiveFault {
    if (spec.unauthorizedCode !== undefined && !UNAUTHORIZED_CODES.includes(spec.unauthorizedCode)) {
      throw new Error(`unauthorizedCode must be one of ${UNAUTHORIZED_CODES.join(', ')}`);
    }
    const body = typeof spec.rateLimited === 'object' ? spec.rateLimited.body : undefined;
    if (body !== undefined && !['detail', 'string', 'html'].includes(body)) throw new Error('rateLimited.body must be detail, string or html');
    let regex: RegExp | null = null;
    if (spec.path !== undefined) regex = new RegExp(spec.path);
    const count = spec.count ?? spec.times;
    const queryRegex = spec.query !== undefined ? new RegExp(spec.query) : null;
    const fault: ActiveFault = { ...spec, id: `fault-${this.nextFaultId++}`, remaining: count ?? null, regex, queryRegex };
    this.faults.push(fault);
    return fault;
  }

  /** Faults matching this request; consumes one use of each. */
  takeFaults(method: string, path: string, query = '', region = 'main'): ActiveFault[] {
    const hits = this.faults.filter(
      (f) =>
        (!f.method || f.method.toUpperCase() === method) &&
        (!f.region || f.region === region) &&
        (!f.regex || f.regex.test(path)) &&
        (!f.queryRegex || f.queryRegex.test(query)) &&
        (f.remaining === null || f.remaining > 0),
    );
    for (const f of hits) if (f.remaining !== null) f.remaining--;
    this.faults = this.faults.filter((f) => f.remaining === null || f.remaining > 0);
    return hits;
  }

  /** Origin used in Link headers. */
  linkOrigin(): string {
    const h = this.linkHost;
    if (!h) return this.url;
    if (/^https?:\/\//.test(h)) return h.replace(/\/$/, '');
    if (h.includes(':')) return `http://${h}`;
    return `http://${h}:${this.port}`;
  }

  findDeviceByUserCode(userCode: string): DeviceRecord | undefined {
    const norm = normalizeUserCode(userCode);
    if (!norm) return undefined;
    for (const d of this.devices.values()) if (d.userCode === norm) return d;
    return undefined;
  }

  latestPendingDevice(): DeviceRecord | undefined {
    let found: DeviceRecord | undefined;
    for (const d of this.devices.values()) if (d.status === 'pending' && d.expiresAt > this.now()) found = d;
    return found;
  }
}

export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** `bcdf ghjk`, `BCDFGHJK`, `bcdf-ghjk` -> `BCDF-GHJK`; null when it cannot be a user code. */
export function normalizeUserCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  if (compact.length !== 8) return null;
  for (const c of compact) if (!USER_CODE_ALPHABET.includes(c)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}

export function newUserCode(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (let i = 0; i < 8; i++) out += USER_CODE_ALPHABET[bytes[i] % USER_CODE_ALPHABET.length];
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}
