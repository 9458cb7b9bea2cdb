import type { Plugin } from 'esbuild';

/** An esbuild plugin that bundles the page without @vscode-elements (custom elements need a real browser). */
export const noCustomElements: Plugin = {
  name: 'no-custom-elements',
  setup(b) {
    b.onResolve({ filter: /^@vscode-elements\// }, (a) => ({ path: a.path, namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: '' }));
  },
};
