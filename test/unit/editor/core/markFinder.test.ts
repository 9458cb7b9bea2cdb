// The per-file method of finding marks, without VS Code, against the sandbox over HTTP on
// its virtual clock: what each open file costs, what a refresh asks, what a reload asks.
import assert from 'node:assert/strict';
import { newestOf } from '../../../../src/editor/core/markFinder';
import type { PlacedMark } from '../../../../src/editor/core/marks';
import { LocationCache } from '../../../../src/editor/core/locationCache';
import { nextRefreshDelay } from '../../../../src/store/refreshPolicy';
import { workspaceFilePaths } from '../../../sandbox/index';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';
import { file, finderOn, INTERVAL, issueEvents, searches, table, tableIds, type FinderOptions } from './markFixture';

describeEachProfile('MarkFinder: marks per open file', function (profile) {
  this.timeout(60_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  const workspace = workspaceFilePaths();
  const scope = { org: 'acme', projects: ['web-frontend'] };
  const setup = (cache?: LocationCache, mapped?: (path: string) => boolean, more: FinderOptions = {}) => finderOn(box.get(), workspace, scope, { cache, mapped, ...more });

  it('marks every issue that happened in an open file, from its search; lines only of issues that may land in an open file, none read one by one', async () => {
    const { sb, store, find } = setup();
    const { marks, log } = await find([file('src/utils/format.js')]);
    assert.deepEqual([...new Set(searches(log).map((r) => new URLSearchParams(r.query).get('query')))], ['is:unresolved stack.filename:"*utils/format.js"']);
    // Within the organization endpoint's default window (90 days), as the file's search is.
    const since = sb.control.clock.now() - 90 * 86_400_000;
    const located = sb.control.seed.locations.filter(
      (l) =>
        l.project === 'web-frontend' &&
        l.file === 'src/utils/format.js' &&
        l.line !== null &&
        sb.control.triage.issue(l.issueId).status === 'unresolved' &&
        sb.control.seed.issue(l.issueId)!.lastSeen >= since,
    );
    const marked = new Map((marks.get('file:///ws/src/utils/format.js') ?? []).map((m) => [m.issueId, m.line]));
    assert.ok(located.length > 50, `${located.length} issues happened there`);
    for (const l of located) assert.equal(marked.get(l.issueId), l.line! - 1, `${l.shortId} on line ${l.line}`);
    assert.equal(issueEvents(log).length, 0, 'no request for one issue');
    for (const id of table(log).flatMap(tableIds)) {
      const hint = store.issue(id)?.metadata?.filename;
      assert.ok(!hint || String(hint).endsWith('format.js'), `no line asked for ${id} (${String(hint)})`);
    }
  });

  it('a refresh within the interval costs nothing; after it, a visible file asks only for what changed since, a hidden one nothing', async () => {
    const { sb, find } = setup();
    const files = [file('src/app/router.ts'), file('src/utils/format.js', false)];
    await find(files);
    assert.equal((await find(files)).log.length, 0, 'fresh answers and known locations');
    const changed = sb.control.seed.locations.find((l) => l.file === 'src/app/router.ts' && sb.control.triage.issue(l.issueId).status === 'unresolved')!;
    const hidden = sb.control.seed.locations.find((l) => l.file === 'src/utils/format.js' && sb.control.triage.issue(l.issueId).status === 'unresolved')!;
    sb.control.clock.advance(INTERVAL);
    sb.control.triage.injectEvents([changed.issueId, hidden.issueId], 1);
    const { log } = await find(files);
    const asked = searches(log).map((r) => new URLSearchParams(r.query).get('query')!);
    assert.equal(asked.length, 1, asked.join(' | '));
    assert.match(asked[0], /^is:unresolved stack\.filename:"\*app\/router\.ts" lastSeen:>=\d{4}-/, 'only issues seen since the newest one known');
    assert.equal(issueEvents(log).length, 0);
    assert.deepEqual(table(log).flatMap(tableIds), [changed.issueId], 'the line of the changed issue of the visible file, not the one of the hidden file');
  });

  for (const lines of ['eventsTable', 'latestEvent'] as const) {
    it(`a file whose issues need many lines draws its marks as they are located, not only at the end (lines: ${lines})`, async () => {
      const { sb, client, finder } = setup(undefined, undefined, { lines });
      const partials: Map<string, PlacedMark[]>[] = [];
      const files = [file('src/utils/format.js')];
      const find = (previous: ReadonlyMap<string, readonly PlacedMark[]>) => finder.find({ client, scope, files, listed: () => [], previous, onProgress: (m) => partials.push(m) });
      const final = (await find(new Map()))!;
      const all = new Map((final.get(files[0].key) ?? []).map((m) => [m.issueId, m.line]));
      // The table answers 100 issues a request; the latest events, one.
      if (lines === 'eventsTable') assert.ok(finder.tableRequests >= 2 && finder.requests === 0, `${finder.tableRequests} table requests, ${finder.requests} event requests`);
      else assert.ok(finder.requests > 50 && finder.tableRequests === 0, `${finder.requests} event requests`);
      assert.ok(partials.length >= (lines === 'eventsTable' ? 1 : 2), `${partials.length} partial draws`);
      const sizes = partials.map((p) => p.get(files[0].key)?.length ?? 0);
      assert.ok(sizes[0] > 0 && sizes[0] < all.size, `the first draw holds some of the ${all.size} marks: ${sizes.join(', ')}`);
      for (let i = 1; i < sizes.length; i++) assert.ok(sizes[i] >= sizes[i - 1], `draws only grow: ${sizes.join(', ')}`);
      for (const p of partials) for (const m of p.get(files[0].key) ?? []) assert.equal(all.get(m.issueId), m.line, 'a partial mark is where the final one is');
      // Everything known: nothing to wait for, no partial draw.
      partials.length = 0;
      await find(final);
      assert.equal(partials.length, 0);
      // A refresh where 30 issues changed: a partial draw keeps the previous marks of those not placed yet.
      const changed = [...all.keys()].slice(0, 30);
      sb.control.triage.injectEvents(changed, 1);
      sb.control.clock.advance(INTERVAL);
      await find(final);
      assert.ok(partials.length >= 1, `${partials.length} partial draws`);
      for (const p of partials) assert.equal(new Set((p.get(files[0].key) ?? []).map((m) => m.issueId)).size, all.size, 'no mark blinks out while its issue waits');
    });
  }

  it('a reload with the kept locations asks the searches again but no event of an issue that did not change', async () => {
    const first = setup();
    await first.find([file('src/app/store.ts')]);
    const kept = LocationCache.fromJSON(JSON.parse(JSON.stringify(first.cache.takeChanges())));
    const again = setup(kept);
    const { log, marks } = await again.find([file('src/app/store.ts')]);
    assert.ok(searches(log).length >= 1);
    assert.equal(issueEvents(log).length + table(log).length, 0);
    assert.ok((marks.get('file:///ws/src/app/store.ts') ?? []).length > 0);
  });

  it('a server refusing the search (400) is located from the listed issues from then on, said once', async () => {
    const { sb, finder, warnings } = setup();
    sb.control.faults.add({ path: 'issues/$', query: 'stack\\.filename', status: 400, respond: { status: 400, body: '{"detail":"Error parsing search query: unknown key"}' } });
    const client = clientFor(sb);
    const listed = [{ org: 'acme', project: 'web-frontend', issueId: sb.control.seed.locations.find((l) => l.file === 'src/app/checkout.ts' && l.line)!.issueId }];
    const marks = await finder.find({ client, scope, files: [file('src/app/checkout.ts')], listed: () => listed, previous: new Map() });
    assert.equal(finder.mode(client.baseUrl), 'listed');
    assert.deepEqual(
      [...(marks?.values() ?? [])].flat().map((m) => m.issueId),
      [listed[0].issueId],
    );
    await finder.find({ client, scope, files: [file('src/app/checkout.ts')], listed: () => listed, previous: new Map() });
    assert.equal(warnings.filter((w) => /refused the search/.test(w)).length, 1);
  });

  it('an organization without advanced search refuses the wildcard search: its marks come from the listed issues', async () => {
    const { sb, finder, warnings } = setup();
    sb.control.features.set('acme', { remove: ['advanced-search'] });
    const client = clientFor(sb);
    const listed = [{ org: 'acme', project: 'web-frontend', issueId: sb.control.seed.locations.find((l) => l.file === 'src/app/checkout.ts' && l.line)!.issueId }];
    const marks = await finder.find({ client, scope, files: [file('src/app/checkout.ts')], listed: () => listed, previous: new Map() });
    assert.equal(finder.mode(client.baseUrl), 'listed');
    assert.deepEqual(
      [...(marks?.values() ?? [])].flat().map((m) => m.issueId),
      [listed[0].issueId],
    );
    assert.ok(
      warnings.some((w) => /refused the search by stack file name \(.*advanced search feature to use wildcard search/.test(w)),
      warnings.join(' | '),
    );
  });

  it("a timed-out file search (Sentry's 400 'Query timeout.') is a failure to retry, not a refusal: the server keeps per-file marks", async () => {
    const { sb, finder, find, client, warnings } = setup();
    const router = file('src/app/router.ts');
    sb.control.faults.add({ path: 'issues/$', query: 'stack\\.filename', snubaTimeout: true, count: 1 });
    await find([router]);
    assert.equal(finder.mode(client.baseUrl), 'perFile', 'the fast method stays');
    assert.equal((finder.reportFor(router, client.baseUrl, scope)!.error as { kind?: string }).kind, 'queryTimeout');
    assert.ok(!warnings.some((w) => /refused the search by stack file name/.test(w)), warnings.join(' | '));
    sb.control.clock.advance(INTERVAL);
    const { log } = await find([router]);
    const again = searches(log).map((r) => r.status);
    assert.ok(again.length > 0 && again.every((st) => st === 200), `asked again at the next refresh: ${again.join(', ')}`);
    const r = finder.reportFor(router, client.baseUrl, scope)!;
    assert.equal(r.error, undefined);
    assert.ok(r.found > 0);
  });

  it("a 400 caused by the view's own query is the file's failure, not a refusal of the search: the server keeps per-file marks", async () => {
    const { finder, client, warnings } = setup();
    const router = file('src/app/router.ts');
    const bad = { ...scope, query: 'is:bogus' };
    const marks = await finder.find({ client, scope: bad, files: [router], listed: () => [], previous: new Map() });
    assert.equal(finder.mode(client.baseUrl), 'perFile');
    assert.equal((marks?.get(router.key) ?? []).length, 0);
    assert.equal((finder.reportFor(router, client.baseUrl, bad)!.error as { status?: number }).status, 400);
    assert.ok(!warnings.some((w) => /refused the search by stack file name/.test(w)), warnings.join(' | '));
    // The query fixed: marks again, per file.
    const fixed = await finder.find({ client, scope, files: [router], listed: () => [], previous: new Map() });
    assert.ok((fixed?.get(router.key) ?? []).length > 0);
    assert.equal(finder.mode(client.baseUrl), 'perFile');
  });

  for (const lines of ['eventsTable', 'latestEvent'] as const) {
    it(`an issue whose line cannot be read keeps its known mark, and the log says so once for the run (lines: ${lines})`, async () => {
      const { sb, find, warnings } = setup(undefined, undefined, { lines });
      const files = [file('src/app/router.ts')];
      const before = (await find(files)).marks.get(files[0].key) ?? [];
      const changed = before.slice(0, 5).map((m) => m.issueId);
      sb.control.triage.injectEvents(changed, 1);
      sb.control.clock.advance(INTERVAL);
      sb.control.faults.add({ path: '/events/$', status: 503 });
      warnings.length = 0;
      const { marks, log } = await find(files);
      if (lines === 'eventsTable') assert.deepEqual([...new Set(table(log).flatMap(tableIds))].sort(), [...changed].sort(), 'their lines were asked for');
      else assert.ok(issueEvents(log).length >= changed.length, 'their events were asked for');
      assert.equal((lines === 'eventsTable' ? issueEvents : table)(log).length, 0, 'and not the other way');
      const after = new Map((marks.get(files[0].key) ?? []).map((m) => [m.issueId, m.line]));
      for (const m of before) assert.equal(after.get(m.issueId), m.line, `${m.issueId} keeps its line`);
      const about = warnings.filter((w) => (lines === 'eventsTable' ? /events table/ : /latest event/).test(w));
      assert.equal(about.length, 1, warnings.join(' | '));
      assert.match(about[0], /5 issues/);
    });
  }

  it("its searches steer the one refresh policy the tree's lists steer: a 429 backs off to the reset, an answer starts over", async () => {
    const { sb, store, find } = setup();
    const files = [file('src/app/store.ts')];
    const reset = Math.floor(sb.control.clock.now() / 1000) + 600;
    const fault = sb.control.faults.add({
      path: 'issues/$',
      query: 'stack\\.filename',
      status: 429,
      respond: { status: 429, headers: { 'x-sentry-rate-limit-reset': String(reset), 'x-sentry-rate-limit-remaining': '0', 'x-sentry-rate-limit-limit': '40' }, body: '{"detail":"slow down"}' },
    });
    await find(files);
    assert.equal(store.refreshState.rateLimitedRuns, 1);
    const now = sb.control.clock.now();
    assert.ok(nextRefreshDelay(INTERVAL, store.refreshState, now)! >= reset * 1000 - now, 'the next run waits for the reset');
    sb.control.faults.remove(fault);
    sb.control.clock.advance(700_000);
    await find(files);
    assert.equal(store.refreshState.rateLimitedRuns, 0);
    assert.equal(nextRefreshDelay(INTERVAL, store.refreshState, sb.control.clock.now()), INTERVAL);
  });

  it('a search cut short by a failure is read whole at the next refresh, not only for what changed since', async () => {
    const { sb, find } = setup();
    // checkout.ts's search takes three pages: the third is refused.
    const files = [file('src/app/checkout.ts')];
    const fault = sb.control.faults.add({ path: 'issues/$', query: 'cursor=\\d+:200:', status: 403 });
    const first = searches((await find(files)).log);
    assert.deepEqual(
      first.map((r) => r.status),
      [200, 200, 403],
      'pages 1 and 2, then page 3 refused',
    );
    sb.control.faults.remove(fault);
    sb.control.clock.advance(INTERVAL);
    const asked = searches((await find(files)).log).map((r) => new URLSearchParams(r.query).get('query')!);
    assert.ok(asked.length >= 2, asked.join(' | '));
    assert.ok(
      asked.every((q) => !q.includes('lastSeen:>=')),
      asked.join(' | '),
    );
  });

  it('after signing in again (a new session, the store emptied), a busy file is searched whole and keeps every mark', async () => {
    const { sb, store, finder, find } = setup();
    // checkout.ts's search takes three pages: a refresh within 30 minutes would ask only for what changed.
    const files = [file('src/app/checkout.ts')];
    const before = (await find(files)).marks.get(files[0].key) ?? [];
    assert.ok(before.length > 100, `${before.length} marks`);
    // The scope upgrade (or the same token pasted again) makes a new client and a new session: the store forgets.
    store.clear();
    const again = clientFor(sb, undefined, { now: () => sb.control.clock.now() });
    sb.control.clock.advance(INTERVAL);
    sb.control.requests.clear();
    const marks = (await finder.find({ client: again, scope, files, listed: () => [], previous: new Map() })) ?? new Map();
    const asked = searches(sb.control.requests.list({ path: /^\/api\/0\// })).map((r) => new URLSearchParams(r.query).get('query')!);
    assert.ok(asked.length >= 1 && asked.every((q) => !q.includes('lastSeen:>=')), `a whole search, not a delta: ${asked.join(' | ')}`);
    assert.equal((marks.get(files[0].key) ?? []).length, before.length, 'every mark is back');
  });

  describe('what each open file\'s search found (for "why are there no marks?")', () => {
    it('a file with marks, a file no issue of the project touches, and nothing for a scope it was not made for', async () => {
      const { finder, find, client } = setup();
      const format = file('src/utils/format.js');
      const orders = file('server/api/orders.py');
      assert.equal(finder.reportFor(format, client.baseUrl, scope), undefined, 'not searched yet: still loading');
      const { marks } = await find([format, orders]);
      const r = finder.reportFor(format, client.baseUrl, scope)!;
      assert.equal(r.mode, 'perFile');
      assert.equal(r.error, undefined);
      assert.ok(r.found > 50 && r.located >= r.here && r.here > 0, JSON.stringify(r));
      assert.equal(r.here, new Set((marks.get(format.key) ?? []).map((m) => m.issueId)).size);
      // server/ belongs to other projects: web-frontend's search for it finds nothing.
      assert.deepEqual(finder.reportFor(orders, client.baseUrl, scope), { mode: 'perFile', found: 0, located: 0, here: 0, elsewhere: 0, unmapped: 0 });
      assert.equal(finder.reportFor(format, client.baseUrl, { ...scope, query: 'is:resolved' }), undefined, 'another filter: its search has not run');
      assert.equal(finder.reportFor(format, 'https://other.example', scope), undefined);
      // A closed file's report goes with it.
      await find([orders]);
      assert.equal(finder.reportFor(format, client.baseUrl, scope), undefined);
    });

    it("a failed search keeps its failure in the file's report until the next answer", async () => {
      const { sb, finder, find, client } = setup();
      const router = file('src/app/router.ts');
      const fault = sb.control.faults.add({ path: 'issues/$', query: 'stack\\.filename', status: 403 });
      await find([router]);
      const r = finder.reportFor(router, client.baseUrl, scope)!;
      assert.equal((r.error as { kind?: string }).kind, 'forbidden');
      assert.equal((r.error as { status?: number }).status, 403);
      assert.equal(r.found, 0);
      sb.control.faults.remove(fault);
      await find([router]);
      const again = finder.reportFor(router, client.baseUrl, scope)!;
      assert.equal(again.error, undefined);
      assert.ok(again.here > 0);
    });

    it('locations that map to no workspace file are counted, with an example path named like the file', async () => {
      const { finder, find, client } = setup(undefined, (path) => !/Cart\.tsx/.test(path));
      const cart = file('src/components/Cart.tsx');
      const { marks } = await find([cart]);
      assert.equal((marks.get(cart.key) ?? []).length, 0);
      const r = finder.reportFor(cart, client.baseUrl, scope)!;
      assert.equal(r.here, 0);
      assert.ok(r.unmapped > 0, JSON.stringify(r));
      assert.match(r.unmappedExample ?? '', /Cart\.tsx$/);
    });

    it("located from the listed issues (a server that refuses the search): the listed issues are every file's", async () => {
      const { sb, finder, client } = setup();
      sb.control.faults.add({ path: 'issues/$', query: 'stack\\.filename', status: 400, respond: { status: 400, body: '{"detail":"unknown key"}' } });
      const site = sb.control.seed.locations.find((l) => l.file === 'src/app/checkout.ts' && l.line)!;
      const listed = [{ org: 'acme', project: 'web-frontend', issueId: site.issueId }];
      const checkout = file('src/app/checkout.ts');
      const orders = file('server/api/orders.py');
      await finder.find({ client, scope, files: [checkout, orders], listed: () => listed, previous: new Map() });
      assert.deepEqual(finder.reportFor(checkout, client.baseUrl, scope), { mode: 'listed', found: 1, located: 1, here: 1, elsewhere: 0, unmapped: 0 });
      assert.deepEqual(finder.reportFor(orders, client.baseUrl, scope), { mode: 'listed', found: 1, located: 1, here: 0, elsewhere: 1, unmapped: 0 });
    });
  });

  it("only a server's ISO date becomes the refresh's lastSeen term: other text never reaches the query", () => {
    assert.equal(newestOf(undefined, [{ lastSeen: '2026-11-01T10:00:00Z' }, { lastSeen: '2026-11-02T09:00:00.123456Z' }]), '2026-11-02T09:00:00.123456Z');
    assert.equal(newestOf('2026-11-03T00:00:00Z', [{ lastSeen: '2026-11-02T00:00:00Z' }]), '2026-11-03T00:00:00Z');
    assert.equal(newestOf(undefined, [{ lastSeen: '2099-01-01T00:00:00Z is:resolved' }, { lastSeen: 'soon' }]), undefined);
    assert.equal(newestOf('2026-11-03T00:00:00Z', [{ lastSeen: null }]), '2026-11-03T00:00:00Z', 'an issue without lastSeen changes nothing');
    assert.equal(newestOf(undefined, [{ lastSeen: null }, { lastSeen: '2026-11-01T10:00:00Z' }]), '2026-11-01T10:00:00Z');
  });

  it("a server date outside Sentry's search grammar (no seconds, 7 digits of fraction, ±hhmm) is sent in a form the grammar takes, never as it came", () => {
    // event_search.py's iso_8601_date_format: seconds required, at most 6 digits of fraction, Z or ±hh:mm.
    assert.equal(newestOf(undefined, [{ lastSeen: '2026-11-02T09:00Z' }]), '2026-11-02T09:00:00.000Z');
    assert.equal(newestOf(undefined, [{ lastSeen: '2026-11-02T09:00:00.1234567Z' }]), '2026-11-02T09:00:00.123Z');
    assert.equal(newestOf(undefined, [{ lastSeen: '2026-11-02T10:00:00+0100' }]), '2026-11-02T09:00:00.000Z');
    assert.equal(newestOf(undefined, [{ lastSeen: '2026-11-02T10:00:00+01:00' }]), '2026-11-02T10:00:00+01:00', 'what the grammar takes stays as the server wrote it');
  });
});

describeEachProfile('MarkFinder: a file of ordinary weight (one page of issues)', function (profile) {
  this.timeout(60_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 }, sprawl: { issues: 120, files: 12 } });
  const scope = { org: 'acme', projects: ['sprawl'] };

  it('a refresh reads its whole search (the same one request), so an issue resolved elsewhere loses its mark at once', async () => {
    const sb = box.get();
    const { find } = finderOn(sb, sb.control.seed.sprawl!.files, scope);
    const busiest = sb.control.seedFiles({ project: 'sprawl' }).sort((a, b) => b.issues.length - a.issues.length)[0];
    assert.ok(busiest.issues.length > 1 && busiest.issues.length < 100, `${busiest.issues.length} issues`);
    const open = [file(busiest.file)];
    const before = (await find(open)).marks.get(open[0].key) ?? [];
    const gone = before[0].issueId;
    // Someone else resolves it on the server.
    const res = await fetch(`${sb.url}/api/0/organizations/acme/issues/${gone}/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${sb.defaults.writeToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'resolved' }),
    });
    assert.equal(res.status, 200);
    sb.control.clock.advance(INTERVAL);
    const { marks, log } = await find(open);
    const asked = searches(log).map((r) => new URLSearchParams(r.query).get('query')!);
    assert.deepEqual(asked, [`is:unresolved stack.filename:"*${busiest.file.split('/').slice(-2).join('/')}"`], 'the whole search, one page');
    assert.equal(issueEvents(log).length + table(log).length, 0, 'no issue changed its lastSeen');
    const after = (marks.get(open[0].key) ?? []).map((m) => m.issueId);
    assert.ok(!after.includes(gone), 'the resolved issue is no longer marked');
    assert.deepEqual(new Set(after), new Set(before.map((m) => m.issueId).filter((id) => id !== gone)));
  });
});
