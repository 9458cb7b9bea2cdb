// The test hooks (src/testHooks.ts) put the extension's internals, session tokens included, on a
// global: only the suites' build may have them. This builds the extension as the package does
// (esbuild.mjs --production, what vscode:prepublish runs) and looks for any trace of them.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TEST_HOOKS_KEY } from '../../src/testHooks';

const ROOT = path.join(__dirname, '..', '..');

/** Builds into a fresh folder (never dist/, which a running suite may be using); returns the bundle and its source map. */
function build(...flags: string[]): { js: string; map: { sources: string[] } } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-bundle-'));
  try {
    const r = spawnSync(process.execPath, ['esbuild.mjs', ...flags, '--outdir', out], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, `esbuild.mjs ${flags.join(' ')} failed:\n${r.stderr}`);
    return { js: fs.readFileSync(path.join(out, 'extension.js'), 'utf8'), map: JSON.parse(fs.readFileSync(path.join(out, 'extension.js.map'), 'utf8')) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const traces = (bundle: { js: string; map: { sources: string[] } }) => [
  ...[TEST_HOOKS_KEY, '__SENTRY_EXPLORER_TEST_HOOKS__', 'publishTestHooks'].filter((s) => bundle.js.includes(s)),
  ...bundle.map.sources.filter((s) => s.includes('testHooks')),
];

describe('test hooks in the bundle', function () {
  this.timeout(120_000);

  it('the production build (the package) has no trace of them', () => {
    assert.deepEqual(traces(build('--production')), []);
  });

  it('the development build (npm run build, watch) has no trace of the key', () => {
    const bundle = build();
    assert.equal(bundle.js.includes(TEST_HOOKS_KEY), false);
    assert.deepEqual(
      bundle.map.sources.filter((s) => s.includes('testHooks')),
      [],
    );
  });

  it('the suites’ build (--test-hooks) has them, so the checks above can see them', () => {
    const found = traces(build('--production', '--test-hooks'));
    assert.ok(found.includes(TEST_HOOKS_KEY), `found ${found.join(', ')}`);
  });
});
