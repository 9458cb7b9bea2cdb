// Triage as a person does it: Resolve from the hover of a marked line, seen at once in
// the editor, the Issues tree and the status bar (before the server has answered: the PUT is held
// back by a sandbox fault), the hover closing by itself, and confirmed by a notification with Undo; Archive… from a tree row's
// context menu until the issue occurs 100 more times, checked on the sandbox.
//
// Both sign in with the sandbox's write token (the default token is read-only: a PUT gets 403),
// sign out at the end and reset the sandbox, so the checks after these find the seeded issues.
import type { Locator, Page } from 'playwright-core';
import { check, type Workbench } from './framework';
import { openSignedOutView, requestsSettled, sandboxDefaults, sandboxUrl, signInWithToken } from './session';
import { fadedIn, quickOpen } from './editorPage';

interface ListedIssue {
  id: string;
  shortId: string;
}

interface IssueState {
  status: string;
  substatus: string | null;
  statusDetails: Record<string, unknown>;
}

async function sandbox<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandboxUrl()}/_sandbox/${pathAndQuery}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /_sandbox/${pathAndQuery} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The first page of web-frontend's unresolved issues, as the Issues view lists it (100, the default query, period and sort). */
async function listedIssues(token: string): Promise<ListedIssue[]> {
  const res = await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?project=web-frontend&limit=100`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`listing issues answered ${res.status}`);
  return (await res.json()) as ListedIssue[];
}

/** Every issue the editor's search for a file finds (all pages), with its event count. */
async function fileIssues(token: string, suffix: string): Promise<{ id: string; count: string }[]> {
  const out: { id: string; count: string }[] = [];
  let cursor = '';
  for (let n = 0; n < 5; n++) {
    const query = encodeURIComponent(`is:unresolved stack.filename:"*${suffix}"`);
    const res = await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?project=web-frontend&limit=100&query=${query}${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`searching issues answered ${res.status}`);
    out.push(...((await res.json()) as { id: string; count: string }[]));
    const next = /<[^>]*[?&]cursor=([^&>]+)[^>]*>; rel="next"; results="true"/.exec(res.headers.get('link') ?? '');
    if (!next) break;
    cursor = next[1];
  }
  return out;
}

/** Signs in with the write token and waits for the Issues tree's first page, drawn and settled. */
async function signInForTriage(page: Page, vscode: Workbench): Promise<{ sideBar: Locator; writeToken: string }> {
  const sideBar = await openSignedOutView(vscode);
  const { writeToken } = await sandboxDefaults();
  await signInWithToken(page, vscode, writeToken);
  const first = issueRows(sideBar).first();
  await first.waitFor({ state: 'visible', timeout: 30_000 });
  await vscode.waitFor("the first row's description", async () => /^WEB-FRONTEND-\w+ · /.test((await first.locator('.label-description').textContent()) ?? ''), 10_000);
  await vscode.waitForIdle();
  await vscode.waitForRowsSettled(first);
  return { sideBar, writeToken };
}

function issueRows(sideBar: Locator): Locator {
  return sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / });
}

/** The tree row of one issue (its accessible name starts with the level and the short ID). */
function issueRow(sideBar: Locator, shortId: string): Locator {
  return sideBar.getByRole('treeitem', { name: new RegExp(`^Issue ${shortId}: `) });
}

/** Scrolls the Issues tree with the mouse wheel until `row` is on screen (the tree draws only the rows in view). */
async function scrollTreeTo(page: Page, vscode: Workbench, sideBar: Locator, row: Locator): Promise<void> {
  const list = sideBar.locator('.monaco-list').first();
  const box = await list.boundingBox();
  if (!box) throw new Error('the Issues tree is not on screen');
  for (let i = 0; i < 40 && !(await row.isVisible()); i++) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(100);
  }
  await row.waitFor({ state: 'visible', timeout: 5_000 });
  // Into the middle of the tree, not at an edge where a screenshot would cut it.
  const rowBox = await row.boundingBox();
  if (rowBox) await page.mouse.wheel(0, Math.round(rowBox.y + rowBox.height / 2 - (box.y + box.height / 2)));
  await row.waitFor({ state: 'visible', timeout: 5_000 });
  await vscode.waitForRowsSettled(row, { quietMs: 500 });
}

/** Waits until the notification containing `text` has slid in (its box stays put, inside the window) and offers Undo. */
async function waitForToast(vscode: Workbench, text: string): Promise<void> {
  const toast = vscode.notifications.locator('.notification-toast', { hasText: text }).first();
  await toast.waitFor({ state: 'visible', timeout: 10_000 });
  await toast.locator('.monaco-button', { hasText: /^Undo$/ }).waitFor({ state: 'visible' });
  await vscode.waitForSettledOnScreen(toast, `the notification "${text}"`);
}

/**
 * What a person sees, read in the page: helpers on `window.__triageUi`. A string, not functions:
 * tsx would wrap named functions in a helper the page lacks.
 * - mark(line, shortId): the line's gutter icon and inline text (the text is an `::after` of the
 *   decoration's span), outside the sticky-scroll header; `rendered` is false when the line is not drawn.
 * - row(shortId): whether the Issues tree shows the issue's row, and how many issue rows it shows.
 * - count(): the status bar's unresolved count ("1,000+").
 * - toast(text): whether a notification containing `text` is on screen, and whether it has an Undo button.
 * - watch(cfg): from the next click inside a hover, records when each of those changed (performance.now()).
 */
const PAGE_HELPERS = `(() => {
  const outsideSticky = (el) => !el.closest('.sticky-widget');
  const ui = {
    mark(line, shortId) {
      const editor = document.querySelector('.editor-instance .monaco-editor');
      if (!editor) return { rendered: false, gutter: false, inline: false, text: '' };
      const num = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')].find((n) => outsideSticky(n) && n.textContent.trim() === String(line));
      if (!num) return { rendered: false, gutter: false, inline: false, text: '' };
      const top = num.parentElement.style.top;
      const gutter = [...editor.querySelectorAll('.cgmr')].some((g) => outsideSticky(g) && g.style.top === top && /ced-/.test(g.className));
      const viewLine = [...editor.querySelectorAll('.view-lines .view-line')].find((v) => outsideSticky(v) && v.style.top === top);
      const text = viewLine
        ? [...viewLine.querySelectorAll('[class*="ced-"]')]
            .map((s) => [getComputedStyle(s, '::before').content, getComputedStyle(s, '::after').content, s.textContent].filter((c) => c && c !== 'none' && c !== 'normal').join(''))
            .join(' ')
        : '';
      return { rendered: true, gutter, inline: text.includes(shortId + ' '), text };
    },
    resolveLinksOf(shortId) {
      // Each Resolve link belongs to the issue named last before it (the hover lists its issues one after another).
      const hover = [...document.querySelectorAll('.monaco-hover')].find((h) => h.offsetParent !== null && h.querySelector('a[title="Show Events"]'));
      if (!hover) return [];
      const walker = document.createTreeWalker(hover, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      const owners = [];
      let named = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          const m = /WEB-FRONTEND-[A-Z0-9]+/.exec(node.textContent);
          if (m && !node.parentElement.closest('a')) named = m[0];
        } else if (node.tagName === 'A' && node.getAttribute('title') === 'Resolve') owners.push(named);
      }
      return owners.map((owner, i) => (owner === shortId ? i : -1)).filter((i) => i >= 0);
    },
    row(shortId) {
      const rows = [...document.querySelectorAll('.part.sidebar .monaco-list-row')].map((r) => r.getAttribute('aria-label') || '');
      const issueRows = rows.filter((l) => /^Issue WEB-FRONTEND-\\w+: /.test(l));
      return { shown: issueRows.some((l) => l.startsWith('Issue ' + shortId + ':')), issueRows: issueRows.length };
    },
    count() {
      const item = document.querySelector('.part.statusbar [id$="sentryExplorer.unresolved"] .statusbar-item-label');
      return item ? item.textContent.trim() : '';
    },
    toast(text) {
      const toast = [...document.querySelectorAll('.notifications-toasts .notification-toast')].find((t) => t.offsetParent !== null && t.textContent.includes(text));
      return { shown: !!toast, undo: !!toast && [...toast.querySelectorAll('.monaco-button')].some((b) => b.textContent.trim() === 'Undo') };
    },
    watch(cfg) {
      const w = { click: null, mark: null, row: null, count: null, toast: null, countAfter: null, done: false };
      window.__triageWatch = w;
      const number = (t) => Number(t.replace(/[^0-9]/g, ''));
      document.addEventListener('click', (e) => {
        if (w.click === null && e.target instanceof Element && e.target.closest('.monaco-hover')) w.click = performance.now();
      }, true);
      const timer = setInterval(() => {
        if (w.click === null) return;
        const now = performance.now();
        if (w.mark === null) {
          const m = ui.mark(cfg.line, cfg.shortId);
          if (m.rendered && !m.inline) w.mark = now;
        }
        if (w.row === null) {
          const r = ui.row(cfg.shortId);
          if (!r.shown && r.issueRows > 0) w.row = now;
        }
        if (w.count === null) {
          const c = ui.count();
          if (c && number(c) < number(cfg.countBefore)) {
            w.count = now;
            w.countAfter = c;
          }
        }
        if (w.toast === null && ui.toast(cfg.toastText).shown) w.toast = now;
        if (w.mark !== null && w.row !== null && w.count !== null && w.toast !== null) {
          w.done = true;
          clearInterval(timer);
        }
      }, 5);
    },
  };
  window.__triageUi = ui;
})()`;

interface MarkState {
  rendered: boolean;
  gutter: boolean;
  inline: boolean;
  text: string;
}

interface Watch {
  click: number | null;
  mark: number | null;
  row: number | null;
  count: number | null;
  toast: number | null;
  countAfter: string | null;
  done: boolean;
}

async function helpers(page: Page): Promise<void> {
  if (!(await page.evaluate('!!window.__triageUi'))) await page.evaluate(PAGE_HELPERS);
}

const markOf = (page: Page, line: number, shortId: string) => page.evaluate(`window.__triageUi.mark(${line}, ${JSON.stringify(shortId)})`) as Promise<MarkState>;
const rowOf = (page: Page, shortId: string) => page.evaluate(`window.__triageUi.row(${JSON.stringify(shortId)})`) as Promise<{ shown: boolean; issueRows: number }>;
const countOf = (page: Page) => page.evaluate('window.__triageUi.count()') as Promise<string>;
const toastOf = (page: Page, text: string) => page.evaluate(`window.__triageUi.toast(${JSON.stringify(text)})`) as Promise<{ shown: boolean; undo: boolean }>;

/** Signs out, closes the editors and restores the sandbox's seeded issues (and removes any fault left). */
async function cleanUp(vscode: Workbench, sideBar: Locator | undefined): Promise<void> {
  await vscode.dismiss();
  await vscode.runCommand('View: Close All Editors');
  if (sideBar) {
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  }
}

async function resetSandbox(): Promise<void> {
  await sandbox('POST', 'faults/clear', {});
  await sandbox('POST', 'reset', {});
}

check(
  'triage: resolve from the hover of a marked line',
  async ({ page, vscode }) => {
    let sideBar: Locator | undefined;
    try {
      await resetSandbox();
      const signedIn = await signInForTriage(page, vscode);
      sideBar = signedIn.sideBar;

      // A line of checkout.ts whose inline text names an issue of the listed page: the line's issue
      // with the most events (lines hold every issue the file's search finds). After the
      // resolve the text names the next one; the gutter stays for the others.
      const listed = await listedIssues(signedIn.writeToken);
      const ids = new Set(listed.map((i) => i.id));
      const counts = new Map((await fileIssues(signedIn.writeToken, 'app/checkout.ts')).map((i) => [i.id, Number(i.count)]));
      const locations = await sandbox<{ issueId: string; file: string; line: number | null; shortId: string }[]>('GET', 'seed/locations');
      const byLine = new Map<number, { issueId: string; shortId: string }[]>();
      for (const l of locations) {
        if (l.file !== 'src/app/checkout.ts' || l.line === null || !counts.has(l.issueId)) continue;
        byLine.set(l.line, [...(byLine.get(l.line) ?? []), l]);
      }
      const entry = [...byLine]
        .map(([line, issues]) => [line, [...issues].sort((a, b) => counts.get(b.issueId)! - counts.get(a.issueId)!)] as const)
        .find(([, [top, next]]) => ids.has(top.issueId) && (!next || counts.get(top.issueId)! > counts.get(next.issueId)!));
      if (!entry) throw new Error('no line of src/app/checkout.ts shows a listed issue first');
      const [line, [target]] = entry;

      // The tree row of that issue, on screen.
      const row = issueRow(sideBar, target.shortId);
      await scrollTreeTo(page, vscode, sideBar, row);

      await quickOpen(page, 'src/app/checkout.ts', 'checkout.ts');
      const editor = page.locator('.editor-instance .monaco-editor').first();
      await editor.waitFor({ state: 'visible' });
      await quickOpen(page, `:${line}`);
      await helpers(page);
      await vscode.waitFor(
        `the gutter icon and inline text of ${target.shortId} on line ${line}`,
        async () => {
          const m = await markOf(page, line, target.shortId);
          return m.gutter && m.inline;
        },
        30_000,
      );
      // Marks are drawn as they are located: the hover waits for the last of them.
      await requestsSettled(vscode);
      const countBefore = await countOf(page);
      if (!/^[\d,]+\+?$/.test(countBefore)) throw new Error(`the status bar shows no unresolved count ("${countBefore}")`);
      await vscode.runCommand('Notifications: Clear All Notifications');

      // The hover of the line (its text, not the gutter), with the issue and its Resolve link.
      const lineNumber = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${line}$`) }).first();
      const box = await lineNumber.boundingBox();
      const content = await editor.locator('.view-lines').boundingBox();
      if (!box || !content) throw new Error(`line ${line} is not visible`);
      await page.mouse.move(content.x + 40, box.y + box.height / 2);
      const hover = page
        .locator('.monaco-hover')
        .filter({ has: page.locator('a[title="Show Events"]') })
        .filter({ hasText: target.shortId })
        .first();
      await hover.waitFor({ state: 'visible', timeout: 15_000 });
      await hover.locator('a[title="Resolve"]').first().waitFor({ state: 'visible', timeout: 5_000 });
      // A line of several issues lists each with its icons: exactly one Resolve icon is the target's.
      const own = (await page.evaluate(`window.__triageUi.resolveLinksOf(${JSON.stringify(target.shortId)})`)) as number[];
      if (own.length !== 1) throw new Error(`the hover of line ${line} has ${own.length} Resolve links for ${target.shortId}; one issue, one link expected`);
      const resolve = hover.locator('a[title="Resolve"]').nth(own[0]);
      await fadedIn(vscode, hover);
      await vscode.screenshot('triage-hover-resolve-before');

      // The server holds the answer of the next PUT for 1.5 s: what shows before then is optimistic.
      // Long enough that a loaded 2-core machine redraws every view well before the answer.
      const latencyMs = 3000;
      await sandbox('POST', 'faults', { method: 'PUT', path: '/issues/', latencyMs, count: 1 });
      await page.evaluate(`window.__triageUi.watch(${JSON.stringify({ line, shortId: target.shortId, countBefore, toastText: `Resolved ${target.shortId}` })})`);
      await resolve.first().click();

      // The hover that offered Resolve closes by itself, the mouse still on it: it would offer Resolve for a resolved issue.
      await vscode.waitFor('the hover to close, the mouse still on it', async () => !(await hover.isVisible()), 5_000);
      await vscode.screenshot('triage-hover-resolve-closed');
      await vscode.waitFor('the mark, the tree row and the count to change, and the confirmation', async () => ((await page.evaluate('window.__triageWatch')) as Watch).done, 20_000);
      const w = (await page.evaluate('window.__triageWatch')) as Watch;
      const since = (t: number | null) => Math.round((t ?? NaN) - (w.click ?? NaN));
      const views = Math.max(since(w.mark), since(w.row), since(w.count));
      console.log(
        `      resolve ${target.shortId} from the hover of checkout.ts:${line} (PUT answer held ${latencyMs} ms): ` +
          `mark gone ${since(w.mark)} ms, tree row gone ${since(w.row)} ms, status bar ${countBefore} → ${w.countAfter} ${since(w.count)} ms; ` +
          `all three views ${views} ms after the click; confirmation "Resolved ${target.shortId}" ${since(w.toast)} ms after the click`,
      );
      if (!(views < since(w.toast))) throw new Error(`the views changed ${views} ms after the click, not before the confirmation (${since(w.toast)} ms): not optimistic`);
      if (since(w.toast) < latencyMs) throw new Error(`the confirmation came ${since(w.toast)} ms after the click, before the server could answer (${latencyMs} ms)`);

      // The confirmation names the issue and offers Undo; the server has it resolved; the views stay so.
      const toast = await toastOf(page, `Resolved ${target.shortId}`);
      if (!toast.undo) throw new Error(`the notification "Resolved ${target.shortId}" has no Undo button`);
      const state = await sandbox<IssueState>('GET', `issues/state?issue=${target.issueId}`);
      if (state.status !== 'resolved') throw new Error(`the sandbox has ${target.shortId} ${state.status}, not resolved`);
      // The write log: a PUT of one issue names it in its path, a bulk PUT in its ids.
      const writes = await sandbox<{ method: string; path: string; ids: string[]; status: number }[]>('GET', 'writes');
      const puts = writes.filter((x) => x.ids.includes(target.issueId) || x.path.endsWith(`/issues/${target.issueId}/`));
      if (puts.length !== 1 || puts[0].status !== 200) throw new Error(`expected one PUT of ${target.issueId} answered 200, got ${JSON.stringify(puts)}`);
      await page.mouse.move(content.x + content.width / 2, content.y + content.height - 40);
      const mark = await markOf(page, line, target.shortId);
      if (mark.inline) throw new Error(`line ${line} names ${target.shortId} again after the answer: ${JSON.stringify(mark)}`);
      // Shown again over the line (which keeps its other issues' mark, if any), the hover offers no Resolve for the resolved issue.
      if (mark.gutter) {
        await page.mouse.move(content.x + 40, box.y + box.height / 2);
        const again = page
          .locator('.monaco-hover')
          .filter({ has: page.locator('a[title="Show Events"]') })
          .first();
        await again.waitFor({ state: 'visible', timeout: 15_000 });
        const still = (await page.evaluate(`window.__triageUi.resolveLinksOf(${JSON.stringify(target.shortId)})`)) as number[];
        if (still.length !== 0) throw new Error(`the hover of line ${line} shown again offers Resolve for the resolved ${target.shortId}`);
        await fadedIn(vscode, again);
        await vscode.screenshot('triage-hover-shown-again');
        await page.mouse.move(content.x + content.width / 2, content.y + content.height - 40);
      }
      if ((await rowOf(page, target.shortId)).shown) throw new Error(`${target.shortId} is back in the Issues tree after the answer`);
      if ((await countOf(page)) === countBefore) throw new Error(`the status bar shows ${countBefore} again after the answer`);
      await waitForToast(vscode, `Resolved ${target.shortId}`);
      await vscode.screenshot('triage-hover-resolve-after');
    } finally {
      await cleanUp(vscode, sideBar).finally(resetSandbox);
    }
  },
  { timeoutMs: 150_000 },
);

check(
  'triage: archive from the tree context menu until it occurs 100 more times',
  async ({ page, vscode }) => {
    let sideBar: Locator | undefined;
    try {
      await resetSandbox();
      const signedIn = await signInForTriage(page, vscode);
      sideBar = signedIn.sideBar;
      await vscode.runCommand('Notifications: Clear All Notifications');

      // The first row of the tree, and its issue's id.
      const first = issueRows(sideBar).first();
      const shortId = /^Issue (WEB-FRONTEND-\w+): /.exec((await first.getAttribute('aria-label')) ?? '')?.[1];
      if (!shortId) throw new Error('the first row names no issue');
      const issue = (await listedIssues(signedIn.writeToken)).find((i) => i.shortId === shortId);
      if (!issue) throw new Error(`${shortId} is not on the first page of the list`);
      const row = issueRow(sideBar, shortId);

      await row.click({ button: 'right' });
      const menu = page.locator('.context-view .monaco-menu').first();
      await menu.waitFor({ state: 'visible' });
      const archive = menu.locator('.action-item', { has: page.locator('.action-label', { hasText: /^Archive…$/ }) }).first();
      await archive.waitFor({ state: 'visible' });
      await archive.hover();
      await vscode.screenshot('triage-archive-context-menu');
      await archive.click();

      const widget = page.locator('.quick-input-widget');
      const choice = widget.locator('.quick-input-list .monaco-list-row', { hasText: 'Until it occurs N more times…' }).first();
      await choice.waitFor({ state: 'visible' });
      await vscode.waitForText('Archive', { within: widget.locator('.quick-input-title') });
      await choice.hover();
      await vscode.screenshot('triage-archive-quick-pick');
      await choice.click();

      await vscode.waitForText('How many more times it occurs before it comes back', { within: widget });
      await widget.locator('.quick-input-box input').fill('100');
      await page.keyboard.press('Enter');

      const anyTime = widget.locator('.quick-input-list .monaco-list-row', { hasText: /^At any time/ }).first();
      await vscode.waitForText('Archive until 100 more times it occurs', { within: widget.locator('.quick-input-title') });
      await anyTime.waitFor({ state: 'visible' });
      await anyTime.click();
      await widget.waitFor({ state: 'hidden' });

      await row.waitFor({ state: 'hidden', timeout: 10_000 });
      await waitForToast(vscode, `Archived ${shortId} until it occurs 100 more times`);
      await vscode.waitFor(
        `${shortId} archived on the sandbox until it occurs 100 more times`,
        async () => {
          const s = await sandbox<IssueState>('GET', `issues/state?issue=${issue.id}`);
          return s.status === 'ignored' && s.substatus === 'archived_until_condition_met' && s.statusDetails.ignoreCount === 100 && s.statusDetails.ignoreWindow == null;
        },
        10_000,
      );
      if ((await issueRows(sideBar).count()) === 0) throw new Error('the Issues tree shows no rows after the archive');
      await vscode.screenshot('triage-archive-after');
    } finally {
      await cleanUp(vscode, sideBar).finally(resetSandbox);
    }
  },
  { timeoutMs: 120_000 },
);
