// The sandbox's organization issues list (OpenAPI listOrganizationIssues), the organization's
// environments, event-attribute search (stack.filename, stack.function, error.type) on both issue lists,
// the 404/410 switch of the issue lists, event injection into many issues, and /_sandbox/seed/files,
// over real HTTP on port 0. The base clock is fixed, so window edges only move with control.clock.
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox, type SeedIssue } from '../../sandbox';
import { exchange, type Answer } from './answer';
import { withSandbox } from '../withSandbox';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2025-06-01T12:00:00Z');
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
const NOT_FOUND = { detail: 'The requested resource does not exist' };
const ORG = '/api/0/organizations/acme/issues/';

let sb: Sandbox;
let read: string;
let write: string;

const call = (method: string, p: string, auth: string | null = read, body?: unknown): Promise<Answer> => exchange(sb.url, method, p, auth, body);
const get = (p: string, auth: string | null = read) => call('GET', p, auth);

async function control(p: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${sb.url}/_sandbox/${p}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Every page, following `next` while it has results; the answers of each page too. */
async function allPages(first: string, auth: string = read): Promise<{ items: any[]; pages: Answer[] }> {
  const items: any[] = [];
  const pages: Answer[] = [];
  let next: string | null = first;
  while (next) {
    const r = await get(next, auth);
    assert.equal(r.status, 200, `${next}: ${JSON.stringify(r.body)}`);
    items.push(...r.body);
    pages.push(r);
    const m = /<([^>]+)>; rel="next"; results="true"; cursor="([^"]+)"/.exec(r.headers.get('link') ?? '');
    next = m ? new URL(m[1]).pathname + new URL(m[1]).search : null;
  }
  return { items, pages };
}

const ids = (list: Array<{ id: string }>) => list.map((i) => i.id);
const sorted = (list: string[]) => [...list].sort();
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const now = () => sb.control.clock.now();
const q = encodeURIComponent;

function acmeIssues(projects = ['web-frontend', 'api-server', 'worker']): SeedIssue[] {
  return sb.seed.issues.filter((i) => projects.includes(i.project.slug) && i.issueCategory !== 'feedback');
}
function hasEventIn(i: SeedIssue, start: number, end: number, envs: string[] = []): boolean {
  return i.events.some((e) => e.time >= start && e.time <= end && (envs.length === 0 || envs.includes(e.environment)));
}
/** Sentry's default order (lastSeen, newest first; the larger id first on a tie). */
function byDate(a: SeedIssue, b: SeedIssue): number {
  return b.lastSeen - a.lastSeen || Number(b.id) - Number(a.id);
}
function frameFiles(i: SeedIssue): string[] {
  return (i.frames ?? []).map((f) => f.filename);
}

describe('sandbox: organization issues, environments, stack search, endpoint switches, injection, seed files', function () {
  this.timeout(60_000);
  withSandbox({ now: () => T0, rateLimit: { limit: 1_000_000, windowSeconds: 1 } }, (s) => {
    sb = s;
    read = `Bearer ${sb.defaults.authToken}`;
    write = `Bearer ${sb.defaults.writeToken}`;
  });

  it('a fault can match the query string too, so one search of a list fails while the list itself answers', async () => {
    sb.control.faults.add({ path: 'issues/$', query: 'stack\\.filename', status: 400, respond: { status: 400, body: '{"detail":"Error parsing search query: unknown key"}' } });
    assert.equal((await get(`${ORG}?limit=1`)).status, 200);
    const refused = await get(`${ORG}?limit=1&query=${encodeURIComponent('stack.filename:"*app/checkout.ts"')}`);
    assert.equal(refused.status, 400);
    assert.equal((await get(`/api/0/projects/acme/web-frontend/issues/?query=${encodeURIComponent('stack.filename:"*x.ts"')}`)).status, 400);
    assert.equal(sb.control.faults.list()[0].query, 'stack\\.filename', 'listed as given');
  });

  describe('GET /organizations/{org}/issues/', () => {
    it('needs one of event:read, event:write, event:admin; a credential of another org gets 403, an unknown org 404', async () => {
      assert.equal((await get(`${ORG}?limit=1`, null)).status, 401);
      const orgOnly = sb.control.credentials.addToken({ scopes: ['org:read', 'project:read'] }).token;
      const r = await get(`${ORG}?limit=1`, `Bearer ${orgOnly}`);
      assert.deepEqual([r.status, r.body], [403, FORBIDDEN]);
      for (const scope of ['event:read', 'event:write', 'event:admin']) {
        assert.equal((await get(`${ORG}?limit=1`, `Bearer ${sb.control.credentials.addToken({ scopes: [scope] }).token}`)).status, 200, scope);
      }
      const integration = `Bearer ${sb.control.credentials.addToken({ kind: 'integration', scopes: ['event:read'], org: 'acme' }).token}`;
      assert.equal((await get(`${ORG}?limit=1`, integration)).status, 200);
      assert.deepEqual((await get('/api/0/organizations/globex/issues/?limit=1', integration)).body, FORBIDDEN);
      assert.equal((await get('/api/0/organizations/globex/issues/?limit=1', integration)).status, 403);
      assert.deepEqual((await get('/api/0/organizations/nope/issues/')).body, NOT_FOUND);
      // The org may be named by its id, as in every organization path.
      assert.equal((await get('/api/0/organizations/2/issues/?limit=1')).body[0].project.slug, 'legacy-portal');
    });

    it('mixes the projects of the organization in one answer, sorted together (default: is:unresolved, last 90 days, by lastSeen)', async () => {
      const expected = acmeIssues(['api-server', 'worker'])
        .filter((i) => i.status === 'unresolved' && hasEventIn(i, now() - 90 * DAY, now()))
        .sort(byDate);
      const r = await get(`${ORG}?project=api-server&project=worker`);
      assert.equal(r.status, 200);
      assert.deepEqual(ids(r.body), ids(expected.slice(0, 100)));
      assert.deepEqual(new Set(r.body.map((i: any) => i.project.slug)), new Set(['api-server', 'worker']), 'both projects in the first page');
      assert.equal(r.headers.get('x-hits'), String(expected.length));
      assert.equal(r.headers.get('x-max-hits'), '1000');
      // -1, ids and slugs: every project the user may access (in this open organization every project), or
      // the named ones; omitted: the projects of the user's teams, not worker (get_projects, membership.ts).
      const listed = (projects: string[]) => acmeIssues(projects).filter((i) => i.status === 'unresolved' && hasEventIn(i, now() - 3 * DAY, now()));
      const window = `&statsPeriod=3d`;
      for (const [projects, expected] of [
        ['', listed(['web-frontend', 'api-server'])],
        ['&project=-1', listed(['web-frontend', 'api-server', 'worker'])],
        ['&project=4501&project=api-server&project=4503', listed(['web-frontend', 'api-server', 'worker'])],
      ] as const) {
        const all = await allPages(`${ORG}?limit=100${window}${projects}`);
        assert.deepEqual(sorted(ids(all.items)), sorted(ids(expected)), projects);
      }
      assert.ok(listed(['worker']).length > 0, 'worker has issues in the window');
      const byId = await get(`${ORG}?project=4503&query=&statsPeriod=3650d`);
      assert.ok(byId.body.length > 0 && byId.body.every((i: any) => i.project.slug === 'worker'));
    });

    it('a project that is not one of the organization: 403 "You do not have permission", as Sentry answers', async () => {
      for (const bad of ['nope', 'legacy-portal', '4601', '']) {
        const r = await get(`${ORG}?project=worker&project=${bad}`);
        assert.deepEqual([r.status, r.body], [403, FORBIDDEN], bad);
      }
    });

    it('environment (repeated): an issue is listed when it has an event in one of them within the window; counts are over those events', async () => {
      const start = now() - 30 * DAY;
      for (const envs of [['development'], ['staging', 'development']]) {
        const expected = acmeIssues(['worker']).filter((i) => hasEventIn(i, start, now(), envs));
        const without = acmeIssues(['worker']).filter((i) => hasEventIn(i, start, now()));
        assert.ok(expected.length > 0 && expected.length < without.length, 'the filter keeps some issues and drops others');
        const { items } = await allPages(`${ORG}?project=worker&query=&statsPeriod=30d&${envs.map((e) => `environment=${e}`).join('&')}`);
        assert.deepEqual(sorted(ids(items)), sorted(ids(expected)), envs.join(','));
        for (const item of items) {
          const issue = sb.seed.issue(item.id)!;
          const events = issue.events.filter((e) => e.time >= start && envs.includes(e.environment));
          assert.equal(item.count, String(events.length));
          assert.equal(item.lastSeen, isoSeconds(Math.max(...events.map((e) => e.time))));
          assert.equal(item.lifetime.count, String(issue.events.length), 'lifetime keeps every event');
        }
      }
      // As a search term it is ANDed with the rest of the query.
      const term = await allPages(`${ORG}?project=worker&query=${q('is:unresolved environment:development')}&statsPeriod=30d`);
      assert.deepEqual(
        sorted(ids(term.items)),
        sorted(ids(acmeIssues(['worker']).filter((i) => i.status === 'unresolved' && hasEventIn(i, start, now()) && i.events.some((e) => e.environment === 'development')))),
      );
    });

    it('statsPeriod: digits plus s|m|h|d|w (400 otherwise); it overrides start/end; an issue is listed when one of its events lies in the window', async () => {
      for (const bad of ['2 days', '', '7', 'd', '-1d', '24H']) {
        const r = await get(`${ORG}?statsPeriod=${q(bad)}`);
        assert.deepEqual([r.status, r.body], [400, { detail: `Invalid statsPeriod: ${JSON.stringify(bad)}` }], bad);
      }
      for (const [period, ms] of [
        ['90m', 90 * 60_000],
        ['36h', 36 * HOUR],
        ['2w', 14 * DAY],
        ['600s', 600_000],
      ] as const) {
        // No `project`: the user's member projects (worker is on a team the user is not on).
        const expected = acmeIssues(['web-frontend', 'api-server']).filter((i) => i.status === 'unresolved' && hasEventIn(i, now() - ms, now()));
        const r = await get(`${ORG}?statsPeriod=${period}&limit=1`);
        assert.equal(r.headers.get('x-hits'), String(Math.min(expected.length, 1000)), period);
      }
      // start/end that hold nothing, overridden by statsPeriod.
      const empty = 'start=2000-01-01T00:00:00Z&end=2000-01-02T00:00:00Z';
      assert.deepEqual((await get(`${ORG}?${empty}`)).body, []);
      assert.ok((await get(`${ORG}?${empty}&statsPeriod=14d`)).body.length > 0);
    });

    it('start and end: both required, ISO-8601, start before end; the window moves with the sandbox clock (default: the last 90 days)', async () => {
      for (const bad of ['start=2025-01-01T00:00:00Z', 'end=2025-01-01T00:00:00Z', 'start=yesterday&end=today', 'start=2025-02-01T00:00:00Z&end=2025-01-01T00:00:00Z']) {
        const r = await get(`${ORG}?${bad}`);
        assert.equal(r.status, 400, bad);
        assert.equal(typeof r.body.detail, 'string');
      }
      assert.deepEqual((await get(`${ORG}?start=2025-01-01T00:00:00Z`)).body, { detail: 'start and end are both required' });
      // One issue's last event: a one-minute window around it lists it, with count and lastSeen in the window.
      const issue = acmeIssues(['worker']).filter((i) => i.events.length > 3)[0];
      const t = issue.lastSeen;
      const around = `start=${new Date(t - 30_000).toISOString()}&end=${new Date(t + 30_000).toISOString()}&project=worker&query=`;
      const hit = (await get(`${ORG}?${around}`)).body.find((i: any) => i.id === issue.id);
      assert.ok(hit, 'listed in a window around its last event');
      assert.equal(hit.lastSeen, isoSeconds(t));
      assert.equal(hit.count, String(issue.times.filter((x) => x >= t - 30_000 && x <= t + 30_000).length));
      const before = `start=${new Date(t + 1000).toISOString()}&end=${new Date(t + DAY).toISOString()}&project=worker&query=`;
      assert.ok(!(await get(`${ORG}?${before}`)).body.some((i: any) => i.id === issue.id), 'not listed in a window after its last event');

      // The default window is the last 90 days of the sandbox clock: moving the clock drops the issues whose
      // events fall out of it.
      const inDefault = () => acmeIssues(['worker']).filter((i) => i.status === 'unresolved' && hasEventIn(i, now() - 90 * DAY, now()));
      const first = await allPages(`${ORG}?project=worker`);
      assert.deepEqual(sorted(ids(first.items)), sorted(ids(inDefault())));
      const lastSeen = inDefault().map((i) => i.lastSeen);
      sb.control.clock.advance(now() - Math.min(...lastSeen) + 1000 - 90 * DAY + 45 * DAY);
      const later = await allPages(`${ORG}?project=worker`);
      assert.deepEqual(sorted(ids(later.items)), sorted(ids(inDefault())));
      assert.ok(later.items.length < first.items.length, `${later.items.length} < ${first.items.length}: older issues left the window`);
      assert.equal((await get(`${ORG}?project=worker&statsPeriod=1d`)).body.length, 0, 'nothing happened in the last day of the moved clock');
    });

    it('groupStatsPeriod: 24h by default, 14d, "" (no stats), auto by the window; anything else 400', async () => {
      const base = `${ORG}?project=worker&limit=3`;
      const keys = async (p: string) => (await get(`${base}${p}`)).body.map((i: any) => Object.keys(i.stats));
      assert.deepEqual(await keys(''), [['24h'], ['24h'], ['24h']]);
      assert.deepEqual(await keys('&groupStatsPeriod=14d'), [['14d'], ['14d'], ['14d']]);
      assert.deepEqual(await keys('&groupStatsPeriod='), [[], [], []]);
      assert.deepEqual(await keys('&groupStatsPeriod=auto'), [['14d'], ['14d'], ['14d']], 'the default 90 days is more than a day');
      assert.deepEqual(
        await keys('&groupStatsPeriod=auto&statsPeriod=24h&query='),
        (await keys('&statsPeriod=24h&query=')).map(() => ['24h']),
      );
      assert.deepEqual(
        await keys('&groupStatsPeriod=auto&statsPeriod=25h&query='),
        (await keys('&statsPeriod=25h&query=')).map(() => ['14d']),
      );
      const r = await get(`${base}&groupStatsPeriod=auto`);
      const buckets = r.body[0].stats['14d'];
      assert.equal(buckets.length, 14);
      const issue = sb.seed.issue(r.body[0].id)!;
      const since = buckets[0][0] * 1000;
      assert.equal(
        buckets.reduce((a: number, [, n]: [number, number]) => a + n, 0),
        issue.times.filter((t) => t >= since).length,
      );
      assert.equal((await get(`${base}`)).body[0].stats['24h'].length, 24);
      for (const bad of ['7d', '1h', 'AUTO', '14D']) {
        assert.deepEqual(await get(`${base}&groupStatsPeriod=${bad}`).then((x) => [x.status, x.body]), [400, { detail: "Invalid stats_period. Valid choices are '', '24h', and '14d'" }], bad);
      }
    });

    it('shortIdLookup: 1 answers the issue of a short ID across projects, 0 searches; anything else 400', async () => {
      const other = sb.seed.issuesOf('worker')[0];
      const r = await get(`${ORG}?shortIdLookup=1&project=web-frontend&query=${other.shortId.toLowerCase()}`);
      assert.deepEqual(ids(r.body), [other.id]);
      assert.equal(r.headers.get('x-hits'), '1');
      assert.deepEqual((await get(`${ORG}?shortIdLookup=0&project=web-frontend&query=${other.shortId}`)).body, []);
      assert.deepEqual((await get(`${ORG}?project=web-frontend&query=${other.shortId}`)).body, [], 'absent = 0');
      for (const bad of ['true', '2', '']) {
        const x = await get(`${ORG}?shortIdLookup=${bad}&query=${other.shortId}`);
        assert.deepEqual([x.status, x.body], [400, { detail: `Invalid shortIdLookup: ${JSON.stringify(bad)}. Valid choices are 0, 1` }], bad);
      }
    });

    it('query: absent means is:unresolved, empty means every status, the project list predicates apply, errors are 400; viewId is ignored', async () => {
      const window = (i: SeedIssue) => hasEventIn(i, now() - 90 * DAY, now());
      const worker = acmeIssues(['worker']).filter(window);
      const absent = await allPages(`${ORG}?project=worker`);
      assert.deepEqual(sorted(ids(absent.items)), sorted(ids(worker.filter((i) => i.status === 'unresolved'))));
      const empty = await allPages(`${ORG}?project=worker&query=`);
      assert.deepEqual(sorted(ids(empty.items)), sorted(ids(worker)));
      assert.deepEqual(new Set(empty.items.map((i: any) => i.status)), new Set(['unresolved', 'resolved', 'ignored']));
      const mine = await allPages(`${ORG}?project=worker&query=${q('is:unresolved assigned:me level:error')}`);
      assert.deepEqual(sorted(ids(mine.items)), sorted(ids(worker.filter((i) => i.status === 'unresolved' && i.assignedTo?.id === '1' && i.level === 'error'))));
      const feedback = await allPages(`${ORG}?query=${q('issue.category:feedback')}&statsPeriod=3650d`);
      assert.deepEqual(sorted(ids(feedback.items)), sorted(ids(sb.seed.feedbackIssues)));
      assert.equal((await get(`${ORG}?query=${q('is:nope')}`)).status, 400);
      assert.match((await get(`${ORG}?query=${q('"open')}`)).body.detail, /^Error parsing search query: /);
      const view = await get(`${ORG}?project=worker&viewId=12345&limit=7`);
      assert.deepEqual(ids(view.body), ids(absent.items.slice(0, 7)));
    });

    it('sort: date, freq, inbox, new, recommended (as trends), trends, user; anything else 400', async () => {
      const base = `${ORG}?query=&statsPeriod=3650d&project=api-server&project=worker`;
      const all = acmeIssues(['api-server', 'worker']);
      const order = (key: (i: SeedIssue) => number) => ids([...all].sort((a, b) => key(b) - key(a) || Number(b.id) - Number(a.id)).slice(0, 50));
      const byKey: [string, (i: SeedIssue) => number][] = [
        ['freq', (i) => i.events.length],
        ['user', (i) => i.userCount],
        ['new', (i) => i.firstSeen],
        ['inbox', (i) => i.firstSeen],
        ['date', (i) => i.lastSeen],
      ];
      for (const [sort, key] of byKey) assert.deepEqual(ids((await get(`${base}&sort=${sort}&limit=50`)).body), order(key), sort);
      assert.deepEqual(ids((await get(`${base}&sort=recommended&limit=50`)).body), ids((await get(`${base}&sort=trends&limit=50`)).body));
      assert.notDeepEqual(
        ids((await get(`${base}&sort=trends&limit=50`)).body),
        order((i) => i.lastSeen),
      );
      const r = await get(`${ORG}?sort=priority`);
      assert.deepEqual([r.status, r.body], [400, { detail: 'Invalid sort: priority. Valid choices are date, new, trends, freq, user, inbox, recommended' }]);
    });

    it('limit: 1..100, default 100; cursor pages with Link and X-Hits as the project list does', async () => {
      for (const bad of ['0', '101', 'ten', '-5']) {
        assert.deepEqual((await get(`${ORG}?limit=${bad}`)).body, { detail: 'Invalid limit value. Must be between 1 and 100.' }, bad);
      }
      assert.equal((await get(ORG)).body.length, 100);
      assert.deepEqual((await get(`${ORG}?cursor=nope`)).body, { detail: 'Invalid cursor parameter.' });
      const expected = acmeIssues(['api-server', 'worker']).filter((i) => hasEventIn(i, now() - 90 * DAY, now()));
      const { items, pages } = await allPages(`${ORG}?project=api-server&project=worker&query=&limit=40`);
      assert.ok(pages.length >= 3, `${pages.length} pages`);
      assert.equal(new Set(ids(items)).size, items.length, 'no issue twice');
      assert.deepEqual(sorted(ids(items)), sorted(ids(expected)));
      for (const [k, page] of pages.entries()) {
        assert.equal(page.headers.get('x-hits'), String(expected.length));
        assert.equal(page.headers.get('x-max-hits'), '1000');
        const link = page.headers.get('link')!;
        assert.ok(link.indexOf('rel="previous"') < link.indexOf('rel="next"'));
        assert.match(link, new RegExp(`rel="previous"; results="${k > 0}"`));
        assert.match(link, new RegExp(`rel="next"; results="${k < pages.length - 1}"`));
        assert.ok(link.startsWith(`<${sb.url}${ORG}?project=api-server&project=worker&query=&limit=40&cursor=`), link);
      }
    });

    it('expand adds the fields the document describes; an unknown value is a 400', async () => {
      const base = `${ORG}?query=&statsPeriod=3650d&project=worker`;
      const plain = (await get(base)).body;
      for (const key of ['inbox', 'owners', 'integrationIssues', 'sentryAppIssues', 'latestEventHasAttachments', 'sessionCount']) {
        assert.ok(
          plain.every((i: any) => !(key in i)),
          `${key} only when expanded`,
        );
      }
      const all = (await get(`${base}&expand=inbox&expand=owners&expand=integrationIssues&expand=sentryAppIssues&expand=latestEventHasAttachments&expand=sessions`)).body;
      for (const item of all) {
        assert.deepEqual([item.integrationIssues, item.sentryAppIssues, item.latestEventHasAttachments], [[], [], false]);
        assert.ok(Number.isInteger(item.sessionCount) && item.sessionCount > 0);
        const inInbox = sb.control.triage.issue(item.id).inbox;
        assert.equal('inbox' in item, inInbox, `${item.shortId} inbox`);
        if (inInbox) {
          assert.equal(typeof item.inbox.reason, 'number');
          assert.ok(Date.parse(item.inbox.date_added) > 0);
        }
        const issue = sb.seed.issue(item.id)!;
        assert.equal(
          'owners' in item,
          (issue.frames ?? []).some((f) => f.inApp),
        );
        if (item.owners) assert.deepEqual([item.owners.type, item.owners.owner], ['codeowners', 'team:101']);
      }
      assert.ok(all.some((i: any) => 'inbox' in i) && all.some((i: any) => !('inbox' in i)));
      for (const bad of ['nope', 'inbox,owners', 'stats']) {
        const r = await get(`${ORG}?expand=inbox&expand=${q(bad)}`);
        assert.deepEqual(
          [r.status, r.body],
          [400, { detail: `Invalid expand: ${JSON.stringify(bad)}. Valid choices are inbox, integrationIssues, latestEventHasAttachments, owners, sentryAppIssues, sessions` }],
          bad,
        );
      }
    });

    it('collapse drops stats, lifetime, filtered, isUnhandled; base is accepted (its fields stay); an unknown value is a 400', async () => {
      const base = `${ORG}?project=worker&limit=5`;
      const plain = (await get(base)).body;
      for (const key of ['stats', 'lifetime', 'filtered', 'isUnhandled'])
        assert.ok(
          plain.every((i: any) => key in i),
          key,
        );
      assert.ok(plain.every((i: any) => i.filtered === null && i.lifetime.stats === null));
      const drops: Record<string, string> = { stats: 'stats', lifetime: 'lifetime', filtered: 'filtered', unhandled: 'isUnhandled' };
      for (const [collapse, key] of Object.entries(drops)) {
        const body = (await get(`${base}&collapse=${collapse}`)).body;
        assert.deepEqual(ids(body), ids(plain));
        assert.ok(
          body.every((i: any) => !(key in i)),
          collapse,
        );
        const others = Object.values(drops).filter((k) => k !== key);
        assert.ok(
          body.every((i: any) => others.every((k) => k in i)),
          `${collapse} leaves the others`,
        );
      }
      const both = (await get(`${base}&collapse=stats&collapse=unhandled`)).body;
      assert.ok(both.every((i: any) => !('stats' in i) && !('isUnhandled' in i) && 'lifetime' in i));
      assert.deepEqual((await get(`${base}&collapse=base`)).body, plain);
      const r = await get(`${base}&collapse=everything`);
      assert.deepEqual([r.status, r.body], [400, { detail: 'Invalid collapse: "everything". Valid choices are base, filtered, lifetime, stats, unhandled' }]);
    });

    it('GET and the bulk PUT share the path: the PUT still changes issues, other methods get 405 naming both', async () => {
      const issue = acmeIssues(['worker']).find((i) => i.status === 'unresolved')!;
      const put = await call('PUT', `${ORG}?id=${issue.id}&project=${issue.project.id}`, write, { status: 'resolved' });
      assert.equal(put.status, 200);
      assert.equal(put.body.status, 'resolved');
      const list = await get(`${ORG}?project=worker&query=${q(`is:resolved ${issue.shortId}`)}`);
      assert.deepEqual(ids(list.body), [issue.id]);
      const del = await call('DELETE', ORG);
      assert.equal(del.status, 405);
      assert.equal(del.headers.get('allow'), 'GET, PUT');
    });
  });

  describe('search on event attributes (both issue lists)', () => {
    const projectList = '/api/0/projects/acme/web-frontend/issues/';
    const web = () => acmeIssues(['web-frontend']);
    const both = async (query: string): Promise<[string[], string[]]> => {
      const org = await allPages(`${ORG}?project=web-frontend&statsPeriod=3650d&query=${q(query)}`);
      const project = await allPages(`${projectList}?query=${q(query)}`);
      return [sorted(ids(org.items)), sorted(ids(project.items))];
    };

    it('stack.filename with * anywhere, unquoted and quoted, matches any frame of the stack', async () => {
      const checkout = web().filter((i) => frameFiles(i).includes('src/app/checkout.ts'));
      const crashElsewhere = checkout.filter((i) => i.workspaceFile !== 'src/app/checkout.ts');
      assert.ok(crashElsewhere.length > 0, 'some issues only pass through checkout.ts');
      const expected = sorted(ids(checkout.filter((i) => i.status === 'unresolved')));
      for (const query of [
        'is:unresolved stack.filename:*src/app/checkout.ts',
        'is:unresolved stack.filename:"*app/checkout.ts"',
        'is:unresolved stack.filename:*checkout*',
        'is:unresolved stack.filename:src/*/checkout.ts',
        'is:unresolved stack.filename:src/app/checkout.ts',
        'stack.filename:"*APP/Checkout.ts" is:unresolved',
      ]) {
        const [org, project] = await both(query);
        assert.deepEqual(org, expected, `org: ${query}`);
        assert.deepEqual(project, expected, `project: ${query}`);
      }
      const [none] = await both('stack.filename:checkout.ts');
      assert.deepEqual(none, [], 'without a wildcard the whole filename must match');
    });

    it('stack.abs_path matches the absPath the events serve (webpack:///, app:///); stack.filename does not', async () => {
      const checkout = web().filter((i) => frameFiles(i).includes('src/app/checkout.ts'));
      for (const style of ['webpack', 'app'] as const) {
        const path = style === 'webpack' ? 'webpack:///./src/app/checkout.ts' : 'app:///src/app/checkout.ts';
        const [org, project] = await both(`stack.abs_path:"${path}"`);
        const expected = sorted(ids(checkout.filter((i) => i.absPathStyle === style)));
        assert.ok(expected.length > 0 && expected.length < checkout.length);
        assert.deepEqual(org, expected, path);
        assert.deepEqual(project, expected, path);
        // Two keys in Sentry's events dataset (exception_frames.filename, exception_frames.abs_path).
        assert.deepEqual(await both(`stack.filename:"${path}"`), [[], []], path);
      }
      const latest = await get(`/api/0/organizations/acme/issues/${checkout[0].id}/events/?full=true&per_page=1`);
      const frames = latest.body[0].entries.find((e: any) => e.type === 'exception').data.values.at(-1).stacktrace.frames;
      const [org] = await both(`stack.abs_path:"${frames.find((f: any) => f.filename === 'src/app/checkout.ts').absPath}"`);
      assert.ok(org.includes(checkout[0].id), 'an absPath read from the event finds its issue');
    });

    it('!stack.filename excludes the issues whose stack touches the file; AND with status, level and environment', async () => {
      const touches = (i: SeedIssue) => frameFiles(i).some((f) => f.endsWith('app/checkout.ts'));
      const [org, project] = await both('is:unresolved !stack.filename:"*app/checkout.ts"');
      const expected = sorted(ids(web().filter((i) => i.status === 'unresolved' && !touches(i))));
      assert.deepEqual(org, expected);
      assert.deepEqual(project, expected);
      const [staging, stagingProject] = await both('is:unresolved stack.filename:*checkout.ts environment:staging level:error');
      const expectedStaging = sorted(ids(web().filter((i) => i.status === 'unresolved' && touches(i) && i.level === 'error' && i.events.some((e) => e.environment === 'staging'))));
      assert.ok(expectedStaging.length > 0);
      assert.deepEqual(staging, expectedStaging);
      assert.deepEqual(stagingProject, expectedStaging);
      // The environment parameter too.
      const param = await allPages(`${ORG}?project=web-frontend&environment=development&statsPeriod=3650d&query=${q('stack.filename:*checkout.ts')}`);
      assert.deepEqual(sorted(ids(param.items)), sorted(ids(web().filter((i) => touches(i) && i.events.some((e) => e.environment === 'development')))));
    });

    it('stack.function matches frame functions; error.type the exception type; * works in both', async () => {
      const [fnOrg, fnProject] = await both('stack.function:computeTotal');
      const computeTotal = sorted(ids(web().filter((i) => (i.frames ?? []).some((f) => f.function === 'computeTotal'))));
      assert.ok(computeTotal.length > 0);
      assert.deepEqual(fnOrg, computeTotal);
      assert.deepEqual(fnProject, computeTotal);
      const [globOrg] = await both('stack.function:handle*');
      assert.deepEqual(globOrg, sorted(ids(web().filter((i) => (i.frames ?? []).some((f) => /^handle/i.test(f.function ?? ''))))));
      const [typeOrg, typeProject] = await both('error.type:TypeError');
      const typeErrors = sorted(ids(web().filter((i) => i.exception?.type === 'TypeError')));
      assert.ok(typeErrors.length > 0 && typeErrors.length < web().length);
      assert.deepEqual(typeOrg, typeErrors);
      assert.deepEqual(typeProject, typeErrors);
      const [notType] = await both('!error.type:*Error is:unresolved');
      assert.deepEqual(notType, sorted(ids(web().filter((i) => i.status === 'unresolved' && !/Error$/i.test(i.exception?.type ?? '')))));
    });
  });

  describe('the 404/410 switch of the issue lists', () => {
    it('POST /_sandbox/endpoints answers the switch, GET reads it, reset restores ok; bad values are 400', async () => {
      assert.deepEqual((await control('endpoints')).body, { orgIssues: 'ok', projectIssues: 'ok', eventsTable: 'ok', trace: 'ok' });
      assert.deepEqual((await control('endpoints', { orgIssues: 404 })).body, { orgIssues: 404, projectIssues: 'ok', eventsTable: 'ok', trace: 'ok' });
      assert.deepEqual((await control('endpoints', { projectIssues: '410' })).body, { orgIssues: 404, projectIssues: 410, eventsTable: 'ok', trace: 'ok' });
      assert.deepEqual((await control('endpoints')).body, { orgIssues: 404, projectIssues: 410, eventsTable: 'ok', trace: 'ok' });
      assert.deepEqual(sb.control.endpoints.get(), { orgIssues: 404, projectIssues: 410, eventsTable: 'ok', trace: 'ok' });
      assert.equal((await control('endpoints', { orgIssues: 500 })).status, 400);
      assert.equal((await control('endpoints', { orgissues: 404 })).status, 400);
      assert.deepEqual((await control('endpoints')).body, { orgIssues: 404, projectIssues: 410, eventsTable: 'ok', trace: 'ok' }, 'a refused change changes nothing');
      await control('reset', {});
      assert.deepEqual((await control('endpoints')).body, { orgIssues: 'ok', projectIssues: 'ok', eventsTable: 'ok', trace: 'ok' });
      assert.ok('POST /_sandbox/endpoints' in (await control('')).body, 'listed in the control help');
    });

    it("404 with no body, as Sentry's catch-all answers a route it lacks, on GET of either list, whatever the credentials; the PUTs stay; requests are logged", async () => {
      await control('endpoints', { orgIssues: 404, projectIssues: 404 });
      for (const p of [`${ORG}?limit=1`, '/api/0/projects/acme/worker/issues/?limit=1']) {
        for (const auth of [read, null]) {
          const r = await get(p, auth);
          assert.deepEqual([r.status, r.body], [404, null], p);
        }
      }
      const issue = acmeIssues(['worker']).find((i) => i.status === 'unresolved')!;
      assert.equal((await call('PUT', `${ORG}?id=${issue.id}&project=-1`, write, { isBookmarked: true })).status, 200);
      assert.equal((await call('PUT', `/api/0/projects/acme/worker/issues/?id=${issue.id}`, write, { isBookmarked: false })).status, 200);
      const log = sb.control.requests.list({ path: /issues\/$/, method: 'GET' });
      assert.deepEqual(
        log.map((e) => e.status),
        [404, 404, 404, 404],
      );
      // Only the switched list goes away.
      await control('endpoints', { orgIssues: 'ok' });
      assert.equal((await get(`${ORG}?limit=1`)).status, 200);
      assert.equal((await get('/api/0/projects/acme/worker/issues/?limit=1')).status, 404);
    });

    it('410: {"message":"This API no longer exists."} with X-Sentry-Deprecation-Date, and the replacement on the project list', async () => {
      await control('endpoints', { orgIssues: 410, projectIssues: 410 });
      const project = await get('/api/0/projects/acme/worker/issues/');
      assert.deepEqual([project.status, project.body], [410, { message: 'This API no longer exists.' }]);
      assert.equal(project.headers.get('x-sentry-replacement-endpoint'), '/api/0/organizations/acme/issues/');
      const date = project.headers.get('x-sentry-deprecation-date')!;
      // deprecation.py: `deprecation_date.isoformat()`; a brown-out comes only after that date.
      assert.match(date, /^\d{4}-\d{2}-\d{2}T00:00:00\+00:00$/);
      assert.ok(Date.parse(date) < now(), 'a date gone by');
      const globex = await get('/api/0/projects/globex/legacy-portal/issues/');
      assert.equal(globex.headers.get('x-sentry-replacement-endpoint'), '/api/0/organizations/globex/issues/');
      const org = await get(ORG);
      assert.deepEqual([org.status, org.body], [410, { message: 'This API no longer exists.' }]);
      assert.equal(org.headers.get('x-sentry-deprecation-date'), date);
      assert.equal(org.headers.get('x-sentry-replacement-endpoint'), null);
      assert.ok(org.headers.get('x-sentry-rate-limit-limit'), 'still an API answer');
      // Other GETs are untouched.
      assert.equal((await get(`/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/`)).status, 200);
      assert.deepEqual(
        sb.control.requests.list({ path: /\/issues\/$/ }).map((e) => e.status),
        [410, 410, 410],
      );
    });
  });

  describe('event injection into many issues', () => {
    it('{issues, count} injects into every issue (ids or short IDs) and answers one state each; lastSeen moves to the sandbox clock', async () => {
      const open = acmeIssues().filter((i) => i.status === 'unresolved');
      const chosen = open.filter((_, k) => k % 25 === 0).slice(0, 40);
      assert.equal(chosen.length, 40);
      const before = new Map(chosen.map((i) => [i.id, i.events.length]));
      for (let round = 1; round <= 3; round++) {
        sb.control.clock.advance(5 * 60_000);
        const names = chosen.map((i, k) => (k % 2 ? i.shortId : i.id));
        const r = await control('issues/inject-events', { issues: names, count: 2 });
        assert.equal(r.status, 200);
        assert.deepEqual(ids(r.body), ids(chosen));
        assert.deepEqual(
          r.body.map((s: any) => s.count),
          chosen.map((i) => before.get(i.id)! + 2 * round),
        );
        // The org list by date: exactly these 40 lead, seen now; a window since the previous round (inclusive
        // at both ends, so shorter than five minutes) holds only them.
        const top = await get(`${ORG}?limit=40`);
        assert.deepEqual(sorted(ids(top.body)), sorted(ids(chosen)));
        assert.ok(top.body.every((i: any) => i.lastSeen === isoSeconds(now())));
        const recent = await allPages(`${ORG}?statsPeriod=4m&query=`);
        assert.deepEqual(sorted(ids(recent.items)), sorted(ids(chosen)));
        assert.ok(
          recent.items.every((i: any) => i.count === '2'),
          'counted in the window: the two new events',
        );
      }
    });

    it('the injected events are the latest of the issue, keep its location and frames, and show in the project list too', async () => {
      const issue = sb.seed.locations.map((l) => sb.seed.issue(l.issueId)!).find((i) => i.status === 'unresolved' && i.workspaceLine !== null && i.project.slug === 'web-frontend')!;
      const oldLatest = issue.events[0].eventID;
      sb.control.clock.advance(HOUR);
      const [state] = (await control('issues/inject-events', { issues: [issue.shortId], count: 3 })).body;
      assert.equal(state.id, issue.id);
      const events = await get(`/api/0/organizations/acme/issues/${issue.id}/events/?per_page=4`);
      assert.deepEqual(
        events.body.map((e: any) => e.dateCreated),
        [...Array(3).fill(isoSeconds(now())), events.body[3].dateCreated],
      );
      assert.equal(events.body[3].eventID, oldLatest, 'the previous latest event comes after them');
      assert.ok(events.body.slice(0, 3).every((e: any) => e.location === issue.location && e.eventID !== oldLatest));
      const latest = await get(`/api/0/organizations/acme/issues/${issue.id}/events/latest/`);
      assert.equal(latest.body.eventID, events.body[0].eventID);
      const frames = latest.body.entries.find((e: any) => e.type === 'exception').data.values.at(-1).stacktrace.frames;
      const crash = frames.filter((f: any) => f.inApp).at(-1);
      assert.deepEqual([crash.filename, crash.lineNo], [issue.workspaceFile, issue.workspaceLine], 'the latest event still points at the same file and line');
      const listed = await get(`/api/0/projects/acme/web-frontend/issues/?query=${issue.shortId}`);
      assert.equal(listed.body[0].lastSeen, isoSeconds(now()));
      assert.equal(listed.body[0].count, String(issue.events.length));
      await control('reset', {});
      assert.equal(sb.seed.issue(issue.id)!.events[0].eventID, oldLatest, 'reset takes them away');
    });

    it('an unknown issue among many changes nothing (400); {issue, count} still answers one state; count is checked', async () => {
      const [a, b] = acmeIssues(['worker']);
      const before = [a.events.length, b.events.length];
      const bad = await control('issues/inject-events', { issues: [a.id, 'NOPE-1', b.id], count: 1 });
      assert.equal(bad.status, 400);
      assert.match(bad.body.error, /unknown issue NOPE-1/);
      assert.deepEqual([a.events.length, b.events.length], before);
      assert.equal((await control('issues/inject-events', { issues: [], count: 1 })).status, 400);
      assert.equal((await control('issues/inject-events', { issues: [a.id], count: 0 })).status, 400);
      assert.equal((await control('issues/inject-events', { issues: a.id, count: 1 })).status, 400);
      const one = await control('issues/inject-events', { issue: a.shortId, count: 2 });
      assert.deepEqual([one.body.id, one.body.count], [a.id, before[0] + 2]);
      assert.deepEqual(
        sb.control.triage.injectEvents([a.id, b.shortId], 1).map((s) => s.count),
        [before[0] + 3, before[1] + 1],
      );
    });
  });

  describe('GET /organizations/{org}/environments/', () => {
    it("lists the distinct environments of the org's events as {id, name}, ids stable; visibility all|hidden|visible", async () => {
      const acme = await get('/api/0/organizations/acme/environments/');
      assert.equal(acme.status, 200);
      const names = [...new Set(acmeIssues().flatMap((i) => i.events.map((e) => e.environment)))].sort();
      assert.deepEqual(
        acme.body.map((e: any) => e.name),
        names,
      );
      assert.deepEqual(acme.body, [
        { id: '1001', name: 'development' },
        { id: '1002', name: 'production' },
        { id: '1003', name: 'staging' },
      ]);
      assert.deepEqual((await get('/api/0/organizations/acme/environments/?visibility=visible')).body, acme.body);
      assert.deepEqual((await get('/api/0/organizations/acme/environments/?visibility=all')).body, acme.body);
      assert.deepEqual((await get('/api/0/organizations/acme/environments/?visibility=hidden')).body, []);
      const globex = (await get('/api/0/organizations/globex/environments/')).body;
      assert.deepEqual(
        globex.map((e: any) => e.name),
        [...new Set(sb.seed.issuesOf('legacy-portal').flatMap((i) => i.events.map((e) => e.environment)))].sort(),
      );
      assert.ok(globex.every((e: any) => e.id.startsWith('2')));
      const other = await startSandbox();
      try {
        const again = await fetch(`${other.url}/api/0/organizations/acme/environments/`, { headers: { authorization: `Bearer ${other.defaults.authToken}` } });
        assert.deepEqual(await again.json(), acme.body, 'the same ids in another sandbox');
      } finally {
        await other.close();
      }
    });

    it('needs an org scope; bad visibility, no credentials and unknown orgs are errors', async () => {
      const r = await get('/api/0/organizations/acme/environments/?visibility=nope');
      assert.deepEqual([r.status, r.body], [400, { detail: "Invalid value for 'visibility', valid values are: ['all', 'hidden', 'visible']" }]);
      const eventOnly = `Bearer ${sb.control.credentials.addToken({ scopes: ['event:read', 'project:read'] }).token}`;
      assert.deepEqual((await get('/api/0/organizations/acme/environments/', eventOnly)).body, FORBIDDEN);
      for (const scope of ['org:read', 'org:write', 'org:admin']) {
        assert.equal((await get('/api/0/organizations/acme/environments/', `Bearer ${sb.control.credentials.addToken({ scopes: [scope] }).token}`)).status, 200, scope);
      }
      assert.equal((await get('/api/0/organizations/acme/environments/', null)).status, 401);
      assert.deepEqual((await get('/api/0/organizations/nope/environments/')).body, NOT_FOUND);
    });
  });

  describe('GET /_sandbox/seed/files', () => {
    it('per in-app frame filename: the issues whose stack touches it and how many are unresolved, now', async () => {
      const r = await control('seed/files?project=web-frontend&org=acme');
      assert.equal(r.status, 200);
      const files: Array<{ file: string; inWorkspace: boolean; issues: string[]; unresolved: number }> = r.body;
      const web = sb.seed.issuesOf('web-frontend');
      const expectedFiles = [...new Set(web.flatMap((i) => (i.frames ?? []).filter((f) => f.inApp).map((f) => f.filename)))].sort();
      assert.deepEqual(
        files.map((f) => f.file),
        expectedFiles,
      );
      assert.ok(!files.some((f) => f.file.startsWith('node_modules/')), 'library frames are left out');
      const checkout = files.find((f) => f.file === 'src/app/checkout.ts')!;
      const touching = web.filter((i) => frameFiles(i).includes('src/app/checkout.ts'));
      assert.deepEqual(
        checkout.issues,
        ids(touching).sort((a, b) => Number(a) - Number(b)),
      );
      assert.equal(checkout.unresolved, touching.filter((i) => i.status === 'unresolved').length);
      assert.ok(checkout.inWorkspace);
      assert.ok(checkout.issues.length > checkout.unresolved);
      // It follows triage.
      const open = touching.find((i) => i.status === 'unresolved')!;
      assert.equal((await call('PUT', `/api/0/organizations/acme/issues/${open.id}/`, write, { status: 'resolved' })).status, 200);
      const after = (await control('seed/files?project=web-frontend')).body.find((f: any) => f.file === 'src/app/checkout.ts');
      assert.equal(after.unresolved, checkout.unresolved - 1);
    });

    it('filters by org and project; in-app files outside the workspace say so; unknown names are 400', async () => {
      const all = (await control('seed/files')).body;
      const globex = (await control('seed/files?org=globex')).body;
      assert.ok(globex.length > 0 && globex.every((f: any) => !f.inWorkspace), 'the PHP app is not in the sample workspace');
      assert.ok(all.some((f: any) => f.file === 'server/workers/tasks.py') && !globex.some((f: any) => f.file === 'server/workers/tasks.py'));
      const worker = (await control('seed/files?project=worker')).body;
      assert.deepEqual(
        worker.map((f: any) => f.file),
        ['server/workers/tasks.py'],
      );
      assert.deepEqual(sb.control.seedFiles({ project: 'worker' }), worker);
      assert.equal((await control('seed/files?project=nope')).status, 400);
      assert.equal((await control('seed/files?project=worker&org=globex')).status, 400);
      assert.equal((await control('seed/files?org=nope')).status, 400);
    });
  });
});
