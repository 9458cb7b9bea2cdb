// The OAuth parts against the real sandbox server over HTTP (port 0): device flow with the
// sandbox's clock driven by the poller's injected sleep, PKCE exchange, refresh rotation and
// single-flight refresh through HttpClient's credential / onUnauthorized hooks.
import * as assert from 'node:assert/strict';
import { HttpClient, OAuthEndpoints, OAuthError, SentryClient, UnauthorizedError } from '../../../src/api/index';
import type { TokenResponse } from '../../../src/model/auth/schema';
import { pollForDeviceToken } from '../../../src/auth/core/devicePoller';
import { createPkcePair } from '../../../src/auth/core/pkce';
import { createState, readCallback } from '../../../src/auth/core/state';
import { RefreshRejectedError, TokenManager, tokensFromResponse, type OAuthTokens } from '../../../src/auth/core/tokenManager';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { withSandbox } from '../withSandbox';

const SCOPES = ['event:read', 'org:read', 'project:read'];

describe('auth against the sandbox (HTTP)', function () {
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

  /** Runs the device flow with virtual time: every sleep advances the sandbox's clock. */
  async function deviceFlow(onPoll?: (n: number, userCode: string) => void) {
    const auth = await oauth.requestDeviceCode(SCOPES);
    let t = 0;
    const times: number[] = [];
    const outcome = await pollForDeviceToken(auth, {
      now: () => t,
      issuedAt: 0,
      sleep: async (ms) => {
        t += ms;
        sb.control.clock.advance(ms);
      },
      poll: async (code, signal) => {
        times.push(t / 1000);
        onPoll?.(times.length, auth.user_code);
        return oauth.pollDeviceToken(code, signal);
      },
    });
    return { auth, outcome, times };
  }

  it('device flow: pending, then approved (code typed in lower case without the dash), at the interval', async () => {
    let decision: unknown;
    // Approved just before the third poll.
    const { auth, outcome, times } = await deviceFlow((n, userCode) => {
      if (n === 3) decision = sb.control.device.approve(userCode.toLowerCase().replace('-', ''));
    });
    assert.equal((decision as { ok?: boolean }).ok, true, JSON.stringify(decision));
    assert.match(auth.user_code, /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    assert.equal(auth.interval, 5);
    assert.equal(auth.expires_in, 600);
    assert.equal(outcome.kind, 'approved');
    assert.deepEqual(times, [5, 10, 15]);
    const tokens = outcome.kind === 'approved' ? outcome.tokens : undefined;
    assert.equal(tokens?.scope.split(' ').sort().join(' '), SCOPES.join(' '));
    // The organization comes from GET /api/0/organizations/: only the one picked.
    const client = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: tokens!.access_token }) });
    const orgs = (await client.listOrganizations()).items;
    assert.deepEqual(
      orgs.map((o) => o.slug),
      [sb.defaults.org],
    );
  });

  it('device flow: the server never sees polls closer than its interval (no slow_down)', async () => {
    await deviceFlow((n) => n === 2 && sb.control.device.approve());
    const polls = sb.control.requests.list({ path: '/oauth/token/' });
    assert.equal(polls.length, 2);
  });

  it('device flow: denied', async () => {
    const { outcome } = await deviceFlow((n) => n === 2 && sb.control.device.deny());
    assert.deepEqual(outcome, { kind: 'denied', polls: 2 });
  });

  it('device flow: expired_token from the server when its lifetime is shorter than the client thinks', async () => {
    const short = await startSandbox({ port: 0, deviceExpiresIn: 600 });
    try {
      const o = new OAuthEndpoints(new HttpClient({ baseUrl: short.url, retries: 0 }), { clientId: short.defaults.clientId });
      const auth = await o.requestDeviceCode(SCOPES);
      let t = 0;
      const outcome = await pollForDeviceToken(auth, {
        now: () => t,
        issuedAt: 0,
        sleep: async (ms) => {
          t += ms;
          // The server's clock runs 100x faster: its code expires long before ours.
          short.control.clock.advance(ms * 100);
        },
        poll: (code, signal) => o.pollDeviceToken(code, signal),
      });
      assert.deepEqual(outcome, { kind: 'expired', local: false, polls: 2 });
    } finally {
      await short.close();
    }
  });

  it('device flow: slow_down from the server (a too-early poll) adds 5 s to the interval', async () => {
    const auth = await oauth.requestDeviceCode(SCOPES);
    let t = 0;
    const times: number[] = [];
    let first = true;
    const outcome = await pollForDeviceToken(auth, {
      now: () => t,
      issuedAt: 0,
      // The sandbox clock lags 2 s behind on the second wait: that poll is too early for it.
      sleep: async (ms) => {
        t += ms;
        sb.control.clock.advance(first ? ms : ms - 2000);
        first = false;
      },
      poll: async (code, signal) => {
        times.push(t / 1000);
        if (times.length === 3) sb.control.device.approve();
        return oauth.pollDeviceToken(code, signal);
      },
    });
    assert.equal(outcome.kind, 'approved');
    assert.deepEqual(times, [5, 10, 20]);
  });

  it('PKCE: the code is exchanged with the verifier; a wrong verifier or a replay is invalid_grant', async () => {
    const pkce = await createPkcePair();
    const state = createState();
    const redirectUri = 'http://127.0.0.1:9/callback?vscode-reqid=1&vscode-scheme=vscode&vscode-authority=sentry-explorer.sentry-explorer&vscode-path=%2Fauth-callback';
    const url = oauth.authorizeUrl({ scopes: SCOPES, redirectUri, state, codeChallenge: pkce.challenge });
    const u = new URL(url);
    assert.equal(u.searchParams.get('response_type'), 'code');
    assert.equal(u.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(u.searchParams.get('redirect_uri'), redirectUri);
    // Approve on the authorize page (its form), as the browser would.
    const form = new URLSearchParams(u.search);
    form.set('action', 'approve');
    form.set('org', sb.defaults.org);
    const res = await fetch(`${sb.url}/oauth/authorize/`, { method: 'POST', body: form, redirect: 'manual' });
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get('location')!);
    assert.equal(location.searchParams.get('vscode-reqid'), '1', 'the redirect URI keeps its own query');
    const cb = readCallback(state, location.searchParams);
    assert.equal(cb.kind, 'code');
    const code = cb.kind === 'code' ? cb.code : '';
    await assert.rejects(oauth.exchangeCode(code, (await createPkcePair()).verifier, redirectUri), (e: unknown) => e instanceof OAuthError && e.error === 'invalid_grant');
    // A failed exchange does not burn the code at the sandbox? It does not matter: start again with a fresh code.
    const res2 = await fetch(`${sb.url}/oauth/authorize/`, { method: 'POST', body: form, redirect: 'manual' });
    const code2 = new URL(res2.headers.get('location')!).searchParams.get('code')!;
    const tokens = await oauth.exchangeCode(code2, pkce.verifier, redirectUri);
    assert.ok(tokens.access_token && tokens.refresh_token);
    await assert.rejects(oauth.exchangeCode(code2, pkce.verifier, redirectUri), (e: unknown) => e instanceof OAuthError && e.error === 'invalid_grant');
  });

  it('a denial on the authorize page comes back as error=access_denied with the state', async () => {
    const state = createState();
    const pkce = await createPkcePair();
    const u = new URL(oauth.authorizeUrl({ scopes: SCOPES, redirectUri: 'vscode://sentry-explorer.sentry-explorer/auth-callback', state, codeChallenge: pkce.challenge }));
    const form = new URLSearchParams(u.search);
    form.set('action', 'deny');
    const res = await fetch(`${sb.url}/oauth/authorize/`, { method: 'POST', body: form, redirect: 'manual' });
    const cb = readCallback(state, new URL(res.headers.get('location')!).searchParams);
    assert.deepEqual(cb, { kind: 'error', error: 'access_denied', description: undefined });
  });

  async function signedIn(): Promise<TokenResponse> {
    sb.control.oauth.setAutoApprove(true);
    const pkce = await createPkcePair();
    const state = createState();
    const redirectUri = 'vscode://sentry-explorer.sentry-explorer/auth-callback';
    const res = await fetch(oauth.authorizeUrl({ scopes: SCOPES, redirectUri, state, codeChallenge: pkce.challenge }), { redirect: 'manual' });
    const cb = readCallback(state, new URL(res.headers.get('location')!).searchParams);
    assert.equal(cb.kind, 'code');
    return oauth.exchangeCode(cb.kind === 'code' ? cb.code : '', pkce.verifier, redirectUri);
  }

  function boundClient(tokens: TokenResponse) {
    let stored: OAuthTokens = tokensFromResponse(tokens, Date.now());
    const events: string[] = [];
    const manager = new TokenManager({
      tokens: stored,
      refresh: (rt) => oauth.refresh(rt),
      persist: async (t) => {
        await new Promise((r) => setTimeout(r, 20));
        stored = t;
        events.push(`persist ${t.accessToken.slice(0, 6)}`);
      },
      reload: async () => stored,
    });
    const client = new SentryClient({
      baseUrl: sb.url,
      retries: 0,
      credential: async () => {
        const token = await manager.accessToken();
        return { kind: 'bearer', token };
      },
      onUnauthorized: async (used) => {
        const token = used.kind === 'bearer' ? await manager.afterUnauthorized(used.token) : undefined;
        if (token) events.push(`use ${token.slice(0, 6)}`);
        return token ? { kind: 'bearer', token } : undefined;
      },
    });
    return { client, manager, events, stored: () => stored };
  }

  it('ten requests that fail with 401 at once cause one refresh; the rotated token is stored first', async () => {
    const tokens = await signedIn();
    const { client, manager, events, stored } = boundClient(tokens);
    sb.control.credentials.revokeToken(tokens.access_token);
    sb.control.requests.clear();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.listOrganizations()));
    assert.equal(results.length, 10);
    for (const r of results)
      assert.deepEqual(
        r.items.map((o) => o.slug),
        [sb.defaults.org],
      );
    assert.equal(sb.control.requests.list({ path: '/oauth/token/' }).length, 1, 'one refresh request');
    assert.equal(manager.refreshCount, 1);
    assert.notEqual(stored().refreshToken, tokens.refresh_token, 'rotated');
    assert.equal(events[0].startsWith('persist'), true, `${events.join(', ')}`);
    assert.equal(events.filter((e) => e.startsWith('persist')).length, 1);
    // The old refresh token is dead; the stored one works.
    await assert.rejects(oauth.refresh(tokens.refresh_token!), (e: unknown) => e instanceof OAuthError && e.error === 'invalid_grant');
  });

  it('refreshes before expires_at without any 401', async () => {
    const tokens = await signedIn();
    let now = Date.now();
    const m = new TokenManager({
      tokens: { ...tokensFromResponse(tokens, now), expiresAt: now + 60_000 },
      refresh: (rt) => oauth.refresh(rt),
      persist: async () => {},
      now: () => now,
    });
    sb.control.requests.clear();
    const token = await m.accessToken();
    assert.notEqual(token, tokens.access_token);
    assert.equal(sb.control.requests.list({ path: '/oauth/token/' }).length, 1);
    now += 1000;
    assert.equal(await m.accessToken(), token, 'the new token lasts 30 days: no second refresh');
  });

  it('accessTokenLifetimeSeconds: the issued and refreshed tokens say it and expire after it', async () => {
    const short = await startSandbox({ port: 0, accessTokenLifetimeSeconds: 600 });
    try {
      short.control.oauth.setAutoApprove(true);
      const o = new OAuthEndpoints(new HttpClient({ baseUrl: short.url, retries: 0 }), { clientId: short.defaults.clientId });
      const pkce = await createPkcePair();
      const state = createState();
      const redirectUri = 'vscode://sentry-explorer.sentry-explorer/auth-callback';
      const res = await fetch(o.authorizeUrl({ scopes: SCOPES, redirectUri, state, codeChallenge: pkce.challenge }), { redirect: 'manual' });
      const cb = readCallback(state, new URL(res.headers.get('location')!).searchParams);
      const first = await o.exchangeCode(cb.kind === 'code' ? cb.code : '', pkce.verifier, redirectUri);
      assert.equal(first.expires_in, 600);
      const left = Date.parse(first.expires_at!) - short.control.clock.now();
      assert.ok(left > 590_000 && left <= 600_000, `expires_at is 600 s after the grant (${left} ms left)`);
      const refreshed = await o.refresh(first.refresh_token!);
      assert.equal(refreshed.expires_in, 600, 'a refresh grant issues the same lifetime');
      const read = (token: string) => fetch(`${short.url}/api/0/organizations/`, { headers: { authorization: `Bearer ${token}` } });
      const expiresAt = Date.parse(refreshed.expires_at!);
      short.control.clock.set(expiresAt - 1000);
      assert.equal((await read(refreshed.access_token)).status, 200);
      short.control.clock.set(expiresAt);
      const expired = await read(refreshed.access_token);
      assert.equal(expired.status, 401);
      assert.deepEqual(await expired.json(), { detail: 'Token expired' });
    } finally {
      await short.close();
    }
    await assert.rejects(startSandbox({ port: 0, accessTokenLifetimeSeconds: 0 }), /accessTokenLifetimeSeconds/);
  });

  it('invalid_grant on refresh (revoked family) ends the session: the request fails with 401', async () => {
    const tokens = await signedIn();
    const { client, manager } = boundClient(tokens);
    sb.control.credentials.revokeToken(tokens.refresh_token!); // revokes the family
    await assert.rejects(client.listOrganizations(), (e: unknown) => e instanceof RefreshRejectedError || e instanceof UnauthorizedError);
    await assert.rejects(manager.refresh(), RefreshRejectedError);
  });

  it('a pasted user token is validated with GET /api/0/organizations/, its scopes read from the organization', async () => {
    const client = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }) });
    const orgs = (await client.listOrganizations()).items;
    assert.ok(orgs.length >= 1);
    const org = await client.getOrganization(orgs[0].slug);
    assert.deepEqual([...(org.access as string[])].sort(), SCOPES);
    const bad = new SentryClient({ baseUrl: sb.url, retries: 0, credential: async () => ({ kind: 'bearer', token: 'nope' }) });
    await assert.rejects(bad.listOrganizations(), UnauthorizedError);
  });
});
