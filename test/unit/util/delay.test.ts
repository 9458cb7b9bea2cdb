import assert from 'node:assert/strict';
import { clampDelay, MAX_TIMER_MS, sleep } from '../../../src/util/delay';

describe('timer delays', () => {
  it('clamps what setTimeout would overflow (25 days fired after 1 ms)', () => {
    assert.equal(clampDelay(25 * 24 * 3600 * 1000), MAX_TIMER_MS);
    assert.equal(clampDelay(3_000_000 * 1000), MAX_TIMER_MS);
    assert.equal(clampDelay(Infinity), MAX_TIMER_MS);
    assert.equal(clampDelay(-5), 0);
    assert.equal(clampDelay(NaN, MAX_TIMER_MS, 5000), 5000);
    assert.equal(clampDelay(90_000, 60_000), 60_000);
  });
  it('sleep ends early when aborted', async () => {
    const ac = new AbortController();
    const p = sleep(10 * 24 * 3600 * 1000, ac.signal);
    ac.abort();
    await assert.rejects(p);
  });
});
