/**
 * What `npm run package` puts in the .vsix is what `vsce ls` lists (.vscodeignore applied): only
 * what runs. A stray file (a source map, a test, a screenshot, a secret) fails here, not in users'
 * downloads.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The same lists as the check of the packaged .vsix (npm run package).
import { ALLOWED, FORBIDDEN, REQUIRED } from '../../../scripts/checkVsix';

const ROOT = join(__dirname, '../../..');

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main?: string; browser?: string };
/** The entry points package.json names (main, and browser where declared), as paths in the package. */
const ENTRY_POINTS = [manifest.main, manifest.browser].filter((p): p is string => typeof p === 'string').map((p) => p.replace(/^\.\//, ''));

describe('the .vsix package', () => {
  it('holds only dist, media, the manifest, README, CHANGELOG, LICENSE and translations (vsce ls)', function () {
    this.timeout(60_000);
    // vsce ls lists what is on disk and builds nothing: a fresh clone has no dist/ until a build.
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const vsce = join(ROOT, 'node_modules/.bin/vsce');
    const files = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const stray = files.filter((f) => !ALLOWED.some((re) => re.test(f)) && !ENTRY_POINTS.includes(f));
    assert.deepEqual(stray, [], 'files the package must not hold');
    for (const f of [...REQUIRED, ...ENTRY_POINTS]) assert.ok(files.includes(f), `the package lacks ${f}`);
    // No source map, TypeScript source or test ever, even under an allowed folder.
    assert.deepEqual(
      files.filter((f) => FORBIDDEN.test(f)),
      [],
    );
  });
});
