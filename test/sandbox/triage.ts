// Sentry's triage (write) API and the lists it needs: PUT one issue, the bulk PUTs (organization and
// the deprecated project endpoint), GET one issue, and the organization's members and teams. Body
// semantics follow https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/group_index/update.py and the OpenAPI
// excerpt's `put` operations.
import {
  authenticate,
  checkSort,
  Ctx,
  matchRoute,
  methodNotAllowed,
  type Route,
  pageCtx,
  orgProjects,
  Principal,
  requireScope,
  findIssue,
  resolveOrg,
  queryMatcher,
  resolveProject,
  SEER_FIELDS,
  serializeIssue,
  serializeProject,
  serializeStatusDetails,
  sortIssues,
  SORTS,
  orgEnvironments,
} from './api';
import { checkEnvironments } from './sentryAnswers';
import { fail, HttpError, json, paginate, pageSize, parseCursor, Res } from './http';
import { flagsOf, serializeUser, setFlags, teamProjects, teamsOf } from './people';
import { Assignee, iso, Member, SeedIssue, SeedOrg, SeedProject, userAssignee } from './seed';
import { randomHex, SandboxState, Snooze, WriteLogEntry } from './state';

const DAY = 86_400_000;
const WRITE_SCOPES = ['event:write', 'event:admin'];
/**
 * At most this many issues change in one bulk PUT found by search (no `id`); explicit ids have no cap
 * (BULK_MUTATION_LIMIT, https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/group_index/__init__.py).
 */
export const BULK_MUTATION_LIMIT = 1000;
/** ignoreWindow / ignoreUserWindow: at most one week, in minutes (OpenAPI `maximum: 10080`). */
const MAX_WINDOW = 10080;

const STATUSES = ['resolved', 'unresolved', 'ignored', 'resolvedInNextRelease', 'muted'];
const SUBSTATUSES = ['archived_until_escalating', 'archived_until_condition_met', 'archived_forever', 'escalating', 'ongoing', 'regressed', 'new'];
const ARCHIVED = ['archived_until_escalating', 'archived_until_condition_met', 'archived_forever'];
const PRIORITIES = ['low', 'medium', 'high'];
const BOOLEAN_FIELDS = ['hasSeen', 'isBookmarked', 'isSubscribed', 'isPublic', 'inbox'] as const;
const IGNORE_KEYS = ['ignoreDuration', 'ignoreCount', 'ignoreWindow', 'ignoreUserCount', 'ignoreUserWindow'];
const RESOLVE_KEYS = ['inNextRelease', 'inRelease', 'inCommit'];

// ---------------------------------------------------------------------------------- validation

/** A validated change: what every targeted issue gets. */
interface Change {
  status?: 'resolved' | 'unresolved' | 'ignored';
  substatus?: string | null;
  /** Resolution: inNextRelease / inRelease (a version, "latest" resolved per project) / inCommit. */
  resolve?: { inNextRelease?: true; inRelease?: string; inCommit?: { commit: string; repository: string } };
  snooze?: Omit<Snooze, 'since'> & { duration?: number };
  assignedTo?: Assignee | null;
  hasSeen?: boolean;
  isBookmarked?: boolean;
  isSubscribed?: boolean;
  isPublic?: boolean;
  inbox?: boolean;
  priority?: 'low' | 'medium' | 'high';
}

function bad(detail: string): never {
  fail(400, detail);
}

function parseBody(ctx: Ctx): Record<string, unknown> {
  const type = (ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, { detail: `Unsupported media type "${type}" in request.` });
  let data: unknown;
  try {
    data = JSON.parse(ctx.body);
  } catch {
    bad('JSON parse error');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) bad('Invalid data. Expected a dictionary, but got ' + (Array.isArray(data) ? 'list' : typeof data) + '.');
  return data as Record<string, unknown>;
}

function positiveInt(name: string, v: unknown, max?: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) bad(`${name}: A valid integer is required.`);
  if (v < 1) bad(`${name}: Ensure this value is greater than or equal to 1.`);
  if (max !== undefined && v > max) bad(`${name}: Ensure this value is less than or equal to ${max}.`);
  return v;
}

/** The member or team an `assignedTo` value names: `user:<id>`, `team:<id>`, `<id>`, a username or an email. */
function resolveAssignee(state: SandboxState, org: SeedOrg, raw: unknown): Assignee | null {
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string') bad('assignedTo: Not a valid string.');
  const members = state.seed.members;
  let member: Member | undefined;
  const m = /^(user|team):(.*)$/.exec(raw);
  if (m && m[1] === 'team') {
    const team = teamsOf(org, members).find((t) => t.id === m[2]);
    if (!team) bad(`assignedTo: Unknown actor input: ${raw}`);
    return { type: 'team', id: team.id, name: team.slug };
  }
  if (m) member = members.find((u) => u.id === m[2]);
  else if (raw.includes(':')) bad('assignedTo: Could not parse actor. Format should be `type:id` where type is `team` or `user`.');
  else if (/^\d+$/.test(raw)) member = members.find((u) => u.id === raw);
  else member = members.find((u) => u.username.toLowerCase() === raw.toLowerCase() || u.email.toLowerCase() === raw.toLowerCase());
  if (!member) bad(`assignedTo: Unknown actor input: ${raw}`);
  return userAssignee(member);
}

function validate(state: SandboxState, org: SeedOrg, body: Record<string, unknown>): Change {
  const change: Change = {};
  for (const key of ['merge', 'discard']) {
    if (body[key] === true) bad(`${key} is not supported by this sandbox`);
  }
  for (const key of BOOLEAN_FIELDS) {
    if (key in body) {
      if (typeof body[key] !== 'boolean') bad(`${key}: Must be a valid boolean.`);
      change[key] = body[key] as boolean;
    }
  }
  if ('priority' in body) {
    if (typeof body.priority !== 'string' || !PRIORITIES.includes(body.priority)) bad(`priority: "${String(body.priority)}" is not a valid choice.`);
    change.priority = body.priority as Change['priority'];
  }
  if ('assignedTo' in body) change.assignedTo = resolveAssignee(state, org, body.assignedTo);

  const details = body.statusDetails ?? {};
  if (typeof details !== 'object' || details === null || Array.isArray(details)) bad('statusDetails: Invalid data. Expected a dictionary.');
  const d = details as Record<string, unknown>;
  for (const k of Object.keys(d)) if (!IGNORE_KEYS.includes(k) && !RESOLVE_KEYS.includes(k)) bad(`statusDetails: unknown field ${k}`);
  const ignoreKeys = IGNORE_KEYS.filter((k) => k in d);
  const resolveKeys = RESOLVE_KEYS.filter((k) => k in d);

  let status: string | undefined;
  if ('status' in body) {
    if (typeof body.status !== 'string' || !STATUSES.includes(body.status)) bad(`status: "${String(body.status)}" is not a valid choice.`);
    status = body.status;
  }
  let substatus: string | null | undefined;
  if ('substatus' in body) {
    const s = body.substatus;
    if (s !== null && (typeof s !== 'string' || !SUBSTATUSES.includes(s))) bad(`substatus: "${String(s)}" is not a valid choice.`);
    substatus = s as string | null;
    if (status === undefined) bad('substatus: Status is required when substatus is set.');
  }
  if (status === undefined) {
    if (ignoreKeys.length || resolveKeys.length) bad('statusDetails: Status is required when statusDetails is set.');
    return change;
  }

  if (status === 'resolvedInNextRelease') {
    if (ignoreKeys.length || resolveKeys.some((k) => k !== 'inNextRelease')) bad('statusDetails: resolvedInNextRelease takes no other status details.');
    if (substatus) bad(`substatus: ${substatus} is not a substatus of resolved issues.`);
    change.status = 'resolved';
    change.resolve = { inNextRelease: true };
    change.substatus = null;
    return change;
  }
  if (status === 'resolved') {
    if (ignoreKeys.length) bad(`statusDetails: ${ignoreKeys[0]} applies to ignored issues only.`);
    if (resolveKeys.length > 1) bad('statusDetails: only one of inNextRelease, inRelease and inCommit may be given.');
    if (substatus) bad(`substatus: ${substatus} is not a substatus of resolved issues.`);
    change.status = 'resolved';
    change.substatus = null;
    change.resolve = {};
    if ('inNextRelease' in d) {
      if (d.inNextRelease !== true) bad('statusDetails.inNextRelease: Must be true.');
      change.resolve.inNextRelease = true;
    } else if ('inRelease' in d) {
      if (typeof d.inRelease !== 'string' || !d.inRelease) bad('statusDetails.inRelease: Not a valid string.');
      change.resolve.inRelease = d.inRelease;
    } else if ('inCommit' in d) {
      const c = d.inCommit as Record<string, unknown> | null;
      if (!c || typeof c !== 'object' || typeof c.commit !== 'string' || typeof c.repository !== 'string' || !c.commit || !c.repository) {
        bad('statusDetails.inCommit: commit and repository are required.');
      }
      if (!/^[0-9a-f]{7,40}$/i.test(c.commit)) bad('statusDetails.inCommit: Unable to find the given commit.');
      change.resolve.inCommit = { commit: c.commit, repository: c.repository };
    }
    return change;
  }
  if (status === 'unresolved') {
    if (ignoreKeys.length || resolveKeys.length) bad('statusDetails: unresolved takes no status details.');
    if (substatus && ARCHIVED.includes(substatus)) bad(`substatus: ${substatus} is not a substatus of unresolved issues.`);
    change.status = 'unresolved';
    change.substatus = substatus ?? 'ongoing';
    return change;
  }
  // ignored (or its old name, muted): Archive.
  if (resolveKeys.length) bad(`statusDetails: ${resolveKeys[0]} applies to resolved issues only.`);
  if (substatus !== undefined && (substatus === null || !ARCHIVED.includes(substatus))) bad(`substatus: ${String(substatus)} is not a substatus of ignored issues.`);
  const snooze: Change['snooze'] = {};
  const groups = [
    ['ignoreDuration' in d, 'ignoreDuration'],
    ['ignoreCount' in d || 'ignoreWindow' in d, 'ignoreCount'],
    ['ignoreUserCount' in d || 'ignoreUserWindow' in d, 'ignoreUserCount'],
  ].filter(([present]) => present);
  if (groups.length > 1) bad(`statusDetails: only one condition may be given, not ${groups.map(([, n]) => n).join(' and ')}.`);
  if ('ignoreDuration' in d) snooze.duration = positiveInt('statusDetails.ignoreDuration', d.ignoreDuration);
  if ('ignoreWindow' in d && !('ignoreCount' in d)) bad('statusDetails.ignoreWindow: ignoreCount is required with ignoreWindow.');
  if ('ignoreCount' in d) snooze.count = positiveInt('statusDetails.ignoreCount', d.ignoreCount);
  if ('ignoreWindow' in d) snooze.window = positiveInt('statusDetails.ignoreWindow', d.ignoreWindow, MAX_WINDOW);
  if ('ignoreUserWindow' in d && !('ignoreUserCount' in d)) bad('statusDetails.ignoreUserWindow: ignoreUserCount is required with ignoreUserWindow.');
  if ('ignoreUserCount' in d) snooze.userCount = positiveInt('statusDetails.ignoreUserCount', d.ignoreUserCount);
  if ('ignoreUserWindow' in d) snooze.userWindow = positiveInt('statusDetails.ignoreUserWindow', d.ignoreUserWindow, MAX_WINDOW);
  const conditional = groups.length === 1;
  // Without a substatus: until the condition when one is given, else forever, as Sentry's infer_substatus
  // decides (https://github.com/getsentry/sentry/blob/master/src/sentry/issues/status_change.py). The extension always sends one.
  const sub = substatus ?? (conditional ? 'archived_until_condition_met' : 'archived_forever');
  if (sub === 'archived_until_condition_met' && !conditional) bad('statusDetails: archived_until_condition_met needs one of ignoreDuration, ignoreCount or ignoreUserCount.');
  if (sub !== 'archived_until_condition_met' && conditional) bad(`substatus: ${sub} takes no condition; use archived_until_condition_met.`);
  change.status = 'ignored';
  change.substatus = sub;
  if (conditional) change.snooze = snooze;
  return change;
}

// ---------------------------------------------------------------------------------- applying

function latestRelease(project: SeedProject): string {
  return project.releases[project.releases.length - 1].version;
}

/** Release data (inRelease) needs one project; a version must exist in it. */
function checkRelease(change: Change, issues: SeedIssue[]): void {
  const version = change.resolve?.inRelease;
  if (version === undefined) return;
  const projects = new Set(issues.map((i) => i.project));
  if (projects.size > 1) bad('Status detail updates that include release data are only allowed for issues within a single project');
  const [project] = projects;
  if (project && version !== 'latest' && !project.releases.some((r) => r.version === version)) bad('statusDetails.inRelease: Unable to find the given release.');
}

/** The actor Sentry records on a resolution or an archive: the requesting user. */
function actorOf(p: Principal): Record<string, unknown> {
  return p.userId ? { actor: { id: p.userId } } : {};
}

function apply(state: SandboxState, p: Principal, issue: SeedIssue, change: Change): void {
  const now = state.now();
  if (change.status === 'resolved') {
    const r = change.resolve ?? {};
    const details: Record<string, unknown> = { ...actorOf(p) };
    if (r.inNextRelease) details.inNextRelease = true;
    if (r.inRelease) details.inRelease = r.inRelease === 'latest' ? latestRelease(issue.project) : r.inRelease;
    if (r.inCommit) details.inCommit = r.inCommit.commit;
    issue.status = 'resolved';
    issue.substatus = null;
    issue.statusDetails = details;
    state.snoozes.delete(issue.id);
    state.inbox.delete(issue.id);
  } else if (change.status === 'unresolved') {
    issue.status = 'unresolved';
    issue.substatus = change.substatus ?? 'ongoing';
    issue.statusDetails = {};
    state.snoozes.delete(issue.id);
  } else if (change.status === 'ignored') {
    issue.status = 'ignored';
    issue.substatus = change.substatus ?? 'archived_forever';
    const s = change.snooze;
    const details: Record<string, unknown> = { ...actorOf(p) };
    state.snoozes.delete(issue.id);
    if (s) {
      const snooze: Snooze = { since: now };
      if (s.duration !== undefined) {
        snooze.until = now + s.duration * 60_000;
        details.ignoreUntil = iso(snooze.until);
      }
      if (s.count !== undefined) {
        snooze.count = details.ignoreCount = s.count;
        if (s.window !== undefined) snooze.window = details.ignoreWindow = s.window;
      }
      if (s.userCount !== undefined) {
        snooze.userCount = details.ignoreUserCount = s.userCount;
        if (s.userWindow !== undefined) snooze.userWindow = details.ignoreUserWindow = s.userWindow;
      }
      state.snoozes.set(issue.id, snooze);
    }
    issue.statusDetails = details;
    state.inbox.delete(issue.id);
  }
  if (change.assignedTo !== undefined) issue.assignedTo = change.assignedTo;
  if (change.priority !== undefined) {
    issue.priority = change.priority;
    state.priorityLockedAt.set(issue.id, now);
  }
  if (change.isPublic !== undefined) {
    issue.isPublic = change.isPublic;
    issue.shareId = change.isPublic ? (issue.shareId ?? randomHex(16)) : null;
  }
  if (change.inbox === true) state.inbox.delete(issue.id);
  if (change.inbox === false) state.inbox.add(issue.id);
  setFlags(state, issue, p.userId, { hasSeen: change.hasSeen, isBookmarked: change.isBookmarked, isSubscribed: change.isSubscribed });
}

/** The bulk answer: the changed fields only, as Sentry's update_groups answers them. */
function delta(state: SandboxState, p: Principal, change: Change, issues: SeedIssue[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const first = issues[0];
  if (change.status !== undefined) {
    out.status = change.status;
    out.substatus = change.substatus ?? null;
    const details: Record<string, unknown> = {};
    const r = change.resolve ?? {};
    if (r.inNextRelease) details.inNextRelease = true;
    if (r.inRelease) details.inRelease = r.inRelease === 'latest' && first ? latestRelease(first.project) : r.inRelease;
    if (r.inCommit) details.inCommit = r.inCommit;
    const s = change.snooze;
    if (s?.duration !== undefined) details.ignoreDuration = s.duration;
    if (s?.count !== undefined) details.ignoreCount = s.count;
    if (s?.window !== undefined) details.ignoreWindow = s.window;
    if (s?.userCount !== undefined) details.ignoreUserCount = s.userCount;
    if (s?.userWindow !== undefined) details.ignoreUserWindow = s.userWindow;
    out.statusDetails = change.status === 'unresolved' ? {} : serializeStatusDetails(state, { ...details, ...actorOf(p) });
    // The answer of an unarchive/resolve carries null substatus only for resolutions; Sentry's type is a string.
    if (out.substatus === null) delete out.substatus;
  }
  if (change.assignedTo !== undefined) out.assignedTo = change.assignedTo ? { ...change.assignedTo } : null;
  for (const k of BOOLEAN_FIELDS) if (change[k] !== undefined) out[k] = change[k];
  if (change.isPublic !== undefined) out.shareId = change.isPublic && first ? first.shareId : null;
  if (out.shareId === null) delete out.shareId;
  if (change.priority !== undefined) out.priority = change.priority;
  if (change.isSubscribed !== undefined) out.subscriptionDetails = { disabled: false, reason: 'unknown' };
  return out;
}

/** What PUT and GET of one issue answer: the list shape plus the fields the document requires of it. */
export function serializeOne(state: SandboxState, issue: SeedIssue, userId: string | null): Record<string, unknown> {
  return {
    ...serializeIssue(state, issue, '24h', userId),
    // Where the profile's server lost the issue's seen stats (profiles.ts), as on the organization list.
    ...(state.seenStatsLost(issue) ? { firstSeen: null, lastSeen: null } : {}),
    ...SEER_FIELDS,
  };
}

// ---------------------------------------------------------------------------------- snoozes

/** Unarchive an issue as Sentry does when its archive ends. */
function unarchive(state: SandboxState, issue: SeedIssue, substatus: 'escalating' | 'ongoing'): void {
  issue.status = 'unresolved';
  issue.substatus = substatus;
  issue.statusDetails = {};
  state.snoozes.delete(issue.id);
  state.inbox.add(issue.id);
}

/** Archives whose ignoreDuration ran out (sandbox clock) return to unresolved/ongoing, as Sentry's clear_expired_snoozes does. */
export function expireSnoozes(state: SandboxState): void {
  const now = state.now();
  for (const [id, s] of state.snoozes) {
    if (s.until !== undefined && now >= s.until) {
      const issue = state.seed.issue(id);
      if (issue && issue.status === 'ignored') unarchive(state, issue, 'ongoing');
      else state.snoozes.delete(id);
    }
  }
}

/** Count and user-count conditions, checked after new events (Sentry's process_snoozes: unarchived as escalating). */
function checkSnooze(state: SandboxState, issue: SeedIssue): void {
  const s = state.snoozes.get(issue.id);
  if (!s || issue.status !== 'ignored') return;
  const now = state.now();
  if (s.count !== undefined) {
    const from = Math.max(s.since, s.window !== undefined ? now - s.window * 60_000 : -Infinity);
    if (issue.events.filter((e) => e.time >= from).length >= s.count) unarchive(state, issue, 'escalating');
  } else if (s.userCount !== undefined) {
    const from = Math.max(s.since, s.userWindow !== undefined ? now - s.userWindow * 60_000 : -Infinity);
    const users = new Set(issue.events.filter((e) => e.time >= from && e.user).map((e) => e.user!.id));
    if (users.size >= s.userCount) unarchive(state, issue, 'escalating');
  }
}

export interface IssueTriageState {
  id: string;
  status: string;
  substatus: string | null;
  statusDetails: Record<string, unknown>;
  count: number;
  inbox: boolean;
}

export function triageStateOf(state: SandboxState, issue: SeedIssue): IssueTriageState {
  return { id: issue.id, status: issue.status, substatus: issue.substatus, statusDetails: issue.statusDetails, count: issue.events.length, inbox: state.inbox.has(issue.id) };
}

/** The issue an injection names (id or short ID); an Error (a 400 over HTTP) when there is none. */
function injectable(state: SandboxState, issueId: unknown): SeedIssue {
  const issue = typeof issueId === 'string' ? state.seed.issue(issueId) : undefined;
  if (!issue) throw new Error(`unknown issue ${String(issueId)}`);
  return issue;
}

function checkInjectCount(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new Error('count must be an integer in 1..10000');
}

/**
 * `n` new events of an issue at the sandbox clock's now, each from a new user, copied from its newest
 * event (same environment, release, location and frames), so the newest event still points at the
 * same file. lastSeen becomes now. An issue archived until a count or user-count condition returns to
 * unresolved (escalating) once it is met; a resolved issue regresses (unresolved, regressed), as on Sentry.
 */
export function injectEvents(state: SandboxState, issueId: string, n: number): IssueTriageState {
  const issue = injectable(state, issueId);
  checkInjectCount(n);
  return addEvents(state, issue, n);
}

/** `n` new events of each issue (ids or short IDs), all checked before any is changed; one state per issue, in order. */
export function injectEventsMany(state: SandboxState, issueIds: readonly string[], n: number): IssueTriageState[] {
  if (!Array.isArray(issueIds) || issueIds.length === 0) throw new Error('issues must be a non-empty array of issue ids or short IDs');
  const issues = issueIds.map((id) => injectable(state, id));
  checkInjectCount(n);
  return issues.map((issue) => addEvents(state, issue, n));
}

function addEvents(state: SandboxState, issue: SeedIssue, n: number): IssueTriageState {
  const now = state.now();
  const template = issue.events[0];
  const added = Array.from({ length: n }, () => {
    const k = state.nextInjected++;
    const user = { id: `injected-${k}`, email: `injected-${k}@example.com`, username: `injected${k}`, ip_address: '203.0.113.7', name: null };
    return { ...template, eventID: randomHex(16), time: now, user };
  });
  // events: newest first; times: oldest first. New arrays, so caches keyed by them see the change.
  const newer = issue.events.findIndex((e) => e.time <= now);
  const at = newer < 0 ? issue.events.length : newer;
  issue.events = [...issue.events.slice(0, at), ...added, ...issue.events.slice(at)];
  const after = issue.times.findIndex((t) => t > now);
  const cut = after < 0 ? issue.times.length : after;
  issue.times = [...issue.times.slice(0, cut), ...added.map((e) => e.time), ...issue.times.slice(cut)];
  issue.lastSeen = Math.max(issue.lastSeen, now);
  issue.firstSeen = Math.min(issue.firstSeen, now);
  issue.userCount += n;
  if (issue.status === 'resolved') {
    issue.status = 'unresolved';
    issue.substatus = 'regressed';
    issue.statusDetails = {};
    state.inbox.add(issue.id);
  } else {
    checkSnooze(state, issue);
  }
  return triageStateOf(state, issue);
}

/** Sentry decided the issue escalates: archived_until_escalating returns to unresolved/escalating. Anything else is left alone. */
export function escalate(state: SandboxState, issueId: string): IssueTriageState & { escalated: boolean } {
  const issue = state.seed.issue(issueId);
  if (!issue) throw new Error(`unknown issue ${issueId}`);
  const escalated = issue.status === 'ignored' && issue.substatus === 'archived_until_escalating';
  if (escalated) unarchive(state, issue, 'escalating');
  else if (issue.status === 'unresolved' && issue.substatus !== 'escalating') {
    issue.substatus = 'escalating';
    state.inbox.add(issue.id);
  }
  return { ...triageStateOf(state, issue), escalated };
}

// ---------------------------------------------------------------------------------- handlers

function parsedOrRaw(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Runs a write and records it in the write log (and the no-ids counter), whatever it answers. */
function logged(ctx: Ctx, bulk: boolean, run: (entry: WriteLogEntry) => Res): Res {
  const state = ctx.state;
  const ids = ctx.params.getAll('id');
  const entry: WriteLogEntry = {
    method: ctx.method,
    path: ctx.path,
    ids,
    query: ctx.query.map(([k, v]) => [k, v] as [string, string]),
    body: parsedOrRaw(ctx.body),
    status: 0,
    userId: null,
    bulk,
    withoutIds: bulk && ids.length === 0,
    changed: [],
    at: state.now(),
  };
  state.writes.push(entry);
  if (entry.withoutIds) {
    state.bulkWithoutIds++;
    state.bulkWithoutIdsRequests.push(entry);
  }
  try {
    const res = run(entry);
    entry.status = res.status;
    return res;
  } catch (e) {
    entry.status = e instanceof HttpError ? e.status : 500;
    throw e;
  }
}

function writer(ctx: Ctx, orgKey: string, entry: WriteLogEntry): { p: Principal; org: SeedOrg } {
  const p = authenticate(ctx);
  entry.userId = p.userId;
  const org = resolveOrg(ctx, p, orgKey);
  requireScope(p, WRITE_SCOPES);
  return { p, org };
}

function updateIssue(ctx: Ctx, m: RegExpExecArray): Res {
  return logged(ctx, false, (entry) => {
    const { p, org } = writer(ctx, m[1], entry);
    const issue = findIssue(ctx, org, m[2]);
    const change = validate(ctx.state, org, parseBody(ctx));
    checkRelease(change, [issue]);
    apply(ctx.state, p, issue, change);
    entry.changed = [issue.id];
    return json(200, serializeOne(ctx.state, issue, p.userId));
  });
}

function retrieveIssue(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['event:admin', 'event:read', 'event:write']);
  const issue = findIssue(ctx, org, m[2]);
  const project = issue.project;
  const first = project.releases[0];
  const last = project.releases[project.releases.length - 1];
  return json(200, {
    ...serializeOne(ctx.state, issue, p.userId),
    activity: [],
    participants: [],
    seenBy:
      flagsOf(ctx.state, issue, p.userId).hasSeen && p.userId ? [serializeUser(ctx.state.seed.members.find((u) => u.id === p.userId) ?? ctx.state.seed.user, ctx.state.seed.anchor - 400 * DAY)] : [],
    userReportCount: ctx.state.userReports.filter((r) => r.issueId === issue.id).length,
    firstRelease: first ? { version: first.version } : null,
    lastRelease: last ? { version: last.version } : null,
    tags: [],
    pluginActions: [],
    pluginIssues: [],
    pluginContexts: [],
  });
}

/**
 * The issues a bulk PUT changes, as update_groups_with_search_fn picks them
 * (https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/group_index/update.py):
 * its ids that are issues of `projects`, however many ids there are, the others skipped; when none of
 * them is (or without ids), up to BULK_MUTATION_LIMIT issues found by the request's search, as the
 * list would find them (default query is:unresolved). Without ids only a status change may go on.
 */
function bulkTargets(ctx: Ctx, p: Principal, projects: SeedProject[], body: Record<string, unknown>): SeedIssue[] {
  const params = ctx.params;
  const ids = params.getAll('id');
  if (ids.some((id) => !/^\d+$/.test(id))) bad('id: A valid integer is required.');
  if (ids.length > 0) {
    const found = [...new Set(ids)].map((id) => ctx.state.seed.issue(id)).filter((i): i is SeedIssue => i !== undefined && projects.includes(i.project));
    if (found.length > 0) return found;
    // None found: Sentry searches instead, with the request's query (a client that sends none gets the default).
  } else if (!('status' in body)) {
    // OpenAPI: "For non-status updates, the `id` query parameter is required".
    bad('You must specify a list of IDs for this operation');
  }
  const query = params.has('query') ? params.get('query')! : 'is:unresolved';
  const envs = params.getAll('environment').filter(Boolean);
  const sort = params.get('sort') ?? 'date';
  checkSort(sort, SORTS);
  const matches = queryMatcher(ctx, p, projects, query);
  const matched = projects.flatMap((project) => project.issues.filter((i) => matches(i) && (envs.length === 0 || i.events.some((e) => envs.includes(e.environment)))));
  return sortIssues(matched, sort, ctx.state.now()).slice(0, BULK_MUTATION_LIMIT);
}

/** 204 "No groups found" when nothing matched: a 204 has no body a client could read as changes. */
function bulkUpdate(ctx: Ctx, p: Principal, org: SeedOrg, projects: SeedProject[], entry: WriteLogEntry): Res {
  const body = parseBody(ctx);
  const change = validate(ctx.state, org, body);
  const targets = bulkTargets(ctx, p, projects, body);
  if (targets.length === 0) return { status: 204, headers: {}, body: '' };
  checkRelease(change, targets);
  for (const issue of targets) apply(ctx.state, p, issue, change);
  entry.changed = targets.map((i) => i.id);
  return json(200, delta(ctx.state, p, change, targets));
}

/**
 * The organization's bulk PUT: its projects are read as the list reads them (get_projects,
 * membership.ts): the named ones (each accessible, else 403), `-1` every accessible one, or without any
 * the projects the user is a member of, so issues of other projects are skipped without a word; an
 * unknown environment is a 404 first, as the endpoint reads them before anything else.
 */
function bulkUpdateOrgIssues(ctx: Ctx, m: RegExpExecArray): Res {
  return logged(ctx, true, (entry) => {
    const { p, org } = writer(ctx, m[1], entry);
    checkEnvironments(
      ctx.params,
      orgEnvironments(org).map((e) => e.name),
    );
    return bulkUpdate(ctx, p, org, orgProjects(ctx, p, org), entry);
  });
}

function bulkUpdateProjectIssues(ctx: Ctx, m: RegExpExecArray): Res {
  return logged(ctx, true, (entry) => {
    const { p, org } = writer(ctx, m[1], entry);
    const project = resolveProject(org, m[2]);
    return bulkUpdate(ctx, p, org, [project], entry);
  });
}

function serializeMember(state: SandboxState, org: SeedOrg, u: Member): Record<string, unknown> {
  const joined = org.dateCreated + Number(u.id) * DAY;
  const owner = u.id === state.seed.user.id;
  return {
    id: String(Number(org.id) * 1000 + Number(u.id)),
    email: u.email,
    name: u.name,
    user: serializeUser(u, joined),
    orgRole: owner ? 'owner' : 'member',
    role: owner ? 'owner' : 'member',
    roleName: owner ? 'Owner' : 'Member',
    pending: false,
    expired: false,
    flags: { 'idp:provisioned': false, 'idp:role-restricted': false, 'sso:linked': false, 'sso:invalid': false, 'member-limit:restricted': false, 'partnership:restricted': false },
    dateCreated: iso(joined),
    inviteStatus: 'approved',
    inviterName: null,
    teams: teamsOf(org, state.seed.members)
      .filter((t) => t.memberIds.includes(u.id))
      .map((t) => t.slug),
  };
}

function listMembers(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['member:admin', 'member:read', 'member:write']);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const { page, link } = paginate(pageCtx(ctx), ctx.state.seed.members, cursor, limit);
  return json(
    200,
    page.map((u) => serializeMember(ctx.state, org, u)),
    { link },
  );
}

function listTeams(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  // OrganizationTeamsPermission: GET takes org:read and up; team:write only writes
  // (https://github.com/getsentry/sentry/blob/master/src/sentry/core/endpoints/organization_teams.py).
  requireScope(p, ['org:admin', 'org:read', 'org:write']);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const cursor = parseCursor(ctx.params.get('cursor'));
  const detailed = ctx.params.get('detailed') !== '0';
  const q = (ctx.params.get('query') ?? '').trim().toLowerCase();
  const teams = teamsOf(org, ctx.state.seed.members).filter((t) => !q || t.slug.includes(q) || t.name.toLowerCase().includes(q));
  const { page, link } = paginate(pageCtx(ctx), teams, cursor, limit);
  return json(
    200,
    page.map((t, k) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      dateCreated: iso(org.dateCreated + k * DAY),
      isMember: p.userId !== null && t.memberIds.includes(p.userId),
      teamRole: p.userId !== null && t.memberIds.includes(p.userId) ? 'contributor' : null,
      flags: { 'idp:provisioned': false },
      access: ['event:read', 'event:write', 'project:read', 'team:read', 'member:read', 'org:read'],
      hasAccess: true,
      isPending: false,
      memberCount: t.memberIds.length,
      avatar: { avatarType: 'letter_avatar', avatarUuid: null },
      ...(detailed
        ? {
            projects: teamProjects(org, t).map((pr) => ({
              ...serializeProject(ctx.state, pr, p),
              isInternal: false,
              isPublic: false,
              color: '#3f70bf',
              avatar: { avatarType: 'letter_avatar', avatarUuid: null },
            })),
          }
        : {}),
    })),
    { link },
  );
}

// ---------------------------------------------------------------------------------- routes

/** Routes of this module; `shared` marks a path whose other methods api.ts serves. */
const ROUTES: Array<Route & { shared?: boolean }> = [
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/([^/]+)\/$/, methods: { GET: retrieveIssue, PUT: updateIssue } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/issues\/$/, methods: { PUT: bulkUpdateOrgIssues }, shared: true },
  { re: /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/issues\/$/, methods: { PUT: bulkUpdateProjectIssues }, shared: true },
  { re: /^\/api\/0\/organizations\/([^/]+)\/members\/$/, methods: { GET: listMembers } },
  { re: /^\/api\/0\/organizations\/([^/]+)\/teams\/$/, methods: { GET: listTeams } },
];

/** Answers a triage route, or undefined when the request is api.ts's. */
export function handleTriage(ctx: Ctx): Res | undefined {
  expireSnoozes(ctx.state);
  const hit = matchRoute(ROUTES, ctx);
  if (!hit) return undefined;
  if (hit.handler) return hit.handler(ctx, hit.m);
  // A shared path's GET is api.ts's (the issue lists); only its other methods are refused here.
  if (hit.route.shared && (ctx.method === 'GET' || ctx.method === 'HEAD')) return undefined;
  methodNotAllowed(ctx, [...(hit.route.shared ? ['GET'] : []), ...Object.keys(hit.route.methods)]);
}
