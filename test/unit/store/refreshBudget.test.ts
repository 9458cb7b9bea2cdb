// The background refreshes' one rate-limit state (src/store/refreshBudget.ts): what the Issues view's
// lists and the editor's searches report, the delay both timers are given, and the client's 429 hold
// on their budget, which both reach only through it. The store's part and the holds run against the
// sandbox over HTTP.
import assert from 'node:assert/strict';
import { RateLimitedError } from '../../../src/api/errors';
import { IssueStore } from '../../../src/store/issueStore';
import type { ListSpec } from '../../../src/store/listSpec';
import { RefreshBudget } from '../../../src/store/refreshBudget';
import { DEFAULT_FILTER, toParams } from '../../../src/issues/core/filter';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

const INTERVAL = 300_000;

describe('refresh budget', () => {
  it('the interval while nothing went wrong; nothing when refresh is off', () => {
    const budget = new RefreshBudget(() => 0);
    assert.equal(budget.nextDelay(INTERVAL), INTERVAL);
    assert.equal(budget.nextDelay(0), undefined);
    budget.noteAnswer(undefined);
    assert.equal(budget.nextDelay(INTERVAL), INTERVAL);
  });

  it('a 429 backs off until its reset, each further one doubles the wait, an answer starts over', () => {
    let now = 1_000;
    const budget = new RefreshBudget(() => now);
    budget.noteAnswer(new RateLimitedError(now + 900_000, undefined));
    assert.equal(budget.state.rateLimitedRuns, 1);
    assert.equal(budget.nextDelay(INTERVAL), 900_000, 'the reset is later than twice the interval');
    budget.noteAnswer(new RateLimitedError(undefined, undefined));
    assert.equal(budget.nextDelay(INTERVAL), 4 * INTERVAL);
    now += 60_000;
    budget.noteAnswer(new Error('a server error changes nothing'));
    assert.equal(budget.state.rateLimitedRuns, 2);
    budget.noteAnswer(undefined);
    assert.deepEqual(budget.state, { rateLimitedRuns: 0, rateLimit: undefined });
    assert.equal(budget.nextDelay(INTERVAL), INTERVAL);
  });

  it('a nearly spent budget waits for its reset; an answer without headers keeps the latest seen', () => {
    const budget = new RefreshBudget(() => 0);
    budget.noteRateLimit({ limit: 40, remaining: 3, resetAt: 700_000 });
    budget.noteRateLimit(undefined);
    assert.equal(budget.rateLimit?.remaining, 3);
    budget.noteAnswer(undefined);
    assert.equal(budget.nextDelay(INTERVAL), 700_000);
    budget.noteRateLimit({ limit: 40, remaining: 30, resetAt: 700_000 });
    budget.noteAnswer(undefined);
    assert.equal(budget.nextDelay(INTERVAL), INTERVAL);
  });

  it('a list counts once per answer: not while it loads, not when a change names it again; a list gone forgets its answer', () => {
    const budget = new RefreshBudget(() => 0);
    const limited = { loading: false, failedAt: 10, error: new RateLimitedError(undefined, undefined) };
    budget.noteList('a', { loading: true });
    assert.equal(budget.state.rateLimitedRuns, 0);
    budget.noteList('a', limited);
    budget.noteList('a', { ...limited });
    assert.equal(budget.state.rateLimitedRuns, 1);
    budget.noteList('b', limited);
    assert.equal(budget.state.rateLimitedRuns, 2, 'another list, another answer');
    budget.noteList('a', undefined);
    budget.noteList('a', limited);
    assert.equal(budget.state.rateLimitedRuns, 3);
  });

  it('its state is read, never written from outside', () => {
    const budget = new RefreshBudget(() => 0);
    (budget.state as { rateLimitedRuns: number }).rateLimitedRuns = 5;
    assert.equal(budget.state.rateLimitedRuns, 0);
  });
});

describeEachProfile("refresh budget: the store reports its lists' answers", function (profile) {
  this.timeout(30_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  const spec: ListSpec = { org: 'acme', project: 'web-frontend', ...toParams(DEFAULT_FILTER) };

  it('a 429 of a list backs the refreshes off to its reset, named again it counts once, the next answer starts over', async () => {
    const sb = box.get();
    const client = clientFor(sb);
    const store = new IssueStore(async () => client);
    const first = await store.load(spec);
    assert.equal(first.error, undefined);
    assert.equal(store.budget.state.rateLimitedRuns, 0);
    assert.ok(store.budget.rateLimit?.remaining !== undefined, 'the headers of the answer are kept');

    const reset = Math.floor(Date.now() / 1000) + 600;
    const fault = sb.control.faults.add({
      path: 'issues/$',
      status: 429,
      respond: { status: 429, headers: { 'x-sentry-rate-limit-reset': String(reset), 'x-sentry-rate-limit-remaining': '0' }, body: '{"detail":"slow down"}' },
    });
    const limited = await store.load(spec, true);
    assert.equal((limited.error as { kind?: string }).kind, 'rateLimited');
    assert.equal(store.budget.state.rateLimitedRuns, 1);
    assert.ok(store.budget.nextDelay(INTERVAL)! >= reset * 1000 - Date.now() - 1000, 'the next run waits for the reset');

    // A change to one of its issues names the list again, with the same answer.
    store.upsert('acme', [{ ...first.issues[0], title: 'renamed' }]);
    assert.equal(store.budget.state.rateLimitedRuns, 1);

    sb.control.faults.remove(fault);
    store.budget.releaseHold(client);
    const again = await store.load(spec, true);
    assert.equal(again.error, undefined);
    assert.equal(store.budget.state.rateLimitedRuns, 0);
    assert.equal(store.budget.nextDelay(INTERVAL), INTERVAL);
    store.dispose();
  });
});

describeEachProfile("refresh budget: the client's 429 hold on the lists and searches", function (profile) {
  this.timeout(30_000);
  // A frozen base clock: the sandbox's time, the client's and the budget's move only when a test advances it.
  const frozen = Date.now();
  const box = useSandbox({ profile, now: () => frozen });
  const spec: ListSpec = { org: 'acme', project: 'web-frontend', ...toParams(DEFAULT_FILTER) };
  const listRequests = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => /\/issues\/$/.test(r.path)).length;

  function setUp() {
    const sb = box.get();
    const now = () => sb.control.clock.now();
    const client = clientFor(sb, undefined, { now });
    const budget = new RefreshBudget(now);
    return { sb, now, client, budget, store: new IssueStore(async () => client, now, { budget }) };
  }

  it("a list's far 429 holds the lists until its reset: heldUntil names it, afterHold the run just after it, and the hold ends at the reset", async () => {
    const { sb, now, client, budget, store } = setUp();
    assert.equal(budget.heldUntil(client), undefined);
    assert.equal(budget.afterHold(client), undefined);
    sb.control.faults.add({ path: 'issues/$', count: 1, rateLimited: { resetInSeconds: 600 } });
    const limited = await store.load(spec, true);
    const resetAt = (limited.error as { resetAt?: number }).resetAt;
    assert.ok(resetAt !== undefined && resetAt > now() + 590_000, 'beyond what the client waits out inline');
    assert.equal(budget.heldUntil(client), resetAt);
    assert.deepEqual(budget.afterHold(client), { at: resetAt, delayMs: resetAt - now() + 250 });

    // A background reload meanwhile is refused without being sent.
    const sent = listRequests();
    const refused = await store.load(spec, true);
    assert.equal((refused.error as { kind?: string }).kind, 'rateLimited');
    assert.equal(listRequests(), sent);

    sb.control.clock.advance(resetAt - now() - 1_000);
    assert.deepEqual(budget.afterHold(client), { at: resetAt, delayMs: 1_250 }, 'the same hold, nearer');
    sb.control.clock.advance(1_000);
    assert.equal(budget.heldUntil(client), undefined, 'over at the reset');
    assert.equal(budget.afterHold(client), undefined);
    assert.equal((await store.load(spec, true)).error, undefined);
    store.dispose();
  });

  it('a run the hold refuses without sending anything is no further 429: the backoff stays that of the 429 the server answered', async () => {
    // The soak's slow recoveries: during one 429's hold, each reload and each search of a file opened
    // meanwhile was refused by the client itself and counted as one more rate-limited run, so the
    // refreshes waited 5 s x 2^n after the reset (80 s in one run) for a server that had said 30 s.
    const { sb, client, budget, store } = setUp();
    sb.control.faults.add({ path: 'issues/$', count: 1, rateLimited: { resetInSeconds: 30 } });
    const limited = await store.load(spec, true);
    const resetAt = (limited.error as { resetAt?: number }).resetAt!;
    assert.equal(budget.state.rateLimitedRuns, 1);
    const sent = listRequests();
    for (let i = 0; i < 4; i++) {
      sb.control.clock.advance(5_000);
      const refused = await store.load(spec, true);
      assert.equal((refused.error as { kind?: string }).kind, 'rateLimited');
      assert.ok(budget.heldUntil(client) !== undefined);
    }
    assert.equal(listRequests(), sent, 'nothing was sent while held');
    assert.equal(budget.state.rateLimitedRuns, 1, 'one 429 answered by the server');
    sb.control.clock.set(resetAt + 1);
    assert.equal(budget.nextDelay(5_000), 10_000, 'after the reset: twice the interval, as after one 429');
    assert.equal((await store.load(spec, true)).error, undefined);
    assert.equal(budget.state.rateLimitedRuns, 0);
    store.dispose();
  });

  it("releaseHold lets the user's own refresh try once before the reset; another 429 holds the lists anew", async () => {
    const { sb, client, budget, store } = setUp();
    sb.control.faults.add({ path: 'issues/$', count: 2, rateLimited: { resetInSeconds: 600 } });
    await store.load(spec, true);
    const first = budget.heldUntil(client);
    assert.ok(first !== undefined);

    budget.releaseHold(client);
    assert.equal(budget.heldUntil(client), undefined);
    const sent = listRequests();
    sb.control.clock.advance(5_000);
    const again = await store.load(spec, true);
    assert.equal(listRequests(), sent + 1, 'sent despite the pending reset');
    assert.equal((again.error as { kind?: string }).kind, 'rateLimited');
    assert.equal(budget.heldUntil(client), first + 5_000, 'held anew, until the new reset');

    budget.releaseHold(client);
    assert.equal((await store.load(spec, true)).error, undefined);
    assert.equal(budget.heldUntil(client), undefined);
    store.dispose();
  });

  it("the editor's per-file searches share the hold; a 429 on another endpoint is not the budget's", async () => {
    const { sb, client, budget } = setUp();
    sb.control.faults.add({ path: 'issues/$', query: 'stack\\.filename', count: 1, rateLimited: { resetInSeconds: 600 } });
    await assert.rejects(client.listOrganizationIssues('acme', { query: 'stack.filename:src/app/store.ts' }), (e: { kind?: string }) => e.kind === 'rateLimited');
    assert.ok(budget.heldUntil(client) !== undefined, 'a search holds the lists back too');
    budget.releaseHold(client);

    sb.control.faults.add({ path: '/events/$', count: 1, rateLimited: { resetInSeconds: 600 } });
    await assert.rejects(client.listIssueEvents('acme', sb.seed.bigIssue.id, { perPage: 1 }), (e: { kind?: string }) => e.kind === 'rateLimited');
    assert.equal(budget.heldUntil(client), undefined);
    assert.equal(budget.afterHold(client), undefined);
  });
});
