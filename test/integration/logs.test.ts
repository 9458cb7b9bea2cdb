// The Logs tab's host side inside VS Code against the sandbox, in every profile: opening an issue reads
// no logs; showing the tab reads the event and the logs of its trace; a log with code attributes opens
// its line in the editor through the location opener the marks use; Follow polls for new logs and
// stops when the panel hides; a plan without logs is said once in the tab, with no error.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import type { LogsView } from '../../src/eventsPanel/core/protocol/logs';
import { decodeLogRows } from '../../src/eventsPanel/core/protocol/logs';
import type { TestHooks } from '../../src/testHooks';
import type { WorkspaceLocation } from '../sandbox/seed';
import { control, sandboxProfile, UiRecorder, waitFor } from './authHelpers';
import { print } from './output';
import { panelSuiteHooks } from './panelSuite';
import { isTabRequest, type Logged } from './panelRequests';

describe('Logs tab: the trace’s logs, Follow, and a plan without logs', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let target: WorkspaceLocation;

  const apiRequests = async () => (await control<Logged[]>('requests')).filter((r) => r.path.startsWith('/api/0/') && isTabRequest(r));
  const logRequests = async () => (await apiRequests()).filter((r) => r.query.some(([k, v]) => k === 'dataset' && /logs$/.test(v)));

  async function openTab(panel: EventsPanel): Promise<LogsView> {
    await panel.handle({ type: 'logs', action: 'open' });
    return waitFor('the logs view', () => (panel.story.logs.view.phase !== 'loading' ? panel.story.logs.view : undefined), 30_000);
  }

  panelSuiteHooks('Logs', (s) => ({ api, rec } = s));

  beforeEach(async () => {
    const big = (await control<{ big: { issueId: string } }>('traces')).big;
    target = (await control<WorkspaceLocation[]>('seed/locations')).find((l) => l.line !== null && l.project === 'web-frontend' && l.issueId !== big.issueId)!;
  });

  it('reads nothing until the tab is shown; then the logs oldest first, and a log’s code opens its line', async () => {
    const panel = api.events.show({ org: 'acme', issueId: target.issueId });
    // The panel opens on its Event tab, which reads the event every tab then shares.
    await waitFor('the Event tab’s read', async () => (await apiRequests()).some((r) => /\/events\/latest\/$/.test(r.path) && r.status === 200) || undefined, 30_000);
    assert.deepEqual(await logRequests(), [], 'opening the issue reads no logs');
    await control('requests/clear', {});
    const view = await openTab(panel);
    assert.equal(view.phase, 'ready', view.message);
    const requests = await apiRequests();
    print(`  Logs tab [${await sandboxProfile()}]: ${requests.length} requests (${requests.map((r) => `${r.path.split('/').slice(4, 6).join('/')} ${r.status}`).join(', ')}), ${view.count} logs`);
    // One logs request; a server of before July 2025 refuses the name `logs` once (the first time in a session), then `ourlogs`.
    assert.ok(requests.length >= 1 && requests.length <= 2, `${requests.length} requests`);
    assert.ok(
      requests.every((r) => /\/events\/$/.test(r.path)),
      'the event is not read again',
    );
    const rows = decodeLogRows(view.rowsJson!);
    const withCode = rows.findIndex((r) => r.code === `${target.file}:${target.line}`);
    assert.ok(withCode >= 0, 'a log names the error’s line');
    await panel.handle({ type: 'logs', action: 'openLog', index: withCode });
    const editor = await waitFor('the log’s file in an editor', () => {
      const e = vscode.window.activeTextEditor;
      return e && e.document.uri.fsPath.endsWith(path.normalize(target.file)) ? e : undefined;
    });
    assert.equal(editor.selection.active.line, target.line! - 1);
  });

  it('Follow polls for new logs and stops when the panel hides', async () => {
    const panel = api.events.show({ org: 'acme', issueId: target.issueId });
    const view = await openTab(panel);
    assert.equal(view.phase, 'ready', view.message);
    const traceId = view.traceId!;
    await panel.handle({ type: 'logs', action: 'follow' });
    assert.equal(panel.story.logs.following, true);
    await control('logs', { trace: traceId, message: 'a log that came later' });
    const more = await waitFor('the new log', () => (panel.story.logs.view.count > view.count ? panel.story.logs.view : undefined), 20_000);
    assert.equal(decodeLogRows(more.rowsJson!).at(-1)!.msg, 'a log that came later');
    assert.equal(more.count, view.count + 1);
    // Another editor in front hides the panel: Follow stops.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'x' }), { viewColumn: panel.panel.viewColumn ?? vscode.ViewColumn.One });
    await waitFor('Follow to stop', () => (!panel.story.logs.following ? true : undefined), 10_000);
    const polls = panel.story.logs.polls;
    await new Promise((r) => setTimeout(r, 6_000));
    assert.equal(panel.story.logs.polls, polls, 'no poll while hidden');
  });

  it('a plan without logs says so once in the tab, with no error', async () => {
    await control('features', { org: 'acme', remove: ['ourlogs-enabled'] });
    const panel = api.events.show({ org: 'acme', issueId: target.issueId });
    const view = await openTab(panel);
    assert.equal(view.phase, 'no-logs');
    assert.match(view.message ?? '', /no logs on its plan/);
    assert.deepEqual(rec.messages('error'), []);
    assert.deepEqual(rec.messages('warning'), []);
  });
});
