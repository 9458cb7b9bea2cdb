// Session replays of some browser issues (a third of acme/web-frontend's error issues, 1 to 3 each):
//   GET /api/0/organizations/{org}/replay-count/?query=issue.id:[ID]&returnIds=true&data_source=discover
//   GET /api/0/organizations/{org}/replays/{replay_id}/
//   GET /api/0/organizations/{org}/replays/?query=id:[ID,…]&field=…  (the index, as Sentry's issue page
//   asks it: static/app/views/issueDetails/groupReplays/useReplaysFromIssue.tsx)
// Sources, getsentry/sentry: src/sentry/replays/endpoints/organization_replay_count.py (an
// OrganizationEventsV2EndpointBase, so the events endpoints' org:read and up; `query` required;
// `data_source` one of `discover` and `search_issues`; `returnIds` answers the ids by issue id rather
// than counts; at most 25 issue ids, else 400) and src/sentry/replays/endpoints/
// organization_replay_details.py with src/sentry/replays/post_process.py (the `{data: …}` replay:
// `id`, `started_at`, `finished_at`, `duration` in seconds, `count_errors`, `error_ids`, `urls`, `user`,
// `browser`, `os`; getsentry/sentry-mcp reads the same, fixture replay-details.json). Replay ids are
// UUIDs; one that is not is a 404 (the URL pattern). The index (src/sentry/replays/endpoints/
// organization_replay_index.py) answers `{data: [...]}` of the same replays, each with only the
// `field`s asked for when some are, newest first; `per_page` at most 100 (its paginator's max).
import { authenticate, requireScope, resolveOrg, type Ctx } from './api';
import { DETAIL, fail, json, type Res } from './http';
import { Prng, hash32 } from './prng';
import { iso, type Seed, type SeedIssue, type SeedOrg } from './seed';

const ORG_EVENTS_READ = ['org:read', 'org:write', 'org:admin'];
const MAX_ISSUE_IDS = 25;

export interface SandboxReplay {
  id: string;
  issue: SeedIssue;
  start: number;
  duration: number;
  errorIds: string[];
  urls: string[];
  user: { id: string; email: string | null; display_name: string } | null;
}

const byseed = new WeakMap<Seed, Map<string, SandboxReplay[]>>();

function uuid(r: Prng): string {
  return `${r.hex(8)}-${r.hex(4)}-4${r.hex(3)}-a${r.hex(3)}-${r.hex(12)}`;
}

/** The replays of every issue that has some, by issue id (built once per seed). */
export function seededReplays(seed: Seed): Map<string, SandboxReplay[]> {
  let map = byseed.get(seed);
  if (map) return map;
  map = new Map();
  for (const issue of seed.issues) {
    if (issue.project.org.slug !== 'acme' || issue.project.slug !== 'web-frontend' || issue.issueCategory !== 'error' || !issue.events.length) continue;
    if (hash32(issue.id, 0x7e91) % 3 !== 0) continue;
    const r = new Prng(hash32(`${issue.id}:replays`));
    const n = r.int(1, 3);
    const list: SandboxReplay[] = [];
    for (let i = 0; i < n && i < issue.events.length; i++) {
      const ev = issue.events[i];
      const duration = r.int(20, 900);
      list.push({
        id: uuid(r),
        issue,
        start: ev.time - r.int(5, duration) * 1000,
        duration,
        errorIds: [ev.eventID],
        urls: ['/', ev.transaction.startsWith('/') ? ev.transaction : '/checkout'],
        user: ev.user ? { id: String(ev.user.id ?? 'user'), email: ev.user.email ?? null, display_name: ev.user.name ?? ev.user.email ?? String(ev.user.id) } : null,
      });
    }
    map.set(issue.id, list);
  }
  byseed.set(seed, map);
  return map;
}

function orgOf(ctx: Ctx, m: RegExpExecArray): SeedOrg {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ORG_EVENTS_READ);
  return org;
}

/** GET …/replay-count/: counts (or, with returnIds, ids) of replays by issue id. */
export function replayCount(ctx: Ctx, m: RegExpExecArray): Res {
  const org = orgOf(ctx, m);
  const query = ctx.params.get('query');
  if (!query) fail(400, 'query: This field is required.');
  const dataSource = ctx.params.get('data_source') ?? 'discover';
  if (!['discover', 'search_issues'].includes(dataSource)) fail(400, `data_source: "${dataSource}" is not a valid choice.`);
  const ids = /^issue\.id:\[([\d,\s]+)\]$/.exec(query.trim()) ?? /^issue\.id:(\d+)$/.exec(query.trim());
  if (!ids) fail(400, 'Must provide at least one issue.id, transaction, or replay_id');
  const issueIds = ids[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (issueIds.length > MAX_ISSUE_IDS) fail(400, 'Too many values provided');
  const returnIds = ['1', 'true'].includes((ctx.params.get('returnIds') ?? '').toLowerCase());
  const replays = seededReplays(ctx.state.seed);
  const out: Record<string, string[] | number> = {};
  for (const id of issueIds) {
    const list = (replays.get(id) ?? []).filter((r) => r.issue.project.org === org);
    if (!list.length) continue;
    out[id] = returnIds ? list.map((r) => r.id) : list.length;
  }
  return json(200, out);
}

/** GET …/replays/{replay_id}/. */
export function replayDetails(ctx: Ctx, m: RegExpExecArray): Res {
  const org = orgOf(ctx, m);
  const key = m[2].replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(key)) fail(404, DETAIL.notFound);
  const replay = [...seededReplays(ctx.state.seed).values()].flat().find((r) => r.id.replace(/-/g, '') === key && r.issue.project.org === org);
  if (!replay) fail(404, DETAIL.notFound);
  return json(200, { data: replayJson(replay) });
}

/** A replay as post_process.py's generate_normalized_output writes it. */
function replayJson(replay: SandboxReplay): Record<string, unknown> {
  const project = replay.issue.project;
  const ev = replay.issue.events.find((e) => e.eventID === replay.errorIds[0]);
  return {
    id: replay.id.replace(/-/g, ''),
    project_id: project.id,
    trace_ids: [],
    error_ids: replay.errorIds,
    environment: ev?.environment ?? 'production',
    tags: {},
    user: replay.user ? { ...replay.user, username: null, ip: null } : { id: null, email: null, display_name: null, username: null, ip: null },
    sdk: { name: 'sentry.javascript.browser', version: '8.40.0' },
    os: { name: ev?.os?.replace(/ [\d.]+$/, '') ?? 'macOS', version: ev?.os?.match(/ ([\d.]+)$/)?.[1] ?? null },
    browser: { name: ev?.browser?.replace(/ [\d.]+$/, '') ?? 'Chrome', version: ev?.browser?.match(/ ([\d.]+)$/)?.[1] ?? null },
    device: { name: null, brand: null, model: null, family: null },
    ota_updates: { channel: null, runtime_version: null, update_id: null },
    is_archived: false,
    urls: replay.urls,
    clicks: [],
    count_dead_clicks: 0,
    count_rage_clicks: 0,
    count_errors: replay.errorIds.length,
    duration: replay.duration,
    finished_at: iso(replay.start + replay.duration * 1000),
    started_at: iso(replay.start),
    activity: 4,
    count_urls: replay.urls.length,
    replay_type: 'session',
    count_segments: Math.ceil(replay.duration / 5),
    platform: 'javascript',
    releases: ev ? [ev.release] : [],
    dist: null,
    count_warnings: 0,
    count_infos: 0,
    has_viewed: false,
  };
}

/** GET …/replays/: the index, here only by `id:[…]` (or everything of the organization without a query). */
export function replayIndex(ctx: Ctx, m: RegExpExecArray): Res {
  const org = orgOf(ctx, m);
  const query = (ctx.params.get('query') ?? '').trim();
  const byId = /^id:\[([0-9a-fA-F,\s-]*)\]$/.exec(query) ?? /^id:([0-9a-fA-F-]+)$/.exec(query);
  if (query && !byId) fail(400, `Invalid query: the sandbox's replays index takes only id:[...], not "${query.slice(0, 80)}"`);
  const wanted = byId
    ? new Set(
        byId[1]
          .split(',')
          .map((s) => s.trim().replace(/-/g, '').toLowerCase())
          .filter(Boolean),
      )
    : undefined;
  const perPage = Number(ctx.params.get('per_page') ?? 50);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) fail(400, 'per_page: Ensure this value is between 1 and 100.');
  const fields = ctx.params.getAll('field');
  const rows = [...seededReplays(ctx.state.seed).values()]
    .flat()
    .filter((r) => r.issue.project.org === org && (!wanted || wanted.has(r.id.replace(/-/g, ''))))
    .sort((a, b) => b.start - a.start)
    .slice(0, perPage)
    .map((r) => {
      const full = replayJson(r);
      return fields.length ? Object.fromEntries(Object.entries(full).filter(([k]) => fields.includes(k))) : full;
    });
  return json(200, { data: rows });
}
