// Several projects in the Issues tree as a person chooses them (Filter Issues → Projects): one row
// per project, each showing its loaded issues and its own total as the server counts it, where the
// status bar counts them all.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { SANDBOX_WORKSPACE } from '../harness/sandbox';
import { check, type Workbench } from './framework';
import { openSignedOutView, sandboxDefaults, sandboxUrl, signInWithToken } from './session';

/** Choose Project writes the workspace's settings: the check puts them back as they were. */
const SETTINGS = path.join(SANDBOX_WORKSPACE, '.vscode', 'settings.json');

/** One project's total as the sandbox counts it: "1,234", or "1,000+" when capped. */
async function totalOf(projectId: string): Promise<string> {
  const { authToken } = await sandboxDefaults();
  const { headers } = await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?project=${projectId}&limit=1`, { headers: { authorization: `Bearer ${authToken}` } });
  const hits = Number(headers.get('x-hits'));
  return `${hits.toLocaleString('en')}${hits >= Number(headers.get('x-max-hits')) ? '+' : ''}`;
}

/** Filter Issues → Projects → acme → the projects ticked as `wanted` → OK. */
async function chooseProjects(page: Page, vscode: Workbench, wanted: readonly string[]): Promise<void> {
  await vscode.runCommand('Sentry Explorer: Filter Issues', { prompts: true });
  await page
    .locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: /Projects$/ }) })
    .first()
    .click();
  const widget = page.locator('.quick-input-widget');
  // The organization is asked for only when the token sees several.
  const title = widget.locator('.quick-input-title');
  await vscode.waitFor('the organization or project pick', async () => /^(Sentry Organization|Projects of acme)$/.test(((await title.textContent()) ?? '').trim()), 20_000);
  if (((await title.textContent()) ?? '').trim() === 'Sentry Organization') {
    await page
      .locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: /^acme$/ }) })
      .first()
      .click();
  }
  await vscode.waitForText('Projects of acme', { within: title, timeout: 20_000 });
  for (const slug of ['web-frontend', 'api-server', 'worker']) {
    const row = widget.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${slug}$`) }) }).first();
    await row.waitFor({ state: 'visible' });
    if (((await row.getAttribute('aria-checked')) === 'true') !== wanted.includes(slug)) await row.click();
    await vscode.waitFor(`${slug} ${wanted.includes(slug) ? 'ticked' : 'not ticked'}`, async () => ((await row.getAttribute('aria-checked')) === 'true') === wanted.includes(slug), 10_000);
  }
  await page.keyboard.press('Enter');
  await widget.waitFor({ state: 'hidden' });
}

check(
  'several projects: each project row shows its own total from the server',
  async ({ page, vscode }) => {
    const had = fs.existsSync(SETTINGS) ? fs.readFileSync(SETTINGS, 'utf8') : undefined;
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    await sideBar
      .getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitForIdle();
    try {
      await chooseProjects(page, vscode, ['web-frontend', 'api-server']);
      // web-frontend 4501 and api-server 4502 in the seed.
      const web = sideBar.getByRole('treeitem', { name: /^Project web-frontend, issues: / });
      const api = sideBar.getByRole('treeitem', { name: /^Project api-server, issues: / });
      const [webTotal, apiTotal] = [await totalOf('4501'), await totalOf('4502')];
      // Collapse All: both project rows on screen (the first one's issues fill the view).
      await sideBar.locator('.title-actions .action-label.codicon-collapse-all').click();
      await vscode.waitFor(
        'each project row names its own total',
        async () =>
          new RegExp(`^\\d+ of ${webTotal.replace('+', '\\+')}$`).test((await web.locator('.label-description').textContent()) ?? '') &&
          new RegExp(`^\\d+ of ${apiTotal.replace('+', '\\+')}$`).test((await api.locator('.label-description').textContent()) ?? ''),
        30_000,
      );
      await vscode.waitForIdle();
      await vscode.waitForRowsSettled(web);
      await vscode.screenshot('issues-group-totals');
    } finally {
      // Back to the workspace's own .sentryclirc (web-frontend alone), as the next checks expect.
      if (had === undefined) fs.rmSync(path.dirname(SETTINGS), { recursive: true, force: true });
      else fs.writeFileSync(SETTINGS, had);
    }
    await sideBar
      .getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 150_000 },
);
