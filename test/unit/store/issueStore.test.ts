// The one issue store, against the sandbox over real HTTP: lists that reference issues by id,
// single-flight loading, cached errors, one change event, and optimistic patches that every view
// sees at once and that no refresh can undo.
import assert from 'node:assert/strict';
import type { Issue } from '../../../src/model/issue/schema';
import { SignedOutError } from '../../../src/contracts/errors';
import { DEFAULT_FILTER, cacheKey, toParams } from '../../../src/issues/core/filter';
import { IssueStore, type StoreChange } from '../../../src/store/issueStore';
import type { ListSpec } from '../../../src/store/listSpec';
import { anIssue } from '../builders';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

/** Both issue list endpoints: the organization one answers first, the project one where it is missing (404). */
const ISSUES = /^\/api\/0\/(?:organizations\/acme|projects\/acme\/[a-z-]+)\/issues\/$/;
const DAY = 86_400_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Issues view's default list: unresolved, 24h, last seen. */
const UNRESOLVED: ListSpec = { org: 'acme', project: 'api-server', statsPeriod: '24h', sort: 'date' };
const ALL: ListSpec = { ...UNRESOLVED, query: '' };
const WORKER: ListSpec = { ...UNRESOLVED, project: 'worker' };

describeEachProfile('IssueStore', (profile) => {
  const box = useSandbox({ profile });
  const requests = () => box.get().control.requests.list({ path: ISSUES }).length;
  const newStore = (now?: () => number, me?: string) => new IssueStore(async () => clientFor(box.get()), now, { me: () => me });
  /** Every change event of a store, in order. */
  const record = (store: IssueStore): StoreChange[] => {
    const seen: StoreChange[] = [];
    store.onDidChange((c) => seen.push(c));
    return seen;
  };

  describe('loading', () => {
    it("the first page: issues by id in the server's order, X-Hits, next cursor, loadedAt from the clock", async () => {
      const store = newStore(() => 1_000);
      const list = await store.load(UNRESOLVED);
      assert.equal(list.error, undefined);
      assert.equal(list.issues.length, 100);
      assert.ok(list.issues.every((i) => i.status === 'unresolved'));
      assert.ok(list.serverHits! > 100 && list.serverHits! < 320, `X-Hits ${list.serverHits}`);
      assert.equal(list.hits, list.serverHits, 'nothing hidden locally');
      assert.equal(list.maxHits, 1000);
      assert.ok(list.nextCursor);
      assert.equal(list.loadedAt, 1_000);
      assert.equal(list.loading, false);
      assert.equal(list.key, cacheKey('acme', 'api-server', DEFAULT_FILTER), 'the same key as the Issues view uses today');
      const first = list.issues[0];
      assert.equal(store.issue(first.id), first, 'the list references the issue the store holds');
      assert.deepEqual(store.ref(first.id), { org: 'acme', project: 'api-server', issueId: first.id });
      assert.deepEqual(store.listsContaining(first.id), [list.key]);
      assert.equal(requests(), 1);
      const q = box.get().control.requests.list({ path: ISSUES })[0].query;
      assert.deepEqual(
        q,
        [
          ['project', box.get().seed.project('api-server')!.id],
          ['groupStatsPeriod', '24h'],
          ['sort', 'date'],
          ['limit', '100'],
        ],
        'the organization endpoint, the project by id; no query parameter: the server default is:unresolved',
      );
    });

    it("the Issues view's filters load through toParams: a short ID is looked up across projects", async () => {
      const store = newStore();
      const list = await store.load({ org: 'acme', project: 'api-server', ...toParams({ ...DEFAULT_FILTER, preset: 'custom', text: 'WEB-FRONTEND-4' }) });
      assert.deepEqual(
        list.issues.map((i) => i.shortId),
        ['WEB-FRONTEND-4'],
      );
      assert.deepEqual(store.ref(list.issues[0].id), { org: 'acme', project: 'web-frontend', issueId: '4800000007' });
    });

    it('a cached list costs no request; peek never requests; force asks again', async () => {
      const store = newStore();
      assert.equal(store.peek(UNRESOLVED), undefined);
      const a = await store.load(UNRESOLVED);
      const b = await store.load(UNRESOLVED);
      assert.equal(b, a, 'the same snapshot while nothing changed');
      assert.equal(store.peek(UNRESOLVED), a);
      assert.equal(requests(), 1);
      await store.load(UNRESOLVED, true);
      assert.equal(requests(), 2);
    });

    it('single-flight: concurrent loads of one list make one request; force while it runs joins it', async () => {
      box.get().control.faults.add({ path: 'issues/$', latencyMs: 150, count: 1 });
      const store = newStore();
      const loads = [store.load(UNRESOLVED), store.load(UNRESOLVED), store.load(UNRESOLVED, true), store.loadMore(UNRESOLVED)];
      assert.equal(store.peek(UNRESOLVED)?.loading, true, 'loading shows at once');
      const lists = await Promise.all(loads);
      assert.equal(requests(), 1);
      assert.ok(lists.every((l) => l === lists[0]));
    });

    it('a listener that force-loads on every change (as a careless view might) cannot make a request loop', async () => {
      const store = newStore();
      let changes = 0;
      store.onDidChange(() => {
        changes++;
        void store.load(UNRESOLVED, true);
      });
      await store.load(UNRESOLVED, true);
      await pause(200);
      assert.equal(requests(), 1, "the answer's own change event joins the request that is answering");
      assert.equal(changes, 2);
    });

    it('loadMore appends the next page without repeats and keeps loadedAt and X-Hits', async () => {
      let now = 5;
      const store = newStore(() => now);
      const WEB: ListSpec = { ...UNRESOLVED, project: 'web-frontend' };
      const first = await store.load(WEB);
      now = 10;
      const [second, again] = await Promise.all([store.loadMore(WEB), store.loadMore(WEB)]);
      assert.equal(again, second, 'one request for two clicks on Load More');
      assert.equal(second.issues.length, 200);
      assert.deepEqual(second.issues.slice(0, 100), first.issues);
      assert.equal(new Set(second.issues.map((i) => i.id)).size, 200);
      assert.equal(second.loadedAt, 5);
      assert.equal(second.serverHits, first.serverHits);
      assert.equal(requests(), 2);

      const small = await store.load(UNRESOLVED);
      let all = small;
      while (all.nextCursor) all = await store.loadMore(UNRESOLVED);
      assert.equal(all.issues.length, all.serverHits, 'every page of api-server, none repeated');
      assert.equal(await store.loadMore(UNRESOLVED), all, 'no next cursor: the cached list, no request');
    });

    it('clear() while a request is on its way: the caller gets the answer, the store keeps nothing of it', async () => {
      box.get().control.faults.add({ path: 'issues/$', latencyMs: 150, count: 1 });
      const store = newStore();
      const pending = store.load(UNRESOLVED);
      await pause(30);
      store.clear();
      const list = await pending;
      assert.equal(list.issues.length, 100, 'the caller still gets its answer');
      assert.equal(store.peek(UNRESOLVED), undefined);
      assert.equal(store.issue(list.issues[0].id), undefined);
      await store.load(UNRESOLVED);
      assert.equal(requests(), 2, 'the next load asks again');
    });

    it('signed out: the list carries a SignedOutError and no request is made', async () => {
      const store = new IssueStore(async () => undefined);
      const list = await store.load(UNRESOLVED);
      assert.ok(list.error instanceof SignedOutError);
      assert.equal((list.error as SignedOutError).kind, 'signedOut');
      assert.equal(requests(), 0);
    });

    const failures: [string, () => Parameters<ReturnType<typeof box.get>['control']['faults']['add']>[0], number, RegExp][] = [
      // A 404 of the organization endpoint is asked again through the project one (an old server), which answers 404 too.
      ['404', () => ({ path: 'issues/$', status: 404 }), 2, /api-server/],
      ['500 after its two retries', () => ({ path: 'issues/$', status: 500 }), 3, /HTTP 500/],
      ['a malformed body', () => ({ path: 'issues/$', malformed: true }), 1, /does not understand/],
    ];
    for (const [name, fault, allowed, message] of failures) {
      it(`a failing list (${name}) is cached with its error: re-rendering on every change costs ${allowed} request(s); force asks once more`, async () => {
        box.get().control.faults.add(fault());
        const store = newStore();
        let renders = 0;
        let stopped = false;
        store.onDidChange(() =>
          setTimeout(() => {
            if (stopped) return;
            renders++;
            void store.load(UNRESOLVED);
          }, 0),
        );
        try {
          const first = await store.load(UNRESOLVED);
          assert.match((first.error as Error).message, message);
          await pause(500);
          assert.ok(renders >= 1);
          assert.equal(requests(), allowed, `${requests()} requests after ${renders} renders`);
          assert.equal(store.peek(UNRESOLVED)?.error, first.error);
          box.get().control.faults.clear();
          const again = await store.load(UNRESOLVED, true);
          assert.equal(again.error, undefined);
          assert.equal(again.issues.length, 100);
          await pause(100);
          assert.equal(requests(), allowed + 1);
        } finally {
          stopped = true;
          store.dispose();
        }
      });
    }

    it('stale(): due one interval after the latest answer or failure; a rate-limited list only at its reset', async () => {
      let now = 1_000_000;
      const store = newStore(() => now);
      await store.load(UNRESOLVED);
      assert.equal(store.stale(60_000).length, 0);
      now += 60_000;
      assert.deepEqual(
        store.stale(60_000).map((l) => l.key),
        [store.peek(UNRESOLVED)!.key],
      );

      const resetAt = Math.ceil((Date.now() + 25 * DAY) / 1000) * 1000;
      box.get().control.faults.add({ path: 'issues/$', status: 429, respond: { status: 429, headers: { 'x-sentry-rate-limit-reset': String(resetAt / 1000) }, body: '{"detail":"slow down"}' } });
      const limited = await store.load(WORKER);
      assert.equal((limited.error as { resetAt?: number }).resetAt, resetAt);
      now += 10 * DAY;
      assert.deepEqual(
        store.stale(1000).map((l) => l.project),
        ['api-server'],
        'the rate-limited list is fresh ten days later',
      );
      now = resetAt;
      assert.deepEqual(
        store
          .stale(1000)
          .map((l) => l.project)
          .sort(),
        ['api-server', 'worker'],
      );
    });

    it("lists under two periods share one issue object, which keeps both periods' stats", async () => {
      const store = newStore();
      const day = await store.load(WORKER);
      const twoWeeks = await store.load({ ...WORKER, statsPeriod: '14d' });
      const id = day.issues[0].id;
      const shared = store.issue(id)!;
      assert.equal(
        twoWeeks.issues.find((i) => i.id === id),
        shared,
      );
      assert.equal(
        store.peek(WORKER)!.issues.find((i) => i.id === id),
        shared,
        'the 24h list now shows the same object',
      );
      assert.equal(shared.stats['24h']?.length, 24);
      assert.equal(shared.stats['14d']?.length, 14);
      assert.equal(store.listsContaining(id).length, 2);
    });

    it('lookupShortId stores the issue (stats of its lists kept); one request for concurrent lookups; unknown is undefined', async () => {
      const store = newStore();
      const list = await store.load({ ...UNRESOLVED, project: 'web-frontend' });
      const listed = list.issues.find((i) => i.shortId === 'WEB-FRONTEND-4');
      const before = requests();
      const [a, b] = await Promise.all([store.lookupShortId('acme', 'api-server', 'web-frontend-4'), store.lookupShortId('acme', 'api-server', 'WEB-FRONTEND-4')]);
      assert.equal(requests(), before + 1);
      assert.equal(a, b);
      assert.equal(a?.id, '4800000007');
      assert.equal(store.issue('4800000007'), a);
      if (listed) assert.equal(a!.stats['24h']?.length, 24, 'the lookup (statsPeriod "") did not wipe the list\'s sparkline');
      assert.deepEqual(store.ref('4800000007'), { org: 'acme', project: 'web-frontend', issueId: '4800000007' });
      assert.equal(await store.lookupShortId('acme', 'api-server', 'API-SERVER-ZZZZZ'), undefined);
    });

    it('a hashes search is a list of its own: every status, no paging, dropped hashes counted', async () => {
      const seeded = box.get().seed.issuesOf('worker');
      const resolved = seeded.find((i) => i.status === 'resolved')!;
      const hashes = [...resolved.hashes, ...Array.from({ length: 120 }, (_, i) => i.toString(16).padStart(32, '0'))];
      const store = newStore();
      const spec: ListSpec = { ...WORKER, hashes };
      const list = await store.load(spec, true);
      assert.deepEqual(
        list.issues.map((i) => i.id),
        [resolved.id],
        'a resolved issue is shown: hashes find every status',
      );
      assert.equal(list.droppedHashes, hashes.length - 100);
      const q = box.get().control.requests.list({ path: ISSUES }).at(-1)!.query;
      assert.equal(q.filter(([k]) => k === 'hashes').length, 100);
      assert.ok(!q.some(([k]) => k === 'query' || k === 'sort' || k === 'cursor'));
      assert.equal(store.peek(WORKER), undefined, 'the filtered list of the project is another list');
    });

    it('dispose: an answer on its way is dropped silently, later loads make no request, no event fires', async () => {
      box.get().control.faults.add({ path: 'issues/$', latencyMs: 150, count: 1 });
      const store = newStore();
      const seen = record(store);
      const pending = store.load(UNRESOLVED);
      store.dispose();
      store.dispose();
      const answered = await pending;
      assert.equal(answered.issues.length, 100);
      const after = await store.load(WORKER, true);
      assert.match((after.error as Error).message, /disposed/);
      assert.equal(requests(), 1);
      assert.equal(seen.length, 1, 'only the loading event before dispose');
      assert.throws(() => store.apply({ issueIds: [answered.issues[0].id], change: { status: 'resolved' } }), /disposed/);
      await assert.rejects(store.lookupShortId('acme', 'worker', 'WORKER-1'), /disposed/);
    });
  });

  describe('one change event', () => {
    it('a load names its list when it starts; its answer names the list and the issues that changed', async () => {
      const store = newStore();
      const seen = record(store);
      const list = await store.load(WORKER);
      assert.equal(seen.length, 2);
      assert.deepEqual(seen[0], { issues: [], lists: [list.key] });
      assert.deepEqual(seen[1].lists, [list.key]);
      assert.deepEqual(new Set(seen[1].issues), new Set(list.issues.map((i) => i.id)));
      await store.load(WORKER, true);
      assert.deepEqual(
        seen.slice(2),
        [
          { issues: [], lists: [list.key] },
          { issues: [], lists: [list.key] },
        ],
        'a reload with the same data names no issue',
      );
    });

    it('clear() names everything it forgot', async () => {
      const store = newStore();
      const list = await store.load(WORKER);
      const seen = record(store);
      store.clear();
      assert.equal(seen.length, 1);
      assert.deepEqual(seen[0].lists, [list.key]);
      assert.equal(seen[0].issues.length, list.issues.length);
      store.clear();
      assert.equal(seen.length, 1, 'clearing an empty store says nothing');
    });

    it('one change to one issue reaches every consumer at once: tree, status bar, panel header, hover', async () => {
      const store = newStore();
      await Promise.all([store.load(UNRESOLVED), store.load(WORKER), store.load(ALL)]);
      const target = store.peek(UNRESOLVED)!.issues[3];
      // Four consumers as the extension wires them, each re-reading what it shows when named.
      const tree = { rows: store.peek(UNRESOLVED)!.issues.map((i) => i.id), renders: 0 };
      const statusBar = { count: [UNRESOLVED, WORKER].reduce((n, s) => n + store.peek(s)!.hits!, 0) };
      const header = { status: store.issue(target.id)!.status };
      const hover = { text: `${store.issue(target.id)!.shortId}: ${store.issue(target.id)!.status}` };
      const before = { rows: tree.rows.length, count: statusBar.count };
      let events = 0;
      store.onDidChange((c) => {
        events++;
        if (c.lists.includes(store.peek(UNRESOLVED)!.key)) {
          tree.rows = store.peek(UNRESOLVED)!.issues.map((i) => i.id);
          tree.renders++;
        }
        if (c.lists.some((k) => [UNRESOLVED, WORKER].some((s) => store.peek(s)!.key === k))) statusBar.count = [UNRESOLVED, WORKER].reduce((n, s) => n + store.peek(s)!.hits!, 0);
        if (c.issues.includes(target.id)) {
          header.status = store.issue(target.id)!.status;
          hover.text = `${store.issue(target.id)!.shortId}: ${store.issue(target.id)!.status}`;
        }
      });
      store.apply({ issueIds: [target.id], change: { status: 'resolved', statusDetails: {} } });
      assert.equal(events, 1, 'one event');
      assert.equal(tree.rows.length, before.rows - 1);
      assert.ok(!tree.rows.includes(target.id));
      assert.equal(statusBar.count, before.count - 1);
      assert.equal(header.status, 'resolved');
      assert.equal(hover.text, `${target.shortId}: resolved`);
      assert.equal(tree.renders, 1);
    });
  });

  describe('optimistic patches', () => {
    it('resolve: the issue leaves the unresolved list and its count, stays in the store and in "all"; rollback brings it back', async () => {
      const store = newStore();
      const unresolved = await store.load(UNRESOLVED);
      const all = await store.load(ALL);
      const target = unresolved.issues[0];
      assert.ok(
        all.issues.some((i) => i.id === target.id),
        'listed under all statuses too',
      );
      const seen = record(store);
      const handle = store.apply({ issueIds: [target.id], change: { status: 'resolved', statusDetails: { inNextRelease: true } } });
      assert.equal(handle.state, 'pending');
      assert.deepEqual(seen[0].issues, [target.id]);
      assert.deepEqual(new Set(seen[0].lists), new Set([unresolved.key, all.key]));
      const after = store.peek(UNRESOLVED)!;
      assert.ok(!after.issues.some((i) => i.id === target.id));
      assert.equal(after.issues.length, 99);
      assert.equal(after.hidden, 1);
      assert.equal(after.hits, unresolved.hits! - 1, 'the count drops');
      assert.equal(after.serverHits, unresolved.serverHits);
      assert.equal(store.issue(target.id)?.status, 'resolved');
      assert.deepEqual(store.issue(target.id)?.statusDetails, { inNextRelease: true });
      assert.equal(store.peek(ALL)!.issues.find((i) => i.id === target.id)?.status, 'resolved', 'still listed under all statuses, as resolved');
      assert.equal(unresolved.issues[0], target, 'snapshots already handed out do not change');

      assert.equal(handle.rollback(), true);
      assert.equal(handle.state, 'rolledBack');
      assert.equal(await handle.settled, 'rolledBack');
      assert.equal(store.issue(target.id)?.status, 'unresolved');
      assert.deepEqual(
        store.peek(UNRESOLVED)!.issues.map((i) => i.id),
        unresolved.issues.map((i) => i.id),
        'back in its place',
      );
      assert.equal(store.peek(UNRESOLVED)!.hits, unresolved.hits);
      assert.equal(handle.rollback(), false, 'single use');
      assert.equal(handle.confirm(), false);
      assert.equal(requests(), 2, 'patches make no request of their own');
    });

    it("confirm(serverIssues): the server's answer becomes the known state; confirm() folds the change in", async () => {
      const store = newStore();
      const list = await store.load(WORKER);
      const [a, b] = list.issues;
      const h1 = store.apply({ issueIds: [a.id], change: { status: 'ignored' } });
      const server = { ...a, status: 'ignored', statusDetails: { ignoreCount: 100 }, substatus: 'archived_until_condition_met' } as Issue;
      assert.equal(h1.confirm([server, anIssue()]), true);
      assert.equal(h1.state, 'confirmed');
      assert.deepEqual(store.issue(a.id)?.statusDetails, { ignoreCount: 100 }, "the server's fields, not only the patch's");
      assert.equal(store.issue(a.id)?.stats['24h']?.length, 24, 'stats kept');
      assert.equal(h1.rollback(), false, 'a confirmed patch cannot be rolled back (Undo is a new patch)');
      assert.equal(store.issue(a.id)?.status, 'ignored');

      const h2 = store.apply({ issueIds: [b.id], change: { isBookmarked: true } });
      h2.confirm();
      assert.equal(store.issue(b.id)?.isBookmarked, true);
      await store.load(WORKER, true);
      assert.equal(store.issue(b.id)?.isBookmarked, false, "a later answer is the server's word again (the sandbox has no writes yet)");
    });

    it("confirm(undefined, answer): of a PUT's partial answer, the fields the patch changed win over the change; others are ignored", async () => {
      const store = newStore();
      const [a] = (await store.load(WORKER)).issues;
      const h = store.apply({ issueIds: [a.id], change: { assignedTo: { type: 'user', id: '1', name: '1' }, status: 'unresolved' } });
      const jane = { type: 'user', id: '1', name: 'Jane Doe', email: 'jane@example.com' };
      assert.equal(h.confirm(undefined, { assignedTo: jane, title: 'from the answer', count: undefined }), true);
      assert.deepEqual(store.issue(a.id)?.assignedTo, jane, "the server's resolved assignee");
      assert.equal(store.issue(a.id)?.title, a.title, 'a field the patch did not change is not taken from the answer');
      assert.equal(store.issue(a.id)?.count, a.count);
    });

    it('two patches on one issue apply in order; rolling back the first keeps the second', async () => {
      const store = newStore();
      const target = (await store.load(ALL)).issues.find((i) => i.status === 'unresolved')!;
      const resolve = store.apply({ issueIds: [target.id], change: { status: 'resolved' } });
      const archive = store.apply({ issueIds: [target.id], change: { status: 'ignored', isBookmarked: true } });
      assert.deepEqual(store.pendingFor(target.id), [resolve.seq, archive.seq]);
      assert.equal(store.issue(target.id)?.status, 'ignored', 'the later one wins');
      resolve.rollback();
      assert.equal(store.issue(target.id)?.status, 'ignored');
      assert.equal(store.issue(target.id)?.isBookmarked, true);
      archive.rollback();
      assert.equal(store.issue(target.id)?.status, 'unresolved');
      assert.equal(store.issue(target.id)?.isBookmarked, target.isBookmarked);
    });

    it('whenSettled lets a writer send its requests for one issue one after the other', async () => {
      const store = newStore();
      const target = (await store.load(WORKER)).issues[0];
      const first = store.apply({ issueIds: [target.id], change: { status: 'resolved' } });
      let settled = false;
      const waiting = store.whenSettled(target.id).then(() => (settled = true));
      await pause(10);
      assert.equal(settled, false);
      first.confirm();
      await waiting;
      assert.equal(settled, true);
      await store.whenSettled(target.id);
    });

    it('a confirmation older than one already confirmed does not overwrite it', async () => {
      const store = newStore();
      const target = (await store.load(ALL)).issues.find((i) => i.status === 'unresolved')!;
      const resolve = store.apply({ issueIds: [target.id], change: { status: 'resolved' } });
      const unresolve = store.apply({ issueIds: [target.id], change: { status: 'unresolved' } });
      unresolve.confirm([{ ...target, status: 'unresolved' }]);
      assert.equal(store.issue(target.id)?.status, 'unresolved', 'the older pending patch no longer applies over the newer confirmation');
      resolve.confirm([{ ...target, status: 'resolved' }]);
      assert.equal(store.issue(target.id)?.status, 'unresolved', "the user's last action stands");
    });

    it('a list load that answers while a patch is pending does not resurrect the old state', async () => {
      const store = newStore();
      const list = await store.load(UNRESOLVED);
      const target = list.issues[5];
      box.get().control.faults.add({ path: 'issues/$', latencyMs: 200, count: 1 });
      const refresh = store.load(UNRESOLVED, true);
      await pause(50);
      const handle = store.apply({ issueIds: [target.id], change: { status: 'resolved' } });
      const answered = await refresh;
      assert.equal(store.issue(target.id)?.status, 'resolved', 'the pending patch is laid over the fresh data');
      assert.ok(!answered.issues.some((i) => i.id === target.id), 'and it stays out of the unresolved list');
      assert.equal(answered.hits, answered.serverHits! - 1);
      handle.rollback();
      assert.equal(store.issue(target.id)?.status, 'unresolved', 'rolled back: the fresh data shows');
      assert.ok(store.peek(UNRESOLVED)!.issues.some((i) => i.id === target.id));
    });

    it('a list load made before a confirmation and answering after it does not overwrite the confirmation', async () => {
      const store = newStore();
      const list = await store.load(UNRESOLVED);
      const target = list.issues[7];
      box.get().control.faults.add({ path: 'issues/$', latencyMs: 200, count: 1 });
      const refresh = store.load(UNRESOLVED, true);
      await pause(50);
      store.apply({ issueIds: [target.id], change: { status: 'resolved' } }).confirm([{ ...target, status: 'resolved', statusDetails: { inRelease: 'latest' } }]);
      await refresh;
      assert.equal(store.issue(target.id)?.status, 'resolved');
      assert.deepEqual(store.issue(target.id)?.statusDetails, { inRelease: 'latest' });
      assert.ok(!store.peek(UNRESOLVED)!.issues.some((i) => i.id === target.id));
      await store.load(UNRESOLVED, true);
      assert.equal(store.issue(target.id)?.status, 'unresolved', "a request made after the confirmation is the server's word (the sandbox has no writes yet)");
    });

    it('a patch over many issues in several lists is one event; bulk ids are deduplicated', async () => {
      const store = newStore();
      await store.load(UNRESOLVED);
      await store.loadMore(UNRESOLVED);
      await store.loadMore(UNRESOLVED);
      await store.load(ALL);
      const ids = store.peek(UNRESOLVED)!.issues.map((i) => i.id);
      const seen = record(store);
      const handle = store.apply({ issueIds: [...ids, ...ids.slice(0, 10)], change: { status: 'resolved' } });
      assert.equal(handle.issueIds.length, ids.length);
      assert.equal(seen.length, 1);
      assert.equal(seen[0].issues.length, ids.length);
      assert.equal(store.peek(UNRESOLVED)!.issues.length, 0);
      assert.equal(store.peek(UNRESOLVED)!.hits, 0);
      handle.rollback();
      assert.equal(store.peek(UNRESOLVED)!.issues.length, ids.length);
    });

    it('assign to someone else: the issue leaves "assigned to me" when the store knows who I am', async () => {
      const store = newStore(undefined, '1');
      const mine = await store.load({ ...UNRESOLVED, query: 'is:unresolved assigned:me' });
      assert.ok(mine.issues.length > 0, 'the sandbox assigns some issues to the token user');
      const target = mine.issues[0];
      const handle = store.apply({ issueIds: [target.id], change: { assignedTo: { type: 'user', id: '2', name: 'John' } } });
      assert.ok(!store.peek({ ...UNRESOLVED, query: 'is:unresolved assigned:me' })!.issues.some((i) => i.id === target.id));
      handle.rollback();
      store.apply({ issueIds: [target.id], change: { assignedTo: null } });
      assert.ok(!store.peek({ ...UNRESOLVED, query: 'is:unresolved assigned:me' })!.issues.some((i) => i.id === target.id), 'unassigned: out as well');
    });

    it('a patch on an issue not loaded yet shows once it arrives', async () => {
      const store = newStore();
      const id = box
        .get()
        .seed.issuesOf('worker')
        .find((i) => i.status === 'unresolved')!.id;
      const handle = store.apply({ issueIds: [id], change: { isBookmarked: true } });
      assert.equal(store.issue(id), undefined);
      await store.load(WORKER);
      assert.equal(store.issue(id)?.isBookmarked, true);
      handle.rollback();
      assert.equal(store.issue(id)?.isBookmarked, false);
    });

    it('never a patch without ids, with an id that is not one, or changing an id', () => {
      const store = newStore();
      assert.throws(() => store.apply({ issueIds: [], change: { status: 'resolved' } }), RangeError);
      assert.throws(() => store.apply({ issueIds: ['1', 'abc'], change: { status: 'resolved' } }), RangeError);
      assert.throws(() => store.apply({ issueIds: ['1'], change: { id: '2' } }), RangeError);
      assert.deepEqual(store.pendingFor('1'), [], 'nothing was recorded');
    });

    it('clear() drops pending patches: their handles do nothing and report "dropped"', async () => {
      const store = newStore();
      const target = (await store.load(WORKER)).issues[0];
      const handle = store.apply({ issueIds: [target.id], change: { status: 'resolved' } });
      store.clear();
      assert.equal(handle.state, 'dropped');
      assert.equal(await handle.settled, 'dropped');
      assert.equal(handle.confirm([{ ...target, status: 'resolved' }]), false);
      assert.equal(handle.rollback(), false);
      await store.load(WORKER);
      assert.equal(store.issue(target.id)?.status, target.status, 'nothing of the old session comes back');
    });

    it('issues handed out are frozen: a consumer cannot change the store by mutating them', async () => {
      const store = newStore();
      const list = await store.load(WORKER);
      assert.throws(() => {
        (list.issues[0] as { status: string }).status = 'resolved';
      }, TypeError);
      assert.throws(() => (list.issues as Issue[]).pop(), TypeError);
    });
  });
});
