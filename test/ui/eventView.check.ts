// Person-like checks of the events panel's Event tab in Chromium, on WEB-FRONTEND-1 (its
// latest event: a chain of 3 exceptions, frames with variables, 13 breadcrumbs, a request whose
// Authorization header, cookies and query carry the sandbox's secret): the chain and a variable
// table show; breadcrumbs filter by category, level and search; the secret is in no page text and
// no copied Markdown until Reveal, and gone again after; a frame opens its file; screenshots in
// the three themes.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { check } from './framework';
import { SANDBOX_SECRET } from '../sandbox';
import { closeEditors, hidePanel, openEvents, setTheme, shot, signIn, until } from './eventsPanelPage';

const SHORT_ID = 'WEB-FRONTEND-1';
/** The part every sandbox secret contains. */
const SECRET_MARK = SANDBOX_SECRET.split('_')[1];

const count = (f: Frame, selector: string): Promise<number> => f.evaluate(`document.querySelectorAll(${JSON.stringify(selector)}).length`) as Promise<number>;
const pageText = (f: Frame): Promise<string> => f.evaluate('document.body.innerText + "\\n" + document.documentElement.outerHTML') as Promise<string>;

async function openEventTab(f: Frame): Promise<void> {
  await f.locator('#tab-event').click();
  await until(f, "!!document.querySelector('#event-panel:not([hidden]) .ev-title') && !!document.querySelector('.ev-breadcrumbs tbody tr')");
}

/** The breadcrumb rows shown, as [category, level, message] texts. */
async function crumbRows(f: Frame): Promise<string[][]> {
  return (await f.evaluate(
    "[...document.querySelectorAll('.ev-breadcrumbs tbody tr')].filter((tr) => tr.querySelector('.crumb-category')).map((tr) => [tr.querySelector('.crumb-category').textContent, tr.querySelector('.crumb-level').textContent, tr.querySelector('.crumb-message')?.textContent ?? ''])",
  )) as string[][];
}

check(
  'event tab: a chained exception, a variable table, breadcrumbs filtered by category, level and search, and Previous / Latest choosing the event (dark theme)',
  async ({ page, vscode }) => {
    await signIn(page, vscode);
    await hidePanel(page, vscode);
    await setTheme(page, vscode, 'Dark Modern');
    // The panel opens on the Event tab.
    const f = await openEvents(page, vscode, SHORT_ID);
    await openEventTab(f);

    // The chain: the exception raised last first, each earlier one "Caused by".
    assert.equal(await count(f, 'article.ev-exception'), 3, 'three chained exceptions');
    assert.equal(await count(f, 'article.ev-exception .caused-by'), 2);

    // A variable table, drawn when its disclosure opens.
    const vars = f.locator('.frame-vars .disclosure-toggle').first();
    await vars.scrollIntoViewIfNeeded();
    await vars.click();
    await until(f, "!!document.querySelector('.frame-vars .disclosure-body:not([hidden]) table.pairs tr')");
    const varRows = await count(f, '.frame-vars .disclosure-body:not([hidden]) table.pairs tr');
    assert.ok(varRows > 0, 'the variables show as rows');
    await shot(vscode, 'event-tab-exception-dark');

    // Breadcrumbs: all 13, then one category, then one level off, then a search.
    const all = await crumbRows(f);
    assert.equal(all.length, 13, `13 breadcrumbs, got ${all.length}`);
    await f.locator('.ev-breadcrumbs').scrollIntoViewIfNeeded();
    await f.locator('.crumb-category-select').selectOption('navigation');
    await until(f, "[...document.querySelectorAll('.ev-breadcrumbs tbody .crumb-category')].every((td) => td.textContent === 'navigation')");
    const nav = await crumbRows(f);
    assert.ok(nav.length > 0 && nav.length < all.length, `only navigation rows (${nav.length})`);
    await f.locator('.crumb-category-select').selectOption('');
    await until(f, `document.querySelectorAll('.ev-breadcrumbs tbody .crumb-category').length === ${all.length}`);

    const levels = [...new Set(all.map((r) => r[1]))];
    const off = levels.find((l) => all.some((r) => r[1] === l) && all.some((r) => r[1] !== l))!;
    await f.locator(`.crumb-levels .level-check.level-${off}`).click();
    await until(f, `![...document.querySelectorAll('.ev-breadcrumbs tbody .crumb-level')].some((td) => td.textContent === ${JSON.stringify(off)})`);
    assert.equal((await crumbRows(f)).length, all.filter((r) => r[1] !== off).length, `the ${off} rows are hidden`);
    await f.locator(`.crumb-levels .level-check.level-${off}`).click();

    const word = all
      .find((r) => r[2].trim())![2]
      .trim()
      .split(/\s+/)[0];
    await f.locator('.crumb-search input, input.crumb-search, .crumb-search').first().click();
    await page.keyboard.type(word);
    await until(
      f,
      `document.querySelectorAll('.ev-breadcrumbs tbody .crumb-category').length === ${all.filter((r) => (r.join(' ') + ' ').toLowerCase().includes(word.toLowerCase())).length} || document.querySelectorAll('.ev-breadcrumbs tbody .crumb-category').length < ${all.length}`,
    );
    const found = await crumbRows(f);
    assert.ok(found.length > 0 && found.length < all.length, `the search "${word}" narrows the rows (${found.length} of ${all.length})`);
    await shot(vscode, 'event-tab-breadcrumbs-dark');
    for (let i = 0; i < word.length; i++) await page.keyboard.press('Backspace');

    // Another event, chosen with Previous: its own id and breadcrumbs show; Latest brings the first back.
    const idOf = async () => (await f.locator('.ev-summary code').first().textContent())?.trim();
    const latestId = await idOf();
    await f.locator('#event-previous').click();
    await vscode.waitFor('the previous event', async () => (await idOf()) !== latestId && (await count(f, '.ev-breadcrumbs tbody tr')) > 0);
    assert.equal(await f.locator('.seg-button[data-ref="latest"]').getAttribute('aria-pressed'), 'false', 'no alias is pressed for a chosen event');
    await f.locator('.seg-button[data-ref="latest"]').click();
    await vscode.waitFor('the latest event again', async () => (await idOf()) === latestId);
  },
  { timeoutMs: 180_000 },
);

check(
  'event tab: the Authorization header is masked in the page and the copied Markdown; Reveal shows it and hides it again; the crash frame opens its file at its line (light and high contrast themes)',
  async ({ page, vscode }) => {
    await signIn(page, vscode);
    await hidePanel(page, vscode);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The panel opens on the Event tab.
    const f = await openEvents(page, vscode, SHORT_ID);
    await openEventTab(f);

    const auth = f.locator('.ev-request table.pairs tr', { has: f.locator('th', { hasText: /^Authorization$/ }) }).first();
    await auth.scrollIntoViewIfNeeded();
    assert.equal((await auth.locator('.masked-shown').textContent())?.trim(), 'Bearer [masked]');
    assert.ok(!(await pageText(f)).includes(SECRET_MARK), 'the secret is nowhere in the page');

    await f.locator('#copy-event-markdown').click();
    let markdown = '';
    await vscode.waitFor('the Markdown on the clipboard', async () => {
      markdown = ((await page.evaluate('navigator.clipboard.readText()').catch(() => '')) as string) ?? '';
      return markdown.includes(SHORT_ID);
    });
    assert.ok(!markdown.includes(SECRET_MARK), 'the secret is not in the copied Markdown');
    assert.match(markdown, /\[masked\]/);
    assert.match(markdown, /Caused by|caused by/i, 'the chain is in the Markdown');

    await setTheme(page, vscode, 'Light Modern');
    await auth.scrollIntoViewIfNeeded();
    await shot(vscode, 'event-tab-request-light');

    const toggle = auth.locator('button.reveal');
    await toggle.click();
    await until(f, `[...document.querySelectorAll('.ev-request .revealed')].some((e) => e.textContent.includes(${JSON.stringify(SECRET_MARK)}))`);
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await toggle.click();
    await until(f, `!document.body.innerText.includes(${JSON.stringify(SECRET_MARK)})`);
    assert.ok(!(await pageText(f)).includes(SECRET_MARK), 'hidden again: gone from the page');

    await setTheme(page, vscode, 'Dark High Contrast');
    await f.evaluate("document.querySelector('#event-scroll').scrollTop = 0");
    await shot(vscode, 'event-tab-top-hc');
    await setTheme(page, vscode, 'Dark Modern');

    // The crash frame (in app) opens its workspace file at its line.
    const head = f.locator('article.ev-exception .ev-frame.in-app button.frame-head').first();
    const where = (await head.locator('.frame-where').textContent()) ?? '';
    const [, file, line] = /([^/\s:]+):(\d+)/.exec(where) ?? [];
    assert.ok(file && line, `the frame names a file and line (${where})`);
    await head.click();
    await page.locator('.tabs-container .tab', { hasText: file }).first().waitFor({ state: 'visible' });
    await vscode.waitForText(new RegExp(`Ln ${line},`), { within: page.locator('.part.statusbar') });
    await closeEditors(vscode);
  },
  { timeoutMs: 180_000 },
);
