// The README is the Marketplace page: rendered the way the Marketplace renders it (markdown-it, as
// vsce packages it, images beside it), looked at in Chromium like the rest of the UI.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { check, UI_RESULTS_DIR } from './framework';

const ROOT = path.join(__dirname, '..', '..');

const STYLE = `body { font: 14px/1.6 "Segoe UI", system-ui, sans-serif; color: #1e1e1e; background: #fff; margin: 0; }
main { max-width: 960px; margin: 24px auto; padding: 0 24px; }
img { max-width: 100%; border: 1px solid #ddd; }
pre { background: #f3f3f3; padding: 8px 12px; overflow: auto; }
code { font-family: Consolas, monospace; }
table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 2px 8px; }`;

check('the README renders as the Marketplace page: its three pictures, install, sign-in, version and the two commands', async ({ page }) => {
  const MarkdownIt = (await import('markdown-it' as string)).default as new () => { render(s: string): string };
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const engine = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { vscode: string } }).engines.vscode;
  // Beside README.md, so its relative image paths resolve as they do in the packaged extension.
  const file = path.join(ROOT, '.readme-rendered.html');
  fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><style>${STYLE}</style><main>${new MarkdownIt().render(readme)}</main>`);
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to open a page in');
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const tab = await context.newPage();
  try {
    await tab.goto(pathToFileURL(file).href);
    await tab.waitForLoadState('load');
    const images = await tab.$$eval('img', (imgs) => imgs.map((i) => ({ src: i.getAttribute('src') ?? '', alt: i.alt, width: i.naturalWidth, height: i.naturalHeight })));
    if (images.length !== 3) throw new Error(`${images.length} pictures, not 3`);
    for (const i of images) {
      if (!i.src.startsWith('docs/images/')) throw new Error(`a picture outside docs/images: ${i.src}`);
      if (i.width < 600 || i.height < 500) throw new Error(`${i.src} did not load (${i.width}×${i.height})`);
      if (i.alt.length < 40) throw new Error(`${i.src} has no description a screen reader can read: "${i.alt}"`);
    }
    // The pictures open the page: nothing but the name and the one paragraph before them.
    const before = await tab.$$eval('main > *', (els) => els.findIndex((e) => e.querySelector('img')));
    if (before > 2) throw new Error(`the first picture is element ${before} of the page`);
    const headings = await tab.$$eval('h2', (hs) => hs.map((h) => h.textContent ?? ''));
    for (const h of ['Install', 'Sign in, in three steps', 'What it does', 'Try it and develop it']) if (!headings.includes(h)) throw new Error(`no "${h}" section: ${headings.join(' | ')}`);
    if (headings.indexOf('Try it and develop it') !== headings.length - 1) throw new Error('"Try it and develop it" is not the last section');
    const text = (await tab.textContent('main')) ?? '';
    const version = engine.replace(/^\^/, '').replace(/\.0$/, '');
    if (!text.includes(`VS Code ${version} or newer`)) throw new Error(`the minimum VS Code version (${version}) is not said`);
    const blocks = await tab.$$eval('pre', (ps) => ps.map((p) => p.textContent?.trim() ?? ''));
    for (const c of ['npm ci && npm run demo', 'npm ci && npm test']) if (!blocks.includes(c)) throw new Error(`no one-line block "${c}"`);
    if (!text.includes('CONTRIBUTING.md')) throw new Error('the README does not point to CONTRIBUTING.md');
    fs.mkdirSync(UI_RESULTS_DIR, { recursive: true });
    await tab.screenshot({ path: path.join(UI_RESULTS_DIR, 'readme-rendered.png'), fullPage: true });
    await tab.screenshot({ path: path.join(UI_RESULTS_DIR, 'readme-rendered-top.png') });
  } finally {
    await context.close();
    fs.rmSync(file, { force: true });
  }
});
