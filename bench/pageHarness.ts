/**
 * What the page benchmarks share: a static server for dist/webview.js in a plain HTML page with a
 * stub `acquireVsCodeApi` (what the page posts collects in `window.__posted`), the --vscode-*
 * variables of a theme, the Chromium they run in, and the figures' arithmetic.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

const ROOT = path.resolve(__dirname, '..');

export type Theme = 'dark' | 'light' | 'hc';

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

export function themeCss(theme: Theme): string {
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

export function servePage(theme: Theme): Promise<{ url: string; close: () => Promise<void> }> {
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

/** Headless Chromium as the benchmarks run it (precise memory figures, nothing in the background). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-precise-memory-info'],
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const round = (x: number) => Math.round(x * 10) / 10;
export const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

/** The id of the page's first request of `method`, once it has posted it (see `window.__posted`). */
export async function pageRequestId(page: Page, method: string): Promise<number> {
  const req = await page.waitForFunction((m) => (window as any).__posted.find((x: any) => x.type === 'request' && x.method === m), method);
  return ((await req.jsonValue()) as { id: number }).id;
}

/** The page's used JavaScript heap, in bytes, right after a garbage collection. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}
