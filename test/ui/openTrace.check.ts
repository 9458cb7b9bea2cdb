// A Java stack trace pasted from anywhere, opened as a person does it: copied to the clipboard, then
// "Sentry Explorer: Open Link, ID or Stack Trace…" from the palette offers the clipboard's trace, which
// opens as a read-only Stack Trace document over the platform workspace (test/sandbox/platforms). Its
// header names the Sentry issue whose latest stack matches (JAVA-APP-1), its frame is a link (VS
// Code's link decoration, with the file it opens in the hover), and Ctrl+click opens the right file
// at the crashing line.
import { check } from './framework';
import { openSignedOutView, signInWithToken } from './session';
import { PLATFORM_SPECS } from '../sandbox/platforms';

const JAVA = PLATFORM_SPECS.find((s) => s.key === 'java')!;
const TRACE = ['java.lang.IllegalStateException: Invalid POST', '\tat io.sentry.example.Application.home(Application.java:14)', '\tat java.base/java.lang.Thread.run(Thread.java:833)'].join('\n');

check(
  'a Java stack trace pasted from the clipboard opens as a Stack Trace document, its frame linked to the right file and line, its Sentry issue named',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    await vscode.waitForText(/^[A-Z-]+-APP-\w+ /, { within: sideBar, timeout: 30_000 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(TRACE)})`);
    await vscode.runCommand('Sentry Explorer: Open Link, ID or Stack Trace…', { prompts: true });
    const offer = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Java/Kotlin stack trace on the clipboard' }).first();
    await offer.waitFor({ state: 'visible', timeout: 15_000 });
    await offer.click();
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await vscode.waitFor('the Stack Trace document', async () => ((await page.locator('.tabs-container .tab.active').first().textContent()) ?? '').includes('Stack Trace'), 15_000);
    await vscode.waitFor('the matching issue in the header', async () => ((await editor.locator('.view-lines').textContent()) ?? '').includes('JAVA-APP-1'), 30_000);
    const link = editor.locator('.view-lines .detected-link', { hasText: 'Application.java:14' }).first();
    await link.waitFor({ state: 'attached', timeout: 15_000 });
    const box = await link.boundingBox();
    if (!box) throw new Error('the frame link is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    const hover = page.locator('.monaco-hover', { hasText: 'Application.java:14' }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
    await vscode.screenshot('open-trace-java-linked');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.up('Control');
    await vscode.waitFor(`${JAVA.file} in the editor`, async () => ((await page.locator('.tabs-container .tab.active').first().textContent()) ?? '').includes('Application.java'), 15_000);
    await vscode.waitFor('the cursor on line 14', async () => /Ln 14\b/.test((await page.locator('.statusbar').textContent()) ?? ''), 15_000);
    await vscode.screenshot('open-trace-java-frame-opened');
    await vscode.runCommand('View: Close All Editors');
  },
  { timeoutMs: 180_000, workspace: 'platforms' },
);
