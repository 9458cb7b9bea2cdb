// The Trace tab's host side inside VS Code against the sandbox, in every profile: opening an issue
// reads no trace; showing the tab reads the event and its trace in at most two requests; the error's
// span is marked; a span's code attributes open that line in the editor through the location opener
// the marks use; another issue of the trace opens its own panel; a trace of 10,000 spans; and a
// server that has only the older events-trace/.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import type { TraceView } from '../../src/eventsPanel/core/protocol/trace';
import { decodeTraceRows } from '../../src/eventsPanel/core/protocol/trace';
import type { TestHooks } from '../../src/testHooks';
import type { WorkspaceLocation } from '../sandbox/seed';
import { control, sandboxProfile, UiRecorder, waitFor } from './authHelpers';
import { print } from './output';
import { panelSuiteHooks } from './panelSuite';
import { isTabRequest, type Logged } from './panelRequests';

describe('Trace tab: spans, the error and its code', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;

  const apiRequests = async () => (await control<Logged[]>('requests')).filter((r) => r.path.startsWith('/api/0/') && isTabRequest(r));
  const traceRequests = async () => (await apiRequests()).filter((r) => /\/(events-)?trace(-meta)?\//.test(r.path));

  async function openTab(panel: EventsPanel): Promise<TraceView> {
    await panel.handle({ type: 'trace', action: 'open' });
    return waitFor('the trace view', () => (panel.story.trace.view.phase !== 'loading' ? panel.story.trace.view : undefined), 30_000);
  }

  panelSuiteHooks('Trace', (s) => ({ api, rec } = s));

  it('reads nothing until the tab is shown, then the event and its trace in two requests; the error span opens its line', async () => {
    const locations = await control<WorkspaceLocation[]>('seed/locations');
    const big = (await control<{ big: { issueId: string } }>('traces')).big;
    const target = locations.find((l) => l.line !== null && l.project === 'web-frontend' && l.issueId !== big.issueId)!;
    const panel = api.events.show({ org: 'acme', issueId: target.issueId });
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(await traceRequests(), [], 'opening the issue reads no trace');
    await control('requests/clear', {});
    const started = Date.now();
    const view = await openTab(panel);
    const took = Date.now() - started;
    assert.equal(view.phase, 'ready', view.message);
    const requests = await apiRequests();
    print(`  Trace tab [${await sandboxProfile()}]: ${requests.length} requests (${requests.map((r) => r.path.split('/').slice(4, 6).join('/')).join(', ')}), ${view.spans} spans, ${took} ms`);
    assert.ok(requests.length <= 2, `${requests.length} requests`);
    assert.equal(view.issues[0].current, true);
    assert.ok(view.errorRow !== undefined);
    const rows = decodeTraceRows(view.rowsJson!);
    assert.equal(rows[view.errorRow!].code, `${target.file}:${target.line}`);
    await panel.handle({ type: 'trace', action: 'openSpan', index: view.errorRow });
    const editor = await waitFor('the span’s file in an editor', () => {
      const e = vscode.window.activeTextEditor;
      return e && e.document.uri.fsPath.endsWith(path.normalize(target.file)) ? e : undefined;
    });
    assert.equal(editor.selection.active.line, target.line! - 1);
    // Shown again: nothing read.
    await control('requests/clear', {});
    await openTab(panel);
    assert.deepEqual(await apiRequests(), []);
  });

  it('a trace of 10,000 spans in two requests; another error of a trace opens its own panel', async () => {
    const big = (await control<{ big: { issueId: string; spans: number } }>('traces')).big;
    const panel = api.events.show({ org: 'acme', issueId: big.issueId });
    await control('requests/clear', {});
    const started = Date.now();
    const view = await openTab(panel);
    print(`  Trace tab [${await sandboxProfile()}]: 10,000 spans read in ${Date.now() - started} ms, ${(await apiRequests()).length} requests`);
    assert.equal(view.spans, big.spans);
    assert.ok((await apiRequests()).length <= 2);
    // Some api-server trace holds another issue's error: one click opens that issue's panel.
    const issues = (await control<{ id: string; issueCategory: string }[]>('seed/issues?project=api-server')).filter((i) => i.issueCategory !== 'feedback').slice(0, 15);
    for (const issue of issues) {
      const p = api.events.show({ org: 'acme', issueId: issue.id });
      const v = await openTab(p);
      const other = v.issues.findIndex((i) => i.openable);
      if (other < 0) continue;
      const before = api.events.all().length;
      await p.handle({ type: 'trace', action: 'openIssue', index: other });
      await waitFor('the other issue’s panel', () => api.events.all().length > before || undefined);
      return;
    }
    assert.fail('no trace with another issue’s error among fifteen');
  });

  it('a server with only the older events-trace/ shows its transactions', async () => {
    await control('endpoints', { trace: 404 });
    const locations = await control<WorkspaceLocation[]>('seed/locations');
    const target = locations.find((l) => l.project === 'api-server')!;
    const panel = api.events.show({ org: 'acme', issueId: target.issueId });
    const view = await openTab(panel);
    assert.equal(view.phase, 'ready', view.message);
    assert.equal(view.transactionsOnly, true);
    assert.ok(view.issues.some((i) => i.current));
    assert.deepEqual(rec.messages('error'), []);
  });
});
