// The sandbox's traces, logs, replays and user reports (traces.ts, logs.ts, replays.ts, feedback.ts), in
// every profile, over real HTTP on port 0: each answer read by the extension's one reader of it
// (src/model/), so the shapes the sandbox serves are the shapes the readers take.
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox';
import { withSandbox } from '../withSandbox';
import { describeEachProfile } from '../api/sandbox';
import { exchange, type Answer } from './answer';
import { readTrace } from '../../../src/model/trace/readTrace';
import { readTraceMeta } from '../../../src/model/trace/readTraceMeta';
import { logFields, readLogs } from '../../../src/model/log/log';
import { readReplay, readReplayIds, readReplayList } from '../../../src/model/replay/replay';
import { readUserReports } from '../../../src/model/feedback/feedback';
import { SANDBOX_SECRET } from '../../sandbox/eventDetails';
import { bigTraceIssue } from '../../sandbox/traces';
import { seededReplays } from '../../sandbox/replays';
import { seededReports } from '../../sandbox/feedback';

const CODE = ['code.filepath', 'code.lineno', 'code.function'];

describeEachProfile('sandbox: traces, logs, replays and user reports', function (profile) {
  this.timeout(60_000);
  let sb: Sandbox;
  let read: string;
  withSandbox({ profile }, (s) => {
    sb = s;
    read = `Bearer ${s.defaults.authToken}`;
  });

  const get = (path: string, auth: string | null = read): Promise<Answer> => exchange(sb.url, 'GET', path, auth);
  const qs = (params: Array<[string, string]>) => new URLSearchParams(params).toString();

  /** An issue's latest event and the trace its contexts name. */
  async function latestTrace(issueId: string): Promise<{ eventId: string; traceId: string; spanId: string; time: number }> {
    const ev = await get(`/api/0/organizations/acme/issues/${issueId}/events/latest/`);
    assert.equal(ev.status, 200);
    const t = ev.body.contexts.trace;
    return { eventId: ev.body.eventID, traceId: t.trace_id, spanId: t.span_id, time: Date.parse(ev.body.dateCreated) };
  }

  const window = (time: number): Array<[string, string]> => [
    ['start', new Date(time - 3_600_000).toISOString()],
    ['end', new Date(time + 3_600_000).toISOString()],
  ];

  it("an event's trace holds its error in the span its contexts name, with code attributes when asked for", async () => {
    const issue = sb.seed.issuesOf('web-frontend').find((i) => i.issueCategory === 'error' && i.events.length > 0 && i.workspaceFile && i !== bigTraceIssue(sb.seed))!;
    const t = await latestTrace(issue.id);
    const r = await get(`/api/0/organizations/acme/trace/${t.traceId}/?${qs([...window(t.time), ['errorId', t.eventId], ...CODE.map((c): [string, string] => ['additional_attributes', c])])}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(Array.isArray(r.body));
    const trace = readTrace(r.body, t.traceId);
    assert.ok(trace.spans.length >= 5 && trace.spans.length <= 10, String(trace.spans.length));
    const error = trace.issues.find((i) => i.eventId === t.eventId)!;
    assert.equal(error.spanId, t.spanId);
    assert.equal(error.issueId, issue.id);
    const span = trace.spans.find((s) => s.spanId === t.spanId)!;
    assert.equal(span.errorCount >= 1, true);
    assert.equal(span.code?.file, issue.workspaceFile);
    assert.ok(trace.spans.filter((s) => s.code).length >= 2);
    // The stripe call's key is masked by the reader.
    assert.ok(!JSON.stringify(trace).includes(SANDBOX_SECRET));
    // Without additional_attributes, none.
    const bare = await get(`/api/0/organizations/acme/trace/${t.traceId}/?${qs(window(t.time))}`);
    assert.equal(readTrace(bare.body, t.traceId).spans.filter((s) => s.code).length, 0);
  });

  it('the big trace has 10,000 spans; its counts in the profile’s case read the same', async () => {
    const big = (await get('/_sandbox/traces', null)).body.big;
    const t = await latestTrace(big.issueId);
    assert.equal(t.traceId, big.traceId);
    const r = await get(`/api/0/organizations/acme/trace/${t.traceId}/?${qs(window(t.time))}`);
    const trace = readTrace(r.body, t.traceId);
    assert.equal(trace.spans.length, 10_000);
    assert.equal(trace.cut, false);
    assert.ok(Math.max(...trace.spans.map((s) => s.depth)) >= 2);
    const meta = await get(`/api/0/organizations/acme/trace-meta/${t.traceId}/?${qs(window(t.time))}`);
    assert.equal(meta.status, 200);
    if (profile === 'sentry-io') assert.equal(meta.body.spansCount, 10_000);
    else assert.equal(meta.body.span_count, 10_000);
    const m = readTraceMeta(meta.body);
    assert.equal(m.spans, 10_000);
    assert.equal(m.logs, 100);
    assert.ok(m.errors >= 1);
  });

  it('is strict: credentials, scopes, ids, errorId; an unknown trace is empty; without trace/ the older events-trace/ answers', async () => {
    const issue = sb.seed.issuesOf('api-server').find((i) => i.issueCategory === 'error' && i.events.length > 0)!;
    const t = await latestTrace(issue.id);
    const path = `/api/0/organizations/acme/trace/${t.traceId}/?${qs(window(t.time))}`;
    assert.equal((await get(path, null)).status, 401);
    assert.equal((await get(path, `Bearer ${sb.control.credentials.addToken({ scopes: ['event:read'] }).token}`)).status, 403);
    assert.equal((await get(`/api/0/organizations/acme/trace/not-a-trace/`)).status, 404);
    const bad = await get(`${path}&errorId=nope`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.detail, 'eventId: nope needs to be a valid uuid');
    assert.equal((await get(`${path}&statsPeriod=`)).status, 400);
    assert.deepEqual((await get(`/api/0/organizations/acme/trace/${'0'.repeat(32)}/?statsPeriod=14d`)).body, []);
    // Outside the window: nothing.
    assert.deepEqual((await get(`/api/0/organizations/acme/trace/${t.traceId}/?start=2001-01-01T00:00:00&end=2001-01-02T00:00:00`)).body, []);
    sb.control.endpoints.set({ trace: 404 });
    assert.equal((await get(path)).status, 404);
    const old = await get(`/api/0/organizations/acme/events-trace/${t.traceId}/?${qs(window(t.time))}`);
    assert.equal(old.status, 200);
    const legacy = readTrace(old.body, t.traceId);
    assert.equal(legacy.shape, 'transactions');
    assert.ok(legacy.issues.some((i) => i.eventId === t.eventId && i.spanId === t.spanId));
    const oldMeta = await get(`/api/0/organizations/acme/events-trace-meta/${t.traceId}/?${qs(window(t.time))}`);
    assert.equal(readTraceMeta(oldMeta.body).spans, 1);
  });

  it('logs: the profile’s dataset names, oldest first with code attributes, Follow’s new ones, and none on a plan without logs', async () => {
    const issue = sb.seed.issuesOf('web-frontend').find((i) => i.issueCategory === 'error' && i.events.length > 0 && i !== bigTraceIssue(sb.seed))!;
    const t = await latestTrace(issue.id);
    const logs = (dataset: 'logs' | 'ourlogs', extra: Array<[string, string]> = [], query = `trace:${t.traceId}`) =>
      get(`/api/0/organizations/acme/events/?${qs([['dataset', dataset], ...logFields(dataset).map((f): [string, string] => ['field', f]), ['query', query], ['statsPeriod', '90d'], ...extra])}`);
    const sorted: Array<[string, string]> = [['sort', 'timestamp']];
    const name = profile === 'sentry-io' ? 'logs' : 'ourlogs';
    if (profile !== 'sentry-io') {
      const refused = await logs('logs', sorted);
      assert.equal(refused.status, 400);
      assert.match(refused.body.detail, /^dataset must be one of: .*ourlogs/);
      assert.doesNotMatch(refused.body.detail, /, logs,/);
    }
    const r = await logs(name, [...sorted, ['per_page', '100']]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.meta.dataset, name);
    const page = readLogs(r.body);
    assert.ok(page.logs.length >= 10);
    assert.ok(page.logs.some((l) => l.code?.file === issue.workspaceFile && l.code.line !== undefined));
    assert.ok(page.logs.some((l) => l.level === 'error'));
    assert.ok(!JSON.stringify(page).includes(SANDBOX_SECRET), 'the log carrying a secret is masked');
    assert.deepEqual(
      page.logs.map((l) => l.timestamp),
      [...page.logs.map((l) => l.timestamp)].sort((a, b) => a - b),
    );
    // Follow: what came after the newest seen.
    const newest = Math.max(...(r.body.data as { timestamp_precise: number }[]).map((row) => row.timestamp_precise));
    const after = `trace:${t.traceId} timestamp_precise:>${newest}`;
    assert.equal(readLogs((await logs(name, sorted, after)).body).logs.length, 0);
    const added = await exchange(sb.url, 'POST', '/_sandbox/logs', null, { trace: t.traceId, message: 'a late log' });
    assert.equal(added.status, 200);
    const more = await logs(name, sorted, after);
    assert.deepEqual(
      readLogs(more.body).logs.map((l) => l.message),
      ['a late log'],
    );
    // A plan without logs ingests none: the query answers no rows, and the counts say none.
    sb.control.features.set('acme', { remove: ['ourlogs-enabled'] });
    assert.deepEqual((await logs(name, sorted)).body.data, []);
    assert.equal(readTraceMeta((await get(`/api/0/organizations/acme/trace-meta/${t.traceId}/?statsPeriod=90d`)).body).logs, 0);
    // Sentry's own checks of the events table hold for logs too.
    assert.equal((await logs(name, [...sorted, ['per_page', '101']])).status, 400);
    assert.equal((await logs(name, [['sort', 'environment']])).status, 400);
    assert.equal((await logs(name, sorted, 'message:foo')).status, 400);
  });

  it("replays: replay-count's ids of an issue, then each replay's summary; strict on its parameters", async () => {
    const [issueId, replays] = [...seededReplays(sb.seed).entries()][0];
    const r = await get(
      `/api/0/organizations/acme/replay-count/?${qs([
        ['query', `issue.id:[${issueId}]`],
        ['returnIds', 'true'],
        ['data_source', 'discover'],
        ['statsPeriod', '90d'],
        ['project', '-1'],
      ])}`,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const ids = readReplayIds(r.body, issueId);
    assert.equal(ids.length, replays.length);
    const one = await get(`/api/0/organizations/acme/replays/${ids[0]}/`);
    assert.equal(one.status, 200);
    const summary = readReplay(one.body)!;
    assert.equal(summary.id, ids[0]);
    assert.ok(summary.duration! > 0);
    assert.equal(summary.errors, 1);
    const counts = await get(`/api/0/organizations/acme/replay-count/?${qs([['query', `issue.id:[${issueId}]`]])}`);
    assert.equal(counts.body[issueId], replays.length);
    assert.equal((await get(`/api/0/organizations/acme/replay-count/`)).status, 400);
    assert.equal((await get(`/api/0/organizations/acme/replay-count/?query=issue.id:[1]&data_source=nope`)).status, 400);
    assert.equal((await get(`/api/0/organizations/acme/replays/javascript:alert(1)/`)).status, 404);
    assert.equal((await get(`/api/0/organizations/acme/replays/${'0'.repeat(32)}/`)).status, 404);
    assert.equal((await get(`/api/0/organizations/acme/replays/${ids[0]}/`, null)).status, 401);
  });

  it('the replays index: the replays named by id:[…], newest first, only the fields asked; strict on its query', async () => {
    const [, replays] = [...seededReplays(sb.seed).entries()].find(([, r]) => r.length > 1) ?? [...seededReplays(sb.seed).entries()][0];
    const ids = replays.map((r) => r.id.replace(/-/g, ''));
    const r = await get(
      `/api/0/organizations/acme/replays/?${qs([
        ['query', `id:[${ids.join(',')}]`],
        ['field', 'id'],
        ['field', 'started_at'],
        ['field', 'duration'],
        ['field', 'user'],
      ])}`,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body.data[0]).sort(), ['duration', 'id', 'started_at', 'user']);
    const list = readReplayList(r.body);
    assert.deepEqual(list.map((x) => x.id).sort(), [...ids].sort());
    assert.equal((await get(`/api/0/organizations/acme/replays/?query=${encodeURIComponent('user.email:x')}`)).status, 400);
    assert.equal((await get(`/api/0/organizations/acme/replays/?per_page=101`)).status, 400);
    assert.equal((await get(`/api/0/organizations/acme/replays/`, null)).status, 401);
  });

  it("user reports: an issue's seeded reports, masked by the reader", async () => {
    const report = seededReports(sb.seed)[0];
    const r = await get(`/api/0/organizations/acme/issues/${report.issueId}/user-reports/`);
    assert.equal(r.status, 200);
    const list = readUserReports(r.body);
    assert.ok(list.items.length >= 1);
    assert.ok(list.items.some((i) => i.eventId === report.eventID));
    const secret = seededReports(sb.seed).find((x) => x.comments.includes(SANDBOX_SECRET));
    if (secret) {
      const s = readUserReports((await get(`/api/0/organizations/acme/issues/${secret.issueId}/user-reports/`)).body);
      assert.ok(!JSON.stringify(s).includes(SANDBOX_SECRET));
    }
    assert.equal((await get(`/api/0/organizations/acme/issues/${report.issueId}/user-reports/`, `Bearer ${sb.control.credentials.addToken({ scopes: ['org:read'] }).token}`)).status, 403);
  });
});
