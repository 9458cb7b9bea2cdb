// The line since the release (src/releases/core/lineHistory.ts) against a real repository: the sandbox's
// sample workspace as gitHistory.ts builds it, through a HistoryGit over git itself (the extension uses
// VS Code's git extension instead; the same git commands underneath).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lineSinceRelease, type HistoryGit } from '../../../src/releases/core/lineHistory';
import { createGitWorkspace, readHistory, type HistoryCommit as SandboxCommit } from '../../sandbox/gitHistory';

function gitOf(dir: string): HistoryGit {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return {
    async commit(ref) {
      try {
        const [hash, authorName, message] = git('show', '-s', '--format=%H%x00%an%x00%s', ref, '--').trim().split('\0');
        return { hash, authorName, message };
      } catch {
        return undefined;
      }
    },
    async mergeBase(a, b) {
      try {
        return git('merge-base', a, b).trim();
      } catch {
        return undefined;
      }
    },
    async commitsSince(since, p) {
      const out = git('log', '--reverse', '--ancestry-path', '--format=%H%x00%an%x00%s', `${since}..HEAD`, '--', p).trim();
      return out ? out.split('\n').map((l) => ((h, a, m) => ({ hash: h, authorName: a, message: m }))(...(l.split('\0') as [string, string, string]))) : [];
    },
    async diff(a, b, p) {
      return git('diff', `${a}...${b}`, '--', p);
    },
  };
}

describe('the line since the release, in a real repository', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'line-history-'));
  const dir = createGitWorkspace(path.join(tmp, 'ws'));
  const history = readHistory(dir);
  const sha = (key: SandboxCommit['key']) => history.find((c) => c.key === key)!.sha;
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('the checkout line changed after release 2.11.0, in the commit that divided the percentage, by its author', async () => {
    const r = await lineSinceRelease(gitOf(dir), 'src/app/checkout.ts', sha('discount'), 'web-frontend@2.11.0', 23);
    assert.deepEqual(r, {
      kind: 'changed',
      release: 'web-frontend@2.11.0',
      commit: { id: sha('divide'), shortId: sha('divide').slice(0, 7), author: 'Margaret Hamilton', message: 'Divide discount percentages instead of scaling them' },
    });
  });

  it('since 2.0.0 the first change of that line is 2.11.0 itself; other lines are unchanged', async () => {
    const g = gitOf(dir);
    const r = await lineSinceRelease(g, 'src/app/checkout.ts', sha('import'), 'web-frontend@2.0.0', 23);
    assert.equal(r?.kind === 'changed' && r.commit.id, sha('discount'));
    assert.deepEqual(await lineSinceRelease(g, 'src/app/checkout.ts', sha('discount'), 'v', 33), { kind: 'unchanged', release: 'v', line: 33 });
    assert.deepEqual(await lineSinceRelease(g, 'src/components/Cart.tsx', sha('discount'), 'v', 46), { kind: 'unchanged', release: 'v', line: 46 });
  });

  it('a release commit the checkout does not have, or that is not in its history', async () => {
    const g = gitOf(dir);
    assert.deepEqual(await lineSinceRelease(g, 'src/app/checkout.ts', 'f'.repeat(40), 'api@1', 23), { kind: 'notInHistory', release: 'api@1' });
    // A commit on a branch HEAD does not contain.
    execFileSync('git', ['checkout', '-q', '-b', 'side', sha('currency')], { cwd: dir });
    const side = sha('discount');
    execFileSync('git', ['checkout', '-q', 'main'], { cwd: dir });
    execFileSync('git', ['checkout', '-q', sha('currency')], { cwd: dir });
    assert.deepEqual(await lineSinceRelease(g, 'src/app/checkout.ts', side, 'web@2.11.0', 23), { kind: 'notInHistory', release: 'web@2.11.0' });
    execFileSync('git', ['checkout', '-q', 'main'], { cwd: dir });
  });
});
