// A Kotlin file of an Android app marked as a person sees it: the platform workspace (a folder per
// platform, test/sandbox/platforms), signed in to a sandbox serving Sentry's own Android frames (a bare
// `MainActivity.kt` with the class's module), the app's MainActivity.kt opened beside its Wear twin of the
// same name. The mark lands on the crashing line of the right twin only, and its hover names the issue.
import { check } from './framework';
import { fadedIn, ourHover, quickOpen } from './editorPage';
import { openSignedOutView, requestsSettled, signInWithToken } from './session';
import { PLATFORM_SPECS } from '../sandbox/platforms';

const ANDROID = PLATFORM_SPECS.find((s) => s.key === 'android')!;

check(
  'a Kotlin file of an Android app gets its mark on the crashing line, its Wear twin of the same name only its own',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    await vscode.waitForText(/^[A-Z-]+-APP-\w+ /, { within: sideBar, timeout: 30_000 });
    const [phone, wear] = ANDROID.cases;
    await quickOpen(page, ANDROID.file, 'androidApp');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await vscode.waitFor('the mark in the gutter', async () => (await editor.locator('.cgmr, .margin-view-overlays [class*="ced-"]').count()) > 0, 30_000);
    await requestsSettled(vscode);
    const line = phone.frame.lineNo!;
    const lineNumber = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${line}$`) }).first();
    await lineNumber.waitFor({ state: 'visible', timeout: 15_000 });
    const box = await lineNumber.boundingBox();
    const content = await editor.locator('.view-lines').boundingBox();
    if (!box || !content) throw new Error(`line ${line} is not visible`);
    const marked = await editor.locator('.cgmr, .margin-view-overlays [class*="ced-"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).style.top));
    const top = await lineNumber.evaluate((e) => (e.parentElement as HTMLElement).style.top);
    if (!marked.includes(top)) throw new Error(`no mark beside line ${line} of ${ANDROID.file}`);
    await page.mouse.move(content.x + 60, box.y + box.height / 2);
    const hover = ourHover(page).filter({ hasText: 'ANDROID-APP-1' }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    await fadedIn(vscode, hover);
    await vscode.screenshot('platforms-kotlin-marked');
    await vscode.dismiss();
    // The Wear app's MainActivity.kt: its own issue on its own line, not the phone app's.
    // Quick Open's row names the folder: the Wear app's, not the phone app's of the same name.
    await quickOpen(page, ANDROID.neighbour, 'wearApp');
    await vscode.waitFor('the Wear twin in the editor', async () => ((await page.locator('.tabs-container .tab.active').first().textContent()) ?? '').includes('wearApp'), 15_000);
    const wearEditor = page.locator('.editor-instance .monaco-editor').first();
    await vscode.waitFor('the Wear mark', async () => (await wearEditor.locator('.cgmr, .margin-view-overlays [class*="ced-"]').count()) > 0, 30_000);
    const wearLine = wearEditor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${wear.frame.lineNo}$`) }).first();
    const wearBox = await wearLine.boundingBox();
    const wearContent = await wearEditor.locator('.view-lines').boundingBox();
    if (!wearBox || !wearContent) throw new Error('the Wear line is not visible');
    await page.mouse.move(wearContent.x + 60, wearBox.y + wearBox.height / 2);
    const wearHover = ourHover(page).first();
    await wearHover.waitFor({ state: 'visible', timeout: 15_000 });
    const text = (await wearHover.textContent()) ?? '';
    if (!text.includes('ANDROID-APP-2') || text.includes('ANDROID-APP-1')) throw new Error(`the Wear twin's hover shows: ${text.slice(0, 200)}`);
    await fadedIn(vscode, wearHover);
    await vscode.screenshot('platforms-kotlin-wear-twin');
    await vscode.dismiss();
    await vscode.runCommand('View: Close All Editors');
  },
  { timeoutMs: 180_000, workspace: 'platforms' },
);
