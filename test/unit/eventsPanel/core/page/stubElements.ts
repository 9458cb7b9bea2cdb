import { build, type Plugin } from 'esbuild';

/** An esbuild plugin that bundles the page without @vscode-elements (custom elements need a real browser). */
export const noCustomElements: Plugin = {
  name: 'no-custom-elements',
  setup(b) {
    b.onResolve({ filter: /^@vscode-elements\// }, (a) => ({ path: a.path, namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: '' }));
  },
};

/**
 * One module of the page, bundled as the page bundles it (for the browser, @vscode/l10n's browser
 * build among the rest, without the custom elements) and loaded in Node: its exports.
 */
export async function loadPageModule<T>(entry: string): Promise<T> {
  const out = await build({ entryPoints: [entry], bundle: true, write: false, format: 'cjs', platform: 'browser', target: 'es2022', logLevel: 'silent', plugins: [noCustomElements] });
  const mod = { exports: {} as T };
  new Function('module', 'exports', out.outputFiles[0].text)(mod, mod.exports);
  return mod.exports;
}
