// The token-manager registry of sign-in, against a sandbox whose OAuth client is confidential:
// a refresh goes to the session's own server with the client secret from the secret store, the
// rotated pair is stored through the provider before it is used, a changed server setting stops a
// refresh before anything is sent, and changes of the stored sessions prune and adopt.
import * as assert from 'node:assert/strict';
import { HttpClient, OAuthEndpoints, SentryClient } from '../../../../src/api/index';
import { createPkcePair } from '../../../../src/auth/core/pkce';
import { clientSecretKey, SessionStore, withTokens, type SecretStore, type StoredOAuthSession, type StoredSession } from '../../../../src/auth/core/sessionCodec';
import { createState, readCallback } from '../../../../src/auth/core/state';
import { tokensFromResponse } from '../../../../src/auth/core/tokenManager';
import { TokenManagers, type SessionWriter } from '../../../../src/auth/core/tokenManagers';
import type { Sandbox } from '../../../sandbox/index';
import { aSession } from '../../builders';
import { withSandbox } from '../../withSandbox';

const SCOPES = ['event:read', 'org:read', 'project:read'];
const CLIENT_SECRET = 'confidential-client-secret-0123456789';

class MemorySecrets implements SecretStore {
  readonly map = new Map<string, string>();
  async get(key: string) {
    return this.map.get(key);
  }
  async store(key: string, value: string) {
    this.map.set(key, value);
  }
  async delete(key: string) {
    this.map.delete(key);
  }
  onDidChange() {
    return { dispose: () => undefined };
  }
}

/** The provider as the registry sees it: the configured server's sessions, and every update it was asked for. */
class ProviderStandIn implements SessionWriter {
  readonly updates: StoredSession[] = [];
  constructor(
    private readonly secrets: SecretStore,
    public baseUrl: string,
  ) {}
  stored() {
    return new SessionStore(this.secrets, this.baseUrl).load().then((r) => r.sessions);
  }
  async updateSession(session: StoredSession) {
    this.updates.push(session);
    await new SessionStore(this.secrets, this.baseUrl).replace(session);
  }
}

describe('auth/tokenManagers: one token manager per OAuth session, against a confidential sandbox client', function () {
  this.timeout(20_000);
  let sb: Sandbox;
  let secrets: MemorySecrets;
  let provider: ProviderStandIn;
  let managers: TokenManagers;
  const logged: string[] = [];

  withSandbox(
    { port: 0, clientSecret: CLIENT_SECRET },
    (s) => {
      sb = s;
    },
    { reset: 'never' },
  );
  beforeEach(async () => {
    sb.control.reset();
    logged.length = 0;
    secrets = new MemorySecrets();
    await secrets.store(clientSecretKey(sb.url, sb.defaults.clientId), CLIENT_SECRET);
    provider = new ProviderStandIn(secrets, sb.url);
    managers = new TokenManagers({
      secrets,
      provider,
      clientId: () => sb.defaults.clientId,
      http: () => ({ retries: 0 }),
      log: { info: (m) => logged.push(m), warn: (m) => logged.push(m) },
    });
  });

  /** A browser sign-in (auto-approved), stored with an access token that has already expired. */
  async function expiredSession(): Promise<StoredOAuthSession> {
    sb.control.oauth.setAutoApprove(true);
    const oauth = new OAuthEndpoints(new HttpClient({ baseUrl: sb.url, retries: 0 }), { clientId: sb.defaults.clientId, clientSecret: CLIENT_SECRET });
    const pkce = await createPkcePair();
    const state = createState();
    const redirectUri = 'vscode://sentry-explorer.sentry-explorer/auth-callback';
    const res = await fetch(oauth.authorizeUrl({ scopes: SCOPES, redirectUri, state, codeChallenge: pkce.challenge }), { redirect: 'manual' });
    const cb = readCallback(state, new URL(res.headers.get('location')!).searchParams);
    const tokens = tokensFromResponse(await oauth.exchangeCode(cb.kind === 'code' ? cb.code : '', pkce.verifier, redirectUri), Date.now());
    const session = aSession({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, scopes: SCOPES, expiresAt: Date.now() - 1000 });
    await new SessionStore(secrets, sb.url).add(session);
    return session;
  }

  it('refreshes with the stored client secret and stores the rotated pair through the provider before using it', async () => {
    const session = await expiredSession();
    sb.control.requests.clear();
    const m = managers.for(session, sb.url);
    const token = await m.accessToken();
    assert.notEqual(token, session.accessToken);
    assert.equal(m.refreshCount, 1);
    const refreshes = sb.control.requests.list({ path: '/oauth/token/' });
    assert.equal(refreshes.length, 1, "one refresh request, to the session's own server");
    assert.equal(provider.updates.length, 1, 'stored through the provider');
    const stored = provider.updates[0];
    assert.equal(stored.kind === 'oauth' && stored.accessToken, token);
    const [inStore] = (await provider.stored()) as StoredOAuthSession[];
    assert.equal(inStore.accessToken, token, 'the new pair is in the store');
    assert.ok(inStore.refreshToken && inStore.refreshToken !== session.refreshToken, 'with the rotated refresh token');
    const orgs = await new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token }) }).listOrganizations();
    assert.ok(orgs.items.length > 0, 'the new access token works');
    assert.equal(managers.for(session, sb.url), m, 'one manager per session');
    assert.ok(
      logged.some((l) => /access token refreshed \(generation 1\)/.test(l)),
      logged.join('\n'),
    );
    assert.ok(!logged.join('\n').includes(token) && !logged.join('\n').includes(CLIENT_SECRET), 'no secret in the log');
  });

  it('once the setting names another server, a refresh is refused before anything is sent', async () => {
    const session = await expiredSession();
    const m = managers.for(session, sb.url);
    provider.baseUrl = 'https://sentry.example.invalid';
    sb.control.requests.clear();
    await assert.rejects(m.accessToken(), /server setting changed/);
    assert.deepEqual(sb.control.requests.list({ path: '/oauth/' }), []);
    assert.deepEqual(provider.updates, []);
  });

  it('follow(): newer tokens another window stored are adopted; a session that is gone loses its manager', () => {
    const session = aSession({ scopes: ['org:read'] });
    const m = managers.for(session, sb.url);
    managers.follow([withTokens(session, { accessToken: 'from-another-window', refreshToken: 'r2', scopes: ['event:read', 'org:read'], generation: 3 })]);
    assert.equal(m.current.accessToken, 'from-another-window');
    assert.deepEqual(managers.grantedScopes(session), ['event:read', 'org:read'], 'the scopes of the adopted tokens');
    managers.follow([withTokens(session, { accessToken: 'stale', generation: 1 })]);
    assert.equal(m.current.accessToken, 'from-another-window', 'older stored tokens are not adopted');
    managers.follow([]);
    assert.notEqual(managers.for(session, sb.url), m, 'a new manager after the session was gone');
  });

  it("grantedScopes: an OAuth session's own before it has a manager, a pasted token's when known, none for a legacy API key", () => {
    assert.deepEqual(managers.grantedScopes(aSession({ scopes: ['org:read'] })), ['org:read']);
    assert.deepEqual(managers.grantedScopes(aSession({ kind: 'token', scopes: ['project:read'] })), ['project:read']);
    assert.equal(managers.grantedScopes(aSession({ kind: 'token', scopes: [], scopesKnown: false })), undefined);
    assert.equal(managers.grantedScopes(aSession({ kind: 'apiKey' })), undefined);
  });
});
