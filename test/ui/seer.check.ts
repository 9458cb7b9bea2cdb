// Person-like check of the events panel's Seer tab in Chromium: signed in with a token that may
// write, open an issue that points into the sample workspace, open the Seer tab (which reads and
// starts nothing), click Find Root Cause, see the progress and then the root cause appear, ask for
// the solution and the code changes, open the change in VS Code's diff editor, come back and apply
// it; screenshots in a dark and a light theme.
import * as assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { check, type Workbench } from './framework';
import { closeEditors, eventsFrame, hidePanel, openEvents, setTheme, shot, shotEditor, until } from './eventsPanelPage';
import { apiRequests, openSignedOutView, sandboxDefaults, sandboxUrl, signInWithToken } from './session';

interface Location {
  issueId: string;
  shortId: string;
  project: string;
  file: string;
  line: number | null;
}

async function target(): Promise<Location> {
  const res = await fetch(`${sandboxUrl()}/_sandbox/seed/locations`);
  const all = (await res.json()) as Location[];
  const found = all.find((l) => l.line !== null && l.project === 'web-frontend' && /\.(ts|js)x?$/.test(l.file));
  if (!found) throw new Error('no web-frontend issue pointing into the workspace');
  return found;
}

async function openSeerTab(f: Frame): Promise<void> {
  await f.locator('#tab-seer').click();
  await until(f, "!!document.querySelector('#seer-panel:not([hidden])') && !document.querySelector('#seer-panel .seer-muted')?.textContent?.startsWith('Loading')");
}

/** Back to the panel's tab after the diff editor took the group: its page loads again and shows the Seer tab. */
async function backToPanel(page: Page, shortId: string): Promise<Frame> {
  await page
    .locator('.tabs-container .tab', { hasText: `${shortId} · Events` })
    .first()
    .click();
  const f = await eventsFrame(page, shortId);
  await until(f, "!!document.querySelector('#seer-panel:not([hidden]) #seer-changes')");
  return f;
}

async function signInToWrite(page: Page, vscode: Workbench): Promise<void> {
  await openSignedOutView(vscode);
  await signInWithToken(page, vscode, (await sandboxDefaults()).writeToken);
  await vscode.waitForText('Issues', { timeout: 30_000 }).catch(() => undefined);
}

check(
  'seer tab: Find Root Cause starts one run, its progress and root cause appear, the change opens in the diff editor and applies (dark and light themes)',
  async ({ page, vscode }) => {
    await fetch(`${sandboxUrl()}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const t = await target();
    await signInToWrite(page, vscode);
    await hidePanel(page, vscode);
    await setTheme(page, vscode, 'Dark Modern');
    let f = await openEvents(page, vscode, t.shortId);
    await openSeerTab(f);
    await until(f, "!!document.querySelector('#seer-start')");
    const posts = (await apiRequests()).filter((r) => r.method === 'POST' && r.path.endsWith('/autofix/'));
    assert.equal(posts.length, 0, 'opening the tab starts no run');
    await shotEditor(page, 'seer-idle-dark');

    await f.locator('#seer-start').click();
    await until(f, "!!document.querySelector('#seer-progress p')", 15_000);
    await shotEditor(page, 'seer-progress-dark');
    await until(f, "!!document.querySelector('#seer-root-cause .seer-cause-summary')", 30_000);
    await shotEditor(page, 'seer-root-cause-dark');

    await f.locator('#seer-solution').click();
    await until(f, "!!document.querySelector('#seer-solution-text') && !!document.querySelector('#seer-code')", 30_000);
    await f.locator('#seer-code').click();
    await until(f, "!!document.querySelector('#seer-diff-0')", 30_000);
    await f.locator('#seer-diff-0').click();
    await page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible', timeout: 20_000 });
    // The diff's sides are drawn a moment after the editor: wait for Seer's added line.
    await page.locator('.monaco-diff-editor .view-line', { hasText: 'Seer: check the value' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await shot(vscode, 'seer-diff-dark');

    await setTheme(page, vscode, 'Light Modern');
    f = await backToPanel(page, t.shortId);
    await until(f, "!!document.querySelector('#seer-apply')", 20_000);
    await f.locator('#seer-apply').scrollIntoViewIfNeeded();
    await shotEditor(page, 'seer-changes-light');
    await f.locator('#seer-apply').click();
    await until(f, "[...document.querySelectorAll('#seer-panel p')].some((p) => p.textContent.startsWith('Applied')) && !document.querySelector('#seer-apply')", 20_000);
    await f.locator('#seer-changes').scrollIntoViewIfNeeded();
    await shotEditor(page, 'seer-applied-light');
    const all = (await apiRequests()).filter((r) => r.path.endsWith('/autofix/') || r.path.endsWith('/autofix/update/'));
    assert.equal(all.filter((r) => r.method === 'POST' && r.path.endsWith('/autofix/')).length >= 1, true);

    // The applied change is an unsaved edit: revert it so the next checks see the file as it is.
    await vscode.dismiss();
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input.input').first();
    await input.waitFor({ state: 'visible' });
    await input.fill(t.file);
    await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    await vscode.runCommand('File: Revert File');
    await closeEditors(vscode);
    await setTheme(page, vscode, 'Dark Modern');
  },
  { timeoutMs: 240_000 },
);
