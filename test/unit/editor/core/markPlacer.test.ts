// Where the issues found for the open files go, against the sandbox over HTTP in every profile: their
// lines from the events table, up to 100 issues a request, and from each issue's latest event on a
// server (or plan) that refuses the table.
import assert from 'node:assert/strict';
import { workspaceFilePaths, type Sandbox } from '../../../sandbox/index';
import { describeEachProfile, useSandbox } from '../../api/sandbox';
import { seenVersion } from '../../../../src/editor/core/locationCache';
import type { PlacedMark } from '../../../../src/editor/core/marks';
import { file, finderOn, INTERVAL, eventIssue, issueEvents, table, tableIds, type FinderOptions } from './markFixture';

const BUSY = 'src/app/checkout.ts';
const OPEN = [BUSY, 'src/app/router.ts', 'src/utils/format.js', 'src/app/store.ts', 'src/components/Cart.tsx'];

/** Every mark as `file issue line source`, sorted: two runs placed the same issues alike when these are equal. */
const placements = (marks: ReadonlyMap<string, readonly PlacedMark[]>) =>
  [...marks]
    .flatMap(([key, ms]) => ms.map((m) => `${key} ${m.issueId} ${m.line} ${m.source}`))
    .sort()
    .join('\n');

describeEachProfile('MarkPlacer: lines from the events table', function (profile) {
  this.timeout(60_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  const workspace = workspaceFilePaths();
  const scope = { org: 'acme', projects: ['web-frontend'] };
  const setup = (more: FinderOptions = {}) => finderOn(box.get(), workspace, scope, more);

  it(`a busy file's issues are placed in at most ceil(N/100) + 2 table requests, none read one by one, where the latest events put them`, async () => {
    const older = setup({ lines: 'latestEvent' });
    const before = await older.find([file(BUSY)]);
    const { find, finder, client, cache, store } = setup();
    const { marks, log } = await find([file(BUSY)]);
    const n = finder.reportFor(file(BUSY), client.baseUrl, scope)!.found;
    assert.ok(n > 300, `${n} issues touch ${BUSY}`);
    assert.equal(issueEvents(log).length, 0, 'no request for one issue');
    assert.ok(table(log).length <= Math.ceil(n / 100) + 2, `${table(log).length} table requests for ${n} issues`);
    assert.ok(issueEvents(before.log).length > 150, `the older way: ${issueEvents(before.log).length} event requests`);
    // Every issue where its latest event put it, from the location or (a bare file name) its newest in-app frame.
    assert.equal(placements(marks), placements(before.marks));
    assert.ok((marks.get(file(BUSY).key) ?? []).length > 250);
    // Kept under each issue's lastSeen, as a latest event's location is: a reload reads them back.
    for (const ms of marks.values()) for (const m of ms) assert.ok(cache.get(`${client.baseUrl} ${m.issueId}`, seenVersion(store.issue(m.issueId))), m.issueId);
  });

  it('the open files share their table requests: the issues of all of them, 100 a request, each issue asked once', async () => {
    const { find, finder, client } = setup();
    const { log } = await find(OPEN.map((f, i) => file(f, i < 2)));
    const asked = table(log).flatMap(tableIds);
    assert.equal(new Set(asked).size, asked.length, 'no issue asked twice');
    assert.ok(table(log).length <= Math.ceil(asked.length / 100) + 2, `${table(log).length} requests for ${asked.length} issues`);
    assert.ok(table(log).every((r) => tableIds(r).length <= 100));
    assert.equal(issueEvents(log).length, 0);
    assert.equal(finder.linesFrom(client.baseUrl), 'eventsTable');
  });

  it("an issue's rows of older stacks come after its latest: the latest places it, and a full page asks again for the issues left", async () => {
    const { sb, find, store } = setup();
    const loc = sb.control.seed.locations.find((l) => l.file === 'src/app/store.ts' && l.line !== null && sb.control.triage.issue(l.issueId).status === 'unresolved')!;
    // Its latest stack, then 99 older ones (its lines moved with each release): a full page of one issue.
    const row = (line: number, at: number) => ({
      'issue.id': Number(loc.issueId),
      'stack.filename': ['node_modules/react-dom/index.js', loc.file],
      'stack.abs_path': [null, `webpack:///./${loc.file}`],
      'stack.lineno': [12, line],
      'stack.in_app': [0, 1],
      'last_seen()': new Date(at).toISOString(),
    });
    const now = sb.control.clock.now();
    const rows = [row(loc.line!, now), ...Array.from({ length: 99 }, (_, k) => row(loc.line! + 1 + k, now - (k + 1) * 60_000))];
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', count: 1, respond: { status: 200, body: JSON.stringify({ data: rows, meta: {} }) } });
    const { marks, log } = await find([file('src/app/store.ts')]);
    const requests = table(log);
    assert.equal(requests.length, 2, `${requests.length} table requests`);
    assert.ok(tableIds(requests[0]).includes(loc.issueId));
    assert.ok(!tableIds(requests[1]).includes(loc.issueId), 'the issue placed by the first page is not asked again');
    assert.deepEqual(
      tableIds(requests[1]).sort(),
      tableIds(requests[0])
        .filter((id) => id !== loc.issueId)
        .sort(),
      'the rest are',
    );
    const mark = [...marks.values()].flat().find((m) => m.issueId === loc.issueId);
    assert.equal(mark?.line, loc.line! - 1, 'on the line of its latest stack');
    assert.equal(issueEvents(log).length, 0);
    assert.ok(store.issue(loc.issueId));
  });

  for (const [what, refuse] of [
    ['a server or plan without it (404, no body)', (sb: Sandbox) => void sb.control.endpoints.set({ eventsTable: 404 })],
    ['a 403', (sb: Sandbox) => void sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', status: 403 })],
    ['a 400 of its own', (sb: Sandbox) => void sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', respond: { status: 400, body: '{"detail":"Invalid query."}' } })],
  ] as const) {
    it(`a server that refuses the table (${what}) is located from each issue's latest event from then on, said once`, async () => {
      const older = setup({ lines: 'latestEvent' });
      const expected = placements((await older.find([file('src/app/router.ts')])).marks);
      const { sb, find, finder, client, warnings } = setup();
      refuse(sb);
      const first = await find([file('src/app/router.ts')]);
      assert.equal(table(first.log).length, 1, 'asked once');
      assert.ok(issueEvents(first.log).length > 20, 'then the latest events, in the same run');
      assert.equal(placements(first.marks), expected);
      assert.equal(finder.linesFrom(client.baseUrl), 'latestEvent');
      const changed = (first.marks.get(file('src/app/router.ts').key) ?? []).slice(0, 3).map((m) => m.issueId);
      sb.control.triage.injectEvents(changed, 1);
      sb.control.clock.advance(INTERVAL);
      const again = await find([file('src/app/router.ts')]);
      assert.equal(table(again.log).length, 0, 'not asked again');
      assert.deepEqual(
        issueEvents(again.log)
          .map((r) => /issues\/(\d+)\//.exec(r.path)![1])
          .sort(),
        [...changed].sort(),
      );
      assert.equal(warnings.filter((w) => /refused the events table/.test(w)).length, 1, warnings.join(' | '));
      // Signing in again (another account may be allowed it): asked again.
      finder.forget();
      assert.equal(finder.linesFrom(client.baseUrl), 'eventsTable');
    });
  }

  it("a timed-out table (Sentry's 400 'Query timeout.') is no refusal: that batch's issues are read one by one this once, said once, and the next run asks the table again", async () => {
    const { sb, find, finder, client, warnings } = setup();
    const files = [file('src/app/router.ts')];
    const before = await find(files);
    const changed = (before.marks.get(files[0].key) ?? []).slice(0, 4).map((m) => m.issueId);
    sb.control.triage.injectEvents(changed, 1);
    sb.control.clock.advance(INTERVAL);
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', snubaTimeout: true, count: 1 });
    const failed = await find(files);
    assert.equal(table(failed.log).length, 1, 'the table asked once');
    assert.deepEqual(
      failed.log
        .filter((r) => /\/issues\/\d+\/events\/$/.test(r.path))
        .map(eventIssue)
        .sort(),
      [...changed].sort(),
      'the changed issues read one by one',
    );
    assert.equal(placements(failed.marks), placements(before.marks), 'every mark where its latest event puts it');
    assert.equal(finder.linesFrom(client.baseUrl), 'eventsTable');
    assert.equal(warnings.filter((w) => /timed out on the events table/.test(w)).length, 1, warnings.join(' | '));
    assert.ok(!warnings.some((w) => /refused the events table/.test(w)), warnings.join(' | '));
    // The query was bounded: a window from the batch's oldest lastSeen, never the 90-day default.
    const asked = new URLSearchParams(table(failed.log)[0].query);
    assert.ok(asked.get('start') && asked.get('end') && !asked.has('statsPeriod'), JSON.stringify(table(failed.log)[0].query));
    sb.control.triage.injectEvents(changed, 1);
    sb.control.clock.advance(INTERVAL);
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', snubaTimeout: true, count: 1 });
    await find(files);
    assert.equal(warnings.filter((w) => /timed out on the events table/.test(w)).length, 1, 'said once');
    sb.control.triage.injectEvents(changed, 1);
    sb.control.clock.advance(INTERVAL);
    const { log } = await find(files);
    assert.deepEqual(table(log).flatMap(tableIds).sort(), [...changed].sort(), 'their lines asked of the table again');
    assert.equal(issueEvents(log).length, 0);
  });

  it('issues the table has no row of (no error event in its window) are read from their latest events, as before', async () => {
    const { sb, find } = setup();
    const older = setup({ lines: 'latestEvent' });
    const expected = placements((await older.find([file('src/app/store.ts')])).marks);
    sb.control.reset();
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', count: 1, respond: { status: 200, body: '{"data":[],"meta":{}}' } });
    const { marks, log } = await find([file('src/app/store.ts')]);
    assert.equal(table(log).length, 1);
    // Each of them read the older way (and, for a bare file name, its full event too).
    assert.deepEqual([...new Set(issueEvents(log).map((r) => /issues\/(\d+)\//.exec(r.path)![1]))].sort(), [...tableIds(table(log)[0])].sort());
    assert.equal(placements(marks), expected);
  });

  it('rows of issues not asked for, ids that are not ids, and rows without frames place nothing', async () => {
    const { sb, find } = setup();
    const here = sb.control.seed.locations.filter((l) => l.file === 'src/app/store.ts' && l.line !== null && sb.control.triage.issue(l.issueId).status === 'unresolved');
    const [asked, other] = here;
    const foreign = sb.control.seed.issuesOf('worker')[0].id;
    const rows = [
      { 'issue.id': Number(foreign), 'stack.filename': ['src/app/store.ts'], 'stack.lineno': [1], 'stack.in_app': [1] },
      { 'issue.id': `${other.issueId} OR 1`, 'stack.filename': ['src/app/store.ts'], 'stack.lineno': [2], 'stack.in_app': [1] },
      { 'issue.id': Number(asked.issueId), 'stack.filename': 'src/app/store.ts', 'stack.lineno': ['7'], 'stack.in_app': [true] },
    ];
    sb.control.faults.add({ path: '^/api/0/organizations/acme/events/$', count: 1, respond: { status: 200, body: JSON.stringify({ data: rows, meta: {} }) } });
    const { marks, log } = await find([file('src/app/store.ts')]);
    const placed = new Map([...marks.values()].flat().map((m) => [m.issueId, m.line]));
    assert.ok(!placed.has(foreign), 'an issue not asked for is not placed by its row');
    assert.ok(!placed.has(asked.issueId), 'a row without frames is no location');
    // The issue behind the id that is not one had no row: its latest event placed it.
    assert.equal(placed.get(other.issueId), other.line! - 1);
    assert.ok(issueEvents(log).some((r) => r.path.includes(`/issues/${other.issueId}/events/`)));
  });
});
