// The trace and log readers of the client (src/api/traceEndpoints.ts) against the sandbox over real
// HTTP, in every profile: one request for a trace and one for its logs, the older events-trace/ on a
// server without trace/ (found once), the older logs dataset name (found once), a plan without logs,
// and the scopes a 403 names.
import assert from 'node:assert/strict';
import { seed } from '../../sandbox';
import { traceContextOf } from '../../sandbox/eventDetails';
import { bigTraceIssue } from '../../sandbox/traces';
import { ForbiddenError } from '../../../src/api/errors';
import { getTrace, getTraceLogs, getTraceMeta } from '../../../src/api/traceEndpoints';
import { clientFor, describeEachProfile, useSandbox } from './sandbox';

const ORG = 'acme';

function eventWithTrace(): { issueId: string; eventId: string; traceId: string; spanId: string; time: number } {
  const issue = seed.issuesOf('web-frontend').find((i) => i.issueCategory === 'error' && i.events.length && traceContextOf(i.events[0]) && i !== bigTraceIssue(seed))!;
  const ev = issue.events[0];
  const t = traceContextOf(ev)!;
  return { issueId: issue.id, eventId: ev.eventID, traceId: t.traceId, spanId: t.spanId, time: ev.time };
}

describeEachProfile('Traces and logs against the sandbox', (profile) => {
  const box = useSandbox({ profile });
  const requests = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'));
  beforeEach(() => box.get().control.requests.clear());

  it('reads a trace in one request, with its error in its span and code attributes asked for', async () => {
    const e = eventWithTrace();
    const http = clientFor(box.get()).http;
    const trace = await getTrace(http, ORG, e.traceId, e.eventId, e.time);
    assert.equal(requests().length, 1);
    const q = new URLSearchParams(requests()[0].query);
    assert.equal(q.get('errorId'), e.eventId);
    assert.deepEqual(q.getAll('additional_attributes').sort(), ['code.file.path', 'code.filepath', 'code.function', 'code.function.name', 'code.line.number', 'code.lineno']);
    assert.ok(trace.issues.some((i) => i.eventId === e.eventId && i.spanId === e.spanId));
    assert.ok(trace.spans.some((s) => s.code));
    const meta = await getTraceMeta(http, ORG, e.traceId, e.time);
    assert.equal(meta.spans, trace.spans.length);
    assert.ok(meta.logs > 0);
  });

  it("finds a trace older than the server's default period in a link's dates: a moment, a range or a period", async () => {
    const now = Date.now();
    const issue = seed
      .issuesOf('web-frontend')
      .find((i) => i.issueCategory === 'error' && i.events.length && traceContextOf(i.events[0]) && now - i.events[0].time > 20 * 86_400_000 && now - i.events[0].time < 80 * 86_400_000)!;
    const ev = issue.events[0];
    const traceId = traceContextOf(ev)!.traceId;
    const http = clientFor(box.get()).http;
    const found = (t: Awaited<ReturnType<typeof getTrace>>) => t.issues.some((i) => i.eventId === ev.eventID);
    assert.equal(found(await getTrace(http, ORG, traceId, undefined, undefined)), false, 'not in the default 14 days');
    assert.ok(found(await getTrace(http, ORG, traceId, undefined, { at: ev.time })));
    assert.ok(found(await getTrace(http, ORG, traceId, undefined, { start: new Date(ev.time - 3_600_000).toISOString(), end: new Date(ev.time + 3_600_000).toISOString() })));
    assert.ok(found(await getTrace(http, ORG, traceId, undefined, { statsPeriod: '90d' })));
    const asked = requests()
      .slice(1)
      .map((r) => Object.fromEntries(new URLSearchParams(r.query).entries()));
    assert.equal(asked[0].start, new Date(ev.time - 86_400_000).toISOString());
    assert.equal(asked[2].statsPeriod, '90d');
  });

  it('falls back to events-trace/ once on a server without trace/, then asks it directly', async () => {
    const e = eventWithTrace();
    box.get().control.endpoints.set({ trace: 404 });
    const http = clientFor(box.get()).http;
    const first = await getTrace(http, ORG, e.traceId, e.eventId, e.time);
    assert.equal(first.shape, 'transactions');
    assert.deepEqual(
      requests().map((r) => [r.path.split('/')[5], r.status]),
      [
        ['trace', 404],
        ['events-trace', 200],
      ],
    );
    box.get().control.requests.clear();
    await getTrace(http, ORG, e.traceId, e.eventId, e.time);
    assert.deepEqual(
      requests().map((r) => r.path.split('/')[5]),
      ['events-trace'],
    );
    assert.equal((await getTraceMeta(http, ORG, e.traceId, e.time)).spans, 1);
  });

  it('reads the logs of a trace oldest first, in the dataset the server names, and Follow’s new ones', async () => {
    const e = eventWithTrace();
    const http = clientFor(box.get()).http;
    const logs = await getTraceLogs(http, ORG, e.traceId, e.time);
    assert.equal(logs.kind, 'logs');
    if (logs.kind !== 'logs') return;
    assert.equal(logs.dataset, profile === 'sentry-io' ? 'logs' : 'ourlogs');
    assert.equal(requests().length, profile === 'sentry-io' ? 1 : 2, 'the older server refuses `logs` once');
    assert.ok(logs.logs.some((l) => l.code));
    box.get().control.requests.clear();
    const newest = Math.max(...logs.logs.map((l) => l.precise ?? 0));
    await fetch(`${box.get().url}/_sandbox/logs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ trace: e.traceId, message: 'later' }) });
    const more = await getTraceLogs(http, ORG, e.traceId, e.time, newest);
    assert.equal(requests().length, 1, 'the dataset name is remembered');
    assert.deepEqual(more.kind === 'logs' ? more.logs.map((l) => l.message) : [], ['later']);
  });

  it('a plan without logs answers none; a token without org:read is told which scope it lacks', async () => {
    const e = eventWithTrace();
    box.get().control.features.set(ORG, { remove: ['ourlogs-enabled'] });
    const logs = await getTraceLogs(clientFor(box.get()).http, ORG, e.traceId, e.time);
    assert.equal(logs.kind === 'logs' ? logs.logs.length : -1, 0);
    const token = box.get().control.credentials.addToken({ scopes: ['event:read'] }).token;
    await assert.rejects(getTrace(clientFor(box.get(), { kind: 'bearer', token }).http, ORG, e.traceId, e.eventId, e.time), (err) => err instanceof ForbiddenError && /org:read/.test(err.message));
  });

  it('a server of before the logs datasets: none, said once, then not asked again', async () => {
    const e = eventWithTrace();
    box.get().control.endpoints.set({ logs: 404 });
    const http = clientFor(box.get()).http;
    assert.deepEqual(await getTraceLogs(http, ORG, e.traceId, e.time), { kind: 'no-logs-dataset' });
    assert.equal(requests().length, 1, 'its 400 names neither dataset: no second try');
    box.get().control.requests.clear();
    assert.deepEqual(await getTraceLogs(http, ORG, e.traceId, e.time), { kind: 'no-logs-dataset' });
    assert.equal(requests().length, 0, 'remembered');
  });

  it('refuses a trace id that is not one before any request', async () => {
    await assert.rejects(getTrace(clientFor(box.get()).http, ORG, '../issues', undefined, Date.now()), RangeError);
    assert.equal(requests().length, 0);
  });
});
