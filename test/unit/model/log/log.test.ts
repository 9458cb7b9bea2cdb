import assert from 'node:assert/strict';
import { errorMoment, logFields, logKey, mergeLogs, readLogs, searchLogs } from '../../../../src/model/log/log';

/**
 * Rows of `GET /organizations/{org}/events/?dataset=logs` with the fields getsentry/cli asks for
 * (src/lib/api/logs.ts LOG_FIELDS and DETAILED_LOG_FIELDS), the public aliases of
 * src/sentry/search/eap/ourlogs/attributes.py; `{data, meta}` as the OpenAPI excerpt's events answer.
 */
function answer(): unknown {
  return {
    data: [
      {
        'sentry.item_id': '0198a1b2c3d4e5f60718293a4b5c6d7e',
        timestamp: '2026-11-28T10:00:02+00:00',
        timestamp_precise: 1795860002000000000,
        severity: 'ERROR',
        message: 'payment failed for token=sk_live_abcdefghijklmnop1234',
        trace: 'b4d1aae7216b47ff8117cf4e09ce9d0b',
        'code.file.path': 'src/payments/charge.ts',
        'code.line.number': 88,
        environment: 'production',
      },
      {
        'sentry.item_id': '0198a1b2c3d4e5f60718293a4b5c6d7f',
        timestamp: '2026-11-28T10:00:01+00:00',
        timestamp_precise: 1795860001000000000,
        severity: 'info',
        message: 'charging card',
        trace: 'b4d1aae7216b47ff8117cf4e09ce9d0b',
        'code.file.path': null,
        'code.line.number': null,
        environment: 'production',
      },
    ],
    meta: { fields: { timestamp: 'date', timestamp_precise: 'number' }, units: {}, dataset: 'logs' },
    confidence: [{}, {}],
  };
}

describe('model/log: readLogs', () => {
  it('reads rows oldest first with level, message, code location and attributes, masked', () => {
    const page = readLogs(answer());
    assert.deepEqual(
      page.logs.map((l) => [l.level, l.code?.file, l.code?.line]),
      [
        ['info', undefined, undefined],
        ['error', 'src/payments/charge.ts', 88],
      ],
    );
    assert.equal(page.logs[0].timestamp, Date.parse('2026-11-28T10:00:01Z'));
    assert.deepEqual(page.logs[0].attributes, [['environment', 'production']]);
    assert.ok(!page.logs[1].message.includes('sk_live_abcdef'), page.logs[1].message);
    assert.ok(page.masked >= 1);
  });

  it('reads the older ourlogs names (log.body, log.severity_text) and asks for them on ourlogs', () => {
    const page = readLogs({ data: [{ 'sentry.item_id': 'a1', timestamp: '2025-05-01T00:00:00Z', 'log.severity_text': 'warn', 'log.body': 'slow' }] });
    assert.deepEqual(
      page.logs.map((l) => [l.level, l.message]),
      [['warn', 'slow']],
    );
    assert.ok(logFields('ourlogs').includes('log.body'));
    assert.ok(logFields('logs').includes('message'));
    assert.ok(logFields('logs').length <= 20);
  });

  it('skips rows without an id or a time, and reads anything else as no logs', () => {
    assert.equal(readLogs({ data: [{ message: 'x' }, { 'sentry.item_id': 'a', timestamp: 'never' }, 7] }).logs.length, 0);
    assert.equal(readLogs({ detail: 'x' }).logs.length, 0);
    assert.equal(readLogs(null).logs.length, 0);
  });
});

describe('model/log: Follow merges, search, the error moment', () => {
  it('drops what a poll brings again by sentry.item_id and timestamp_precise, as getsentry/cli does', () => {
    const first = readLogs(answer()).logs;
    const again = readLogs({
      data: [
        ...(answer() as { data: unknown[] }).data,
        { 'sentry.item_id': '0198a1b2c3d4e5f60718293a4b5c6d80', timestamp: '2026-11-28T10:00:03+00:00', timestamp_precise: 1795860003000000000, severity: 'info', message: 'retrying' },
        // The same id at another instant is another log.
        { 'sentry.item_id': '0198a1b2c3d4e5f60718293a4b5c6d7f', timestamp: '2026-11-28T10:00:04+00:00', timestamp_precise: 1795860004000000000, severity: 'info', message: 'charging card' },
      ],
    }).logs;
    const merged = mergeLogs(first, again);
    assert.equal(merged.added, 2);
    assert.deepEqual(
      merged.logs.map((l) => l.message.slice(0, 8)),
      ['charging', 'payment ', 'retrying', 'charging'],
    );
    assert.equal(new Set(merged.logs.map(logKey)).size, 4);
    assert.equal(mergeLogs(merged.logs, again).added, 0);
    // Bounded: the newest are kept.
    assert.deepEqual(
      mergeLogs(first, again, 2).logs.map((l) => l.message.slice(0, 8)),
      ['retrying', 'charging'],
    );
  });

  it('finds where the error happened and searches message, level and attributes', () => {
    const logs = readLogs(answer()).logs;
    assert.equal(errorMoment(logs, Date.parse('2026-11-28T10:00:01.500Z')), 1);
    assert.equal(errorMoment(logs, 0), 0);
    assert.equal(errorMoment(logs, Date.parse('2027-01-01T00:00:00Z')), 2);
    assert.equal(searchLogs(logs, 'CHARGING').length, 1);
    assert.equal(searchLogs(logs, 'error').length, 1);
    assert.equal(searchLogs(logs, 'production').length, 2);
    assert.equal(searchLogs(logs, 'charge.ts').length, 1);
    assert.equal(searchLogs(logs, '  ').length, 2);
  });
});
