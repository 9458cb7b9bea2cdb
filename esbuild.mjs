// Builds the extension's two bundles, one per extension host (dist/extension.js for Node,
// dist/web/extension.js for the browser's web worker, see hostBundles.mjs), and the events page's bundle.
// Usage: node esbuild.mjs [--production] [--watch] [--test-hooks] [--outdir <dir>]
// --test-hooks: the extension-host suites' build (test/harness/build.ts passes it, nothing else
// does): activate() publishes its internals for them (src/testHooks.ts). Without it that code is
// dropped from the bundle. --outdir: where the bundles go (default dist/).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { nodeBundleOptions, noNodeBuiltins, webBundleOptions } from './hostBundles.mjs';
import { writeCodicons } from './scripts/codicons.mjs';
import { terse } from './scripts/terse.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const testHooks = process.argv.includes('--test-hooks');
const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt > 0 ? process.argv[outdirAt + 1] : 'dist';
if (!outdir) throw new Error('--outdir needs a directory');

/** @type {import('esbuild').BuildOptions[]} */
const builds = [nodeBundleOptions({ outdir, production, testHooks }), webBundleOptions({ outdir, production, testHooks })];
builds.push({
  entryPoints: ['src/eventsPanel/core/page/main.ts'],
  outfile: `${outdir}/webview.js`,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  // The page runs in the webview: no Node there either.
  plugins: [noNodeBuiltins],
  sourcemap: true,
  sourcesContent: false,
  minify: production,
  logLevel: 'info',
});

// The events page's icon font: codicon.css and its font beside the page bundle (localResourceRoots:
// dist/, media/). A build cuts them to the icons the page names (scripts/codicons.mjs); watch keeps
// them whole, as the page's code changes under it.
mkdirSync(outdir, { recursive: true });
const wholeCodicons = () => {
  for (const f of ['codicon.css', 'codicon.ttf']) copyFileSync(`node_modules/@vscode/codicons/dist/${f}`, `${outdir}/${f}`);
};

/**
 * esbuild says "build finished" once per bundle, so a task waiting for that line could start the
 * development host before dist/extension.js exists. This says "[watch] all bundles built" once
 * every bundle has been built and none is being rebuilt (.vscode/tasks.json waits for it).
 */
function allBuilt(count) {
  const building = new Set();
  const built = new Set();
  return (index) => ({
    name: 'all-bundles-built',
    setup(build) {
      build.onStart(() => {
        if (building.size === 0) console.log('[watch] building');
        building.add(index);
      });
      build.onEnd(() => {
        building.delete(index);
        built.add(index);
        if (building.size === 0 && built.size === count) console.log('[watch] all bundles built');
      });
    },
  });
}

if (watch) {
  const plugin = allBuilt(builds.length);
  const contexts = await Promise.all(builds.map((b, i) => esbuild.context({ ...b, plugins: [...(b.plugins ?? []), plugin(i)] })));
  wholeCodicons();
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  // The two host bundles, held to issue 44's budget (scripts/checkVsix.ts): terser after esbuild.
  if (production) {
    for (const file of [`${outdir}/extension.js`, `${outdir}/web/extension.js`]) {
      const { before, after } = await terse(file);
      console.log(`terser: ${file} ${before} -> ${after} bytes`);
    }
  }
  const cut = await writeCodicons(outdir);
  console.log(`codicons: ${cut.icons} of ${cut.of} icons, ${cut.fontBytes} bytes of font`);
}
