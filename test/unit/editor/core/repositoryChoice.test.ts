// Of same-named workspace files, the one in the repository a server names (Seer's changes name
// `owner/name`): src/editor/core/frameResolver.ts inRepository and mappingsOf.
import assert from 'node:assert/strict';
import { inRepository, mappingsOf } from '../../../../src/editor/core/frameResolver';

describe('frameResolver: the repository a server names', () => {
  const twins = [
    { folderName: 'web', path: 'src/app/store.ts' },
    { folderName: 'mobile', path: 'src/app/store.ts' },
  ];

  it('picks the only candidate whose workspace folder or first segment is called like the repository, whatever the case', () => {
    assert.equal(inRepository(twins, 'acme/mobile'), 1);
    assert.equal(inRepository(twins, 'acme/WEB'), 0);
    assert.equal(
      inRepository(
        [
          { folderName: 'monorepo', path: 'web/src/a.ts' },
          { folderName: 'monorepo', path: 'admin/src/a.ts' },
        ],
        'acme/admin',
      ),
      1,
    );
  });

  it('none when no repository is named, none matches, or several do', () => {
    assert.equal(inRepository(twins, undefined), undefined);
    assert.equal(inRepository(twins, ''), undefined);
    assert.equal(inRepository(twins, 'acme/backend'), undefined);
    assert.equal(
      inRepository(
        [
          { folderName: 'web', path: 'a.ts' },
          { folderName: 'web', path: 'b/a.ts' },
        ],
        'acme/web',
      ),
      undefined,
    );
  });

  it('keeps the code mappings of that repository (and those naming none); all of them when none is named', () => {
    const mappings = [
      { stackRoot: '/app/', sourceRoot: 'web/', repoName: 'acme/web' },
      { stackRoot: '/app/', sourceRoot: 'mobile/', repoName: 'acme/mobile' },
      { stackRoot: '/lib/', sourceRoot: 'lib/' },
    ];
    assert.deepEqual(
      mappingsOf(mappings, 'acme/mobile').map((m) => m.sourceRoot),
      ['mobile/', 'lib/'],
    );
    assert.equal(mappingsOf(mappings, undefined).length, 3);
  });
});
