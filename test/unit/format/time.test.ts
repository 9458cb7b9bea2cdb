// Relative and absolute times: a date the server did not send (null, as Sentry sends an issue's
// firstSeen and lastSeen when it has no seen stats) or one that does not parse reads "unknown".
import assert from 'node:assert/strict';
import { absoluteTime, relativeTime } from '../../../src/format/time';

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
});
