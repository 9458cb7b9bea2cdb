// Errors where the code is, as a person sees them: a source file of the sample workspace
// with gutter icons and inline issue text, and the hover of a decorated line with its triage links.
// Its marks come from the file's own issue search (one per open file), which the sandbox's request log shows.
// The gutter glyph of a marked line is looked at in a light, a dark and both high-contrast themes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { check, slug, UI_RESULTS_DIR, type Workbench } from './framework';
import { setTheme } from './eventsPanelPage';
import { fadedIn, glyphOf, ourHover, quickOpen } from './editorPage';
import { WORKSPACE_DIR } from '../sandbox';
import { fileIssueIds, openSignedOutView, requestsSettled, sandboxUrl, signInWithToken } from './session';

/** The themes a marked line is looked at in, and the kind of glyph VS Code draws in each (`light` or `dark` decoration options). */
const THEMES = [
  ['Light Modern', 'light'],
  ['Dark High Contrast', 'dark'],
  ['Light High Contrast', 'light'],
  ['Dark Modern', 'dark'],
] as const;

/** A close-up of the lines around `line` (gutter, numbers and code), beside the whole window's screenshot. */
async function closeUp(page: Page, vscode: Workbench, editor: Locator, line: number, name: string): Promise<void> {
  await vscode.screenshot(name);
  const num = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${line}$`) }).first();
  const box = await num.boundingBox();
  const frame = await editor.boundingBox();
  if (!box || !frame) throw new Error(`line ${line} is not on screen`);
  const height = box.height * 5;
  await page.screenshot({ path: path.join(UI_RESULTS_DIR, `${slug(name)}-close-up.png`), clip: { x: frame.x, y: box.y - box.height * 2, width: Math.min(420, frame.width), height } });
}

check(
  'an editor shows issues on their lines, with a hover naming the issue',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    await vscode.waitForText(/^WEB-FRONTEND-\w+ /, { within: sideBar, timeout: 30_000 });

    // A seeded line of checkout.ts whose issue is on the first page the view lists.
    const { authToken } = (await (await fetch(`${sandboxUrl()}/_sandbox/defaults`)).json()) as { authToken: string };
    const listed = (await (await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?project=web-frontend&limit=100`, { headers: { authorization: `Bearer ${authToken}` } })).json()) as {
      id: string;
    }[];
    const ids = new Set(listed.map((i) => i.id));
    const locations = (await (await fetch(`${sandboxUrl()}/_sandbox/seed/locations`)).json()) as { issueId: string; file: string; line: number | null; shortId: string }[];
    const target = locations.find((l) => l.file === 'src/app/checkout.ts' && l.line !== null && ids.has(l.issueId));
    if (!target) throw new Error('no listed issue points at a line of src/app/checkout.ts');

    await fetch(`${sandboxUrl()}/_sandbox/requests/clear`, { method: 'POST' });
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill('src/app/checkout.ts');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'checkout.ts' }).first().click();
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    // Gutter icons are images in the glyph margin; wait for at least one.
    await vscode.waitFor(
      'gutter icons in the editor',
      async () =>
        (await editor.locator('.cgmr, .glyph-margin-widgets .codicon, .margin-view-overlays [class*="ced-"]').count()) > 0 ||
        (await editor.locator('.view-overlays, .view-lines').locator('[class*="ced-"]').count()) > 0,
      30_000,
    );
    // Marks are drawn as they are located: the hover waits for the last of them.
    await requestsSettled(vscode);
    // The marks came from the open files' shared search (src/editor/core/sharedSearch.ts), sent when it was opened.
    const log = (await (await fetch(`${sandboxUrl()}/_sandbox/requests?path=${encodeURIComponent('^/api/0/organizations/acme/events/$')}`)).json()) as { query: [string, string][] }[];
    const searches = log.map((r) => new URLSearchParams(r.query).get('query') ?? '').filter((q) => q.includes('stack.filename'));
    if (!searches.some((q) => q.includes('stack.filename:"*app/checkout.ts"'))) throw new Error(`no search for checkout.ts in the request log: ${JSON.stringify(searches)}`);

    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill(`:${target.line}`);
    await page.keyboard.press('Enter');
    await vscode.waitForIdle();

    const lineNumber = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${target.line}$`) }).first();
    // Right after the jump the line may still be on its way into view (seen once in a full run).
    await lineNumber.waitFor({ state: 'visible', timeout: 15_000 });
    const box = await lineNumber.boundingBox();
    if (!box) throw new Error(`line ${target.line} is not visible`);
    const content = await editor.locator('.view-lines').boundingBox();
    if (!content) throw new Error('the editor shows no lines');
    await page.mouse.move(content.x + 40, box.y + box.height / 2);
    const hover = ourHover(page).filter({ hasText: target.shortId }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    // The hover's actions render as icon links (trusted one command at a time) named by their tooltips.
    for (const title of ['Show Events', 'Resolve', 'Archive', 'Assign to Me', 'Open in Browser']) {
      await hover.locator(`a[title="${title}"] .codicon`).first().waitFor({ state: 'visible', timeout: 5_000 });
    }
    await fadedIn(vscode, hover);
    await vscode.screenshot('editor-decorations-hover');
    await vscode.dismiss();

    // The glyph beside the line in each theme: a bug of the level's colour made for that kind of theme.
    await page.mouse.move(content.x + content.width - 20, content.y + content.height - 20);
    for (const [theme, kind] of THEMES) {
      await setTheme(page, vscode, theme);
      await vscode.waitFor(`the ${kind} glyph in ${theme}`, async () => new RegExp(`^gutter-(fatal|error|warning|info|debug)-${kind}\\.svg$`).test(await glyphOf(page, target.line!)), 10_000);
      console.log(`      ${theme}: line ${target.line} shows ${await glyphOf(page, target.line!)}`);
      await closeUp(page, vscode, editor, target.line!, `editor-gutter-${theme}`);
    }

    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 120_000 },
);

check(
  "a busy line's hover: three issues, one line each with icon actions, and +N more listing all of the line's issues",
  async ({ page, vscode }) => {
    const FILE = 'src/utils/format.js';
    const sideBar = await openSignedOutView(vscode);
    await vscode.runCommand('View: Close All Editors');
    await signInWithToken(page, vscode);
    await vscode.waitForText(/^WEB-FRONTEND-\w+ /, { within: sideBar, timeout: 30_000 });

    // The line of the file where the most of its issues happened (their latest events).
    const own = await fileIssueIds('utils/format.js');
    const locations = (await (await fetch(`${sandboxUrl()}/_sandbox/seed/locations`)).json()) as { issueId: string; file: string; line: number | null }[];
    const perLine = new Map<number, number>();
    for (const l of locations) if (l.file === FILE && l.line !== null && own.has(l.issueId)) perLine.set(l.line, (perLine.get(l.line) ?? 0) + 1);
    const [line, n] = [...perLine].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
    if (n <= 3) throw new Error(`the busiest line of ${FILE} has ${n} issues: not a busy line`);
    // The sign-in toast would cover the README's picture of the line.
    await vscode.runCommand('Notifications: Clear All Notifications');

    await quickOpen(page, FILE, 'format.js');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await quickOpen(page, `:${line}`);
    await vscode.waitFor(`the glyph of line ${line}`, async () => /^gutter-/.test(await glyphOf(page, line)), 60_000);
    await requestsSettled(vscode);

    const lineNumber = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${line}$`) }).first();
    const box = await lineNumber.boundingBox();
    const content = await editor.locator('.view-lines').boundingBox();
    if (!box || !content) throw new Error(`line ${line} is not visible`);
    await page.mouse.move(content.x + 40, box.y + box.height / 2);
    const hover = ourHover(page).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    const more = hover.locator('a[title^="Show all"]');
    await more.waitFor({ state: 'visible', timeout: 5_000 });
    // Three issues, each with its own row of icons; then "+N more" for the rest.
    const rows = await hover.locator('a[title="Show Events"]').count();
    const moreText = ((await more.textContent()) ?? '').trim();
    const moreTitle = (await more.getAttribute('title')) ?? '';
    if (rows !== 3) throw new Error(`the hover shows ${rows} issues, not 3`);
    if (moreText !== `+${n - 3} more` || moreTitle !== `Show all ${n} issues on this line`) throw new Error(`"+N more" reads "${moreText}" ("${moreTitle}") for ${n} issues`);
    for (const title of ['Resolve', 'Archive', 'Open in Browser', 'Copy Link']) {
      const icons = await hover.locator(`a[title="${title}"] .codicon`).count();
      if (icons !== 3) throw new Error(`${icons} "${title}" icons for 3 issues`);
    }
    // This VS Code has no chat extension: no Explain/Fix icon on any line.
    const ai = await hover.locator('a[title$="with AI"]').count();
    if (ai !== 0) throw new Error(`${ai} AI icons without a chat`);
    await fadedIn(vscode, hover);
    const hoverBox = await hover.boundingBox();
    console.log(`      ${FILE}:${line}: ${n} issues; the hover shows 3 rows and "${moreText}", ${Math.round(hoverBox?.width ?? 0)}×${Math.round(hoverBox?.height ?? 0)} px`);
    await vscode.screenshot('editor-compact-hover');
    await vscode.screenshot('readme-marked-line', { readme: true });
    if (hoverBox)
      await page.screenshot({
        path: path.join(UI_RESULTS_DIR, 'editor-compact-hover-close-up.png'),
        clip: { x: hoverBox.x - 8, y: hoverBox.y - 8, width: hoverBox.width + 16, height: hoverBox.height + 16 },
      });

    // "+N more": every issue of the line, to pick one and see its events.
    await more.click();
    const widget = page.locator('.quick-input-widget');
    await vscode.waitForText(`Sentry issues on line ${line} of ${FILE}`, { within: widget, timeout: 10_000 });
    const first = widget.locator('.quick-input-list .monaco-list-row').first();
    await first.waitFor({ state: 'visible' });
    const total = Number(await first.getAttribute('aria-setsize'));
    if (total !== n) throw new Error(`the pick lists ${total} issues, not the line's ${n}`);
    await vscode.screenshot('editor-line-issues-pick');
    await page.keyboard.press('Escape');

    await vscode.runCommand('View: Close All Editors');
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 180_000 },
);

check(
  '"Why Are There No Marks?" names the project that has the file\'s issues, and its button adds it: the marks show',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await vscode.runCommand('View: Close All Editors');
    await signInWithToken(page, vscode);
    await vscode.waitForText(/^WEB-FRONTEND-\w+ /, { within: sideBar, timeout: 30_000 });
    // The workspace's settings as the check found them: Add saves the chosen projects there.
    const settingsFile = path.join(WORKSPACE_DIR, '.vscode', 'settings.json');
    const before = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : undefined;
    try {
      await quickOpen(page, 'server/api/orders.py', 'orders.py');
      const editor = page.locator('.editor-instance .monaco-editor').first();
      await editor.waitFor({ state: 'visible' });
      const item = page.locator('.part.statusbar [id$="sentryExplorer.marksStatus"]');
      await item.waitFor({ state: 'visible', timeout: 30_000 });
      await vscode.runCommand('Notifications: Clear All Notifications');
      await item.click();
      const toast = vscode.notifications.locator('.notification-toast', { hasText: 'issues of project api-server' }).first();
      await toast.waitFor({ state: 'visible', timeout: 15_000 });
      const add = toast.locator('.monaco-button', { hasText: /^Add api-server$/ });
      await add.waitFor({ state: 'visible' });
      console.log(`      ${((await toast.locator('.notification-list-item-message').textContent()) ?? '').trim()}`);
      // Slid in: its box stays put, inside the window.
      await vscode.waitForSettledOnScreen(toast, 'the notification');
      await vscode.screenshot('editor-no-marks-other-project');
      await add.click();
      // Chosen now: the Issues view lists api-server's issues too, and the file gets its marks.
      await vscode.waitFor('marks in orders.py', async () => (await editor.locator('.cgmr[class*="ced-"]').count()) > 0, 60_000);
      await item.waitFor({ state: 'hidden', timeout: 10_000 });
      await requestsSettled(vscode);
      await vscode.screenshot('editor-no-marks-project-added');
    } finally {
      if (before === undefined) fs.rmSync(settingsFile, { force: true });
      else fs.writeFileSync(settingsFile, before);
      await vscode.runCommand('View: Close All Editors');
      await vscode.runCommand('Sentry Explorer: Sign Out');
      await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
    }
  },
  { timeoutMs: 180_000 },
);
