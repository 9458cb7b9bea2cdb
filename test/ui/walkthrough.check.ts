// The first run as a stranger sees it: the Get Started walkthrough, its Sign In button
// (a pasted token comes first where no OAuth client id is set), and its steps ticking themselves
// off as the matching context keys turn on: signed in, a project (the sample workspace's
// .sentryclirc names one), a file with marks.
import type { Locator, Page } from 'playwright-core';
import { check, type Workbench } from './framework';
import { openSignedOutView, sandboxDefaults, sandboxUrl } from './session';

const TITLE = 'Get Started with Sentry Explorer';

/** The walkthrough's step button of this title. */
function step(page: Page, title: string): Locator {
  return page.locator('.gettingStartedContainer button.getting-started-step').filter({ hasText: title }).first();
}

/** Whether VS Code shows the step as done (its checkbox is the "pass" icon). */
async function isDone(step: Locator): Promise<boolean> {
  return (await step.getAttribute('aria-checked')) === 'true';
}

async function waitDone(vscode: Workbench, page: Page, title: string): Promise<void> {
  await vscode.waitFor(`the step "${title}" checked off`, () => isDone(step(page, title)), 30_000);
}

/** Sets a user setting the way a person does: in the Settings editor, searched by its id. */
async function setSetting(page: Page, vscode: Workbench, id: string, value: string): Promise<void> {
  await vscode.runCommand('Preferences: Open User Settings');
  const editor = page.locator('.settings-editor');
  await editor.waitFor({ state: 'visible' });
  await editor.locator('.settings-header .suggest-input-container').first().click();
  await page.keyboard.type(id);
  const input = editor.locator(`.setting-item-contents input[aria-label="${id}"], .setting-item-contents input[aria-label*="Client Id"]`).first();
  await input.waitFor({ state: 'visible', timeout: 20_000 });
  await input.fill(value);
  await page.keyboard.press('Tab');
  await vscode.waitFor(`${id} = "${value}"`, async () => (await input.inputValue()) === value, 10_000);
  // The Settings editor writes a typed value after a one-second pause; closing it sooner loses it.
  await page.waitForTimeout(1500);
  await page.keyboard.press('Control+W');
}

check(
  'the Get Started walkthrough: Sign In from its first step (token first), then its steps check themselves off',
  async ({ page, vscode }) => {
    // A stranger has no OAuth client id set (the other checks use the sandbox's); put it back after.
    const { clientId } = (await (await fetch(`${sandboxUrl()}/_sandbox/defaults`)).json()) as { clientId: string };
    await setSetting(page, vscode, 'sentryExplorer.oauth.clientId', '');
    try {
      await walk(page, vscode);
    } finally {
      await vscode.dismiss();
      await setSetting(page, vscode, 'sentryExplorer.oauth.clientId', clientId);
    }
  },
  { timeoutMs: 180_000 },
);

async function walk(page: Page, vscode: Workbench): Promise<void> {
  {
    await openSignedOutView(vscode);
    await vscode.runCommand('Welcome: Open Walkthrough...', { prompts: true });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: TITLE }).first().click();
    await vscode.waitForText(TITLE, { within: page.locator('.gettingStartedContainer') });
    const signIn = step(page, 'Sign in to Sentry');
    await signIn.waitFor({ state: 'visible' });
    await vscode.waitForIdle();
    await vscode.screenshot('walkthrough-start');
    if (await isDone(signIn)) throw new Error('the sign-in step is checked before any sign-in');

    // The step's own button runs sentryExplorer.signIn: the way to sign in without setup comes first.
    await signIn.click();
    const button = page.locator('.gettingStartedContainer .getting-started-step.expanded a, .gettingStartedContainer .getting-started-step.expanded button', { hasText: 'Sign In' }).first();
    const firstMethod = page.locator('.quick-input-list .monaco-list-row').first();
    // The cleared client id reaches the extension host a moment after the Settings editor wrote it.
    let firstText = '';
    await vscode.waitFor(
      'the sign-in methods with the auth token first',
      async () => {
        if (await firstMethod.isVisible()) await page.keyboard.press('Escape');
        await button.click();
        await firstMethod.waitFor({ state: 'visible' });
        firstText = (await firstMethod.textContent()) ?? '';
        return /Paste an auth token/.test(firstText);
      },
      15_000,
    );
    await vscode.screenshot('walkthrough-sign-in-methods');
    await firstMethod.click();
    const box = page.locator('.quick-input-widget');
    await vscode.waitForText(/org:read/, { within: box });
    await vscode.screenshot('walkthrough-token-box');
    await page.locator('.quick-input-widget .quick-input-box input').fill((await sandboxDefaults()).authToken);
    await page.keyboard.press('Enter');

    // Signed in: step 1 is done; .sentryclirc named the project, so step 2 is done too.
    await waitDone(vscode, page, 'Sign in to Sentry');
    await waitDone(vscode, page, 'Choose a project');
    await vscode.dismiss();
    await vscode.screenshot('walkthrough-signed-in');

    // Step 3: a file of the workspace with marks.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill('src/app/checkout.ts');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'checkout.ts' }).first().click();
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    await vscode.waitFor('gutter icons in checkout.ts', async () => (await editor.locator('.cgmr, .glyph-margin-widgets .codicon, .margin-view-overlays [class*="ced-"]').count()) > 0, 60_000);
    // The walkthrough's tab was a preview that the file replaced: open it again, as a person would.
    await vscode.runCommand('Welcome: Open Walkthrough...', { prompts: true });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: TITLE }).first().click();
    await waitDone(vscode, page, 'Open a file with marks');
    await vscode.waitForIdle();
    await vscode.screenshot('walkthrough-three-steps-done');
  }
}
