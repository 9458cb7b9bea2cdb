// The ordinary use that cost 300 latest-event requests in 33 seconds when marks came from one latest-event
// request per listed issue (sign in, Load more once, open one file, reload the window), done as a person
// does it in the real window, with the sandbox's request log counting what each step sent. Per-file
// marks: no event request until a file opens, then only for that file's issues, and none after the
// reload (locations kept in workspace storage).
import type { Page } from 'playwright-core';
import { check, type Workbench } from './framework';
import { apiRequests, fileIssueIds, openSignedOutView, requestsSettled, sandboxUrl, signInWithToken, type LoggedRequest } from './session';

const FILE = 'src/utils/format.js';

const eventRequests = (log: LoggedRequest[]) => log.filter((r) => /^\/api\/0\/organizations\/[^/]+\/issues\/\d+\/events\/$/.test(r.path));
const fileSearches = (log: LoggedRequest[]) => log.filter((r) => /\/issues\/$/.test(r.path) && (new URLSearchParams(r.query).get('query') ?? '').includes('stack.filename'));

async function gutterMarks(page: Page, vscode: Workbench): Promise<void> {
  const editor = page.locator('.editor-instance .monaco-editor').first();
  await editor.waitFor({ state: 'visible' });
  await vscode.waitFor('gutter icons in the editor', async () => (await editor.locator('.margin-view-overlays [class*="ced-"], .cgmr').count()) > 0, 60_000);
}

check(
  'marks in ordinary use: sign in, Load more, open one file, reload the window; events only for the file, none after the reload',
  async ({ page, vscode }) => {
    await vscode.runCommand('View: Close All Editors');
    const sideBar = await openSignedOutView(vscode);
    await fetch(`${sandboxUrl()}/_sandbox/requests/clear`, { method: 'POST' });

    // Sign in: the tree's first page, no event request while no file is open.
    await signInWithToken(page, vscode);
    const first = sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / }).first();
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    const signedIn = await requestsSettled(vscode);
    if (eventRequests(signedIn).length !== 0) throw new Error(`sign-in sent ${eventRequests(signedIn).length} event requests with no file open`);

    // Load more, from the keyboard (a click on a row would open its events): the last row of the list.
    await vscode.runCommand('View: Focus into Primary Side Bar');
    await page.keyboard.press('End');
    const more = sideBar.getByRole('treeitem', { name: /^Load the next page of issues/ }).first();
    await more.waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Enter');
    await vscode.waitFor('the second page', async () => (await apiRequests()).some((r) => /\/issues\/$/.test(r.path) && r.query.some(([k]) => k === 'cursor')), 30_000);
    const loaded = await requestsSettled(vscode);
    if (eventRequests(loaded).length !== 0) throw new Error(`Load more sent ${eventRequests(loaded).length} event requests`);

    // One file: its search, then the latest events of its issues whose place is unknown.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill(FILE);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'format.js' }).first().click();
    await page.locator('.tabs-container .tab.active', { hasText: 'format.js' }).waitFor({ state: 'visible' });
    const opened = Date.now();
    await gutterMarks(page, vscode);
    const firstMarksMs = Date.now() - opened;
    const afterFile = await requestsSettled(vscode);
    const fileEvents = eventRequests(afterFile).length;
    const ats = eventRequests(afterFile).map((r) => r.at);
    const eventSpan = ats.length ? Math.max(...ats) - Math.min(...ats) : 0;
    const limited = afterFile.filter((r) => r.status === 429).length;
    const searches = fileSearches(afterFile).length;
    await vscode.screenshot('marks-ordinary-use-file');

    // Reload: the session, the open file and the kept locations come back; only the search is asked again.
    await fetch(`${sandboxUrl()}/_sandbox/requests/clear`, { method: 'POST' });
    await vscode.reloadWindow();
    await gutterMarks(page, vscode);
    const afterReload = await requestsSettled(vscode);
    const reloadEvents = eventRequests(afterReload).length;
    await vscode.screenshot('marks-ordinary-use-after-reload');
    console.log(
      `      figures: sign-in 0 event requests (${signedIn.length} requests); Load more 0 (${loaded.length - signedIn.length}); ` +
        `${FILE}: ${searches} search pages, ${fileEvents} event requests over ${eventSpan} ms (${limited} answered 429), first marks ${firstMarksMs} ms after its tab showed; ` +
        `reload: ${fileSearches(afterReload).length} search pages, ${reloadEvents} event requests (${afterReload.length} requests)`,
    );
    // Only the file's issues (an earlier check may have located some of them already: no count is assumed).
    const own = await fileIssueIds(FILE.split('/').slice(-2).join('/'));
    const strays = eventRequests(afterFile).filter((r) => !own.has(/\/issues\/(\d+)\/events\/$/.exec(r.path)![1]));
    if (strays.length) throw new Error(`${strays.length} event requests for issues the file's search did not find: ${strays.map((r) => r.path).join(', ')}`);
    if (reloadEvents !== 0) throw new Error(`the reload sent ${reloadEvents} event requests for issues whose location was kept`);

    await vscode.runCommand('View: Close All Editors');
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: await vscode.openView('Sentry'), timeout: 20_000 });
  },
  { timeoutMs: 240_000 },
);
