// The browser bundle (package.json `browser`, the web worker extension host of vscode.dev,
// github.dev and code-server) builds, and holds no Node module: built here with esbuild.mjs's own
// options, so `npm test` fails as soon as a Node import reaches code the browser entry uses.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { builtinModules } from 'node:module';
import * as esbuild from 'esbuild';
// @ts-expect-error: a plain .mjs module of the build, without types.
import { noNodeBuiltins, webBundleOptions } from '../../../hostBundles.mjs';

const ROOT = path.join(__dirname, '..', '..', '..');
const BUILTINS = new Set(builtinModules.flatMap((m: string) => [m, `node:${m}`]));

describe('the browser bundle (dist/web/extension.js)', function () {
  this.timeout(60_000);

  it('builds from src/extension.web.ts with vscode as its only import and no Node built-in module', async () => {
    const options = webBundleOptions({ outdir: 'out/web-bundle-test' }) as esbuild.BuildOptions;
    const result = await esbuild.build({ ...options, absWorkingDir: ROOT, write: false, metafile: true, logLevel: 'silent' });
    assert.deepEqual(result.errors, []);
    const imports = Object.values(result.metafile.inputs).flatMap((i) => i.imports);
    // (An import of types only is listed as external and dropped: a relative path.)
    const external = new Set(imports.filter((i) => i.external && !i.path.startsWith('.')).map((i) => i.path));
    assert.deepEqual([...external], ['vscode']);
    const builtins = imports.filter((i) => BUILTINS.has(i.path) || i.path.startsWith('node:'));
    assert.deepEqual(builtins, []);
    // Nothing from the Node side of the host seam, and the shared activation is in.
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(!inputs.includes('src/nodeHost.ts'), 'src/nodeHost.ts is in the browser bundle');
    assert.ok(inputs.includes('src/extension.ts'));
    const js = result.outputFiles.find((f) => f.path.endsWith('extension.js'))!.text;
    // No Node global a web worker lacks (esbuild's platform browser shims none of them).
    for (const global of ['process', 'Buffer', 'setImmediate', '__dirname', '__filename']) {
      assert.doesNotMatch(js, new RegExp(`(?<![\\w$.'"])${global}\\b(?!['"])`), `the bundle uses ${global}`);
    }
    assert.deepEqual([...new Set(js.match(/\brequire\("[^"]*"\)/g))], ['require("vscode")']);
  });

  it('fails to build when anything imports a Node built-in module, naming it and the importer', async () => {
    for (const name of ['node:crypto', 'fs/promises', 'path']) {
      const failed = await esbuild
        .build({
          stdin: { contents: `import * as m from '${name}'; console.log(m);`, resolveDir: ROOT, sourcefile: 'probe.ts', loader: 'ts' },
          bundle: true,
          write: false,
          platform: 'browser',
          plugins: [noNodeBuiltins],
          logLevel: 'silent',
        })
        .then(
          () => undefined,
          (e: esbuild.BuildFailure) => e,
        );
      assert.ok(failed, `${name} was bundled`);
      assert.match(failed.errors[0].text, new RegExp(`cannot import Node's "${name}" \\(imported by \\S*probe\\.ts\\)`));
    }
  });
});
