// Which issue list endpoint a server answers, against the sandbox over real HTTP: the organization
// endpoint by default, the project endpoint where it is missing (404), back on a brown-out (410).
import assert from 'node:assert/strict';
import { RateLimitedError } from '../../../src/api/errors';
import { UnknownProjectError } from '../../../src/api/projectIds';
import { ISSUE_LIST_BUDGET } from '../../../src/api/client';
import { presentError } from '../../../src/contracts/errorPresentation';
import { IssueSource, MapEndpointMemory, projectQuery } from '../../../src/store/issueSource';
import { matchValue, parseQuery } from '../../sandbox/search';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

const ORG = /^\/api\/0\/organizations\/acme\/issues\/$/;
const PROJECT = /^\/api\/0\/projects\/acme\/[^/]+\/issues\/$/;
const ISSUES = /^\/api\/0\/(organizations\/acme|projects\/acme\/[^/]+)\/issues\/$/;

describeEachProfile('IssueSource: the organization issues endpoint, with the project endpoint as fallback', (profile) => {
  const box = useSandbox({ profile });
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
    assert.deepEqual(q.getAll('project'), [box.get().seed.project('web-frontend')!.id, box.get().seed.project('api-server')!.id], 'ids, never slugs');
    assert.deepEqual(q.getAll('environment'), ['production']);
    assert.equal(q.get('statsPeriod'), '14d');
  });

  it('falls back to the project endpoint on a 404, remembers it per server, and goes back on a 410', async () => {
    const changes: Record<string, unknown>[] = [];
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
    assert.equal((changes.at(-1)?.[client.baseUrl] as { endpoint?: string } | undefined)?.endpoint, 'project');
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
    assert.equal(memory.get(client.baseUrl)?.endpoint, 'organization');
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
    box.get().control.faults.add({ path: '^/api/0/organizations/acme/issues/$', status: 403, count: 1 });
    await assert.rejects(source.page(client, { org: 'acme', projects: ['web-frontend'] }), /denied|permission/i);
    assert.equal(log(PROJECT).length, 0, 'a 403 is not a reason to try the other endpoint');
  });

  it('a project the organization does not have: refused before any issue request, not a reason to try the other endpoint', async () => {
    const memory = new MapEndpointMemory();
    const source = new IssueSource(memory);
    const client = clientFor(box.get());
    await assert.rejects(source.page(client, { org: 'acme', projects: ['web-frontend', 'no-such-project'] }), UnknownProjectError);
    assert.equal(log(ISSUES).length, 0, 'neither issue list was asked');
    assert.equal(memory.get(client.baseUrl), undefined);
  });

  it("an environment the organization lacks (404 with Sentry's detail) is said by name, and the organization endpoint stays", async () => {
    const memory = new MapEndpointMemory();
    const lines: string[] = [];
    const source = new IssueSource(memory, (m) => lines.push(m));
    const client = clientFor(box.get());
    await source.page(client, { org: 'acme', projects: ['web-frontend'] });
    box.get().control.requests.clear();
    const err = await source.page(client, { org: 'acme', projects: ['web-frontend'], environments: ['production', 'prod-eu'] }).then(
      () => assert.fail('a 404'),
      (e: unknown) => e as Error & { kind?: string; environments?: string[] },
    );
    assert.equal(err.kind, 'unknownEnvironment');
    assert.deepEqual(err.environments, ['prod-eu'], 'only the one the organization lacks');
    assert.match(err.message, /"prod-eu"/);
    assert.match(err.message, /organization "acme"/);
    assert.match(err.message, /Change Filter/);
    assert.deepEqual(presentError(err).actions, ['filter', 'retry']);
    assert.equal(log(PROJECT).length, 0, 'not asked through the deprecated endpoint');
    assert.equal(memory.get(client.baseUrl)?.endpoint ?? 'organization', 'organization', 'no endpoint fallback remembered');
    assert.ok(!lines.some((l) => /no organization issues endpoint/.test(l)), lines.join(' | '));
    // A server without the endpoint (its catch-all: 404, no body) still falls back, environments or not.
    box.get().control.endpoints.set({ orgIssues: 404 });
    const old = await source.page(client, { org: 'acme', projects: ['web-frontend'], environments: ['production'] });
    assert.equal(old.endpoint, 'project');
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

  it('an open-ended window ends at the clock of each request, so a later list sees newer issues', async () => {
    const sb = box.get();
    const source = new IssueSource(new MapEndpointMemory(), undefined, () => sb.control.clock.now());
    const client = clientFor(sb);
    const q = { org: 'acme', projects: ['web-frontend'], query: '', window: { start: new Date(sb.control.clock.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z') }, limit: 100 };
    /** The request's end (or the project endpoint's firstSeen bound), checked to be the clock's now without milliseconds. */
    const listed = async (bound: (query: URLSearchParams) => string | undefined) => {
      const before = Math.floor(sb.control.clock.now() / 1000) * 1000;
      const page = await source.page(client, q);
      const end = bound(new URLSearchParams(sb.control.requests.list({ path: ISSUES }).at(-1)!.query));
      assert.match(end ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.ok(Date.parse(end!) >= before && Date.parse(end!) <= sb.control.clock.now(), `${end} is now`);
      return page;
    };
    const first = await listed((p) => p.get('end') ?? undefined);
    const later = sb.seed.issuesOf('web-frontend').find((i) => !first.items.some((f) => f.id === i.id))!;
    sb.control.clock.advance(2 * 3_600_000);
    sb.control.triage.injectEvents(later.id, 1);
    // The end has whole seconds: the event must be a second old to fall before it.
    sb.control.clock.advance(1000);
    const second = await listed((p) => p.get('end') ?? undefined);
    assert.ok(
      second.items.some((i) => i.id === later.id),
      'an event after the first list is in the window',
    );
    sb.control.endpoints.set({ orgIssues: 404 });
    sb.control.clock.advance(60_000);
    const third = await listed((p) => /firstSeen:<=(\S+)/.exec(p.get('query') ?? '')?.[1]);
    assert.equal(third.endpoint, 'project');
    assert.ok(third.items.some((i) => i.id === later.id));
  });

  it('asks the organization endpoint again a day after falling back, so an upgraded server leaves the project endpoint', async () => {
    const sb = box.get();
    const changes: Record<string, unknown>[] = [];
    const memory = new MapEndpointMemory({}, (all) => changes.push(all));
    const source = new IssueSource(memory, undefined, () => sb.control.clock.now());
    const client = clientFor(sb);
    const q = { org: 'acme', projects: ['web-frontend', 'api-server'], limit: 5 };
    const list = async () => {
      sb.control.requests.clear();
      return (await source.page(client, q)).endpoint;
    };
    sb.control.endpoints.set({ orgIssues: 404 });
    assert.equal(await list(), 'project');
    // Still without it a day later: one request to learn so, then another day on the project endpoint.
    sb.control.clock.advance(24 * 3_600_000 + 1000);
    assert.equal(await list(), 'project');
    assert.equal(log(ORG).length, 1);
    assert.equal(changes.length, 2, 'the new time is kept');
    sb.control.endpoints.set({ orgIssues: 'ok' });
    sb.control.clock.advance(23 * 3_600_000);
    assert.equal(await list(), 'project');
    assert.equal(log(ORG).length, 0, 'not asked before a day has passed');
    sb.control.clock.advance(3_600_000);
    assert.equal(await list(), 'organization');
    assert.equal(log(ORG).length, 1);
    assert.equal(log(PROJECT).length, 0);
    assert.equal(memory.get(client.baseUrl)?.endpoint, 'organization');
    assert.equal((changes.at(-1)![client.baseUrl] as { endpoint: string }).endpoint, 'organization');
    assert.equal(await list(), 'organization');
  });

  it("reads what earlier versions stored: a plain 'project' of unknown age is asked again once", async () => {
    const sb = box.get();
    const client = clientFor(sb);
    const q = { org: 'acme', projects: ['web-frontend'], limit: 5 };
    const old = new IssueSource(new MapEndpointMemory({ [client.baseUrl]: 'project' }), undefined, () => sb.control.clock.now());
    sb.control.endpoints.set({ orgIssues: 404 });
    assert.equal((await old.page(client, q)).endpoint, 'project');
    assert.equal(log(ORG).length, 1);
    sb.control.requests.clear();
    assert.equal((await old.page(client, q)).endpoint, 'project');
    assert.equal(log(ORG).length, 0, 'remembered with a time now');
    // A retest that fails otherwise (here a 500) does not cost the list: the project endpoint answers, as it did.
    sb.control.clock.advance(24 * 3_600_000);
    sb.control.endpoints.set({ orgIssues: 'ok' });
    sb.control.faults.add({ path: '^/api/0/organizations/acme/issues/$', status: 500 });
    sb.control.requests.clear();
    assert.equal((await old.page(client, q)).endpoint, 'project');
    assert.ok(log(ORG).length >= 1 && log(ORG).every((r) => r.status === 500));
    sb.control.faults.clear();
    sb.control.requests.clear();
    assert.equal((await old.page(client, q)).endpoint, 'project');
    assert.equal(log(ORG).length, 0, 'asked again only a day later');
    const org = new MapEndpointMemory({ [client.baseUrl]: 'organization', junk: 'x' });
    assert.equal(org.get(client.baseUrl)?.endpoint, 'organization');
    assert.equal(org.get('junk'), undefined);
    // What this version stores reads back as it was.
    const saved: Record<string, unknown>[] = [];
    new MapEndpointMemory({}, (all) => saved.push(all)).set('https://s', 'project', 1234);
    assert.deepEqual(new MapEndpointMemory(JSON.parse(JSON.stringify(saved[0])) as Record<string, unknown>).get('https://s'), { endpoint: 'project', at: 1234 });
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
