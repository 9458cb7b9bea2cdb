// The harness's dialog channel (./dialogs.ts): a modal message renders as the same workbench
// dialog as VS Code's own confirmations, so answering it proves suites can confirm or cancel those.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { answerNextDialog, clearPendingAnswer, dialogChannelAvailable, waitForDialog } from './dialogs';
import { print } from './output';

describe('Harness dialog channel', () => {
  before(function () {
    if (!dialogChannelAvailable()) {
      print('  (no dialog channel: SENTRY_EXPLORER_TEST_DIALOGS is not set; skipping the harness dialog suite)');
      this.skip();
    }
  });

  afterEach(() => clearPendingAnswer());

  it('Harness dialog: clicks the button asked for and records the dialog', async () => {
    await answerNextDialog('Proceed', 'proceed');
    const choice = vscode.window.showWarningMessage('Harness dialog check', { modal: true, detail: 'detail text' }, 'Proceed');
    const seen = await waitForDialog('proceed');
    assert.equal(await choice, 'Proceed');
    assert.equal(seen.message, 'Harness dialog check');
    assert.equal(seen.detail, 'detail text');
    assert.equal(seen.clicked, 'Proceed');
    assert.ok(seen.buttons.includes('Cancel'), `buttons: ${seen.buttons.join(', ')}`);
  });

  it('Harness dialog: Cancel dismisses it', async () => {
    await answerNextDialog('cancel', 'cancel');
    const choice = vscode.window.showWarningMessage('Harness dialog check', { modal: true, detail: 'detail text' }, 'Proceed');
    const seen = await waitForDialog('cancel');
    assert.equal(await choice, undefined);
    assert.equal(seen.clicked, 'Cancel');
  });
});
