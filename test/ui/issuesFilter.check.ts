// Filter Issues as a person uses it: the organization's environments in a multi-pick and a
// time window, each reaching the one organization-endpoint request of the tree, named in the view's
// description; then the filter back to the server's defaults, as later checks expect it.
import type { Page } from 'playwright-core';
import { check, type Workbench } from './framework';
import { openSignedOutView, sandboxUrl, signInWithToken } from './session';

const ORG_ISSUES = '^/api/0/organizations/acme/issues/$';

/** The query strings of the tree's requests to the organization issues endpoint since the log was emptied (not the per-file searches). */
async function treeRequests(): Promise<URLSearchParams[]> {
  const log = (await (await fetch(`${sandboxUrl()}/_sandbox/requests?path=${encodeURIComponent(ORG_ISSUES)}`)).json()) as { query: [string, string][] }[];
  return log.map((r) => new URLSearchParams(r.query)).filter((q) => !(q.get('query') ?? '').includes('stack.filename'));
}

async function clearRequests(): Promise<void> {
  await fetch(`${sandboxUrl()}/_sandbox/requests/clear`, { method: 'POST' });
}

/** Opens Filter Issues from the palette and clicks the entry whose label ends with `label`. */
async function filterBy(page: Page, vscode: Workbench, label: string): Promise<void> {
  await vscode.runCommand('Sentry Explorer: Filter Issues', { prompts: true });
  await vscode.waitForText('Filter Issues', { within: page.locator('.quick-input-widget') });
  const row = page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) }).first();
  await row.scrollIntoViewIfNeeded();
  await row.click();
}

check(
  'Filter Issues: environments from the organization and a time window reach the tree’s one request',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    const first = sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / }).first();
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitForIdle();

    // Environments: read from the organization when asked, several may be chosen.
    await clearRequests();
    await filterBy(page, vscode, 'Choose environments…');
    const widget = page.locator('.quick-input-widget');
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

    // A window: the same request with statsPeriod=7d, the environment kept.
    await clearRequests();
    await filterBy(page, vscode, 'Window: last 7 days');
    await widget.waitFor({ state: 'hidden' });
    await vscode.waitFor(
      'the tree asked for staging over 7 days',
      async () => (await treeRequests()).some((q) => q.get('statsPeriod') === '7d' && q.getAll('environment').join() === 'staging'),
      30_000,
    );
    // The view is alone in its container, whose title hides the view's description: the tree says what narrows it.
    await vscode.waitForText('Filtered: staging · last 7 days', { within: sideBar, timeout: 15_000 });
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitForRowsSettled(first);
    await vscode.screenshot('issues-filter-staging-7-days');

    // Back to the server's defaults (later checks expect them): the list read at sign-in shows again, from the store.
    await filterBy(page, vscode, 'Every environment');
    await widget.waitFor({ state: 'hidden' });
    await filterBy(page, vscode, 'Window: server default');
    await widget.waitFor({ state: 'hidden' });
    await vscode.waitFor('the notice gone', async () => !(await sideBar.getByText(/^Filtered: /).isVisible()), 15_000);
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 150_000 },
);
