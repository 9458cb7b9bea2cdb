// Filter Issues as a person uses it: a small menu of one picker per choice (the organization's
// environments in a multi-pick, a period), each reaching the one organization-endpoint request of
// the tree; the filled filter icon and Clear Filter while a filter hides issues, the empty state's
// Clear Filter; and a search typed in the tree (VS Code's find, or Search Issues…) that leaves the
// editor's marks as they were.
import type { Locator, Page } from 'playwright-core';
import { check, type Workbench } from './framework';
import { openSignedOutView, requestsSettled, sandboxUrl, signInWithToken } from './session';

const ORG_ISSUES = '^/api/0/organizations/acme/issues/$';

/** The query strings of the tree's requests to the organization issues endpoint since the log was emptied (not the marks' per-file searches or reads by id). */
async function treeRequests(): Promise<URLSearchParams[]> {
  const log = (await (await fetch(`${sandboxUrl()}/_sandbox/requests?path=${encodeURIComponent(ORG_ISSUES)}`)).json()) as { query: [string, string][] }[];
  return log.map((r) => new URLSearchParams(r.query)).filter((q) => !(q.get('query') ?? '').includes('stack.filename') && !q.has('group'));
}

async function clearRequests(): Promise<void> {
  await fetch(`${sandboxUrl()}/_sandbox/requests/clear`, { method: 'POST' });
}

/** The row of the open quick pick whose label ends with `label`. */
function pickRow(page: Page, label: string): Locator {
  const ends = new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: ends }) }).first();
}

/** Opens Filter Issues from the palette and clicks the menu's entry `entry`, then (when given) the picker's row ending with `choice`. */
async function filterBy(page: Page, vscode: Workbench, entry: string, choice?: string): Promise<void> {
  await vscode.runCommand('Sentry Explorer: Filter Issues', { prompts: true });
  await vscode.waitForText('Filter Issues', { within: page.locator('.quick-input-widget') });
  await pickRow(page, entry).click();
  if (choice === undefined) return;
  await vscode.waitForText(entry, { within: page.locator('.quick-input-widget .quick-input-title') });
  const row = pickRow(page, choice);
  await row.scrollIntoViewIfNeeded();
  await row.click();
}

/** The view title's filter action: the outline icon, or the filled one while a filter hides issues. */
function filterIcon(sideBar: Locator, filled: boolean): Locator {
  return sideBar.locator(`.title-actions .action-label.codicon-${filled ? 'filter-filled' : 'filter'}`);
}

check(
  'Filter Issues: one picker per choice, the filled filter icon, Clear Filter and the empty state',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    const first = sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / }).first();
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitForIdle();
    await filterIcon(sideBar, false).waitFor({ state: 'visible' });

    // The menu: one entry per choice, each saying what is chosen now.
    await vscode.runCommand('Sentry Explorer: Filter Issues', { prompts: true });
    const widget = page.locator('.quick-input-widget');
    for (const entry of ['Saved Search', 'Search…', 'Projects', 'Environments', 'Period', 'Sort', 'Graph']) await pickRow(page, entry).waitFor({ state: 'visible' });
    await vscode.waitForText('Unresolved Issues', { within: widget });
    await vscode.screenshot('issues-filter-menu');
    await vscode.dismiss();

    // Environments: read from the organization when asked, several may be chosen.
    await clearRequests();
    await filterBy(page, vscode, 'Environments');
    await vscode.waitForText(/^Environments$/, { within: widget.locator('.quick-input-title'), timeout: 15_000 });
    for (const env of ['development', 'production', 'staging']) await vscode.waitForText(env, { within: widget.locator('.quick-input-list') });
    const staging = widget.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: /^staging$/ }) }).first();
    await staging.click();
    await vscode.waitFor('staging ticked', async () => (await staging.getAttribute('aria-checked')) === 'true', 10_000);
    await vscode.screenshot('issues-filter-environments');
    await page.keyboard.press('Enter');
    await widget.waitFor({ state: 'hidden' });
    // web-frontend by its id (4501 in the seed): the client sends ids, never slugs.
    await vscode.waitFor(
      'the tree asked for staging only',
      async () => (await treeRequests()).some((q) => q.getAll('environment').join() === 'staging' && q.getAll('project').join() === '4501'),
      30_000,
    );

    // A period: the same request with statsPeriod=7d, the environment kept.
    await clearRequests();
    await filterBy(page, vscode, 'Period', 'Last 7 days');
    await widget.waitFor({ state: 'hidden' });
    await vscode.waitFor(
      'the tree asked for staging over 7 days',
      async () => (await treeRequests()).some((q) => q.get('statsPeriod') === '7d' && q.getAll('environment').join() === 'staging'),
      30_000,
    );
    // The view is alone in its container, whose title hides the view's description: the tree says what narrows it.
    await vscode.waitForText('Filtered: staging · last 7 days', { within: sideBar, timeout: 15_000 });
    // While a filter hides issues: the filled icon, and Clear Filter beside it.
    await filterIcon(sideBar, true).waitFor({ state: 'visible', timeout: 10_000 });
    await sideBar.locator('.title-actions .action-label.codicon-clear-all').waitFor({ state: 'visible' });
    if (await filterIcon(sideBar, false).isVisible()) throw new Error('the outline filter icon shows beside the filled one');
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitForRowsSettled(first);
    await vscode.screenshot('issues-filter-active');

    // A search that matches nothing: the empty state offers Clear Filter.
    await vscode.runCommand('Sentry Explorer: Search Issues…', { prompts: true });
    await vscode.waitForText('Search Issues', { within: widget });
    await page.locator('.quick-input-widget .quick-input-box input').fill('no-such-issue-anywhere');
    await page.keyboard.press('Enter');
    await vscode.waitForText('No issue matches the filter.', { within: sideBar, timeout: 30_000 });
    const clear = sideBar.locator('.welcome-view-content .monaco-button', { hasText: /^Clear Filter$/ });
    await clear.waitFor({ state: 'visible' });
    await vscode.screenshot('issues-filter-empty');

    // Clear Filter: the default list (from the store: read at sign-in), the outline icon, no notice.
    await clear.click();
    // The mouse off the tree: a row now under it would show its tooltip over the screenshot.
    await page.mouse.move(900, 600);
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await filterIcon(sideBar, false).waitFor({ state: 'visible', timeout: 10_000 });
    await vscode.waitFor('the notice gone', async () => !(await sideBar.getByText(/^Filtered: /).isVisible()), 15_000);
    await vscode.waitForRowsSettled(first);
    await vscode.screenshot('issues-filter-cleared');
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 180_000 },
);

check(
  "a search typed in the tree (VS Code's find, or Search Issues…) leaves the editor's marks as they were",
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    const first = sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / }).first();
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitForIdle();

    // A file with marks, kept open beside the tree.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill('src/utils/format.js');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'format.js' }).first().click();
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    // Gutter icons and the inline text after a line, as the editor check finds them.
    const marks = editor.locator('.cgmr, .glyph-margin-widgets .codicon, .margin-view-overlays [class*="ced-"], .view-lines [class*="ced-"]');
    await vscode.waitFor('gutter marks in format.js', async () => (await marks.count()) > 0, 30_000);
    await requestsSettled(vscode);
    const before = await marks.count();

    // VS Code's find in the tree (F3 on the focused tree): it searches the rows shown, asks the server nothing.
    await clearRequests();
    await sideBar.locator('.monaco-list').first().focus();
    await page.keyboard.press('F3');
    const find = sideBar.locator('.monaco-tree-type-filter');
    await find.waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type('TypeError');
    await vscode.waitForRowsSettled(first.or(sideBar.getByRole('treeitem').first()));
    await vscode.screenshot('issues-tree-find');
    if ((await treeRequests()).length > 0) throw new Error('the find in the tree sent an issue list request');
    const afterFind = await marks.count();
    if (afterFind !== before) throw new Error(`the editor showed ${before} marks before the find in the tree and ${afterFind} after`);
    await page.keyboard.press('Escape');

    // Search Issues…: the tree lists the search; the editor keeps the saved search's marks.
    await vscode.runCommand('Sentry Explorer: Search Issues…', { prompts: true });
    await page.locator('.quick-input-widget .quick-input-box input').fill('TypeError');
    await page.keyboard.press('Enter');
    await vscode.waitForText('Filtered: "TypeError"', { within: sideBar, timeout: 15_000 });
    await vscode.waitFor('the tree asked for the search', async () => (await treeRequests()).some((q) => q.get('query') === 'TypeError'), 30_000);
    await requestsSettled(vscode);
    await vscode.waitForRowsSettled(sideBar.getByRole('treeitem').first());
    await vscode.screenshot('issues-search-keeps-marks');
    const afterSearch = await marks.count();
    if (afterSearch !== before) throw new Error(`the editor showed ${before} marks before Search Issues… and ${afterSearch} after`);

    await vscode.runCommand('Sentry Explorer: Clear Filter');
    await vscode.runCommand('View: Close All Editors');
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 180_000 },
);
