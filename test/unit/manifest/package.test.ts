/**
 * What `npm run package` puts in the .vsix is what `vsce ls` lists (.vscodeignore applied): only
 * what runs. A stray file (a source map, a test, a screenshot, a secret) fails here, not in users'
 * downloads.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** The only paths a package may hold. */
const ALLOWED = [
  /^package\.json$/,
  /^package\.nls\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE$/,
  /^l10n\/bundle\.l10n(\.[a-z]{2}(-[a-z]{2,4})?)?\.json$/,
  /^dist\/(extension|webview)\.js$/,
  // The browser bundle (package.json `browser`).
  /^dist\/web\/extension\.js$/,
  /^dist\/codicon\.(css|ttf)$/,
  /^media\/[\w-]+\.(svg|png|css)$/,
  /^media\/walkthrough\/[\w-]+\.(md|svg|png)$/,
];
/** Present whether or not the bundle was built (dist/ is built by npm run package and the VS Code part of npm test). */
const REQUIRED = ['package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'l10n/bundle.l10n.json', 'media/icon.png'];

describe('the .vsix package', () => {
  it('holds only dist, media, the manifest, README, CHANGELOG, LICENSE and l10n (vsce ls)', function () {
    this.timeout(60_000);
    const vsce = join(ROOT, 'node_modules/.bin/vsce');
    const files = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const stray = files.filter((f) => !ALLOWED.some((re) => re.test(f)));
    assert.deepEqual(stray, [], 'files the package must not hold');
    for (const f of REQUIRED) assert.ok(files.includes(f), `the package lacks ${f}`);
    // No source map, TypeScript source or test ever, even under an allowed folder.
    assert.deepEqual(
      files.filter((f) => /\.(map|ts|tsx)$|(^|\/)test/.test(f)),
      [],
    );
  });
});
