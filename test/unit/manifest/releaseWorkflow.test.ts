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
  environment?: string | { name: string; url?: string };
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflowText = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8');
const workflow = load(workflowText) as Workflow;
/** The publishing tools' own package (the publish job installs that and nothing else). */
const TOOLS_DIR = '.github/publish';
const json = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
interface ToolsPackage {
  private?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: unknown;
}
interface Lock {
  lockfileVersion: number;
  packages: Record<string, { version?: string; integrity?: string; link?: boolean }>;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; version: string };
const runs = (job: Job) => job.steps.map((s) => s.run ?? '').join('\n');

describe('the release workflow (.github/workflows/release.yml)', () => {
  it('runs on a version tag only; no permission by default, each job only what it needs', () => {
    assert.deepEqual(workflow.on, { push: { tags: ['v*'] } });
    assert.deepEqual(workflow.permissions, {});
    assert.deepEqual(Object.keys(workflow.jobs).sort(), ['publish', 'test']);
    assert.deepEqual(workflow.jobs.test.permissions, { contents: 'read' });
    assert.deepEqual(workflow.jobs.publish.permissions, { contents: 'write' }, 'the GitHub release, and nothing else');
  });

  it('no checkout leaves its token on disk for the steps after it', () => {
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const checkouts = job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
      assert.ok(checkouts.length > 0, name);
      for (const c of checkouts) assert.equal(c.with?.['persist-credentials'], false, `${name}: persist-credentials: false`);
    }
  });

  it('every action is pinned by the commit of a release, its tag written beside it', () => {
    const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.map((s) => s.uses).filter((u): u is string => !!u));
    assert.ok(uses.length >= 4);
    for (const u of uses) assert.match(u, /^actions\/[\w-]+@[0-9a-f]{40}$/, u);
    const lines = workflowText.split('\n').filter((l) => /^\s*(?:-\s+)?uses:/.test(l));
    assert.equal(lines.length, uses.length);
    for (const l of lines) assert.match(l, /@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, l);
    // One action, one commit: the same action is never pinned to two versions.
    const byAction = new Map<string, Set<string>>();
    for (const u of uses) {
      const [action, sha] = u.split('@');
      byAction.set(action, (byAction.get(action) ?? new Set()).add(sha));
    }
    for (const [action, shas] of byAction) assert.equal(shas.size, 1, action);
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

  it('the publish job: after the tests, from the protected environment, the same .vsix to both registries, tokens from secrets through the environment, then the GitHub release', () => {
    const job = workflow.jobs.publish;
    assert.equal(job.needs, 'test');
    const environment = typeof job.environment === 'string' ? job.environment : job.environment?.name;
    assert.equal(environment, 'release', 'the environment whose protection rules (reviewers, v* tags) guard the tokens');
    const text = runs(job);
    assert.doesNotMatch(text, /npm test|npm run package|vsce package/, 'it publishes what the test job built');
    const download = job.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    const upload = workflow.jobs.test.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.name === 'release');
    assert.equal(download?.with?.name, upload?.with?.name, "the test job's artifact");
    assert.match(text, /vsce"? publish --packagePath sentry-explorer\.vsix --skip-duplicate/);
    assert.match(text, /ovsx"? publish sentry-explorer\.vsix --skip-duplicate/);
    assert.match(text, /gh release create "\$GITHUB_REF_NAME" sentry-explorer\.vsix --verify-tag .*--notes-file release-notes\.md/);
    // Both tokens are checked before either registry gets the package.
    assert.ok(text.indexOf('ovsx" verify-pat') < text.indexOf('vsce" publish') && text.indexOf('vsce" verify-pat') < text.indexOf('vsce" publish'));
    assert.doesNotMatch(text, /\s-p\s|--pat/, 'no token on a command line');
    const env = Object.assign({}, ...job.steps.map((s) => s.env ?? {})) as Record<string, string>;
    assert.equal(env.VSCE_PAT, '${{ secrets.VSCE_PAT }}');
    assert.equal(env.OVSX_PAT, '${{ secrets.OVSX_PAT }}');
    assert.doesNotMatch(JSON.stringify(job.env ?? {}), /secrets\./, 'no token for the whole job: only the steps that publish');
  });

  it('the publish job installs only the two publishing tools, pinned by a lock of their own, without install scripts, before any token', () => {
    const job = workflow.jobs.publish;
    const installs = job.steps.filter((s) => /\bnpm\s+(ci|install|i)\b|\bnpx\b|\byarn\b|\bpnpm\b/.test(s.run ?? ''));
    assert.equal(installs.length, 1, installs.map((s) => s.run).join(' | '));
    const install = installs[0].run!;
    assert.match(install, /^npm ci\b/, 'from the lock, never a resolution at publish time');
    assert.match(install, /--ignore-scripts/);
    assert.match(install, new RegExp(`--prefix ${TOOLS_DIR.replace(/[./]/g, '\\$&')}(\\s|$)`));
    assert.doesNotMatch(JSON.stringify(installs[0]), /secrets\./);
    const at = job.steps.indexOf(installs[0]);
    const firstToken = job.steps.findIndex((s) => /secrets\./.test(JSON.stringify(s)));
    assert.ok(firstToken > at, 'installed before any step sees a token');
    // The tools' package: those two, at exact versions, the ones the repository's own lock has.
    const tools = json<ToolsPackage>(`${TOOLS_DIR}/package.json`);
    const toolsLock = json<Lock>(`${TOOLS_DIR}/package-lock.json`);
    const rootLock = json<Lock>('package-lock.json');
    assert.equal(tools.private, true);
    assert.equal(tools.scripts, undefined);
    assert.equal(tools.devDependencies, undefined);
    assert.deepEqual(Object.keys(tools.dependencies ?? {}).sort(), ['@vscode/vsce', 'ovsx']);
    for (const [name, version] of Object.entries(tools.dependencies!)) {
      assert.match(version, /^\d+\.\d+\.\d+$/, `${name} pinned`);
      assert.equal(toolsLock.packages[`node_modules/${name}`]?.version, version, `${name} locked at ${version}`);
      assert.equal(rootLock.packages[`node_modules/${name}`]?.version, version, `${name} as the repository tests it`);
    }
    assert.ok(toolsLock.lockfileVersion >= 2);
    for (const [path, p] of Object.entries(toolsLock.packages)) if (path && !p.link) assert.match(p.integrity ?? '', /^sha512-/, `${path} has an integrity hash`);
    // Every tool run is the installed one, never one npx would fetch.
    for (const s of job.steps) if (/\b(vsce|ovsx)\b/.test(s.run ?? '') && s !== installs[0]) assert.match(s.run!, /\$TOOLS\/(vsce|ovsx)/, s.run);
    assert.match(String(job.env?.TOOLS), new RegExp(`^\\$\\{\\{ github\\.workspace \\}\\}/${TOOLS_DIR.replace(/[./]/g, '\\$&')}/node_modules/\\.bin$`));
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
