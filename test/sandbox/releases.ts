// Releases, their commits and deploys, and what Sentry suspects and who owns the code of an event:
//   GET /api/0/organizations/{org}/issues/{id}/first-last-release/
//   GET /api/0/organizations/{org}/releases/{version}/            (…/commits/, …/deploys/)
//   GET /api/0/projects/{org}/{project}/events/{event_id}/committers/   (…/owners/)
// Each handler names the Sentry source (getsentry/sentry) it follows. The commits are the sample
// workspace's git history (gitHistory.ts: a real repository built at test time, its SHAs read back),
// so the extension's line-history checks run against the very commits the server names.
//
// Which project has what:
// - web-frontend: a GitHub repository through the organization's source code integration, commits in
//   releases 2.9.0 (the import), 2.10.0 and 2.11.0, ownership rules;
// - worker: a repository without integration (commits sent by `sentry-cli releases set-commits`, no
//   URL), whose commits touch no file of any frame: nothing to suspect;
// - api-server and every other project: no repository, no commit; api-server has an ownership rule.
import { authenticate, findIssue, requireScope, resolveOrg, resolveProject, pageCtx, type Ctx, type Principal } from './api';
import { DETAIL, fail, json, pageSize, paginate, parseCursor, type Res } from './http';
import { hash32 } from './prng';
import { iso, type SeedEvent, type SeedIssue, type SeedOrg, type SeedProject } from './seed';
import { accessibleProjects, hasProjectAccess, requestedProjects } from './membership';
import { teamsOf } from './people';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { editedLines, RELEASE_STEPS, sandboxHistory, type HistoryAuthor, type HistoryCommit } from './gitHistory';
import type { SandboxState } from './state';

// Permission classes (src/sentry/api/bases/organization.py, project.py, and the group base of
// src/sentry/issues/endpoints/bases/group.py): the scopes a GET takes.
/** GroupPermission: the issue endpoints; ProjectEventPermission (GET) the same: an event's committers and owners on current servers. */
const GROUP_READ = ['event:read', 'event:write', 'event:admin'];
/** OrganizationReleasePermission (GET), which also lets organization auth tokens (org:ci) read releases. */
const RELEASE_READ = ['project:read', 'project:write', 'project:admin', 'project:releases', 'org:ci'];
/** ProjectPermission (GET): the committers and owners of an event on older servers. */
const PROJECT_READ = ['project:read', 'project:write', 'project:admin'];

const gitWorkspaces = new WeakMap<SandboxState, string>();

/** The repository (made by gitHistory.ts's createGitWorkspace) whose SHAs this sandbox serves; else a copy of its own. */
export function useGitWorkspace(state: SandboxState, dir: string | undefined): void {
  if (dir) gitWorkspaces.set(state, dir);
}

interface Repo {
  id: string;
  name: string;
  url: string | null;
  provider: { id: string; name: string } | null;
  integrationId: string | null;
}

interface ReleaseCommit {
  sha: string;
  message: string;
  author: HistoryAuthor;
  date: string;
  files: string[];
  repo: Repo;
}

function repoOf(project: SeedProject): Repo | null {
  if (project.org.slug !== 'acme') return null;
  if (project.slug === 'web-frontend') {
    // src/sentry/api/serializers/models/repository.py: the URL and provider come from the integration.
    return { id: '301', name: 'acme/web-frontend', url: 'https://github.com/acme/web-frontend', provider: { id: 'integrations:github', name: 'GitHub' }, integrationId: '7' };
  }
  // A repository that `sentry-cli releases set-commits` created: no integration, no URL, no provider.
  if (project.slug === 'worker') return { id: '303', name: 'acme/worker', url: null, provider: null, integrationId: null };
  return null;
}

/** The commits of a project's release (by its index among the project's releases), oldest first. */
function commitsOf(state: SandboxState, project: SeedProject, index: number): ReleaseCommit[] {
  const repo = repoOf(project);
  if (!repo) return [];
  if (project.slug === 'web-frontend') {
    const key = RELEASE_STEPS.get(index);
    const history = key ? sandboxHistory(gitWorkspaces.get(state)) : null;
    const c = history?.find((h: HistoryCommit) => h.key === key);
    return c ? [{ sha: c.sha, message: c.message, author: c.author, date: c.date, files: c.files, repo }] : [];
  }
  // worker: one commit per release, to a file no event's frame names.
  const version = project.releases[index].version;
  const sha = [0, 1, 2, 3, 4]
    .map((k) =>
      hash32(version, 0xc0 + k)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  return [{ sha, message: `Bump ${version}`, author: { name: 'Release Bot', email: 'bot@acme.example' }, date: iso(project.releases[index].date - 7_200_000), files: ['CHANGELOG.md'], repo }];
}

function serializeRepo(r: Repo): Record<string, unknown> {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    provider: r.provider,
    status: 'active',
    dateCreated: '2025-06-01T08:00:00.000000Z',
    integrationId: r.integrationId,
    externalSlug: r.integrationId ? r.name : null,
    externalId: r.integrationId ? String(90_000 + Number(r.id)) : null,
  };
}

/**
 * A commit as src/sentry/api/serializers/models/commit.py (CommitSerializer) writes it: the author is a
 * Sentry user when one has the commit author's email (get_users_for_authors in
 * src/sentry/api/serializers/models/release.py), else `{name, email}` as the commit named them.
 */
function serializeCommit(c: ReleaseCommit, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: c.sha,
    message: c.message,
    dateCreated: c.date,
    pullRequest: null,
    suspectCommitType: '',
    repository: serializeRepo(c.repo),
    author: { name: c.author.name, email: c.author.email },
    ...extra,
  };
}

function releaseIndex(project: SeedProject, version: string): number {
  return project.releases.findIndex((r) => r.version === version);
}

function deploysOf(project: SeedProject, index: number): Array<Record<string, unknown>> {
  const rel = project.releases[index];
  const h = hash32(rel.version, 0xde9);
  // `name` is required of a release's lastDeploy in the OpenAPI document (which wins over the model's null).
  const deploys: Array<{ id: string; environment: string; dateStarted: string | null; dateFinished: string; name: string; url: null }> = [
    { id: String(h % 100_000), environment: 'production', dateStarted: null, dateFinished: iso(rel.date + 600_000), name: `${rel.version} to production`, url: null },
  ];
  // The two newest releases went through staging first.
  if (index >= project.releases.length - 2)
    deploys.push({
      id: String((h % 100_000) + 100_000),
      environment: 'staging',
      dateStarted: iso(rel.date - 3_900_000),
      dateFinished: iso(rel.date - 3_600_000),
      name: `${rel.version} to staging`,
      url: null,
    });
  // OffsetPaginator ordered by -date_finished (src/sentry/releases/endpoints/release_deploys.py).
  return deploys.sort((a, b) => b.dateFinished.localeCompare(a.dateFinished));
}

/** The events of a release in a project: the first and last it was seen in. */
function releaseEvents(project: SeedProject, version: string): { first: number | null; last: number | null; newGroups: number } {
  let first: number | null = null;
  let last: number | null = null;
  let newGroups = 0;
  for (const i of project.issues) {
    const evs = i.events.filter((e) => e.release === version);
    for (const e of evs) {
      first = first === null ? e.time : Math.min(first, e.time);
      last = last === null ? e.time : Math.max(last, e.time);
    }
    if (i.events.length && i.events[i.events.length - 1].release === version) newGroups++;
  }
  return { first, last, newGroups };
}

/**
 * A release as src/sentry/api/serializers/models/release.py (ReleaseSerializer) writes it, every field the
 * OpenAPI document's release list requires; `lastCommit` is the newest commit of the release, null
 * without one (a server without the source code integration and no `set-commits`).
 */
export function serializeRelease(state: SandboxState, project: SeedProject, index: number): Record<string, unknown> {
  const rel = project.releases[index];
  const commits = commitsOf(state, project, index);
  const deploys = deploysOf(project, index);
  const m = /^(?:(.+)@)?((\d+)\.(\d+)\.(\d+))$/.exec(rel.version);
  const seen = releaseEvents(project, rel.version);
  const last = commits[commits.length - 1];
  return {
    id: Number(project.id) * 100 + index + 1,
    version: rel.version,
    status: 'open',
    shortVersion: m ? m[2] : rel.version.slice(0, 12),
    versionInfo: m
      ? { package: m[1] ?? null, version: { raw: m[2], major: Number(m[3]), minor: Number(m[4]), patch: Number(m[5]) }, description: m[2], buildHash: null }
      : { package: null, version: { raw: rel.version }, description: rel.version.slice(0, 12), buildHash: rel.version },
    ref: m ? null : rel.version,
    url: null,
    dateReleased: iso(rel.date),
    dateCreated: iso(rel.date - 3_600_000),
    data: {},
    newGroups: seen.newGroups,
    owner: null,
    commitCount: commits.length,
    lastCommit: last ? serializeCommit(last) : null,
    deployCount: deploys.length,
    lastDeploy: deploys[0] ?? null,
    authors: [...new Map(commits.map((c) => [c.author.email, { name: c.author.name, email: c.author.email }])).values()],
    projects: [{ id: Number(project.id), slug: project.slug, name: project.name, newGroups: seen.newGroups, platform: project.platform, platforms: [project.platform], hasHealthData: false }],
    firstEvent: seen.first === null ? null : iso(seen.first),
    lastEvent: seen.last === null ? null : iso(seen.last),
    currentProjectMeta: {},
    userAgent: null,
  };
}

/**
 * The release of `version` in a project the caller may access (OrganizationReleasesBaseEndpoint.get_projects
 * passes include_all_accessible=True: src/sentry/api/bases/organization.py); 404 otherwise (ResourceDoesNotExist).
 */
function findRelease(ctx: Ctx, p: Principal, org: SeedOrg, version: string): { project: SeedProject; index: number } {
  for (const project of accessibleProjects(ctx.state, p, org)) {
    const index = releaseIndex(project, version);
    if (index >= 0) return { project, index };
  }
  fail(404, DETAIL.notFound);
}

/**
 * GET …/issues/{id}/first-last-release/ (src/sentry/issues/endpoints/group_first_last_release.py, a
 * private endpoint rate-limited to 5 a second per user): `{id, firstRelease, lastRelease}`, each a
 * serialized release, `{version}` alone when the release row is gone, or null when the issue was never
 * seen in a release (get_first_last_release in src/sentry/api/helpers/group_index/index.py).
 */
export function firstLastRelease(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, GROUP_READ);
  const issue = findIssue(ctx, org, m[2]);
  const serialize = (version: string | undefined) => {
    if (!version) return null;
    const index = releaseIndex(issue.project, version);
    return index < 0 ? { version } : serializeRelease(ctx.state, issue.project, index);
  };
  const oldest = issue.events[issue.events.length - 1] as SeedEvent | undefined;
  const newest = issue.events[0] as SeedEvent | undefined;
  return json(200, { id: issue.id, firstRelease: serialize(oldest?.release), lastRelease: serialize(newest?.release) });
}

/** GET …/organizations/{org}/releases/{version}/ (src/sentry/releases/endpoints/organization_release_details.py). */
export function releaseDetails(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, RELEASE_READ);
  const { project, index } = findRelease(ctx, p, org, m[2]);
  return json(200, serializeRelease(ctx.state, project, index));
}

/**
 * GET /organizations/{org}/releases/ (src/sentry/releases/endpoints/organization_releases.py, in the OpenAPI
 * document): the releases of the caller's projects (or of `project=<id>`, repeated; an id of no visible
 * project is 403, a non-number 400 as OrganizationEndpoint.get_projects says), newest first (`date_added`),
 * `query` a substring of the version, paged (`per_page` up to 100, `cursor`).
 */
export function listReleases(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, RELEASE_READ);
  const keys = ctx.params.getAll('project');
  if (keys.some((k) => !/^-?\d+$/.test(k.trim()))) fail(400, 'Invalid project parameter. Values must be numbers.');
  // include_all_accessible=True: no `project` is every accessible project here, not the member ones.
  const projects =
    keys.length === 0
      ? accessibleProjects(ctx.state, p, org)
      : requestedProjects(
          ctx.state,
          p,
          org,
          keys.map((k) => String(Number(k.trim()))),
        );
  const query = (ctx.params.get('query') ?? '').toLowerCase();
  const items = projects
    .flatMap((pr) => pr.releases.map((r, index) => ({ pr, r, index })))
    .filter(({ r }) => !query || r.version.toLowerCase().includes(query))
    .sort((a, b) => b.r.date - a.r.date || a.r.version.localeCompare(b.r.version))
    .map(({ pr, index }) => serializeRelease(ctx.state, pr, index));
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const { page, link } = paginate(pageCtx(ctx), items, parseCursor(ctx.params.get('cursor')), limit);
  return json(200, page, { link });
}

/**
 * GET …/releases/{version}/commits/ (src/sentry/releases/endpoints/organization_release_commits.py):
 * the release's commits in their order, each with its `releases`, paged (cursor, per_page up to 100).
 */
export function releaseCommits(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, RELEASE_READ);
  const { project, index } = findRelease(ctx, p, org, m[2]);
  const rel = project.releases[index];
  const items = commitsOf(ctx.state, project, index).map((c) =>
    serializeCommit(c, { releases: [{ version: rel.version, shortVersion: rel.version, ref: null, url: null, dateReleased: iso(rel.date), dateCreated: iso(rel.date - 3_600_000) }] }),
  );
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const { page, link } = paginate(pageCtx(ctx), items, parseCursor(ctx.params.get('cursor')), limit);
  return json(200, page, { link });
}

/**
 * GET …/releases/{version}/deploys/ (src/sentry/releases/endpoints/release_deploys.py): the last deploy
 * per environment, newest first, `{id, environment, dateStarted, dateFinished, name, url}`
 * (src/sentry/api/serializers/models/deploy.py), OffsetPaginator.
 */
export function releaseDeploys(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, RELEASE_READ);
  const { project, index } = findRelease(ctx, p, org, m[2]);
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const { page, link } = paginate(pageCtx(ctx), deploysOf(project, index), parseCursor(ctx.params.get('cursor')), limit);
  return json(200, page, { link });
}

/**
 * The event of a project (the endpoint's project, then eventstore by id): 404 "Event not found" otherwise.
 * The scope is the profile's (profiles.ts eventEndpointScopes): an EventEndpoint's event:read and up on
 * current servers, a ProjectEndpoint's project:read and up before.
 */
function projectEvent(ctx: Ctx, m: RegExpExecArray): { project: SeedProject; issue: SeedIssue; event: SeedEvent } {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ctx.state.options.profile.eventEndpointScopes === 'event' ? GROUP_READ : PROJECT_READ);
  const project = resolveProject(org, m[2]);
  // ProjectPermission: access to the project (membership.ts), not membership.
  if (!hasProjectAccess(ctx.state, p, project)) fail(403, DETAIL.forbidden);
  const id = m[3].toLowerCase();
  if (/^[0-9a-f]{32}$/.test(id)) {
    for (const issue of project.issues) {
      const event = issue.events.find((e) => e.eventID === id);
      if (event) return { project, issue, event };
    }
  }
  fail(404, 'Event not found');
}

/** In-app frame paths of an issue's stack, newest (the crash) first. */
function framePaths(issue: SeedIssue): string[] {
  const frames = issue.frames ?? [];
  const inApp = frames.filter((f) => f.inApp);
  return (inApp.length ? inApp : frames)
    .map((f) => f.filename)
    .filter(Boolean)
    .reverse();
}

/** tokenize_path and score_path_match_length of src/sentry/utils/committers.py: equal trailing segments, case-insensitive. */
function pathScore(a: string, b: string): number {
  const ta = a
    .split(/[/\\]/)
    .filter((s) => s !== '' && s !== '.')
    .reverse();
  const tb = b
    .split(/[/\\]/)
    .filter((s) => s !== '' && s !== '.')
    .reverse();
  let score = 0;
  while (score < ta.length && score < tb.length && ta[score].toLowerCase() === tb[score].toLowerCase()) score++;
  return score;
}

/**
 * The release-based suspects of src/sentry/utils/committers.py (get_event_file_committers): the commits
 * of the issue's first release and the four releases before it whose changed files best match the
 * event's in-app frames (a one-segment match counts only for one-segment paths).
 */
function suspects(state: SandboxState, project: SeedProject, issue: SeedIssue): { matched: Array<{ commit: ReleaseCommit; score: number }>; hasRelease: boolean; hasCommits: boolean } {
  const first = issue.events[issue.events.length - 1]?.release;
  const index = first ? releaseIndex(project, first) : -1;
  if (index < 0) return { matched: [], hasRelease: false, hasCommits: false };
  const commits: ReleaseCommit[] = [];
  for (let k = index; k >= 0 && k > index - 5; k--) commits.push(...commitsOf(state, project, k));
  const matched = new Map<string, { commit: ReleaseCommit; score: number }>();
  for (const path of framePaths(issue)) {
    let best = 1;
    let hits: Array<{ commit: ReleaseCommit; score: number }> = [];
    for (const c of commits) {
      for (const f of c.files) {
        const score = pathScore(f, path);
        if (score < best || score === 0) continue;
        if (score === 1 && f.split('/').length > 1) continue;
        if (score > best) {
          best = score;
          hits = [];
        }
        hits.push({ commit: c, score });
      }
    }
    for (const h of hits) if (!matched.has(h.commit.sha)) matched.set(h.commit.sha, h);
  }
  return { matched: [...matched.values()], hasRelease: true, hasCommits: commits.length > 0 };
}

/**
 * GET /api/0/projects/{org}/{project}/events/{event_id}/committers/ (EventFileCommittersEndpoint), by profile:
 * - sentry-io (src/sentry/api/endpoints/event_file_committers.py as it is now, on EventEndpoint): the issue's suspect
 *   commit (GroupOwner of type SUSPECT_COMMIT, found through the source code integration or the release's
 *   commits), `suspectCommitType` saying which; nothing found is 404 "No committers found";
 * - self-hosted-2025 (the same file's earlier version, on ProjectEndpoint, "TODO(nisanthan):
 *   Remove the Group.DoesNotExist and Release.DoesNotExist once Commit Context goes GA"): every matching
 *   committer of the release-based search; no first release is 404 "Release not found", a release without
 *   commits 404 "No Commits found for Release", commits touching no frame's file 200 `{"committers": []}`.
 * Each committer is `{author, commits: [commit + score]}`.
 */
export function eventCommitters(ctx: Ctx, m: RegExpExecArray): Res {
  const { project, issue, event } = projectEvent(ctx, m);
  const found = suspects(ctx.state, project, issue);
  const byAuthor = (items: Array<{ commit: ReleaseCommit; score: number }>, type?: string) => {
    const authors = new Map<string, { author: Record<string, unknown>; commits: Array<Record<string, unknown>> }>();
    for (const { commit, score } of items) {
      const entry = authors.get(commit.author.email) ?? { author: { name: commit.author.name, email: commit.author.email }, commits: [] };
      const body = serializeCommit(commit, { score });
      delete body.author;
      if (type !== undefined) body.suspectCommitType = type;
      else delete body.suspectCommitType;
      entry.commits.push(body);
      authors.set(commit.author.email, entry);
    }
    return [...authors.values()];
  };
  if (ctx.state.options.profile.committers === 'release-based') {
    if (!found.hasRelease) fail(404, 'Release not found');
    if (!found.hasCommits) fail(404, 'No Commits found for Release');
    return json(200, { committers: byAuthor(found.matched) });
  }
  // Through the integration, the commit that last changed the crash frame's line as of the event's release
  // (commit context: the host's blame); without one, the best release-based match.
  const blamed = project.slug === 'web-frontend' ? blameCrashLine(ctx.state, project, issue, event) : undefined;
  if (blamed) return json(200, { committers: byAuthor([{ commit: blamed, score: 1 }], 'via SCM integration') });
  const best = [...found.matched].sort((a, b) => b.score - a.score || b.commit.date.localeCompare(a.commit.date))[0];
  if (!best) fail(404, 'No committers found');
  return json(200, { committers: byAuthor([best], 'via commit in release') });
}

const blameLines = new WeakMap<SeedProject, ReturnType<typeof editedLines>>();

/**
 * The history commit that last changed the issue's crash line (its newest in-app workspace frame) at
 * or before the event's release: the newest of the release's own commit and the ones before it.
 */
function blameCrashLine(state: SandboxState, project: SeedProject, issue: SeedIssue, event: SeedEvent): ReleaseCommit | undefined {
  const crash = [...(issue.frames ?? [])].reverse().find((f) => f.inApp && f.workspace);
  const history = sandboxHistory(gitWorkspaces.get(state));
  if (!crash || crash.lineNo === null || !history) return undefined;
  let edits = blameLines.get(project);
  if (!edits) {
    edits = editedLines((rel) => fs.readFileSync(path.join(state.seed.workspaceDir, rel), 'utf8'));
    blameLines.set(project, edits);
  }
  const index = releaseIndex(project, event.release);
  const upTo = Math.max(...[...RELEASE_STEPS].filter(([k]) => k <= index).map(([, key]) => history.findIndex((h) => h.key === key)), 0);
  for (let k = upTo; k >= 0; k--) {
    const h = history[k];
    const touched = k === 0 ? h.files.includes(crash.filename) : (edits.get(h.key) ?? []).some((e) => e.file === crash.filename && e.line === crash.lineNo);
    if (touched) return commitsOf(state, project, [...RELEASE_STEPS].find(([, key]) => key === h.key)![0])[0];
  }
  return undefined;
}

interface OwnerRule {
  pattern: string;
  owners: Array<{ type: 'user' | 'team'; identifier: string }>;
}

function rulesOf(project: SeedProject): OwnerRule[] {
  if (project.org.slug !== 'acme') return [];
  if (project.slug === 'web-frontend') {
    return [
      { pattern: 'src/components/*', owners: [{ type: 'user', identifier: 'jane@example.com' }] },
      { pattern: 'src/app/checkout.ts', owners: [{ type: 'team', identifier: 'frontend' }] },
    ];
  }
  if (project.slug === 'api-server') return [{ pattern: 'server/api/*', owners: [{ type: 'team', identifier: 'backend' }] }];
  return [];
}

/** fnmatch as ownership `path:` rules use it (src/sentry/ownership/grammar.py): `*` spans `/` too. */
function globMatch(pattern: string, path: string): boolean {
  const re = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  );
  return re.test(path);
}

/**
 * GET /api/0/projects/{org}/{project}/events/{event_id}/owners/ (src/sentry/issues/endpoints/event_owners.py,
 * an EventEndpoint now, a ProjectEndpoint before: the scope by profile, projectEvent): the owners of the event's frames by the project's
 * ownership rules, each an actor (src/sentry/api/serializers/models/actor.py: `{type, id, name}`, `email`
 * for a user), the last matching rule first (ProjectOwnership.get_owners); `rule` the matcher of the first
 * of them, `rules` every matching rule as the grammar's tuples `[[type, pattern], [[type, identifier]…]]`.
 */
export function eventOwners(ctx: Ctx, m: RegExpExecArray): Res {
  const { project, issue } = projectEvent(ctx, m);
  const paths = framePaths(issue);
  const matching = rulesOf(project)
    .filter((r) => paths.some((path) => globMatch(r.pattern, path.replace(/^\.\//, ''))))
    .reverse();
  const members = ctx.state.seed.members;
  const teams = teamsOf(project.org, members);
  const owners: Array<Record<string, unknown>> = [];
  for (const rule of matching) {
    for (const o of rule.owners) {
      const actor =
        o.type === 'user'
          ? members.filter((mm) => mm.email === o.identifier).map((mm) => ({ type: 'user', id: mm.id, name: mm.name ?? mm.email, email: mm.email }))[0]
          : teams.filter((t) => t.slug === o.identifier).map((t) => ({ type: 'team', id: t.id, name: t.slug }))[0];
      if (actor && !owners.some((x) => x.type === actor.type && x.id === actor.id)) owners.push(actor);
    }
  }
  const tuples = matching.map((r) => [['path', r.pattern], r.owners.map((o) => [o.type, o.identifier])]);
  return json(200, { owners, rule: tuples[0]?.[0] ?? null, rules: tuples });
}
