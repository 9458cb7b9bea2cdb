// Makes the Marketplace icon (media/icon.png, 128×128) from the view's glyph (media/sentry.svg):
// the glyph, in white, on a rounded square of the gallery banner's colour. Run `npm run icon`
// after changing the glyph and commit the PNG (vsce takes a PNG, not an SVG, for the icon).
// @resvg/resvg-js renders the SVG: a maintained Rust renderer with prebuilt binaries, no browser
// or system library needed.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const background = manifest.galleryBanner.color;
const glyph = readFileSync(join(root, 'media/sentry.svg'), 'utf8');
// The glyph's shapes, without its <svg> element and comments, drawn at 4× around the centre.
const shapes = glyph
  .replace(/<!--[\s\S]*?-->/g, '')
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>[\s\S]*$/, '')
  .replaceAll('currentColor', '#ffffff');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <rect width="128" height="128" rx="24" fill="${background}"/>
  <g transform="translate(16 16) scale(4)" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${shapes}</g>
</svg>`;
const png = new Resvg(svg, { fitTo: { mode: 'width', value: 128 } }).render().asPng();
writeFileSync(join(root, 'media/icon.png'), png);
console.log(`media/icon.png: 128×128, ${png.length} bytes`);
