// A 429 holds its budget for every request on it, also while the request that got it waits
// inline, and also when the server names no reset (an nginx limit in front of self-hosted Sentry):
// the marks send four requests at once on the issue lists' budget, which the tree shares.
import assert from 'node:assert/strict';
import { budgetOf } from '../../../src/api/rateLimitHolds';
import type { SentryClient } from '../../../src/api/client';
import type { Sandbox } from '../../sandbox';
import { clientFor, useSandbox } from './sandbox';

const ORG = 'acme';

/**
 * The client's sleep on the sandbox's virtual clock: each wait is parked until the test releases
 * it, so what is sent while a request waits is seen without depending on real time.
 */
function parkedSleep(sb: Sandbox) {
  const parked: { ms: number; resolve: () => void }[] = [];
  const listeners: (() => void)[] = [];
  return {
    parked,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        parked.push({ ms, resolve });
        for (const l of listeners.splice(0)) l();
      }),
    /** Resolves once `n` waits have been parked. */
    reached(n: number): Promise<void> {
      return new Promise((resolve) => {
        const check = () => (parked.length >= n ? resolve() : listeners.push(check));
        check();
      });
    },
    /** Moves the clock past the longest parked wait and ends them all. */
    releaseAll(): void {
      const waits = parked.splice(0);
      sb.control.clock.advance(Math.max(0, ...waits.map((w) => w.ms)));
      for (const w of waits) w.resolve();
    },
  };
}

describe('API client: a 429 holds its budget for every request on it', () => {
  // A frozen base clock: the sandbox's time moves only when a test (or its sleep) advances it.
  const frozen = Date.now();
  const box = useSandbox({ now: () => frozen });
  const issueId = () => box.get().seed.bigIssue.id;
  const budget = () => budgetOf('GET', `/api/0/organizations/${ORG}/issues/${issueId()}/events/`);
  const eventStatuses = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => /\/events\/$/.test(r.path))
      .map((r) => r.status);
  const events = (c: SentryClient) => c.listIssueEvents(ORG, issueId(), { perPage: 1 });
  /** Whether a request was sent and settled, or parked in a wait, whichever comes first. */
  const sentOrParked = (p: Promise<unknown>, parked: Promise<void>) =>
    Promise.race([
      p.then(
        () => 'sent',
        () => 'failed',
      ),
      parked.then(() => 'parked'),
    ]);

  it('a near reset: the budget is held at once, and requests started while the first waits inline wait for the reset instead of being sent', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/events/$', count: 1, rateLimited: { resetInSeconds: 2 } });
    const park = parkedSleep(sb);
    const resets: (number | undefined)[] = [];
    const c = clientFor(sb, undefined, { now: () => sb.control.clock.now(), sleep: park.sleep, random: () => 0, onResponse: (r) => void resets.push(r.rateLimit?.resetAt) });
    const first = events(c);
    await park.reached(1);
    const held = c.http.heldBackUntil(budget());
    assert.ok(resets[0] !== undefined && resets[0] > sb.control.clock.now());
    assert.equal(held, resets[0], 'held until the reset while the first request waits inline');
    // Three more, as the marks' parallel workers would start them.
    const more = [events(c), events(c), events(c)];
    const outcomes = await Promise.all(more.map((p, i) => sentOrParked(p, park.reached(2 + i))));
    assert.deepEqual(outcomes, ['parked', 'parked', 'parked']);
    assert.deepEqual(eventStatuses(), [429], 'nothing more was sent before the reset');
    const now = sb.control.clock.now();
    for (const w of park.parked.slice(1)) assert.equal(w.ms, held! - now, 'each waits until the reset');
    park.releaseAll();
    for (const page of await Promise.all([first, ...more])) assert.equal(page.items.length, 1);
    assert.deepEqual(eventStatuses(), [429, 200, 200, 200, 200], 'the one that waited inline retried despite its own hold');
    assert.equal(c.http.heldBackUntil(budget()), undefined);
  });

  it('a far reset: a request on the held budget is refused at once, neither sent nor waited', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/events/$', count: 1, rateLimited: { resetInSeconds: 60 } });
    const park = parkedSleep(sb);
    const c = clientFor(sb, undefined, { now: () => sb.control.clock.now(), sleep: park.sleep, maxRateLimitWaitMs: 10_000 });
    await assert.rejects(events(c), { kind: 'rateLimited' });
    await assert.rejects(events(c), /not sent/);
    assert.equal(park.parked.length, 0);
    assert.deepEqual(eventStatuses(), [429]);
  });

  it('releaseHold lets a request go at once while another waits out the reset inline', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/events/$', count: 1, rateLimited: { resetInSeconds: 2 } });
    const park = parkedSleep(sb);
    const c = clientFor(sb, undefined, { now: () => sb.control.clock.now(), sleep: park.sleep });
    const first = events(c);
    await park.reached(1);
    c.http.releaseHold(budget());
    assert.equal((await events(c)).items.length, 1);
    assert.deepEqual(eventStatuses(), [429, 200]);
    park.releaseAll();
    assert.equal((await first).items.length, 1);
  });

  it('a 429 without any reset (nginx): the budget is held for the backoff the client retries after', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/events/$', count: 1, rateLimited: { headers: false, body: 'html' } });
    const park = parkedSleep(sb);
    const c = clientFor(sb, undefined, { now: () => sb.control.clock.now(), sleep: park.sleep, random: () => 0, retryBaseDelayMs: 1000 });
    const first = events(c);
    await park.reached(1);
    const backoff = park.parked[0].ms;
    assert.equal(backoff, 500);
    assert.equal(c.http.heldBackUntil(budget()), sb.control.clock.now() + backoff);
    const second = events(c);
    assert.equal(await sentOrParked(second, park.reached(2)), 'parked');
    assert.equal(park.parked[1].ms, backoff);
    assert.deepEqual(eventStatuses(), [429]);
    park.releaseAll();
    assert.equal((await first).items.length, 1);
    assert.equal((await second).items.length, 1);
    assert.deepEqual(eventStatuses(), [429, 200, 200]);
  });

  it('a 429 without any reset, reported after the inline retries: the next request waits the backoff before it is sent', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/events/$', count: 3, rateLimited: { headers: false } });
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
      sb.control.clock.advance(ms);
    };
    const c = clientFor(sb, undefined, { now: () => sb.control.clock.now(), sleep, random: () => 0, retryBaseDelayMs: 1000 });
    const err = await events(c).catch((e) => e);
    assert.equal(err.kind, 'rateLimited');
    assert.deepEqual(slept, [500, 1000]);
    assert.deepEqual(eventStatuses(), [429, 429, 429]);
    const held = c.http.heldBackUntil(budget());
    assert.equal(held, sb.control.clock.now() + 2000, 'held for the next backoff step');
    assert.equal((await events(c)).items.length, 1);
    assert.deepEqual(slept, [500, 1000, 2000]);
    assert.deepEqual(eventStatuses(), [429, 429, 429, 200]);
    assert.ok(sb.control.requests.list().at(-1)!.at >= held!, 'sent after the hold');
  });
});
