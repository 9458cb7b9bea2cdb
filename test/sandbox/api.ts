// The /api/0/ endpoints: authentication, scopes, organizations, projects, issues, events,
// tag details and user reports, with Sentry's paging, errors and search.
import { DETAIL, fail, HttpError, json, paginate, pageSize, parseCursor, Res } from './http';
import { hash32 } from './prng';
import { matchValue, parseDateFilter, parseNumberFilter, parseQuery, searchError, Term } from './search';
import { flagsOf, serializeUser, teamsOf } from './people';
import { iso, SeedEvent, SeedIssue, SeedOrg, SeedProject } from './seed';
import type { SandboxState } from './state';
import { retrieveIssueEvent } from './eventDetails';
import type { SiteFrame } from './workspace';

export interface Ctx {
  method: string;
  path: string;
  query: Array<[string, string]>;
  params: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  state: SandboxState;
}

// ---------------------------------------------------------------------------------------------
// Authentication

export interface Principal {
  kind: 'user' | 'integration' | 'oauth' | 'apikey' | 'dsn';
  scopes: Set<string>;
  /** Organization slug the credential is limited to; null = every org of the user. */
  org: string | null;
  userId: string | null;
  /** DSN credentials only. */
  projectId?: string;
}

export function authenticate(ctx: Ctx, opts: { allowDsn?: boolean } = {}): Principal {
  const state = ctx.state;
  const header = ctx.headers['authorization'];
  if (!header || !header.trim()) fail(401, DETAIL.notProvided);
  const m = /^(\S+)\s*(.*)$/.exec(header.trim())!;
  const scheme = m[1].toLowerCase();
  const cred = m[2].trim();
  if (scheme === 'bearer') {
    if (!cred) fail(401, DETAIL.invalidToken);
    const t = state.tokens.get(cred);
    if (!t || t.revoked) fail(401, DETAIL.invalidToken);
    if (t.expiresAt !== null && state.now() >= t.expiresAt) fail(401, DETAIL.expired);
    return { kind: t.kind, scopes: new Set(t.scopes), org: t.org, userId: t.userId };
  }
  if (scheme === 'basic') {
    let decoded: string;
    try {
      decoded = Buffer.from(cred, 'base64').toString('utf8');
    } catch {
      fail(401, 'Invalid basic header. Credentials not correctly base64 encoded.');
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) fail(401, 'Invalid basic header. Credentials not correctly base64 encoded.');
    const key = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const record = state.apiKeys.get(key);
    if (!record || password !== '') fail(401, DETAIL.invalidToken);
    return { kind: 'apikey', scopes: new Set(record.scopes), org: record.org, userId: null };
  }
  if (scheme === 'dsn' && opts.allowDsn) {
    let publicKey: string;
    try {
      publicKey = decodeURIComponent(new URL(cred).username);
    } catch {
      publicKey = cred;
    }
    const record = state.dsns.get(publicKey);
    if (!record) fail(401, DETAIL.invalidToken);
    return { kind: 'dsn', scopes: new Set(), org: null, userId: null, projectId: record.projectId };
  }
  // Unknown scheme (or DSN where it is not supported): nothing this endpoint recognises.
  fail(401, DETAIL.notProvided);
}

export function requireScope(p: Principal, anyOf: string[]): void {
  if (!anyOf.some((s) => p.scopes.has(s))) fail(403, DETAIL.forbidden);
}

export function resolveOrg(ctx: Ctx, p: Principal, key: string): SeedOrg {
  const org = ctx.state.seed.org(key);
  if (!org) fail(404, DETAIL.notFound);
  if (p.org !== null && p.org !== org.slug && p.org !== org.id) fail(403, DETAIL.forbidden);
  return org;
}

export function resolveProject(org: SeedOrg, key: string): SeedProject {
  const project = org.projects.find((p) => p.slug === key || p.id === key);
  if (!project) fail(404, DETAIL.notFound);
  return project;
}

export function resolveIssue(ctx: Ctx, org: SeedOrg, key: string): SeedIssue {
  if (!/^\d+$/.test(key)) fail(404, DETAIL.notFound);
  const issue = ctx.state.seed.issue(key);
  if (!issue || issue.project.org !== org) fail(404, DETAIL.notFound);
  return issue;
}

function flag(v: string | null): boolean {
  return v !== null && ['1', 'true', 'yes'].includes(v.toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Serializers

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function serializeOrg(state: SandboxState, org: SeedOrg): Record<string, unknown> {
  return {
    avatar: { avatarType: 'letter_avatar', avatarUuid: null },
    dateCreated: iso(org.dateCreated),
    features: ['onboarding', 'advanced-search', 'issue-platform', 'user-feedback-ui'],
    hasAuthProvider: false,
    id: org.id,
    isEarlyAdopter: false,
    allowMemberInvite: true,
    allowMemberProjectCreation: true,
    allowSuperuserAccess: false,
    links: { organizationUrl: `http://${org.slug}.localhost:${state.port}`, regionUrl: state.url },
    name: org.name,
    require2FA: false,
    slug: org.slug,
    status: { id: 'active', name: 'active' },
  };
}

const projectEnvironments = new WeakMap<SeedProject, string[]>();
function environmentsOf(p: SeedProject): string[] {
  let envs = projectEnvironments.get(p);
  if (!envs) {
    envs = [...new Set(p.issues.flatMap((i) => i.events.map((e) => e.environment)))].sort();
    projectEnvironments.set(p, envs);
  }
  return envs;
}

/** Every field Sentry's OpenAPI requires of a project in the organization's project list. */
export function serializeProject(p: SeedProject): Record<string, unknown> {
  const team = { id: String(Number(p.org.id) * 100 + 1), name: `${p.org.name} Engineering`, slug: 'engineering' };
  const latest = p.releases[p.releases.length - 1];
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    platform: p.platform,
    platforms: [p.platform],
    dateCreated: iso(p.dateCreated),
    isBookmarked: false,
    isMember: true,
    hasAccess: true,
    access: ['event:read', 'member:read', 'org:read', 'project:read', 'project:releases', 'team:read'],
    features: [],
    firstEvent: iso(p.issues.reduce((a, i) => Math.min(a, i.firstSeen), Infinity)),
    firstTransactionEvent: false,
    hasFeedbacks: p.issues.some((i) => i.issueCategory === 'feedback'),
    hasNewFeedbacks: false,
    hasFlags: false,
    hasMinifiedStackTrace: p.platform === 'javascript',
    hasMonitors: false,
    hasProfiles: false,
    hasReplays: false,
    hasSessions: false,
    hasLogs: false,
    hasTraceMetrics: false,
    hasUserReports: false,
    hasInsightsHttp: false,
    hasInsightsDb: false,
    hasInsightsAssets: false,
    hasInsightsAppStart: false,
    hasInsightsScreenLoad: false,
    hasInsightsVitals: false,
    hasInsightsCaches: false,
    hasInsightsQueues: false,
    hasInsightsAgentMonitoring: false,
    hasInsightsMCP: false,
    environments: environmentsOf(p),
    latestRelease: latest ? { version: latest.version } : null,
    team,
    teams: [team],
    status: 'active',
    organization: { id: p.org.id, slug: p.org.slug, name: p.org.name },
  };
}

function bucketCounts(times: number[], start: number, size: number, n: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let lo = lowerBound(times, start);
  for (let k = 0; k < n; k++) {
    const b = start + k * size;
    const hi = lowerBound(times, b + size);
    out.push([Math.floor(b / 1000), hi - lo]);
    lo = hi;
  }
  return out;
}

function lowerBound(a: number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function issueStats(issue: SeedIssue, period: '24h' | '14d', now: number): Array<[number, number]> {
  if (period === '24h') {
    const last = Math.floor(now / HOUR) * HOUR;
    return bucketCounts(issue.times, last - 23 * HOUR, HOUR, 24);
  }
  const last = Math.floor(now / DAY) * DAY;
  return bucketCounts(issue.times, last - 13 * DAY, DAY, 14);
}

/** The issue's statusDetails as served: a resolution's `actor` is a full user, as Sentry serializes it. */
export function serializeStatusDetails(state: SandboxState, details: Record<string, unknown>): Record<string, unknown> {
  const actor = details.actor as { id?: string } | undefined;
  if (!actor) return details;
  const member = state.seed.members.find((m) => m.id === actor.id) ?? state.seed.user;
  return { ...details, actor: serializeUser(member, state.seed.anchor - 400 * DAY) };
}

/**
 * One issue as the lists serve it. `userId` is the requesting user: hasSeen, isBookmarked and
 * isSubscribed are theirs (the seed's user when left out).
 */
export function serializeIssue(state: SandboxState, issue: SeedIssue, statsPeriod: string, userId: string | null = state.seed.user.id): Record<string, unknown> {
  const p = issue.project;
  const stats: Record<string, unknown> = {};
  if (statsPeriod === '24h' || statsPeriod === '14d') stats[statsPeriod] = issueStats(issue, statsPeriod, state.now());
  const a = issue.assignedTo;
  const flags = flagsOf(state, issue, userId);
  const lockedAt = state.priorityLockedAt.get(issue.id);
  return {
    id: issue.id,
    shareId: issue.shareId,
    shortId: issue.shortId,
    title: issue.title,
    culprit: issue.culprit,
    permalink: `${state.url}/organizations/${p.org.slug}/issues/${issue.id}/`,
    logger: issue.logger,
    level: issue.level,
    status: issue.status,
    statusDetails: serializeStatusDetails(state, issue.statusDetails),
    substatus: issue.substatus,
    isPublic: issue.isPublic,
    platform: p.platform,
    project: { id: p.id, name: p.name, slug: p.slug, platform: p.platform },
    type: issue.type,
    metadata: issue.metadata,
    numComments: issue.numComments,
    assignedTo: a ? { type: a.type, id: a.id, name: a.name, ...(a.email !== undefined ? { email: a.email } : {}) } : null,
    isBookmarked: flags.isBookmarked,
    isSubscribed: flags.isSubscribed,
    subscriptionDetails: userId === null || userId === state.seed.user.id ? issue.subscriptionDetails : flags.isSubscribed ? { reason: 'unknown' } : null,
    hasSeen: flags.hasSeen,
    annotations: [],
    issueType: issue.issueType,
    issueCategory: issue.issueCategory,
    priority: issue.priority,
    priorityLockedAt: lockedAt === undefined ? null : iso(lockedAt),
    isUnhandled: issue.isUnhandled,
    count: String(issue.events.length),
    userCount: issue.userCount,
    firstSeen: isoSeconds(issue.firstSeen),
    lastSeen: isoSeconds(issue.lastSeen),
    stats,
  };
}

/** The event's tags as [key, value] pairs, sorted by key. */
export function eventTags(ev: SeedEvent): Array<[string, string]> {
  const tags: Array<[string, string]> = [];
  const issue = ev.issue;
  if (ev.browser) {
    tags.push(['browser', ev.browser], ['browser.name', ev.browser.replace(/ [\d.]+$/, '')]);
  }
  if (ev.device) tags.push(['device', ev.device]);
  tags.push(['environment', ev.environment]);
  tags.push(['handled', ev.handled ? 'yes' : 'no']);
  tags.push(['level', issue.level]);
  tags.push(['mechanism', ev.mechanism]);
  if (ev.os) tags.push(['os', ev.os], ['os.name', ev.os.replace(/ [\d.]+$/, '')]);
  tags.push(['release', ev.release]);
  if (ev.runtime) tags.push(['runtime', ev.runtime], ['runtime.name', ev.runtime.replace(/ [\d.]+$/, '')]);
  if (ev.serverName) tags.push(['server_name', ev.serverName]);
  tags.push(['transaction', ev.transaction]);
  if (ev.url) tags.push(['url', ev.url]);
  if (ev.user) tags.push(['user', `id:${ev.user.id}`]);
  tags.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return tags;
}

function absPathFor(issue: SeedIssue, f: SiteFrame): string {
  if (f.absPath) return f.absPath;
  switch (issue.absPathStyle) {
    case 'webpack':
      return `webpack:///./${f.filename}`;
    case 'app':
      return `app:///${f.filename}`;
    default:
      return `/srv/app/${f.filename}`;
  }
}

export function serializeFrame(issue: SeedIssue, f: SiteFrame): Record<string, unknown> {
  return {
    function: f.function,
    errors: null,
    colNo: f.colNo,
    vars: f.vars,
    package: null,
    absPath: absPathFor(issue, f),
    inApp: f.inApp,
    lineNo: f.lineNo,
    module: f.module,
    filename: f.filename,
    platform: null,
    instructionAddr: null,
    context: f.context,
    symbolAddr: null,
    trust: null,
    symbol: null,
  };
}

export function serializeEvent(ev: SeedEvent, full: boolean): Record<string, unknown> {
  const issue = ev.issue;
  const tags = eventTags(ev).map(([key, value]) => (key === 'level' || key === 'runtime' ? { value, key } : { key, value }));
  const ex = issue.exception;
  const out: Record<string, unknown> = {
    eventID: ev.eventID,
    tags,
    dateCreated: isoSeconds(ev.time),
    user: ev.user ? { id: ev.user.id, email: ev.user.email, username: ev.user.username, ip_address: ev.user.ip_address, name: ev.user.name, data: null } : null,
    message: ev.message,
    title: issue.title,
    id: ev.eventID,
    platform: issue.project.platform,
    'event.type': issue.issueCategory === 'feedback' ? 'generic' : 'error',
    groupID: issue.id,
    crashFile: null,
    location: issue.location,
    culprit: issue.culprit,
    projectID: issue.project.id,
    metadata: ex ? { type: ex.type, value: ex.value } : { title: 'User Feedback', value: ev.message },
  };
  if (!full) return out;
  const entries: unknown[] = [];
  if (ex) {
    const frames = issue.frames;
    entries.push({
      type: 'exception',
      data: {
        values: [
          {
            type: ex.type,
            value: ex.value,
            module: ex.module,
            mechanism: { type: ex.mechanism, handled: ex.handled },
            threadId: null,
            stacktrace: frames ? { frames: frames.map((f) => serializeFrame(issue, f)), framesOmitted: null, registers: null, hasSystemFrames: frames.some((f) => !f.inApp) } : null,
            rawStacktrace: null,
          },
        ],
        excOmitted: null,
        hasSystemFrames: frames ? frames.some((f) => !f.inApp) : false,
      },
    });
  } else {
    entries.push({ type: 'message', data: { formatted: ev.message, message: null, params: null } });
  }
  entries.push({
    type: 'breadcrumbs',
    data: {
      values: [
        { category: 'navigation', level: 'info', event_id: null, timestamp: iso(ev.time - 4200), data: { from: '/', to: ev.transaction }, message: null, type: 'navigation' },
        { category: 'console', level: 'warning', event_id: null, timestamp: iso(ev.time - 800), data: null, message: `about to fail in ${issue.culprit}`, type: 'debug' },
      ],
    },
  });
  if (ev.url) {
    entries.push({
      type: 'request',
      data: {
        url: ev.url,
        method: issue.project.platform === 'python' ? 'POST' : 'GET',
        query: [],
        fragment: null,
        data: null,
        headers: [['User-Agent', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36']],
        cookies: [],
        env: null,
        inferredContentType: null,
      },
    });
  }
  out.entries = entries;
  out.dist = null;
  out.dateReceived = iso(ev.time + 321);
  out.fingerprints = [issue.hashes[0]];
  out.sdk = issue.project.platform === 'javascript' ? { name: 'sentry.javascript.react', version: '8.13.0' } : { name: 'sentry.python.flask', version: '2.7.1' };
  out.contexts = {
    ...(ev.browser ? { browser: { name: ev.browser.replace(/ [\d.]+$/, ''), version: ev.browser.replace(/^.* /, ''), type: 'browser' } } : {}),
    ...(ev.os ? { os: { name: ev.os.replace(/ [\d.]+$/, ''), type: 'os' } } : {}),
    ...(ev.runtime ? { runtime: { name: ev.runtime.replace(/ [\d.]+$/, ''), version: ev.runtime.replace(/^.* /, ''), type: 'runtime' } } : {}),
  };
  return out;
}

const TAG_LABELS: Record<string, string> = {
  'sentry:user': 'User',
  user: 'User',
  'sentry:release': 'Release',
  release: 'Release',
  server_name: 'Server',
  url: 'URL',
  environment: 'Environment',
  browser: 'Browser',
  'browser.name': 'Browser.Name',
  os: 'OS',
  'os.name': 'OS.Name',
  device: 'Device',
  level: 'Level',
  transaction: 'Transaction',
  runtime: 'Runtime',
  'runtime.name': 'Runtime.Name',
  handled: 'Handled',
  mechanism: 'Mechanism',
};

function tagKeyLabel(key: string): string {
  return TAG_LABELS[key] ?? key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Routes

export type Handler = (ctx: Ctx, m: RegExpExecArray) => Res;
export type Route = { re: RegExp; methods: Record<string, Handler> };

const ROUTES: Route[] = [
  { re: /^\/api\/0\/organizations\/$/, methods: { GET: listOrganizations } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/$/, methods: { GET: retrieveOrganization } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/projects\/$/, methods: { GET: listProjects } },
  { re: /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/issues\/$/, methods: { GET: listProjectIssues } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/events\/$/, methods: { GET: listIssueEvents } },
  // eventDetails.ts imports this module: the handler is looked up when called, whichever module loads first.
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/events\/([^/]+)\/$/, methods: { GET: (ctx, m) => retrieveIssueEvent(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/tags\/([^/]+)\/$/, methods: { GET: tagDetails } },
  { re: /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/user-reports\/$/, methods: { GET: listUserReports, POST: createUserReport } },
  { re: /^\/api\/0\/([^/]+)\/([^/]+)\/user-reports\/$/, methods: { GET: listUserReports, POST: createUserReport } },
];

/**
 * The first route whose pattern matches the path, its groups URL-decoded (a group that does not
 * decode is a 404, as on a real server), and the handler for the method (HEAD falls back to GET).
 */
export function matchRoute<R extends Route>(routes: readonly R[], ctx: Ctx): { route: R; m: RegExpExecArray; handler?: Handler } | undefined {
  for (const route of routes) {
    const m = route.re.exec(ctx.path);
    if (!m) continue;
    for (let i = 1; i < m.length; i++) {
      try {
        m[i] = decodeURIComponent(m[i]);
      } catch {
        fail(404, DETAIL.notFound);
      }
    }
    return { route, m, handler: route.methods[ctx.method] ?? (ctx.method === 'HEAD' ? route.methods.GET : undefined) };
  }
  return undefined;
}

/** 405 naming the methods a route allows. */
export function methodNotAllowed(ctx: Ctx, allowed: readonly string[]): never {
  throw new HttpError(405, { detail: `Method "${ctx.method}" not allowed.` }, { allow: allowed.join(', ') });
}

export function handleApi(ctx: Ctx): Res {
  const hit = matchRoute(ROUTES, ctx);
  if (!hit) fail(404, DETAIL.notFound);
  if (!hit.handler) methodNotAllowed(ctx, Object.keys(hit.route.methods));
  return hit.handler(ctx, hit.m);
}

export function pageCtx(ctx: Ctx) {
  return { linkOrigin: ctx.state.linkOrigin(), path: ctx.path, query: ctx.query };
}

function listOrganizations(ctx: Ctx): Res {
  const p = authenticate(ctx);
  requireScope(p, ['org:read', 'org:write', 'org:admin']);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const orgs = ctx.state.seed.orgs.filter((o) => p.org === null || p.org === o.slug);
  const { page, link } = paginate(pageCtx(ctx), orgs, cursor, limit);
  return json(
    200,
    page.map((o) => serializeOrg(ctx.state, o)),
    { link },
  );
}

function retrieveOrganization(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  // Rule 1: a user-specific endpoint; internal-integration tokens and API keys are refused.
  if (p.kind !== 'user' && p.kind !== 'oauth') fail(403, DETAIL.forbidden);
  requireScope(p, ['org:read', 'org:write', 'org:admin']);
  return json(200, {
    ...serializeOrg(ctx.state, org),
    role: 'owner',
    orgRole: 'owner',
    access: [...p.scopes].sort(),
    projects: org.projects.map(serializeProject),
    isDefault: false,
    defaultRole: 'member',
    openMembership: true,
  });
}

function listProjects(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['project:read', 'project:write', 'project:admin']);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const { page, link } = paginate(pageCtx(ctx), org.projects, cursor, limit);
  return json(200, page.map(serializeProject), { link });
}

// ------------------------------------------------------------------------------- project issues

const IS_VALUES = ['unresolved', 'resolved', 'ignored', 'archived', 'assigned', 'unassigned', 'for_review', 'bookmarked', 'new', 'ongoing', 'regressed', 'escalating', 'linked', 'unlinked'];

const tagValueCache = new WeakMap<SeedIssue, Map<string, Set<string>>>();
export function issueTagValues(issue: SeedIssue): Map<string, Set<string>> {
  let map = tagValueCache.get(issue);
  if (!map) {
    map = new Map();
    for (const ev of issue.events) {
      for (const [k, v] of eventTags(ev)) {
        let set = map.get(k);
        if (!set) map.set(k, (set = new Set()));
        set.add(v);
      }
    }
    tagValueCache.set(issue, map);
  }
  return map;
}

export function issuePredicate(ctx: Ctx, p: Principal, project: SeedProject, term: Term): (i: SeedIssue) => boolean {
  const now = ctx.state.now();
  const v = term.value;
  switch (term.key) {
    case null: {
      const needle = v.toLowerCase();
      return (i) => i.title.toLowerCase().includes(needle) || i.culprit.toLowerCase().includes(needle) || i.shortId.toLowerCase() === needle;
    }
    case 'is': {
      switch (v) {
        case 'unresolved':
          return (i) => i.status === 'unresolved';
        case 'resolved':
          return (i) => i.status === 'resolved';
        case 'ignored':
        case 'archived':
          return (i) => i.status === 'ignored';
        case 'assigned':
          return (i) => i.assignedTo !== null;
        case 'unassigned':
          return (i) => i.assignedTo === null;
        case 'for_review':
          return (i) => i.status === 'unresolved' && ctx.state.inbox.has(i.id);
        case 'bookmarked':
          return (i) => flagsOf(ctx.state, i, p.userId).isBookmarked;
        case 'new':
        case 'ongoing':
        case 'regressed':
        case 'escalating':
          return (i) => i.status === 'unresolved' && i.substatus === v;
        case 'linked':
          return () => false;
        case 'unlinked':
          return () => true;
        default:
          searchError(`Invalid value for "is" search, valid values are [${IS_VALUES.map((x) => `'${x}'`).join(', ')}]`);
      }
    }
    // falls through (unreachable)
    case 'assigned':
    case 'assigned_or_suggested': {
      if (v === 'me') return (i) => i.assignedTo?.type === 'user' && i.assignedTo.id === p.userId;
      if (v === 'none') return (i) => i.assignedTo === null;
      // `#slug` names a team, as in Sentry's search.
      if (v.startsWith('#')) {
        const team = teamsOf(project.org, ctx.state.seed.members).find((t) => t.slug === v.slice(1));
        return (i) => team !== undefined && i.assignedTo?.type === 'team' && i.assignedTo.id === team.id;
      }
      return (i) => i.assignedTo?.type === 'user' && (i.assignedTo.email === v || i.assignedTo.id === v);
    }
    case 'bookmarks':
      return (i) => v === 'me' && p.userId !== null && flagsOf(ctx.state, i, p.userId).isBookmarked;
    case 'level':
      return (i) => matchValue(v, i.level);
    case 'issue.category':
      return (i) => i.issueCategory === v;
    case 'issue.type':
      return (i) => i.issueType === v;
    case 'release': {
      const version = v === 'latest' ? project.releases[project.releases.length - 1].version : v;
      return (i) => [...(issueTagValues(i).get('release') ?? [])].some((r) => matchValue(version, r));
    }
    case 'lastSeen':
    case 'last_seen': {
      const f = parseDateFilter(term.key, v, now);
      return (i) => f(i.lastSeen);
    }
    case 'firstSeen':
    case 'first_seen':
    case 'age': {
      const f = parseDateFilter(term.key, v, now);
      return (i) => f(i.firstSeen);
    }
    case 'times_seen': {
      const f = parseNumberFilter(term.key, v);
      return (i) => f(i.events.length);
    }
    case 'title':
    case 'message':
      return (i) => (v.includes('*') ? matchValue(v, i.title) : i.title.toLowerCase().includes(v.toLowerCase()));
    default: {
      const key = term.key;
      return (i) => [...(issueTagValues(i).get(key) ?? [])].some((x) => matchValue(v, x));
    }
  }
}

// The `sort` enum of Sentry's OpenAPI document, in its order. `inbox` is "Date Added" to the inbox; the
// seed has no inbox, so an issue counts as added when it was first seen.
export const SORTS: Record<string, (a: SeedIssue, b: SeedIssue, now: number) => number> = {
  date: (a, b) => b.lastSeen - a.lastSeen,
  new: (a, b) => b.firstSeen - a.firstSeen,
  trends: (a, b, now) => trendScore(b, now) - trendScore(a, now),
  freq: (a, b) => b.events.length - a.events.length,
  user: (a, b) => b.userCount - a.userCount,
  inbox: (a, b) => b.firstSeen - a.firstSeen,
};

function trendScore(i: SeedIssue, now: number): number {
  const day = i.times.length - lowerBound(i.times, now - DAY);
  const week = i.times.length - lowerBound(i.times, now - 7 * DAY);
  return day * 7 - week + day / 1000;
}

function sortValue(sort: string, i: SeedIssue): number {
  switch (sort) {
    case 'new':
    case 'inbox':
      return i.firstSeen;
    case 'freq':
      return i.events.length;
    case 'user':
      return i.userCount;
    default:
      return i.lastSeen;
  }
}

function listProjectIssues(ctx: Ctx, m: RegExpExecArray): Res {
  const state = ctx.state;
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['event:read']);
  const project = resolveProject(org, m[2]);
  const params = ctx.params;

  const statsPeriod = params.has('statsPeriod') ? params.get('statsPeriod')! : '24h';
  if (!['', '24h', '14d'].includes(statsPeriod)) fail(400, "Invalid stats_period. Valid choices are '', '24h', and '14d'");
  const limit = pageSize(params, 'limit', 100, 100);
  const cursor = parseCursor(params.get('cursor'));
  const sort = params.get('sort') ?? 'date';
  if (!SORTS[sort]) fail(400, `Invalid sort: ${sort}. Valid choices are ${Object.keys(SORTS).join(', ')}`);

  // hashes: one value per `hashes` parameter (real servers read them with getlist: `a,b` is one
  // hash that matches nothing); only the first 100 are used.
  const hashes = params
    .getAll('hashes')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (hashes.length > 0) {
    if (params.has('query')) fail(400, "Cannot use 'query' with 'hashes'");
    const wanted = new Set(hashes.slice(0, 100));
    const found = project.issues.filter((i) => i.hashes.some((h) => wanted.has(h)));
    return json(
      200,
      found.map((i) => serializeIssue(state, i, statsPeriod, p.userId)),
    );
  }

  const query = params.has('query') ? params.get('query')! : 'is:unresolved';
  if (flag(params.get('shortIdLookup')) && /^[A-Za-z0-9_-]+-[A-Za-z0-9]+$/.test(query.trim())) {
    const hit = state.seed.issue(query.trim());
    if (hit && hit.project.org === org) {
      return json(200, [serializeIssue(state, hit, statsPeriod, p.userId)], { 'x-hits': '1', 'x-max-hits': '1000' });
    }
  }
  const terms = parseQuery(query);
  const preds = terms.map((t) => {
    const f = issuePredicate(ctx, p, project, t);
    return t.negated ? (i: SeedIssue) => !f(i) : f;
  });
  // The issue stream leaves user feedback out unless the query asks for a category.
  if (!terms.some((t) => t.key === 'issue.category' || t.key === 'issue.type')) preds.push((i) => i.issueCategory !== 'feedback');
  const envs = params.getAll('environment').filter(Boolean);
  if (envs.length) preds.push((i) => envs.some((e) => issueTagValues(i).get('environment')?.has(e)));

  const now = state.now();
  const cmp = SORTS[sort];
  const matched = project.issues.filter((i) => preds.every((f) => f(i))).sort((a, b) => cmp(a, b, now) || Number(b.id) - Number(a.id));
  const { page, link } = paginate(pageCtx(ctx), matched, cursor, limit, (i) => sortValue(sort, i));
  return json(
    200,
    page.map((i) => serializeIssue(state, i, statsPeriod, p.userId)),
    { link, 'x-hits': String(Math.min(matched.length, 1000)), 'x-max-hits': '1000' },
  );
}

// ------------------------------------------------------------------------------- issue events

const PERIOD_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: HOUR, d: DAY, w: 7 * DAY };

function eventWindow(ctx: Ctx): { start: number; end: number } {
  const now = ctx.state.now();
  const params = ctx.params;
  const period = params.get('statsPeriod');
  // An empty statsPeriod is a malformed one (a 400 on real servers), not an absent one.
  if (period !== null) {
    const m = /^(\d+)([smhdw])$/.exec(period);
    if (!m) fail(400, `Invalid statsPeriod: ${JSON.stringify(period)}`);
    return { start: now - Number(m[1]) * PERIOD_UNITS[m[2]], end: now };
  }
  const startRaw = params.get('start');
  const endRaw = params.get('end');
  if (startRaw || endRaw) {
    if (!startRaw || !endRaw) fail(400, 'start and end are both required');
    const isoRe = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
    const start = isoRe.test(startRaw) ? Date.parse(/T.*(Z|[+-]\d{2}:?\d{2})$/.test(startRaw) || !startRaw.includes('T') ? startRaw : startRaw + 'Z') : NaN;
    const end = isoRe.test(endRaw) ? Date.parse(/T.*(Z|[+-]\d{2}:?\d{2})$/.test(endRaw) || !endRaw.includes('T') ? endRaw : endRaw + 'Z') : NaN;
    if (Number.isNaN(start) || Number.isNaN(end)) fail(400, 'start and end must be ISO-8601 dates');
    if (start > end) fail(400, 'start must be before end');
    return { start, end };
  }
  return { start: now - 90 * DAY, end: now };
}

function eventField(ev: SeedEvent, key: string): string | null {
  switch (key) {
    case 'message':
      return ev.message;
    case 'title':
      return ev.issue.title;
    case 'event.type':
      return ev.issue.issueCategory === 'feedback' ? 'generic' : 'error';
    case 'user.id':
      return ev.user?.id ?? null;
    case 'user.email':
      return ev.user?.email ?? null;
    case 'user.username':
      return ev.user?.username ?? null;
    case 'user.ip':
      return ev.user?.ip_address ?? null;
    case 'platform':
      return ev.issue.project.platform;
    case 'location':
      return ev.issue.location;
    case 'id':
    case 'event.id':
      return ev.eventID;
    default: {
      const tag = eventTags(ev).find(([k]) => k === key || `tags[${k}]` === key);
      return tag ? tag[1] : null;
    }
  }
}

function eventPredicate(term: Term): (ev: SeedEvent) => boolean {
  const v = term.value;
  if (term.key === null) {
    const needle = v.toLowerCase();
    return (ev) => ev.issue.title.toLowerCase().includes(needle) || ev.message.toLowerCase().includes(needle);
  }
  if (term.key === 'has') return (ev) => eventField(ev, v) !== null;
  const key = term.key;
  if (key === 'message' || key === 'title') {
    return (ev) => {
      const actual = eventField(ev, key) ?? '';
      return v.includes('*') ? matchValue(v, actual) : actual.toLowerCase().includes(v.toLowerCase());
    };
  }
  return (ev) => matchValue(v, eventField(ev, key));
}

function listIssueEvents(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['event:admin', 'event:read', 'event:write']);
  const issue = resolveIssue(ctx, org, m[2]);
  const params = ctx.params;
  const { start, end } = eventWindow(ctx);
  const limit = pageSize(params, 'per_page', 100, 100);
  const cursor = parseCursor(params.get('cursor'));
  const full = flag(params.get('full'));
  const sample = flag(params.get('sample'));
  const envs = params.getAll('environment').filter(Boolean);
  const query = params.get('query') ?? '';
  const preds = parseQuery(query).map((t) => {
    const f = eventPredicate(t);
    return t.negated ? (ev: SeedEvent) => !f(ev) : f;
  });
  let events = issue.events.filter((ev) => ev.time >= start && ev.time <= end && (envs.length === 0 || envs.includes(ev.environment)) && preds.every((f) => f(ev)));
  if (sample) {
    const salt = hash32(issue.id);
    events = events
      .map((ev) => ({ ev, h: hash32(ev.eventID, salt) }))
      .sort((a, b) => a.h - b.h || (a.ev.eventID < b.ev.eventID ? -1 : 1))
      .map((x) => x.ev);
  }
  const { page, link } = paginate(pageCtx(ctx), events, cursor, limit);
  return json(
    200,
    page.map((ev) => serializeEvent(ev, full)),
    { link },
  );
}

// ------------------------------------------------------------------------------- tag details

function tagDetails(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['event:admin', 'event:read', 'event:write']);
  const issue = resolveIssue(ctx, org, m[2]);
  const key = m[3];
  if (!/^[a-zA-Z0-9_.:-]+$/.test(key)) fail(404, DETAIL.notFound);
  const lookup = key === 'sentry:user' ? 'user' : key === 'sentry:release' ? 'release' : key;
  if (!issueTagValues(issue).has(lookup)) fail(404, DETAIL.notFound);
  const limit = pageSize(ctx.params, 'per_page', 9, 1000);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const envs = ctx.params.getAll('environment').filter(Boolean);

  const agg = new Map<string, { count: number; first: number; last: number; name: string }>();
  let total = 0;
  for (const ev of issue.events) {
    if (envs.length && !envs.includes(ev.environment)) continue;
    const tag = eventTags(ev).find(([k]) => k === lookup);
    if (!tag) continue;
    total++;
    const a = agg.get(tag[1]);
    if (a) {
      a.count++;
      a.first = Math.min(a.first, ev.time);
      a.last = Math.max(a.last, ev.time);
    } else {
      agg.set(tag[1], { count: 1, first: ev.time, last: ev.time, name: lookup === 'user' && ev.user ? ev.user.email : tag[1] });
    }
  }
  const values = [...agg.entries()].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  const { page, link } = paginate(pageCtx(ctx), values, cursor, limit, ([, a]) => a.count);
  return json(
    200,
    {
      key: lookup,
      name: tagKeyLabel(lookup),
      uniqueValues: values.length,
      totalValues: total,
      topValues: page.map(([value, a]) => ({ key: lookup, name: a.name, value, count: a.count, lastSeen: isoSeconds(a.last), firstSeen: isoSeconds(a.first) })),
    },
    { link },
  );
}

// ------------------------------------------------------------------------------- user reports

function reportProject(ctx: Ctx, m: RegExpExecArray): SeedProject {
  const p = authenticate(ctx, { allowDsn: true });
  if (p.kind === 'dsn') {
    const org = ctx.state.seed.org(m[1]);
    if (!org) fail(404, DETAIL.notFound);
    const project = resolveProject(org, m[2]);
    if (project.id !== p.projectId) fail(403, DETAIL.forbidden);
    return project;
  }
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['project:read', 'project:write', 'project:admin']);
  return resolveProject(org, m[2]);
}

function serializeReport(ctx: Ctx, r: import('./state').UserReport): Record<string, unknown> {
  const issue = r.issueId ? ctx.state.seed.issue(r.issueId) : undefined;
  return {
    id: r.id,
    eventID: r.eventID,
    name: r.name,
    email: r.email,
    comments: r.comments,
    dateCreated: iso(r.dateCreated),
    user: null,
    event: { id: r.eventID, eventID: r.eventID },
    issue: issue ? serializeIssue(ctx.state, issue, '24h') : null,
  };
}

function listUserReports(ctx: Ctx, m: RegExpExecArray): Res {
  const project = reportProject(ctx, m);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const reports = ctx.state.userReports.filter((r) => r.projectId === project.id).sort((a, b) => b.dateCreated - a.dateCreated || Number(b.id) - Number(a.id));
  const { page, link } = paginate(pageCtx(ctx), reports, cursor, limit);
  return json(
    200,
    page.map((r) => serializeReport(ctx, r)),
    { link },
  );
}

function createUserReport(ctx: Ctx, m: RegExpExecArray): Res {
  const project = reportProject(ctx, m);
  let data: Record<string, unknown>;
  const type = (ctx.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) {
    data = Object.fromEntries(new URLSearchParams(ctx.body));
  } else {
    try {
      data = JSON.parse(ctx.body || 'null');
    } catch {
      fail(400, 'JSON parse error');
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) fail(400, 'Invalid data. Expected a dictionary.');
  }
  const errors: Record<string, string[]> = {};
  const str = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');
  const eventId = str('event_id').replace(/-/g, '').toLowerCase();
  if (!str('event_id')) errors.event_id = ['This field is required.'];
  else if (!/^[0-9a-f]{32}$/.test(eventId)) errors.event_id = ['Enter a valid event id.'];
  if (!str('name')) errors.name = ['This field is required.'];
  if (!str('email')) errors.email = ['This field is required.'];
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(str('email'))) errors.email = ['Enter a valid email address.'];
  if (!str('comments')) errors.comments = ['This field is required.'];
  if (Object.keys(errors).length) throw new HttpError(400, errors);
  const event = project.issues.flatMap((i) => i.events).find((e) => e.eventID === eventId);
  const existing = ctx.state.userReports.find((r) => r.projectId === project.id && r.eventID === eventId);
  const report = existing ?? {
    id: String(ctx.state.nextReportId++),
    eventID: eventId,
    name: '',
    email: '',
    comments: '',
    dateCreated: ctx.state.now(),
    projectId: project.id,
    issueId: event ? event.issue.id : null,
  };
  report.name = str('name');
  report.email = str('email');
  report.comments = str('comments');
  if (!existing) ctx.state.userReports.push(report);
  return json(200, serializeReport(ctx, report));
}
