/**
 * Benchmark of opening an issue as a person does, in a real VS Code (the harness's code-server) in
 * headless Chromium against the sandbox: a click on an issue of the Issues view, then the time until
 * the events panel shows that issue's header and until its Event tab has drawn the event's exception
 * with its stack trace (drawn in the same pass as the event's summary; or the note that it has none). When
 * the panel opens on another tab, the script clicks the Event tab as soon as the header shows (as a
 * person would, only faster). Two cases: no panel open (a new tab and webview load), and the next
 * issue clicked while a panel is open. Figures, not pass/fail. Standalone:
 * `node --import tsx bench/openIssue.ts [--runs N]` (it builds dist/ and installs nothing: run
 * `npm run test:vscode -- install` once first).
 */
import { execFileSync } from 'node:child_process';
import type { Frame, Page } from 'playwright-core';
import { REPO_ROOT, startVSCode, type VSCodeHandle } from '../test/harness/vscode';
import { sandboxSettings, SANDBOX_WORKSPACE, startSandbox } from '../test/harness/sandbox';
import { UI_SETTINGS } from '../test/ui/run';
import { workbench, type Workbench } from '../test/ui/framework';
import { signInWithToken } from '../test/ui/session';
import { median, round } from './pageHarness';

export interface OpenIssueResult {
  /** Click on a row (no panel open) -> the header of its issue painted, ms per run. */
  coldHeaderMs: number[];
  /** Click (no panel open) -> a stack frame of its event drawn on the Event tab, ms per run. */
  coldStackMs: number[];
  /** Click (no panel open) -> the frame of the page that shows its header begun: VS Code's making of the webview. */
  coldFrameMs: number[];
  /** Click (no panel open) -> the page's HTML written into that frame: VS Code's webview service worker made ready. */
  coldHtmlMs: number[];
  /** The same, clicking the next issue while the previous one's panel is open. */
  nextHeaderMs: number[];
  nextStackMs: number[];
  /** Editor tabs open after the clicks of the "next" runs. */
  tabsAfterNext: number;
}

/**
 * Put into every frame before its scripts run: the workbench records its last pointerdown; an events
 * page records, per short ID, when its header first showed it and when its Event tab first showed a
 * exception (or its note that there is none) under it, each after the next paint, on the wall clock (timeOrigin + now), which the
 * workbench and the webview frames share. A string, not a function: tsx's transform would put
 * helpers into a function's text that the page does not have.
 */
const INSTRUMENT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  // When this frame's document began: for the page, the moment VS Code made the webview's frame.
  const started = now();
  // When the page's HTML was written into it (VS Code does so once the webview's service worker is ready).
  let written;
  const afterPaint = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  window.addEventListener('pointerdown', () => (window.__downAt = now()), true);
  const shown = (window.__shown = {});
  const look = () => {
    const id = document.querySelector('.issue-header .short-id')?.textContent;
    const title = document.querySelector('.issue-header .issue-title')?.textContent;
    if (!id || id.startsWith('#') || !title) return;
    const seen = (shown[id] ??= {});
    if (seen.header === undefined) {
      seen.header = -1;
      seen.frame = started;
      seen.html = written ?? now();
      afterPaint(() => (seen.header = now()));
    }
    const panel = document.querySelector('#event-panel:not([hidden])');
    if (seen.stack === undefined && panel?.querySelector('.ev-body:not(.stale) .ev-exception, .ev-body:not(.stale) .ev-threads, .ev-body:not(.stale) .ev-note')) {
      seen.stack = -1;
      afterPaint(() => (seen.stack = now()));
    }
  };
  // VS Code writes the page into its frame with document.write, which drops observers: poll instead.
  setInterval(() => {
    if (written === undefined && document.body?.children.length) written = now();
    look();
  }, 2);
})();`;

/** The events page showing `shortId`, with its times once both are known (clicking its Event tab when it opened elsewhere). */
async function timesOf(page: Page, shortId: string, timeoutMs = 60_000): Promise<{ header: number; stack: number; frame: number; html: number }> {
  const deadline = Date.now() + timeoutMs;
  let clicked: Frame | undefined;
  for (;;) {
    for (const f of page.frames()) {
      const seen = (await f.evaluate(`window.__shown?.[${JSON.stringify(shortId)}] ?? null`).catch(() => null)) as { header?: number; stack?: number; frame?: number; html?: number } | null;
      if (!seen?.header || seen.header < 0) continue;
      if (seen.stack && seen.stack > 0) return { header: seen.header, stack: seen.stack, frame: seen.frame ?? seen.header, html: seen.html ?? seen.header };
      if (clicked !== f && (await f.evaluate("document.querySelector('#tab-event')?.getAttribute('aria-selected') === 'false'").catch(() => false))) {
        await f.evaluate("document.querySelector('#tab-event').click()").catch(() => undefined);
        clicked = f;
      }
    }
    if (Date.now() > deadline) throw new Error(`the panel of ${shortId} did not show its header and stack within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(10);
  }
}

/**
 * Clicks once the Issues view has stopped redrawing (an issue opened is marked seen, which redraws
 * its row; a click on a row being replaced runs nothing), so that every click opens its issue.
 */
async function clickIssue(page: Page, row: ReturnType<Page['locator']>): Promise<number> {
  await workbench(page).waitForRowsSettled(row, { quietMs: 2000 });
  await row.click();
  return (await page.evaluate('window.__downAt ?? 0')) as number;
}

async function issueRows(vscode: Workbench): Promise<{ row: ReturnType<Page['locator']>; shortId: string }[]> {
  const rows = vscode.sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / });
  await rows.first().waitFor({ state: 'visible', timeout: 60_000 });
  await vscode.waitForRowsSettled(rows.first());
  const out: { row: ReturnType<Page['locator']>; shortId: string }[] = [];
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const label = (await rows.nth(i).getAttribute('aria-label')) ?? '';
    const m = /^Issue (WEB-FRONTEND-\w+):/.exec(label);
    if (m) out.push({ row: vscode.sideBar.getByRole('treeitem', { name: new RegExp(`^Issue ${m[1]}: `) }).first(), shortId: m[1] });
  }
  return out;
}

export async function runOpenIssueBench(runs = 5): Promise<OpenIssueResult> {
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const sandbox = await startSandbox();
  process.env.SENTRY_EXPLORER_TEST_SANDBOX_URL = sandbox.url;
  let handle: VSCodeHandle | undefined;
  try {
    handle = await startVSCode({
      workspace: SANDBOX_WORKSPACE,
      settings: { ...UI_SETTINGS, ...sandboxSettings(sandbox), 'workbench.colorTheme': 'Default Dark Modern' },
      env: { SENTRY_EXPLORER_TEST_SANDBOX_URL: sandbox.url },
      extensionDevelopmentPath: REPO_ROOT,
    });
    const page = handle.page;
    await page.context().addInitScript(INSTRUMENT);
    // The workbench itself was loaded before the script was added: reload it so it records clicks.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await handle.waitForWorkbench();
    const vscode = workbench(page);
    await vscode.openView('Sentry');
    await signInWithToken(page, vscode);
    const rows = await issueRows(vscode);
    if (rows.length < 2 * runs + 1) throw new Error(`only ${rows.length} issues listed; ${2 * runs + 1} needed`);
    const result: OpenIssueResult = { coldHeaderMs: [], coldStackMs: [], coldFrameMs: [], coldHtmlMs: [], nextHeaderMs: [], nextStackMs: [], tabsAfterNext: 0 };
    // A first open warms what any first open pays once (the extension's first panel, the bundle in the cache).
    await vscode.runCommand('View: Close All Editors');
    const warm = rows[2 * runs];
    await clickIssue(page, warm.row);
    await timesOf(page, warm.shortId);
    for (let i = 0; i < runs; i++) {
      await vscode.runCommand('View: Close All Editors');
      await page.waitForTimeout(500);
      const { row, shortId } = rows[i];
      const t0 = await clickIssue(page, row);
      const t = await timesOf(page, shortId);
      result.coldHeaderMs.push(t.header - t0);
      result.coldStackMs.push(t.stack - t0);
      result.coldFrameMs.push(t.frame - t0);
      result.coldHtmlMs.push(t.html - t0);
    }
    await vscode.runCommand('View: Close All Editors');
    for (let i = runs; i < 2 * runs; i++) {
      await page.waitForTimeout(500);
      const { row, shortId } = rows[i];
      const t0 = await clickIssue(page, row);
      const t = await timesOf(page, shortId);
      // The first of these opens the panel the next ones follow.
      if (i === runs) continue;
      result.nextHeaderMs.push(t.header - t0);
      result.nextStackMs.push(t.stack - t0);
    }
    result.tabsAfterNext = await page.locator('.tabs-container .tab').count();
    return result;
  } catch (e) {
    await handle?.collectArtifacts('bench-open-issue').catch(() => undefined);
    throw e;
  } finally {
    await handle?.close();
    await sandbox.close();
  }
}

const ms = (xs: number[]) => round(median(xs));

/** The figures in bench/run.ts's table form. */
export async function benchOpenIssueFigures(): Promise<{ name: string; value: number; unit: string }[]> {
  const r = await runOpenIssueBench();
  return [
    { name: 'open issue (no panel open): click -> header', value: ms(r.coldHeaderMs), unit: 'ms' },
    { name: 'open issue (no panel open): click -> stack trace', value: ms(r.coldStackMs), unit: 'ms' },
    { name: 'open issue (no panel open): click -> webview frame made', value: ms(r.coldFrameMs), unit: 'ms' },
    { name: 'open issue (no panel open): click -> page HTML written (service worker ready)', value: ms(r.coldHtmlMs), unit: 'ms' },
    { name: 'open issue (a panel open): click -> header', value: ms(r.nextHeaderMs), unit: 'ms' },
    { name: 'open issue (a panel open): click -> stack trace', value: ms(r.nextStackMs), unit: 'ms' },
    { name: 'open issue: editor tabs after clicking 5 issues', value: r.tabsAfterNext, unit: '' },
  ];
}

if (require.main === module) {
  const i = process.argv.indexOf('--runs');
  runOpenIssueBench(i >= 0 ? Number(process.argv[i + 1]) : 5).then(
    (r) => {
      const line = (name: string, xs: number[]) => `  ${name}: ${ms(xs)} ms median (runs ${xs.map(round).join(', ')})`;
      process.stdout.write(
        [
          'open an issue from the Issues view:',
          line('no panel open, click -> header painted', r.coldHeaderMs),
          line('no panel open, click -> stack trace drawn', r.coldStackMs),
          line("no panel open, click -> the page's frame made by VS Code", r.coldFrameMs),
          line("no panel open, click -> the page's HTML written (VS Code's webview service worker ready)", r.coldHtmlMs),
          line('a panel open, click -> header painted', r.nextHeaderMs),
          line('a panel open, click -> stack trace drawn', r.nextStackMs),
          `  editor tabs after clicking ${r.nextHeaderMs.length + 1} issues one after the other: ${r.tabsAfterNext}`,
        ].join('\n') + '\n',
      );
    },
    (e) => {
      process.stderr.write(`${(e as Error).stack ?? e}\n`);
      process.exit(1);
    },
  );
}
