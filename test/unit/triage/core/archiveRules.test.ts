// Typed archive input: read, or refused with a sentence, before anything is sent.
import assert from 'node:assert/strict';
import { MAX_COUNT, MAX_WINDOW_MINUTES, parseCount, parseDuration, parseWindow, validateArchiveUntil } from '../../../../src/triage/core/archiveRules';

describe('archive input', () => {
  it('durations with a unit; a bare number is minutes', () => {
    assert.deepEqual(parseDuration('45m'), { value: 45 });
    assert.deepEqual(parseDuration(' 3h '), { value: 180 });
    assert.deepEqual(parseDuration('2D'), { value: 2880 });
    assert.deepEqual(parseDuration('1w'), { value: 10080 });
    assert.deepEqual(parseDuration('90'), { value: 90 });
    assert.deepEqual(parseDuration('52w'), { value: 524160 });
  });

  it('refuses what is not a duration, zero and more than a year, with a message', () => {
    for (const bad of ['', 'soon', '3 hours', '-1h', '1.5h', '0m', '53w', '1y']) {
      const r = parseDuration(bad);
      assert.ok('error' in r && r.error.length > 10, bad);
    }
    assert.match((parseDuration('53w') as { error: string }).error, /Forever/);
  });

  it('a window is at most a week', () => {
    assert.deepEqual(parseWindow('1w'), { value: MAX_WINDOW_MINUTES });
    assert.deepEqual(parseWindow('24h'), { value: 1440 });
    assert.match((parseWindow('8d') as { error: string }).error, /week/);
    assert.ok('error' in parseWindow('10081'));
  });

  it('counts: positive whole numbers up to a million, separators allowed', () => {
    assert.deepEqual(parseCount('100'), { value: 100 });
    assert.deepEqual(parseCount(' 1,000 '), { value: 1000 });
    assert.deepEqual(parseCount('1_000_000'), { value: MAX_COUNT });
    for (const bad of ['0', '-5', '2.5', 'ten', '', '1000001', '1e3']) assert.ok('error' in parseCount(bad), bad);
  });

  it('checks a whole condition, with the reason', () => {
    assert.equal(validateArchiveUntil('escalating'), undefined);
    assert.equal(validateArchiveUntil('forever'), undefined);
    assert.equal(validateArchiveUntil({ count: 5, windowMinutes: 10080 }), undefined);
    assert.match(validateArchiveUntil({ count: 5, windowMinutes: 10081 }) ?? '', /window.*10,080/);
    assert.match(validateArchiveUntil({ users: 0 }) ?? '', /number of users/);
    assert.match(validateArchiveUntil({ minutes: 0.5 }) ?? '', /whole number/);
  });
});
