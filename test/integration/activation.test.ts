import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, getExtension } from './helpers';
import { print } from './output';

describe('activation', () => {
  it('activates without error', async () => {
    const api = await activateExtension();
    assert.equal(getExtension().isActive, true);
    assert.equal(typeof api?.activationMs, 'number', 'activate() returns { activationMs }');
  });

  it('reports its activation time', async function () {
    const { activationMs } = await activateExtension();
    // Read by test/harness (the line is copied into the run's summary).
    print(`SENTRY_EXPLORER_ACTIVATION_MS=${activationMs.toFixed(2)} (VS Code ${vscode.version}, ${vscode.env.appHost}, uiKind ${vscode.UIKind[vscode.env.uiKind]})`);
    this.test!.title += ` (${activationMs.toFixed(1)} ms)`;
    assert.ok(activationMs >= 0 && Number.isFinite(activationMs));
    // activate() only builds and registers services; work that takes longer belongs behind a command or a view.
    assert.ok(activationMs < 500, `activate() took ${activationMs.toFixed(1)} ms`);
  });
});
