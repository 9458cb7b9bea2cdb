// The /api/0/ endpoints: authentication, scopes, organizations, projects, issues, events,
// tag details and user reports, with Sentry's paging, errors and search.
import { Cursor, DETAIL, fail, HttpError, json, paginate, pageSize, parseCursor, Res } from './http';
import { hash32 } from './prng';
import { matchValue, parseDateFilter, parseNumberFilter, parseQuery, searchError, Term } from './search';
import { flagsOf, projectTeams, serializeUser, teamsOf } from './people';
import { iso, SeedEvent, SeedIssue, SeedOrg, SeedProject } from './seed';
import type { EndpointSwitch, SandboxState } from './state';
import { ADVANCED_SEARCH } from './profiles';
import { retrieveIssueEvent } from './eventDetails';
import { eventsTable } from './eventsTable';
import { getEventsTrace, getEventsTraceMeta, getTrace, getTraceMeta } from './traces';
import { replayCount, replayDetails, replayIndex } from './replays';
import { groupUserReports } from './feedback';
import { listCodeMappings } from './codeMappings';
import { resolveEventId, resolveShortId } from './lookups';
import { eventCommitters, eventOwners, firstLastRelease, listReleases, releaseCommits, releaseDeploys, releaseDetails } from './releases';
import { catchAll, checkEnvironments } from './sentryAnswers';
import { hasProjectAccess, isOpenMembership, memberProjects, requestedProjects } from './membership';
import type { SiteFrame } from './workspace';
import { isOrgMember, regionUrlOf, userRegions, visibleOrgs } from './regions';

export interface Ctx {
  method: string;
  path: string;
  query: Array<[string, string]>;
  params: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  state: SandboxState;
  /** The region host the request came to ('de'), absent for the main host (./regions.ts). */
  region?: string;
}

// ---------------------------------------------------------------------------------------------
// Authentication

export interface Principal {
  kind: 'user' | 'integration' | 'oauth' | 'org' | 'apikey' | 'dsn';
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
  if (!isOrgMember(p.userId, org)) fail(403, DETAIL.forbidden);
  return org;
}

export function resolveProject(org: SeedOrg, key: string): SeedProject {
  const project = org.projects.find((p) => p.slug === key || p.id === key);
  if (!project) fail(404, DETAIL.notFound);
  return project;
}

export function findIssue(ctx: Ctx, org: SeedOrg, key: string): SeedIssue {
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
    features: [...state.orgFeatures.get(org.id)!],
    hasAuthProvider: false,
    id: org.id,
    isEarlyAdopter: false,
    allowMemberInvite: true,
    allowMemberProjectCreation: true,
    allowSuperuserAccess: false,
    links: { organizationUrl: `http://${org.slug}.localhost:${state.port}`, regionUrl: regionUrlOf(state, org) },
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

/**
 * Every field Sentry's OpenAPI requires of a project in the organization's project list, for the
 * credential `who`: `isMember` (on a team of it) and `hasAccess` as ProjectSummarySerializer sets them
 * (src/sentry/api/serializers/models/project.py; membership.ts).
 */
export function serializeProject(state: SandboxState, p: SeedProject, who: Principal): Record<string, unknown> {
  const teams = projectTeams(p, state.seed.members).map((t) => ({ id: t.id, name: t.name, slug: t.slug }));
  const latest = p.releases[p.releases.length - 1];
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    platform: p.platform,
    platforms: [p.platform],
    dateCreated: iso(p.dateCreated),
    isBookmarked: false,
    isMember: memberProjects(state, who, p.org).includes(p),
    hasAccess: hasProjectAccess(state, who, p),
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
    team: teams[0],
    teams,
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

/** 24 hourly or 14 daily [epochSeconds, count] buckets ending now, over `times` (default: every event of the issue). */
export function issueStats(issue: SeedIssue, period: '24h' | '14d', now: number, times: number[] = issue.times): Array<[number, number]> {
  if (period === '24h') {
    const last = Math.floor(now / HOUR) * HOUR;
    return bucketCounts(times, last - 23 * HOUR, HOUR, 24);
  }
  const last = Math.floor(now / DAY) * DAY;
  return bucketCounts(times, last - 13 * DAY, DAY, 14);
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
 * isSubscribed are theirs (the seed's user when left out). `statsTimes`: the event times the stats
 * count (default every event; the organization list passes those of its environments).
 */
export function serializeIssue(state: SandboxState, issue: SeedIssue, statsPeriod: string, userId: string | null = state.seed.user.id, statsTimes: number[] = issue.times): Record<string, unknown> {
  const p = issue.project;
  const stats: Record<string, unknown> = {};
  if (statsPeriod === '24h' || statsPeriod === '14d') stats[statsPeriod] = issueStats(issue, statsPeriod, state.now(), statsTimes);
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

/** A frame's absPath as the events serve it: its own (library frames), else the issue's style around the filename. */
export function absPathFor(issue: SeedIssue, f: SiteFrame): string {
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

/** The SDK a project's events name (`sdk`): the platform corpus's own (platforms.ts), else by the project's platform. */
export function sdkOf(project: SeedProject): { name: string; version: string } {
  if (project.sdk) return project.sdk;
  if (project.platform === 'javascript') return { name: 'sentry.javascript.react', version: '8.13.0' };
  if (project.platform === 'php') return { name: 'sentry.php', version: '4.8.0' };
  return { name: project.slug === 'worker' ? 'sentry.python.celery' : 'sentry.python.flask', version: '2.7.1' };
}

export function serializeFrame(issue: SeedIssue, f: SiteFrame): Record<string, unknown> {
  return {
    function: f.function,
    errors: null,
    colNo: f.colNo,
    vars: f.vars,
    package: f.package ?? null,
    absPath: absPathFor(issue, f),
    inApp: f.inApp,
    lineNo: f.lineNo,
    module: f.module,
    filename: f.filename,
    platform: f.platform ?? null,
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
  out.sdk = sdkOf(issue.project);
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
  { re: /^\/api\/0\/$/, methods: { GET: apiIndex } },
  { re: /^\/api\/0\/organizations\/$/, methods: { GET: listOrganizations } },
  { re: /^\/api\/0\/users\/([^/]+)\/regions\/$/, methods: { GET: userRegions } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/$/, methods: { GET: retrieveOrganization } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/projects\/$/, methods: { GET: listProjects } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/environments\/$/, methods: { GET: listOrganizationEnvironments } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/code-mappings\/$/, methods: { GET: (ctx, m) => listCodeMappings(ctx, m) } },
  // The short-ID and event-ID lookups (lookups.ts, which imports this module: looked up when called).
  { re: /^\/api\/0\/organizations\/([^/]+)\/shortids\/([^/]+)\/$/, methods: { GET: (ctx, m) => resolveShortId(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/eventids\/([^/]+)\/$/, methods: { GET: (ctx, m) => resolveEventId(ctx, m) } },
  // triage.ts serves the PUTs of both issue lists and hands their GETs here (its routes are `shared`).
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/$/, methods: { GET: switchable('orgIssues', listOrganizationIssues) } },
  { re: /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/issues\/$/, methods: { GET: switchable('projectIssues', listProjectIssues) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/events\/$/, methods: { GET: listIssueEvents } },
  // eventDetails.ts imports this module: the handler is looked up when called, whichever module loads first.
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/events\/([^/]+)\/$/, methods: { GET: (ctx, m) => retrieveIssueEvent(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/tags\/([^/]+)\/$/, methods: { GET: tagDetails } },
  // The events table (eventsTable.ts, which imports this module: looked up when called, as above).
  { re: /^\/api\/0\/organizations\/([^/]+)\/events\/$/, methods: { GET: switchable('eventsTable', (ctx, m) => eventsTable(ctx, m)) } },
  // Releases, suspect commits and owners (releases.ts, which imports this module: looked up when called).
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/first-last-release\/$/, methods: { GET: (ctx, m) => firstLastRelease(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/releases\/$/, methods: { GET: (ctx, m) => listReleases(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/releases\/([^/]+)\/$/, methods: { GET: (ctx, m) => releaseDetails(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/releases\/([^/]+)\/commits\/$/, methods: { GET: (ctx, m) => releaseCommits(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/releases\/([^/]+)\/deploys\/$/, methods: { GET: (ctx, m) => releaseDeploys(ctx, m) } },
  { re: /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/events\/([^/]+)\/committers\/$/, methods: { GET: (ctx, m) => eventCommitters(ctx, m) } },
  { re: /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/events\/([^/]+)\/owners\/$/, methods: { GET: (ctx, m) => eventOwners(ctx, m) } },
  { re: /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/user-reports\/$/, methods: { GET: listUserReports, POST: createUserReport } },
  { re: /^\/api\/0\/([^/]+)\/([^/]+)\/user-reports\/$/, methods: { GET: listUserReports, POST: createUserReport } },
  // Traces, replays and feedback (traces.ts, replays.ts, feedback.ts; logs are the events table's, logs.ts).
  { re: /^\/api\/0\/organizations\/([^/]+)\/trace\/([^/]+)\/$/, methods: { GET: switchable('trace', (ctx, m) => getTrace(ctx, m)) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/trace-meta\/([^/]+)\/$/, methods: { GET: (ctx, m) => getTraceMeta(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/events-trace\/([^/]+)\/$/, methods: { GET: (ctx, m) => getEventsTrace(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/events-trace-meta\/([^/]+)\/$/, methods: { GET: (ctx, m) => getEventsTraceMeta(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/replay-count\/$/, methods: { GET: (ctx, m) => replayCount(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/replays\/$/, methods: { GET: (ctx, m) => replayIndex(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/replays\/([^/]+)\/$/, methods: { GET: (ctx, m) => replayDetails(ctx, m) } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/user-reports\/$/, methods: { GET: (ctx, m) => groupUserReports(ctx, m) } },
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
  if (!hit) return catchAll(ctx.path, ctx.headers['content-type']);
  if (!hit.handler) methodNotAllowed(ctx, Object.keys(hit.route.methods));
  return hit.handler(ctx, hit.m);
}

export function pageCtx(ctx: Ctx) {
  return { linkOrigin: ctx.state.linkOrigin(), path: ctx.path, query: ctx.query };
}

/**
 * `GET /api/0/`: who the credential belongs to and its scopes, as Sentry's IndexEndpoint answers
 * (https://github.com/getsentry/sentry/blob/master/src/sentry/api/endpoints/index.py):
 * `{ version: "0", auth: { scopes } | null, user: <serialized user> | null }`. No scope is needed
 * (`permission_classes = ()`) and no credential at all answers nulls, but a bad one is a 401 as
 * anywhere. An API key has no user. (On Sentry an internal integration's token names its app's
 * proxy user; the sandbox has none and answers null.)
 */
function apiIndex(ctx: Ctx): Res {
  if (!ctx.headers['authorization']?.trim()) return json(200, { version: '0', auth: null, user: null });
  const p = authenticate(ctx);
  const seed = ctx.state.seed;
  const member = p.userId === null ? undefined : (seed.members.find((u) => u.id === p.userId) ?? (p.userId === seed.user.id ? seed.user : undefined));
  return json(200, { version: '0', auth: { scopes: [...p.scopes].sort() }, user: member ? serializeUser(member, seed.anchor - 400 * DAY) : null });
}

function listOrganizations(ctx: Ctx): Res {
  const p = authenticate(ctx);
  requireScope(p, ['org:read', 'org:write', 'org:admin']);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const orgs = visibleOrgs(ctx, p);
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
    projects: org.projects.map((pr) => serializeProject(ctx.state, pr, p)),
    isDefault: false,
    defaultRole: 'member',
    // Open membership, Sentry's default (membership.ts); control.membership.setOpen turns it off.
    openMembership: isOpenMembership(ctx.state, org),
  });
}

function listProjects(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  // OrganizationProjectsEndpoint keeps OrganizationEndpoint's OrganizationPermission: GET takes org:read and up
  // (https://github.com/getsentry/sentry/blob/master/src/sentry/api/bases/organization.py).
  requireScope(p, ['org:read', 'org:write', 'org:admin']);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const { page, link } = paginate(pageCtx(ctx), org.projects, cursor, limit);
  return json(
    200,
    page.map((pr) => serializeProject(ctx.state, pr, p)),
    { link },
  );
}

// ------------------------------------------------------------------------------- project issues

const IS_VALUES = ['unresolved', 'resolved', 'ignored', 'archived', 'assigned', 'unassigned', 'for_review', 'bookmarked', 'new', 'ongoing', 'regressed', 'escalating', 'linked', 'unlinked'];

// Keyed by the events array: injected events replace it (and reset restores the seeded one), so the
// tag values of injected events are seen and those of a reset are forgotten.
const tagValueCache = new WeakMap<SeedEvent[], Map<string, Set<string>>>();
export function issueTagValues(issue: SeedIssue): Map<string, Set<string>> {
  let map = tagValueCache.get(issue.events);
  if (!map) {
    map = new Map();
    for (const ev of issue.events) {
      for (const [k, v] of eventTags(ev)) {
        let set = map.get(k);
        if (!set) map.set(k, (set = new Set()));
        set.add(v);
      }
    }
    tagValueCache.set(issue.events, map);
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
    // Event attributes, as Sentry's issue search takes them (https://github.com/getsentry/sentry/blob/master/src/sentry/snuba/events.py):
    // any frame of the issue's stack by its filename (`stack.filename`, exception_frames.filename) or,
    // a key of its own, its absPath as the events serve it (`stack.abs_path`, exception_frames.abs_path);
    // the exception's type.
    // A value without `*` is an exact element; a `*` matches as the issue search's wildcards do here.
    case 'stack.filename':
      return (i) => (i.frames ?? []).some((f) => matchValue(v, f.filename));
    case 'stack.abs_path':
      return (i) => (i.frames ?? []).some((f) => matchValue(v, absPathFor(i, f)));
    case 'stack.module':
      return (i) => (i.frames ?? []).some((f) => matchValue(v, f.module));
    case 'stack.package':
      return (i) => (i.frames ?? []).some((f) => matchValue(v, f.package));
    case 'stack.function':
      return (i) => (i.frames ?? []).some((f) => matchValue(v, f.function));
    // The issue's own id (the events dataset's issue.id is group_id), one or a list `[1,2]`.
    case 'issue.id':
      return (i) => matchValue(v, i.id);
    case 'error.type':
      return (i) => matchValue(v, i.exception?.type);
    default: {
      const key = term.key;
      return (i) => [...(issueTagValues(i).get(key) ?? [])].some((x) => matchValue(v, x));
    }
  }
}

// ------------------------------------------------------------------------------- issue lists
// The project list (deprecated), the organization list and the bulk PUTs without ids (triage.ts) share
// the query, the sort and the paging; they differ in their projects, filters and serialized fields.

/**
 * The `sort` enum of the project list's OpenAPI document, in its order. `inbox` is "Date Added" to the
 * inbox; the seed has no inbox dates, so an issue counts as added when it was first seen.
 */
export const SORTS = ['date', 'new', 'trends', 'freq', 'user', 'inbox'] as const;
/** The organization list's enum adds `recommended`, which sorts as `trends` here. */
const ORG_SORTS = [...SORTS, 'recommended'] as const;

/** 400 unless `sort` is one of `allowed`. */
export function checkSort(sort: string, allowed: readonly string[]): void {
  if (!allowed.includes(sort)) fail(400, `Invalid sort: ${sort}. Valid choices are ${allowed.join(', ')}`);
}

/** What an issue list shows and sorts by: over every event (the issue's own), or over a window and environments. */
export interface SeenStats {
  count: number;
  userCount: number;
  /** ms; null when no event is in the window. */
  firstSeen: number | null;
  lastSeen: number | null;
  /** Event times (ms), oldest first: the stats buckets and the trend. */
  times: number[];
}

function lifetimeStats(i: SeedIssue): SeenStats {
  return { count: i.events.length, userCount: i.userCount, firstSeen: i.firstSeen, lastSeen: i.lastSeen, times: i.times };
}

/** The issue's events in these environments (none: every one) within [start, end], as SeenStats. */
export function seenStats(i: SeedIssue, envs: readonly string[], start = -Infinity, end = Infinity): SeenStats {
  if (envs.length === 0 && start === -Infinity && end === Infinity) return lifetimeStats(i);
  const events = i.events.filter((e) => e.time >= start && e.time <= end && (envs.length === 0 || envs.includes(e.environment)));
  const times = events.map((e) => e.time).sort((a, b) => a - b);
  const users = new Set(events.flatMap((e) => (e.user ? [e.user.id] : [])));
  return { count: times.length, userCount: users.size, firstSeen: times.length ? times[0] : null, lastSeen: times.length ? times[times.length - 1] : null, times };
}

/** Whether an event of the issue, in these environments (none: any), lies in [start, end]. */
function hasEventIn(i: SeedIssue, envs: readonly string[], start: number, end: number): boolean {
  if (envs.length === 0) {
    const k = lowerBound(i.times, start);
    return k < i.times.length && i.times[k] <= end;
  }
  return i.events.some((e) => e.time >= start && e.time <= end && envs.includes(e.environment));
}

function trendScore(times: number[], now: number): number {
  const day = times.length - lowerBound(times, now - DAY);
  const week = times.length - lowerBound(times, now - 7 * DAY);
  return day * 7 - week + day / 1000;
}

/** The value an issue sorts by (descending), from the numbers the list shows. */
function sortKey(sort: string, i: SeedIssue, s: SeenStats, now: number): number {
  switch (sort) {
    case 'new':
      return s.firstSeen ?? -Infinity;
    case 'inbox':
      return i.firstSeen;
    case 'freq':
      return s.count;
    case 'user':
      return s.userCount;
    case 'trends':
    case 'recommended':
      return trendScore(s.times, now);
    default:
      return s.lastSeen ?? -Infinity;
  }
}

/** The cursor value of an issue: its sort value (lastSeen for the trends), as Sentry's cursors carry. */
function cursorValue(sort: string, i: SeedIssue, s: SeenStats): number {
  switch (sort) {
    case 'new':
    case 'inbox':
    case 'freq':
    case 'user':
      return Math.max(0, sortKey(sort, i, s, 0));
    default:
      return s.lastSeen ?? 0;
  }
}

/** Issues in the sort's order, newest id first on a tie; `statsOf` gives the numbers (default: every event). */
export function sortIssues(issues: SeedIssue[], sort: string, now: number, statsOf: (i: SeedIssue) => SeenStats = lifetimeStats): SeedIssue[] {
  const keyed = issues.map((i) => ({ i, k: sortKey(sort, i, statsOf(i), now) }));
  return keyed.sort((a, b) => b.k - a.k || Number(b.i.id) - Number(a.i.id)).map((x) => x.i);
}

/**
 * The query as one predicate over issues of these projects (terms ANDed, `!` negating). Unless the query
 * asks for a category or type, user feedback is left out, as Sentry's issue stream does. Errors in the
 * query are 400s at once, before any issue is looked at.
 */
export function queryMatcher(ctx: Ctx, p: Principal, projects: readonly SeedProject[], query: string): (i: SeedIssue) => boolean {
  const terms = parseQuery(query, { issueSearch: true });
  if (projects.length > 0) checkAdvancedSearch(ctx.state, projects[0].org, terms);
  const byProject = new Map(
    projects.map((project) => [
      project,
      terms.map((t) => {
        const f = issuePredicate(ctx, p, project, t);
        return t.negated ? (i: SeedIssue) => !f(i) : f;
      }),
    ]),
  );
  const feedbackToo = terms.some((t) => t.key === 'issue.category' || t.key === 'issue.type');
  return (i) => (feedbackToo || i.issueCategory !== 'feedback') && (byProject.get(i.project)?.every((f) => f(i)) ?? false);
}

/**
 * Without the organization's advanced-search feature, a negated term or a value with `*` is a 400
 * (src/sentry/api/helpers/group_index/index.py, validate_search_filter_permissions, in the order of
 * its advanced_search_features: negation first). A list value (`key:[a,b]`) is never a wildcard.
 */
function checkAdvancedSearch(state: SandboxState, org: SeedOrg, terms: readonly Term[]): void {
  if (state.hasFeature(org, ADVANCED_SEARCH)) return;
  for (const t of terms) {
    const wildcard = !/^\[.*\]$/s.test(t.value) && t.value.includes('*');
    if (t.negated) fail(400, 'You need access to the advanced search feature to use negative search');
    if (wildcard) fail(400, 'You need access to the advanced search feature to use wildcard search');
  }
}

interface ListPage {
  limit: number;
  cursor: Cursor;
  sort: string;
}

/** `limit` (1..100, default 100), `cursor` and `sort` (default date) of an issue list; 400 when malformed. */
function listPage(params: URLSearchParams, sorts: readonly string[]): ListPage {
  const limit = pageSize(params, 'limit', 100, 100);
  const cursor = parseCursor(params.get('cursor'));
  const sort = params.get('sort') ?? 'date';
  checkSort(sort, sorts);
  return { limit, cursor, sort };
}

interface IssueListSpec {
  org: SeedOrg;
  projects: readonly SeedProject[];
  /** The query's answer is `[issue]` when it is exactly the short ID of an issue of the org. */
  shortIdLookup: boolean;
  /** Beyond the query: environments, the time window. */
  filter(i: SeedIssue): boolean;
  /** The numbers shown and sorted by. */
  seen(i: SeedIssue): SeenStats;
  serialize(i: SeedIssue, seen: SeenStats): Record<string, unknown>;
}

/**
 * An issue list answer: the query (default is:unresolved; empty = every status), sorted, Link-paged,
 * with X-Hits on every page, a `limit=1` page too (the client reads one project's total that way):
 * both lists search with `count_hits: True` (src/sentry/issues/endpoints/organization_group_index.py,
 * OrganizationGroupIndexEndpoint.get; the project list's project_group_index.py likewise), and
 * add_cursor_headers (src/sentry/api/base.py) sends the result's hits and max_hits as X-Hits and X-Max-Hits.
 */
function issueList(ctx: Ctx, p: Principal, page: ListPage, spec: IssueListSpec): Res {
  const query = ctx.params.has('query') ? ctx.params.get('query')! : 'is:unresolved';
  if (spec.shortIdLookup && /^[A-Za-z0-9_-]+-[A-Za-z0-9]+$/.test(query.trim())) {
    const hit = ctx.state.seed.issue(query.trim());
    if (hit && hit.project.org === spec.org) return json(200, [spec.serialize(hit, spec.seen(hit))], { 'x-hits': '1', 'x-max-hits': '1000' });
  }
  const matches = queryMatcher(ctx, p, spec.projects, query);
  const matched = spec.projects.flatMap((project) => project.issues.filter((i) => matches(i) && spec.filter(i)));
  const seen = new Map(matched.map((i) => [i, spec.seen(i)]));
  const ordered = sortIssues(matched, page.sort, ctx.state.now(), (i) => seen.get(i)!);
  const { page: items, link } = paginate(pageCtx(ctx), ordered, page.cursor, page.limit, (i) => cursorValue(page.sort, i, seen.get(i)!));
  return json(
    200,
    items.map((i) => spec.serialize(i, seen.get(i)!)),
    { link, 'x-hits': String(Math.min(matched.length, 1000)), 'x-max-hits': '1000' },
  );
}

const EVENT_SCOPES = ['event:admin', 'event:read', 'event:write'];

function listProjectIssues(ctx: Ctx, m: RegExpExecArray): Res {
  const state = ctx.state;
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['event:read']);
  const project = resolveProject(org, m[2]);
  const params = ctx.params;

  const statsPeriod = params.has('statsPeriod') ? params.get('statsPeriod')! : '24h';
  if (!['', '24h', '14d'].includes(statsPeriod)) fail(400, INVALID_STATS_PERIOD);
  const page = listPage(params, SORTS);

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

  // The deprecated list keeps an issue when any of its events ever came from one of the environments.
  const envs = params.getAll('environment').filter(Boolean);
  return issueList(ctx, p, page, {
    org,
    projects: [project],
    shortIdLookup: flag(params.get('shortIdLookup')),
    filter: (i) => envs.length === 0 || envs.some((e) => issueTagValues(i).get('environment')?.has(e)),
    seen: lifetimeStats,
    serialize: (i) => serializeIssue(state, i, statsPeriod, p.userId),
  });
}

// ------------------------------------------------------------------------ organization issues

const INVALID_STATS_PERIOD = "Invalid stats_period. Valid choices are '', '24h', and '14d'";
/** The organization list's `expand` and `collapse` enums (OpenAPI listOrganizationIssues). */
export const ORG_ISSUES_EXPAND = ['inbox', 'integrationIssues', 'latestEventHasAttachments', 'owners', 'sentryAppIssues', 'sessions'] as const;
export const ORG_ISSUES_COLLAPSE = ['base', 'filtered', 'lifetime', 'stats', 'unhandled'] as const;
/** Without statsPeriod or start/end, the organization list covers this much (Sentry's MAX_STATS_PERIOD). */
export const DEFAULT_ISSUES_WINDOW_DAYS = 90;

/** Values of a repeated enum parameter; 400 naming the first value outside the enum. */
function enumParams(params: URLSearchParams, name: string, allowed: readonly string[]): Set<string> {
  const values = params.getAll(name);
  const bad = values.find((v) => !allowed.includes(v));
  if (bad !== undefined) fail(400, `Invalid ${name}: ${JSON.stringify(bad)}. Valid choices are ${allowed.join(', ')}`);
  return new Set(values);
}

/**
 * `project` values as the profile's server reads them: as sent where it takes ids or slugs; else as
 * Python's int() does (sign, digits, spaces around), anything else a 400 (profiles.ts, projectParam).
 */
export function projectKeys(state: SandboxState, keys: readonly string[]): string[] {
  if (state.profile.projectParam !== 'id-only') return [...keys];
  if (keys.some((k) => !/^\s*[+-]?\d+\s*$/.test(k))) fail(400, 'Invalid project parameter. Values must be numbers.');
  return keys.map((k) => String(Number(k)));
}

/**
 * The projects the `project` parameters ask for, as get_projects reads them (membership.ts): none, the
 * user's member projects; `-1`, every project the user may access; else those named (ids only on the
 * id-only profile), each accessible or 403.
 */
export function orgProjects(ctx: Ctx, p: Principal, org: SeedOrg): SeedProject[] {
  return requestedProjects(ctx.state, p, org, projectKeys(ctx.state, ctx.params.getAll('project')));
}

/** `groupStatsPeriod`: '' (no stats), 24h (the default) or 14d; auto = 24h for a window of at most a day, else 14d. */
function groupStatsPeriod(raw: string | null, window: { start: number; end: number }): '' | '24h' | '14d' {
  const v = raw ?? '24h';
  if (v === 'auto') return window.end - window.start <= DAY ? '24h' : '14d';
  if (v === '' || v === '24h' || v === '14d') return v;
  fail(400, INVALID_STATS_PERIOD);
}

/** Sentry's GroupInboxReason codes, by the substatus that put an issue in the inbox. */
const INBOX_REASONS: Record<string, number> = { new: 0, regressed: 2, escalating: 5, ongoing: 6 };

/** The `expand` fields of one issue, each as the document types it (`inbox` and `owners` only where there is one). */
function expanded(state: SandboxState, i: SeedIssue, expand: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (expand.has('inbox') && state.inbox.has(i.id)) {
    out.inbox = { reason: INBOX_REASONS[i.substatus ?? ''] ?? 3, reason_details: null, date_added: iso(i.substatus === 'new' ? i.firstSeen : i.lastSeen) };
  }
  if (expand.has('owners') && (i.frames ?? []).some((f) => f.inApp)) {
    // Code owners: the organization's first team (engineering) owns every in-app file.
    out.owners = { type: 'codeowners', owner: `team:${teamsOf(i.project.org, state.seed.members)[0].id}`, date_added: iso(i.firstSeen) };
  }
  if (expand.has('integrationIssues')) out.integrationIssues = [];
  if (expand.has('sentryAppIssues')) out.sentryAppIssues = [];
  if (expand.has('latestEventHasAttachments')) out.latestEventHasAttachments = false;
  if (expand.has('sessions')) out.sessionCount = 10_000 + (hash32(i.project.id, 0x5e55) % 90_000);
  return out;
}

/** count, userCount and the dates; the dates null where the profile's server lost the issue's seen stats (`lost`). */
function seenFields(s: SeenStats, lost = false): Record<string, unknown> {
  const date = (t: number | null) => (t === null || lost ? null : isoSeconds(t));
  return { count: String(s.count), userCount: s.userCount, firstSeen: date(s.firstSeen), lastSeen: date(s.lastSeen) };
}

/**
 * GET /organizations/{org}/issues/ (OpenAPI listOrganizationIssues): the project list's query, sort and
 * paging over several projects, an issue listed when one of its events (in the environments) lies in
 * the window. With an explicit window (statsPeriod or start/end) or environments, count, userCount,
 * firstSeen and lastSeen are over those events, as Sentry's StreamGroupSerializerSnuba serves them,
 * and `lifetime` keeps the issue's own.
 */
function listOrganizationIssues(ctx: Ctx, m: RegExpExecArray): Res {
  const state = ctx.state;
  const params = ctx.params;
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, EVENT_SCOPES);
  // No `project`: the projects the user is a member of; `-1`: every one the user may access (membership.ts).
  const projects = orgProjects(ctx, p, org);
  const window = eventWindow(ctx, DEFAULT_ISSUES_WINDOW_DAYS * DAY);
  const statsKey = groupStatsPeriod(params.get('groupStatsPeriod'), window);
  const lookup = params.get('shortIdLookup');
  if (lookup !== null && lookup !== '0' && lookup !== '1') fail(400, `Invalid shortIdLookup: ${JSON.stringify(lookup)}. Valid choices are 0, 1`);
  const expand = enumParams(params, 'expand', ORG_ISSUES_EXPAND);
  const collapse = enumParams(params, 'collapse', ORG_ISSUES_COLLAPSE);
  const page = listPage(params, ORG_SORTS);
  const envs = checkEnvironments(
    params,
    orgEnvironments(org).map((e) => e.name),
  );
  // viewId is accepted and ignored: the sandbox has no saved views.

  const spec: IssueListSpec = {
    org,
    projects,
    shortIdLookup: lookup === '1',
    filter: (i) => hasEventIn(i, envs, window.start, window.end),
    seen: (i) => (window.explicit ? seenStats(i, envs, window.start, window.end) : seenStats(i, envs)),
    serialize(i, seen) {
      const lost = state.seenStatsLost(i);
      const out: Record<string, unknown> = {
        ...serializeIssue(state, i, statsKey, p.userId, seenStats(i, envs).times),
        ...seenFields(seen, lost),
        ...SEER_FIELDS,
        matchingEventId: null,
        matchingEventEnvironment: null,
        lifetime: { ...seenFields(lifetimeStats(i), lost), stats: null },
        filtered: null,
        ...expanded(state, i, expand),
      };
      // collapse=base has no key of its own here: the base fields are what the document requires.
      if (collapse.has('stats')) delete out.stats;
      if (collapse.has('lifetime')) delete out.lifetime;
      if (collapse.has('filtered')) delete out.filtered;
      if (collapse.has('unhandled')) delete out.isUnhandled;
      return out;
    },
  };
  // `group` (repeated): those issues of the projects, whatever the query and window, in one answer without
  // paging; "Group ids must be integers" otherwise (organization_group_index.py).
  const groups = params.getAll('group');
  if (groups.length) {
    if (groups.some((g) => !/^-?\d+$/.test(g.trim()))) fail(400, 'Group ids must be integers');
    const wanted = new Set(groups.map((g) => String(Number(g.trim()))));
    const found = projects.flatMap((pr) => pr.issues.filter((i) => wanted.has(i.id)));
    return json(
      200,
      found.map((i) => spec.serialize(i, spec.seen(i))),
    );
  }
  return issueList(ctx, p, page, spec);
}

/** The Seer fields of an issue: the sandbox has no Seer (Sentry's AI fixes, only on sentry.io and not always there). */
export const SEER_FIELDS = { seerFixabilityScore: null, seerAutofixLastTriggered: null, seerExplorerAutofixLastTriggered: null } as const;

// ------------------------------------------------------------------------ organization environments

/** The distinct environments of the org's events, sorted, with ids stable for the seed (`<org id>001`, ...). */
export function orgEnvironments(org: SeedOrg): Array<{ id: string; name: string }> {
  const names = [...new Set(org.projects.flatMap(environmentsOf))].sort();
  return names.map((name, k) => ({ id: String(Number(org.id) * 1000 + k + 1), name }));
}

const VISIBILITIES = ['all', 'hidden', 'visible'];

function listOrganizationEnvironments(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['org:admin', 'org:read', 'org:write']);
  const visibility = ctx.params.get('visibility') ?? 'visible';
  if (!VISIBILITIES.includes(visibility)) fail(400, `Invalid value for 'visibility', valid values are: ['all', 'hidden', 'visible']`);
  // No environment of the seed is hidden.
  return json(200, visibility === 'hidden' ? [] : orgEnvironments(org));
}

// ------------------------------------------------------------------------ endpoint switches

/**
 * The date in a 410's X-Sentry-Deprecation-Date: 90 days before the seed's anchor (a brown-out comes
 * only after the deprecation date), written as Sentry's decorator writes it, `deprecation_date.isoformat()`
 * of an aware UTC datetime (https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/deprecation.py).
 */
export function deprecationDate(state: SandboxState): string {
  return new Date(Math.floor(state.seed.anchor / DAY) * DAY - 90 * DAY).toISOString().replace(/\.000Z$/, '+00:00');
}

/**
 * A GET of an issues list behind its switch (control.endpoints): 'ok' serves it; 404 answers as a server
 * without the endpoint; 410 as a deprecation brown-out. Checked before the credentials, as a missing
 * route or a removed API answers whoever asks.
 */
function switchable(which: keyof EndpointSwitch, handler: Handler): Handler {
  return (ctx, m) => {
    const mode = ctx.state.endpoints[which];
    if (mode === 404) return catchAll(ctx.path, ctx.headers['content-type']);
    if (mode === 410) {
      const headers: Record<string, string> = { 'x-sentry-deprecation-date': deprecationDate(ctx.state) };
      if (which === 'projectIssues') headers['x-sentry-replacement-endpoint'] = `/api/0/organizations/${m[1]}/issues/`;
      throw new HttpError(410, { message: 'This API no longer exists.' }, headers);
    }
    return handler(ctx, m);
  };
}

// ------------------------------------------------------------------------------- issue events

const PERIOD_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: HOUR, d: DAY, w: 7 * DAY };

/**
 * The time window of a request: `statsPeriod` (digits plus s|m|h|d|w; it overrides start/end), or
 * `start` and `end` together (ISO-8601), else the last `defaultMs` (90 days). `explicit`: one was given.
 */
export function eventWindow(ctx: Ctx, defaultMs = 90 * DAY): { start: number; end: number; explicit: boolean } {
  const now = ctx.state.now();
  const params = ctx.params;
  const period = params.get('statsPeriod');
  // An empty statsPeriod is a malformed one (a 400 on real servers), not an absent one.
  if (period !== null) {
    const m = /^(\d+)([smhdw])$/.exec(period);
    if (!m) fail(400, `Invalid statsPeriod: ${JSON.stringify(period)}`);
    return { start: now - Number(m[1]) * PERIOD_UNITS[m[2]], end: now, explicit: true };
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
    return { start, end, explicit: true };
  }
  return { start: now - defaultMs, end: now, explicit: false };
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

export function eventPredicate(term: Term): (ev: SeedEvent) => boolean {
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
  const issue = findIssue(ctx, org, m[2]);
  const params = ctx.params;
  const { start, end } = eventWindow(ctx);
  const limit = pageSize(params, 'per_page', 100, 100);
  const cursor = parseCursor(params.get('cursor'));
  const full = flag(params.get('full'));
  const sample = flag(params.get('sample'));
  const envs = checkEnvironments(
    params,
    orgEnvironments(org).map((e) => e.name),
  );
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
  const issue = findIssue(ctx, org, m[2]);
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
