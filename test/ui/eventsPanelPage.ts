// The events panel as a person reaches it in the workbench, shared by the UI checks of its tabs:
// sign in, open an issue's panel from the palette, find its page among the webview frames, wait on
// the page (without eval: the panel's CSP forbids it), switch themes, take kept screenshots.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { UI_RESULTS_DIR, type Workbench } from './framework';
import { DEFAULT_AUTH_TOKEN } from '../sandbox';

/** Copies of this file's screenshots, outside test-results/ui/ (which every UI run starts by emptying). */
export const KEEP_DIR = path.join(UI_RESULTS_DIR, '..', 'ui-events');

export async function shot(vscode: Workbench, name: string): Promise<void> {
  const file = await vscode.screenshot(name);
  fs.mkdirSync(KEEP_DIR, { recursive: true });
  fs.copyFileSync(file, path.join(KEEP_DIR, path.basename(file)));
}

/**
 * A screenshot of the editor area alone (the panel's tab and page), kept like shot's. After a theme
 * change with a webview open, a capture of the whole window in this headless Chromium can still
 * show the theme before (the DOM has the new one); a capture of an element shows what is there.
 */
export async function shotEditor(page: Page, name: string): Promise<void> {
  const file = path.join(UI_RESULTS_DIR, `${name}.png`);
  await page.locator('.part.editor').screenshot({ path: file });
  fs.mkdirSync(KEEP_DIR, { recursive: true });
  fs.copyFileSync(file, path.join(KEEP_DIR, path.basename(file)));
}

/** Signs in with the sandbox's default token through the palette, unless already signed in. */
export async function signIn(page: Page, vscode: Workbench): Promise<void> {
  const sideBar = await vscode.openView('Sentry');
  const welcome = sideBar.getByText("Sign in to Sentry to see your project's issues.");
  // Just after a window (re)load the view shows neither yet: decide once it shows one or the other,
  // or a check would go on signed out.
  await welcome.or(sideBar.getByRole('treeitem').first()).first().waitFor({ state: 'visible', timeout: 30_000 });
  if (!(await welcome.isVisible())) return;
  await runPrompting(page, vscode, 'Sentry Explorer: Sign In');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Paste an auth token' }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  const input = page.locator('.quick-input-widget input.input, .quick-input-widget input[type="password"]').first();
  await input.waitFor({ state: 'visible' });
  await input.fill(DEFAULT_AUTH_TOKEN);
  await page.keyboard.press('Enter');
  await welcome.waitFor({ state: 'hidden', timeout: 30_000 });
}

/** "Sentry Explorer: Show Events" with a short ID typed into its input box. */
export async function openEvents(page: Page, vscode: Workbench, shortId: string): Promise<Frame> {
  await runPrompting(page, vscode, 'Sentry Explorer: Show Events');
  const input = page.locator('.quick-input-widget input.input').first();
  await input.waitFor({ state: 'visible' });
  await input.fill(shortId);
  await page.keyboard.press('Enter');
  return eventsFrame(page, shortId);
}

/** The page inside the webview iframes whose header shows `shortId`. */
export async function eventsFrame(page: Page, shortId: string, timeoutMs = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const f of page.frames()) {
      const text = await f.evaluate("document.querySelector('.issue-header .short-id')?.textContent ?? null").catch(() => null);
      if (text === shortId && (await f.evaluate('!document.hidden && document.body.clientHeight > 0').catch(() => false))) return f;
    }
    if (Date.now() > deadline) throw new Error(`no events panel for ${shortId}`);
    await page.waitForTimeout(200);
  }
}

/**
 * Polls an expression in the page until it is truthy. (Frame.waitForFunction evaluates string
 * predicates with eval inside the page, which the panel's CSP forbids, as it should.)
 */
export async function until(f: Frame, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await f.evaluate(expression).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Shows the Events tab (a panel opens on the Event tab) and waits until its list is loaded, as a
 * person would click the tab before using the list.
 */
export async function waitLoaded(f: Frame): Promise<void> {
  await until(f, "!!document.querySelector('#tab-events')");
  if ((await f.locator('#tab-events').getAttribute('aria-selected')) !== 'true') await f.locator('#tab-events').click();
  await until(f, "document.querySelector('#app')?.getAttribute('aria-busy') === 'false' && !document.querySelector('.events-panel.stale') && !!document.querySelector('.event-row')");
}

export async function setTheme(page: Page, vscode: Workbench, theme: string): Promise<void> {
  await runPrompting(page, vscode, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget input.input').first();
  await input.waitFor({ state: 'visible' });
  // The themes arrive after the picker opens: wait for them before filtering.
  await page
    .locator('.quick-input-list .monaco-list-row .label-name', { hasText: /Modern$/ })
    .first()
    .waitFor({ state: 'visible' });
  await input.fill(theme);
  const row = page.locator('.quick-input-list .monaco-list-row.focused', { has: page.locator('.label-name', { hasText: new RegExp(`^${theme}$`) }) }).first();
  await row.waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  // The workbench draws the theme when its class says so; the webviews get it a moment later.
  const kind = /High Contrast/.test(theme) ? (/Light/.test(theme) ? 'hc-light' : 'hc-black') : /Light/.test(theme) ? 'vs' : 'vs-dark';
  await page.locator(`.monaco-workbench.${kind}`).waitFor({ state: 'attached' });
  await page.waitForTimeout(500);
}

/**
 * Runs a palette command that opens another quick input (a pick or an input box) and returns once
 * that input replaced the palette: the framework's runCommand waits for the widget to close.
 */
export async function runPrompting(page: Page, vscode: Workbench, title: string): Promise<void> {
  await vscode.dismiss();
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input').first();
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  await page.waitForFunction(() => {
    const el = document.querySelector('.quick-input-widget input.input') as HTMLInputElement | null;
    const widget = document.querySelector('.quick-input-widget') as HTMLElement | null;
    return !!el && !!widget && widget.style.display !== 'none' && !el.value.startsWith('>');
  });
}

/** The Output panel would cover half of the screenshots. */
export async function hidePanel(page: Page, vscode: Workbench): Promise<void> {
  if (await vscode.panel.isVisible()) await vscode.runCommand('View: Hide Panel');
}

export async function closeEditors(vscode: Workbench): Promise<void> {
  await vscode.runCommand('View: Close All Editors');
}

/** CALL STACK's rows of stack frames (not its thread or session rows). */
export const STACK_FRAME_ROWS = '.debug-call-stack .monaco-list-row:has(.stack-frame)';

/**
 * Clicks the events page's Debug This Event and waits for the stopped session's frames in CALL
 * STACK, printing the time between on the page's clock (the extension's own figures, from its
 * command on, are in its log: debugSessions.ts). `prefix` names a later click in that line.
 */
export async function debugThisEvent(page: Page, f: Frame, prefix = ''): Promise<void> {
  const clickedAt = Date.now();
  await f.locator('#debug-event').click();
  await page.locator(STACK_FRAME_ROWS).first().waitFor({ state: 'visible', timeout: 30_000 });
  console.log(`      ${prefix}from the click to the stack shown in CALL STACK: ${Date.now() - clickedAt} ms`);
}
