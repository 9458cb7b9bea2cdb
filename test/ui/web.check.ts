// The extension in the browser's web worker extension host (its browser bundle,
// dist/web/extension.js), as on vscode.dev: the window opens a virtual workspace (test/webfs, the
// sample workspace under the sentrytest-memfs scheme, no file: folder), and a person signs in by
// pasting a token, lists the issues, opens one in the events panel and sees a file's marks.
// Sign in with a code is offered too, but says it cannot finish in a browser and opens the token box.
// Sentry refuses a personal token from a browser page ("Invalid origin", src/api/browser.ts): the
// token box says so and what works there, an internal integration's token whose Authorized
// JavaScript Origins list this page. With CORS dropped by a proxy, the view says what to do.
import { check } from './framework';
import { fadedIn, glyphOf, ourHover, quickOpen } from './editorPage';
import { eventsFrame, hidePanel, waitLoaded } from './eventsPanelPage';
import { openSignedOutView, requestsSettled, sandboxDefaults, sandboxUrl } from './session';

const WELCOME = "Sign in to Sentry to see your project's issues.";

check(
  'web worker host, virtual workspace: sign in with a token, list issues, open an issue, marks on a file',
  async ({ page, vscode }) => {
    const started = Date.now();
    const pageOrigin = new URL(page.url()).origin;

    // The extension runs in the web worker host (Developer: Show Running Extensions names the host
    // of each), from its browser bundle: its log says which entry activated it.
    // (Its view first: the list shows activated extensions.)
    await openSignedOutView(vscode);
    await vscode.runCommand('Developer: Show Running Extensions');
    // Named by its id: the development host lists it without its translated display name.
    const running = page
      .locator('.part.editor .monaco-list-row')
      .filter({ has: page.locator('.name', { hasText: /^(sentry-explorer\.sentry-explorer|Sentry Explorer)$/ }) })
      .first();
    await running.waitFor({ state: 'visible', timeout: 30_000 });
    const where = (await running.innerText()).replace(/\s+/g, ' ');
    if (!/web worker/i.test(where)) throw new Error(`Sentry Explorer does not run in the web worker host: ${where}`);
    await vscode.screenshot('web-running-extensions');
    await vscode.runCommand('View: Close All Editors');
    await vscode.runCommand('Sentry Explorer: Show Log');
    await vscode.waitFor('the log to say the web worker host', async () => /running in the browser's web worker extension host/.test(await vscode.outputText()), 30_000);
    // The window's one folder is the virtual one: the explorer names it after its path (sample),
    // not after the folder on disk that test/webfs reads (workspace).
    const explorer = await vscode.openView('Explorer');
    const roots = (await explorer.locator('.pane-header h3.title').allInnerTexts()).map((t) => t.trim().toUpperCase());
    if (!roots.includes('SAMPLE') || roots.includes('WORKSPACE')) throw new Error(`the explorer shows ${roots.join(', ')}, not the virtual folder`);
    const sideBar = await openSignedOutView(vscode);
    await vscode.screenshot('web-host-log');
    await hidePanel(page, vscode);

    // 1. Sign in by pasting a token. A personal token first: Sentry refuses it from a browser page,
    // and the box says so with the way out.
    const { authToken } = await sandboxDefaults();
    await vscode.runCommand('Sentry Explorer: Sign In', { prompts: true });
    const widget = page.locator('.quick-input-widget');
    const first = widget.locator('.quick-input-list .monaco-list-row').first();
    await first.waitFor({ state: 'visible' });
    // In the browser the pasted token comes first: the OAuth ways cannot finish there.
    if (!/Paste an auth token/.test(await first.innerText())) throw new Error(`the first way to sign in is ${await first.innerText()}`);
    await vscode.screenshot('web-sign-in-methods');
    // Sign in with a code cannot finish in the browser: it says why and offers the pasted token.
    await widget.locator('.quick-input-list .monaco-list-row', { hasText: 'Sign in with a code' }).first().click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    if (!/cannot sign in with a code or through the browser: Sentry's OAuth endpoints do not answer requests from a browser page \(CORS\)/.test(await dialog.innerText())) {
      throw new Error(`the dialog says: ${await dialog.innerText()}`);
    }
    await vscode.screenshot('web-sign-in-code-unavailable');
    await dialog.getByRole('button', { name: 'Paste an Auth Token' }).click();
    await vscode.waitForText('Sign in to Sentry with an auth token', { within: widget });
    const input = widget.locator('.quick-input-box input').first();
    await input.fill(authToken);
    await page.keyboard.press('Enter');
    await vscode.waitForText(/does not accept this credential from VS Code in the browser/, { within: widget, timeout: 30_000 });
    await vscode.waitForText(pageOrigin, { within: widget });
    await vscode.screenshot('web-sign-in-personal-token-refused');

    // The way out: an internal integration whose Authorized JavaScript Origins list this page.
    const res = await fetch(`${sandboxUrl()}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'integration', org: 'acme', scopes: ['org:read', 'project:read', 'event:read'], allowedOrigins: [pageOrigin] }),
    });
    const integration = (await res.json()) as { token: string };
    await input.fill(integration.token);
    await page.keyboard.press('Enter');
    await vscode.waitForText(/Signed in to Sentry .* as /, { within: vscode.notifications, timeout: 30_000 });
    console.log(`      signed in from ${pageOrigin} after ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // 2. The issues of the workspace's project (.sentryclirc, read through the virtual file system).
    const row = sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitForIdle();
    await vscode.runCommand('Notifications: Clear All Notifications');
    await vscode.screenshot('web-issues-tree');

    // 3. An issue opens in the events panel (the webview) from its row.
    const name = (await row.getAttribute('aria-label')) ?? '';
    const shortId = /^Issue (WEB-FRONTEND-\w+):/.exec(name)?.[1];
    if (!shortId) throw new Error(`no short ID in the row "${name}"`);
    await row.click();
    const frame = await eventsFrame(page, shortId, 30_000);
    await waitLoaded(frame);
    await frame.locator('.event-row').first().waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.screenshot('web-events-panel');
    await vscode.runCommand('View: Close All Editors');

    // 4. A file of the virtual workspace: its marks from the file's issue search, and a hover.
    const locations = (await (await fetch(`${sandboxUrl()}/_sandbox/seed/locations`)).json()) as { issueId: string; file: string; line: number | null; shortId: string }[];
    await quickOpen(page, 'src/app/checkout.ts', 'checkout.ts');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await vscode.waitFor('gutter marks in checkout.ts', async () => (await editor.locator('.cgmr[class*="ced-"]').count()) > 0, 60_000);
    await requestsSettled(vscode);
    // A seeded line of the file whose issue has a mark: the first line with a glyph, brought into view.
    const lines = [...new Set(locations.filter((l) => l.file === 'src/app/checkout.ts' && l.line !== null).map((l) => l.line!))].sort((a, b) => a - b);
    let line: number | undefined;
    for (const l of lines) {
      await quickOpen(page, `:${l}`);
      if (/^gutter-/.test(await glyphOf(page, l))) {
        line = l;
        break;
      }
    }
    if (line === undefined) throw new Error(`no line of checkout.ts has a glyph (seeded lines ${lines.join(', ')})`);
    const lineNumber = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${line}$`) }).first();
    const box = await lineNumber.boundingBox();
    const content = await editor.locator('.view-lines').boundingBox();
    if (!box || !content) throw new Error(`line ${line} is not on screen`);
    await page.mouse.move(content.x + 40, box.y + box.height / 2);
    const hover = ourHover(page).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    await fadedIn(vscode, hover);
    console.log(`      checkout.ts:${line} shows ${await glyphOf(page, line)} in the virtual workspace`);
    await vscode.screenshot('web-editor-marks-hover');
    await vscode.dismiss();

    // A proxy that drops Sentry's CORS headers: the view says what happened and what to do.
    await fetch(`${sandboxUrl()}/_sandbox/cors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
    try {
      await vscode.runCommand('Sentry Explorer: Refresh');
      const failed = sideBar.getByRole('treeitem', { name: /VS Code in the browser got no answer from/ }).first();
      await failed.waitFor({ state: 'visible', timeout: 60_000 });
      // The whole message is the row's tooltip.
      const tip = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: /CORS/ });
      await vscode.hoverUntil(failed, tip.first());
      console.log(`      without CORS the view says: ${(await tip.first().innerText()).replace(/\s+/g, ' ')}`);
      await vscode.screenshot('web-no-cors');
    } finally {
      await fetch(`${sandboxUrl()}/_sandbox/cors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: true }) });
    }
    console.log(`      the four steps in the web worker host took ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await vscode.runCommand('View: Close All Editors');
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText(WELCOME, { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 240_000, workspace: 'web' },
);
