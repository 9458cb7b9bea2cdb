// SentryClient.listEventsTable over real HTTP, in every profile: what it sends, the rows it answers
// (masked, as every answer of Sentry data), the requests it refuses before sending, and the server's
// refusals as typed errors.
import assert from 'node:assert/strict';
import { clientFor, describeEachProfile, lastQuery, useSandbox } from '../../api/sandbox';
import { errorKind } from '../../../../src/contracts/errors';
import type { EventsTableParams } from '../../../../src/model/event/eventsTable';

const TOKEN = 'sntryu_0123456789abcdef0123456789abcdef0123456789abcdef01234567';
const TABLE = '/api/0/organizations/acme/events/';

describeEachProfile('api: the events table', function (profile) {
  this.timeout(30_000);
  const box = useSandbox({ profile });
  const base: EventsTableParams = { dataset: 'errors', fields: ['issue.id', 'stack.filename', 'stack.lineno', 'stack.in_app', 'last_seen()'], sort: '-last_seen()', project: ['4501'] };

  it('sends dataset, every field, the sort, per_page, project ids and the query; answers the rows with a cursor for the next page', async () => {
    const sb = box.get();
    const c = clientFor(sb);
    const ids = sb.seed
      .issuesOf('web-frontend')
      .slice(0, 3)
      .map((i) => i.id);
    const page = await c.listEventsTable('acme', { ...base, perPage: 2, query: `issue.id:[${ids.join(',')}]` });
    assert.deepEqual(lastQuery(sb, TABLE), [
      ['dataset', 'errors'],
      ['field', 'issue.id'],
      ['field', 'stack.filename'],
      ['field', 'stack.lineno'],
      ['field', 'stack.in_app'],
      ['field', 'last_seen()'],
      ['query', `issue.id:[${ids.join(',')}]`],
      ['sort', '-last_seen()'],
      ['per_page', '2'],
      ['project', '4501'],
    ]);
    assert.equal(page.items.length, 2);
    assert.ok(page.nextCursor);
    assert.ok(Array.isArray(page.items[0]['stack.filename']));
    const rest = await c.listEventsTable('acme', { ...base, perPage: 2, query: `issue.id:[${ids.join(',')}]`, cursor: page.nextCursor });
    assert.equal(rest.items.length, 1);
    assert.equal(new Set([...page.items, ...rest.items].map((r) => String(r['issue.id']))).size, 3);
  });

  it("answers masked, as every answer of Sentry's data", async () => {
    const sb = box.get();
    const issue = sb.seed.issuesOf('web-frontend')[0];
    const saved = issue.title;
    issue.title = `Failed GET /api/cart?access_token=${TOKEN}`;
    try {
      const page = await clientFor(sb).listEventsTable('acme', { dataset: 'errors', fields: ['issue.id', 'title', 'count()'], project: ['4501'], query: `issue.id:${issue.id}` });
      assert.equal(page.items.length, 1);
      assert.ok(!JSON.stringify(page.items).includes(TOKEN));
      assert.match(String(page.items[0].title), /access_token=\[masked\]/);
    } finally {
      issue.title = saved;
    }
  });

  it('refuses, before any request, what the server would refuse: over 20 fields, a sort not selected, a project that is no id or slug, a page over 100, a bad period', async () => {
    const sb = box.get();
    const c = clientFor(sb);
    sb.control.requests.clear();
    const bad: EventsTableParams[] = [
      { ...base, fields: Array.from({ length: 21 }, (_, k) => `tags[t${k}]`) },
      { ...base, fields: [] },
      { ...base, sort: '-timestamp' },
      { ...base, project: ['web frontend'] },
      { ...base, project: ['../4501'] },
      { ...base, perPage: 101 },
      { ...base, statsPeriod: '14 days' },
      { ...base, fields: ['issue.id', 'title\nfoo'] },
    ];
    for (const params of bad) await assert.rejects(c.listEventsTable('acme', params), RangeError, JSON.stringify(params));
    assert.equal(sb.control.requests.list({ path: /events/ }).length, 0);
  });

  it('a project slug is sent as its numeric id, which every server version takes (projectIds.ts)', async () => {
    const sb = box.get();
    sb.control.requests.clear();
    const page = await clientFor(sb).listEventsTable('acme', { ...base, project: ['web-frontend'] });
    assert.ok(page.items.length > 0);
    const sent = sb.control.requests.list({ path: /\/events\/$/ });
    assert.deepEqual(
      sent.map((r) => new URLSearchParams(r.query).getAll('project')),
      [['4501']],
    );
  });

  it("the server's refusals are typed: 404 without the table, 403 without an org scope, 400 with Sentry's detail", async () => {
    const sb = box.get();
    sb.control.endpoints.set({ eventsTable: 404 });
    await assert.rejects(clientFor(sb).listEventsTable('acme', base), (e) => errorKind(e) === 'notFound');
    sb.control.endpoints.set({ eventsTable: 'ok' });
    const eventOnly = clientFor(sb, { kind: 'bearer', token: sb.control.credentials.addToken({ scopes: ['event:read'] }).token });
    await assert.rejects(eventOnly.listEventsTable('acme', base), (e) => errorKind(e) === 'forbidden');
    sb.control.features.set('acme', { remove: ['global-views'] });
    await assert.rejects(clientFor(sb).listEventsTable('acme', { ...base, project: ['4501', '4502'] }), (e) => errorKind(e) === 'badRequest' && /multiple projects/.test((e as Error).message));
    sb.control.faults.add({ path: 'events/$', snubaTimeout: true, count: 1 });
    await assert.rejects(clientFor(sb).listEventsTable('acme', base), (e) => errorKind(e) === 'queryTimeout');
  });
});
