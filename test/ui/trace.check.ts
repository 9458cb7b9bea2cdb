// Person-like check of the events panel's Trace tab in Chromium: signed in, open the issue whose
// latest event's trace has 10,000 spans, click the Trace tab (nothing of the trace was read before),
// see the waterfall's first screen with the error's span highlighted and its moment marked, scroll
// far down and see rows drawn there; the Logs tab with the error's moment and a search; click the
// error span's code location and see that line open in the editor; screenshots in a dark and a light
// theme.
import * as assert from 'node:assert/strict';
import { check } from './framework';
import { closeEditors, hidePanel, openEvents, setTheme, shotEditor, until } from './eventsPanelPage';
import { apiRequests, openSignedOutView, sandboxUrl, signInWithToken } from './session';

check(
  'trace and logs tabs: 10,000 spans drawn a screen at a time, the error span marked, the logs with the error moment and a search, a span’s code opens (dark and light themes)',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await fetch(`${sandboxUrl()}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await signInWithToken(page, vscode);
    await sideBar
      .getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    const big = ((await (await fetch(`${sandboxUrl()}/_sandbox/traces`)).json()) as { big: { shortId: string } }).big;
    await hidePanel(page, vscode);
    await setTheme(page, vscode, 'Dark Modern');
    const f = await openEvents(page, vscode, big.shortId);
    await until(f, "!!document.querySelector('#event-list')");
    assert.equal((await apiRequests()).filter((r) => /\/trace\//.test(r.path)).length, 0, 'opening the issue reads no trace');
    await f.locator('#tab-trace').click();
    await until(f, "!!document.querySelector('#trace-waterfall:not([hidden]) .trace-row-error')", 30_000);
    const drawn = await f.evaluate('document.querySelectorAll(".trace-row").length');
    assert.ok(Number(drawn) > 0 && Number(drawn) < 200, `${String(drawn)} rows drawn of 10,000`);
    assert.match((await f.locator('#trace-count').textContent()) ?? '', /10,000 spans/);
    await shotEditor(page, 'trace-tab-dark');
    // Far down: rows there are drawn when scrolled to.
    await f.evaluate("document.querySelector('#trace-waterfall').scrollTop = 22 * 9000");
    await until(f, "[...document.querySelectorAll('.trace-row')].some((r) => Number(r.dataset.row) > 8900)");
    // The Logs tab: the trace's logs oldest first, the error's moment between them; the search narrows them.
    await f.locator('#tab-logs').click();
    await until(f, "document.querySelectorAll('#logs-list .logs-row').length >= 50 && !!document.querySelector('#logs-error-moment')", 30_000);
    await shotEditor(page, 'logs-tab-dark');
    await setTheme(page, vscode, 'Light Modern');
    await f.locator('#logs-search input').fill('gateway');
    await until(f, "document.querySelectorAll('#logs-list .logs-row').length >= 1 && document.querySelectorAll('#logs-list .logs-row').length < 50");
    await shotEditor(page, 'logs-tab-light');
    await f.locator('#tab-trace').click();
    await f.evaluate("document.querySelector('#trace-waterfall').scrollTop = 0");
    await until(f, "!!document.querySelector('.trace-row-error')");
    await shotEditor(page, 'trace-tab-light');
    // The error span's code location opens its line.
    await f.locator('.trace-row-error .trace-code').click();
    await page.locator('.editor-instance .monaco-editor').first().waitFor({ state: 'visible', timeout: 15_000 });
    await until(
      page.mainFrame(),
      "[...document.querySelectorAll('.tabs-container .tab.active')].some((t) => /\\.(ts|tsx|js|py|go|java|kt|rb|php|cs|dart|swift)\\b/.test(t.textContent ?? ''))",
      15_000,
    );
    await closeEditors(vscode);
    await setTheme(page, vscode, 'Dark Modern');
  },
  { timeoutMs: 240_000 },
);
