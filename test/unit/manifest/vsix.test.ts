/**
 * scripts/checkVsix.mjs, the check `npm run package` runs on the .vsix it wrote (and the release
 * workflow before publishing it to both registries): a good package passes, and each way a package
 * can go wrong is named. The packages here are built in memory from the repository's own files.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUDGET, hostBundles, loadProblems, vsixProblems, type Manifest } from '../../../scripts/checkVsix';
import { countLoad } from '../../../scripts/activation/measure';

const ROOT = join(__dirname, '../../..');
const repoManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest & { name: string; publisher: string; version: string };

/** A package as vsce writes it (its names for README, CHANGELOG and LICENSE), from these files. */
function vsix(edit: (files: Map<string, string | Buffer>, manifest: Record<string, unknown>) => void = () => {}) {
  const manifest: Record<string, unknown> = structuredClone(repoManifest);
  const files = new Map<string, string | Buffer>([
    ['readme.md', '# Sentry Explorer'],
    ['changelog.md', '# Changelog'],
    ['LICENSE.txt', 'MIT'],
    ['package.nls.json', readFileSync(join(ROOT, 'package.nls.json'), 'utf8')],
    ['l10n/bundle.l10n.de.json', '{}'],
    ['dist/extension.js', 'exports.activate = () => {};'],
    ['dist/web/extension.js', 'exports.activate = () => {};'],
    ['dist/webview.js', '(() => {})();'],
    ['dist/codicon.css', ''],
    ['dist/codicon.ttf', Buffer.alloc(10)],
    ['media/icon.png', Buffer.alloc(10)],
  ]);
  edit(files, manifest);
  const entries = new Map<string, Buffer>();
  entries.set('[Content_Types].xml', Buffer.from('<Types/>'));
  entries.set(
    'extension.vsixmanifest',
    Buffer.from(`<PackageManifest><Metadata><Identity Language="en-US" Id="${manifest.name}" Version="${manifest.version}" Publisher="${manifest.publisher}" /></Metadata></PackageManifest>`),
  );
  entries.set('extension/package.json', Buffer.from(JSON.stringify(manifest)));
  for (const [name, data] of files) entries.set(`extension/${name}`, Buffer.isBuffer(data) ? data : Buffer.from(data));
  return entries;
}

const check = (entries: Map<string, Buffer>, opts: { size?: number; version?: string; repo?: Manifest } = {}) =>
  vsixProblems({ entries, size: opts.size ?? 400_000, repoManifest: opts.repo ?? repoManifest, version: opts.version }).problems;

describe('checkVsix (the package before it is published)', () => {
  it("a package of the repository's files passes, and reports its figures", () => {
    const r = vsixProblems({ entries: vsix(), size: 400_000, repoManifest, version: repoManifest.version });
    assert.deepEqual(r.problems, []);
    assert.equal(r.figures.files, 12);
    assert.deepEqual(Object.keys(r.figures.bundles).sort(), ['dist/extension.js', 'dist/web/extension.js', 'dist/webview.js']);
  });

  it('sources, tests, source maps, screenshots and caches are named', () => {
    const problems = check(
      vsix((f) => {
        f.set('src/extension.ts', '');
        f.set('dist/extension.js.map', '{}');
        f.set('out/integration/index.js', '');
        f.set('docs/images/tree.png', '');
        f.set('.vscode-test/x', '');
        f.set('media/test/x.svg', '');
      }),
    );
    assert.match(
      problems.join('\n'),
      /files the package must not hold: src\/extension\.ts, dist\/extension\.js\.map, out\/integration\/index\.js, docs\/images\/tree\.png, \.vscode-test\/x, media\/test\/x\.svg/,
    );
    assert.match(problems.join('\n'), /source maps, sources or tests: src\/extension\.ts, dist\/extension\.js\.map, media\/test\/x\.svg/);
  });

  it('translations go in, the English export they start from does not (VS Code never reads it)', () => {
    assert.deepEqual(check(vsix((f) => f.set('l10n/bundle.l10n.pt-br.json', '{}'))), []);
    assert.deepEqual(check(vsix((f) => f.set('l10n/bundle.l10n.json', '{}'))), ['files the package must not hold: l10n/bundle.l10n.json']);
  });

  it('a test build (its hooks) is refused', () => {
    const problems = check(vsix((f) => f.set('dist/extension.js', 'globalThis[Symbol.for("sentry-explorer.test-hooks")] = hooks;')));
    assert.deepEqual(problems, ['dist/extension.js is a test build (holds sentry-explorer.test-hooks): package with npm run package, never after a test build']);
  });

  it('the size budgets: the .vsix, and each bundle', () => {
    assert.match(check(vsix(), { size: BUDGET.vsix + 1 }).join('\n'), /the \.vsix has \d+ bytes, over its budget/);
    assert.match(check(vsix((f) => f.set('dist/extension.js', 'x'.repeat(BUDGET.bundle + 1)))).join('\n'), /dist\/extension\.js has \d+ bytes, over the budget/);
  });

  it('what the manifest names must be there: the entry points (main, and browser once declared), the icon, README, CHANGELOG, LICENSE', () => {
    const problems = check(
      vsix((f, m) => {
        f.delete('LICENSE.txt');
        f.delete('readme.md');
        f.delete('dist/web/extension.js');
        m.browser = './dist/web/extension.js';
      }),
      { repo: { ...repoManifest, browser: './dist/web/extension.js' } },
    );
    assert.deepEqual(problems.sort(), ['the package lacks LICENSE', 'the package lacks README.md', 'the package lacks dist/web/extension.js'].sort());
    // With the file, the browser entry point is allowed.
    assert.deepEqual(
      check(
        vsix((f, m) => ((m.browser = './dist/web/extension.js'), f.set('dist/web/extension.js', ''))),
        { repo: { ...repoManifest, browser: './dist/web/extension.js' } },
      ),
      [],
    );
  });

  it("the release's version (the tag) and the repository's manifest must match the package's", () => {
    assert.deepEqual(check(vsix(), { version: '9.9.9' }), [`the package's version is ${repoManifest.version}, the release's 9.9.9`]);
    const problems = check(vsix((_f, m) => (m.engines = { vscode: '^1.80.0' })));
    assert.match(problems.join('\n'), /package\.json's engines in the package \(\{"vscode":"\^1\.80\.0"\}\) differs from the repository's/);
  });

  it('what Open VSX refuses (ExtensionValidator.java): names, versions, URLs, sizes, characters, proposed APIs', () => {
    const bad = (edit: (m: Record<string, unknown>, nls: Record<string, string>) => void) => {
      const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
      return check(
        vsix((f, m) => {
          edit(m, nls);
          f.set('package.nls.json', JSON.stringify(nls));
        }),
        { repo: undefined },
      ).filter((p) => !p.includes('differs from the repository'));
    };
    assert.match(bad((m) => (m.publisher = 'sentry explorer')).join('\n'), /publisher "sentry explorer" is not a valid Open VSX namespace/);
    assert.match(bad((m) => (m.version = 'latest')).join('\n'), /version "latest" is not a semantic version/);
    assert.match(bad((m) => (m.version = '1.0')).join('\n'), /version "1\.0" is not a semantic version/);
    assert.match(bad((m) => delete m.license).join('\n'), /no license/);
    assert.match(bad((m) => (m.repository = { type: 'git', url: 'github.com/x/y' })).join('\n'), /repository "github\.com\/x\/y" is not an absolute http\(s\) URL/);
    assert.match(bad((m) => delete m.bugs).join('\n'), /bugs is missing/);
    assert.match(bad((_m, nls) => (nls.description = 'x'.repeat(2049))).join('\n'), /description has 2049 characters, over Open VSX's 2048/);
    assert.match(bad((_m, nls) => (nls.displayName = 'Sentry\u0000Explorer')).join('\n'), /displayName holds a control or format character/);
    assert.match(bad((_m, nls) => delete nls.displayName).join('\n'), /displayName is empty \(or its %key% is not in package\.nls\.json\)/);
    assert.match(bad((m) => (m.enabledApiProposals = ['chatProvider'])).join('\n'), /proposed APIs \(chatProvider\)/);
    assert.match(bad((m) => (m.galleryBanner = { color: '#362D59', theme: 'grey' })).join('\n'), /galleryBanner\.theme is neither dark nor light/);
  });

  it('extension.vsixmanifest must name the same extension and version', () => {
    const entries = vsix();
    entries.set('extension.vsixmanifest', Buffer.from('<Identity Id="other" Version="0.0.1" Publisher="someone" />'));
    assert.deepEqual(check(entries), [`extension.vsixmanifest names someone.other 0.0.1, package.json ${repoManifest.publisher}.${repoManifest.name} ${repoManifest.version}`]);
  });
});

describe('checkVsix: the load budget (what a host bundle runs while VS Code starts it, counted)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'sentry-explorer-load-budget-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const bundle = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it("the package's host bundles are package.json's main and browser", () => {
    assert.deepEqual(hostBundles(repoManifest), ['dist/extension.js', 'dist/web/extension.js']);
  });

  it('a bundle that only registers passes; the same count on every run', async () => {
    const quiet = bundle('quiet.js', 'exports.activate = () => {};');
    const count = await countLoad(quiet);
    // The module's own top level and activate() itself: one call each.
    assert.deepEqual({ ...count, log: [] }, { loadCalls: 1, activateCalls: 1, intlObjects: 0, nodeModules: [], log: [] });
    assert.deepEqual(await countLoad(quiet), count);
    assert.deepEqual(loadProblems('dist/extension.js', count), []);
  });

  it('work at load, in activate(), an Intl formatter and Node modules pulled in are each counted and named', async () => {
    const busy = bundle(
      'busy.js',
      [
        'const f = () => 1;',
        `for (let i = 0; i < ${BUDGET.load.loadCalls}; i++) f();`,
        "const fmt = new Intl.NumberFormat('en');",
        // What ofetch did: reading Headers makes Node load its fetch.
        'globalThis.Headers;',
        `exports.activate = () => { for (let i = 0; i < ${BUDGET.load.activateCalls}; i++) f(); return fmt; };`,
      ].join('\n'),
    );
    const count = await countLoad(busy);
    assert.equal(count.loadCalls, BUDGET.load.loadCalls + 1);
    assert.equal(count.activateCalls, BUDGET.load.activateCalls + 1);
    assert.equal(count.intlObjects, 1);
    assert.ok(count.nodeModules.length > 0, 'Node loaded its fetch');
    const problems = loadProblems('dist/web/extension.js', count).join('\n');
    assert.match(problems, /dist\/web\/extension\.js makes \d+ JavaScript calls while it loads, over the budget/);
    assert.match(problems, /activate\(\) makes \d+ JavaScript calls, over the budget/);
    assert.match(problems, /makes 1 Intl object\(s\) while it loads and activates/);
    assert.match(problems, /makes Node load \d+ module\(s\) of its own while it loads \(NativeModule /);
  });
});
