// The Logs tab's model (src/eventsPanel/core/logsModel.ts) against the sandbox over real HTTP, in every
// profile: nothing read before the tab is shown; the logs of the event's trace oldest first with the
// error's moment and code locations; Follow's poll brings only what is new; a plan without logs is said
// as such, not as an error.
import assert from 'node:assert/strict';
import { seed } from '../../../sandbox';
import { traceContextOf } from '../../../sandbox/eventDetails';
import { bigTraceIssue } from '../../../sandbox/traces';
import { EventDetailCache } from '../../../../src/eventsPanel/core/eventCache';
import { LogsModel } from '../../../../src/eventsPanel/core/logsModel';
import { decodeLogRows } from '../../../../src/eventsPanel/core/protocol/logs';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';

describeEachProfile('Logs tab model against the sandbox', (profile) => {
  const box = useSandbox({ profile });
  const api = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'));
  beforeEach(() => box.get().control.requests.clear());
  const issue = () => seed.issuesOf('web-frontend').find((i) => i.issueCategory === 'error' && i.events.length && traceContextOf(i.events[0]) && i.workspaceFile && i !== bigTraceIssue(seed))!;

  function modelFor(issueId: string) {
    const client = clientFor(box.get());
    const cache = new EventDetailCache(issueId, (ref, envs, signal) => client.getIssueEvent('acme', issueId, ref, { environment: envs }, signal), parseEventDetail);
    return new LogsModel({ getClient: async () => client, org: 'acme', event: (signal) => cache.get('latest', [], signal) });
  }

  it('reads the logs oldest first with the error moment, then Follow brings only the new ones', async () => {
    const model = modelFor(issue().id);
    assert.equal(api().length, 0);
    const view = await model.open();
    assert.equal(view.phase, 'ready', view.message);
    assert.equal(api().length, profile === 'sentry-io' ? 2 : 3, 'the event and the logs (an older server refuses `logs` once)');
    const rows = decodeLogRows(view.rowsJson!);
    assert.equal(rows.length, view.count);
    assert.ok(rows.length >= 10);
    // The moment is the first log after the event's time (the sandbox's, as the API says it).
    const ev = await (await fetch(`${box.get().url}/api/0/organizations/acme/issues/${issue().id}/events/latest/`, { headers: { authorization: `Bearer ${box.get().defaults.authToken}` } })).json();
    const at = Date.parse(ev.dateCreated);
    assert.equal(
      view.errorIndex,
      rows.findIndex((r) => r.t > at),
    );
    assert.ok(
      rows.some((r, i) => r.lvl === 'error' && Math.abs(i - view.errorIndex!) <= 1),
      'the error log is at the moment',
    );
    assert.ok(rows.some((r) => r.code?.startsWith(issue().workspaceFile!)));
    assert.deepEqual(
      rows.map((r) => r.t),
      [...rows.map((r) => r.t)].sort((a, b) => a - b),
    );
    assert.equal(model.log(rows.findIndex((r) => r.code))?.code?.file, issue().workspaceFile);
    box.get().control.requests.clear();
    assert.equal((await model.open()).count, rows.length);
    assert.equal(api().length, 0, 'shown again: nothing read');
    model.setFollowing(true);
    assert.equal((await model.poll()).added ?? 0, 0);
    await fetch(`${box.get().url}/_sandbox/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ trace: traceContextOf(issue().events[0])!.traceId, message: 'a later log' }),
    });
    const more = await model.poll();
    assert.equal(more.added, 1);
    assert.equal(more.count, rows.length + 1);
    assert.equal(decodeLogRows(more.rowsJson!).at(-1)!.msg, 'a later log');
    assert.equal((await model.poll()).count, rows.length + 1, 'the same log is not added twice');
    model.setFollowing(false);
    box.get().control.requests.clear();
    await model.poll();
    assert.equal(api().length, 0, 'Follow off: no poll');
  });

  it('a plan without logs is said once as such, not as an error', async () => {
    box.get().control.features.set('acme', { remove: ['ourlogs-enabled'] });
    const view = await modelFor(issue().id).open();
    assert.equal(view.phase, 'no-logs');
    assert.match(view.message ?? '', /has no logs on its plan/);
  });
});
