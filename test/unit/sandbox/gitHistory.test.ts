// The sample workspace as a git repository (test/sandbox/gitHistory.ts): built at test time, its HEAD
// the shipped workspace, its SHAs the same on every build, and each step's line where blame finds it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createGitWorkspace, editedLines, HISTORY, readHistory } from '../../sandbox/gitHistory';
import { WORKSPACE_DIR } from '../../sandbox';

describe('sandbox: the sample workspace as a git repository', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'git-history-test-'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('two builds have the same SHAs; the working tree is the shipped workspace, clean', () => {
    const a = readHistory(createGitWorkspace(path.join(tmp, 'a')));
    const b = readHistory(createGitWorkspace(path.join(tmp, 'b')));
    assert.deepEqual(
      a.map((c) => c.sha),
      b.map((c) => c.sha),
    );
    assert.equal(a.length, HISTORY.length);
    assert.equal(execFileSync('git', ['status', '--porcelain'], { cwd: path.join(tmp, 'a'), encoding: 'utf8' }), '');
    for (const file of ['src/app/checkout.ts', 'src/components/Cart.tsx']) {
      assert.equal(fs.readFileSync(path.join(tmp, 'a', file), 'utf8'), fs.readFileSync(path.join(WORKSPACE_DIR, file), 'utf8'));
    }
  });

  it("a test's workspace settings left in the folder change no SHA", () => {
    const src = path.join(tmp, 'src-with-settings');
    fs.cpSync(WORKSPACE_DIR, src, { recursive: true });
    fs.mkdirSync(path.join(src, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(src, '.vscode', 'settings.json'), '{"sentryExplorer.projects": ["x"]}');
    const withSettings = readHistory(createGitWorkspace(path.join(tmp, 'c'), src));
    assert.deepEqual(
      withSettings.map((c) => c.sha),
      readHistory(path.join(tmp, 'a')).map((c) => c.sha),
    );
  });

  it('git blame names the step editedLines says changed each line', () => {
    const dir = path.join(tmp, 'a');
    const history = readHistory(dir);
    const lines = editedLines((rel) => fs.readFileSync(path.join(WORKSPACE_DIR, rel), 'utf8'));
    const divide = lines.get('divide')![0];
    assert.deepEqual(divide, { file: 'src/app/checkout.ts', line: 23 });
    const blame = execFileSync('git', ['blame', '--porcelain', '-L', `${divide.line},${divide.line}`, '--', divide.file], { cwd: dir, encoding: 'utf8' });
    assert.equal(blame.slice(0, 40), history.find((c) => c.key === 'divide')!.sha);
    assert.deepEqual(lines.get('discount'), [{ file: 'src/app/checkout.ts', line: 23 }]);
  });
});
