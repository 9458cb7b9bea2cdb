// One bad item costs only that item (src/api/lenientList.ts, through every list schema of
// src/api/schemas.ts): against the sandbox over real HTTP, each list endpoint answers a real page
// with one item broken, and the client keeps the others, counts and reports the one left out.
import assert from 'node:assert/strict';
import type { DroppedItems } from '../../../src/model/lenientList';
import type { SentryClient } from '../../../src/api/client';
import type { Sandbox } from '../../sandbox';
import { clientFor, useSandbox } from '../api/sandbox';

const ORG = 'acme';

/** The sandbox's real answer to `path`, then the same answer with `change` applied, served once. */
async function serveChanged(sb: Sandbox, path: string, change: (body: any) => void): Promise<any> {
  const res = await fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${sb.defaults.writeToken}` } });
  assert.equal(res.status, 200, path);
  const body = await res.json();
  change(body);
  const pathOnly = path.split('?')[0];
  sb.control.faults.add({ path: `^${pathOnly.replace(/[.?]/g, '\\$&')}$`, count: 1, respond: { status: 200, headers: { link: res.headers.get('link') ?? '' }, body: JSON.stringify(body) } });
  return body;
}

function reporting(sb: Sandbox): { client: SentryClient; reports: Array<{ path: string; dropped: DroppedItems }> } {
  const reports: Array<{ path: string; dropped: DroppedItems }> = [];
  const client = clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken }, { onDroppedItems: (r) => reports.push({ path: r.path, dropped: r.dropped }) });
  return { client, reports };
}

describe('API client: one item that does not match costs only that item', () => {
  const box = useSandbox({ profile: 'self-hosted-2025' });

  it('a page with one null-dated issue and one malformed issue keeps every other issue, the null-dated one included', async () => {
    const sb = box.get();
    const path = '/api/0/organizations/acme/issues/?query=&limit=100';
    const served = await serveChanged(sb, path, (issues) => {
      assert.ok(
        issues.some((i: { lastSeen: unknown }) => i.lastSeen === null),
        'the self-hosted profile serves a null-dated issue on this page',
      );
      issues[3].title = 42;
    });
    const { client, reports } = reporting(sb);
    const page = await client.listOrganizationIssues(ORG, { query: '', limit: 100 });
    assert.equal(page.items.length, served.length - 1);
    assert.ok(!page.items.some((i) => i.id === served[3].id), 'the malformed issue is left out');
    const nullDated = page.items.filter((i) => i.lastSeen === null);
    assert.ok(nullDated.length >= 1 && nullDated.every((i) => i.firstSeen === null), 'null dates are read as null');
    assert.deepEqual(page.dropped, { count: 1, examples: ['[3].title: expected string'] });
    assert.deepEqual(reports, [{ path: '/api/0/organizations/acme/issues/', dropped: { count: 1, examples: ['[3].title: expected string'] } }]);
  });

  it('one issue without lastSeen (one issue’s GET may leave dates out): read as null', async () => {
    const sb = box.get();
    const issue = sb.seed.issuesOf('web-frontend')[0];
    await serveChanged(sb, `/api/0/organizations/acme/issues/${issue.id}/`, (body) => {
      delete body.firstSeen;
      delete body.lastSeen;
    });
    const one = await clientFor(sb).getIssue(ORG, issue.id);
    assert.deepEqual([one.firstSeen, one.lastSeen], [null, null]);
  });

  const lists: Array<{ name: string; path: (sb: Sandbox) => string; list: (c: SentryClient, sb: Sandbox) => Promise<{ items: unknown[]; dropped?: DroppedItems }>; field: string }> = [
    { name: 'project issues', path: () => '/api/0/projects/acme/web-frontend/issues/?limit=5', list: (c) => c.listProjectIssues(ORG, 'web-frontend', { limit: 5 }), field: 'shortId' },
    {
      name: 'events',
      path: (sb) => `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/events/?per_page=5`,
      list: (c, sb) => c.listIssueEvents(ORG, sb.seed.bigIssue.id, { perPage: 5 }),
      field: 'eventID',
    },
    { name: 'organizations', path: () => '/api/0/organizations/', list: (c) => c.listOrganizations(), field: 'slug' },
    { name: 'projects', path: () => '/api/0/organizations/acme/projects/', list: (c) => c.listProjects(ORG), field: 'slug' },
    { name: 'members', path: () => '/api/0/organizations/acme/members/', list: (c) => c.listMembers(ORG), field: 'email' },
    { name: 'teams', path: () => '/api/0/organizations/acme/teams/', list: (c) => c.listTeams(ORG), field: 'slug' },
    { name: 'environments', path: () => '/api/0/organizations/acme/environments/', list: async (c) => ({ items: await c.listEnvironments(ORG) }), field: 'name' },
  ];
  for (const l of lists) {
    it(`${l.name}: the other items are kept, the bad one counted`, async () => {
      const sb = box.get();
      const served = await serveChanged(sb, l.path(sb), (items) => {
        items[1][l.field] = { not: 'a string' };
      });
      const { client, reports } = reporting(sb);
      const page = await l.list(client, sb);
      assert.equal(page.items.length, served.length - 1);
      if ('dropped' in page) assert.equal(page.dropped?.count, 1);
      assert.deepEqual(
        reports.map((r) => r.dropped),
        [{ count: 1, examples: [`[1].${l.field}: expected string`] }],
      );
    });
  }

  it('tag values: one bad value is left out, the others and the totals kept; null totals and counts are what the values show', async () => {
    const sb = box.get();
    const issue = sb.seed.bigIssue;
    const path = `/api/0/organizations/acme/issues/${issue.id}/tags/browser/`;
    const served = await serveChanged(sb, path, (t) => {
      t.topValues[0].value = 7;
    });
    const { client, reports } = reporting(sb);
    const tag = await client.getTagDetails(ORG, issue.id, 'browser');
    assert.equal(tag.topValues.length, served.topValues.length - 1);
    assert.equal(tag.uniqueValues, served.uniqueValues);
    assert.deepEqual(reports[0].dropped, { count: 1, examples: ['topValues[0].value: expected string'] });
    await serveChanged(sb, path, (t) => {
      t.uniqueValues = null;
      delete t.totalValues;
      t.topValues[0].count = null;
    });
    const nulls = await client.getTagDetails(ORG, issue.id, 'browser');
    assert.equal(nulls.uniqueValues, served.topValues.length);
    assert.equal(nulls.topValues[0].count, 0);
    assert.equal(
      nulls.totalValues,
      served.topValues.slice(1).reduce((n: number, v: { count: number }) => n + v.count, 0),
    );
  });

  it('a page of which no item can be read, or a body that is no list, is still a bad response', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/issues/$', malformed: 'userCount', count: 1 });
    const err = await clientFor(sb)
      .listProjectIssues(ORG, 'web-frontend', { limit: 5 })
      .catch((e) => e);
    assert.equal(err.kind, 'badResponse');
    assert.equal(err.path, '[0].userCount');
    sb.control.faults.add({ path: '/projects/$', respond: { status: 200, body: '{"projects": []}' }, count: 1 });
    assert.equal(
      (
        await clientFor(sb)
          .listProjects(ORG)
          .catch((e) => e)
      ).kind,
      'badResponse',
    );
    sb.control.faults.add({ path: '/projects/$', respond: { status: 200, body: '[]' }, count: 1 });
    const empty = await clientFor(sb).listProjects(ORG);
    assert.deepEqual([empty.items, empty.dropped], [[], undefined], 'an empty page is no failure');
  });
});
