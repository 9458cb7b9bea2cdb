// Builds what the VS Code runs need: the extension's test bundle (the project's own esbuild.mjs with
// --test-hooks) and the
// extension-host suites (test/integration/*.ts -> out/integration/*.js, and the untrusted-workspace
// run's test/integration-untrusted/*.ts -> out/integration-untrusted/*.js; cjs, vscode and mocha external).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './install';

export const INTEGRATION_OUT = path.join(REPO_ROOT, 'out', 'integration');
export const INTEGRATION_INDEX = path.join(INTEGRATION_OUT, 'index.js');
export const UNTRUSTED_OUT = path.join(REPO_ROOT, 'out', 'integration-untrusted');
export const UNTRUSTED_INDEX = path.join(UNTRUSTED_OUT, 'index.js');

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
