/**
 * scripts/codicons.mjs, which cuts the events page's icon font and stylesheet to the icons the page
 * names: read against the real @vscode/codicons files, and checked against the page's own code (a
 * fresh build of its bundle, and the icons its sources name), so an icon the page shows is never cut.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { crumbIcon } from '../../../src/eventsPanel/core/page/eventViewModel';

const ROOT = join(__dirname, '../../..');
const CSS = readFileSync(join(ROOT, 'node_modules/@vscode/codicons/dist/codicon.css'), 'utf8');

const load = () => import('../../../scripts/codicons.mjs');

/** Every .ts file below a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('scripts/codicons.mjs: the icon font cut to the icons the page names', () => {
  it('reads every icon of the real stylesheet with its code point', async () => {
    const { codiconGlyphs } = await load();
    const glyphs = codiconGlyphs(CSS);
    assert.ok(glyphs.size > 500, `${glyphs.size} icons`);
    assert.equal(glyphs.get('add'), 0xea60);
    assert.equal(glyphs.get('chevron-down'), 0xeab4);
  });

  it('keeps a name quoted in the code or after codicon-, and no word that is not an icon', async () => {
    const { codiconGlyphs, namesIn } = await load();
    const glyphs = codiconGlyphs(CSS);
    const names = namesIn('a.className=`codicon codicon-${o?"chevron-down":\'chevron-right\'}`;x("sparkle");y="not-an-icon";z=`gear`;w="codicon-pass"', glyphs);
    assert.deepEqual([...names].sort(), ['chevron-down', 'chevron-right', 'gear', 'pass', 'sparkle']);
  });

  it('the cut stylesheet keeps the font face, .codicon and the spin modifier, and one rule per kept icon', async () => {
    const { codiconGlyphs, cutStylesheet } = await load();
    const glyphs = codiconGlyphs(CSS);
    const css = cutStylesheet(CSS, new Set(['sparkle', 'add']), glyphs);
    assert.match(css, /@font-face[^}]*url\("\.\/codicon\.ttf"\)/);
    assert.match(css, /\.codicon\[class\*='codicon-'\]/);
    assert.match(css, /codicon-modifier-spin/);
    assert.deepEqual(css.match(/\.codicon-[a-z0-9-]+:before/g), ['.codicon-add:before', '.codicon-sparkle:before']);
  });

  it("a build keeps every icon the page's sources name, and cuts the font and stylesheet to a fraction", async function () {
    this.timeout(60_000);
    const { writeCodicons } = await load();
    const out = mkdtempSync(join(tmpdir(), 'codicons-'));
    try {
      await esbuild.build({
        entryPoints: [join(ROOT, 'src/eventsPanel/core/page/main.ts')],
        outfile: join(out, 'webview.js'),
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        logLevel: 'silent',
      });
      const cut = await writeCodicons(out);
      const css = readFileSync(join(out, 'codicon.css'), 'utf8');
      const kept = new Set([...css.matchAll(/\.codicon-([a-z0-9-]+):before/g)].map((m) => m[1]));
      // The page's icons as its sources name them: `icon: 'x'`, `icon('x')`, and the breadcrumb types' icons.
      const named = new Set<string>();
      for (const file of sources(join(ROOT, 'src/eventsPanel/core/page'))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/\bicon(?::\s*|\(\s*)'([a-z0-9-]+)'/g)) named.add(m[1]);
      }
      for (const type of ['http', 'navigation', 'query', 'ui', 'user', 'error', 'debug', 'info', 'transaction', 'default']) {
        named.add(crumbIcon(type));
        named.add(crumbIcon(type, 'console'));
      }
      named.add('chevron-down').add('chevron-right');
      assert.ok(named.size > 20, `${named.size} icons named`);
      const missing = [...named].filter((n) => !kept.has(n));
      assert.deepEqual(missing, [], 'icons the page shows that the cut font lacks');
      assert.ok(cut.icons < cut.of / 4, `${cut.icons} of ${cut.of} icons kept`);
      assert.ok(cut.fontBytes < 40_000, `${cut.fontBytes} bytes of font`);
      assert.ok(css.length < 10_000, `${css.length} bytes of stylesheet`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
