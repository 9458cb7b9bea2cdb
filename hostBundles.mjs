// The two host bundles' build options, shared by esbuild.mjs and the unit tests that build them
// (test/unit/build/): the extension for the Node extension host (package.json `main`) and for the
// browser's web worker extension host (vscode.dev, github.dev, code-server's browser-only
// extensions), package.json `browser`. Each defines globalThis.__SENTRY_EXPLORER_HOST__, so each
// drops what only the other host needs (src/util/host.ts).
import { builtinModules } from 'node:module';

/** Node's built-in modules, with and without `node:`, and their subpaths (fs/promises). */
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * Fails the build on any import of a Node built-in module: a web worker has none, and esbuild's
 * platform 'browser' would otherwise leave some of them to a package's `browser` field or a shim.
 * What needs Node goes behind src/util/host.ts, with the Node side in src/nodeHost.ts.
 */
export const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /^[a-z_:][\w:/.-]*$/ }, (args) => {
      if (!NODE_BUILTINS.has(args.path) && !args.path.startsWith('node:')) return undefined;
      return {
        errors: [
          {
            text: `The browser bundle cannot import Node's "${args.path}" (imported by ${args.importer || 'the entry'}): a web worker extension host has no Node. Put it behind src/util/host.ts (src/nodeHost.ts for the Node side).`,
          },
        ],
      };
    });
  },
};

/**
 * One `vscode` namespace for the whole bundle. esbuild turns each module's `import * as vscode from
 * 'vscode'` (external, CommonJS) into a copy of the module object with a getter per member: some
 * 50 copies of VS Code's 250 members, 10-20 ms of every start. Every import of `vscode` goes to one
 * internal module that re-exports it instead, copied once; `require("vscode")` is still the bundle's
 * only import (the no-AI test build replaces it, test/harness/build.ts).
 */
export const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-namespace' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-namespace' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * @param {{ outdir: string, production?: boolean, testHooks?: boolean }} o
 * @returns {import('esbuild').BuildOptions}
 */
export function nodeBundleOptions(o) {
  return {
    entryPoints: ['src/extension.node.ts'],
    outfile: `${o.outdir}/extension.js`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    // @vscode/l10n's Node build adds a reader of bundle files from disk (config({ fsPath })); the
    // extension only hands it VS Code's bundle (config({ contents })), as its browser build does.
    alias: { '@vscode/l10n': './node_modules/@vscode/l10n/dist/browser.js' },
    define: { __SENTRY_EXPLORER_TEST_HOOKS__: o.testHooks ? 'true' : 'false', 'globalThis.__SENTRY_EXPLORER_HOST__': '"node"' },
    plugins: [oneVscodeNamespace],
    sourcemap: true,
    sourcesContent: false,
    minify: !!o.production,
    logLevel: 'info',
  };
}

/**
 * @param {{ outdir: string, production?: boolean, testHooks?: boolean }} o
 * @returns {import('esbuild').BuildOptions}
 */
export function webBundleOptions(o) {
  return {
    entryPoints: ['src/extension.web.ts'],
    outfile: `${o.outdir}/web/extension.js`,
    bundle: true,
    // VS Code's web worker host loads a browser extension's `browser` file as CommonJS, with `vscode` from require.
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    external: ['vscode'],
    define: { __SENTRY_EXPLORER_TEST_HOOKS__: o.testHooks ? 'true' : 'false', 'globalThis.__SENTRY_EXPLORER_HOST__': '"webWorker"' },
    plugins: [noNodeBuiltins, oneVscodeNamespace],
    sourcemap: true,
    sourcesContent: false,
    minify: !!o.production,
    logLevel: 'info',
  };
}
