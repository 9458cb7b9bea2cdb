// Refresh across windows: the lease decisions and adopt-if-newer (pure), then two token managers
// (two windows) over ONE secret store against the sandbox, which revokes the whole token family
// when a refresh token is used twice.
import * as assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { HttpClient, OAuthEndpoints, SentryClient } from '../../../../src/api/index';
import { createPkcePair } from '../../../../src/auth/core/pkce';
import { decideLease, decodeLease, encodeLease, leaseKey, SecretRefreshLease, storedIsNewer } from '../../../../src/auth/core/refreshLease';
import { oauthTokensOf, SessionStore, sessionsKey, withTokens, type SecretStore, type StoredOAuthSession } from '../../../../src/auth/core/sessionCodec';
import { createState, readCallback } from '../../../../src/auth/core/state';
import { TokenManager, tokensFromResponse } from '../../../../src/auth/core/tokenManager';
import type { Sandbox } from '../../../sandbox/index';
import { withSandbox } from '../../withSandbox';

const SCOPES = ['event:read', 'org:read', 'project:read'];

describe('auth/refreshLease: decisions', () => {
  const NOW = 1_000_000;

  it("a free, own or expired lease may be taken; another owner's live lease is waited for until its deadline", () => {
    assert.deepEqual(decideLease(undefined, 'a', NOW), { kind: 'take' });
    assert.deepEqual(decideLease({ owner: 'a', deadline: NOW + 5000 }, 'a', NOW), { kind: 'take' });
    assert.deepEqual(decideLease({ owner: 'b', deadline: NOW }, 'a', NOW), { kind: 'take' }, 'expired: taken over');
    assert.deepEqual(decideLease({ owner: 'b', deadline: NOW + 5000 }, 'a', NOW), { kind: 'wait', until: NOW + 5000 });
  });

  it('a deadline far ahead (a skewed clock, a bad write) is waited for at most one lease', () => {
    assert.deepEqual(decideLease({ owner: 'b', deadline: NOW + 86_400_000 }, 'a', NOW, 30_000), { kind: 'wait', until: NOW + 30_000 });
  });

  it('a stored lease that does not parse counts as free', () => {
    assert.deepEqual(decodeLease(encodeLease({ owner: 'x', deadline: 5 })), { owner: 'x', deadline: 5 });
    for (const bad of [undefined, '', '{', '{"owner":""}', '{"owner":"x","deadline":"soon"}', 'null', '[]']) assert.equal(decodeLease(bad), undefined, String(bad));
    assert.notEqual(leaseKey('https://a.example/'), sessionsKey('https://a.example/'));
    assert.equal(leaseKey('https://a.example/'), leaseKey('https://a.example'));
  });

  it('stored tokens are adopted only when newer: never the stale pair a failed save left in the store', () => {
    assert.equal(storedIsNewer({ accessToken: 'at2', generation: 2 }, { accessToken: 'at1', generation: 1 }), true);
    assert.equal(storedIsNewer({ accessToken: 'at0', generation: 0 }, { accessToken: 'at1', generation: 1 }), false, 'stale store');
    assert.equal(storedIsNewer({ accessToken: 'at1', generation: 1 }, { accessToken: 'at1', generation: 1 }), false, 'the same');
    // Stored data from before the generation existed: another (older) window refreshed.
    assert.equal(storedIsNewer({ accessToken: 'atX' }, { accessToken: 'at0' }), true);
    assert.equal(storedIsNewer({ accessToken: 'at0', generation: 0 }, { accessToken: 'at1', generation: 0 }, true), false, 'ours is still to be saved');
  });
});

/** SecretStorage as VS Code shares it between the windows of a profile: one map, change events after each write. */
class SharedSecrets implements SecretStore {
  readonly map = new Map<string, string>();
  private readonly events = new EventEmitter();
  /** Makes the next `n` writes of the sessions key fail (a keyring hiccup). */
  failNextStores = 0;
  writes: string[] = [];

  async get(key: string) {
    await tick();
    return this.map.get(key);
  }
  async store(key: string, value: string) {
    await tick();
    if (key.includes('.sessions:') && this.failNextStores > 0) {
      this.failNextStores--;
      throw new Error('keyring hiccup');
    }
    this.writes.push(key);
    this.map.set(key, value);
    setImmediate(() => this.events.emit('change', { key }));
  }
  async delete(key: string) {
    await tick();
    this.map.delete(key);
    setImmediate(() => this.events.emit('change', { key }));
  }
  onDidChange(listener: (e: { key: string }) => unknown) {
    this.events.on('change', listener);
    return { dispose: () => void this.events.off('change', listener) };
  }
}

function tick(): Promise<void> {
  return new Promise((r) => setTimeout(r, 2));
}

describe('auth/refreshLease: two windows over one secret store, against the sandbox', function () {
  this.timeout(20_000);
  let sb: Sandbox;
  let oauth: OAuthEndpoints;

  withSandbox(
    { port: 0 },
    (s) => {
      sb = s;
    },
    { reset: 'never' },
  );
  beforeEach(() => {
    sb.control.reset();
    oauth = new OAuthEndpoints(new HttpClient({ baseUrl: sb.url, retries: 0 }), { clientId: sb.defaults.clientId });
  });

  /** A signed-in session (browser flow, auto-approved), stored with an access token that has expired. */
  async function storedSession(secrets: SharedSecrets): Promise<StoredOAuthSession> {
    sb.control.oauth.setAutoApprove(true);
    const pkce = await createPkcePair();
    const state = createState();
    const redirectUri = 'vscode://sentry-explorer.sentry-explorer/auth-callback';
    const res = await fetch(oauth.authorizeUrl({ scopes: SCOPES, redirectUri, state, codeChallenge: pkce.challenge }), { redirect: 'manual' });
    const cb = readCallback(state, new URL(res.headers.get('location')!).searchParams);
    const tokens = tokensFromResponse(await oauth.exchangeCode(cb.kind === 'code' ? cb.code : '', pkce.verifier, redirectUri), Date.now());
    const session: StoredOAuthSession = {
      kind: 'oauth',
      id: 's1',
      account: { id: 'user:1', label: 'someone@example.com' },
      scopes: SCOPES,
      scopesKnown: true,
      createdAt: Date.now(),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      // Past expiry: every window refreshes before its first request (VS Code restoring windows after 30 days).
      expiresAt: Date.now() - 1000,
    };
    await new SessionStore(secrets, sb.url).add(session);
    return session;
  }

  /** One window: its own token manager and lease owner, the shared store underneath; `beforeAcquire` runs as it goes for the lease. */
  function window(secrets: SharedSecrets, session: StoredOAuthSession, name: string, beforeAcquire?: () => Promise<void>) {
    const lease = new SecretRefreshLease(secrets, leaseKey(sb.url), [sessionsKey(sb.url)], { owner: name });
    const store = new SessionStore(secrets, sb.url);
    const failures: number[] = [];
    const m = new TokenManager({
      tokens: oauthTokensOf(session),
      refresh: (rt) => oauth.refresh(rt),
      persist: async (t) => {
        await store.update((list) => list.map((s) => (s.id === session.id && s.kind === 'oauth' ? withTokens(s, t) : s)));
      },
      reload: async () => {
        const s = (await store.load()).sessions.find((x) => x.id === session.id);
        return s?.kind === 'oauth' ? oauthTokensOf(s) : undefined;
      },
      lock: {
        acquire: async () => {
          await beforeAcquire?.();
          return lease.acquire();
        },
        release: () => lease.release(),
        waitForChange: (holder, until) => lease.waitForChange(holder, until),
      },
      sleep: async () => undefined,
      onPersistFailed: (attempt) => failures.push(attempt),
    });
    return { m, failures };
  }

  function refreshRequests(): number {
    return sb.control.requests.list({ path: '/oauth/token/' }).filter((r) => new URLSearchParams(r.body).get('grant_type') === 'refresh_token').length;
  }

  async function works(token: string): Promise<void> {
    const client = new SentryClient({ baseUrl: sb.url, retries: 0, credential: async () => ({ kind: 'bearer', token }) });
    assert.deepEqual(
      (await client.listOrganizations()).items.map((o) => o.slug),
      [sb.defaults.org],
    );
  }

  it('two windows refreshing at once: one refresh on the server, the other adopts its tokens, both stay signed in', async () => {
    const secrets = new SharedSecrets();
    const session = await storedSession(secrets);
    const a = window(secrets, session, 'window-a');
    const b = window(secrets, session, 'window-b');
    sb.control.requests.clear();
    const [ta, tb] = await Promise.all([a.m.accessToken(), b.m.accessToken()]);
    assert.equal(refreshRequests(), 1, 'exactly one refresh request');
    assert.equal(ta, tb, 'both windows use the same new access token');
    assert.notEqual(ta, session.accessToken);
    assert.equal(a.m.refreshCount + b.m.refreshCount, 1);
    assert.equal(a.m.adoptedCount + b.m.adoptedCount, 1, 'the other window adopted');
    await works(ta);
    const stored = (await new SessionStore(secrets, sb.url).load()).sessions[0] as StoredOAuthSession;
    assert.equal(stored.accessToken, ta);
    assert.equal(stored.generation, 1);
    assert.equal(secrets.map.has(leaseKey(sb.url)), false, 'the lease is given back');
  });

  it("a pair another window stored, adopted from the store's change event while this refresh went for the lease, is used: no second grant", async () => {
    const secrets = new SharedSecrets();
    const session = await storedSession(secrets);
    const b = window(secrets, session, 'window-b');
    const a = window(secrets, session, 'window-a', async () => {
      // Meanwhile window B refreshes and stores its pair, and the change event reaches this window
      // (SentryAuth.follow -> TokenManagers.follow -> TokenManager.adopt) before the lease is read.
      await b.m.accessToken();
      const stored = (await new SessionStore(secrets, sb.url).load()).sessions[0] as StoredOAuthSession;
      assert.equal(a.m.adopt(oauthTokensOf(stored)), true);
    });
    sb.control.requests.clear();
    const ta = await a.m.accessToken();
    assert.equal(refreshRequests(), 1, "one grant for one expiry: window B's");
    assert.equal(ta, b.m.current.accessToken, "window A uses window B's new token");
    assert.equal(a.m.refreshCount, 0);
    await works(ta);
  });

  it('a lease left by a window that died is taken over once its deadline passed', async () => {
    const secrets = new SharedSecrets();
    const session = await storedSession(secrets);
    await secrets.store(leaseKey(sb.url), encodeLease({ owner: 'dead-window', deadline: Date.now() + 300 }));
    const a = window(secrets, session, 'window-a');
    sb.control.requests.clear();
    const started = Date.now();
    const token = await a.m.accessToken();
    const waited = Date.now() - started;
    assert.ok(waited >= 250 && waited < 5000, `waited ${waited} ms for the dead lease`);
    assert.equal(refreshRequests(), 1);
    await works(token);
  });

  it('a save that fails once is retried; the rotated pair is stored and the next refresh uses it', async () => {
    const secrets = new SharedSecrets();
    const session = await storedSession(secrets);
    const a = window(secrets, session, 'window-a');
    secrets.failNextStores = 1;
    const t1 = await a.m.accessToken();
    assert.deepEqual(a.failures, [1], 'one failed attempt, then stored');
    const stored = (await new SessionStore(secrets, sb.url).load()).sessions[0] as StoredOAuthSession;
    assert.equal(stored.accessToken, t1);
    const t2 = await a.m.afterUnauthorized(t1);
    assert.ok(t2 && t2 !== t1);
    await works(t2);
  });

  it('when every save attempt fails, the unsaved pair is kept and used: the stale stored pair is never adopted, the spent refresh token never reused', async () => {
    const secrets = new SharedSecrets();
    const session = await storedSession(secrets);
    const a = window(secrets, session, 'window-a');
    secrets.failNextStores = 3;
    const t1 = await a.m.accessToken();
    assert.deepEqual(a.failures, [1, 2, 3]);
    assert.equal(a.m.hasUnsaved, true);
    assert.equal(((await new SessionStore(secrets, sb.url).load()).sessions[0] as StoredOAuthSession).accessToken, session.accessToken, 'the store still holds the spent pair');
    await works(t1);
    // The next refresh (a 401) while the keyring still fails: today's code re-read the stale pair
    // and reused the spent refresh token (invalid_grant, family revoked).
    secrets.failNextStores = 3;
    const t2 = await a.m.afterUnauthorized(t1);
    assert.deepEqual(a.failures, [1, 2, 3, 1, 2, 3], 'saving the kept pair failed again; the stale store was not adopted');
    assert.ok(t2 && t2 !== t1);
    await works(t2);
    const stored = (await new SessionStore(secrets, sb.url).load()).sessions[0] as StoredOAuthSession;
    assert.equal(stored.accessToken, t2, 'saved once the keyring works again');
    assert.equal(stored.generation, 2);
    assert.equal(a.m.hasUnsaved, false);
  });
});
