// The marked line's history since the event's release, through VS Code's git extension, in a window
// opened on a git copy of the sample workspace (test/sandbox/gitHistory.ts: the very commits the
// sandbox's releases name), git on. The harness opens that window for this suite alone and sets
// SENTRY_EXPLORER_TEST_GIT_WORKSPACE; the other windows run without git and leave it out (the
// provenance suite checks the hover omits the history there).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestHooks } from '../../src/testHooks';
import { control, settledMarks, signedInSuite, startMarksSuite, waitFor, type UiRecorder } from './authHelpers';
import { print } from './output';

const GIT_WINDOW = process.env.SENTRY_EXPLORER_TEST_GIT_WORKSPACE === '1';

describe("The marked line's history since the release (git window)", function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let restore: () => Promise<void>;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  before(async function () {
    if (!GIT_WINDOW || !vscode.workspace.workspaceFolders?.length) {
      print('  (not the git window: the line history is checked in the window the harness opens on a git copy)');
      this.skip();
    }
    ({ api, rec, restore } = await signedInSuite(this, 'line history'));
    await startMarksSuite(api);
    api.releases.ui.override(rec.ui());
  });

  after(async () => {
    api?.releases.ui.reset();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restore?.();
  });

  /** The hover's part on releases of each marked line of a file. */
  async function aboutParts(file: string): Promise<Map<number, string>> {
    const uri = vscode.Uri.joinPath(folder(), file);
    await vscode.window.showTextDocument(uri, { preview: false });
    const marks = await settledMarks(api, uri);
    const out = new Map<number, string>();
    for (const line of new Set(marks.map((m) => m.line))) {
      const parts = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 0))).flatMap((h) =>
        h.contents.map((c) => (typeof c === 'string' ? c : c.value)),
      );
      const about = parts.find((p) => p.includes('$(tag)'));
      if (about) out.set(line, about);
    }
    return out;
  }

  it('the checkout crash line changed since its release, in the commit after it, by its author; other lines are unchanged', async () => {
    // The git extension finds the repository of the window's folder on its own.
    await waitFor(
      'the git repository',
      async () =>
        (await vscode.commands.executeCommand<unknown>('git.refresh').then(
          () => true,
          () => true,
        )) && true,
    );
    const checkout = await aboutParts('src/app/checkout.ts');
    const line23 = await waitFor('the hover of line 23 with its history', async () => {
      const about = (await aboutParts('src/app/checkout.ts')).get(22);
      return about && /changed since this release|unchanged since|not in this checkout/.test(about) ? about : undefined;
    });
    print(`      line 23 of checkout.ts: ${line23.split('  \n').at(-1)}`);
    assert.match(line23, /\$\(history\) `web-frontend@2\.1[01]\.0` _changed since this release, in _`[0-9a-f]{7}`_ by (Margaret Hamilton|Grace Hopper)_/);
    if (/web-frontend@2\.11\.0/.test(line23.split('  \n').at(-1)!)) assert.match(line23, /by Margaret Hamilton_ · Divide discount percentages instead of scaling them/);
    const format = await aboutParts('src/utils/format.js');
    const all = [...checkout.values(), ...format.values()];
    assert.ok(
      all.some((a) => a.includes('_unchanged since the release_')),
      all.join('\n---\n'),
    );
  });

  it("a click on a commit the workspace's repository has opens it in source control, asking nothing", async () => {
    await control('requests/clear', {});
    let message: { eventId: string; view: { suspects: { id: string; shortId: string }[] } } | undefined;
    api.events.get('acme', '4800000007')?.dispose();
    const panel = api.events.show({ org: 'acme', issueId: '4800000007' });
    const sub = panel.onDidPost((m) => {
      if (m.type === 'provenance') message = m;
    });
    try {
      await waitFor('the provenance of the event on screen', () => message, 60_000);
    } finally {
      sub.dispose();
    }
    const commit = message!.view.suspects[0];
    assert.ok(commit, JSON.stringify(message));
    rec.shown.length = 0;
    await panel.handle({ type: 'openCommit', eventId: message!.eventId, commitId: commit.id });
    const tab = await waitFor('the commit in an editor tab', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.startsWith(commit.shortId)));
    print(`      opened: ${tab.label}`);
    assert.equal(rec.shown.length, 0, 'nothing asked');
    assert.equal(rec.opened.length, 0, 'no browser');
  });
});
