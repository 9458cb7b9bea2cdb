import assert from 'node:assert/strict';
import { TraceCounts } from '../../../src/store/traceCounts';

describe('store/traceCounts: what was read of latest events’ traces, for the hover', () => {
  it('merges the spans and the logs read of one event’s trace; a newer latest event replaces them', () => {
    const c = new TraceCounts();
    assert.equal(c.get('acme', '1'), undefined);
    c.record('acme', '1', 'e1', 't1', { spans: 12 });
    c.record('acme', '1', 'e1', 't1', { logs: 100, more: true });
    assert.deepEqual(c.get('acme', '1'), { eventId: 'e1', traceId: 't1', spans: 12, logs: 100, logsMore: true, noLogs: false });
    c.record('acme', '1', 'e2', 't2', { noLogs: true });
    assert.deepEqual(c.get('acme', '1'), { eventId: 'e2', traceId: 't2', logs: undefined, noLogs: true });
    assert.equal(c.get('other', '1'), undefined, 'per organization');
    c.clear();
    assert.equal(c.get('acme', '1'), undefined);
  });

  it('keeps at most 500 issues, the oldest read going first', () => {
    const c = new TraceCounts();
    for (let i = 0; i < 501; i++) c.record('acme', String(i), 'e', 't', { spans: i });
    assert.equal(c.get('acme', '0'), undefined);
    assert.equal(c.get('acme', '500')!.spans, 500);
  });
});
