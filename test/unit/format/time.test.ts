// Relative and absolute times: a date the server did not send (null, as Sentry sends an issue's
// firstSeen and lastSeen when it has no seen stats) or one that does not parse reads "unknown".
import assert from 'node:assert/strict';
import { absoluteTime, relativeTime, steppedRelativeTime } from '../../../src/format/time';

const now = Date.parse('2026-11-22T05:29:00Z');

describe('format/time', () => {
  it('a date reads relative to now and in UTC', () => {
    assert.equal(relativeTime('2026-11-22T02:29:00Z', now), '3h ago');
    assert.equal(absoluteTime('2026-11-22T05:29:00Z'), 'Nov 22, 2026, 5:29:00 AM UTC');
  });

  it('null, undefined and an unparseable date read "unknown", never 1970, NaN or Invalid Date', () => {
    for (const v of [null, undefined, 'yesterday', '']) {
      assert.equal(relativeTime(v, now), 'unknown', String(v));
      assert.equal(absoluteTime(v), 'unknown', String(v));
    }
  });

  it("a list row's time moves in steps: minutes up to five, then every five minutes up to an hour, then as relativeTime", () => {
    const ago = (ms: number) => steppedRelativeTime(now - ms, now);
    assert.equal(ago(0), 'just now');
    assert.equal(ago(45_000), 'just now');
    assert.equal(ago(60_000), '1m ago');
    assert.equal(ago(4 * 60_000 + 59_000), '4m ago');
    assert.equal(ago(5 * 60_000), '5m ago');
    assert.equal(ago(9 * 60_000 + 59_000), '5m ago');
    assert.equal(ago(10 * 60_000), '10m ago');
    assert.equal(ago(59 * 60_000), '55m ago');
    assert.equal(ago(60 * 60_000), relativeTime(now - 60 * 60_000, now));
    assert.equal(ago(3 * 3600_000 + 17 * 60_000), '3h ago');
    // A date ahead of this machine's clock, and none: as relativeTime says them.
    assert.equal(steppedRelativeTime(now + 7 * 60_000, now), relativeTime(now + 7 * 60_000, now));
    assert.equal(steppedRelativeTime(null, now), 'unknown');
    // Over an hour of a row last seen 2 minutes before the hour began, it shows 15 texts (2m, 3m, 4m, 5m … 55m, 1h), not 60.
    const texts = new Set<string>();
    for (let m = 0; m < 60; m++) texts.add(steppedRelativeTime(now - 2 * 60_000, now + m * 60_000));
    assert.equal(texts.size, 15);
  });
});
