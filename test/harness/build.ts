// Builds what the VS Code runs need: the extension bundle (the project's own esbuild.mjs) and the
// extension-host suites (test/integration/*.ts -> out/integration/*.js, cjs, vscode and mocha external).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './install';

export const INTEGRATION_OUT = path.join(REPO_ROOT, 'out', 'integration');
export const INTEGRATION_INDEX = path.join(INTEGRATION_OUT, 'index.js');

export function buildExtension(production = false): void {
  const r = spawnSync(process.execPath, ['esbuild.mjs', ...(production ? ['--production'] : [])], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`node esbuild.mjs${production ? ' --production' : ''} failed (exit ${r.status})`);
}

export async function buildIntegration(): Promise<void> {
  const src = path.join(REPO_ROOT, 'test', 'integration');
  const entryPoints = fs
    .readdirSync(src)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(src, f));
  // Files are overwritten in place, then the stale ones removed (a concurrent run keeps working).
  const result = await esbuild.build({
    entryPoints,
    outdir: INTEGRATION_OUT,
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
  for (const f of fs.readdirSync(INTEGRATION_OUT)) {
    const p = path.join(INTEGRATION_OUT, f);
    if (!fresh.has(p)) fs.rmSync(p, { recursive: true, force: true });
  }
}
