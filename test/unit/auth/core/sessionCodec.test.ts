import * as assert from 'node:assert/strict';
import {
  clientSecretKey,
  decodeSessions,
  encodeSessions,
  oauthTokensOf,
  SessionStore,
  sessionsKey,
  withTokens,
  type StoredOAuthSession,
  type StoredSession,
} from '../../../../src/auth/core/sessionCodec';
import { needsInsecureConfirmation, stepPage } from '../../../../src/auth/core/urlSafety';
import { scopesSatisfy } from '../../../../src/api/scopes';

class MemorySecrets {
  readonly map = new Map<string, string>();
  readonly log: string[] = [];
  async get(k: string) {
    return this.map.get(k);
  }
  async store(k: string, v: string) {
    this.log.push(`store ${k}`);
    this.map.set(k, v);
  }
  async delete(k: string) {
    this.log.push(`delete ${k}`);
    this.map.delete(k);
  }
}

const oauth: StoredSession = {
  kind: 'oauth',
  id: 's1',
  account: { id: 'u1', label: 'Jane <jane@example.com>' },
  scopes: ['event:read', 'org:read'],
  scopesKnown: true,
  createdAt: 1,
  accessToken: 'at',
  refreshToken: 'rt',
  expiresAt: 123,
  via: 'device',
};
const apiKey: StoredSession = { kind: 'apiKey', id: 's2', account: { id: 'k', label: 'API key for acme' }, scopes: [], scopesKnown: false, createdAt: 2, apiKey: 'key' };

describe('auth/sessionCodec', () => {
  it('keys include the base URL, normalized', () => {
    assert.equal(sessionsKey('https://sentry.io/'), 'sentryExplorer.auth.sessions:https://sentry.io');
    assert.equal(sessionsKey('https://SENTRY.example.com:443/x/'), 'sentryExplorer.auth.sessions:https://sentry.example.com/x');
    assert.notEqual(sessionsKey('https://a.example'), sessionsKey('https://b.example'));
    assert.equal(clientSecretKey('http://127.0.0.1:9000', 'cid'), 'sentryExplorer.auth.clientSecret:http://127.0.0.1:9000:cid');
  });

  it('round-trips sessions of every kind', () => {
    const text = encodeSessions([oauth, apiKey]);
    assert.deepEqual(decodeSessions(text), { sessions: [oauth, apiKey], dropped: 0, corrupt: false });
  });

  it("keeps a token's lifetime, so that the window that adopts a refreshed pair refreshes it when its writer would", () => {
    const refreshed = withTokens(oauth as StoredOAuthSession, { accessToken: 'at2', refreshToken: 'rt2', expiresAt: 1_060_000, lifetimeMs: 60_000, generation: 2 }, 1_000_000);
    const read = decodeSessions(encodeSessions([refreshed])).sessions[0] as StoredOAuthSession;
    assert.equal(oauthTokensOf(read).lifetimeMs, 60_000);
    // Stored by a version that did not keep it: what was left when it was stored.
    const { lifetimeMs: _gone, ...older } = read;
    assert.equal(oauthTokensOf(older).lifetimeMs, 60_000);
    assert.equal(oauthTokensOf({ ...older, refreshedAt: undefined, createdAt: 1_000_000 }).lifetimeMs, 60_000, 'never refreshed: from its sign-in');
    assert.equal(oauthTokensOf({ ...older, expiresAt: undefined }).lifetimeMs, undefined);
  });

  for (const [name, text] of [
    ['not JSON', '{"version":1,'],
    ['the wrong shape', '[1,2,3]'],
    ['an unknown version', JSON.stringify({ version: 2, sessions: [oauth] })],
    ['only bad entries', JSON.stringify({ version: 1, sessions: [{ kind: 'oauth', id: 'x' }] })],
    ['a decryption failure', '\u0000'],
  ] as const) {
    it(`treats ${name} as corrupt`, () => {
      const r = decodeSessions(text);
      assert.equal(r.corrupt, true);
      assert.deepEqual(r.sessions, []);
    });
  }

  it('keeps the good entries and drops the bad', () => {
    const r = decodeSessions(JSON.stringify({ version: 1, sessions: [oauth, { kind: 'token', id: 'x' }, { ...apiKey, apiKey: '' }] }));
    assert.deepEqual(r.sessions, [oauth]);
    assert.equal(r.dropped, 2);
    assert.equal(r.corrupt, false);
  });

  describe('SessionStore', () => {
    it('deletes an unparseable secret and reports it, without throwing', async () => {
      const secrets = new MemorySecrets();
      const store = new SessionStore(secrets, 'https://sentry.io');
      secrets.map.set(store.key, 'garbage{');
      const r = await store.load();
      assert.deepEqual(r, { sessions: [], discarded: 1 });
      assert.equal(secrets.map.has(store.key), false);
    });

    it('rewrites the value without the entries that did not parse', async () => {
      const secrets = new MemorySecrets();
      const store = new SessionStore(secrets, 'https://sentry.io');
      secrets.map.set(store.key, JSON.stringify({ version: 1, sessions: [oauth, { nope: 1 }] }));
      assert.deepEqual(await store.load(), { sessions: [oauth], discarded: 1 });
      assert.deepEqual(decodeSessions(secrets.map.get(store.key)).sessions, [oauth]);
    });

    it('a keyring that fails to decrypt counts as unparseable', async () => {
      const secrets = new MemorySecrets();
      secrets.get = async () => {
        throw new Error('decrypt failed');
      };
      const store = new SessionStore(secrets, 'https://sentry.io');
      assert.deepEqual(await store.load(), { sessions: [], discarded: 1 });
    });

    it('keeps one account per server: a new sign-in replaces the old one; removing deletes every secret', async () => {
      const secrets = new MemorySecrets();
      const store = new SessionStore(secrets, 'https://sentry.io');
      await store.add(oauth);
      await store.add(apiKey);
      assert.deepEqual(
        (await store.load()).sessions.map((s) => s.id),
        ['s2'],
      );
      assert.doesNotMatch(secrets.map.get(store.key)!, /"at"|"rt"/, 'the old tokens are gone');
      await store.replace({ ...apiKey, apiKey: 'key2' });
      assert.deepEqual((await store.load()).sessions[0], { ...apiKey, apiKey: 'key2' });
      await store.remove('s2');
      assert.equal(secrets.map.size, 0, 'the key is deleted with its last session');
    });

    it('serializes concurrent updates (a refresh is not lost to a parallel write)', async () => {
      const secrets = new MemorySecrets();
      const store = new SessionStore(secrets, 'https://sentry.io');
      await store.add(oauth);
      await Promise.all(Array.from({ length: 5 }, (_, i) => store.update((list) => list.map((s) => ({ ...s, scopes: [...s.scopes, `x${i}`] })))));
      assert.deepEqual((await store.load()).sessions[0].scopes, ['event:read', 'org:read', 'x0', 'x1', 'x2', 'x3', 'x4']);
    });

    it('keeps servers apart', async () => {
      const secrets = new MemorySecrets();
      await new SessionStore(secrets, 'https://a.example').add(oauth);
      assert.deepEqual((await new SessionStore(secrets, 'https://b.example').load()).sessions, []);
    });
  });
});

describe('auth/urlSafety', () => {
  it('asks before sending credentials over plain http to anything but loopback', () => {
    assert.equal(needsInsecureConfirmation('https://sentry.io'), false);
    assert.equal(needsInsecureConfirmation('http://127.0.0.1:9000'), false);
    assert.equal(needsInsecureConfirmation('http://localhost:9000'), false);
    assert.equal(needsInsecureConfirmation('http://[::1]:9000'), false);
    assert.equal(needsInsecureConfirmation('http://sentry.internal'), true);
    assert.equal(needsInsecureConfirmation('http://10.0.0.5'), true);
    assert.equal(needsInsecureConfirmation('http://localhost.evil.com'), true);
  });

  it('counts only literal loopback as loopback: a name under .localhost resolves through DNS and needs the confirmation', () => {
    assert.equal(needsInsecureConfirmation('http://evil.localhost'), true);
    assert.equal(needsInsecureConfirmation('http://a.b.localhost:9000'), true);
    assert.equal(needsInsecureConfirmation('http://127.8.9.10'), false);
  });

  it("a step the server asks for (SSO, 2FA, sudo) opens only a page on the server's own origin", () => {
    const base = 'https://sentry.example.com';
    assert.equal(stepPage('/auth/login/acme/', base)?.href, 'https://sentry.example.com/auth/login/acme/');
    assert.equal(stepPage('https://sentry.example.com/account/settings/security/', base)?.href, 'https://sentry.example.com/account/settings/security/');
    for (const hostile of [
      '//evil.example/x',
      'https://evil.example/auth/login/',
      'command:workbench.action.terminal.sendSequence?%7B%7D',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://sentry.io/auth/login/',
    ]) {
      assert.equal(stepPage(hostile, base)?.href, 'https://sentry.example.com/auth/login/', hostile);
    }
    assert.equal(stepPage(undefined, 'http://127.0.0.1:9000')?.href, 'http://127.0.0.1:9000/auth/login/');
  });

  it('matches scopes as sets, whatever the order', () => {
    assert.ok(scopesSatisfy(['a', 'b', 'c'], ['c', 'a']));
    assert.ok(!scopesSatisfy(['a'], ['a', 'b']));
    assert.ok(scopesSatisfy(['a'], undefined));
    assert.ok(scopesSatisfy([], ['a'], false), 'unknown scopes match anything');
  });
});
