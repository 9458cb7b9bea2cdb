// The first person-like checks: the view in the activity bar, and a command run from the palette.
import { check } from './framework';

check('the activity bar opens the Sentry view with its sign-in welcome', async ({ vscode }) => {
  const sideBar = await vscode.openView('Sentry');
  await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar });
  const button = sideBar.getByRole('button', { name: 'Sign In' });
  await button.waitFor({ state: 'visible' });
  await vscode.waitForIdle();
  await vscode.screenshot('sentry-view-welcome');
});

check('"Sentry Explorer: Show Log" shows the Sentry Explorer channel in the Output panel', async ({ page, vscode }) => {
  await vscode.runCommand('Sentry Explorer: Show Log');
  await vscode.panel.waitFor({ state: 'visible' });
  await vscode.waitFor('the Output panel on the "Sentry Explorer" channel', async () => (await vscode.outputChannel()) === 'Sentry Explorer');
  // The panel shows the channel's last lines, and checks before this one may have filled it: go to its top.
  await vscode.panel.locator('.output-view .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Home');
  await vscode.waitFor('the activation line in the channel', async () => /\[info\] activated/.test(await vscode.outputText()));
  await vscode.screenshot('output-sentry-explorer-log');
});
