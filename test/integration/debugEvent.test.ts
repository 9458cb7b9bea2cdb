// Debug This Event in a real VS Code: a session of the `sentry-event` type started from the events
// panel (the event it holds: no request), from the Issues view's command (the latest event: one
// request) and with vscode.debug.startDebugging and a launch configuration; its threads, stack at
// the workspace file, variables, exceptionInfo and evaluate read through the debug API
// (session.customRequest, as VS Code's own views ask); continue ending it; Previous/Next event; a
// switch of account ending it. Asserted on the sandbox's request log, in every profile.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import { control, signedInSuite, signInWithToken, waitFor, type RequestLogEntry, type UiRecorder } from './authHelpers';
import type { TestHooks } from '../../src/testHooks';
import { print } from './output';

const SECRET = 'SANDBOXSECRET';

const timings = (live: { readMs: number; timings: { created?: number; stopped?: number; stack?: number; focused?: number } }) =>
  `read ${live.readMs} ms, session started ${live.timings.created} ms, stopped ${live.timings.stopped} ms, stack shown ${live.timings.stack} ms, stop frame focused again ${live.timings.focused} ms after the click`;

interface SeedLocation {
  issueId: string;
  shortId: string;
  project: string;
  file: string;
  line: number;
}

describe('debug a recorded event', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let restore: (() => Promise<void>) | undefined;
  let authToken: string;
  let target: SeedLocation;

  before(async function () {
    let defaults: { authToken: string };
    ({ api, rec, restore, defaults } = await signedInSuite(this, 'debug a recorded event'));
    authToken = defaults.authToken;
    api.debugEvent.ui.override(rec.ui());
    const locations = await control<SeedLocation[]>('seed/locations');
    target = locations.find((l) => l.project === 'web-frontend' && l.file.startsWith('src/'))!;
    assert.ok(target, 'an issue of web-frontend with its crash in the sample workspace');
  });

  afterEach(async () => {
    await vscode.debug.stopDebugging();
  });

  after(async () => {
    api?.events.all().forEach((p) => p.dispose());
    api?.debugEvent.ui.reset();
    if (api && authToken && api.auth.session?.account.id !== 'user:1') await signInWithToken(api, rec, authToken);
    await restore?.();
  });

  const eventReads = async () => (await control<RequestLogEntry[]>('requests')).filter((r) => /\/issues\/\d+\/events\/[^/]+\/$/.test(r.path)).map((r) => r.path);
  const ref = () => ({ org: 'acme', project: target.project, issueId: target.issueId });

  /** The session once it has stopped (the adapter's stop reaches VS Code as its active stack item). */
  /** Sessions an earlier step started: one still ending is not the new one. */
  const seen = new Set<string>();
  async function stoppedSession(): Promise<vscode.DebugSession> {
    const session = await waitFor('a new sentry-event session', () => {
      const s = vscode.debug.activeDebugSession;
      return s?.type === 'sentry-event' && !seen.has(s.id) ? s : undefined;
    });
    seen.add(session.id);
    await waitFor('the stop', () => {
      const item = vscode.debug.activeStackItem;
      return item instanceof vscode.DebugStackFrame && item.session.id === session.id ? item : undefined;
    });
    return session;
  }

  /**
   * With no click: VS Code focuses the stop frame among the thread's frames of now (the session
   * focuses it again once the stack settled), with its workspace file open at the line, where the
   * exception widget shows (the UI check test/ui/debugEvent.check.ts sees the widget itself).
   */
  async function atStopFrame(live: NonNullable<ReturnType<TestHooks['debugEvent']['sessions']['get']>>): Promise<void> {
    await waitFor('the stop frame focused again once the stack settled', () => live.timings.focused);
    const item = vscode.debug.activeStackItem;
    assert.ok(item instanceof vscode.DebugStackFrame && item.session.id === live.session.id, 'a frame of the session is focused');
    assert.equal(item.frameId, live.adapter.stopFrameId(), 'the stop frame: the newest in-app one');
    const editor = await waitFor('the workspace file open at the stop', () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.path.endsWith(`/${target.file}`) ? e : undefined;
    });
    assert.equal(editor.selection.active.line + 1, target.line, 'at the crash line');
  }

  async function checkSession(session: vscode.DebugSession, eventId: string): Promise<void> {
    const seen: unknown[] = [];
    const ask = async (command: string, args?: unknown) => {
      const body = await session.customRequest(command, args);
      seen.push(body);
      return body;
    };
    const { threads } = await ask('threads');
    assert.ok(threads.length >= 1);
    const { stackFrames } = await ask('stackTrace', { threadId: threads[0].id, startFrame: 0, levels: 50 });
    const top = stackFrames.find((f: any) => f.source && f.presentationHint !== 'subtle');
    assert.ok(top, JSON.stringify(stackFrames.slice(0, 3)));
    assert.equal(top.line, target.line);
    const path = typeof top.source.path === 'string' ? top.source.path : '';
    // A path, or a URI: the workbench's own (code-server's remote workspace is `vscode-remote:` there).
    const shown = /^[a-z][a-z0-9+.-]+:\/\//i.test(path) ? vscode.Uri.parse(path) : vscode.Uri.file(path);
    const uri = shown.scheme === 'vscode-remote' ? vscode.Uri.file(shown.path) : shown;
    assert.ok(uri.path.endsWith(`/${target.file}`), `${path} is ${target.file}`);
    assert.ok(vscode.workspace.getWorkspaceFolder(uri), `${path}: a file of the workspace`);
    const { scopes } = await ask('scopes', { frameId: top.id });
    assert.deepEqual(
      scopes.map((s: any) => s.name),
      ['Locals', 'Event'],
    );
    const { variables } = await ask('variables', { variablesReference: scopes[0].variablesReference });
    assert.ok(variables.length > 0, 'the frame recorded variables');
    const event = (await ask('variables', { variablesReference: scopes[1].variablesReference })).variables;
    for (const v of event) if (v.variablesReference) await ask('variables', { variablesReference: v.variablesReference });
    const info = await ask('exceptionInfo', { threadId: threads[0].id });
    const client = (await api.auth.getClient())!;
    const raw: any = await client.getIssueEvent('acme', target.issueId, eventId);
    const chain = raw.entries.find((e: any) => e.type === 'exception').data.values;
    assert.equal(info.exceptionId, chain[chain.length - 1].type);
    const name = variables.find((v: any) => !v.variablesReference).name;
    const hover = await ask('evaluate', { expression: name, frameId: top.id, context: 'hover' });
    assert.equal(hover.result, variables.find((v: any) => v.name === name).value);
    await assert.rejects(Promise.resolve(session.customRequest('evaluate', { expression: `${name} + 1`, frameId: top.id, context: 'repl' })), /nothing runs/);
    assert.ok(!JSON.stringify(seen).includes(SECRET), 'secrets stay masked');
  }

  it('from the events panel: the event on screen, no request, stopped at the exception with the stack at the workspace file', async () => {
    const panel = api.events.show(ref(), undefined, { markSeen: false });
    const opened = await panel['model'].eventDetails.get('latest');
    const eventId = opened.raw.eventID.toLowerCase();
    await control('requests/clear', {});
    await panel.handle({ type: 'debugEvent', eventId });
    const session = await stoppedSession();
    const live = api.debugEvent.sessions.get(session)!;
    await waitFor('the stack shown', () => live.timings.stack);
    assert.deepEqual(await eventReads(), [], 'the event the panel holds: no request');
    assert.equal(live.requests, 0);
    await atStopFrame(live);
    print(`    debug from the panel (the window's first session): ${timings(live)}, 0 requests`);
    await checkSession(session, eventId);
    // Again, as a person clicks a second time: VS Code's debug views are loaded now.
    await vscode.debug.stopDebugging(session);
    await control('requests/clear', {});
    await panel.handle({ type: 'debugEvent', eventId });
    const again = await stoppedSession();
    const second = api.debugEvent.sessions.get(again)!;
    await waitFor('the stack shown', () => second.timings.stack);
    assert.deepEqual(await eventReads(), [], 'no request the second time either');
    print(`    debug from the panel (again): ${timings(second)}, 0 requests`);
    panel.dispose();
  });

  it('from the Issues view: the latest event, one request; continue ends the session', async () => {
    await control('requests/clear', {});
    assert.equal(await vscode.commands.executeCommand(Commands.debugEvent, ref()), true);
    const session = await stoppedSession();
    assert.equal((await eventReads()).length, 1, 'one read of the latest event');
    const live = api.debugEvent.sessions.get(session)!;
    await waitFor('the stack shown', () => live.timings.stack);
    await atStopFrame(live);
    print(`    debug from the tree: ${timings(live)}, 1 request`);
    const ended = new Promise<void>((resolve) => {
      const d = vscode.debug.onDidTerminateDebugSession((s) => {
        if (s.id === session.id) {
          d.dispose();
          resolve();
        }
      });
    });
    await session.customRequest('continue', { threadId: 1 });
    await ended;
    assert.equal(api.debugEvent.sessions.get(session), undefined, 'nothing runs: the session ended');
  });

  it('with vscode.debug.startDebugging and a launch configuration naming the issue by its short ID', async () => {
    const started = await vscode.debug.startDebugging(vscode.workspace.workspaceFolders?.[0], { type: 'sentry-event', request: 'launch', name: 'recorded', issue: target.shortId, event: 'latest' });
    assert.ok(started);
    const session = await stoppedSession();
    const live = api.debugEvent.sessions.get(session)!;
    await checkSession(session, live.recorded.detail.eventID);
  });

  it('a launch configuration naming only an event id: its issue looked up (one request), then the event read', async () => {
    const client = (await api.auth.getClient())!;
    const latest: any = await client.getIssueEvent('acme', target.issueId, 'latest');
    const eventId = latest.previousEventID ?? latest.eventID;
    await control('requests/clear', {});
    const started = await vscode.debug.startDebugging(vscode.workspace.workspaceFolders?.[0], { type: 'sentry-event', request: 'launch', name: 'by event id', event: eventId.toUpperCase() });
    assert.ok(started);
    const session = await stoppedSession();
    const live = api.debugEvent.sessions.get(session)!;
    assert.equal(live.recorded.detail.eventID, eventId);
    assert.deepEqual(live.target.ref, { org: 'acme', project: target.project, issueId: target.issueId });
    // The event-ID lookup and the event (the events table's logs request, after the stop, is another test's).
    const asked = (await control<RequestLogEntry[]>('requests')).filter((r) => /\/(eventids|issues\/\d+\/events)\//.test(r.path)).map((r) => r.path);
    assert.deepEqual(asked, [`/api/0/organizations/acme/eventids/${eventId}/`, `/api/0/organizations/acme/issues/${target.issueId}/events/${eventId}/`]);
    await checkSession(session, eventId);
  });

  it("inline values: the frame's variables only in the stopped function, up to the stop line", async () => {
    await vscode.commands.executeCommand(Commands.debugEvent, ref());
    const session = await stoppedSession();
    const live = api.debugEvent.sessions.get(session)!;
    const { threads } = await session.customRequest('threads');
    const { stackFrames } = await session.customRequest('stackTrace', { threadId: threads[0].id, startFrame: 0, levels: 50 });
    const top = stackFrames.find((f: any) => f.id === live.adapter.stopFrameId());
    assert.ok(top?.source?.path, JSON.stringify(stackFrames.slice(0, 3)));
    const doc = await vscode.workspace.openTextDocument(vscode.workspace.workspaceFolders![0].uri.with({ path: `${vscode.workspace.workspaceFolders![0].uri.path}/${target.file}` }));
    const stop = top.line - 1;
    // The stopped function in the sample workspace: its top-level functions start at column 0
    // (`export function`, `export async function`) and end at a `}` there.
    let first = stop;
    while (first > 0 && !/^(export )?(async )?function /.test(doc.lineAt(first).text)) first--;
    let last = stop;
    while (last < doc.lineCount - 1 && doc.lineAt(last).text !== '}') last++;
    assert.ok(first > 0 && last < doc.lineCount - 1, `${target.file}:${top.line} is in a function with lines around it (${first + 1}-${last + 1})`);
    const values = (range: vscode.Range) =>
      vscode.commands.executeCommand<vscode.InlineValue[]>('vscode.executeInlineValueProvider', doc.uri, range, {
        frameId: top.id,
        stoppedLocation: new vscode.Range(stop, top.column - 1, stop, top.column - 1),
      });
    const whole = await values(new vscode.Range(0, 0, doc.lineCount - 1, 0));
    const lines = whole.map((v) => v.range.start.line);
    assert.ok(lines.length > 0, "the frame's variables appear in its function");
    const outside = lines.filter((l) => l < first || l > stop);
    assert.deepEqual(outside, [], `values only on lines ${first + 1}-${stop + 1} (${target.file}), not on ${outside.map((l) => l + 1).join(', ')}`);
    // Lines of the other functions above it, which name variables of the frame too (items, coupon).
    const names = live.adapter.localNames(top.id);
    const above = new vscode.Range(0, 0, first - 1, 0);
    assert.ok(
      names.some((n) => new RegExp(`\\b${n.replace(/[^\w$]/g, '')}\\b`).test(doc.getText(above))),
      `the lines above the function name one of ${names.join(', ')}: the check can fail`,
    );
    assert.deepEqual(
      (await values(above)).map((v) => v.range.start.line + 1),
      [],
      'nothing outside the stopped function',
    );
    assert.deepEqual((await values(new vscode.Range(last + 1, 0, doc.lineCount - 1, 0))).length, 0, 'nothing in the functions below');
    // Which way the provider found the function (src/debugEvent/core/inlineValues.ts inlineFirstLine): said, not asserted, as both must hold.
    const symbols = await vscode.commands.executeCommand<unknown[] | undefined>('vscode.executeDocumentSymbolProvider', doc.uri);
    print(`    inline values on lines ${Math.min(...lines) + 1}-${Math.max(...lines) + 1}; document symbols ${symbols?.length ? 'known' : 'none: the kept lines'}`);
  });

  it('Previous and Next event restart the session on that event of the issue', async () => {
    const client = (await api.auth.getClient())!;
    const latest: any = await client.getIssueEvent('acme', target.issueId, 'latest');
    assert.ok(latest.previousEventID, 'the issue has an older event');
    await vscode.commands.executeCommand(Commands.debugEvent, ref());
    const first = await stoppedSession();
    await vscode.commands.executeCommand(Commands.debugPreviousEvent);
    const second = await stoppedSession();
    assert.notEqual(second.id, first.id);
    assert.equal(api.debugEvent.sessions.get(second)?.recorded.detail.eventID, latest.previousEventID);
  });

  /** The Debug Console's output of the next sentry-event session, as VS Code receives it (a tracker on the real adapter). */
  function consoleOutput(): { lines: { category: string; text: string }[]; dispose(): void } {
    const lines: { category: string; text: string }[] = [];
    const d = vscode.debug.registerDebugAdapterTrackerFactory('sentry-event', {
      createDebugAdapterTracker: () => ({
        onDidSendMessage: (m: any) => {
          if (m?.type === 'event' && m.event === 'output') lines.push({ category: m.body.category, text: String(m.body.output).replace(/\u2060/g, '') });
        },
      }),
    });
    return { lines, dispose: () => d.dispose() };
  }
  const logsRequests = async () =>
    (await control<RequestLogEntry[]>('requests')).filter((r) => r.path === '/api/0/organizations/acme/events/' && /^(logs|ourlogs)$/.test(new URLSearchParams(r.query).get('dataset') ?? ''));

  it('the Debug Console: the breadcrumbs, then the logs of the trace before the error (at most two requests, after the stop), masked', async () => {
    const out = consoleOutput();
    try {
      const panel = api.events.show(ref(), undefined, { markSeen: false });
      const opened = await panel['model'].eventDetails.get('latest');
      const eventId = opened.raw.eventID.toLowerCase();
      const errorClock = new Date(Date.parse(String(opened.raw.dateCreated))).toISOString().slice(11, 23);
      await control('requests/clear', {});
      await panel.handle({ type: 'debugEvent', eventId });
      const session = await stoppedSession();
      const live = api.debugEvent.sessions.get(session)!;
      await live.adapter.logsShown;
      const heading = await waitFor('the logs in the Debug Console', () => {
        const i = out.lines.findIndex((l) => /^Logs of trace [0-9a-f]{32} before the error, oldest first/.test(l.text));
        return i >= 0 ? i : undefined;
      });
      const crumbs = out.lines.findIndex((l) => /^Breadcrumbs before the event|recorded no breadcrumbs/.test(l.text));
      assert.ok(crumbs >= 0 && crumbs < heading, 'the breadcrumbs first, then the logs');
      const logs = out.lines.slice(heading + 1).filter((l) => /^\d\d:\d\d:\d\d\.\d{3} \[/.test(l.text));
      assert.ok(logs.length > 0, 'logs before the error');
      const clocks = logs.map((l) => l.text.slice(0, 12));
      assert.deepEqual([...clocks].sort(), clocks, 'in time order');
      assert.ok(
        clocks.every((c) => c <= errorClock),
        `before the error at ${errorClock}: ${clocks.join(', ')}`,
      );
      for (const l of logs) {
        const level = /\[(\w+)\]/.exec(l.text)![1];
        assert.equal(l.category, level === 'error' || level === 'fatal' ? 'stderr' : level === 'warn' ? 'console' : 'stdout', l.text);
      }
      assert.ok(!out.lines.some((l) => l.text.includes(SECRET)), 'secrets stay masked');
      const asked = await logsRequests();
      assert.ok(asked.length >= 1 && asked.length <= 2, `${asked.length} logs requests`);
      assert.deepEqual(await eventReads(), [], 'the event itself is still the panel’s');
      print(`    Debug Console logs: ${logs.length} lines before the error, ${asked.length} request(s) (${asked.map((r) => new URLSearchParams(r.query).get('dataset')).join(', ')})`);
      panel.dispose();
    } finally {
      out.dispose();
    }
  });

  it('the Debug Console of a plan without logs says so in one line, with no error', async () => {
    const out = consoleOutput();
    await control('features', { org: 'acme', remove: ['ourlogs-enabled'] });
    try {
      const errorsBefore = rec.messages('error').length;
      await vscode.commands.executeCommand(Commands.debugEvent, ref());
      const session = await stoppedSession();
      await api.debugEvent.sessions.get(session)!.adapter.logsShown;
      const said = await waitFor('the line about logs', () => out.lines.find((l) => /no logs of trace [0-9a-f]{32} before the error/.test(l.text)));
      assert.equal(said.category, 'console');
      assert.ok(!out.lines.some((l) => /^Logs of trace/.test(l.text)));
      assert.equal(rec.messages('error').length, errorsBefore, 'no error');
    } finally {
      out.dispose();
      await control('features', { org: 'acme', add: ['ourlogs-enabled'] });
    }
  });

  it('a switch of account ends the session', async () => {
    await vscode.commands.executeCommand(Commands.debugEvent, ref());
    const session = await stoppedSession();
    const ended = new Promise<void>((resolve) => {
      const d = vscode.debug.onDidTerminateDebugSession((s) => {
        if (s.id === session.id) {
          d.dispose();
          resolve();
        }
      });
    });
    const other = await control<{ token: string }>('tokens', { scopes: ['org:read', 'project:read', 'event:read'], kind: 'user', userId: '2' });
    await signInWithToken(api, rec, other.token);
    await ended;
    await signInWithToken(api, rec, authToken);
  });
});
