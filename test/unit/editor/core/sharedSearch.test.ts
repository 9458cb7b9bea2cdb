// The open files' shared search (src/editor/core/sharedSearch.ts): its query and how a row is matched
// to a file, then, over HTTP on the sandbox's clock in every profile, what several open files cost
// together, a refresh, a view the events table would read otherwise, a timeout and a refusal.
import assert from 'node:assert/strict';
import { rowMatches, sharedQuery, sharedStatus, sharedWindow, termValue } from '../../../../src/editor/core/sharedSearch';
import { fileSearchTerm } from '../../../../src/editor/core/fileQuery';
import { MAX_ID_READ_BYTES } from '../../../../src/api/requestRules';
import type { PlacedMark } from '../../../../src/editor/core/marks';
import { workspaceFilePaths } from '../../../sandbox/index';
import { describeEachProfile, useSandbox } from '../../api/sandbox';
import { file, finderOn, INTERVAL, issueEvents, queryOf, searches, table } from './markFixture';

describe('sharedSearch: the query and its rows', () => {
  it("sends the view's statuses and the files' terms joined by OR; any other term of the view keeps the per-file searches", () => {
    assert.equal(sharedStatus(undefined), 'is:unresolved');
    assert.equal(sharedStatus(''), '');
    assert.equal(sharedStatus(' is:unresolved  '), 'is:unresolved');
    assert.equal(sharedStatus('is:resolved'), 'is:resolved');
    for (const q of ['is:unresolved level:error', 'assigned:me', 'is:unresolved checkout', 'is:for_review', 'is:unresolved (a OR b)']) assert.equal(sharedStatus(q), undefined, q);
    assert.equal(sharedQuery('is:unresolved', ['stack.filename:"A.kt"']), 'is:unresolved stack.filename:"A.kt"');
    assert.equal(sharedQuery('is:unresolved', ['stack.filename:"A.kt"', 'stack.filename:"*app/b.ts"']), 'is:unresolved (stack.filename:"A.kt" OR stack.filename:"*app/b.ts")');
    assert.equal(sharedQuery('', ['stack.filename:"A.kt"', 'stack.filename:"B.kt"']), '(stack.filename:"A.kt" OR stack.filename:"B.kt")');
  });

  it("a view's window, else the list's default 90 days said explicitly; a delta from an instant to a minute from now", () => {
    assert.deepEqual(sharedWindow(undefined), { statsPeriod: '90d' });
    assert.deepEqual(sharedWindow(undefined, Date.parse('2026-11-28T10:00:00.900Z'), Date.parse('2026-11-28T12:00:00Z')), { start: '2026-11-28T10:00:00Z', end: '2026-11-28T12:01:00Z' });
    assert.deepEqual(sharedWindow({ period: '24h' }), { statsPeriod: '24h' });
    assert.deepEqual(sharedWindow({ start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' }), { start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' });
  });

  it('a row belongs to the files whose term its stack matches, as the server matched it (case-sensitive ending, or an exact name)', () => {
    const row = { 'issue.id': 1, 'stack.filename': ['webpack:///./src/app/checkout.ts', 'MainActivity.kt', null, 7] };
    assert.ok(rowMatches(row, fileSearchTerm('src/app/checkout.ts')!));
    assert.ok(rowMatches(row, fileSearchTerm('app/src/main/java/com/x/MainActivity.kt')!));
    assert.ok(!rowMatches(row, fileSearchTerm('src/APP/checkout.ts')!), 'case-sensitive, as a LIKE');
    assert.ok(!rowMatches(row, fileSearchTerm('lib/Activity.kt')!), 'a bare name is exact');
    assert.ok(!rowMatches({ 'stack.filename': 'MainActivity.kt' }, 'stack.filename:"MainActivity.kt"'), 'not an array: nothing');
    assert.equal(termValue('stack.filename:"*a\\"b\\\\c.ts"'), '*a"b\\c.ts');
    assert.equal(termValue('stack.module:"x"'), undefined);
  });
});

describeEachProfile('MarkFinder: the open files share their queries', function (profile) {
  this.timeout(60_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  const workspace = workspaceFilePaths();
  const scope = { org: 'acme', projects: ['web-frontend'] };
  const FILES = ['src/app/store.ts', 'src/app/checkout.ts', 'src/components/Cart.tsx', 'src/utils/apiClient.ts', 'src/utils/format.js'];
  const placements = (marks: ReadonlyMap<string, readonly PlacedMark[]>) =>
    JSON.stringify(
      [...marks]
        .map(([f, list]) => [f, list.map((m) => `${m.issueId}:${m.line}`).sort()] as const)
        .filter(([, list]) => list.length)
        .sort(),
    );
  const queries = (log: ReturnType<typeof table>) => table(log).length + log.filter((r) => /^\/api\/0\/organizations\/acme\/issues\/$/.test(r.path)).length;

  it('five open files on a cold store: the marks each file would get from its own search over the same period, in at most ceil(N/100) + 2 queries, none per file', async () => {
    const shared = finderOn(box.get(), workspace, scope, { share: true });
    const files = FILES.map((f) => file(f));
    const { marks, log } = await shared.find(files);
    assert.equal(searches(log).length, 0, 'no search per file');
    assert.equal(issueEvents(log).length, 0, 'no event read one by one');
    const asked = table(log);
    assert.match(queryOf(asked[0]), /^is:unresolved \(stack\.filename:"\*app\/store\.ts" OR .* OR stack\.filename:"\*utils\/format\.js"\)$/);
    assert.equal(new URLSearchParams(asked[0].query).get('statsPeriod'), '90d');
    const ids = new Set([...marks.values()].flat().map((m) => m.issueId));
    const byId = log.filter((r) => /^\/api\/0\/organizations\/acme\/issues\/$/.test(r.path));
    // Each read by id carries as many ids as fit one request line (MAX_ID_READ_BYTES), never more.
    const groupBytes = (r: (typeof byId)[number]) => new URLSearchParams(r.query).getAll('group').reduce((n, id) => n + `group=${id}&`.length, 0);
    assert.ok(byId.every((r) => groupBytes(r) <= MAX_ID_READ_BYTES));
    const read = byId.reduce((n, r) => n + new URLSearchParams(r.query).getAll('group').length, 0);
    assert.ok(read >= ids.size && ids.size > 200, `${read} issues read by id for ${ids.size} marked`);
    assert.equal(byId.length, Math.ceil(byId.reduce((n, r) => n + groupBytes(r), 0) / MAX_ID_READ_BYTES));
    assert.ok(queries(log) <= Math.ceil(read / 100) + 2, `${queries(log)} requests for ${read} issues`);
    const perFile = finderOn(box.get(), workspace, scope, { share: false });
    const alone = await perFile.find(files);
    assert.equal(placements(marks), placements(alone.marks), 'the same marks as five searches of their own');
    const before = queries(alone.log);
    assert.ok(queries(log) <= before, `${queries(log)} queries shared, ${before} one file at a time`);
    console.log(
      `      [figures] ${profile}: ${ids.size} issues in ${FILES.length} files: ${queries(log)} requests shared (${asked.length} events-table pages, ${byId.length} reads by id), ${before} one by one`,
    );
  });

  it("a project the user sees but is on no team of (open membership, Sentry's default): its issues are marked, the read by id naming the search's projects", async () => {
    const sb = box.get();
    const worker = { org: 'acme', projects: ['worker'] };
    const { marks, log } = await finderOn(sb, workspace, worker, { share: true }).find([file('server/workers/tasks.py')]);
    const marked = [...new Set([...marks.values()].flat().map((m) => m.issueId))];
    assert.ok(marked.length > 0, 'marked');
    // The file's own issue search (named projects, as before) marks the same issues.
    const alone = await finderOn(sb, workspace, worker, { share: false }).find([file('server/workers/tasks.py')]);
    assert.equal(placements(marks), placements(alone.marks), 'the marks of its own search');
    const byId = log.filter((r) => new URLSearchParams(r.query).has('group'));
    assert.ok(byId.length > 0);
    for (const r of byId) assert.deepEqual(new URLSearchParams(r.query).getAll('project'), [sb.seed.project('worker')!.id], "the read by id names the search's project, as an id");
    console.log(
      `      [figures] ${profile}: worker (on no team of the user's): ${marked.length} issues marked in server/workers/tasks.py with ${log.length} requests (${table(log).length} events-table page, ${byId.length} read by id); its own search: ${alone.log.length}`,
    );
  });

  it('a few issues: at most ceil(N/100) + 2 requests in all', async () => {
    const shared = finderOn(box.get(), workspace, scope, { share: true });
    const files = ['src/app/store.ts'].map((f) => file(f));
    const { marks, log } = await shared.find(files);
    // N: the issues found for the file (every one read by id, the store being empty).
    const n = log.filter((r) => new URLSearchParams(r.query).has('group')).reduce((k, r) => k + new URLSearchParams(r.query).getAll('group').length, 0);
    assert.ok(n > 0 && n <= 200 && marks.size > 0, `${n} issues`);
    assert.ok(queries(log) <= Math.ceil(n / 100) + 2, `${queries(log)} requests for ${n} issues`);
    // Besides: the organization's project list, read once a session for the ids the events table takes.
    assert.deepEqual(
      log.filter((r) => !/\/(events|issues)\/$/.test(r.path)).map((r) => r.path),
      ['/api/0/organizations/acme/projects/'],
    );
  });

  it('a refresh within the interval costs nothing; after it, only events since the newest known, and only the changed issues read again; a file opened asks for itself alone', async () => {
    const { sb, find, store } = finderOn(box.get(), workspace, scope, { share: true });
    const files = FILES.slice(0, 3).map((f) => file(f));
    const first = await find(files);
    assert.equal((await find(files)).log.length, 0);
    const changed = (first.marks.get(files[0].key) ?? []).slice(0, 3).map((m) => m.issueId);
    const countBefore = changed.map((id) => store.issue(id)!.count);
    sb.control.clock.advance(INTERVAL);
    sb.control.triage.injectEvents(changed, 2);
    const { log, marks } = await find(files);
    const delta = table(log);
    assert.equal(delta.length, 1, 'one page: only what changed');
    const params = new URLSearchParams(delta[0].query);
    assert.ok(params.get('start') && params.get('end') && !params.has('statsPeriod'), JSON.stringify(delta[0].query));
    const byId = log.filter((r) => new URLSearchParams(r.query).has('group')).flatMap((r) => new URLSearchParams(r.query).getAll('group'));
    assert.deepEqual(byId.sort(), [...changed].sort(), 'the changed issues read again, no other');
    changed.forEach((id, k) => assert.ok(Number(store.issue(id)!.count) > Number(countBefore[k]), 'their counts now'));
    assert.equal(placements(marks), placements(first.marks), 'the marks stay');
    // A file opened that the kept answer has no term for asks for that file alone.
    const more = await find([...files, file('src/utils/format.js')]);
    const asked = table(more.log).map(queryOf);
    assert.ok(asked.length >= 1 && asked.every((q) => q === 'is:unresolved stack.filename:"*utils/format.js"'), asked.join(' | '));
    assert.ok((more.marks.get(file('src/utils/format.js').key) ?? []).length > 0);
  });

  it("a view with terms only the issue search reads (a level, free text) keeps each file's own search", async () => {
    const { find } = finderOn(box.get(), workspace, { ...scope, query: 'is:unresolved level:error' }, { share: true });
    const { log } = await find(FILES.slice(0, 2).map((f) => file(f)));
    assert.equal(new Set(searches(log).map(queryOf)).size, 2);
    assert.ok(
      table(log).every((r) => queryOf(r).startsWith('issue.id:[')),
      'the table only for lines',
    );
  });

  it('a timeout is asked again over the last 14 days, said once; a refresh that times out, or both periods, search the files one by one that run, and the next run shares again', async () => {
    const { sb, find, warnings } = finderOn(box.get(), workspace, scope, { share: true });
    const files = FILES.slice(0, 3).map((f) => file(f));
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', query: ' OR ', snubaTimeout: true, count: 1 });
    const shortened = await find(files);
    const periods = table(shortened.log)
      .filter((r) => queryOf(r).includes(' OR '))
      .map((r) => new URLSearchParams(r.query).get('statsPeriod'));
    assert.deepEqual(periods.slice(0, 2), ['90d', '14d']);
    assert.ok(shortened.marks.size > 0);
    assert.equal(warnings.filter((w) => /timed out on the shared search/.test(w)).length, 1, warnings.join(' | '));
    sb.control.clock.advance(INTERVAL);
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', query: ' OR ', snubaTimeout: true, count: 1 });
    const fallback = await find(files);
    assert.equal(new Set(searches(fallback.log).map(queryOf)).size, 3, 'each file on its own this run');
    assert.ok(fallback.marks.size > 0);
    assert.equal(warnings.filter((w) => /timed out on the shared search/.test(w)).length, 1, 'said once');
    sb.control.clock.advance(INTERVAL);
    const again = await find(files);
    assert.equal(searches(again.log).length, 0);
    assert.ok(table(again.log).some((r) => queryOf(r).includes(' OR ')));
    // Cold, both periods timing out: one by one at once.
    const cold = finderOn(box.get(), workspace, scope, { share: true });
    cold.sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', query: ' OR ', snubaTimeout: true, count: 2 });
    const both = await cold.find(files);
    assert.equal(new Set(searches(both.log).map(queryOf)).size, 3);
    assert.ok(both.marks.size > 0);
    assert.equal(cold.warnings.filter((w) => /even over 14 days/.test(w)).length, 1, cold.warnings.join(' | '));
  });

  it('a 429 with nothing kept sends no search per file meanwhile; each file reports the failure, and the next run after the reset marks them', async () => {
    const { sb, find, finder, client } = finderOn(box.get(), workspace, scope, { share: true });
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', query: 'stack\\.filename', count: 1, rateLimited: { resetInSeconds: 60 } });
    const files = FILES.slice(0, 2).map((f) => file(f));
    const held = await find(files);
    assert.equal(searches(held.log).length, 0, 'no per-file search');
    assert.equal(held.marks.size, 0);
    assert.ok(finder.reportFor(files[0], client.baseUrl, scope)?.error !== undefined, "the file's report says the search failed");
    sb.control.clock.advance(INTERVAL);
    const after = await find(files);
    assert.ok(after.marks.size > 0);
  });

  it("a server without the events table (404): the table is refused once, for the search and the lines alike; each file's own search and each issue's latest event place the marks", async () => {
    const { sb, find, finder, client, warnings } = finderOn(box.get(), workspace, scope, { share: true });
    sb.control.endpoints.set({ eventsTable: 404 });
    const files = [file('src/app/router.ts')];
    const { marks, log } = await find(files);
    assert.equal(table(log).length, 1, 'the table asked once');
    assert.equal(new Set(searches(log).map(queryOf)).size, 1, "the file's own search");
    assert.ok(issueEvents(log).length > 0, 'lines from the latest events');
    assert.ok((marks.get(files[0].key) ?? []).length > 0);
    assert.equal(finder.linesFrom(client.baseUrl), 'latestEvent');
    assert.equal(warnings.filter((w) => /refused the events table/.test(w)).length, 1, warnings.join(' | '));
  });

  it('a server that refuses it (several projects without global-views) searches the files one by one on that scope from then on, said once', async () => {
    const { sb, find, warnings } = finderOn(box.get(), workspace, { org: 'acme', projects: ['web-frontend', 'api-server'] }, { share: true });
    sb.control.features.set('acme', { remove: ['global-views'] });
    const files = FILES.slice(0, 2).map((f) => file(f));
    const first = await find(files);
    assert.equal(table(first.log).filter((r) => queryOf(r).includes(' OR ')).length, 1);
    assert.equal(new Set(searches(first.log).map(queryOf)).size, 2);
    sb.control.clock.advance(INTERVAL);
    const second = await find(files);
    assert.equal(table(second.log).filter((r) => queryOf(r).includes(' OR ')).length, 0, 'not asked again');
    assert.equal(warnings.filter((w) => /refused the shared search/.test(w)).length, 1);
  });
});

describeEachProfile('MarkFinder: a proxy with a shorter request line than nginx’s 8 KB', function (profile) {
  this.timeout(60_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 }, maxRequestLine: 4096 });
  const full = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  const workspace = workspaceFilePaths();
  const scope = { org: 'acme', projects: ['web-frontend'] };

  it('a read by id refused as too long (414) is read again in halves, said once, and marks what a server with nginx’s limit marks', async () => {
    const files = ['src/app/store.ts', 'src/app/checkout.ts', 'src/components/Cart.tsx'].map((f) => file(f));
    const shared = finderOn(box.get(), workspace, scope, { share: true });
    const { marks, log } = await shared.find(files);
    const byId = log.filter((r) => new URLSearchParams(r.query).has('group'));
    assert.equal(byId.filter((r) => r.status === 414).length, 1, 'refused once');
    const bytes = (r: (typeof byId)[number]) => new URLSearchParams(r.query).getAll('group').reduce((n, id) => n + `group=${id}&`.length, 0);
    assert.ok(
      byId.filter((r) => r.status === 200).every((r) => bytes(r) <= MAX_ID_READ_BYTES / 2),
      'half as long from then on',
    );
    assert.equal(shared.warnings.filter((w) => /too long a URL \(414\)/.test(w)).length, 1);
    const alone = await finderOn(full.get(), workspace, scope, { share: true }).find(files);
    assert.ok(alone.log.every((r) => r.status === 200));
    const ids = (m: typeof marks) => [...new Set([...m.values()].flat().map((x) => x.issueId))].sort();
    assert.ok(ids(marks).length > 0);
    assert.deepEqual(ids(marks), ids(alone.marks));
  });
});
