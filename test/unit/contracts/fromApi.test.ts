// API resources as the protocol's shapes (src/contracts/fromApi.ts): an issue without dates keeps
// them out of its header (null from the server becomes "not known"), which every header reader skips.
import assert from 'node:assert/strict';
import { issueHeader } from '../../../src/contracts/fromApi';
import { anIssue } from '../builders';

describe('contracts/fromApi', () => {
  it('an issue whose firstSeen and lastSeen are null: its header has neither', () => {
    const h = issueHeader(anIssue({ firstSeen: null, lastSeen: null }));
    assert.equal(h.firstSeen, undefined);
    assert.equal(h.lastSeen, undefined);
    assert.ok(!('firstSeen' in h && h.firstSeen === null));
  });

  it('dates the server sent are kept as sent', () => {
    const h = issueHeader(anIssue({ firstSeen: '2024-01-01T00:00:00Z', lastSeen: '2024-01-02T00:00:00Z' }));
    assert.deepEqual([h.firstSeen, h.lastSeen], ['2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z']);
  });
});
