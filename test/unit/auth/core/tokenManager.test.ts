import * as assert from 'node:assert/strict';
import { NetworkError, OAuthError } from '../../../../src/api/errors';
import type { TokenResponse } from '../../../../src/model/auth/schema';
import { RefreshRejectedError, TokenManager, tokensFromResponse, type OAuthTokens } from '../../../../src/auth/core/tokenManager';

const T0 = Date.parse('2030-01-01T00:00:00Z');

/** A fake token endpoint with rotation and family revocation, as real servers do it. */
function fakeServer() {
  let n = 0;
  const valid = new Set(['rt0']);
  const used = new Set<string>();
  const calls: string[] = [];
  return {
    calls,
    async refresh(rt: string): Promise<TokenResponse> {
      calls.push(rt);
      await new Promise((r) => setTimeout(r, 5));
      if (!valid.has(rt)) {
        if (used.has(rt)) valid.clear(); // reuse revokes the family
        throw new OAuthError('invalid_grant', undefined, 400, 'POST /oauth/token/');
      }
      valid.delete(rt);
      used.add(rt);
      n++;
      valid.add(`rt${n}`);
      return { access_token: `at${n}`, refresh_token: `rt${n}`, token_type: 'Bearer', scope: 'org:read event:read', expires_in: 3600, expires_at: new Date(T0 + 3600_000).toISOString() };
    },
  };
}

function manager(server = fakeServer(), over: Partial<OAuthTokens> = {}, now = () => T0) {
  const stored: OAuthTokens[] = [];
  const order: string[] = [];
  const m = new TokenManager({
    tokens: { accessToken: 'at0', refreshToken: 'rt0', expiresAt: T0 + 30 * 86400_000, ...over },
    refresh: (rt) => server.refresh(rt),
    persist: async (t) => {
      await new Promise((r) => setTimeout(r, 5));
      order.push(`persist ${t.refreshToken}`);
      stored.push(t);
    },
    now,
  });
  return { m, server, stored, order };
}

describe('auth/tokenManager: expiry, refresh and 401', () => {
  it('reads expires_at, else expires_in, from a token response', () => {
    const a = tokensFromResponse({ access_token: 'a', token_type: 'bearer', scope: 'b a', expires_at: '2030-01-01T00:00:10.123456Z', expires_in: 99 }, T0);
    assert.equal(a.expiresAt, Date.parse('2030-01-01T00:00:10.123Z'));
    assert.deepEqual(a.scopes, ['a', 'b']);
    const b = tokensFromResponse({ access_token: 'a', token_type: 'bearer', scope: '', expires_in: 60 }, T0, 'old');
    assert.equal(b.expiresAt, T0 + 60_000);
    assert.equal(b.refreshToken, 'old', 'a refresh answer without a refresh token keeps the old one');
  });

  it('ten concurrent 401s cause one refresh, and the rotated token is stored before anyone gets the new access token', async () => {
    const { m, server, stored, order } = manager();
    const results = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const token = await m.afterUnauthorized('at0');
        order.push(`use ${token}`);
        return token;
      }),
    );
    assert.deepEqual(results, Array(10).fill('at1'));
    assert.deepEqual(server.calls, ['rt0']);
    assert.equal(m.refreshCount, 1);
    assert.deepEqual(
      stored.map((t) => t.refreshToken),
      ['rt1'],
    );
    assert.equal(order[0], 'persist rt1');
    assert.equal(order.filter((o) => o === 'use at1').length, 10);
  });

  it('a 401 for a token older than the current one uses the current one without refreshing', async () => {
    const { m, server } = manager();
    await m.afterUnauthorized('at0');
    assert.equal(await m.afterUnauthorized('at0'), 'at1');
    assert.deepEqual(server.calls, ['rt0']);
  });

  it('successive refreshes rotate: each uses the refresh token the previous one returned', async () => {
    const { m, server, stored } = manager();
    await m.afterUnauthorized('at0');
    await m.afterUnauthorized('at1');
    await m.afterUnauthorized('at2');
    assert.deepEqual(server.calls, ['rt0', 'rt1', 'rt2']);
    assert.equal(m.current.accessToken, 'at3');
    assert.deepEqual(
      stored.map((s) => s.refreshToken),
      ['rt1', 'rt2', 'rt3'],
    );
  });

  it('refreshes shortly before expires_at, once, however many requests ask', async () => {
    let now = T0;
    const { m, server } = manager(undefined, { expiresAt: T0 + 10 * 60_000 }, () => now);
    assert.equal(await m.accessToken(), 'at0');
    now = T0 + 6 * 60_000; // 4 minutes left: inside the 5-minute skew
    const tokens = await Promise.all(Array.from({ length: 5 }, () => m.accessToken()));
    assert.deepEqual(tokens, Array(5).fill('at1'));
    assert.deepEqual(server.calls, ['rt0']);
  });

  it('a token that lives less than twice the skew is refreshed half-way through its life, once, not at every request', async () => {
    // A server whose tokens live one minute (the soak's): every grant answers expires_in 60.
    let now = T0;
    const calls: string[] = [];
    let n = 0;
    const m = new TokenManager({
      tokens: tokensFromResponse({ access_token: 'at0', refresh_token: 'rt0', token_type: 'bearer', scope: 'org:read', expires_in: 60 }, T0),
      refresh: async (rt) => {
        calls.push(rt);
        n++;
        return { access_token: `at${n}`, refresh_token: `rt${n}`, token_type: 'bearer', scope: 'org:read', expires_in: 60, expires_at: new Date(now + 60_000).toISOString() };
      },
      persist: async () => undefined,
      now: () => now,
    });
    for (const t of [1, 10, 29]) {
      now = T0 + t * 1000;
      assert.equal(await m.accessToken(), 'at0', `${t} s into a 60-second token: not due yet`);
    }
    now = T0 + 31_000;
    assert.equal(await m.accessToken(), 'at1', 'due half-way through its life');
    for (const t of [32, 45, 60]) {
      now = T0 + t * 1000;
      assert.equal(await m.accessToken(), 'at1', `${t} s: the new token is not due before 61 s`);
    }
    now = T0 + 62_000;
    assert.equal(await m.accessToken(), 'at2');
    assert.deepEqual(calls, ['rt0', 'rt1'], 'one grant per lifetime, not one per request');
  });

  it('a failed proactive refresh falls back to the unexpired token; once expired, it fails', async () => {
    let now = T0 + 6 * 60_000;
    const m = new TokenManager({
      tokens: { accessToken: 'at0', refreshToken: 'rt0', expiresAt: T0 + 10 * 60_000 },
      refresh: async () => {
        throw new NetworkError('http://x', 'connection refused');
      },
      persist: async () => {},
      now: () => now,
    });
    assert.equal(await m.accessToken(), 'at0');
    now = T0 + 11 * 60_000;
    await assert.rejects(m.accessToken(), NetworkError);
  });

  it('invalid_grant on refresh ends the session with RefreshRejectedError', async () => {
    const server = fakeServer();
    const { m } = manager(server, { refreshToken: 'stolen' });
    await assert.rejects(m.afterUnauthorized('at0'), RefreshRejectedError);
  });

  it('without a refresh token, a 401 cannot be recovered', async () => {
    const m = new TokenManager({ tokens: { accessToken: 'pat' }, refresh: async () => assert.fail('no refresh'), persist: async () => {} });
    assert.equal(await m.afterUnauthorized('pat'), undefined);
    assert.equal(await m.accessToken(), 'pat');
  });

  it('adopts tokens another window refreshed instead of reusing a dead refresh token', async () => {
    const server = fakeServer();
    // Window B refreshed: the store now holds at1/rt1, this window still has at0/rt0.
    const other = await server.refresh('rt0');
    let store: OAuthTokens = { accessToken: other.access_token, refreshToken: other.refresh_token, expiresAt: T0 + 3600_000 };
    const m = new TokenManager({
      tokens: { accessToken: 'at0', refreshToken: 'rt0', expiresAt: T0 + 3600_000 },
      refresh: (rt) => server.refresh(rt),
      persist: async (t) => {
        store = t;
      },
      reload: async () => store,
      now: () => T0,
    });
    assert.equal(await m.afterUnauthorized('at0'), 'at1');
    assert.deepEqual(server.calls, ['rt0'], 'no second use of rt0 (it would revoke the family)');
    assert.equal(await m.afterUnauthorized('at1'), 'at2');
    assert.deepEqual(server.calls, ['rt0', 'rt1']);
    assert.equal(store.refreshToken, 'rt2');
  });

  it('keeps the new tokens in memory when storing them fails, reports each attempt, and never falls back to the stale stored pair', async () => {
    const server = fakeServer();
    const stale: OAuthTokens = { accessToken: 'at0', refreshToken: 'rt0', generation: 0 };
    let failing = true;
    let stored = stale;
    const failures: number[] = [];
    const m = new TokenManager({
      tokens: stale,
      refresh: (rt) => server.refresh(rt),
      persist: async (t) => {
        if (failing) throw new Error('keyring locked');
        stored = t;
      },
      reload: async () => stored,
      sleep: async () => undefined,
      onPersistFailed: (attempt) => failures.push(attempt),
    });
    assert.equal(await m.afterUnauthorized('at0'), 'at1', 'the new token is used although it could not be stored');
    assert.deepEqual(failures, [1, 2, 3], 'a bounded number of attempts');
    assert.equal(m.hasUnsaved, true);
    assert.equal(m.current.refreshToken, 'rt1');
    assert.equal(m.adopt(stale), false, 'the stale pair (a store change event) is not adopted');
    assert.equal(await m.afterUnauthorized('at1'), 'at2');
    assert.deepEqual(server.calls, ['rt0', 'rt1'], 'rt0 is never sent again');
    failing = false;
    await m.accessToken();
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(stored.refreshToken, 'rt2', 'saved in the background once the keyring works');
    assert.equal(stored.generation, 2);
    assert.equal(m.hasUnsaved, false);
  });
});
