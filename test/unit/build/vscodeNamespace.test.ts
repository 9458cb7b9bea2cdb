// Both bundles read `vscode` through one namespace (hostBundles.mjs, oneVscodeNamespace): esbuild
// would otherwise copy the module's members once per importing module, some 50 times, at every
// start. Built here as esbuild.mjs builds them, the bundles copy it once and still import only it.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
// @ts-expect-error: a plain .mjs module of the build, without types.
import { nodeBundleOptions, oneVscodeNamespace, webBundleOptions } from '../../../hostBundles.mjs';

const ROOT = path.join(__dirname, '..', '..', '..');

async function bundleText(options: esbuild.BuildOptions): Promise<string> {
  const r = await esbuild.build({ ...options, absWorkingDir: ROOT, write: false, sourcemap: false, minify: false, logLevel: 'silent' });
  return r.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
}

describe('one vscode namespace per bundle', function () {
  this.timeout(60_000);
  // The Node bundle as esbuild.mjs builds it, but for the plugin this suite is about.
  const node: esbuild.BuildOptions = { ...(nodeBundleOptions({ outdir: 'out/vscode-namespace-test' }) as esbuild.BuildOptions), plugins: [] };

  const bundles: [string, esbuild.BuildOptions][] = [
    ['Node', { ...node, plugins: [oneVscodeNamespace] }],
    ['browser', webBundleOptions({ outdir: 'out/vscode-namespace-test' }) as esbuild.BuildOptions],
  ];
  for (const [name, options] of bundles) {
    it(`the ${name} bundle requires vscode once, copied once, and never per module`, async () => {
      const js = await bundleText(options);
      assert.equal(js.match(/\brequire\("vscode"\)/g)?.length, 1);
      assert.match(js, /__reExport\(\w+, require\("vscode"\)\)/);
      assert.doesNotMatch(js, /__toESM\(require\("vscode"\)\)/);
    });
  }

  it('without it, each module that imports vscode copies it (what the plugin prevents)', async () => {
    const js = await bundleText(node);
    assert.ok((js.match(/__toESM\(require\("vscode"\)\)/g)?.length ?? 0) > 20);
  });
});
