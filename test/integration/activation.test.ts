import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { control, type RequestLogEntry } from './authHelpers';
import { activateExtension, getExtension } from './helpers';
import { print } from './output';

describe('activation', () => {
  it('activates without error', async () => {
    const api = await activateExtension();
    assert.equal(getExtension().isActive, true);
    assert.equal(typeof api?.activationMs, 'number', 'activate() returns { activationMs }');
  });

  it('reports its activation time', async function () {
    const { activationMs, activationPhases, activationCpuMs } = await activateExtension();
    // Read by test/harness (the line is copied into the run's summary).
    print(`SENTRY_EXPLORER_ACTIVATION_MS=${activationMs.toFixed(2)} (VS Code ${vscode.version}, ${vscode.env.appHost}, uiKind ${vscode.UIKind[vscode.env.uiKind]})`);
    // From the bundle's first line (src/loadStart.ts): `host` is VS Code's own work between require()
    // and activate(); the rest, the modules' top level and activate(), is the extension's (budget 10 ms).
    const ours = activationMs - (activationPhases.host ?? 0);
    this.test!.title += ` (${activationMs.toFixed(1)} ms, ${ours.toFixed(1)} ms of it ours, ${activationCpuMs.toFixed(1)} ms of CPU)`;
    print(
      `  by part: ${Object.entries(activationPhases)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`)
        .join(', ')}`,
    );
    assert.ok(activationMs >= 0 && Number.isFinite(activationMs));
    assert.ok(activationPhases.load > 0 && activationPhases.host >= 0, 'timed from the first line: the modules loaded before activate()');
    // activate() only builds and registers services; work that takes longer belongs behind a command or a view.
    assert.ok(activationMs < 500, `activation took ${activationMs.toFixed(1)} ms`);
  });

  it('costs a workspace nothing until Sentry is in use: no request, no status-bar item, no file index, no file watcher', async () => {
    // The suites start signed out: the sample workspace's .sentryclirc names a project, but
    // without a session nothing may be read from a server or from the workspace's file tree.
    const api = await activateExtension();
    assert.equal(api.auth.isSignedIn(), false);
    const sent = (await control<RequestLogEntry[]>('requests')).filter((r) => !r.path.startsWith('/_sandbox'));
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      [],
    );
    assert.equal(api.issues.statusBar.visible, false, 'no status-bar item');
    assert.equal(api.editor.started, false, 'the editor integration (file index, watcher, decorations) waits for a session and a project');
  });
});
