// Who and what broke it, as a person sees it, in a window on a git copy of the sample workspace (its
// commits are the sandbox's release commits; the harness opens it, git on): the events panel's header
// with the releases, the event's release and deploys, the suspect commit (its hostile message as text)
// and the owners; then the hover of the checkout crash line naming the suspect commit and saying the
// line changed since the release, in the commit after it, by its author.
import * as path from 'node:path';
import { check, UI_RESULTS_DIR } from './framework';
import { seed } from '../sandbox';
import { fadedIn, quickOpen } from './editorPage';
import { closeEditors, hidePanel, openEvents, shot, signIn, until, waitLoaded } from './eventsPanelPage';
import { requestsSettled } from './session';

/** WEB-FRONTEND's checkout-discount issue: first seen in 2.0.0, last in 2.11.0, its crash on checkout.ts:23. */
const BIG = '4800000007';

check(
  "releases: the panel's header names the releases, the suspect commit and the owners; the hover says the crash line changed since the release",
  async ({ page, vscode }) => {
    const shortId = seed.issue(BIG)!.shortId;
    await signIn(page, vscode);
    await closeEditors(vscode);
    await hidePanel(page, vscode);
    await vscode.runCommand('Notifications: Clear All Notifications');

    const f = await openEvents(page, vscode, shortId);
    await waitLoaded(f);
    await until(f, "!!document.querySelector('#provenance:not([hidden]) #suspect-commits') && !!document.querySelector('#provenance #owners')", 60_000);
    const header = (await f.locator('#provenance').textContent()) ?? '';
    for (const want of ['first release', 'web-frontend@2.0.0', 'last release', 'web-frontend@2.11.0', 'deployed to', 'suspect commit', 'owners: #frontend, Jane Doe']) {
      if (!header.includes(want)) throw new Error(`the header lacks "${want}": ${header}`);
    }
    if ((await f.locator('#provenance img, #provenance a').count()) !== 0) throw new Error('server text became markup');
    await shot(vscode, 'releases-panel-header');
    // The header alone, large enough to read.
    const area = await page.locator('.part.editor').boundingBox();
    if (area) await page.screenshot({ path: path.join(UI_RESULTS_DIR, 'releases-panel-header-close-up.png'), clip: { x: area.x, y: area.y, width: Math.min(area.width, 1100), height: 260 } });

    // The crash line of the issue in the editor, and its hover.
    await closeEditors(vscode);
    await quickOpen(page, 'src/app/checkout.ts', 'checkout.ts');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await quickOpen(page, ':23');
    await requestsSettled(vscode);
    const lineNumber = editor.locator('.margin-view-overlays .line-numbers', { hasText: /^23$/ }).first();
    await lineNumber.waitFor({ state: 'visible', timeout: 15_000 });
    const box = await lineNumber.boundingBox();
    const content = await editor.locator('.view-lines').boundingBox();
    if (!box || !content) throw new Error('line 23 is not visible');
    // The marks are drawn a moment after the search: move away and back until the hover has its part on releases.
    const hover = page.locator('.monaco-hover').filter({ hasText: 'changed since this release' }).first();
    await vscode.waitFor(
      'the hover of line 23 with the line history',
      async () => {
        await page.mouse.move(content.x + content.width - 10, content.y + content.height - 10);
        await page.waitForTimeout(300);
        await page.mouse.move(content.x + 60, box.y + box.height / 2);
        return hover.waitFor({ state: 'visible', timeout: 6000 }).then(
          () => true,
          () => false,
        );
      },
      60_000,
    );
    const text = (await hover.textContent()) ?? '';
    for (const want of ['first release', 'suspect commit', 'changed since this release, in', 'by Margaret Hamilton']) {
      if (!text.includes(want)) throw new Error(`the hover lacks "${want}": ${text}`);
    }
    await fadedIn(vscode, hover);
    await vscode.screenshot('releases-hover-changed-since-release');
    await vscode.dismiss();
  },
  { timeoutMs: 180_000, workspace: 'git' },
);
