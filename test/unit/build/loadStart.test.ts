// The activation's clock starts at the bundle's first line: src/loadStart.ts must be the first
// module whose top level runs in both bundles, so that "activated in N ms" (src/extension.ts) and
// `npm run bench -- activation` count every other module's load. Each bundle is built here with a
// probe at the top of every module (ours and the libraries') and run against the stub `vscode`;
// the probe that runs first names the module. (A module's top level runs after its imports', so
// the entry's own probe runs last: the first is its first import's.)
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
// @ts-expect-error: a plain .mjs module of the build, without types.
import { nodeBundleOptions, webBundleOptions } from '../../../hostBundles.mjs';
import { vscodeNames, vscodeStub } from '../../../scripts/activation/vscodeStub';

const ROOT = path.join(__dirname, '..', '..', '..');
const KEY = Symbol.for('sentry-explorer.test.first-module');

/** Puts `globalThis[KEY] ??= '<path>'` at the top of every module the bundle holds. */
const probe: esbuild.Plugin = {
  name: 'first-module-probe',
  setup(build) {
    build.onLoad({ filter: /\.(ts|js|mjs|cjs)$/ }, (args) => {
      const rel = path.relative(ROOT, args.path).split(path.sep).join('/');
      const loader = args.path.endsWith('.ts') ? 'ts' : 'js';
      return { contents: `globalThis[Symbol.for(${JSON.stringify(KEY.description)})] ??= ${JSON.stringify(rel)};\n${readFileSync(args.path, 'utf8')}`, loader, resolveDir: path.dirname(args.path) };
    });
  },
};

function firstModule(options: esbuild.BuildOptions): Promise<string> {
  return (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sentry-explorer-first-module-'));
    const loader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
    const load = loader._load;
    try {
      const result = await esbuild.build({
        ...options,
        absWorkingDir: ROOT,
        outfile: undefined,
        outdir: undefined,
        write: false,
        sourcemap: false,
        minify: false,
        plugins: [...(options.plugins ?? []), probe],
        logLevel: 'silent',
      });
      const file = path.join(dir, 'bundle.js');
      writeFileSync(file, result.outputFiles[0].text);
      const stub = vscodeStub(vscodeNames(require.resolve('@types/vscode/index.d.ts')), []);
      loader._load = function (request, parent, isMain) {
        return request === 'vscode' ? stub : load.call(this, request, parent, isMain);
      };
      delete (globalThis as Record<symbol, unknown>)[KEY];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is loaded as VS Code loads it, by require()
      require(file);
      return String((globalThis as Record<symbol, unknown>)[KEY]);
    } finally {
      loader._load = load;
      delete (globalThis as Record<symbol, unknown>)[KEY];
      rmSync(dir, { recursive: true, force: true });
    }
  })();
}

describe("the activation's clock (src/loadStart.ts)", function () {
  this.timeout(120_000);

  it('runs before every other module of the Node bundle (dist/extension.js)', async () => {
    const node = nodeBundleOptions({ outdir: 'out/first-module-test' }) as esbuild.BuildOptions;
    assert.equal(await firstModule(node), 'src/loadStart.ts');
    // The probe tells: without the entry's first import, another module (here @vscode/l10n) runs first.
    assert.notEqual(await firstModule({ ...node, entryPoints: ['src/extension.ts'] }), 'src/loadStart.ts');
  });

  it('runs before every other module of the browser bundle (dist/web/extension.js)', async () => {
    assert.equal(await firstModule(webBundleOptions({ outdir: 'out/first-module-test' }) as esbuild.BuildOptions), 'src/loadStart.ts');
  });
});
