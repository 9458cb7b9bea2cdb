import assert from 'node:assert/strict';
import { repositoryName } from '../../../../src/triage/core/repositoryName';

describe('the repository name Sentry knows (resolve in a commit)', () => {
  it('takes owner/name from ssh, scp-like and https remotes', () => {
    assert.equal(repositoryName('git@github.com:acme/web.git'), 'acme/web');
    assert.equal(repositoryName('https://github.com/acme/web'), 'acme/web');
    assert.equal(repositoryName('https://user@gitlab.example.com/group/sub/web.git/'), 'sub/web');
    assert.equal(repositoryName('ssh://git@host:22/acme/web.git'), 'acme/web');
  });
  it('no remote, or one without owner and name: none', () => {
    assert.equal(repositoryName(undefined), undefined);
    assert.equal(repositoryName('/srv/git/web'), undefined);
    assert.equal(repositoryName('https://github.com/web'), undefined);
  });
});
