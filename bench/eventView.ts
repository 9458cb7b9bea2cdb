/**
 * Benchmark of the events page's Event tab in headless Chromium, so a slow or heavy event view shows
 * in numbers: dist/webview.js in a plain HTML page, this script playing the host, answers with a big
 * synthetic event (bench/bigEvent.ts, about 2 MB as JSON); measured are the time to its first paint
 * (target < 200 ms), the JS heap and the DOM size. Standalone: `node --import tsx bench/eventView.ts
 * [--runs N] [--screenshot file.png] [--theme dark|light|hc] [--height px] [--section name] [--interact]
 * [--detail detail.json] [--json]` (EventViewBenchOptions says what each does), after `node esbuild.mjs`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { encodeDetail, type EventDetail } from '../src/model/event/types';
import { parseEventDetail } from '../src/model/event/parse';
import { bigRawEvent } from './bigEvent';
import { heapAfterGc, launchBrowser, mb, median, pageRequestId, round, servePage, type Theme } from './pageHarness';

export type { Theme };

const ROOT = path.resolve(__dirname, '..');
const TARGET_MS = 200;
const ISSUE_ID = '4800000007';

export interface EventViewBenchOptions {
  runs?: number;
  screenshot?: string;
  theme?: Theme;
  /** Viewport height for the screenshot run (the tab scrolls inside the viewport). */
  height?: number;
  /** Scroll to this section (`exception`, `breadcrumbs`, `request`, …) before the screenshot. */
  section?: string;
  /** An EventDetail to show instead of the big synthetic event. */
  detail?: EventDetail;
  /** Before the screenshot: open the first Variables, the first run of system frames and the first Reveal. */
  interact?: boolean;
}

export interface EventViewBenchResult {
  /** The detail as it crosses to the page (the `detailJson` string), in characters. */
  detailJsonChars: number;
  /** The raw event the detail was parsed from, as JSON, in characters (0 with `detail`). */
  rawJsonChars: number;
  /** From posting the answer to the first paint of the event (median of runs), ms. */
  firstPaintMs: number;
  firstPaintRunsMs: number[];
  /** From the page receiving the answer (after deserialisation) to the paint, ms. */
  renderMs: number;
  /** From posting the answer until what waits for the first paint (lower sections, frames' code) is drawn too (median), ms. */
  completeMs: number;
  targetMs: number;
  /** JS heap used after GC, before the answer and with the event shown, bytes. */
  heapBeforeBytes: number;
  heapAfterBytes: number;
  domNodes: number;
  /** Breadcrumb rows and frames drawn at first (the rest wait for a click). */
  crumbRows: number;
  framesDrawn: number;
}

/** The big event as the host would send it: parsed (and masked) by src/model/event/parse.ts. */
export function bigEventDetail(): { detail: EventDetail; rawJsonChars: number } {
  const raw = bigRawEvent();
  const { detail } = parseEventDetail(raw, ISSUE_ID);
  return { detail, rawJsonChars: JSON.stringify(raw).length };
}

/** The host's side of the handshake and of the Events tab's first requests (answered empty). */
async function initPage(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as any).__posted.some((m: any) => m.type === 'ready'));
  await page.evaluate((issueId) => {
    const now = Date.now();
    window.postMessage(
      {
        type: 'init',
        version: 1,
        state: {
          v: 1,
          org: 'acme',
          issueId,
          issue: {
            id: issueId,
            shortId: 'WEB-FRONTEND-4',
            title: "TypeError: Cannot read properties of undefined (reading 'total')",
            culprit: 'computeTotal(src/app/checkout)',
            level: 'error',
            status: 'unresolved',
            count: '2400',
            userCount: 500,
            assignee: null,
            isBookmarked: false,
            firstSeen: new Date(now - 80 * 864e5).toISOString(),
            lastSeen: new Date(now - 60_000).toISOString(),
          },
          filters: { period: { kind: 'preset', statsPeriod: '90d' }, environments: [], query: '', full: false, sample: false },
          tab: 'event',
        },
      },
      '*',
    );
  }, ISSUE_ID);
  await page.waitForFunction(() => (window as any).__posted.some((m: any) => m.type === 'request' && m.method === 'event'));
  await page.evaluate(() => {
    for (const m of (window as any).__posted) {
      if (m.type !== 'request') continue;
      if (m.method === 'events') window.postMessage({ type: 'response', id: m.id, method: 'events', ok: true, result: { eventsJson: '[]', count: 0 } }, '*');
      if (m.method === 'tag')
        window.postMessage(
          { type: 'response', id: m.id, method: 'tag', ok: true, result: { key: m.params.key, uniqueValues: 1, totalValues: 1, topValues: [{ value: 'production', count: 1 }] } },
          '*',
        );
    }
  });
}

/** Opens what is folded (first Variables, first run of system frames) and reveals the first masked value. */
async function interact(page: Page): Promise<void> {
  await page.locator('.frame-vars .disclosure-toggle').first().click();
  await page.locator('.system-run button').first().click();
  await page.locator('.ev-request .reveal, .reveal').first().click();
  const id = await pageRequestId(page, 'reveal');
  await page.evaluate((id) => window.postMessage({ type: 'response', id, method: 'reveal', ok: true, result: { value: 'Bearer revealed-by-the-bench' } }, '*'), id);
  await page.waitForSelector('.revealed');
  await page.evaluate(() => (document.getElementById('event-scroll')!.scrollTop = 0));
}

export async function runEventViewBench(opts: EventViewBenchOptions = {}): Promise<EventViewBenchResult> {
  const runs = opts.runs ?? 5;
  const theme = opts.theme ?? 'dark';
  const bundle = path.join(ROOT, 'dist', 'webview.js');
  if (!fs.existsSync(bundle)) throw new Error('dist/webview.js is missing: run `node esbuild.mjs` first');
  const { detail, rawJsonChars } = opts.detail ? { detail: opts.detail, rawJsonChars: 0 } : bigEventDetail();
  const detailJson = encodeDetail(detail);
  const srv = await servePage(theme);
  const browser = await launchBrowser();
  try {
    const paints: number[] = [];
    const renders: number[] = [];
    const completes: number[] = [];
    let last: Omit<EventViewBenchResult, 'firstPaintMs' | 'firstPaintRunsMs' | 'renderMs' | 'completeMs'> | undefined;
    for (let run = 0; run < runs; run++) {
      const shooting = !!opts.screenshot && run === runs - 1;
      const context = await browser.newContext({ viewport: { width: 1200, height: shooting ? (opts.height ?? 900) : 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      if (process.env.BENCH_DEBUG) page.on('console', (m) => console.log('page:', m.text()));
      const cdp = await context.newCDPSession(page);
      await page.goto(srv.url);
      await initPage(page);
      const id = await pageRequestId(page, 'event');
      await page.waitForTimeout(200);
      const before = await heapAfterGc(cdp);
      // Stage the answer as the host makes it (one JSON string), so that making it is not measured.
      await page.evaluate((json) => ((window as any).__detailJson = json), detailJson);
      await cdp.send('HeapProfiler.collectGarbage');
      const t = await page.evaluate(
        (id) =>
          new Promise<{ total: number; render: number; complete: number }>((resolve) => {
            const detailJson = (window as any).__detailJson as string;
            delete (window as any).__detailJson;
            performance.clearMarks();
            const t0 = performance.now();
            window.postMessage({ type: 'response', id, method: 'event', ok: true, result: { detailJson } }, '*');
            const check = () => {
              const painted = performance.getEntriesByName('sentry-event-painted')[0];
              const received = performance.getEntriesByName('sentry-event-received')[0];
              const complete = performance.getEntriesByName('sentry-event-complete')[0];
              if (painted && received && complete) resolve({ total: painted.startTime - t0, render: painted.startTime - received.startTime, complete: complete.startTime - t0 });
              else setTimeout(check, 5);
            };
            check();
          }),
        id,
      );
      paints.push(t.total);
      renders.push(t.render);
      completes.push(t.complete);
      await page.waitForTimeout(300);
      const after = await heapAfterGc(cdp);
      const dom = await page.evaluate(() => ({
        nodes: document.getElementsByTagName('*').length,
        crumbs: document.querySelectorAll('.crumbs tbody tr').length,
        frames: document.querySelectorAll('.ev-frame').length,
        title: document.querySelector('.ev-title')?.textContent ?? '',
      }));
      if (dom.title !== detail.title) throw new Error(`the Event tab does not show the event: "${dom.title}"`);
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
      if (shooting) {
        await page.waitForFunction(() => performance.getEntriesByName('sentry-event-complete').length > 0);
        if (opts.interact) await interact(page);
        if (opts.section) {
          await page.evaluate((s) => document.getElementById(`ev-h-${s}`)?.scrollIntoView({ block: 'start' }), opts.section);
        }
        await page.waitForTimeout(200);
        await page.screenshot({ path: opts.screenshot! });
      }
      last = {
        detailJsonChars: detailJson.length,
        rawJsonChars,
        targetMs: TARGET_MS,
        heapBeforeBytes: before,
        heapAfterBytes: after,
        domNodes: dom.nodes,
        crumbRows: dom.crumbs,
        framesDrawn: dom.frames,
      };
      await context.close();
    }
    return { ...last!, firstPaintMs: round(median(paints)), firstPaintRunsMs: paints.map(round), renderMs: round(median(renders)), completeMs: round(median(completes)) };
  } finally {
    await browser.close();
    await srv.close();
  }
}

/** The figures in bench/run.ts's table form. */
export async function benchEventViewFigures(): Promise<{ name: string; value: number; unit: string }[]> {
  const r = await runEventViewBench();
  const size = `${(r.detailJsonChars / 1024 / 1024).toFixed(1)} MB`;
  return [
    { name: `event view: data -> first paint, ${size} (target < ${r.targetMs})`, value: r.firstPaintMs, unit: 'ms' },
    { name: 'event view: render alone', value: r.renderMs, unit: 'ms' },
    { name: 'event view: data -> every section drawn', value: r.completeMs, unit: 'ms' },
    { name: 'event view: JS heap with the event', value: r.heapAfterBytes / 1024 / 1024, unit: 'MiB' },
    { name: 'event view: JS heap added by the event', value: (r.heapAfterBytes - r.heapBeforeBytes) / 1024 / 1024, unit: 'MiB' },
    { name: 'event view: DOM elements with the event shown', value: r.domNodes, unit: '' },
    { name: 'event view: detail JSON', value: r.detailJsonChars / 1024, unit: 'KiB' },
  ];
}

export function describeEventViewBench(r: EventViewBenchResult): string {
  return [
    `event view: detail JSON ${r.detailJsonChars.toLocaleString('en')} chars${r.rawJsonChars ? ` (raw event ${r.rawJsonChars.toLocaleString('en')})` : ''}:`,
    `  data -> first paint: ${r.firstPaintMs} ms median (runs ${r.firstPaintRunsMs.join(', ')}; render alone ${r.renderMs} ms); target < ${r.targetMs} ms: ${r.firstPaintMs < r.targetMs ? 'met' : 'MISSED'}`,
    `  every section drawn (the rest after the first paint, in slices): ${r.completeMs} ms median`,
    `  JS heap: ${mb(r.heapBeforeBytes)} before, ${mb(r.heapAfterBytes)} with the event (+${mb(r.heapAfterBytes - r.heapBeforeBytes)}); ${r.domNodes} DOM elements (${r.framesDrawn} frames, ${r.crumbRows} breadcrumb rows drawn)`,
  ].join('\n');
}

if (require.main === module) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const theme = arg('--theme') ?? 'dark';
  if (theme !== 'dark' && theme !== 'light' && theme !== 'hc') throw new Error('--theme dark|light|hc');
  const detailFile = arg('--detail');
  runEventViewBench({
    runs: arg('--runs') ? Number(arg('--runs')) : undefined,
    screenshot: arg('--screenshot'),
    theme,
    height: arg('--height') ? Number(arg('--height')) : undefined,
    section: arg('--section'),
    detail: detailFile ? (JSON.parse(fs.readFileSync(detailFile, 'utf8')) as EventDetail) : undefined,
    interact: process.argv.includes('--interact'),
  }).then(
    (r) => {
      process.stdout.write(`${describeEventViewBench(r)}\n`);
      if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(r)}\n`);
    },
    (e) => {
      process.stderr.write(`${(e as Error).stack ?? e}\n`);
      process.exit(1);
    },
  );
}
