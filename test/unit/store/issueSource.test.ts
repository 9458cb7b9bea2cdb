// Which issue list endpoint a server answers, against the sandbox over real HTTP: the organization
// endpoint by default, the project endpoint where it is missing (404), back on a brown-out (410).
import assert from 'node:assert/strict';
import { RateLimitedError } from '../../../src/api/errors';
import { ISSUE_LIST_BUDGET } from '../../../src/api/client';
import { IssueSource, MapEndpointMemory, projectQuery } from '../../../src/store/issueSource';
import { matchValue, parseQuery } from '../../sandbox/search';
import { clientFor, useSandbox } from '../api/sandbox';

const ORG = /^\/api\/0\/organizations\/acme\/issues\/$/;
const PROJECT = /^\/api\/0\/projects\/acme\/[^/]+\/issues\/$/;

describe('IssueSource: the organization issues endpoint, with the project endpoint as fallback', () => {
  const box = useSandbox();
  const log = (path: RegExp) => box.get().control.requests.list({ path });
  beforeEach(() => {
    box.get().control.requests.clear();
    box.get().control.endpoints.set({ orgIssues: 'ok', projectIssues: 'ok' });
  });
  after(() => box.get().control.endpoints.set({ orgIssues: 'ok', projectIssues: 'ok' }));

  it('lists several projects in one request, with environments and a window', async () => {
    const source = new IssueSource();
    const client = clientFor(box.get());
    const page = await source.page(client, { org: 'acme', projects: ['web-frontend', 'api-server'], environments: ['production'], window: { period: '14d' }, limit: 100 });
    assert.equal(page.endpoint, 'organization');
    assert.equal(log(ORG).length, 1);
    assert.equal(log(PROJECT).length, 0);
    assert.deepEqual(new Set(page.items.map((i) => i.project.slug)), new Set(['web-frontend', 'api-server']), 'mixed projects');
    const q = new URLSearchParams(log(ORG)[0].query);
    assert.deepEqual(q.getAll('project'), ['web-frontend', 'api-server']);
    assert.deepEqual(q.getAll('environment'), ['production']);
    assert.equal(q.get('statsPeriod'), '14d');
  });

  it('falls back to the project endpoint on a 404, remembers it per server, and goes back on a 410', async () => {
    const changes: Record<string, string>[] = [];
    const memory = new MapEndpointMemory({}, (all) => changes.push(all));
    const lines: string[] = [];
    const source = new IssueSource(memory, (m) => lines.push(m));
    const client = clientFor(box.get());
    const q = { org: 'acme', projects: ['web-frontend', 'api-server'], limit: 5 };
    box.get().control.endpoints.set({ orgIssues: 404 });
    const first = await source.page(client, q);
    assert.equal(first.endpoint, 'project');
    assert.equal(first.items.length, 10, 'one page of each project');
    assert.equal(log(ORG).length, 1);
    assert.equal(log(PROJECT).length, 2, 'one request per project');
    assert.deepEqual(changes.at(-1), { [client.baseUrl]: 'project' });
    assert.match(lines.join('\n'), /no organization issues endpoint \(404\)/);
    // Remembered: the next page goes straight to the project endpoint, each project from its own cursor.
    box.get().control.requests.clear();
    const second = await source.page(client, q, { cursor: first.nextCursor!, endpoint: first.endpoint });
    assert.equal(second.restarted, false);
    assert.equal(log(ORG).length, 0);
    assert.equal(log(PROJECT).length, 2);
    assert.equal(new Set([...first.items, ...second.items].map((i) => i.id)).size, 20, 'no issue twice');
    // A brown-out of the project endpoint: back to the organization one, and a cursor of the old one starts again.
    box.get().control.endpoints.set({ orgIssues: 'ok', projectIssues: 410 });
    box.get().control.requests.clear();
    const third = await source.page(client, q, { cursor: second.nextCursor!, endpoint: 'project' });
    assert.equal(third.endpoint, 'organization');
    assert.equal(third.restarted, true, 'a first page: the project cursor means nothing here');
    assert.ok(log(PROJECT).length >= 1 && log(PROJECT).every((r) => r.status === 410), 'the project endpoint answered 410');
    assert.equal(memory.get(client.baseUrl), 'organization');
    assert.match(lines.join('\n'), /410 Gone/);
  });

  it('remembers nothing when the fallback fails too, and passes other errors on', async () => {
    const memory = new MapEndpointMemory();
    const source = new IssueSource(memory);
    const client = clientFor(box.get());
    box.get().control.endpoints.set({ orgIssues: 404, projectIssues: 410 });
    await assert.rejects(source.page(client, { org: 'acme', projects: ['web-frontend'] }), /no longer offers/);
    assert.equal(memory.get(client.baseUrl), undefined);
    box.get().control.endpoints.set({ orgIssues: 'ok', projectIssues: 'ok' });
    box.get().control.requests.clear();
    await assert.rejects(source.page(client, { org: 'acme', projects: ['no-such-project'] }), /denied|permission/i);
    assert.equal(log(PROJECT).length, 0, 'a 403 is not a reason to try the other endpoint');
  });

  it('several environments through the project endpoint: the list syntax finds the issues of either', async () => {
    const memory = new MapEndpointMemory();
    const source = new IssueSource(memory);
    const client = clientFor(box.get());
    // A window wide enough for every issue: the organization endpoint's default is 90 days, the project one's none.
    const q = { org: 'acme', projects: ['worker'], query: '', environments: ['production', 'staging'], window: { period: '3650d' }, limit: 100 };
    const viaOrg = await source.page(client, q);
    box.get().control.endpoints.set({ orgIssues: 404 });
    const viaProject = await source.page(client, q);
    assert.equal(viaProject.endpoint, 'project');
    assert.ok(viaProject.items.length > 0);
    assert.deepEqual(new Set(viaProject.items.map((i) => i.id)), new Set(viaOrg.items.map((i) => i.id)), 'the same issues either way');
    assert.equal(new URLSearchParams(log(PROJECT).at(-1)!.query).get('query'), 'environment:[production,staging] lastSeen:-3650d');
  });

  it('turns environments and the window into search terms for the project endpoint', () => {
    assert.equal(projectQuery({ org: 'o', projects: ['p'] }), undefined, 'the server default stays unsent');
    assert.equal(projectQuery({ org: 'o', projects: ['p'], environments: ['production'] }), 'is:unresolved environment:production');
    assert.equal(projectQuery({ org: 'o', projects: ['p'], query: '', environments: ['a b', 'c'] }), 'environment:["a b",c]');
    // The sandbox reads such a list as Sentry does: a quoted name with a space (or a comma) is one value.
    const [list] = parseQuery(projectQuery({ org: 'o', projects: ['p'], query: '', environments: ['a b', 'x,"y"', 'c'] })!);
    assert.equal(list.key, 'environment');
    for (const env of ['a b', 'x,"y"', 'c']) assert.ok(matchValue(list.value, env), env);
    for (const env of ['a', 'b', 'x', 'y', 'a b,c']) assert.ok(!matchValue(list.value, env), env);
    assert.deepEqual(
      parseQuery('level:[error, warning] is:unresolved').map((t) => [t.key, t.value]),
      [
        ['level', '[error, warning]'],
        ['is', 'unresolved'],
      ],
      'spaces after the commas of a list',
    );
    assert.ok(matchValue(parseQuery('environment:["a]b",c]')[0].value, 'a]b'), 'a bracket inside quotes');
    assert.throws(() => parseQuery('level:[error is:unresolved'), /Missing '\]'/);
    assert.equal(projectQuery({ org: 'o', projects: ['p'], query: 'level:error', window: { period: '7d' } }), 'level:error lastSeen:-7d');
    assert.equal(
      projectQuery({ org: 'o', projects: ['p'], window: { start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' } }),
      'is:unresolved lastSeen:>=2026-11-01T00:00:00Z firstSeen:<=2026-11-02T00:00:00Z',
    );
  });

  it('holds back every request on the issue lists while a 429 reset is pending, whichever list asks', async () => {
    const sb = box.get();
    const resetAt = Math.floor(Date.now() / 1000) + 600;
    sb.control.faults.add({ path: 'issues/$', count: 1, status: 429, respond: { status: 429, headers: { 'x-sentry-rate-limit-reset': String(resetAt) }, body: '{"detail":"slow down"}' } });
    const client = clientFor(sb);
    const source = new IssueSource();
    await assert.rejects(source.page(client, { org: 'acme', projects: ['web-frontend'] }), RateLimitedError);
    sb.control.requests.clear();
    // Another list (a file's search) and the project endpoint: nothing is sent until the reset.
    await assert.rejects(source.page(client, { org: 'acme', projects: ['api-server'], query: 'stack.filename:"*x.py"' }), /not sent/);
    await assert.rejects(client.listProjectIssues('acme', 'worker'), RateLimitedError);
    assert.equal(sb.control.requests.list().length, 0);
    assert.equal(client.http.heldBackUntil(ISSUE_LIST_BUDGET), resetAt * 1000);
    // Other endpoints keep their own budget.
    await client.listIssueEvents('acme', (await sb.control.seed.orgs[0].projects[0].issues[0]).id, { perPage: 1 });
    assert.equal(sb.control.requests.list().length, 1);
  });
});
