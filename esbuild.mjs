// Builds the extension's two bundles, one per extension host (dist/extension.js for Node,
// dist/web/extension.js for the browser's web worker, see webBundle.mjs), and the events page's bundle.
// Usage: node esbuild.mjs [--production] [--watch] [--test-hooks] [--outdir <dir>]
// --test-hooks: the extension-host suites' build (test/harness/build.ts passes it, nothing else
// does): activate() publishes its internals for them (src/testHooks.ts). Without it that code is
// dropped from the bundle. --outdir: where the bundles go (default dist/).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { noNodeBuiltins, oneVscodeNamespace, webBundleOptions } from './webBundle.mjs';
import { writeCodicons } from './scripts/codicons.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const testHooks = process.argv.includes('--test-hooks');
const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt > 0 ? process.argv[outdirAt + 1] : 'dist';
if (!outdir) throw new Error('--outdir needs a directory');

/** @type {import('esbuild').BuildOptions[]} */
const builds = [
  {
    entryPoints: ['src/extension.node.ts'],
    outfile: `${outdir}/extension.js`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    // @vscode/l10n's Node build adds a reader of bundle files from disk (config({ fsPath })); the
    // extension only hands it VS Code's bundle (config({ contents })), as its browser build does.
    alias: { '@vscode/l10n': './node_modules/@vscode/l10n/dist/browser.js' },
    define: { __SENTRY_EXPLORER_TEST_HOOKS__: testHooks ? 'true' : 'false' },
    plugins: [oneVscodeNamespace],
    sourcemap: true,
    sourcesContent: false,
    minify: production,
    logLevel: 'info',
  },
  webBundleOptions({ outdir, production, testHooks }),
];
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
  const cut = await writeCodicons(outdir);
  console.log(`codicons: ${cut.icons} of ${cut.of} icons, ${cut.fontBytes} bytes of font`);
}
