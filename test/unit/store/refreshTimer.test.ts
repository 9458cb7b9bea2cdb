import assert from 'node:assert/strict';
import { RefreshTimer } from '../../../src/store/refreshTimer';
import { answerOf, nextRefreshDelay } from '../../../src/store/refreshPolicy';

const DAY = 86_400_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('background refresh timer', () => {
  it('a delay of 25 days (a rate-limit reset) waits, it does not overflow into a 1 ms loop', async () => {
    let runs = 0;
    const timer = new RefreshTimer(
      async () => void runs++,
      () => 25 * DAY,
    );
    timer.schedule();
    await pause(300);
    timer.dispose();
    assert.equal(runs, 0);
  });

  it("the policy's delay for a 429 with a 25-day reset, on a real timer, runs nothing for a while", async () => {
    let runs = 0;
    const now = Date.now();
    const timer = new RefreshTimer(
      async () => void runs++,
      () => nextRefreshDelay(1000, { rateLimitedRuns: 1, resetAt: now + 25 * DAY }, Date.now()),
    );
    timer.schedule();
    await pause(300);
    timer.dispose();
    assert.equal(runs, 0);
  });

  it('runs after its delay and arms itself again', async () => {
    let runs = 0;
    const timer = new RefreshTimer(
      async () => void runs++,
      () => 20,
    );
    timer.schedule();
    await pause(250);
    timer.dispose();
    assert.ok(runs >= 3, `${runs} runs`);
  });

  it('no delay (refresh off) arms nothing', async () => {
    let runs = 0;
    const timer = new RefreshTimer(
      async () => void runs++,
      () => undefined,
    );
    timer.schedule();
    assert.equal(timer.armed, false);
    await pause(50);
    assert.equal(runs, 0);
  });

  it('is never re-armed after dispose, not even by a run that was under way', async () => {
    let runs = 0;
    let release!: () => void;
    const timer = new RefreshTimer(
      () => {
        runs++;
        return new Promise<void>((r) => (release = r));
      },
      () => 10,
    );
    timer.schedule();
    await pause(50);
    assert.equal(runs, 1, 'the first run is under way');
    timer.dispose();
    release();
    await pause(100);
    assert.equal(timer.armed, false);
    assert.equal(runs, 1);
    timer.schedule();
    assert.equal(timer.armed, false, 'schedule after dispose is a no-op');
  });

  it('a failing run still arms the next one', async () => {
    let runs = 0;
    const timer = new RefreshTimer(
      async () => {
        runs++;
        throw new Error('boom');
      },
      () => 10,
    );
    timer.schedule();
    await pause(100);
    timer.dispose();
    assert.ok(runs >= 2, `${runs} runs`);
  });

  it('the policy never gives a delay a timer would misread', () => {
    const now = Date.now();
    assert.equal(nextRefreshDelay(60_000, { rateLimitedRuns: 1, resetAt: NaN }, now), 120_000);
    assert.equal(nextRefreshDelay(60_000, { rateLimitedRuns: 0, rateLimit: { remaining: 0, resetAt: Infinity } }, now), 60_000);
    assert.ok(nextRefreshDelay(60_000, { rateLimitedRuns: 1, resetAt: now + 25 * DAY }, now)! >= 25 * DAY - 1);
  });

  it('only a new answer of a list counts for the policy: not a load that started, not the same answer named again', () => {
    const answered = { loading: false, loadedAt: 1000 };
    assert.equal(answerOf({ ...answered, loading: true }), undefined);
    assert.equal(answerOf(answered), answerOf({ ...answered }), 'the same answer, named by another change');
    assert.notEqual(answerOf({ ...answered, failedAt: 2000, error: new Error('429') }), answerOf(answered), 'a failure is an answer');
    assert.notEqual(answerOf({ ...answered, nextCursor: 'c2' }), answerOf({ ...answered, nextCursor: 'c1' }), 'a next page is an answer');
  });
});
