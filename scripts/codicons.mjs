// The events page's icon font, cut to the icons the page can show. @vscode/codicons ships 650 icons
// in a 126 KB font (61 KB of the .vsix, more than any file but the bundles) and a 34 KB stylesheet;
// the page shows a few dozen. Every codicon name that appears as a string in the page's bundle
// (dist/webview.js: its own code and @vscode-elements') is kept, so a name the code builds from
// literals (`codicon-${open ? 'chevron-down' : 'chevron-right'}`) is kept too; a word that only
// happens to be an icon's name costs a glyph, never a missing icon. Font cut with subset-font
// (HarfBuzz's subsetter, the one browsers' font tools use), run at build time only.
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

const DIST = 'node_modules/@vscode/codicons/dist';

/** Every icon of the stylesheet: name -> its rule's code point (`.codicon-add:before { content: "\ea60" }`). */
export function codiconGlyphs(css) {
  const glyphs = new Map();
  for (const m of css.matchAll(/\.codicon-([a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)"\s*\}/g)) glyphs.set(m[1], parseInt(m[2], 16));
  return glyphs;
}

/** The icon names that appear as quoted strings, or after `codicon-`, in `code`. */
export function namesIn(code, glyphs) {
  const names = new Set();
  for (const re of [/["'`]([a-z0-9-]+)["'`]/g, /codicon-([a-z0-9-]+)/g]) for (const m of code.matchAll(re)) if (glyphs.has(m[1])) names.add(m[1]);
  return names;
}

/** The stylesheet's rules up to the first icon (the font face, `.codicon`, the spin modifier), then one rule per kept icon. */
export function cutStylesheet(css, names, glyphs) {
  const head = css.slice(0, css.search(/\.codicon-[a-z0-9-]+:before/));
  const rules = [...names].sort().map((n) => `.codicon-${n}:before { content: "\\${glyphs.get(n).toString(16)}" }`);
  return `${head.replace(/codicon\.ttf\?[0-9a-f]+/, 'codicon.ttf')}${rules.join('\n')}\n`;
}

/** Writes outdir/codicon.css and outdir/codicon.ttf with the icons named in outdir/webview.js. */
export async function writeCodicons(outdir) {
  const css = readFileSync(`${DIST}/codicon.css`, 'utf8');
  const glyphs = codiconGlyphs(css);
  const names = namesIn(readFileSync(`${outdir}/webview.js`, 'utf8'), glyphs);
  const font = await subsetFont(readFileSync(`${DIST}/codicon.ttf`), String.fromCodePoint(...[...names].map((n) => glyphs.get(n))), { targetFormat: 'truetype' });
  writeFileSync(`${outdir}/codicon.ttf`, font);
  writeFileSync(`${outdir}/codicon.css`, cutStylesheet(css, names, glyphs));
  return { icons: names.size, of: glyphs.size, fontBytes: font.length };
}
