// Person-like check of the events panel's Seer tab in Chromium: signed in with a token that may
// write, open an issue that points into the sample workspace, open the Seer tab (which reads and
// starts nothing), click Find Root Cause, see the progress and then the root cause appear, ask for
// the solution and the code changes, open the change in VS Code's diff editor, come back and apply
// it; screenshots in a dark and a light theme. Then a hostile run (test/sandbox/seerChanges.ts): each
// change shows the file it writes or why none, and Apply asks in a modal naming each path that runs
// code or changes the editor, the repository or CI; Cancel writes nothing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { check, type Workbench } from './framework';
import { closeEditors, eventsFrame, hidePanel, openEvents, setTheme, shot, shotEditor, until } from './eventsPanelPage';
import { apiRequests, openSignedOutView, sandboxDefaults, sandboxUrl, signInWithToken } from './session';
import { WORKSPACE_DIR } from '../sandbox';

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

/**
 * Closes every editor, the events panels too, and drops unsaved edits (an applied change is one):
 * "Don't Save" in the dialog that asks. (Quick Open by the file's name could pick the diff editor,
 * whose title holds the same path, and revert that instead.)
 */
async function closeDiscarding(page: Page, vscode: Workbench): Promise<void> {
  await vscode.dismiss();
  await closeEditors(vscode);
  const dialog = page.locator('.monaco-dialog-box');
  if (
    await dialog.waitFor({ state: 'visible', timeout: 3_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await dialog.getByRole('button', { name: "Don't Save" }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/**
 * Signed out first, then the sandbox back to its seeded state (which forgets the tokens an earlier
 * check signed in with), then signed in with the token that may write, and the tree's first row drawn.
 */
async function signInToWrite(page: Page, vscode: Workbench): Promise<void> {
  const sideBar = await openSignedOutView(vscode);
  await fetch(`${sandboxUrl()}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  await signInWithToken(page, vscode, (await sandboxDefaults()).writeToken);
  await sideBar
    .getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
}

check(
  'seer tab: Find Root Cause starts one run, its progress and root cause appear, the change opens in the diff editor and applies (dark and light themes)',
  async ({ page, vscode }) => {
    await signInToWrite(page, vscode);
    const t = await target();
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

    // The applied change is an unsaved edit: dropped, so the next checks see the file as it is.
    await closeDiscarding(page, vscode);
    await setTheme(page, vscode, 'Dark Modern');
  },
  { timeoutMs: 240_000 },
);

/** Where the sample workspace's files are (the window's folder): the check adds a .vscode/settings.json there, and takes it away. */
async function settingsFile(): Promise<{ remove: () => void }> {
  const dir = path.join(WORKSPACE_DIR, '.vscode');
  const file = path.join(dir, 'settings.json');
  const made = { dir: !fs.existsSync(dir), file: !fs.existsSync(file) };
  if (made.file) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, '{\n}\n');
  }
  return {
    remove: () => {
      if (made.file) fs.rmSync(file, { force: true });
      if (made.dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

check(
  'seer tab: each change shows the file it writes or why none, and Apply asks in a modal naming each sensitive path, which Cancel refuses',
  async ({ page, vscode }) => {
    const settings = await settingsFile();
    try {
      await closeDiscarding(page, vscode);
      await signInToWrite(page, vscode);
      const t = await target();
      const control = (body: unknown) => fetch(`${sandboxUrl()}/_sandbox/seer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await control({ issue: t.issueId, scenario: 'hostile' });
      await control({ startRun: { issue: t.issueId, agoMs: 60_000, through: 'code_changes' } });
      await hidePanel(page, vscode);
      const f = await openEvents(page, vscode, t.shortId);
      await openSeerTab(f);
      // Every change placed: the file it writes, or why there is none.
      await until(f, "document.querySelectorAll('#seer-changes .seer-change').length === 7 && document.querySelectorAll('.seer-change-target, .seer-change-missing').length === 7", 30_000);
      const rows = await f.locator('#seer-changes .seer-change').allInnerTexts();
      const row = (p: string) => rows.find((r) => r.startsWith(p) || r.includes(`\n${p}`) || r.includes(` ${p} `)) ?? '';
      assert.match(row('config/settings.json'), /not found in this workspace/, rows.join('\n---\n'));
      assert.match(row('.git/hooks/post-checkout'), /not found in this workspace/);
      assert.match(row('.vscode/tasks.json'), /Writes[\s\S]*\.vscode\/tasks\.json[\s\S]*Asks before it is written/);
      assert.match(row(t.file), new RegExp(`Writes[\\s\\S]*${t.file.replace(/[.]/g, '\\.')}`));
      await f.locator('#seer-changes').scrollIntoViewIfNeeded();
      await shotEditor(page, 'seer-targets-dark');

      // Each diff that can be opened, as a person would go down the list: each opens beside the panel.
      const openable = await f.locator('#seer-changes [data-seer="openDiff"]').evaluateAll((els) => els.map((e) => e.id));
      for (const id of openable) {
        const path = (await f.locator(`#${id}`).locator('xpath=..').locator('.seer-change-path').innerText()).trim();
        await f.locator(`#${id}`).click();
        await page
          .locator('.tabs-container .tab', { hasText: `${path} ↔ Seer's change` })
          .first()
          .waitFor({ state: 'visible', timeout: 20_000 });
        await until(f, `document.querySelector('#${id}')?.textContent?.includes('Open Diff Again')`, 20_000);
      }
      await f.locator('#seer-changes').scrollIntoViewIfNeeded();
      await shot(vscode, 'seer-review-beside-dark');
      await until(f, "!!document.querySelector('#seer-apply')", 20_000).catch(async (e: Error) => {
        throw new Error(`${e.message}; the tab says: ${await f.locator('#seer-changes').innerText()}`);
      });
      await f.locator('#seer-apply').click();
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 20_000 });
      const text = await dialog.innerText();
      for (const p of ['.vscode/tasks.json', '.envrc', 'package.json']) assert.ok(text.includes(p), `the modal names ${p}: ${text}`);
      assert.ok(!text.includes(t.file), 'and only the paths that need it');
      await vscode.screenshot('seer-sensitive-modal');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await until(f, "document.querySelector('#seer-message')?.textContent?.startsWith('Nothing was written')", 20_000);
      await f.locator('#seer-message').scrollIntoViewIfNeeded();
      await shotEditor(page, 'seer-sensitive-refused');
      for (const p of ['.envrc', 'package.json', '.vscode/tasks.json']) assert.equal(fs.existsSync(path.join(WORKSPACE_DIR, p)), false, `${p} not written`);
      await closeDiscarding(page, vscode);
    } finally {
      settings.remove();
    }
  },
  { timeoutMs: 240_000 },
);
