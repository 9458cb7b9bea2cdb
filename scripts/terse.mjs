// A second minifier over a production host bundle (esbuild.mjs --production): terser, after
// esbuild's own minify. Issue 44 holds each host bundle to 480 KiB; esbuild minifies each module
// on its own and leaves what only the whole bundle shows (names used once at the top level, a
// function called from one place, constants it can fold across statements), which terser's
// compressor takes out: about 5 KiB of the Node bundle. esbuild's documentation suggests this
// pairing for the last bytes; terser is the compressor webpack and Rollup ship with.
// `toplevel`: a CommonJS bundle's top level is its module scope, so names there can be mangled
// and dropped when unused (what the bundle exports goes through module.exports). The source map
// is chained: it still leads from the shipped code to src/.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Buffer } from 'node:buffer';
import { minify } from 'terser';

/** Minifies `file` (and its `.map`) in place; returns its size before and after, in bytes. */
export async function terse(file) {
  const code = readFileSync(file, 'utf8');
  const map = readFileSync(`${file}.map`, 'utf8');
  const out = await minify(code, {
    toplevel: true,
    // Two passes: the second folds what the first one's inlining exposed (about 0.8 KiB more).
    compress: { ecma: 2020, passes: 2 },
    mangle: true,
    ecma: 2020,
    format: { comments: false },
    sourceMap: { content: map, url: `${basename(file)}.map` },
  });
  writeFileSync(file, out.code);
  writeFileSync(`${file}.map`, out.map);
  return { before: Buffer.byteLength(code), after: Buffer.byteLength(out.code) };
}
