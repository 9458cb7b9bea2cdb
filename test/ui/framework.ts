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
  /**
   * Saves a screenshot of the window as test-results/ui/<name>.png and returns its path. `readme`:
   * below the title bar, which in this host reads "[Extension Development Host]" (the README's
   * pictures show what an installed extension looks like).
   */
  screenshot(name: string, opts?: { readme?: boolean; width?: number }): Promise<string>;
  /** Waits until `text` is visible (inside `within` when given) and returns its locator. */
  waitForText(text: string | RegExp, opts?: { within?: Locator; timeout?: number }): Promise<Locator>;
  /** Waits until `target` (a notification sliding in) keeps its box between two looks, inside the window. */
  waitForSettledOnScreen(target: Locator, what: string, timeout?: number): Promise<void>;
  /** Waits until no progress bar runs in `within` (default: the side bar) and its activity-bar badge shows no progress. */
  waitForIdle(within?: Locator, timeout?: number): Promise<void>;
  /**
   * Waits until the list (tree) `row` is in has not re-rendered any row for `quietMs`: a view that
   * loaded may still be redrawing its rows (a second getChildren after its first).
   */
  waitForRowsSettled(row: Locator, opts?: { quietMs?: number; timeout?: number }): Promise<void>;
  /**
   * Rests the mouse on `target` (a list row, at `position` inside it) until `hover` is visible.
   * VS Code drops a pending or shown hover when the row under the mouse re-renders (each render
   * re-creates the row's hover target, and a mouse standing still sends no new mouseover): only
   * then does the mouse leave and come back, as a person would, and at most `maxRerenders` times.
   * A hover that does not show while the rows stay put fails after `timeout`.
   */
  hoverUntil(target: Locator, hover: Locator, opts?: { position?: { x: number; y: number }; timeout?: number; maxRerenders?: number }): Promise<void>;
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
  /**
   * Developer: Reload Window from the palette (not page.reload, so the workbench saves its open
   * editors first), then waits for the workbench to load again.
   */
  reloadWindow(): Promise<void>;
}

export interface CheckContext {
  page: Page;
  vscode: Workbench;
}

export interface UiCheck {
  name: string;
  /** The check file that registered it (set by test/ui/run.ts), e.g. "basics.check.ts". */
  file?: string;
  run(ctx: CheckContext): Promise<void>;
  timeoutMs: number;
  /**
   * `platforms`: runs in a window of its own on the platform workspace (test/sandbox/platforms), against a sandbox serving its corpus.
   * `git`: needs a git repository whose commits are the sandbox's release commits: a window of its own on a git copy of the sample workspace (test/harness/cli.ts).
   * `web`: the extension in the browser's web worker extension host, in a window of its own on a virtual workspace (test/webfs) holding the sample workspace.
   */
  workspace?: UiWorkspace;
}

export type UiWorkspace = 'platforms' | 'git' | 'web';

export const registry: UiCheck[] = [];

/** Registers a check; checks run in the order they are registered (files sorted by name). */
export function check(name: string, run: (ctx: CheckContext) => Promise<void>, opts: { timeoutMs?: number; workspace?: UiWorkspace } = {}): void {
  registry.push({ name, run, timeoutMs: opts.timeoutMs ?? 60_000, ...(opts.workspace ? { workspace: opts.workspace } : {}) });
}

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
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
      const input = page.locator('.quick-input-widget input[type="text"], .quick-input-widget input.input').first();
      const row = page.locator('.quick-input-list .monaco-list-row', {
        has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
      });
      // The palette lists the commands its window knew when it opened: opened while the extension
      // host was still starting (the first check of a run), it lacks the extension's commands for
      // good. So it is opened again when the command does not show within 10 s.
      for (let attempt = 1; ; attempt++) {
        await wb.dismiss();
        await page.keyboard.press('F1');
        await input.waitFor({ state: 'visible' });
        await input.fill(`>${title}`);
        try {
          await row.first().waitFor({ state: 'visible', timeout: attempt < 3 ? 10_000 : undefined });
          break;
        } catch (e) {
          if (attempt === 3) throw e;
        }
      }
      await row.first().click();
      if (!opts.prompts) await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    },

    async screenshot(name, opts = {}) {
      fs.mkdirSync(UI_RESULTS_DIR, { recursive: true });
      const file = path.join(UI_RESULTS_DIR, `${slug(name)}.png`);
      const title = opts.readme ? await page.locator('.part.titlebar').boundingBox() : null;
      const size = page.viewportSize();
      const top = title ? Math.ceil(title.y + title.height) : 0;
      await page.screenshot({ path: file, clip: title && size ? { x: 0, y: top, width: Math.min(opts.width ?? size.width, size.width), height: size.height - top } : undefined });
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

    async waitForSettledOnScreen(target, what, timeout = 10_000) {
      const viewport = page.viewportSize();
      let last = '';
      await wb.waitFor(
        `${what} to settle on screen`,
        async () => {
          const b = await target.boundingBox();
          const now = JSON.stringify(b);
          const settled = !!b && now === last && (!viewport || b.y + b.height <= viewport.height);
          last = now;
          return settled;
        },
        timeout,
      );
    },

    async waitForRowsSettled(row, opts = {}) {
      const quietMs = opts.quietMs ?? 1000;
      const watch = await watchRows(page, row);
      try {
        await wb.waitFor(`the rows to stay unchanged for ${quietMs} ms`, async () => (await watch.sinceLastRender()) >= quietMs, opts.timeout ?? 15_000);
      } finally {
        await watch.dispose();
      }
    },

    async hoverUntil(target, hover, opts = {}) {
      const timeout = opts.timeout ?? 15_000;
      const maxRerenders = opts.maxRerenders ?? 3;
      const deadline = Date.now() + timeout;
      const away = async () => {
        // The empty editor area: no hover of its own, and leaving the row ends its hover.
        const box = await page.locator('.part.editor').boundingBox();
        await page.mouse.move(box ? box.x + box.width / 2 : 800, box ? box.y + box.height / 2 : 400);
      };
      for (let rerenders = 0; ; rerenders++) {
        await target.waitFor({ state: 'visible', timeout: Math.max(1, deadline - Date.now()) });
        const watch = await watchRows(page, target);
        let rendered = false;
        try {
          await target.hover({ position: opts.position, timeout: Math.max(1, deadline - Date.now()) });
          await wb.waitFor('the hover (the rows did not re-render meanwhile)', async () => (await hover.isVisible()) || (rendered = (await watch.renders()) > 0), Math.max(0, deadline - Date.now()));
        } finally {
          await watch.dispose();
        }
        if (!rendered) return;
        if (rerenders + 1 > maxRerenders) {
          throw new Error(`the rows re-rendered under the mouse ${rerenders + 1} times before the hover showed: does the view refresh in a loop?`);
        }
        // Said, not hidden: a check that needed this shows it in the run's output.
        process.stdout.write(`      the rows re-rendered under the mouse before the hover showed (${rerenders + 1}); moving away and back\n`);
        await away();
      }
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
    async reloadWindow() {
      await wb.dismiss();
      await page.keyboard.press('F1');
      const palette = page.locator('.quick-input-widget input.input').first();
      await palette.waitFor({ state: 'visible' });
      await palette.fill('>Developer: Reload Window');
      await page
        .locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: /^Developer: Reload Window$/ }) })
        .first()
        .waitFor();
      await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), page.keyboard.press('Enter')]);
      await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    },
  };
  return wb;
}

interface RowWatch {
  /** Renders of rows of the list since the watch began. */
  renders(): Promise<number>;
  /** Milliseconds since the last render (or since the watch began). */
  sinceLastRender(): Promise<number>;
  dispose(): Promise<void>;
}

let watches = 0;

/**
 * Watches the rows of the list `row` is in. A render is a row inserted or removed, text or an
 * element replaced in a row, or a row's hover target set up again (VS Code's setupManagedHover sets
 * the `custom-hover` attribute each time it runs, which is what cancels a hover). Mouse hover
 * styles are CSS only, so hovering a row is not a render.
 */
async function watchRows(page: Page, row: Locator): Promise<RowWatch> {
  const key = `__uiCheckRows${++watches}`;
  // Functions handed to the page stay anonymous: tsx would wrap named ones in a helper the page lacks.
  await row.evaluate((el, key) => {
    const rows = el.closest('.monaco-list-rows');
    if (!rows) throw new Error('the element is not in a list row');
    const state = { renders: 0, lastAt: performance.now(), observer: undefined as MutationObserver | undefined };
    state.observer = new MutationObserver((records) => {
      if (records.some((r) => r.type !== 'attributes' || r.attributeName === 'custom-hover')) {
        state.renders++;
        state.lastAt = performance.now();
      }
    });
    state.observer.observe(rows, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['custom-hover'] });
    (window as unknown as Record<string, unknown>)[key] = state;
  }, key);
  type State = { renders: number; lastAt: number; observer?: MutationObserver };
  return {
    renders: () => page.evaluate((k) => (window as unknown as Record<string, State>)[k]?.renders ?? 0, key),
    sinceLastRender: () => page.evaluate((k) => performance.now() - ((window as unknown as Record<string, State>)[k]?.lastAt ?? 0), key),
    dispose: () =>
      page
        .evaluate((k) => {
          const w = window as unknown as Record<string, State | undefined>;
          w[k]?.observer?.disconnect();
          delete w[k];
        }, key)
        .catch(() => undefined),
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
