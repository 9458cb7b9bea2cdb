// Explain/Fix with AI where no chat can take them (this VS Code has no chat extension): the events
// panel's header, a tree row's context menu and a hover offer neither; the palette keeps both,
// which offer Copy as Markdown instead.
import * as assert from 'node:assert/strict';
import { check } from './framework';
import { closeEditors, openEvents, shot, signIn, until, waitLoaded } from './eventsPanelPage';
import { openSignedOutView } from './session';

check('no chat: the events panel header, the tree menu and the palette without AI buttons where nothing can take them', async ({ page, vscode }) => {
  await signIn(page, vscode);
  await closeEditors(vscode);

  // The header: title, Open in Browser and the triage row; no AI buttons.
  const f = await openEvents(page, vscode, 'WEB-FRONTEND-4');
  await waitLoaded(f);
  await until(f, "!!document.querySelector('#open-in-browser') && !!document.querySelector('#triage vscode-button')");
  assert.equal(await f.locator('#ai-explain').count(), 0, 'no Explain with AI');
  assert.equal(await f.locator('#ai-fix').count(), 0, 'no Fix with AI');
  await shot(vscode, 'events-panel-header-no-ai');

  // A tree row's context menu: the triage items, no AI ones.
  const sideBar = await vscode.openView('Sentry');
  const row = sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  await vscode.waitForRowsSettled(row);
  await row.click({ button: 'right' });
  const menu = page.locator('.context-view .monaco-menu').first();
  await menu.waitFor({ state: 'visible' });
  await menu
    .locator('.action-label', { hasText: /^Show Events$/ })
    .first()
    .waitFor({ state: 'visible' });
  const labels = (await menu.locator('.action-label').allTextContents()).map((t) => t.trim()).filter(Boolean);
  assert.ok(!labels.some((l) => /with AI/.test(l)), `the menu offers ${labels.join(', ')}`);
  // The menu fades in: the screenshot waits until it is drawn in full.
  await vscode.waitFor('the menu drawn in full', async () =>
    menu.evaluate((el) => {
      for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false;
      return true;
    }),
  );
  await vscode.screenshot('issues-menu-no-ai');
  await page.keyboard.press('Escape');

  // The palette keeps both (they offer Copy as Markdown).
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input.input').first();
  await input.waitFor({ state: 'visible' });
  await input.fill('>Sentry Explorer: with AI');
  const rows = page.locator('.quick-input-list .monaco-list-row .label-name');
  await vscode.waitFor('both AI commands in the palette', async () => {
    const names = await rows.allTextContents();
    return names.some((n) => /Explain with AI/.test(n)) && names.some((n) => /Fix with AI/.test(n));
  });
  await vscode.screenshot('palette-ai-commands');
  await vscode.dismiss();
  // Checks share one window, and the next ones start signed out (this check runs first).
  await closeEditors(vscode);
  await openSignedOutView(vscode);
});
