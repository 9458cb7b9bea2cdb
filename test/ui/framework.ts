// A tiny framework for checks that use the workbench like a person: click, type, read, screenshot.
// A check file (test/ui/*.check.ts) registers its checks with `check(name, fn)`; test/ui/run.ts
// opens one VS Code window with the extension under development and runs them in order.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { RESULTS_DIR } from '../harness/vscode';

export const UI_RESULTS_DIR = path.join(RESULTS_DIR, 'ui');

export interface Workbench {
  /** Opens a view container from the activity bar by its title ("Sentry"), unless already open. */
  openView(title: string): Promise<Locator>;
  /**
   * Runs a command from the command palette by its full title ("Sentry Explorer: Show Log").
   * With `prompts`, the command opens a quick pick or input box of its own: don't wait for the palette to close.
   */
  runCommand(title: string, opts?: { prompts?: boolean }): Promise<void>;
  /** Saves a screenshot of the window as test-results/ui/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Waits until `text` is visible (inside `within` when given) and returns its locator. */
  waitForText(text: string | RegExp, opts?: { within?: Locator; timeout?: number }): Promise<Locator>;
  /** Waits until no progress bar runs in `within` (default: the side bar) and its activity-bar badge shows no progress. */
  waitForIdle(within?: Locator, timeout?: number): Promise<void>;
  /** Polls `condition` until it returns true (errors count as false); fails naming `what`. */
  waitFor(what: string, condition: () => Promise<boolean> | boolean, timeout?: number): Promise<void>;
  /** The side bar (primary), the panel (Output, Terminal...) and the notification toasts. */
  sideBar: Locator;
  panel: Locator;
  notifications: Locator;
  /** The name of the channel the Output panel shows, or undefined when it is not open. */
  outputChannel(): Promise<string | undefined>;
  /** The text of the visible Output channel (the lines rendered in its editor, spaces normalized). */
  outputText(): Promise<string>;
  /** Closes palettes, menus and notifications. */
  dismiss(): Promise<void>;
}

export interface CheckContext {
  page: Page;
  vscode: Workbench;
}

export interface UiCheck {
  name: string;
  run(ctx: CheckContext): Promise<void>;
  timeoutMs: number;
}

export const registry: UiCheck[] = [];

/** Registers a check; checks run in the order they are registered (files sorted by name). */
export function check(name: string, run: (ctx: CheckContext) => Promise<void>, opts: { timeoutMs?: number } = {}): void {
  registry.push({ name, run, timeoutMs: opts.timeoutMs ?? 60_000 });
}

export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function workbench(page: Page): Workbench {
  const sideBar = page.locator('.part.sidebar');
  const panel = page.locator('.part.panel');
  const notifications = page.locator('.notifications-toasts');

  const wb: Workbench = {
    sideBar,
    panel,
    notifications,

    async openView(title) {
      const label = page.locator(`a.action-label[aria-label="${title}"], a.action-label[aria-label^="${title} ("]`);
      const item = page.locator('.part.activitybar li.action-item', { has: label }).first();
      await item.waitFor({ state: 'visible' });
      const heading = sideBar.locator('.composite.title h2').getByText(title).first();
      // A click on the active item hides the side bar, and one on a hidden side bar's item shows it:
      // click until the view container's heading is on screen.
      for (let attempt = 0; ; attempt++) {
        const open = (await item.getAttribute('aria-selected')) === 'true' && (await heading.isVisible());
        if (open) return sideBar;
        if (attempt === 3) break;
        await item.click();
        await heading.waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined);
      }
      await heading.waitFor({ state: 'visible' });
      return sideBar;
    },

    async runCommand(title, opts = {}) {
      await wb.dismiss();
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input[type="text"], .quick-input-widget input.input').first();
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${title}`);
      const row = page.locator('.quick-input-list .monaco-list-row', {
        has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
      });
      await row.first().waitFor({ state: 'visible' });
      await row.first().click();
      if (!opts.prompts) await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    },

    async screenshot(name) {
      fs.mkdirSync(UI_RESULTS_DIR, { recursive: true });
      const file = path.join(UI_RESULTS_DIR, `${slug(name)}.png`);
      await page.screenshot({ path: file });
      return file;
    },

    async waitForText(text, opts = {}) {
      const loc = (opts.within ?? page.locator('body')).getByText(text).first();
      await loc.waitFor({ state: 'visible', timeout: opts.timeout });
      return loc;
    },

    async waitForIdle(within = sideBar, timeout = 30_000) {
      await wb.waitFor(
        'the view to finish loading (no progress bar, no progress badge)',
        async () =>
          (await within.locator('.monaco-progress-container.active').filter({ visible: true }).count()) === 0 &&
          (await page.locator('.part.activitybar .progress-badge').filter({ visible: true }).count()) === 0,
        timeout,
      );
    },

    async waitFor(what, condition, timeout = 30_000) {
      const deadline = Date.now() + timeout;
      let last: unknown;
      for (;;) {
        try {
          if (await condition()) return;
          last = undefined;
        } catch (e) {
          last = e;
        }
        if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? `: ${last}` : ''}`);
        await page.waitForTimeout(200);
      }
    },

    async outputChannel() {
      const output = panel.locator('.pane-body.output-view, .output-view').first();
      if (!(await output.isVisible())) return undefined;
      const select = panel.locator('.composite.title select.monaco-select-box, .pane-header select.monaco-select-box').first();
      if (await select.count()) {
        return select.evaluate((el) => {
          const s = el as HTMLSelectElement;
          return s.options[s.selectedIndex]?.text;
        });
      }
      return undefined;
    },

    async outputText() {
      const lines = panel.locator('.output-view .view-lines .view-line');
      return (await lines.allInnerTexts()).join('\n').replace(/\u00a0/g, ' ');
    },

    async dismiss() {
      for (let i = 0; i < 2; i++) await page.keyboard.press('Escape');
    },
  };
  return wb;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
