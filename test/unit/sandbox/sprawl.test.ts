// The sandbox's opt-in sprawl project (SandboxOptions.sprawl): issues spread over many synthetic
// source files, as in a real codebase, served like every other seeded issue (both issue lists with
// `stack.filename` search and paging, events, event details, tag details, triage, injection, the
// seed/locations and seed/files control endpoints), deterministic, fast to start, and without it the
// default seed unchanged. Over real HTTP on port 0; the base clock is fixed.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createSeed, startSandbox, type Sandbox, type Seed, type SeedIssue } from '../../sandbox';
import { Exchanges } from '../openapi/exchange';
import { exchange, type Answer } from './answer';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2025-06-01T12:00:00Z');
const SPRAWL = { issues: 1500, files: 300 };
const RATE = { limit: 1_000_000, windowSeconds: 1 };

let plain: Sandbox;
let sb: Sandbox;
let read: string;
let write: string;

const call = (on: Sandbox, method: string, p: string, auth: string | null, body?: unknown): Promise<Answer> => exchange(on.url, method, p, auth, body);
const get = (p: string, on: Sandbox = sb) => call(on, 'GET', p, `Bearer ${on.defaults.authToken}`);
/** The answer's body with the sandbox's own URL (permalinks) written as `<url>`, to compare two sandboxes. */
const portless = (a: Answer, on: Sandbox) => JSON.parse(JSON.stringify(a.body).split(on.url).join('<url>'));
const control = async (p: string, body?: unknown, on: Sandbox = sb) => call(on, body === undefined ? 'GET' : 'POST', `/_sandbox/${p}`, null, body);

/** Every page, following `next` while it has results; the first page's answer too. */
async function allPages(first: string, on: Sandbox = sb): Promise<{ items: any[]; first: Answer }> {
  const items: any[] = [];
  let answer: Answer | undefined;
  let next: string | null = first;
  while (next) {
    const r = await get(next, on);
    assert.equal(r.status, 200, `${next}: ${JSON.stringify(r.body)}`);
    answer ??= r;
    items.push(...r.body);
    const m = /<([^>]+)>; rel="next"; results="true"; cursor="([^"]+)"/.exec(r.headers.get('link') ?? '');
    next = m ? new URL(m[1]).pathname + new URL(m[1]).search : null;
  }
  return { items, first: answer! };
}

const q = encodeURIComponent;
const sorted = (list: string[]) => [...list].sort();
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const sprawlIssues = (on: Sandbox = sb): SeedIssue[] => on.seed.issuesOf('sprawl');
/** Workspace files of the issue's in-app frames. */
const inAppFiles = (i: SeedIssue) => new Set((i.frames ?? []).filter((f) => f.inApp).map((f) => f.filename));
/** The search suffix the extension sends for a file: its last two segments (src/editor/core/fileQuery.ts). */
const suffixOf = (file: string) => file.split('/').slice(-2).join('/');

/** Everything of the seed's default projects (orgs, projects, issues with their events), as JSON: equal seeds give equal digests. */
function defaultDigest(seed: Seed): { issues: number; events: number; digest: string } {
  const projects = seed.projects.filter((p) => p.slug !== 'sprawl');
  const issues = projects.flatMap((p) => p.issues);
  const text = JSON.stringify(
    {
      orgs: seed.orgs.map((o) => ({ id: o.id, slug: o.slug, dateCreated: o.dateCreated, projects: o.projects.filter((p) => p.slug !== 'sprawl').map((p) => p.id) })),
      projects: projects.map((p) => ({ ...p, org: p.org.slug, issues: p.issues.length })),
      issues,
      locations: seed.locations.filter((l) => l.project !== 'sprawl'),
    },
    (key, value) => (key === 'project' && value?.slug ? value.slug : key === 'issue' && value?.shortId ? value.shortId : value),
  );
  return { issues: issues.length, events: issues.reduce((a, i) => a + i.events.length, 0), digest: createHash('sha256').update(text).digest('hex') };
}

describe('sandbox: the sprawl option (a project whose issues are spread over many files)', function () {
  this.timeout(60_000);
  before(async () => {
    plain = await startSandbox({ now: () => T0, rateLimit: RATE });
    sb = await startSandbox({ now: () => T0, rateLimit: RATE, sprawl: SPRAWL });
    read = `Bearer ${sb.defaults.authToken}`;
    write = `Bearer ${sb.defaults.writeToken}`;
  });
  after(async () => {
    await plain?.close();
    await sb?.close();
  });
  beforeEach(() => sb.control.reset());

  it('leaves the default seed as it was: without the option nothing changes, with it only the sprawl project is added', async () => {
    assert.equal(plain.seed.sprawl, null);
    assert.equal(plain.seed.project('sprawl'), undefined);
    const base = defaultDigest(plain.seed);
    // What the README documents of the default seed.
    assert.deepEqual([base.issues, base.events, plain.seed.issues.length, plain.seed.totalEvents], [1924, 20_000, 1924, 20_000]);
    assert.equal(plain.seed.issue('WEB-FRONTEND-4')!.id, '4800000007');
    assert.equal(plain.seed.locations.length, 1685);
    assert.deepEqual(
      plain.seed.projects.map((p) => [p.slug, p.id, p.issues.length]),
      [
        ['web-frontend', '4501', 1500],
        ['api-server', '4502', 320],
        ['worker', '4503', 80],
        ['legacy-portal', '4601', 24],
      ],
    );
    assert.deepEqual(plain.defaults.projects, ['web-frontend', 'api-server', 'worker']);
    // The same seed built without a sandbox, and the sprawl sandbox's default part.
    assert.deepEqual(defaultDigest(createSeed(T0)), base);
    assert.deepEqual(defaultDigest(sb.seed), base);
    assert.deepEqual(sb.defaults.projects, ['web-frontend', 'api-server', 'worker', 'sprawl']);

    // Over HTTP: the first project's ids and short IDs, the seed summary of the default projects, a list page.
    const web = (on: Sandbox) => control('seed/issues?project=web-frontend', undefined, on);
    assert.deepEqual((await web(sb)).body, (await web(plain)).body);
    const summary = (await control('seed', undefined, plain)).body;
    const withSprawl = (await control('seed', undefined, sb)).body;
    assert.deepEqual(withSprawl.orgs[0].projects.slice(0, 3), summary.orgs[0].projects);
    assert.deepEqual(withSprawl.orgs[1], summary.orgs[1]);
    assert.deepEqual([withSprawl.issues, withSprawl.events], [summary.issues + 1500, summary.events + sb.seed.project('sprawl')!.issues.reduce((a, i) => a + i.events.length, 0)]);
    for (const key of ['xssIssue', 'bigIssue', 'longTitleIssue', 'feedbackIssues']) assert.deepEqual(withSprawl[key], summary[key], key);
    const page = '/api/0/organizations/acme/issues/?project=web-frontend&query=is:unresolved&limit=100';
    assert.deepEqual(portless(await get(page, sb), sb), portless(await get(page, plain), plain));
    const plainLocations = (await control('seed/locations', undefined, plain)).body;
    assert.deepEqual(
      (await control('seed/locations')).body.filter((l: any) => l.project !== 'sprawl'),
      plainLocations,
    );
  });

  it('adds project sprawl (javascript, id 4701, in acme) with 1500 unresolved error issues, numeric ids and SPRAWL-<base36> short IDs', async () => {
    const project = sb.seed.project('sprawl')!;
    assert.deepEqual([project.id, project.slug, project.platform, project.org.slug], ['4701', 'sprawl', 'javascript', 'acme']);
    assert.equal(sb.seed.sprawl!.project, project);
    const others = sb.seed.issues.filter((i) => i.project !== project);
    const issues = sprawlIssues();
    assert.equal(issues.length, 1500);
    const lastDefault = Math.max(...others.map((i) => Number(i.id)));
    issues.forEach((i, k) => {
      assert.match(i.id, /^\d+$/);
      assert.equal(i.shortId, `SPRAWL-${(k + 1).toString(36).toUpperCase()}`);
      assert.ok(Number(i.id) > lastDefault, `${i.id} after the default seed's ids`);
      assert.deepEqual([i.status, i.type, i.issueCategory, i.project.slug], ['unresolved', 'error', 'error', 'sprawl']);
      assert.ok(i.events.length >= 1 && i.events.length <= 5, `${i.shortId}: ${i.events.length} events`);
      for (const e of i.events) assert.ok(e.time >= T0 - 14 * DAY && e.time <= T0, `${i.shortId}: an event at ${isoSeconds(e.time)}`);
      assert.ok(i.hashes.length >= 1 && i.hashes.every((h) => /^[0-9a-f]{32}$/.test(h)));
      const crash = i.frames![i.frames!.length - 1];
      assert.deepEqual([crash.inApp, `${crash.filename}:${crash.lineNo}`], [true, i.location]);
      assert.ok(crash.lineNo! >= 1 && crash.lineNo! <= 400);
      assert.deepEqual([i.workspaceFile, i.workspaceLine], [crash.filename, crash.lineNo]);
      assert.match(crash.filename, /^src\/feature\d{2}\/module\d{2}\.(ts|tsx|js)$/);
      const inApp = i.frames!.filter((f) => f.inApp);
      assert.ok(inApp.length >= 1 && inApp.length <= 3, `${i.shortId}: ${inApp.length} in-app frames`);
      assert.equal(new Set(inApp.map((f) => f.filename)).size, inApp.length, `${i.shortId}: its other frames are in other files`);
      assert.ok(
        i.frames!.some((f) => !f.inApp && f.filename.startsWith('node_modules/')),
        `${i.shortId}: a node_modules frame`,
      );
      assert.deepEqual(
        { type: i.metadata.type, value: i.metadata.value, filename: i.metadata.filename, function: i.metadata.function },
        { type: i.exception!.type, value: i.exception!.value, filename: crash.filename, function: crash.function },
      );
      assert.equal(i.culprit, `${crash.function}(${crash.filename.replace(/\.[jt]sx?$/, '')})`);
      assert.equal(i.title, `${i.exception!.type}: ${i.exception!.value}`);
    });
    const allIds = sb.seed.issues.map((i) => i.id);
    assert.equal(new Set(allIds).size, allIds.length);
    assert.equal(new Set(sb.seed.issues.map((i) => i.shortId)).size, allIds.length);
    assert.ok(!sb.seed.projects.some((p) => p !== project && p.id === project.id));

    // Environments and tags like the other javascript issues.
    const envs = new Set(issues.flatMap((i) => i.events.map((e) => e.environment)));
    assert.deepEqual([...envs].sort(), ['development', 'production', 'staging']);
    assert.ok(issues.every((i) => i.events.every((e) => e.browser && e.os && e.url?.startsWith('https://shop.example.com/feature'))));
    const projects = (await get('/api/0/organizations/acme/projects/')).body;
    const served = projects.find((p: any) => p.slug === 'sprawl');
    assert.deepEqual([served.id, served.platform, served.environments], ['4701', 'javascript', ['development', 'production', 'staging']]);
  });

  it('lists the 1500 unresolved issues on both issue lists, paged, with X-Hits (capped at X-Max-Hits as on Sentry)', async () => {
    const expected = sorted(sprawlIssues().map((i) => i.id));
    const org = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q('is:unresolved')}&limit=100`);
    assert.deepEqual(sorted(org.items.map((i) => i.id)), expected);
    assert.equal(org.items.length, 1500);
    const maxHits = Number(org.first.headers.get('x-max-hits'));
    assert.equal(org.first.headers.get('x-hits'), String(Math.min(1500, maxHits)));
    // By id too, and the default query (is:unresolved).
    const byId = await allPages(`/api/0/organizations/acme/issues/?project=4701&limit=100`);
    assert.deepEqual(
      byId.items.map((i) => i.id),
      org.items.map((i) => i.id),
    );
    for (const i of org.items.slice(0, 5)) {
      assert.deepEqual([i.project.slug, i.project.id, i.status, i.platform], ['sprawl', '4701', 'unresolved', 'javascript']);
      assert.equal(i.metadata.filename, sb.seed.issue(i.id)!.workspaceFile);
    }
    const project = await allPages(`/api/0/projects/acme/sprawl/issues/?query=${q('is:unresolved')}&limit=100`);
    assert.deepEqual(sorted(project.items.map((i) => i.id)), expected);
    assert.equal(project.first.headers.get('x-hits'), String(Math.min(1500, maxHits)));
    // A smaller set counts exactly.
    const level = sprawlIssues().filter((i) => i.level === 'fatal');
    const fatal = await get(`/api/0/organizations/acme/issues/?project=sprawl&query=${q('is:unresolved level:fatal')}&limit=100`);
    assert.equal(fatal.headers.get('x-hits'), String(level.length));
    // The organization's whole list holds them with the rest.
    const all = await get(`/api/0/organizations/acme/issues/?query=${q('is:unresolved')}&limit=1`);
    assert.equal(all.headers.get('x-hits'), '1000');
    // A short ID finds its issue.
    const one = await get(`/api/0/organizations/acme/issues/?query=SPRAWL-2S&shortIdLookup=1`);
    assert.deepEqual(
      one.body.map((i: any) => i.shortId),
      ['SPRAWL-2S'],
    );
  });

  it('spreads them over 300 files (seed/files): none holds more than 3% of the issues', async () => {
    const files: Array<{ file: string; inWorkspace: boolean; issues: string[]; unresolved: number }> = (await control('seed/files?project=sprawl')).body;
    assert.equal(files.length, 300);
    assert.deepEqual(
      files.map((f) => f.file),
      [...sb.seed.sprawl!.files].sort(),
    );
    const touching = new Map<string, string[]>();
    for (const i of sprawlIssues()) for (const f of inAppFiles(i)) touching.set(f, [...(touching.get(f) ?? []), i.id]);
    const crashes = new Map<string, number>();
    for (const i of sprawlIssues()) crashes.set(i.workspaceFile!, (crashes.get(i.workspaceFile!) ?? 0) + 1);
    assert.equal(crashes.size, 300, 'every file is some issue crash site');
    for (const f of files) {
      assert.equal(f.inWorkspace, false, f.file);
      assert.deepEqual(
        f.issues,
        [...touching.get(f.file)!].sort((a, b) => Number(a) - Number(b)),
        f.file,
      );
      assert.equal(f.unresolved, f.issues.length);
      assert.ok(f.issues.length <= 0.03 * 1500, `${f.file}: ${f.issues.length} issues`);
    }
    assert.ok(Math.max(...crashes.values()) <= 0.03 * 1500);
    const sizes = files.map((f) => f.issues.length).sort((a, b) => a - b);
    assert.ok(sizes[150] >= 3 && sizes[150] <= 20, `a typical file: ${sizes[150]} issues`);
    // The org filter keeps them; the default projects' files are not among them.
    const acme = (await control('seed/files?org=acme')).body.map((f: any) => f.file);
    assert.ok(files.every((f) => acme.includes(f.file)));
    assert.ok(!files.some((f) => f.file.startsWith('src/app/')));
    // Resolving one moves `unresolved`.
    const issue = sb.seed.issue(files[0].issues[0])!;
    assert.equal((await call(sb, 'PUT', `/api/0/organizations/acme/issues/${issue.id}/`, write, { status: 'resolved' })).status, 200);
    const after = (await control('seed/files?project=sprawl')).body.find((f: any) => f.file === files[0].file);
    assert.equal(after.unresolved, files[0].issues.length - 1);
  });

  it('finds exactly the issues whose frames touch a file with stack.filename:"*<suffix>" and project=sprawl', async () => {
    const files: Array<{ file: string; issues: string[] }> = (await control('seed/files?project=sprawl')).body;
    const bySize = [...files].sort((a, b) => b.issues.length - a.issues.length || (a.file < b.file ? -1 : 1));
    const picks = [bySize[0], bySize[1], bySize[75], bySize[150], bySize[225], bySize[bySize.length - 1], files[0], files[files.length - 1]];
    for (const f of picks) {
      const term = `stack.filename:"*${suffixOf(f.file)}"`;
      const expected = sorted(
        sprawlIssues()
          .filter((i) => inAppFiles(i).has(f.file))
          .map((i) => i.id),
      );
      assert.deepEqual(sorted(f.issues), expected, f.file);
      const org = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q(`is:unresolved ${term}`)}&limit=25`);
      assert.deepEqual(sorted(org.items.map((i) => i.id)), expected, term);
      assert.equal(org.first.headers.get('x-hits'), String(expected.length), term);
      const project = await allPages(`/api/0/projects/acme/sprawl/issues/?query=${q(`is:unresolved ${term}`)}&limit=100`);
      assert.deepEqual(sorted(project.items.map((i) => i.id)), expected, term);
    }
    // The whole path finds the same; the path as the events serve it (webpack:///./ or app:///) is stack.abs_path's.
    const f = bySize[0];
    const whole = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q(`stack.filename:"${f.file}"`)}&limit=100`);
    assert.deepEqual(sorted(whole.items.map((i) => i.id)), sorted(f.issues));
    const abs = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q(`stack.abs_path:"*/./${f.file}"`)}&limit=100`);
    assert.deepEqual(sorted(abs.items.map((i) => i.id)), sorted(f.issues.filter((id) => sb.seed.issue(id)!.absPathStyle === 'webpack')));
    const notFilename = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q(`stack.filename:"*/./${f.file}"`)}&limit=100`);
    assert.deepEqual(notFilename.items, []);
  });

  it('serves each issue’s events with the seeded location, full events with its frames, and tag details', async () => {
    const ex = new Exchanges(sb);
    const issues = sprawlIssues();
    const picks = [issues[0], issues[1], issues[299], issues[300], issues[777], issues[1499], ...issues.filter((i) => i.events.length === 5).slice(0, 2)];
    for (const i of picks) {
      const events = (await ex.send('GET', `/api/0/organizations/acme/issues/${i.id}/events/`, read)) as Answer;
      assert.equal(events.status, 200);
      assert.equal(events.body.length, i.events.length);
      assert.equal(events.body[0].location, i.location, i.shortId);
      assert.equal(events.body[0].id, i.events[0].eventID);
      assert.equal(events.body[0].culprit, i.culprit);
      const latest = (await ex.send('GET', `/api/0/organizations/acme/issues/${i.id}/events/latest/`, read)) as Answer;
      assert.equal(latest.status, 200, JSON.stringify(latest.body));
      assert.equal(latest.body.location, i.location);
      const exception = latest.body.entries.find((e: any) => e.type === 'exception');
      const values = exception.data.values;
      const frames = values[values.length - 1].stacktrace.frames;
      const crash = frames[frames.length - 1];
      assert.equal(`${crash.filename}:${crash.lineNo}`, i.location);
      assert.equal(crash.inApp, true);
      assert.ok(crash.absPath.endsWith(`/${crash.filename}`), crash.absPath);
      assert.ok(
        crash.context.some(([n]: [number]) => n === crash.lineNo),
        'the context holds the line',
      );
      assert.ok(frames.some((f: any) => !f.inApp && f.filename.startsWith('node_modules/')));
      const oldest = (await ex.send('GET', `/api/0/organizations/acme/issues/${i.id}/events/${i.events[i.events.length - 1].eventID}/`, read)) as Answer;
      assert.equal(oldest.status, 200);
      assert.equal(oldest.body.location, i.location);
      for (const key of ['environment', 'browser', 'release', 'url']) {
        const tag = (await ex.send('GET', `/api/0/organizations/acme/issues/${i.id}/tags/${key}/`, read)) as Answer;
        assert.equal(tag.status, 200, key);
        assert.equal(tag.body.totalValues, i.events.length, `${i.shortId} ${key}`);
      }
      const one = (await ex.send('GET', `/api/0/organizations/acme/issues/${i.id}/`, read)) as Answer;
      assert.equal(one.status, 200);
      assert.deepEqual([one.body.shortId, one.body.count, one.body.metadata.filename], [i.shortId, String(i.events.length), i.workspaceFile]);
    }
    // Every answer validates against Sentry's OpenAPI document, like the default issues' (test/unit/contract).
    await ex.send('GET', `/api/0/organizations/acme/issues/?project=sprawl&limit=100&expand=owners&expand=inbox&groupStatsPeriod=14d`, read);
    await ex.send('GET', `/api/0/projects/acme/sprawl/issues/?limit=100&statsPeriod=14d`, read);
    assert.deepEqual(ex.problems, []);
  });

  it('takes triage PUTs (one issue and bulk) and resets', async () => {
    const [a, b, c] = sprawlIssues();
    const one = await call(sb, 'PUT', `/api/0/organizations/acme/issues/${a.id}/`, write, { status: 'resolved' });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(one.body.status, 'resolved');
    const bulk = await call(sb, 'PUT', `/api/0/organizations/acme/issues/?id=${b.id}&id=${c.id}&project=sprawl`, write, { assignedTo: 'user:1', isBookmarked: true });
    assert.equal(bulk.status, 200, JSON.stringify(bulk.body));
    const mine = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q('is:unresolved assigned:me bookmarks:me')}&limit=100`);
    assert.ok(mine.items.some((i) => i.id === b.id) && mine.items.some((i) => i.id === c.id));
    const left = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q('is:unresolved')}&limit=100`);
    assert.equal(left.items.length, 1499);
    assert.ok(!left.items.some((i) => i.id === a.id));
    const resolved = await get(`/api/0/projects/acme/sprawl/issues/?query=${q('is:resolved')}`);
    assert.deepEqual(
      resolved.body.map((i: any) => i.id),
      [a.id],
    );
    assert.equal((await control('reset', {})).status, 200);
    assert.equal((await get(`/api/0/projects/acme/sprawl/issues/?query=${q('is:resolved')}`)).body.length, 0);
  });

  it('injects events: lastSeen moves to the clock, the location stays', async () => {
    const issues = sprawlIssues();
    const picks = [issues[10], issues[500], issues[1200]];
    sb.control.clock.advance(5 * 60_000);
    const now = sb.control.clock.now();
    const states = await control('issues/inject-events', { issues: picks.map((i) => i.shortId), count: 2 });
    assert.equal(states.status, 200, JSON.stringify(states.body));
    assert.deepEqual(
      states.body.map((s: any) => [s.id, s.count]),
      picks.map((i) => [i.id, i.events.length]),
    );
    for (const i of picks) {
      assert.equal(i.lastSeen, now);
      const events = await get(`/api/0/organizations/acme/issues/${i.id}/events/?per_page=3`);
      assert.equal(events.body[0].location, i.location);
      assert.equal(events.body[0].dateCreated, isoSeconds(now));
      const latest = await get(`/api/0/organizations/acme/issues/${i.id}/events/latest/`);
      assert.equal(latest.body.location, i.location);
    }
    const page = await get(`/api/0/organizations/acme/issues/?project=sprawl&query=${q('is:unresolved')}&limit=3`);
    assert.deepEqual(sorted(page.body.map((i: any) => i.id)), sorted(picks.map((i) => i.id)));
    assert.ok(page.body.every((i: any) => i.lastSeen === isoSeconds(now)));
    const byFile = await allPages(`/api/0/organizations/acme/issues/?project=sprawl&query=${q(`is:unresolved stack.filename:"*${suffixOf(picks[0].workspaceFile!)}"`)}&statsPeriod=1h&limit=100`);
    assert.ok(byFile.items.some((i) => i.id === picks[0].id));
  });

  it('lists them in seed/locations with file and line', async () => {
    const locations: any[] = (await control('seed/locations')).body;
    const mine = locations.filter((l) => l.project === 'sprawl');
    assert.equal(mine.length, 1500);
    for (const l of mine) {
      const i = sb.seed.issue(l.issueId)!;
      assert.deepEqual([l.shortId, l.file, l.line, l.location, l.title], [i.shortId, i.workspaceFile, i.workspaceLine, `${l.file}:${l.line}`, i.title]);
      assert.ok(l.line >= 1 && l.line <= 400);
    }
    assert.deepEqual(sb.seed.locations.filter((l) => l.project === 'sprawl').length, 1500);
    const issues = (await control('seed/issues?project=sprawl')).body;
    assert.deepEqual(
      issues.map((i: any) => i.location),
      sprawlIssues().map((i) => i.location),
    );
  });

  it('gives the same data for the same options, other data for another seed, and takes org and project', async () => {
    const twin = await startSandbox({ now: () => T0, sprawl: { ...SPRAWL } });
    const other = await startSandbox({ now: () => T0, sprawl: { ...SPRAWL, seed: 7 } });
    const small = await startSandbox({ now: () => T0, sprawl: { org: 'globex', project: 'big-app', issues: 40, files: 12, seed: 3 } });
    try {
      for (const p of ['seed/issues?project=sprawl', 'seed/files?project=sprawl', 'seed/locations']) {
        assert.deepEqual((await control(p, undefined, twin)).body, (await control(p, undefined, sb)).body, p);
      }
      const page = `/api/0/organizations/acme/issues/?project=sprawl&limit=100`;
      assert.deepEqual(portless(await get(page, twin), twin), portless(await get(page, sb), sb));
      const event = `/api/0/organizations/acme/issues/${sprawlIssues()[0].id}/events/latest/`;
      assert.deepEqual(portless(await get(event, twin), twin), portless(await get(event, sb), sb));
      assert.deepEqual(defaultDigest(other.seed), defaultDigest(sb.seed));
      assert.notDeepEqual(
        sprawlIssues(other).map((i) => i.location),
        sprawlIssues().map((i) => i.location),
      );

      const big = small.seed.project('big-app')!;
      assert.deepEqual([big.id, big.org.slug, big.issues.length, small.seed.sprawl!.files.length], ['4701', 'globex', 40, 12]);
      assert.deepEqual(
        big.issues.slice(0, 3).map((i) => i.shortId),
        ['BIG-APP-1', 'BIG-APP-2', 'BIG-APP-3'],
      );
      assert.equal(new Set(big.issues.map((i) => i.workspaceFile)).size, 12);
      const listed = await allPages(`/api/0/organizations/globex/issues/?project=big-app&limit=100`, small);
      assert.equal(listed.items.length, 40);
      assert.equal((await get(`/api/0/organizations/acme/issues/?project=big-app`, small)).status, 403);
      assert.equal((await control('seed/files?project=big-app', undefined, small)).body.length, 12);
    } finally {
      await Promise.all([twin.close(), other.close(), small.close()]);
    }
  });

  it('refuses options it cannot seed', async () => {
    const bad: unknown[] = [
      { issues: 0, files: 3 },
      { issues: 10, files: 0 },
      { issues: 1.5, files: 3 },
      { issues: 10, files: 3, org: 'initech' },
      { issues: 10, files: 3, project: 'worker' },
      { issues: 10, files: 3, project: 'Not A Slug' },
      { issues: 10, files: 3, seed: 'x' },
    ];
    for (const sprawl of bad) {
      await assert.rejects(startSandbox({ sprawl: sprawl as never }), /sprawl\./, JSON.stringify(sprawl));
    }
  });
});
