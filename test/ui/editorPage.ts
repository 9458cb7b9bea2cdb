// The editor as the UI checks use it: a file opened and a line reached from Quick Open, the gutter
// glyph drawn beside a line, and the hover of a marked line.
import type { Locator, Page } from 'playwright-core';
import type { Workbench } from './framework';

/**
 * The gutter glyph drawn beside `line`: the file its background names (`gutter-error-dark.svg`), read
 * from the glyph-margin element on the line's row, outside the sticky-scroll header.
 */
export async function glyphOf(page: Page, line: number): Promise<string> {
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  return (await page.evaluate(`(() => {
    const root = document.querySelector('.editor-instance .monaco-editor');
    if (!root) return '';
    const outside = (el) => !el.closest('.sticky-widget');
    const num = [...root.querySelectorAll('.margin-view-overlays .line-numbers')].find((e) => outside(e) && e.textContent.trim() === '${line}');
    const top = num && num.parentElement.style.top;
    const glyph = [...root.querySelectorAll('.cgmr')].find((g) => outside(g) && g.style.top === top && /ced-/.test(g.className));
    if (!glyph) return '';
    const image = getComputedStyle(glyph).backgroundImage;
    return (/gutter-[\\w-]+\\.svg/.exec(image) || [image])[0];
  })()`)) as string;
}

/** The hover of a marked line: the one whose icon links include Show Events. */
export function ourHover(page: Page): Locator {
  return page.locator('.monaco-hover').filter({ has: page.locator('a[title="Show Events"]') });
}

/** Faded in: a screenshot taken during the hover's fade shows the code through it. */
export async function fadedIn(vscode: Workbench, hover: Locator): Promise<void> {
  await vscode.waitFor(
    'the hover to finish fading in',
    () => hover.evaluate((el) => (el.closest('.editor-widget') ?? el).getAnimations({ subtree: true }).every((a) => a.playState !== 'running')),
    5_000,
  );
}

/** Quick Open (Ctrl+P) with `text`, then Enter or a click on the row naming `pick`. */
export async function quickOpen(page: Page, text: string, pick?: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(text);
  if (pick) await page.locator('.quick-input-list .monaco-list-row', { hasText: pick }).first().click();
  else await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}
