/**
 * The release: .github/workflows/release.yml (read as GitHub reads it, YAML) does what CONTRIBUTING.md
 * says, and scripts/releaseNotes.ts takes a version's CHANGELOG section as the release's text.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { releaseNotes, tagVersion } from '../../../scripts/releaseNotes';

const ROOT = join(__dirname, '../../..');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  container?: unknown;
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflow = load(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as Workflow;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; version: string };
const runs = (job: Job) => job.steps.map((s) => s.run ?? '').join('\n');

describe('the release workflow (.github/workflows/release.yml)', () => {
  it('runs on a version tag only, reading the repository and nothing more by default', () => {
    assert.deepEqual(workflow.on, { push: { tags: ['v*'] } });
    assert.deepEqual(workflow.permissions, { contents: 'read' });
  });

  it('the test job: the tag and CHANGELOG first, then npm ci && npm test, one package, its check against the tag', () => {
    const job = workflow.jobs.test;
    const text = runs(job);
    const order = ['npm ci', 'scripts/releaseNotes.ts --tag "$GITHUB_REF_NAME"', 'npm test', 'npm run package', 'scripts/checkVsix.ts sentry-explorer.vsix --version "${GITHUB_REF_NAME#v}"'];
    const at = order.map((s) => text.indexOf(s));
    assert.ok(
      at.every((i) => i >= 0),
      `missing: ${order.filter((_s, i) => at[i] < 0).join(', ')}`,
    );
    assert.deepEqual(
      [...at].sort((a, b) => a - b),
      at,
      'in this order',
    );
    assert.equal(text.split('npm run package').length - 1, 1, 'packaged once');
    assert.doesNotMatch(JSON.stringify(job), /secrets\./, 'the job that runs the tests sees no token');
    const upload = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.name === 'release');
    assert.match(String(upload?.with?.path), /sentry-explorer\.vsix[\s\S]*release-notes\.md/);
  });

  it('npm run package writes the file the workflow checks and publishes, and checks it', () => {
    assert.match(pkg.scripts.package, /vsce package --no-dependencies -o sentry-explorer\.vsix && node --import tsx scripts\/checkVsix\.ts sentry-explorer\.vsix$/);
  });

  it('the publish job: after the tests, the same .vsix to both registries, tokens from secrets through the environment, then the GitHub release', () => {
    const job = workflow.jobs.publish;
    assert.equal(job.needs, 'test');
    assert.deepEqual(job.permissions, { contents: 'write' });
    const text = runs(job);
    assert.doesNotMatch(text, /npm test|npm run package|vsce package/, 'it publishes what the test job built');
    assert.match(text, /vsce publish --packagePath sentry-explorer\.vsix --skip-duplicate/);
    assert.match(text, /ovsx publish sentry-explorer\.vsix --skip-duplicate/);
    assert.match(text, /gh release create "\$GITHUB_REF_NAME" sentry-explorer\.vsix --verify-tag .*--notes-file release-notes\.md/);
    // Both tokens are checked before either registry gets the package.
    assert.ok(text.indexOf('ovsx verify-pat') < text.indexOf('vsce publish') && text.indexOf('vsce verify-pat') < text.indexOf('vsce publish'));
    assert.doesNotMatch(text, /\s-p\s|--pat/, 'no token on a command line');
    const env = Object.assign({}, ...job.steps.map((s) => s.env ?? {})) as Record<string, string>;
    assert.equal(env.VSCE_PAT, '${{ secrets.VSCE_PAT }}');
    assert.equal(env.OVSX_PAT, '${{ secrets.OVSX_PAT }}');
  });

  it('every action is pinned to a major version', () => {
    const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.map((s) => s.uses).filter((u): u is string => !!u));
    assert.ok(uses.length > 0);
    for (const u of uses) assert.match(u, /^actions\/[\w-]+@v\d+$/);
  });
});

describe('releaseNotes (scripts/releaseNotes.ts)', () => {
  const changelog = [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '### Added',
    '- Not yet.',
    '',
    '## [1.2.0] - 2026-12-01',
    '',
    '### Added',
    '- Open VSX.',
    '',
    '### Fixed',
    '- A bug.',
    '',
    '## [1.1.0] - 2026-11-01',
    '- Older.',
    '',
    '## [1.0.0]',
    '- Undated.',
    '## [0.9.0] - 2026-10-01',
    '',
    '[1.2.0]: https://example.invalid/compare/v1.1.0...v1.2.0',
  ].join('\n');

  it("a version's section, from below its heading to the next one", () => {
    assert.equal(releaseNotes(changelog, '1.2.0'), '### Added\n- Open VSX.\n\n### Fixed\n- A bug.\n');
    assert.equal(releaseNotes(changelog, '1.1.0'), '- Older.\n');
  });

  it('a missing, undated or empty section is refused, saying what to write', () => {
    assert.throws(() => releaseNotes(changelog, '2.0.0'), /no section for 2\.0\.0: rename "## \[Unreleased\]" to "## \[2\.0\.0\] - YYYY-MM-DD"/);
    assert.throws(() => releaseNotes(changelog, '1.0.0'), /section for 1\.0\.0 has no date/);
    assert.throws(() => releaseNotes(changelog, '0.9.0'), /section for 0\.9\.0 is empty/);
  });

  it("this repository's CHANGELOG has a section for package.json's version", () => {
    assert.ok(releaseNotes(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), pkg.version).length > 100);
  });

  it('the version a tag names', () => {
    assert.equal(tagVersion('v1.2.3'), '1.2.3');
    assert.equal(tagVersion('refs/tags/v1.2.3-rc.1'), '1.2.3-rc.1');
    assert.equal(tagVersion('1.2.3'), undefined);
    assert.equal(tagVersion('v1.2'), undefined);
    assert.equal(tagVersion('vnext'), undefined);
  });
});
