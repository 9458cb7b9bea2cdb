// What a trace link without an event opens (src/openLink/core/traceTarget.ts), on traces as the trace
// reader gives them: the first error event of the trace, with its issue when the server named it; a
// trace of spans without an error; a trace with nothing in it.
import assert from 'node:assert/strict';
import { traceTarget } from '../../../../src/openLink/core/traceTarget';
import type { TraceIssue, TraceSpan } from '../../../../src/model/trace/trace';

const span = (spanId: string): TraceSpan => ({ spanId, depth: 0, op: 'http.server', description: 'GET /', start: 0, duration: 5, isTransaction: true, errorCount: 0 });
const perf: TraceIssue = { kind: 'performance', issueId: '7', project: 'api', title: 'N+1 Query' };

describe('openLink: the target of a trace link without an event', () => {
  it('opens the first error event, with its issue and project when the trace names them', () => {
    const errors: TraceIssue[] = [perf, { kind: 'error', eventId: 'a'.repeat(32), issueId: '42', project: 'web', title: 'TypeError' }, { kind: 'error', eventId: 'b'.repeat(32), title: 'Other' }];
    assert.deepEqual(traceTarget({ spans: [span('1')], issues: errors }), { kind: 'error', eventId: 'a'.repeat(32), issueId: '42', project: 'web' });
    assert.deepEqual(traceTarget({ spans: [span('1')], issues: [{ kind: 'error', eventId: 'c'.repeat(32), issueId: '42', title: 'no project' }] }), { kind: 'error', eventId: 'c'.repeat(32) });
  });

  it('an error without an event id is not one to open; spans without an error, and an empty trace, are told apart', () => {
    assert.deepEqual(traceTarget({ spans: [span('1')], issues: [perf, { kind: 'error', issueId: '9', project: 'web', title: 'standalone' }] }), { kind: 'noError' });
    assert.deepEqual(traceTarget({ spans: [span('1')], issues: [] }), { kind: 'noError' });
    assert.deepEqual(traceTarget({ spans: [], issues: [] }), { kind: 'empty' });
  });
});
