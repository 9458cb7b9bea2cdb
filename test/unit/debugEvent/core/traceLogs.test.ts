// The logs before the error in the Debug Console (src/debugEvent/core/traceLogs.ts): read through the
// Logs tab's one reader against the sandbox over real HTTP in every profile (the logs dataset on
// sentry.io, `ourlogs` found with a second request on the 2025 self-hosted server), masked, cut to
// the error's moment, oldest first, levels as output categories; a plan or server without logs, an
// event without a trace and a failed read are one line each, never an error. Then the adapter: the
// lines follow the breadcrumbs, after the stop, which waits for no request.
import assert from 'node:assert/strict';
import { seed } from '../../../sandbox';
import { SANDBOX_SECRET, traceContextOf } from '../../../sandbox/eventDetails';
import { bigTraceIssue } from '../../../sandbox/traces';
import { MAX_CONSOLE_LOGS, readTraceLogLines, traceLogLines } from '../../../../src/debugEvent/core/traceLogs';
import type { LogEntry } from '../../../../src/model/log/log';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';
import { Driver, plain } from './driver';
import { PYTHON_MODERN, asServed } from './samples';

const ORG = 'acme';

function issueWithTrace() {
  return seed.issuesOf('web-frontend').find((i) => i.issueCategory === 'error' && i.events.length && traceContextOf(i.events[0]) && i !== bigTraceIssue(seed))!;
}

describeEachProfile('Debug Console: the logs of the event’s trace before the error', (profile) => {
  const box = useSandbox({ profile });
  const apiRequests = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'));

  it('reads them in at most two requests, masked, before the error, oldest first, each level its category', async () => {
    const client = clientFor(box.get());
    const issue = issueWithTrace();
    const raw = await client.getIssueEvent(ORG, issue.id, issue.events[0].eventID);
    const errorMs = Date.parse((raw as unknown as { dateCreated: string }).dateCreated);
    box.get().control.requests.clear();
    const lines = await readTraceLogLines(client, ORG, raw);
    const asked = apiRequests();
    assert.ok(asked.length >= 1 && asked.length <= 2, `${asked.length} requests`);
    assert.ok(asked.every((r) => r.path === `/api/0/organizations/${ORG}/events/`));
    assert.deepEqual(
      asked.map((r) => new URLSearchParams(r.query).get('dataset')),
      profile === 'sentry-io' ? ['logs'] : ['logs', 'ourlogs'],
    );
    const [head, ...logs] = lines;
    assert.equal(head.category, 'console');
    assert.match(head.text, /before the error, oldest first/);
    assert.ok(logs.length > 0);
    const times = logs.map((l) => plain(l.text).slice(0, 12));
    assert.deepEqual([...times].sort(), times, 'oldest first');
    const clockOfError = new Date(errorMs).toISOString().slice(11, 23);
    assert.ok(
      times.every((t) => t <= clockOfError),
      `every log is at or before the error (${clockOfError}): ${times.join(', ')}`,
    );
    for (const l of logs) {
      const level = /\[(\w+)\]/.exec(plain(l.text))![1];
      assert.equal(l.category, level === 'error' || level === 'fatal' ? 'stderr' : level === 'warn' || level === 'warning' ? 'console' : 'stdout', l.text);
    }
    assert.ok(!lines.some((l) => l.text.includes(SANDBOX_SECRET)), 'the secret a log carries stays masked');
    assert.ok(
      logs.some((l) => /calling the gateway/.test(plain(l.text))),
      'the log that carried the secret is shown, masked',
    );
  });

  it('a plan without logs is one line saying so, with no error', async () => {
    box.get().control.features.set(ORG, { remove: ['ourlogs-enabled'] });
    const client = clientFor(box.get());
    const issue = issueWithTrace();
    const raw = await client.getIssueEvent(ORG, issue.id, issue.events[0].eventID);
    const lines = await readTraceLogLines(client, ORG, raw);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].category, 'console');
    assert.match(lines[0].text, /no logs of trace [0-9a-f]{32} before the error/);
  });

  it('an event that names no trace, or a read that fails, is one line and no request', async () => {
    box.get().control.requests.clear();
    const none = await readTraceLogLines(clientFor(box.get()), ORG, { eventID: 'a'.repeat(32), dateCreated: new Date().toISOString(), contexts: {} });
    assert.deepEqual(
      none.map((l) => l.category),
      ['console'],
    );
    assert.match(none[0].text, /names no trace/);
    assert.equal(apiRequests().length, 0);
    const issue = issueWithTrace();
    const raw = await clientFor(box.get()).getIssueEvent(ORG, issue.id, issue.events[0].eventID);
    const token = box.get().control.credentials.addToken({ scopes: ['event:read'] }).token;
    const failed = await readTraceLogLines(clientFor(box.get(), { kind: 'bearer', token }), ORG, raw);
    assert.equal(failed.length, 1);
    assert.match(failed[0].text, /could not be read: .*org:read/);
  });
});

describe('Debug Console: the logs’ lines and the adapter', () => {
  const log = (i: number, level = 'info'): LogEntry => ({ id: `id${i}`, timestamp: Date.UTC(2026, 0, 1, 10, 0, 0, i), level, message: `log ${i}`, attributes: [] });

  it('keeps the newest MAX_CONSOLE_LOGS before the error, says how many were left out, and a server without the dataset in one line', () => {
    const logs = Array.from({ length: 80 }, (_, i) => log(i));
    const errorMs = Date.UTC(2026, 0, 1, 10, 0, 0, 69);
    const lines = traceLogLines({ kind: 'logs', traceId: 'b'.repeat(32), logs, cut: false }, errorMs);
    assert.equal(lines.length, MAX_CONSOLE_LOGS + 1);
    assert.match(lines[0].text, /\(50; 20 older ones left out\)/);
    assert.match(plain(lines[1].text), /log 20$/);
    assert.match(plain(lines.at(-1)!.text), /log 69$/);
    const noDataset = traceLogLines({ kind: 'no-logs-dataset' }, errorMs);
    assert.equal(noDataset.length, 1);
    assert.match(noDataset[0].text, /keeps no logs/);
  });

  it('a log’s text is inert and bounded, its code location shown', () => {
    const hostile: LogEntry = { ...log(1, 'error'), message: `see https://evil.example/run and /etc/passwd\n${'y'.repeat(5000)}`, code: { file: 'src/app.py', line: 12 } };
    const [, line] = traceLogLines({ kind: 'logs', traceId: 'c'.repeat(32), logs: [hostile], cut: false }, Date.UTC(2026, 0, 1, 11));
    assert.equal(line.category, 'stderr');
    assert.ok(plain(line.text).length <= 2000, 'bounded');
    assert.ok(!/https:\/\/|\/etc\/passwd|\n/.test(line.text), 'no web address or path VS Code would make a link of, one line');
    assert.match(plain(line.text), /\[error\] see https:\/\/evil\.example\/run and \/etc\/passwd y+/);
    const short: LogEntry = { ...log(2, 'warn'), code: { file: 'src/app.py', line: 12 } };
    assert.match(plain(traceLogLines({ kind: 'logs', traceId: 'c'.repeat(32), logs: [short], cut: false }, Date.UTC(2026, 0, 1, 11))[1].text), /\[warn\] log 2 {2}\(src\/app\.py:12\)$/);
  });

  it('the adapter writes the logs after the breadcrumbs, once it has stopped', async () => {
    let release: () => void = () => undefined;
    const asked = new Promise<void>((r) => (release = r));
    const d = new Driver(asServed(PYTHON_MODERN), { logs: () => asked.then(() => [{ text: 'LOG LINE', category: 'stderr' as const }]) });
    await d.start();
    const stopped = d.events('stopped')[0];
    assert.ok(stopped, 'stopped without waiting for the logs');
    assert.ok(!d.events('output').some((e) => e.body.output.includes('LOG LINE')));
    release();
    await d.adapter.logsShown;
    const outputs = d.events('output');
    const logAt = d.messages.indexOf(outputs.find((e) => e.body.output.includes('LOG LINE')));
    assert.equal(outputs.at(-1).body.category, 'stderr');
    assert.ok(logAt > d.messages.indexOf(stopped), 'after the stop');
    assert.ok(
      outputs.filter((e) => /Breadcrumbs before the event/.test(plain(e.body.output))).every((e) => d.messages.indexOf(e) < logAt),
      'after the breadcrumbs',
    );
  });
});
