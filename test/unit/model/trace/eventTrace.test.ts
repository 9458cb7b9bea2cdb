// The trace an event names (src/model/trace/eventTrace.ts): contexts.trace.trace_id of the event as
// the event-details endpoint answers it (camelCase eventID and dateCreated), with dashes and case
// undone, and nothing for what is not 32 hex digits.
import assert from 'node:assert/strict';
import { eventTrace } from '../../../../src/model/trace/eventTrace';

describe('model/trace/eventTrace', () => {
  it('reads contexts.trace and refuses what is not a trace id', () => {
    assert.deepEqual(eventTrace({ eventID: 'AB', dateCreated: '2026-01-01T00:00:00Z', contexts: { trace: { trace_id: 'B4D1AAE7216B47FF8117CF4E09CE9D0B' } } }), {
      traceId: 'b4d1aae7216b47ff8117cf4e09ce9d0b',
      eventId: 'ab',
      time: Date.parse('2026-01-01T00:00:00Z'),
    });
    assert.equal(eventTrace({ dateCreated: '2026-01-01T00:00:00Z', contexts: { trace: { trace_id: '../x' } } }), undefined);
    assert.equal(eventTrace({ contexts: null }), undefined);
  });

  it("takes the raw id when the event has no eventID, and needs the event's time", () => {
    assert.equal(eventTrace({ id: 'CD', dateCreated: '2026-01-01T00:00:00Z', contexts: { trace: { trace_id: 'b4d1aae7-216b-47ff-8117-cf4e09ce9d0b' } } })?.eventId, 'cd');
    assert.equal(eventTrace({ id: 'CD', contexts: { trace: { trace_id: 'b4d1aae7216b47ff8117cf4e09ce9d0b' } } }), undefined);
  });
});
