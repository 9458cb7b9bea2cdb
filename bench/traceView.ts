/**
 * Benchmark of the events page's Trace tab in headless Chromium: a trace of 10,000 spans (a root, 100
 * middleware spans, the rest beneath them, as test/sandbox/traces.ts builds its big trace) read by the
 * extension's reader and made into the tab's view on the host's side (timed in Node), then posted to
 * dist/webview.js in a plain page; measured is the time from the post to the waterfall's first paint
 * (target < 200 ms), and the DOM size. Standalone: `node --import tsx bench/traceView.ts`, after
 * `node esbuild.mjs`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTrace } from '../src/model/trace/readTrace';
import { traceView } from '../src/eventsPanel/core/traceModel';
import { launchBrowser, median, round, servePage } from './pageHarness';

const ROOT = path.resolve(__dirname, '..');
const TARGET_MS = 200;
const SPANS = 10_000;
const TRACE = 'b4d1aae7216b47ff8117cf4e09ce9d0b';
const EVENT = 'e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7';

/** The `trace/` answer of a trace of SPANS spans, its error in span 5000. */
export function bigTraceAnswer(): unknown[] {
  const t0 = 1_795_860_000;
  const span = (i: number, parent: string | null, depth: number): Record<string, unknown> => ({
    event_id: i.toString(16).padStart(16, '0'),
    event_type: 'span',
    transaction_id: 'a'.repeat(32),
    project_slug: 'web-frontend',
    parent_span_id: parent,
    start_timestamp: t0 + i / 1000,
    end_timestamp: t0 + i / 1000 + 0.005,
    duration: 5,
    op: depth === 1 ? 'middleware' : i % 2 ? 'db' : 'http.client',
    description: i % 2 ? `SELECT * FROM orders WHERE id = %s -- ${i}` : `GET https://api.example.com/v1/items/${i}`,
    is_transaction: i === 0,
    additional_attributes: i % 3 === 0 ? { 'code.filepath': 'src/app/checkout.ts', 'code.lineno': 23, 'code.function': 'computeTotal' } : {},
    children: [] as unknown[],
    errors: i === 5000 ? [{ event_id: EVENT, event_type: 'error', issue_id: 4800000007, project_slug: 'web-frontend', start_timestamp: t0 + 5.001, description: 'TypeError', level: 'error' }] : [],
    occurrences: [],
  });
  const root = span(0, null, 0);
  const middle = Array.from({ length: 100 }, (_, k) => span(k + 1, root.event_id as string, 1));
  (root.children as unknown[]).push(...middle);
  for (let i = 101; i < SPANS; i++) {
    const parent = middle[i % 100];
    (parent.children as unknown[]).push(span(i, parent.event_id as string, 2));
  }
  return [root];
}

export interface TraceViewBenchResult {
  hostMs: number;
  viewJsonChars: number;
  firstPaintMs: number;
  firstPaintRunsMs: number[];
  rowsDrawn: number;
  domNodes: number;
  targetMs: number;
}

export async function runTraceViewBench(runs = 5): Promise<TraceViewBenchResult> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'webview.js'))) throw new Error('dist/webview.js is missing: run `node esbuild.mjs` first');
  const answer = JSON.parse(JSON.stringify(bigTraceAnswer()));
  const h0 = performance.now();
  const trace = readTrace(answer, TRACE);
  const view = traceView(trace, { traceId: TRACE, eventId: EVENT, time: (1_795_860_000 + 5.001) * 1000 }, '4800000007');
  const hostMs = performance.now() - h0;
  if (view.spans !== SPANS) throw new Error(`the view has ${view.spans} spans`);
  const srv = await servePage('dark');
  const browser = await launchBrowser();
  try {
    const paints: number[] = [];
    let rowsDrawn = 0;
    let domNodes = 0;
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(srv.url);
      await page.waitForFunction(() => (window as any).__posted.some((m: any) => m.type === 'ready'));
      await page.evaluate(() =>
        window.postMessage(
          {
            type: 'init',
            version: 1,
            state: {
              v: 1,
              org: 'acme',
              issueId: '4800000007',
              issue: { id: '4800000007', shortId: 'WEB-FRONTEND-4', title: 'TypeError' },
              filters: { period: { kind: 'preset', statsPeriod: '90d' }, environments: [], query: '', full: false, sample: false },
              tab: 'trace',
            },
          },
          '*',
        ),
      );
      await page.waitForFunction(() => (window as any).__posted.some((m: any) => m.type === 'trace' && m.action === 'open'));
      await page.evaluate((v) => ((window as any).__view = v), view);
      const t = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const v = (window as any).__view;
            delete (window as any).__view;
            performance.clearMarks();
            const t0 = performance.now();
            window.postMessage({ type: 'trace', view: v }, '*');
            const check = () => {
              const painted = performance.getEntriesByName('sentry-trace-painted')[0];
              if (painted) resolve(painted.startTime - t0);
              else setTimeout(check, 2);
            };
            check();
          }),
      );
      paints.push(t);
      const dom = await page.evaluate(() => ({
        rows: document.querySelectorAll('.trace-row').length,
        nodes: document.getElementsByTagName('*').length,
        error: !!document.querySelector('.trace-row-error'),
      }));
      if (!dom.error) throw new Error('the error span is not drawn');
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
      rowsDrawn = dom.rows;
      domNodes = dom.nodes;
      await context.close();
    }
    return { hostMs: round(hostMs), viewJsonChars: view.rowsJson!.length, firstPaintMs: round(median(paints)), firstPaintRunsMs: paints.map(round), rowsDrawn, domNodes, targetMs: TARGET_MS };
  } finally {
    await browser.close();
    await srv.close();
  }
}

/** The figures in bench/run.ts's table form. */
export async function benchTraceViewFigures(): Promise<{ name: string; value: number; unit: string }[]> {
  const r = await runTraceViewBench();
  return [
    { name: `trace tab: 10,000 spans, view -> first paint (target < ${r.targetMs})`, value: r.firstPaintMs, unit: 'ms' },
    { name: 'trace tab: read + view on the host, 10,000 spans', value: r.hostMs, unit: 'ms' },
    { name: 'trace tab: rows as JSON', value: r.viewJsonChars / 1024, unit: 'KiB' },
    { name: 'trace tab: rows drawn at first', value: r.rowsDrawn, unit: 'rows' },
    { name: 'trace tab: DOM nodes', value: r.domNodes, unit: 'nodes' },
  ];
}

if (require.main === module) {
  void runTraceViewBench().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
