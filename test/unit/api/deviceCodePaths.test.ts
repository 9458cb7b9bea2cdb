// Where sign-in's endpoints are, over real HTTP: read from the server's own RFC 8414 document
// (sentry.io's GET /.well-known/oauth-authorization-server), where it says so, or the fixed
// /oauth/device/code/ and /oauth/token/ where it has none. A server without a device flow
// (self-hosted-2025: its catch-all page answers the document's GET with HTML and a POST with 403
// HTML, or a proxy's 404) ends in DeviceFlowUnavailableError, never a bare "could not". A document
// naming another origin, or another server as its issuer, never gets the sign-in's secrets.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient } from '../../../src/api/http';
import { DEVICE_CODE_GRANT, DeviceFlowUnavailableError, OAuthEndpoints } from '../../../src/api/oauth';
import { discoverEndpoints, endpointPath } from '../../../src/api/oauthMetadata';
import { OAuthError, ServerError } from '../../../src/api/errors';
import { createPkcePair } from '../../../src/auth/core/pkce';
import { useHost } from '../../../src/util/host';
import type { Sandbox } from '../../sandbox';
import { describeEachProfile, useSandbox } from './sandbox';
import { withSandbox } from '../withSandbox';

const METADATA = '/.well-known/oauth-authorization-server';
const endpointsFor = (sb: Sandbox, clientId = sb.defaults.clientId, clientSecret?: string, refused?: string[]) =>
  new OAuthEndpoints(new HttpClient({ baseUrl: sb.url, retryBaseDelayMs: 5 }), { clientId, clientSecret }, (what) => refused?.push(what));
const devicePosts = (sb: Sandbox) => sb.control.requests.list({ path: /^\/oauth\/device/ }).map((r) => `${r.method} ${r.path} ${r.status}`);
const signInRequests = (sb: Sandbox) =>
  sb.control.requests.list({ path: /^\/(oauth\/|\.well-known\/)/ }).map((r) => `${r.method} ${r.path}${r.query.length ? `?${new URLSearchParams(r.query).toString()}` : ''} ${r.status}`);
/** A document the server answers instead of its own (a hostile or unusual one). */
const serveDocument = (sb: Sandbox, doc: Record<string, unknown>) =>
  sb.control.faults.add({ path: '^/\\.well-known/oauth-authorization-server$', respond: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc) } });

/** A server that records every request it gets: where a hostile document points. */
async function recorder(): Promise<{ url: string; got: string[]; close: () => Promise<void> }> {
  const got: string[] = [];
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, got, close: () => new Promise((r) => srv.close(() => r())) };
}

/** An authorization code for `oauth` by the sandbox's auto-approve, with its PKCE verifier. */
async function authorizationCode(sb: Sandbox, oauth: OAuthEndpoints): Promise<{ code: string; verifier: string; redirectUri: string }> {
  sb.control.oauth.setAutoApprove(true);
  const pkce = await createPkcePair();
  const redirectUri = 'http://127.0.0.1:9/callback';
  const res = await fetch(oauth.authorizeUrl({ scopes: ['org:read'], redirectUri, state: 's', codeChallenge: pkce.challenge }), { redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code');
  assert.ok(code);
  return { code, verifier: pkce.verifier, redirectUri };
}

describeEachProfile('Sign-in endpoints from the server itself', (profile) => {
  const box = useSandbox({ profile });

  it(
    profile === 'sentry-io'
      ? 'sentry.io: its metadata is read once, then the device code from the address it names'
      : 'a server without the document (its catch-all HTML) and without a device flow: the fixed address alone answers 403 HTML, DeviceFlowUnavailableError',
    async () => {
      const sb = box.get();
      const oauth = endpointsFor(sb);
      if (profile === 'sentry-io') {
        const auth = await oauth.requestDeviceCode(['org:read']);
        assert.match(auth.user_code, /^[A-Z]{4}-[A-Z]{4}$/);
        sb.control.clock.advance(auth.interval * 1000);
        sb.control.device.approve(auth.user_code);
        assert.ok((await oauth.pollDeviceToken(auth.device_code)).access_token);
        assert.deepEqual(signInRequests(sb), [`GET ${METADATA} 200`, 'POST /oauth/device/code/ 200', 'POST /oauth/token/ 200']);
        const doc = (await (await fetch(`${sb.url}${METADATA}`)).json()) as Record<string, unknown>;
        assert.equal(doc.issuer, `${sb.url}/`);
        assert.equal(doc.device_authorization_endpoint, `${sb.url}/oauth/device/code/`);
        assert.equal(doc.token_endpoint, `${sb.url}/oauth/token/`);
        return;
      }
      const err = await oauth.requestDeviceCode(['org:read']).catch((e: unknown) => e);
      assert.ok(err instanceof DeviceFlowUnavailableError, String(err));
      assert.deepEqual(err.answers, ['403']);
      assert.match(err.message, /^127\.0\.0\.1:\d+ does not offer sign-in with a code \(its device sign-in address answered 403\)\.$/);
      assert.deepEqual(signInRequests(sb), [`GET ${METADATA} 200`, 'POST /oauth/device/code/ 403']);
      assert.match((await (await fetch(`${sb.url}${METADATA}`)).text()) as string, /^<!doctype html>/);
      // Its token endpoint does not know the grant either.
      const res = await fetch(`${sb.url}/oauth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: DEVICE_CODE_GRANT, client_id: sb.defaults.clientId, device_code: 'x' }).toString(),
      });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'unsupported_grant_type' });
    },
  );

  // Only a server with a device flow can give a code at an address its document names.
  (profile === 'sentry-io' ? it : it.skip)('the addresses the document names are the ones used, query and all, for the code and the token', async () => {
    const sb = box.get();
    serveDocument(sb, {
      issuer: `${sb.url}/`,
      device_authorization_endpoint: `${sb.url}/oauth/device/code/?from=metadata`,
      token_endpoint: `${sb.url}/oauth/token/?from=metadata`,
    });
    const oauth = endpointsFor(sb);
    const auth = await oauth.requestDeviceCode(['org:read']);
    sb.control.clock.advance(auth.interval * 1000);
    sb.control.device.approve(auth.user_code);
    await oauth.pollDeviceToken(auth.device_code);
    assert.deepEqual(signInRequests(sb), [`GET ${METADATA} 200`, 'POST /oauth/device/code/?from=metadata 200', 'POST /oauth/token/?from=metadata 200']);
  });

  it("a hostile document naming another origin gets nothing: the code verifier, the client secret and the refresh token go to the server's own addresses", async () => {
    const sb = box.get();
    const elsewhere = await recorder();
    try {
      serveDocument(sb, { issuer: `${sb.url}/`, device_authorization_endpoint: `${elsewhere.url}/oauth/device/code/`, token_endpoint: `${elsewhere.url}/oauth/token/` });
      const refused: string[] = [];
      const oauth = endpointsFor(sb, sb.defaults.clientId, 'a-client-secret', refused);
      const { code, verifier, redirectUri } = await authorizationCode(sb, oauth);
      const tokens = await oauth.exchangeCode(code, verifier, redirectUri);
      await oauth.refresh(tokens.refresh_token!);
      assert.deepEqual(elsewhere.got, []);
      assert.deepEqual(
        sb.control.requests.list({ path: /^\/oauth\/token\/$/ }).map((r) => r.status),
        [200, 200],
      );
      assert.equal(refused.length, 2, refused.join('\n'));
      assert.match(refused[0], /its token_endpoint "http:\/\/127\.0\.0\.1:\d+\/oauth\/token\/" is not on http:\/\/127\.0\.0\.1:\d+: \/oauth\/token\/ there is used instead/);
      // The metadata itself was asked without a credential.
      assert.equal(sb.control.requests.list({ path: METADATA })[0].headers.authorization, undefined);
    } finally {
      await elsewhere.close();
    }
  });

  it('a document whose issuer is another server is not used, whatever it names', async () => {
    const sb = box.get();
    serveDocument(sb, { issuer: 'https://sentry.example.org/', token_endpoint: `${sb.url}/oauth/token/?from=metadata` });
    const refused: string[] = [];
    const endpoints = await discoverEndpoints(new HttpClient({ baseUrl: sb.url }), undefined, (w) => refused.push(w));
    assert.deepEqual(endpoints, { token: '/oauth/token/', deviceCode: '/oauth/device/code/', source: 'fixed' });
    assert.match(refused[0], /its issuer "https:\/\/sentry\.example\.org\/" is not http:\/\/127\.0\.0\.1:\d+: the document is not used/);
  });

  it('a document that names no device endpoint: no sign-in with a code, and nothing is posted', async () => {
    const sb = box.get();
    serveDocument(sb, { issuer: `${sb.url}/`, token_endpoint: `${sb.url}/oauth/token/` });
    const err = await endpointsFor(sb)
      .requestDeviceCode(['org:read'])
      .catch((e: unknown) => e);
    assert.ok(err instanceof DeviceFlowUnavailableError, String(err));
    assert.deepEqual(err.answers, []);
    assert.match(err.message, /its OAuth metadata names no device sign-in address/);
    assert.deepEqual(devicePosts(sb), []);
  });

  it('a proxy answering 404 to the document and to the device address: DeviceFlowUnavailableError naming the answer', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/\\.well-known/', status: 404 });
    sb.control.faults.add({ path: '^/oauth/device/code/$', status: 404 });
    const err = await endpointsFor(sb)
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof DeviceFlowUnavailableError, String(err));
    assert.deepEqual(err.answers, ['404']);
  });

  it('an HTML page with 200 (a login page in front) is no OAuth answer either', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/(oauth/device|\\.well-known/)', respond: { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Sign in</body></html>' } });
    const err = await endpointsFor(sb)
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof DeviceFlowUnavailableError, String(err));
    assert.deepEqual(err.answers, ['html']);
  });

  // Only a server with a device endpoint can say that (self-hosted-2025 has none).
  (profile === 'sentry-io' ? it : it.skip)('an OAuth error (a client id the server does not know) is the answer: thrown as it is', async () => {
    const sb = box.get();
    const err = await endpointsFor(sb, 'not-registered')
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof OAuthError && err.error === 'invalid_client', String(err));
    assert.equal(devicePosts(sb).length, 1);
  });

  it('a server error at the device address is no verdict on it: thrown as a server error', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/oauth/device/code/$', status: 502 });
    const err = await endpointsFor(sb)
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof ServerError, String(err));
  });
});

describe("Sign-in endpoints in the browser's web worker, where the document may have no CORS", () => {
  const box = useSandbox();
  const g = globalThis as { location?: { origin: string } };
  beforeEach(() => {
    useHost({ kind: 'webWorker' });
    g.location = { origin: 'https://vscode.dev' };
  });
  afterEach(() => {
    useHost({ kind: 'node' });
    delete g.location;
  });

  it('a document the browser gives no answer for counts as absent: the fixed address is asked, no error of its own', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/\\.well-known/oauth-authorization-server$', reset: true });
    const auth = await new OAuthEndpoints(new HttpClient({ baseUrl: sb.url, retries: 0 }), { clientId: sb.defaults.clientId }).requestDeviceCode(['org:read']);
    assert.ok(auth.device_code);
    assert.deepEqual(signInRequests(sb), [`GET ${METADATA} 0`, 'POST /oauth/device/code/ 200']);
  });
});

describe("An endpoint the document names is used only on the server's own origin and base path", () => {
  it('same origin below the base path: its path and query; anything else: undefined', () => {
    assert.equal(endpointPath('https://sentry.io', 'https://sentry.io/oauth/token/'), '/oauth/token/');
    assert.equal(endpointPath('https://host/sentry', 'https://host/sentry/oauth/token/?a=1'), '/oauth/token/?a=1');
    assert.equal(endpointPath('https://host/sentry', 'https://host/oauth/token/'), undefined);
    assert.equal(endpointPath('https://sentry.io', 'https://sentry.io.evil.example/oauth/token/'), undefined);
    assert.equal(endpointPath('https://sentry.io', 'http://sentry.io/oauth/token/'), undefined);
    assert.equal(endpointPath('https://sentry.io', 'https://sentry.io:8443/oauth/token/'), undefined);
    assert.equal(endpointPath('https://sentry.io', 'https://user:pw@sentry.io/oauth/token/'), undefined);
    assert.equal(endpointPath('https://sentry.io', 'https://sentry.io/oauth/token/#x'), undefined);
    assert.equal(endpointPath('https://sentry.io', 'https://us.sentry.io/oauth/token/'), undefined);
    assert.equal(endpointPath('https://sentry.io', '/oauth/token/'), undefined);
  });
});

describe('Refresh of a confidential OAuth client (a server that wants the client secret)', () => {
  let sb: Sandbox;
  withSandbox(
    { clientSecret: 'confidential-secret', deviceInterval: 1 },
    (s) => {
      sb = s;
    },
    { reset: 'never' },
  );

  it('the device grant needs no secret; a refresh without it is invalid_client, whose message names the secret command and the token paste; with it, it works', async () => {
    const oauth = endpointsFor(sb);
    const auth = await oauth.requestDeviceCode(['org:read']);
    sb.control.clock.advance(auth.interval * 1000);
    sb.control.device.approve(auth.user_code);
    const tokens = await oauth.pollDeviceToken(auth.device_code);
    assert.ok(tokens.refresh_token);
    const err = await oauth.refresh(tokens.refresh_token!).catch((e: unknown) => e);
    assert.ok(err instanceof OAuthError && err.error === 'invalid_client', String(err));
    assert.match(err.message, /Set OAuth Client Secret.*pasted auth token/);
    const withSecret = new OAuthEndpoints(new HttpClient({ baseUrl: sb.url }), { clientId: sb.defaults.clientId, clientSecret: 'confidential-secret' });
    const renewed = await withSecret.refresh(tokens.refresh_token!);
    assert.ok(renewed.access_token && renewed.access_token !== tokens.access_token);
  });
});
