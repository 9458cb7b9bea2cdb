// Sign-in as a person does it: the palette, the quick pick, the modal with the code, the sandbox's
// verification page in a browser tab (the code typed in lower case without the dash), then a
// window reload (still signed in) and sign-out (the welcome asks to sign in again).
import type { Page } from 'playwright-core';
import { check } from './framework';
import { openSignedOutView } from './session';

/** Opens the Accounts menu (the badge of a sign-in request may cover the icon) and waits for the Sentry account in it. */
async function openAccountsMenu(page: Page): Promise<string> {
  const menu = page.locator('.monaco-menu');
  for (let attempt = 0; ; attempt++) {
    await page.locator('.part.activitybar a.action-label[aria-label^="Accounts"]').first().click({ force: true });
    const item = menu.locator('.action-label', { hasText: /\(Sentry\)/ }).first();
    try {
      await item.waitFor({ state: 'visible', timeout: 5000 });
      return (await item.innerText()).trim();
    } catch (e) {
      const text = await menu.innerText().catch(() => '(no menu)');
      if (attempt >= 3) throw new Error(`the Accounts menu shows no Sentry account: ${text.replace(/\s+/g, ' ')}`, { cause: e });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1000);
    }
  }
}

const SIGN_IN_WELCOME = "Sign in to Sentry to see your project's issues.";

check(
  'device-flow sign-in from the palette survives a reload; sign-out returns to the welcome',
  async ({ page, vscode }) => {
    // Checks share one window: an earlier one may have left it signed in.
    const sideBar = await openSignedOutView(vscode);

    const started = Date.now();
    await vscode.runCommand('Sentry Explorer: Sign In', { prompts: true });
    const pick = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Sign in with a code' }).first();
    await pick.waitFor({ state: 'visible' });
    await vscode.screenshot('sign-in-methods');
    await pick.click();

    // The modal with the code and "Copy & Open".
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    const text = await dialog.innerText();
    const userCode = /([BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4})/.exec(text)?.[1];
    if (!userCode) throw new Error(`no user code in the dialog: ${text}`);
    await vscode.screenshot('sign-in-code-dialog');
    const popup = page.context().waitForEvent('page', { timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Copy & Open' }).click();

    // The browser tab opened on the verification page: type the code the sloppy way and approve.
    const tab: Page = await popup;
    await tab.waitForLoadState('domcontentloaded');
    if (!/\/oauth\/device\//.test(tab.url())) throw new Error(`opened ${tab.url()}`);
    const input = tab.locator('#user_code');
    await input.fill('');
    await input.pressSequentially(userCode.toLowerCase().replace('-', ''));
    await tab.locator('#approve').click();
    await tab.locator('#result[data-status="approved"]').waitFor();
    await tab.screenshot({ path: (await vscode.screenshot('sign-in-approved-vscode')).replace('vscode.png', 'browser.png') });
    await tab.close();

    // Polling picks up the approval within one interval.
    await vscode.waitForText(/Signed in to Sentry .* as /, { within: vscode.notifications, timeout: 20_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(`      device-flow sign-in through the UI took ${seconds.toFixed(1)} s (palette to signed in)`);
    await vscode.waitFor('the sign-in welcome to go away', async () => !(await sideBar.getByText(SIGN_IN_WELCOME).isVisible()));
    await vscode.screenshot('signed-in');

    // The Accounts menu lists the account under Sentry.
    await openAccountsMenu(page);
    await vscode.screenshot('accounts-menu');
    await vscode.dismiss();

    // A window reload: still signed in (the session comes back from SecretStorage).
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: 60_000 });
    const sideBar2 = await vscode.openView('Sentry');
    await vscode.waitFor('the view after the reload', async () => (await sideBar2.locator('.pane-body').count()) > 0);
    await openAccountsMenu(page);
    await vscode.dismiss();
    if (await sideBar2.getByText(SIGN_IN_WELCOME).isVisible()) throw new Error('signed out after the reload');
    await vscode.screenshot('signed-in-after-reload');

    // Sign out: the welcome asks to sign in again.
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText(/Signed out of Sentry/, { within: vscode.notifications });
    await vscode.waitForText(SIGN_IN_WELCOME, { within: sideBar2 });
    await vscode.screenshot('signed-out');
  },
  { timeoutMs: 120_000 },
);

check(
  'Sign In offers sentry.io and a self-hosted server; a token the server does not accept opens its box again',
  async ({ page, vscode }) => {
    // Checks share one window: an earlier one may have left it signed in.
    const sideBar = await openSignedOutView(vscode);
    const widget = page.locator('.quick-input-widget');
    const row = (text: string) => widget.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();

    // The first pick: the ways to sign in to the configured server, then another server.
    await vscode.runCommand('Sentry Explorer: Sign In', { prompts: true });
    await row('Self-hosted Sentry…').waitFor({ state: 'visible' });
    await vscode.waitForText('Another Sentry server', { within: widget });
    await row('sentry.io').waitFor({ state: 'visible' });
    await vscode.screenshot('sign-in-servers');

    // A plain-http address that is not loopback: asked before anything is written or sent.
    await row('Self-hosted Sentry…').click();
    await vscode.waitForText('Self-hosted Sentry', { within: widget });
    const input = widget.locator('.quick-input-box input').first();
    await input.fill('ftp://sentry.example.invalid');
    await vscode.waitForText('The address must start with https:// or http://.', { within: widget });
    await vscode.screenshot('sign-in-self-hosted-address');
    await input.fill('http://sentry.example.invalid');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    if (!/http:\/\/sentry\.example\.invalid uses plain http/.test(await dialog.innerText())) throw new Error(`the dialog says: ${await dialog.innerText()}`);
    await vscode.screenshot('sign-in-self-hosted-plain-http');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Declined: the pick again, for the same server; a mistyped token.
    await row('Paste an auth token').waitFor({ state: 'visible' });
    await row('Paste an auth token').click();
    await vscode.waitForText('Sign in to Sentry with an auth token', { within: widget });
    const typo = `sntryu_${'0123456789abcdef'.repeat(4)}`;
    await widget.locator('.quick-input-box input').first().fill(typo);
    await page.keyboard.press('Enter');
    await vscode.waitForText(/did not accept this auth token \(Invalid token\)/, { within: widget, timeout: 20_000 });
    const kept = await widget.locator('.quick-input-box input').first().inputValue();
    if (kept !== typo) throw new Error('the box opened again without the text');
    await vscode.screenshot('sign-in-token-not-accepted');
    await vscode.dismiss();
    await vscode.waitForText(SIGN_IN_WELCOME, { within: sideBar });
  },
  { timeoutMs: 90_000 },
);
