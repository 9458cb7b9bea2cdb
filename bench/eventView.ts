/**
 * Benchmark of the events page's Event tab (issue 13) in headless Chromium: dist/webview.js in a plain
 * HTML page with a stub `acquireVsCodeApi`, the host's part played by this script. The page is
 * initialised on the Event tab, its `event` request is answered with the detail of a big synthetic
 * event (bench/bigEvent.ts through src/eventDetail/parse.ts: 3 chained exceptions, ~200 frames with
 * variables, 500 breadcrumbs; about 2 MB as JSON), and measured:
 *   - time from posting the answer to the first paint of the event (median of runs; target < 200 ms),
 *   - the page's JS heap after GC, the DOM element count, and the detail JSON's size.
 * Standalone: `node --import tsx bench/eventView.ts [--runs N] [--screenshot file.png] [--theme dark|light|hc]
 * [--height px] [--section breadcrumbs] [--interact] [--detail detail.json]` (`--section` scrolls to that
 * section's heading before the screenshot; `--interact` first opens the first Variables and run of system
 * frames and reveals a masked value; `--detail` shows an EventDetail from a file instead of the big event).
 * Needs `node esbuild.mjs` first (it builds dist/webview.js and copies the codicons to dist/).
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { encodeDetail, type EventDetail } from '../src/contracts/eventDetail';
import { parseEventDetail } from '../src/eventDetail/parse';
import { bigRawEvent } from './bigEvent';

const ROOT = path.resolve(__dirname, '..');
const TARGET_MS = 200;
const ISSUE_ID = '4800000007';

export type Theme = 'dark' | 'light' | 'hc';

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

// The --vscode-* variables a webview gets from its theme (a minimal set: what the page and the
// @vscode-elements it uses read), per theme, with the body class VS Code sets.
const THEMES: Record<Theme, { bodyClass: string; vars: Record<string, string> }> = {
  dark: {
    bodyClass: 'vscode-dark',
    vars: {
      foreground: '#cccccc',
      'editor-background': '#1f1f1f',
      descriptionForeground: '#9d9d9d',
      'panel-border': '#2b2b2b',
      'widget-border': '#313131',
      'badge-background': '#616161',
      'badge-foreground': '#f8f8f8',
      focusBorder: '#0078d4',
      'textLink-foreground': '#4daafc',
      'textLink-activeForeground': '#4daafc',
      'list-hoverBackground': '#2a2d2e',
      'list-inactiveSelectionBackground': '#37373d',
      errorForeground: '#f85149',
      'progressBar-background': '#0078d4',
      'editorWidget-background': '#202020',
      'button-background': '#0078d4',
      'button-foreground': '#ffffff',
      'button-hoverBackground': '#026ec1',
      'button-border': '#ffffff12',
      'button-secondaryBackground': '#313131',
      'button-secondaryForeground': '#cccccc',
      'button-secondaryHoverBackground': '#3c3c3c',
      'editorWarning-foreground': '#cca700',
      'editorInfo-foreground': '#3794ff',
      'textCodeBlock-background': '#2b2b2b',
      'textBlockQuote-background': '#2b2b2b',
      'editor-lineHighlightBackground': '#2a2a2a',
      'editor-stackFrameHighlightBackground': '#ffff0033',
      'editorLineNumber-foreground': '#6e7681',
      'panelTitle-activeForeground': '#cccccc',
      'panelTitle-inactiveForeground': '#9d9d9d',
      'panelTitle-activeBorder': '#0078d4',
      'toolbar-hoverBackground': '#5a5d5e50',
      'icon-foreground': '#cccccc',
      'input-background': '#313131',
      'input-foreground': '#cccccc',
      'input-border': '#3c3c3c',
      'input-placeholderForeground': '#989898',
      'dropdown-background': '#313131',
      'dropdown-foreground': '#cccccc',
      'dropdown-border': '#3c3c3c',
      'checkbox-background': '#313131',
      'checkbox-foreground': '#cccccc',
      'checkbox-border': '#3c3c3c',
      'inputValidation-errorBackground': '#5a1d1d',
      'inputValidation-errorBorder': '#be1100',
      'testing-iconPassed': '#73c991',
      'editor-findMatchHighlightBackground': '#ea5c0055',
      'inputOption-activeBackground': '#2489db82',
      'inputOption-activeBorder': '#2488db',
      'scrollbarSlider-background': '#79797966',
    },
  },
  light: {
    bodyClass: 'vscode-light',
    vars: {
      foreground: '#3b3b3b',
      'editor-background': '#ffffff',
      descriptionForeground: '#717171',
      'panel-border': '#e5e5e5',
      'widget-border': '#e5e5e5',
      'badge-background': '#cccccc',
      'badge-foreground': '#3b3b3b',
      focusBorder: '#005fb8',
      'textLink-foreground': '#005fb8',
      'textLink-activeForeground': '#005fb8',
      'list-hoverBackground': '#f2f2f2',
      'list-inactiveSelectionBackground': '#e4e6f1',
      errorForeground: '#e51400',
      'progressBar-background': '#005fb8',
      'editorWidget-background': '#f8f8f8',
      'button-background': '#005fb8',
      'button-foreground': '#ffffff',
      'button-hoverBackground': '#0258a8',
      'button-border': '#0000001a',
      'button-secondaryBackground': '#e5e5e5',
      'button-secondaryForeground': '#3b3b3b',
      'button-secondaryHoverBackground': '#cccccc',
      'editorWarning-foreground': '#bf8803',
      'editorInfo-foreground': '#1a85ff',
      'textCodeBlock-background': '#f2f2f2',
      'textBlockQuote-background': '#f8f8f8',
      'editor-lineHighlightBackground': '#f2f2f2',
      'editor-stackFrameHighlightBackground': '#ffff6673',
      'editorLineNumber-foreground': '#6e7681',
      'panelTitle-activeForeground': '#3b3b3b',
      'panelTitle-inactiveForeground': '#717171',
      'panelTitle-activeBorder': '#005fb8',
      'toolbar-hoverBackground': '#b8b8b850',
      'icon-foreground': '#424242',
      'input-background': '#ffffff',
      'input-foreground': '#3b3b3b',
      'input-border': '#cecece',
      'input-placeholderForeground': '#767676',
      'dropdown-background': '#ffffff',
      'dropdown-foreground': '#3b3b3b',
      'dropdown-border': '#cecece',
      'checkbox-background': '#f8f8f8',
      'checkbox-foreground': '#3b3b3b',
      'checkbox-border': '#cecece',
      'inputValidation-errorBackground': '#f2dede',
      'inputValidation-errorBorder': '#be1100',
      'testing-iconPassed': '#388a34',
      'editor-findMatchHighlightBackground': '#ea5c0055',
      'inputOption-activeBackground': '#bed6ed',
      'inputOption-activeBorder': '#005fb8',
      'scrollbarSlider-background': '#64646466',
    },
  },
  hc: {
    bodyClass: 'vscode-high-contrast',
    vars: {
      foreground: '#ffffff',
      'editor-background': '#000000',
      descriptionForeground: '#ffffff',
      contrastBorder: '#6fc3df',
      contrastActiveBorder: '#f38518',
      'panel-border': '#6fc3df',
      'widget-border': '#6fc3df',
      'badge-background': '#000000',
      'badge-foreground': '#ffffff',
      focusBorder: '#f38518',
      'textLink-foreground': '#21a6ff',
      'textLink-activeForeground': '#21a6ff',
      'list-hoverBackground': '#000000',
      errorForeground: '#f48771',
      'progressBar-background': '#6fc3df',
      'editorWidget-background': '#0c141f',
      'button-background': '#000000',
      'button-foreground': '#ffffff',
      'button-border': '#6fc3df',
      'button-secondaryBackground': '#000000',
      'button-secondaryForeground': '#ffffff',
      'editorWarning-foreground': '#ffd700',
      'editorInfo-foreground': '#3794ff',
      'textCodeBlock-background': '#000000',
      'editor-lineHighlightBorder': '#f38518',
      'editor-stackFrameHighlightBackground': '#ffff0033',
      'editorLineNumber-foreground': '#ffffff',
      'panelTitle-activeForeground': '#ffffff',
      'panelTitle-inactiveForeground': '#ffffff',
      'panelTitle-activeBorder': '#6fc3df',
      'icon-foreground': '#ffffff',
      'input-background': '#000000',
      'input-foreground': '#ffffff',
      'input-border': '#6fc3df',
      'input-placeholderForeground': '#ffffffb3',
      'dropdown-background': '#000000',
      'dropdown-foreground': '#ffffff',
      'dropdown-border': '#6fc3df',
      'checkbox-background': '#000000',
      'checkbox-foreground': '#ffffff',
      'checkbox-border': '#6fc3df',
      'inputValidation-errorBackground': '#000000',
      'inputValidation-errorBorder': '#f48771',
      'testing-iconPassed': '#73c991',
      'editor-findMatchHighlightBackground': '#000000',
      'inputOption-activeBorder': '#6fc3df',
      'scrollbarSlider-background': '#6fc3df99',
    },
  },
};

function themeCss(theme: Theme): string {
  const v = THEMES[theme].vars;
  const base: Record<string, string> = {
    'font-family': 'system-ui, sans-serif',
    'font-size': '13px',
    'font-weight': 'normal',
    'editor-font-family': 'monospace',
    'editor-font-size': '12px',
  };
  // The settings editor's colours, which @vscode-elements read for inputs, follow the input colours.
  const settings: Record<string, string> = {
    'settings-textInputBackground': v['input-background'],
    'settings-textInputForeground': v['input-foreground'],
    'settings-textInputBorder': v['input-border'],
    'settings-dropdownBackground': v['dropdown-background'],
    'settings-dropdownForeground': v['dropdown-foreground'],
    'settings-dropdownBorder': v['dropdown-border'],
    'settings-dropdownListBorder': v['dropdown-border'],
    'settings-checkboxBackground': v['checkbox-background'],
    'settings-checkboxForeground': v['checkbox-foreground'],
    'settings-checkboxBorder': v['checkbox-border'],
    'list-activeSelectionBackground': v['button-background'] === '#000000' ? '#000000' : v['button-background'],
    'list-activeSelectionForeground': v['button-foreground'],
  };
  const all = { ...base, ...settings, ...v };
  return `:root{${Object.entries(all)
    .map(([k, v]) => `--vscode-${k}:${v}`)
    .join(';')}}`;
}

function serve(theme: Theme): Promise<{ url: string; close: () => Promise<void> }> {
  const page = `<!DOCTYPE html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/dist/codicon.css" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="/media/webview.css">
<style>${themeCss(theme)}</style>
<script>
  window.__name = (f) => f; // tsx keeps function names with a helper the page does not have
  window.__posted = [];
  let saved;
  window.acquireVsCodeApi = () => ({
    postMessage: (m) => window.__posted.push(m),
    getState: () => saved,
    setState: (s) => { saved = s; },
  });
</script></head>
<body class="${THEMES[theme].bodyClass}" data-vscode-theme-kind="${THEMES[theme].bodyClass}"><div id="app"></div><script src="/dist/webview.js"></script></body></html>`;
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.map': 'application/json' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
      return;
    }
    const rel = path.normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, '');
    if (!/^(dist|media)[/\\]/.test(rel)) {
      res.writeHead(404).end();
      return;
    }
    const file = path.join(ROOT, rel);
    fs.readFile(file, (err, data) => {
      if (err) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(data);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

/** The big event as the host would send it: parsed (and masked) by src/eventDetail/parse.ts. */
export function bigEventDetail(): { detail: EventDetail; rawJsonChars: number } {
  const raw = bigRawEvent();
  const { detail } = parseEventDetail(raw, ISSUE_ID);
  return { detail, rawJsonChars: JSON.stringify(raw).length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;

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
  const req = await page.waitForFunction(() => (window as any).__posted.find((m: any) => m.type === 'request' && m.method === 'reveal'));
  const { id } = (await req.jsonValue()) as { id: number };
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
  const srv = await serve(theme);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-precise-memory-info'],
  });
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
      const req = await page.waitForFunction(() => (window as any).__posted.find((m: any) => m.type === 'request' && m.method === 'event'));
      const { id } = (await req.jsonValue()) as { id: number };
      await page.waitForTimeout(200);
      await cdp.send('HeapProfiler.collectGarbage');
      const before = (await cdp.send('Runtime.getHeapUsage')).usedSize;
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
      await cdp.send('HeapProfiler.collectGarbage');
      const after = (await cdp.send('Runtime.getHeapUsage')).usedSize;
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

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

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
