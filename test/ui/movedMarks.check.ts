// A mark whose code moved since the event, as a person meets it: lines added above a marked line,
// the marks refreshed, and the mark still on its code, its hover saying which line the event named.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { check } from './framework';
import { fadedIn, glyphOf, ourHover, quickOpen } from './editorPage';
import { WORKSPACE_DIR } from '../sandbox';
import { openSignedOutView, requestsSettled, sandboxDefaults, sandboxUrl, signInWithToken } from './session';

const FILE = 'src/app/checkout.ts';

check(
  'a marked line whose code moved down: after a refresh the mark stays on the code, and its hover says "Moved from line N"',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await vscode.runCommand('View: Close All Editors');
    await signInWithToken(page, vscode);
    await vscode.waitForText(/^WEB-FRONTEND-\w+ /, { within: sideBar, timeout: 30_000 });

    // A listed issue of the file whose line's code is found nowhere else in it.
    const { authToken } = await sandboxDefaults();
    const listed = (await (await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?project=web-frontend&limit=100`, { headers: { authorization: `Bearer ${authToken}` } })).json()) as {
      id: string;
    }[];
    const ids = new Set(listed.map((i) => i.id));
    const original = fs.readFileSync(path.join(WORKSPACE_DIR, FILE), 'utf8');
    const lines = original.split('\n');
    const once = (n: number) => lines.filter((l) => l.trim() === lines[n - 1]?.trim()).length === 1 && /\w{4}/.test(lines[n - 1] ?? '');
    const locations = (await (await fetch(`${sandboxUrl()}/_sandbox/seed/locations`)).json()) as { issueId: string; file: string; line: number | null; shortId: string }[];
    const target = locations.find((l) => l.file === FILE && l.line !== null && ids.has(l.issueId) && once(l.line));
    if (!target?.line) throw new Error(`no listed issue marks a line of ${FILE} of its own`);
    const line = target.line;

    await quickOpen(page, FILE, 'checkout.ts');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    // The line in view: the editor may open where an earlier check left it.
    await quickOpen(page, `:${line}`);
    await vscode.waitFor(`the glyph of line ${line}`, async () => /^gutter-/.test(await glyphOf(page, line)), 60_000);
    await requestsSettled(vscode);

    let saved: boolean;
    try {
      // Three lines added at the top, as a pull might: the code is now 3 lines further down.
      await editor.locator('.view-lines').click();
      await page.keyboard.press('Control+Home');
      for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
      const moved = line + 3;
      await vscode.waitFor(`the glyph moved with the text to line ${moved}`, async () => /^gutter-/.test(await glyphOf(page, moved)), 10_000);
      // A refresh places the marks again from the event's line, which now holds other code.
      await vscode.runCommand('Sentry Explorer: Refresh');
      await requestsSettled(vscode);
      await quickOpen(page, `:${moved}`);
      const num = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${moved}$`) }).first();
      await num.waitFor({ state: 'visible', timeout: 15_000 });
      const hover = ourHover(page)
        .filter({ hasText: target.shortId })
        .filter({ hasText: `Moved from line ${line}` })
        .first();
      let said = '';
      await vscode
        .waitFor(
          `the hover of line ${moved} to say where ${target.shortId} moved from`,
          async () => {
            const box = await num.boundingBox();
            const content = await editor.locator('.view-lines').boundingBox();
            if (!box || !content) return false;
            await page.mouse.move(content.x + 40, box.y + box.height / 2);
            // A hover shows after VS Code's hover delay.
            if (
              await hover
                .waitFor({ state: 'visible', timeout: 3000 })
                .then(() => true)
                .catch(() => false)
            )
              return true;
            said =
              (await ourHover(page)
                .first()
                .textContent({ timeout: 1000 })
                .catch(() => '')) ?? '';
            // Away and back: a hover shown before the refresh keeps what it said then.
            await page.mouse.move(content.x + content.width - 20, content.y + content.height - 20);
            return false;
          },
          30_000,
        )
        .catch((e: Error) => {
          throw new Error(`${e.message}; the hover said: ${said || 'nothing'}`);
        });
      if (!/^gutter-/.test(await glyphOf(page, moved))) throw new Error(`the mark left line ${moved} (its code) after the refresh`);
      await fadedIn(vscode, hover);
      console.log(`      ${target.shortId}: event line ${line}, code now on line ${moved}; the hover says "Moved from line ${line}"`);
      await vscode.screenshot('editor-moved-mark-hover');
    } finally {
      await vscode.dismiss();
      // The sample workspace is the sandbox's own: the edit is never kept.
      await vscode.runCommand('File: Revert File');
      await vscode.runCommand('View: Close All Editors');
      // Saved meanwhile (the checks' window has auto save off: see test/harness/vscode.ts): put back, then failed below.
      saved = fs.readFileSync(path.join(WORKSPACE_DIR, FILE), 'utf8') !== original;
      if (saved) fs.writeFileSync(path.join(WORKSPACE_DIR, FILE), original);
    }
    if (saved) throw new Error(`${FILE} was saved with the check's edit`);
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 150_000 },
);
