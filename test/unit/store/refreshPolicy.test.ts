// The rules of the background refreshes' delay (src/store/refreshPolicy.ts), without timers.
import assert from 'node:assert/strict';
import { nextRefreshDelay } from '../../../src/store/refreshPolicy';

describe('background refresh policy', () => {
  it('off at 0, the interval normally', () => {
    assert.equal(nextRefreshDelay(0, { rateLimitedRuns: 0 }, 0), undefined);
    assert.equal(nextRefreshDelay(300_000, { rateLimitedRuns: 0 }, 0), 300_000);
  });
  it('doubles after each 429 and waits for the reset', () => {
    assert.equal(nextRefreshDelay(300_000, { rateLimitedRuns: 1 }, 0), 600_000);
    assert.equal(nextRefreshDelay(300_000, { rateLimitedRuns: 2 }, 0), 1_200_000);
    assert.equal(nextRefreshDelay(1000, { rateLimitedRuns: 1, resetAt: 50_000 }, 0), 50_000);
    assert.equal(nextRefreshDelay(300_000, { rateLimitedRuns: 10 }, 0), 3_600_000);
  });
  it('waits for the reset when the remaining budget is nearly spent', () => {
    assert.equal(nextRefreshDelay(1000, { rateLimitedRuns: 0, rateLimit: { remaining: 2, resetAt: 9000 } }, 0), 9000);
    assert.equal(nextRefreshDelay(1000, { rateLimitedRuns: 0, rateLimit: { remaining: 50, resetAt: 9000 } }, 0), 1000);
  });
});
