// Builds the extension-host bundle (and, when present, the webview bundle).
// Usage: node esbuild.mjs [--production] [--watch]
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions[]} */
const builds = [
  {
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    // ofetch's Node build only adds node-fetch-native (114 KiB) as a fallback for runtimes without
    // a global fetch; Node 20 and VS Code's extension host have one.
    alias: { ofetch: './node_modules/ofetch/dist/index.mjs' },
    sourcemap: true,
    sourcesContent: false,
    minify: production,
    logLevel: 'info',
  },
];
if (existsSync('src/eventsPanel/page/main.ts')) {
  builds.push({
    entryPoints: ['src/eventsPanel/page/main.ts'],
    outfile: 'dist/webview.js',
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    sourcemap: true,
    sourcesContent: false,
    minify: production,
    logLevel: 'info',
  });
}

// The events page's icon font: codicon.css and its font beside the page bundle (localResourceRoots: dist/, media/).
if (existsSync('src/eventsPanel/page/main.ts')) {
  mkdirSync('dist', { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) copyFileSync(`node_modules/@vscode/codicons/dist/${f}`, `dist/${f}`);
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
