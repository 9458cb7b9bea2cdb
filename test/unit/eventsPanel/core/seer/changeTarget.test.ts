// Which workspace file a Seer change writes (issue 42, part 2): the file at exactly the change's path
// in the repository Seer names, found by a folder named like it or its code mappings, never by its
// name alone; a new file only in an existing folder; the folder of a multi-root workspace kept.
import * as assert from 'node:assert/strict';
import { findRepoRoots, resolveChangeTarget, type DirEntry, type WorkspaceTree } from '../../../../../src/eventsPanel/core/seer/changeTarget';

/** A workspace of folders, each a list of its files; a name ending in `@` is a symbolic link. */
function tree(folders: Record<string, string[]>): WorkspaceTree {
  const names = Object.keys(folders);
  return {
    folders: names.map((name) => ({ name })),
    async list(folder: number, dir: readonly string[]): Promise<readonly DirEntry[] | undefined> {
      const out = new Map<string, DirEntry['kind']>();
      let exists = dir.length === 0;
      for (const file of folders[names[folder]]) {
        const segments = file.split('/');
        const plain = segments.map((s) => s.replace(/@$/, ''));
        if (plain.length <= dir.length || dir.some((d, i) => plain[i] !== d)) continue;
        exists = true;
        const here = segments[dir.length];
        out.set(plain[dir.length], here.endsWith('@') ? 'link' : dir.length === segments.length - 1 ? 'file' : 'dir');
      }
      return exists ? [...out].map(([name, kind]) => ({ name, kind })) : undefined;
    },
  };
}

async function target(t: WorkspaceTree, repo: string, path: string, kind: 'add' | 'modify' | 'delete' = 'modify', mappings: { sourceRoot: string; repoName?: string }[] = []) {
  const r = await resolveChangeTarget({ path, kind }, await findRepoRoots(repo, t, mappings), t);
  return r.kind === 'file' ? `${t.folders[r.folder].name}:${r.path.join('/')}` : r.reason;
}

describe('Seer: the workspace file a change writes', () => {
  it('is the file at exactly its path in the folder named like the repository', async () => {
    const t = tree({ 'web-frontend': ['src/app/checkout.ts', '.vscode/settings.json', '.husky/pre-commit'] });
    assert.equal(await target(t, 'acme/web-frontend', 'src/app/checkout.ts'), 'web-frontend:src/app/checkout.ts');
    assert.equal(await target(t, 'acme/Web-Frontend', 'src/app/checkout.ts'), 'web-frontend:src/app/checkout.ts', 'the repository name, case aside');
  });

  it('is never a file of the same name elsewhere: not found instead', async () => {
    const t = tree({ 'web-frontend': ['src/app/checkout.ts', '.vscode/settings.json', '.husky/pre-commit'] });
    assert.equal(await target(t, 'acme/web-frontend', 'config/settings.json'), 'no-file');
    assert.equal(await target(t, 'acme/web-frontend', 'hooks/pre-commit'), 'no-file');
    assert.equal(await target(t, 'acme/web-frontend', 'settings.json'), 'no-file');
    assert.equal(await target(t, 'acme/web-frontend', 'src/app/Checkout.ts'), 'no-file', 'case counts');
    assert.equal(await target(t, 'acme/web-frontend', 'app/checkout.ts'), 'no-file', 'a path ending is not the path');
  });

  it('is in a top-level folder named like the repository, or the folder holding its code mappings', async () => {
    const mono = tree({ work: ['web-frontend/src/a.ts', 'api/src/a.ts'] });
    assert.equal(await target(mono, 'acme/web-frontend', 'src/a.ts'), 'work:web-frontend/src/a.ts');
    const cloned = tree({ workspace: ['src/app/checkout.ts', 'server/api/users.py'] });
    assert.equal(await target(cloned, 'acme/web-frontend', 'src/app/checkout.ts'), 'no-repo', 'no name, no mapping: not guessed');
    const mapped = [{ sourceRoot: 'src/', repoName: 'acme/web-frontend' }];
    assert.equal(await target(cloned, 'acme/web-frontend', 'src/app/checkout.ts', 'modify', mapped), 'workspace:src/app/checkout.ts');
    assert.equal(await target(cloned, 'acme/web-frontend', 'src/app/checkout.ts', 'modify', [{ sourceRoot: 'src/', repoName: 'acme/other' }]), 'no-repo', "another repository's mapping says nothing");
    assert.equal(await target(cloned, 'acme/web-frontend', 'src/app/checkout.ts', 'modify', [{ sourceRoot: 'lib/', repoName: 'acme/web-frontend' }]), 'no-repo');
  });

  it('keeps the folder in a multi-root workspace: the repository named, never the first folder', async () => {
    const t = tree({ api: ['src/app/checkout.ts'], 'web-frontend': ['src/app/checkout.ts'] });
    assert.equal(await target(t, 'acme/web-frontend', 'src/app/checkout.ts'), 'web-frontend:src/app/checkout.ts');
    assert.equal(await target(t, 'acme/api', 'src/app/checkout.ts'), 'api:src/app/checkout.ts');
    const both = tree({ one: ['src/a.ts'], two: ['src/a.ts'] });
    assert.equal(await target(both, 'acme/web', 'src/a.ts', 'modify', [{ sourceRoot: 'src', repoName: 'acme/web' }]), 'several-repos', 'two folders could be it: neither is chosen');
    const twice = tree({ 'web-frontend': ['lib/a.ts'], other: ['web-frontend/src/a.ts'] });
    assert.equal(
      await target(twice, 'acme/web-frontend', 'src/a.ts', 'modify', [{ sourceRoot: 'src/', repoName: 'acme/web-frontend' }]),
      'other:web-frontend/src/a.ts',
      'two named: the mappings decide',
    );
  });

  it('puts a new file only into a folder the repository already has, never over a file', async () => {
    const t = tree({ 'web-frontend': ['src/app/checkout.ts', 'src/app/store.ts', '.vscode/settings.json'] });
    assert.equal(await target(t, 'acme/web-frontend', 'src/app/guard.ts', 'add'), 'web-frontend:src/app/guard.ts');
    assert.equal(await target(t, 'acme/web-frontend', '.vscode/tasks.json', 'add'), 'web-frontend:.vscode/tasks.json', 'found, and then sensitive');
    assert.equal(await target(t, 'acme/web-frontend', '.git/hooks/post-checkout', 'add'), 'no-folder');
    assert.equal(await target(t, 'acme/web-frontend', '.github/workflows/ci.yml', 'add'), 'no-folder');
    assert.equal(await target(t, 'acme/web-frontend', 'src/app/store.ts', 'add'), 'exists');
    assert.equal(await target(t, 'acme/web-frontend', 'src/app/Store.ts', 'add'), 'exists', 'a disk that ignores case would overwrite it');
    assert.equal(await target(t, 'acme/web-frontend', 'src/app', 'delete'), 'no-file', 'a folder is not a file');
  });

  it('refuses paths that are not plain, and symbolic links on the way', async () => {
    const t = tree({ 'web-frontend': ['src/a.ts', 'linked@/a.ts', 'src/link.ts@'] });
    assert.equal(await target(t, 'acme/web-frontend', '../etc/passwd'), 'bad-path');
    assert.equal(await target(t, 'acme/web-frontend', '/src/a.ts'), 'bad-path');
    assert.equal(await target(t, 'acme/web-frontend', 'linked/a.ts'), 'link');
    assert.equal(await target(t, 'acme/web-frontend', 'src/link.ts'), 'link');
    assert.equal(await target(t, 'acme/web-frontend', 'linked/b.ts', 'add'), 'link');
  });
});
