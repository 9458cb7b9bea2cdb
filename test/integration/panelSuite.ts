// The hooks every suite of the events panel's tabs (trace, logs, replays and feedback) shares:
// signed in with the page's prompts recorded, and every panel and editor closed and the sandbox
// reset before each test and after the suite.
import * as vscode from 'vscode';
import type { TestHooks } from '../../src/testHooks';
import { control, signedInSuite, type UiRecorder } from './authHelpers';

/** Registers the hooks in the calling describe; `got` receives the API and the recorder once signed in. */
export function panelSuiteHooks(name: string, got: (s: { api: TestHooks; rec: UiRecorder }) => void): void {
  let api: TestHooks | undefined;
  let restore: (() => Promise<void>) | undefined;

  before(async function () {
    const s = await signedInSuite(this, name);
    ({ api, restore } = s);
    s.api.events.ui.override(s.rec.ui());
    got(s);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const p of api?.events.all() ?? []) p.dispose();
    api?.events.ui.reset();
    await restore?.();
    await control('reset', {});
  });

  beforeEach(async () => {
    await control('reset', {});
    for (const p of api?.events.all() ?? []) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
}
