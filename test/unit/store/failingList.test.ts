// The Issues view's lists (in the issue store) against the sandbox: a failing list is cached with
// its error, so a view that re-renders on every change (as VS Code's tree does) cannot turn an
// error into a request loop.
import assert from 'node:assert/strict';
import type { FaultSpec } from '../../sandbox/index';
import { IssueStore } from '../../../src/store/issueStore';
import type { ListSpec } from '../../../src/store/listSpec';
import { DEFAULT_FILTER, toParams } from '../../../src/issues/core/filter';
import { clientFor, useSandbox } from '../api/sandbox';

const ORG = 'acme';
const PROJECT = 'web-frontend';
/** Both issue list endpoints: the organization one answers first, the project one where it is missing (404). */
const ISSUES = /^\/api\/0\/(?:organizations\/acme|projects\/acme\/[a-z-]+)\/issues\/$/;
const DAY = 86_400_000;
/** The list the Issues view shows by default. */
const SPEC: ListSpec = { org: ORG, project: PROJECT, ...toParams(DEFAULT_FILTER) };

describe('Issues view lists: a failing list costs at most its retries', () => {
  const box = useSandbox();
  const requests = () => box.get().control.requests.list({ path: ISSUES }).length;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** A store whose every change re-renders asynchronously and loads again, like the tree. */
  function renderingStore(now?: () => number): { store: IssueStore; renders: () => number; stop: () => void } {
    const store = new IssueStore(async () => clientFor(box.get()), now);
    let renders = 0;
    let stopped = false;
    store.onDidChange(() => {
      setTimeout(() => {
        if (stopped) return;
        renders++;
        void store.load(SPEC);
      }, 0);
    });
    return { store, renders: () => renders, stop: () => ((stopped = true), store.dispose()) };
  }

  // `status` as well as `respond`: the sandbox applies a `respond` fault only when it also has a status.
  const resetIn25Days = () => String(Math.ceil((Date.now() + 25 * DAY) / 1000));
  const cases: [string, () => FaultSpec, number, RegExp][] = [
    ['410 (endpoint removed)', () => ({ path: 'issues/$', gone: true }), 1, /no longer offers/],
    // A 404 of the organization endpoint is asked again through the project one (an old server), which answers 404 too.
    ['404', () => ({ path: 'issues/$', status: 404 }), 2, /web-frontend/],
    ['403', () => ({ path: 'issues/$', status: 403 }), 1, /event:read/],
    ['500 after its two retries', () => ({ path: 'issues/$', status: 500 }), 3, /HTTP 500/],
    ['429 without rate-limit headers after its two waits', () => ({ path: 'issues/$', status: 429 }), 3, /rate-limiting/],
    [
      '429 with a reset 25 days away',
      () => ({
        path: 'issues/$',
        status: 429,
        respond: { status: 429, headers: { 'x-sentry-rate-limit-reset': resetIn25Days(), 'x-sentry-rate-limit-remaining': '0' }, body: '{"detail":"slow down"}' },
      }),
      1,
      /rate-limiting/,
    ],
    ['a malformed body', () => ({ path: 'issues/$', malformed: true }), 1, /does not understand/],
    ['a body cut off', () => ({ path: 'issues/$', truncated: true }), 1, /cut off|not valid/],
  ];
  for (const [name, fault, allowed, message] of cases) {
    it(`${name}: ${allowed} request(s) over a second of re-rendering, then Retry (force) asks once more`, async () => {
      const sb = box.get();
      sb.control.faults.add(fault());
      const { store, renders, stop } = renderingStore();
      try {
        const first = await store.load(SPEC);
        assert.ok(first.error, 'the list failed');
        assert.match((first.error as Error).message, message);
        await pause(1000);
        assert.ok(renders() >= 1, 'the view re-rendered after the error');
        assert.equal(requests(), allowed, `${requests()} requests after ${renders()} renders`);
        assert.equal(store.peek(SPEC)?.error, first.error, 'the error stays cached');
        // The user acts: Retry / Refresh forces one more load, and only one.
        sb.control.faults.clear();
        const again = await store.load(SPEC, true);
        assert.equal(again.error, undefined);
        assert.equal(again.issues.length, 100);
        await pause(200);
        assert.equal(requests(), allowed + 1);
      } finally {
        stop();
      }
    });
  }

  it('a failed list is due for the next scheduled refresh one interval after it failed, not at once', async () => {
    let now = Date.now();
    box.get().control.faults.add({ path: 'issues/$', status: 404 });
    const store = new IssueStore(
      async () => clientFor(box.get()),
      () => now,
    );
    await store.load(SPEC);
    assert.equal(store.stale(60_000).length, 0, 'fresh right after it failed');
    now += 60_000;
    assert.equal(store.stale(60_000).length, 1, 'due one interval later');
  });

  it('a rate-limited list counts as fresh until its reset, whatever the interval', async () => {
    let now = Date.now();
    const resetAt = Math.ceil((now + 25 * DAY) / 1000) * 1000;
    box.get().control.faults.add({ path: 'issues/$', status: 429, respond: { status: 429, headers: { 'x-sentry-rate-limit-reset': String(resetAt / 1000) }, body: '{"detail":"slow down"}' } });
    const store = new IssueStore(
      async () => clientFor(box.get()),
      () => now,
    );
    const list = await store.load(SPEC);
    assert.equal((list.error as { resetAt?: number }).resetAt, resetAt);
    now += 10 * DAY;
    assert.equal(store.stale(1000).length, 0, 'still fresh ten days later');
    now = resetAt - 1;
    assert.equal(store.stale(1000).length, 0, 'still fresh just before the reset');
    now = resetAt;
    assert.equal(store.stale(1000).length, 1, 'due at the reset');
  });
});
