// Provenance as the panel, hover and AI show it (src/contracts/provenance.ts): bounded one-line text,
// and a commit link only for a plain https commit page of a known host.
import assert from 'node:assert/strict';
import { commitView, commitWebUrl, oneLine, ownerNames, releaseCommitId, releaseView, suspectViews } from '../../../src/contracts/provenance';

const SHA = 'b8410897535de188bb9dc46b7a535425e9b96f38';

describe('provenance views', () => {
  it('commit links: https pages of GitHub, GitLab and Bitbucket repositories only', () => {
    assert.equal(commitWebUrl({ url: 'https://github.com/acme/web-frontend' }, SHA), `https://github.com/acme/web-frontend/commit/${SHA}`);
    assert.equal(commitWebUrl({ url: 'https://gitlab.com/group/sub/app/' }, SHA.toUpperCase()), `https://gitlab.com/group/sub/app/commit/${SHA}`);
    assert.equal(commitWebUrl({ url: 'https://bitbucket.org/acme/app' }, SHA), `https://bitbucket.org/acme/app/commits/${SHA}`);
    for (const url of [
      'http://github.com/acme/app',
      'javascript:alert(1)//github.com/a/b',
      'https://evil.example/acme/app',
      'https://github.com.evil.example/acme/app',
      'https://user:pw@github.com/acme/app',
      'https://github.com:8443/acme/app',
      'https://github.com/acme/app?x=1',
      'https://github.com/acme',
      'https://github.com/acme/../../login',
      'https://github.com/acme/%2e%2e/x',
      'command:workbench.action.terminal.new',
      'vscode://file/etc/passwd',
      '',
    ]) {
      assert.equal(commitWebUrl({ url }, SHA), undefined, url);
    }
    assert.equal(commitWebUrl({ url: 'https://github.com/acme/app' }, 'not-a-sha/../x'), undefined);
    assert.equal(commitWebUrl({ url: null }, SHA), undefined);
  });

  it('server text is one bounded line without controls', () => {
    assert.equal(oneLine('Fix it\n\nlong body'), 'Fix it');
    assert.equal(oneLine('a\u202eb\u0007c'), 'a b c');
    assert.equal(oneLine('x'.repeat(500))!.length, 200);
    assert.equal(oneLine('   '), undefined);
    assert.equal(oneLine(42), undefined);
  });

  it('suspect commits: one per id, the short id, the first line of the message, the committer when the commit names nobody', () => {
    const hostile = 'Show prices <img src=x onerror=alert(1)> [run](command:x)\n\nbody';
    const views = suspectViews([
      { author: { name: 'Grace Hopper', email: 'g@x' }, commits: [{ id: SHA, message: hostile, repository: { name: 'acme/web', url: 'https://github.com/acme/web' } }] },
      { author: { name: 'Other' }, commits: [{ id: SHA, message: 'dup' }] },
    ]);
    assert.deepEqual(views, [
      {
        id: SHA,
        shortId: 'b841089',
        message: 'Show prices <img src=x onerror=alert(1)> [run](command:x)',
        author: 'Grace Hopper',
        repository: 'acme/web',
        webUrl: `https://github.com/acme/web/commit/${SHA}`,
        suspectType: undefined,
      },
    ]);
    assert.equal(commitView({ id: '' }), undefined);
  });

  it('owners: #team and user names; releases and the commit they name', () => {
    assert.deepEqual(
      ownerNames([
        { type: 'team', id: '1', name: 'frontend' },
        { type: 'user', id: '2', name: null, email: 'a@b' },
        { type: 'team', id: '3', name: '' },
      ]),
      ['#frontend', 'a@b'],
    );
    const r = releaseView({ version: 'web@2.11.0', dateReleased: '2026-01-01T00:00:00Z', lastCommit: { id: SHA }, commitCount: 1 });
    assert.equal(r?.commit?.shortId, 'b841089');
    assert.equal(releaseCommitId(r), SHA);
    assert.equal(releaseCommitId(releaseView({ version: SHA })), SHA);
    assert.equal(releaseCommitId(releaseView({ version: 'web@1.0.0' })), undefined);
    assert.equal(releaseView({ version: '' }), undefined);
  });
});
