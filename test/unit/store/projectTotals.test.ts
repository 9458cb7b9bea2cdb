// Each project's total in a list of several projects, against the sandbox over real HTTP: what a
// project row shows beside its loaded issues, and the requests it costs per refresh.
import assert from 'node:assert/strict';
import { IssueStore } from '../../../src/store/issueStore';
import { IssueSource, MapEndpointMemory } from '../../../src/store/issueSource';
import type { ListSpec } from '../../../src/store/listSpec';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

const ORG_ISSUES = /^\/api\/0\/organizations\/acme\/issues\/$/;

describeEachProfile('per-project totals of a list of several projects', (profile) => {
  const box = useSandbox({ profile });
  const newStore = (source?: IssueSource) => new IssueStore(async () => clientFor(box.get()), Date.now, { source });
  const spec = (projects: string[], over: Partial<ListSpec> = {}): ListSpec => ({ org: 'acme', project: projects.join(','), projects, statsPeriod: '24h', sort: 'date', ...over });
  const requests = () => box.get().control.requests.list({ path: ORG_ISSUES });
  const isCount = (q: [string, string][]) => q.some(([k, v]) => k === 'limit' && v === '1');

  /** X-Hits of one project for a query, asked of the sandbox directly (not through the code under test). */
  async function hitsOf(project: string, query?: string): Promise<{ hits: number; maxHits: number }> {
    const sb = box.get();
    const params = new URLSearchParams({ project: sb.seed.project(project)!.id, limit: '1' });
    if (query !== undefined) params.set('query', query);
    const res = await fetch(`${sb.url}/api/0/organizations/acme/issues/?${params}`, { headers: { authorization: `Bearer ${sb.defaults.authToken}` } });
    return { hits: Number(res.headers.get('x-hits')), maxHits: Number(res.headers.get('x-max-hits')) };
  }

  it('two projects: one count request (limit=1, no stats) besides the list; both totals as the server counts them', async () => {
    const list = await newStore().load(spec(['api-server', 'worker']));
    assert.ok(list.nextCursor, 'more than one page');
    // Read before the checks below ask the sandbox themselves.
    const reqs = requests();
    const [api, worker] = [await hitsOf('api-server'), await hitsOf('worker')];
    assert.ok(list.serverHits! < list.maxHits!, `the list's total is exact (${list.serverHits})`);
    assert.deepEqual(list.projectTotals, { 'api-server': { hits: api.hits, atLeast: false }, worker: { hits: worker.hits, atLeast: false } });
    assert.equal(api.hits + worker.hits, list.serverHits);
    const counts = reqs.filter((r) => isCount(r.query));
    assert.equal(reqs.length, 2, 'the list and one count: the last total is the list total less the other');
    assert.equal(counts.length, 1);
    assert.deepEqual(counts[0].query, [
      ['project', box.get().seed.project('api-server')!.id],
      ['groupStatsPeriod', ''],
      ['limit', '1'],
    ]);
  });

  it('three projects whose total is capped (1,000+): a count per project; a refresh asks again, Load more does not', async () => {
    const store = newStore();
    const s = spec(['web-frontend', 'api-server', 'worker']);
    const list = await store.load(s);
    assert.equal(list.serverHits, list.maxHits, 'capped');
    assert.equal(requests().filter((r) => isCount(r.query)).length, 3);
    assert.equal(list.projectTotals?.worker?.hits, (await hitsOf('worker')).hits);
    box.get().control.requests.clear();
    await store.loadMore(s);
    assert.equal(requests().length, 1, 'the next page only');
    assert.deepEqual(store.peek(s)?.projectTotals, list.projectTotals, 'the totals are kept with the list');
    await store.load(s, true);
    assert.equal(requests().filter((r) => isCount(r.query)).length, 3, 'a refresh asks each total again');
  });

  it('a capped list total (every status: 1,000+) asks every project, and a capped project total stays "at least"', async () => {
    const list = await newStore().load(spec(['web-frontend', 'api-server'], { query: '' }));
    assert.equal(list.serverHits, list.maxHits, 'capped');
    assert.equal(requests().filter((r) => isCount(r.query)).length, 2);
    assert.deepEqual(list.projectTotals?.['web-frontend'], { hits: 1000, atLeast: true });
    assert.deepEqual(list.projectTotals?.['api-server'], { hits: (await hitsOf('api-server', '')).hits, atLeast: false });
  });

  it('a list that fits one page costs no count: its rows count exactly', async () => {
    const list = await newStore().load(spec(['web-frontend', 'api-server'], { query: 'issue.category:feedback' }));
    assert.equal(list.nextCursor, undefined);
    assert.equal(list.projectTotals, undefined);
    assert.equal(requests().length, 1);
  });

  it('a failed count leaves that project out (and the one derived from it); the list answers as ever', async () => {
    box.get().control.faults.add({ path: ORG_ISSUES.source, query: '(^|&)limit=1(&|$)', status: 500 });
    const list = await newStore().load(spec(['web-frontend', 'api-server']));
    assert.equal(list.error, undefined);
    assert.equal(list.issues.length, 100);
    assert.equal(list.projectTotals, undefined);
  });

  it('a local change that hides an issue takes it from its project total too', async () => {
    const store = newStore();
    const list = await store.load(spec(['api-server', 'worker']));
    const issue = list.issues.find((i) => i.project.slug === 'api-server')!;
    store.apply({ issueIds: [issue.id], change: { status: 'resolved' } });
    const after = store.peek(spec(['api-server', 'worker']))!;
    assert.equal(after.projectTotals?.['api-server']?.hits, list.projectTotals!['api-server'].hits - 1);
    assert.equal(after.projectTotals?.worker?.hits, list.projectTotals!.worker.hits);
  });

  it('through the project endpoint (an old server) each total comes with the list: no count request', async () => {
    const source = new IssueSource(new MapEndpointMemory({ [box.get().url]: { endpoint: 'project', at: Date.now() } }));
    const list = await newStore(source).load(spec(['web-frontend', 'api-server']));
    assert.equal(requests().length, 0, 'nothing asked of the organization endpoint');
    const perProject = box.get().control.requests.list({ path: /^\/api\/0\/projects\/acme\/[a-z-]+\/issues\/$/ });
    assert.equal(perProject.length, 2, 'one page per project, as the project endpoint always lists');
    const sb = box.get();
    const own = await fetch(`${sb.url}/api/0/projects/acme/api-server/issues/?limit=1`, { headers: { authorization: `Bearer ${sb.defaults.authToken}` } });
    assert.equal(list.projectTotals?.['api-server']?.hits, Number(own.headers.get('x-hits')));
  });
});
