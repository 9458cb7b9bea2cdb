// Builds what the VS Code runs need: the extension's test bundle (the project's own esbuild.mjs with
// --test-hooks), the same without VS Code's AI APIs (buildNoAiExtension, out/extension-no-ai/) and the
// extension-host suites (test/integration/*.ts -> out/integration/*.js, the untrusted-workspace
// run's test/integration-untrusted/*.ts -> out/integration-untrusted/*.js and the no-AI window's
// test/integration-no-ai/*.ts -> out/integration-no-ai/*.js; cjs, vscode and mocha external).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './install';

export const INTEGRATION_OUT = path.join(REPO_ROOT, 'out', 'integration');
export const INTEGRATION_INDEX = path.join(INTEGRATION_OUT, 'index.js');
export const UNTRUSTED_OUT = path.join(REPO_ROOT, 'out', 'integration-untrusted');
export const UNTRUSTED_INDEX = path.join(UNTRUSTED_OUT, 'index.js');
/** The extension folder (manifest, bundles, media, l10n) whose bundle runs without vscode.lm and vscode.chat. */
export const NO_AI_EXTENSION = path.join(REPO_ROOT, 'out', 'extension-no-ai');
export const NO_AI_OUT = path.join(REPO_ROOT, 'out', 'integration-no-ai');
export const NO_AI_INDEX = path.join(NO_AI_OUT, 'index.js');
/** The `vscode` the no-AI bundle links in instead of the real one. */
const VSCODE_WITHOUT_AI = path.join(REPO_ROOT, 'test', 'harness', 'noAi', 'vscodeWithoutAi.ts');

/**
 * The test build (--test-hooks): activate() publishes its internals for the extension-host suites
 * (src/testHooks.ts). No other build does (npm run build, watch, the package, the demo).
 */
export function buildExtension(production = false): void {
  const args = ['esbuild.mjs', '--test-hooks', ...(production ? ['--production'] : [])];
  const r = spawnSync(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (exit ${r.status})`);
}

export async function buildIntegration(): Promise<void> {
  await buildSuites(path.join(REPO_ROOT, 'test', 'integration'), INTEGRATION_OUT);
  await buildSuites(path.join(REPO_ROOT, 'test', 'integration-untrusted'), UNTRUSTED_OUT);
  await buildSuites(path.join(REPO_ROOT, 'test', 'integration-no-ai'), NO_AI_OUT);
}

/**
 * The extension as an editor without VS Code's AI APIs runs it (Cursor, Windsurf and VSCodium
 * builds may leave them out): the test build, in a folder of its own, bundled once more so that its
 * every `require("vscode")` gets ./noAi/vscodeWithoutAi.ts, the real module minus `lm`, `chat` and
 * their classes. The extension's own code meets the missing APIs; esbuild.mjs stays the one build.
 */
export async function buildNoAiExtension(): Promise<void> {
  const dist = path.join(NO_AI_EXTENSION, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  const args = ['esbuild.mjs', '--test-hooks', '--outdir', dist];
  const r = spawnSync(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (exit ${r.status})`);
  const bundle = path.join(dist, 'extension.js');
  await esbuild.build({
    entryPoints: [bundle],
    outfile: bundle,
    allowOverwrite: true,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'vscode-without-ai',
        setup(build) {
          // The shim's own require("vscode") is the real module; every other one is the shim.
          build.onResolve({ filter: /^vscode$/ }, (a) => (a.importer === VSCODE_WITHOUT_AI ? { path: 'vscode', external: true } : { path: VSCODE_WITHOUT_AI }));
        },
      },
    ],
  });
  const text = fs.readFileSync(bundle, 'utf8');
  if (!text.includes('NO_AI_REMOVED') && !text.includes('no-ai-removed')) throw new Error(`${bundle} does not link the vscode without AI`);
  // What VS Code reads beside the bundle: the manifest and its strings, the icons and walkthrough, l10n.
  for (const f of ['package.json', 'package.nls.json', 'LICENSE']) fs.copyFileSync(path.join(REPO_ROOT, f), path.join(NO_AI_EXTENSION, f));
  for (const d of ['media', 'l10n']) fs.cpSync(path.join(REPO_ROOT, d), path.join(NO_AI_EXTENSION, d), { recursive: true, force: true });
}

/** Bundles a suites folder's index.ts and *.test.ts (each with what it imports) into `outDir`. */
async function buildSuites(src: string, outDir: string): Promise<void> {
  const entryPoints = fs
    .readdirSync(src)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(src, f));
  // Files are overwritten in place, then the stale ones removed (a concurrent run keeps working).
  const result = await esbuild.build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: REPO_ROOT,
  });
  const fresh = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(REPO_ROOT, f)));
  for (const f of fs.readdirSync(outDir)) {
    const p = path.join(outDir, f);
    if (!fresh.has(p)) fs.rmSync(p, { recursive: true, force: true });
  }
}
