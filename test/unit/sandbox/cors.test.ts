// The sandbox answers a browser page as Sentry's API does (test/sandbox/cors.ts, from
// getsentry/sentry src/sentry/api/base.py): preflights without authentication, the CORS headers on
// every API answer, "Invalid origin" for a credential whose allowed origins lack the page's, and no
// CORS on the OAuth views. Node's fetch sends Origin only when told, so each request sets it.
import * as assert from 'node:assert/strict';
import { ALLOW_HEADERS, EXPOSE_HEADERS, isValidOrigin } from '../../sandbox/cors';
import { PROFILE_NAMES } from '../../sandbox/profiles';
import type { Sandbox } from '../../sandbox/index';
import { withSandbox } from '../withSandbox';

const PAGE = 'http://127.0.0.1:8080';

for (const profile of PROFILE_NAMES) {
  describe(`the sandbox's CORS (${profile})`, function () {
    this.timeout(20_000);
    let sb: Sandbox;
    let token: string;
    withSandbox(
      { port: 0, profile },
      (s) => {
        sb = s;
      },
      { reset: 'never' },
    );
    beforeEach(() => {
      sb.control.reset();
      token = sb.defaults.authToken;
    });
    // A list with a Link header, the same in both profiles (self-hosted-2025 takes project ids only).
    const issues = () => `${sb.url}/api/0/organizations/acme/projects/`;

    it('answers a preflight 200 without credentials, allowing Authorization from the asking origin for an hour', async () => {
      const res = await fetch(issues(), { method: 'OPTIONS', headers: { origin: PAGE, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), PAGE);
      assert.equal(res.headers.get('access-control-allow-headers'), ALLOW_HEADERS);
      assert.match(res.headers.get('access-control-allow-headers')!, /\bAuthorization\b/);
      assert.doesNotMatch(res.headers.get('access-control-allow-headers')!, /User-Agent/i);
      assert.equal(res.headers.get('access-control-max-age'), '3600');
      assert.equal(res.headers.get('access-control-allow-credentials'), null);
    });

    it('refuses a personal token from a page with 400 "Invalid origin", readable by the page (the CORS headers are on it)', async () => {
      const res = await fetch(issues(), { headers: { origin: PAGE, authorization: `Bearer ${token}` } });
      assert.equal(res.status, 400);
      assert.equal(await res.json(), `Invalid origin: ${PAGE}`);
      assert.equal(res.headers.get('access-control-allow-origin'), PAGE);
    });

    it('serves an integration token from one of its Authorized JavaScript Origins, exposing Link and X-Hits', async () => {
      const integration = sb.control.credentials.addToken({ kind: 'integration', scopes: ['org:read', 'project:read', 'event:read'], org: 'acme', allowedOrigins: [PAGE] });
      const res = await fetch(issues(), { headers: { origin: PAGE, authorization: `Bearer ${integration.token}` } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), PAGE);
      assert.equal(res.headers.get('access-control-expose-headers'), EXPOSE_HEADERS);
      assert.ok(res.headers.get('link'));
      // The same token from another page: refused.
      const other = await fetch(issues(), { headers: { origin: 'https://elsewhere.example', authorization: `Bearer ${integration.token}` } });
      assert.equal(other.status, 400);
    });

    it('answers a bad token 401 before looking at the origin, and a request without Origin as before', async () => {
      const bad = await fetch(issues(), { headers: { origin: PAGE, authorization: 'Bearer sntryu_nope' } });
      assert.equal(bad.status, 401);
      assert.equal(bad.headers.get('access-control-allow-origin'), PAGE);
      const node = await fetch(issues(), { headers: { authorization: `Bearer ${token}` } });
      assert.equal(node.status, 200);
      assert.equal(node.headers.get('access-control-allow-origin'), '*');
    });

    it('puts no CORS headers on the OAuth token view (a Django view, not an API endpoint)', async () => {
      const res = await fetch(`${sb.url}/oauth/token/`, {
        method: 'POST',
        headers: { origin: PAGE, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: 'x', client_id: sb.defaults.clientId }),
      });
      assert.equal(res.headers.get('access-control-allow-origin'), null);
    });

    it('with CORS off (a reverse proxy that drops it), sends no CORS headers and refuses preflights', async () => {
      await fetch(`${sb.url}/_sandbox/cors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
      const pre = await fetch(issues(), { method: 'OPTIONS', headers: { origin: PAGE, 'access-control-request-method': 'GET' } });
      assert.equal(pre.status, 405);
      assert.equal(pre.headers.get('access-control-allow-origin'), null);
      const res = await fetch(issues(), { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.headers.get('access-control-allow-origin'), null);
    });
  });
}

describe("the sandbox's is_valid_origin", () => {
  it('matches as src/sentry/utils/http.py does', () => {
    assert.ok(!isValidOrigin(PAGE, []));
    assert.ok(isValidOrigin(PAGE, ['*']));
    assert.ok(isValidOrigin(PAGE, ['http://127.0.0.1:8080']));
    assert.ok(isValidOrigin(PAGE, ['127.0.0.1']));
    assert.ok(isValidOrigin(PAGE, ['*:8080']));
    assert.ok(!isValidOrigin(PAGE, ['https://127.0.0.1:8080']));
    assert.ok(isValidOrigin('https://abc.vscode-cdn.net', ['*.vscode-cdn.net']));
    assert.ok(!isValidOrigin('https://vscode-cdn.net.evil.example', ['*.vscode-cdn.net']));
    assert.ok(!isValidOrigin('null', ['127.0.0.1']));
  });
});
