// The Trace tab's model (src/eventsPanel/core/traceModel.ts) against the sandbox over real HTTP, in
// every profile: nothing is read before the tab is shown, the event and its trace cost at most two
// requests (one when the event was read already), showing the tab again costs none, the view marks
// the error's span and moment and lists the trace's other errors, and an event without a trace says so.
import assert from 'node:assert/strict';
import { seed } from '../../../sandbox';
import { traceContextOf } from '../../../sandbox/eventDetails';
import { bigTraceIssue } from '../../../sandbox/traces';
import { EventDetailCache } from '../../../../src/eventsPanel/core/eventCache';
import { TraceModel } from '../../../../src/eventsPanel/core/traceModel';
import { decodeTraceRows } from '../../../../src/eventsPanel/core/protocol/trace';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';

describeEachProfile('Trace tab model against the sandbox', (profile) => {
  const box = useSandbox({ profile });
  const api = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'));
  beforeEach(() => box.get().control.requests.clear());

  function modelFor(issueId: string) {
    const client = clientFor(box.get());
    const cache = new EventDetailCache(issueId, (ref, envs, signal) => client.getIssueEvent('acme', issueId, ref, { environment: envs }, signal), parseEventDetail);
    const model = new TraceModel({ getClient: async () => client, org: 'acme', issueId, event: (signal) => cache.get('latest', [], signal) });
    return { model, cache };
  }

  it('reads the latest event and its trace in two requests, then none; the error span and moment are marked', async () => {
    const issue = seed.issuesOf('web-frontend').find((i) => i.issueCategory === 'error' && i.events.length && traceContextOf(i.events[0]) && i !== bigTraceIssue(seed))!;
    const { model } = modelFor(issue.id);
    assert.equal(api().length, 0, 'a model reads nothing until the tab is shown');
    const view = await model.open();
    assert.equal(view.phase, 'ready');
    assert.equal(api().length, 2);
    const rows = decodeTraceRows(view.rowsJson!);
    assert.equal(rows.length, view.spans);
    assert.ok(view.errorRow !== undefined && rows[view.errorRow].e! >= 1);
    assert.ok(view.errorAt !== undefined && view.errorAt > 0 && view.errorAt < view.duration);
    assert.equal(view.issues[0].current, true);
    assert.ok(rows.some((r) => r.code));
    assert.equal(model.span(view.errorRow!)?.spanId, traceContextOf(issue.events[0])!.spanId);
    await model.open();
    assert.equal(api().length, 2, 'shown again: nothing read');
    await model.open(true);
    assert.equal(api().length, 3, 'Refresh reads the trace again (the event is cached)');
  });

  it('the trace of 10,000 spans in two requests; other errors are openable by their issue', async () => {
    const { model } = modelFor(bigTraceIssue(seed).id);
    const view = await model.open();
    assert.equal(view.spans, 10_000);
    assert.equal(api().length, 2);
    // Some trace of the seed holds another issue's error: it is listed, openable, not current.
    for (const issue of seed
      .issuesOf('api-server')
      .filter((i) => i.issueCategory === 'error' && i.events.length && traceContextOf(i.events[0]))
      .slice(0, 12)) {
      const v = await modelFor(issue.id).model.open();
      const other = v.issues.find((i) => !i.current);
      if (!other) continue;
      assert.equal(other.openable, true);
      return;
    }
    assert.fail('no trace with another issue’s error among twelve');
  });

  it('an event that names no trace says so, with no trace request', async () => {
    const issue = seed.issues.find((i) => i.issueCategory === 'error' && i.events.length && !traceContextOf(i.events[0]));
    if (!issue) return;
    const { model } = modelFor(issue.id);
    const view = await model.open();
    assert.equal(view.phase, 'none');
    assert.match(view.message ?? '', /names no trace/);
    assert.equal(api().length, 1);
  });
});
