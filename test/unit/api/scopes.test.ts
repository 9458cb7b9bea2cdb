// Scopes in one normal form, compared as sets, and what a new sign-in asks for.
import assert from 'node:assert/strict';
import { missingScopes, preferredScope, scopesSatisfy, scopesToRequest, splitScopes, unmetVersions } from '../../../src/api/scopes';

describe('scopes', () => {
  it("splitScopes: a token response's scope string (spaces or commas) or a list, trimmed, de-duplicated, sorted", () => {
    assert.deepEqual(splitScopes('project:read org:read,event:read  org:read'), ['event:read', 'org:read', 'project:read']);
    assert.deepEqual(splitScopes([' b ', 'a', '', 'b']), ['a', 'b']);
    assert.deepEqual(splitScopes(undefined), []);
    assert.deepEqual(splitScopes(''), []);
  });

  it('scopesSatisfy: every requested scope is held, whatever the order; unknown grants match anything', () => {
    assert.ok(scopesSatisfy(['a', 'b', 'c'], ['c', 'a']));
    assert.ok(!scopesSatisfy(['a'], ['a', 'b']));
    assert.ok(scopesSatisfy(['a'], []));
    assert.ok(scopesSatisfy([], ['a'], false));
  });

  it('missingScopes: the asked-for scopes a credential lacks, a stronger level of a resource covering a weaker one', () => {
    assert.deepEqual(missingScopes(['event:read', 'org:read', 'project:read'], ['org:read', 'project:read', 'event:read']), []);
    assert.deepEqual(missingScopes(['org:read'], ['project:read', 'org:read', 'event:read']), ['event:read', 'project:read']);
    assert.deepEqual(missingScopes(['event:read', 'org:read', 'project:read'], ['event:read', 'event:write', 'org:read', 'project:read']), ['event:write']);
    // write covers read, admin covers both; a weaker level never covers a stronger one.
    assert.deepEqual(missingScopes(['event:write', 'org:admin'], ['event:read', 'org:read', 'org:write']), []);
    assert.deepEqual(missingScopes(['member:read'], ['member:write']), ['member:write']);
    // Another resource's level covers nothing; names without a level match only themselves.
    assert.deepEqual(missingScopes(['project:admin', 'openid'], ['event:read', 'openid', 'email']), ['email', 'event:read']);
    assert.deepEqual(missingScopes([], []), []);
  });

  it('unmetVersions: the server versions whose scopes a credential lacks (a stronger level covering a weaker one); all while its scopes are unknown', () => {
    const byVersion = [
      ['event:read', 'event:write', 'event:admin'],
      ['project:read', 'project:write', 'project:admin'],
    ];
    assert.deepEqual(unmetVersions(byVersion, ['org:read', 'event:read']), [byVersion[1]]);
    assert.deepEqual(unmetVersions(byVersion, ['project:admin']), [byVersion[0]]);
    assert.deepEqual(unmetVersions(byVersion, ['event:write', 'project:read']), []);
    assert.deepEqual(unmetVersions(byVersion, ['org:read']), byVersion);
    assert.deepEqual(unmetVersions(byVersion, undefined), byVersion);
  });

  it('preferredScope: of scopes any one of which will do, a :read one, else the first', () => {
    assert.equal(preferredScope(['project:admin', 'project:write', 'project:read']), 'project:read');
    assert.equal(preferredScope(['event:admin', 'event:write']), 'event:admin');
  });

  it('scopesToRequest: configured + current + extra + the least powerful needed one, in normal form', () => {
    assert.deepEqual(scopesToRequest({ configured: ['org:read', 'project:read'], current: ['event:read', 'org:read'], extra: ['member:read'], needed: ['event:admin', 'event:write', 'event:read'] }), [
      'event:read',
      'member:read',
      'org:read',
      'project:read',
    ]);
    assert.deepEqual(scopesToRequest({ configured: ['org:read'], needed: ['project:write', 'project:admin'] }), ['org:read', 'project:write']);
    assert.deepEqual(scopesToRequest({ configured: ['org:read'], needed: [] }), ['org:read'], 'nothing needed adds nothing');
  });

  it('scopesToRequest: when the union is empty, the configured list as it is', () => {
    assert.deepEqual(scopesToRequest({ configured: [] }), []);
    assert.deepEqual(scopesToRequest({ configured: ['org:read'], current: [], extra: [' '] }), ['org:read']);
  });
});
