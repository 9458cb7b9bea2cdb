// The sandbox's events table (GET /api/0/organizations/{org}/events/, OpenAPI "Query Explore Events in
// Table Format"), in every profile: rows per event or per group, the frame arrays, the query keys
// (issue.id lists and their negation, stack.filename wildcards), Sentry's limits and 400 texts, the
// endpoint switch, over real HTTP on port 0.
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox';
import { describeEachProfile } from '../api/sandbox';
import { exchange, type Answer } from './answer';
import { withSandbox } from '../withSandbox';

const TABLE = '/api/0/organizations/acme/events/';
const WEB = '4501';

describeEachProfile('sandbox: the events table', function (profile) {
  this.timeout(30_000);
  let sb: Sandbox;
  let read: string;
  withSandbox({ profile }, (s) => {
    sb = s;
    read = `Bearer ${sb.defaults.authToken}`;
  });

  const get = (params: Array<[string, string]>, auth: string | null = read): Promise<Answer> => exchange(sb.url, 'GET', `${TABLE}?${new URLSearchParams(params)}`, auth);
  const fields = (...names: string[]): Array<[string, string]> => names.map((n) => ['field', n]);
  const base: Array<[string, string]> = [
    ['dataset', 'errors'],
    ['project', WEB],
  ];
  const unresolved = () => sb.seed.issuesOf('web-frontend').filter((i) => i.frames && i.status === 'unresolved');

  it("with a function, one row per issue and stack, newest first; the frame arrays are the stack's, oldest frame first", async () => {
    const issues = unresolved().slice(0, 5);
    const r = await get([
      ...base,
      ...fields('issue.id', 'stack.filename', 'stack.abs_path', 'stack.lineno', 'stack.in_app', 'last_seen()', 'count()'),
      ['sort', '-last_seen()'],
      ['query', `issue.id:[${issues.map((i) => i.id).join(',')}]`],
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.data.map((row: Record<string, unknown>) => String(row['issue.id'])).sort(), issues.map((i) => i.id).sort());
    const times = r.body.data.map((row: Record<string, string>) => Date.parse(row['last_seen()']));
    assert.deepEqual(
      times,
      [...times].sort((a: number, b: number) => b - a),
    );
    for (const row of r.body.data) {
      const issue = issues.find((i) => i.id === String(row['issue.id']))!;
      assert.deepEqual(
        row['stack.filename'],
        issue.frames!.map((f) => f.filename),
      );
      assert.deepEqual(
        row['stack.lineno'],
        issue.frames!.map((f) => f.lineNo),
      );
      assert.deepEqual(
        row['stack.in_app'],
        issue.frames!.map((f) => (f.inApp ? 1 : 0)),
      );
      assert.equal(row['count()'], issue.events.filter((e) => e.time >= sb.control.clock.now() - 90 * 86_400_000).length);
      assert.equal(Date.parse(row['last_seen()']), Math.max(...issue.events.map((e) => e.time)) - (Math.max(...issue.events.map((e) => e.time)) % 1000));
    }
    assert.equal(r.body.meta.fields['stack.lineno'], 'array');
    assert.equal(r.body.meta.fields['last_seen()'], 'date');
    assert.equal(r.body.meta.dataset, 'errors');
  });

  it('without a function, one row per event, with `id` and `project.name` added; Link paging by cursor', async () => {
    const issue = sb.seed.bigIssue;
    const first = await get([...base, ...fields('issue.id', 'timestamp'), ['per_page', '100'], ['query', `issue.id:${issue.id}`]]);
    assert.equal(first.status, 200);
    assert.equal(first.body.data.length, 100);
    assert.deepEqual(Object.keys(first.body.data[0]).sort(), ['id', 'issue.id', 'project.name', 'timestamp']);
    assert.equal(first.body.data[0]['project.name'], 'web-frontend');
    const next = /<([^>]+)>; rel="next"; results="true"; cursor="([^"]+)"/.exec(first.headers.get('link') ?? '');
    assert.ok(next, first.headers.get('link') ?? '');
    const second = await exchange(sb.url, 'GET', new URL(next[1]).pathname + new URL(next[1]).search, read);
    assert.equal(second.status, 200);
    assert.notEqual(second.body.data[0].id, first.body.data[0].id);
  });

  it('issue.id lists and their negation, stack.filename wildcards on any frame; a list of wildcards is exact values (hasAny), never wildcards', async () => {
    // Without advanced search (no profile's default: a plan without it), which the issue search would need.
    sb.control.features.set('acme', { remove: ['advanced-search'] });
    const touching = (suffix: string) => unresolved().filter((i) => i.frames!.some((f) => f.filename.endsWith(suffix)));
    const ids = async (query: string) => {
      const r = await get([...base, ...fields('issue.id', 'count()'), ['query', query], ['per_page', '100']]);
      assert.equal(r.status, 200, `${query}: ${JSON.stringify(r.body)}`);
      return new Set(r.body.data.map((row: Record<string, unknown>) => String(row['issue.id'])));
    };
    const store = touching('app/store.ts');
    assert.ok(store.length > 10 && store.length < 100);
    const found = await ids('stack.filename:"*app/store.ts" is:unresolved');
    assert.deepEqual([...found].sort(), store.map((i) => i.id).sort());
    const [a, b] = store;
    const without = await ids(`stack.filename:"*app/store.ts" is:unresolved !issue.id:[${a.id},${b.id}]`);
    assert.equal(without.size, store.length - 2);
    assert.ok(!without.has(a.id) && !without.has(b.id));
    assert.equal((await ids('stack.filename:["*app/store.ts","*app/router.ts"]')).size, 0, 'no frame is literally named *app/store.ts');
    assert.ok((await ids('stack.filename:["src/app/store.ts","src/app/router.ts"] is:unresolved')).size >= store.length, 'exact values match');
    assert.equal((await ids('stack.filename:"*APP/STORE.TS"')).size, 0, 'a LIKE is case-sensitive');
    assert.ok(!sb.control.features.get('acme').includes('advanced-search'), 'wildcards and negation without advanced search, unlike the issue search');
  });

  it('OR and parentheses, AND binding tighter (event_search.py with allow_boolean), unlike the issue search', async () => {
    const touching = (suffix: string) =>
      new Set(
        unresolved()
          .filter((i) => i.frames!.some((f) => f.filename.endsWith(suffix)))
          .map((i) => i.id),
      );
    const ids = async (query: string) => {
      const found = new Set<string>();
      for (let cursor = '0:0:0'; cursor;) {
        const r = await get([...base, ...fields('issue.id', 'count()'), ['query', query], ['per_page', '100'], ['cursor', cursor]]);
        assert.equal(r.status, 200, `${query}: ${JSON.stringify(r.body)}`);
        r.body.data.forEach((row: Record<string, unknown>) => found.add(String(row['issue.id'])));
        cursor = /<[^>]*[?&]cursor=([^&>]+)[^>]*>; rel="next"; results="true"/.exec(r.headers.get('link') ?? '')?.[1] ?? '';
        cursor = decodeURIComponent(cursor);
      }
      return found;
    };
    const store = touching('app/store.ts');
    const router = touching('runtime/jsonp chunk loading');
    const either = new Set([...store, ...router]);
    assert.ok(store.size > 0 && router.size > 0 && either.size > Math.max(store.size, router.size));
    assert.deepEqual([...(await ids('is:unresolved (stack.filename:"*app/store.ts" OR stack.filename:"*runtime/jsonp chunk loading")'))].sort(), [...either].sort());
    assert.deepEqual([...(await ids('is:unresolved (stack.filename:"*app/store.ts" or stack.filename:"*runtime/jsonp chunk loading")'))].sort(), [...either].sort(), 'OR in any case');
    const [a] = store;
    const without = await ids(`is:unresolved !issue.id:${a} (stack.filename:"*app/store.ts" OR stack.filename:"*runtime/jsonp chunk loading")`);
    assert.ok(!without.has(a) && without.size === either.size - 1);
    for (const bad of ['(stack.filename:"*a.ts" OR', 'stack.filename:"*a.ts" OR OR stack.filename:"*b.ts"', '()']) {
      assert.equal((await get([...base, ...fields('issue.id', 'count()'), ['query', bad]])).status, 400, bad);
    }
  });

  it("Sentry's limits and 400 texts", async () => {
    const ok = [...base, ...fields('issue.id', 'count()')];
    const detail = async (params: Array<[string, string]>) => {
      const r = await get(params);
      return [r.status, r.body?.detail];
    };
    assert.deepEqual(await detail([...base, ...fields(...Array.from({ length: 21 }, () => 'id'))]), [400, 'You can view up to 20 fields at a time. Please delete some and try again.']);
    assert.equal((await get([...base, ...fields(...Array.from({ length: 20 }, () => 'id'))])).status, 200, '20 are taken');
    assert.deepEqual(await detail([...ok, ['per_page', '101']]), [400, 'Invalid per_page value. Must be between 1 and 100.']);
    assert.deepEqual(await detail([...ok, ['sort', '-timestamp']]), [400, 'Cannot sort by a field that is not selected.']);
    assert.equal((await get([...ok, ['sort', '-count()']])).status, 200);
    const [status, text] = await detail([['project', WEB], ...fields('issue.id')]);
    assert.equal(status, 400);
    assert.match(text, /^dataset must be one of: discover, errors, /);
    assert.match((await detail([['dataset', 'nope'], ...fields('id')]))[1], /^dataset must be one of: /);
    assert.deepEqual(await detail([...base, ...fields('bogus_fn()')]), [400, 'bogus_fn is not a valid function']);
    assert.deepEqual(await detail([...ok, ['cursor', 'nope']]), [400, 'Invalid cursor parameter.']);
    assert.deepEqual(await detail([...ok, ['environment', 'nope']]), [404, 'The requested resource does not exist']);
  });

  it('several projects need the global-views feature; projects by id (slugs only where the profile takes them); org scopes only', async () => {
    const two: Array<[string, string]> = [['dataset', 'errors'], ['project', WEB], ['project', '4502'], ...fields('issue.id', 'count()')];
    assert.equal((await get(two)).status, 200);
    sb.control.features.set('acme', { remove: ['global-views'] });
    assert.deepEqual((await get(two)).body, { detail: 'You cannot view events from multiple projects.' });
    assert.equal((await get([['dataset', 'errors'], ['project', WEB], ...fields('id')])).status, 200, 'one project is always taken');
    const bySlug = await get([['dataset', 'errors'], ['project', 'web-frontend'], ...fields('id')]);
    if (profile === 'self-hosted-2025') assert.deepEqual([bySlug.status, bySlug.body], [400, { detail: 'Invalid project parameter. Values must be numbers.' }]);
    else assert.equal(bySlug.status, 200);
    const eventOnly = `Bearer ${sb.control.credentials.addToken({ scopes: ['event:read'] }).token}`;
    assert.equal((await get([...base, ...fields('id')], eventOnly)).status, 403);
    assert.equal((await get([...base, ...fields('id')], null)).status, 401);
  });

  it('the endpoint switch: 404 with no body, as a server or plan without the table answers; reset serves it again', async () => {
    sb.control.endpoints.set({ eventsTable: 404 });
    const r = await get([...base, ...fields('id')]);
    assert.deepEqual([r.status, r.body], [404, null]);
    sb.control.reset();
    assert.equal((await get([...base, ...fields('id')])).status, 200);
  });
});
