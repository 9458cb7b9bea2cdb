// A server, or a proxy in front of it, that echoes the request into its error text: the access
// token, an API key, the refresh token, the client secret, the authorization code or its verifier
// come back in a `detail`, an `errorId`, an `error` or an `error_description`. None of them may
// reach a message, a field of the error, or the log; nor may any URL user info or secret-named
// query value the text carries. Against the sandbox over HTTP.
import assert from 'node:assert/strict';
import { HttpClient } from '../../../src/api/http';
import { OAuthEndpoints } from '../../../src/api/oauth';
import { base64, utf8 } from '../../../src/util/random';
import { leaks } from '../../fixtures/secrets/realFormatSecrets';
import { clientFor, useSandbox } from './sandbox';

const ORG = 'acme';
/** An access token of no known format (older personal tokens are 64 hex digits): only its being ours says it is secret. */
const TOKEN = 'c0ffee11d00d4e55a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718';
const API_KEY = 'k3yOfTheLegacyApi9f8e7d6c';
const REFRESH = 'r3freshTokenNoFormat0a1b2c3d4e5f6a7b8c9d';
const SECRET = 'cl1entSecretNoFormat9z8y7x6w5v4u3t2s1r0q';
const CODE = 'authzCodeNoFormat4k5l6m7n8';
const VERIFIER = 'pkceVerifierNoFormat-._~0123456789abcdefghijklmnopq';

/** Everything an error carries that a message, a notification or the log may show. */
function shown(err: unknown): string {
  const e = err as Error & Record<string, unknown>;
  return [e.message, String(e), JSON.stringify({ ...e })].join('\n');
}

describe('error text from the server never carries the credentials of the request', () => {
  const box = useSandbox();
  const issueId = () => box.get().seed.bigIssue.id;
  const respond = (path: string, status: number, body: string, headers: Record<string, string> = {}) =>
    box.get().control.faults.add({ path, status, respond: { status, headers: { 'content-type': 'application/json', ...headers }, body } });
  const withToken = () => {
    const sb = box.get();
    sb.control.credentials.addToken({ token: TOKEN, scopes: ['event:read', 'org:read', 'project:read'] });
    return clientFor(sb, { kind: 'bearer', token: TOKEN }, { retryBaseDelayMs: 1 });
  };
  const events = () => withToken().listIssueEvents(ORG, issueId(), { perPage: 5 });

  const echoes: [string, number, (t: string) => string][] = [
    ['the Authorization header in a 400 detail', 400, (t) => JSON.stringify({ detail: `Bad request: headers {'Authorization': 'Bearer ${t}'}` })],
    ['the bare token in a 401 detail', 401, (t) => JSON.stringify({ detail: `token ${t} is not valid for this host` })],
    ['the token in a 403 detail object', 403, (t) => JSON.stringify({ detail: { message: `forbidden for ${t}`, code: 'forbidden' } })],
    ['the token in a 404 detail', 404, (t) => JSON.stringify({ detail: `no route for GET /api/0/?auth=${t}` })],
    ['the token as the errorId of a 500', 500, (t) => JSON.stringify({ detail: 'Internal Error', errorId: t })],
    ['the token URL-encoded in a 502 proxy page', 502, (t) => `<html><head><title>502 upstream refused token%3D${encodeURIComponent(t)}</title></head></html>`],
    ['the token cut short at the end of a 400 detail', 400, (t) => JSON.stringify({ detail: `${'x'.repeat(280)} Bearer ${t}` })],
    ['the token in an OAuth-shaped error of the API', 400, (t) => JSON.stringify({ error: t, error_description: `access_token=${t}` })],
    ['the token in a proxy 407 message', 407, (t) => JSON.stringify({ message: `proxy refused credentials ${t}` })],
  ];
  for (const [what, status, body] of echoes) {
    it(`${what}: not in the error`, async () => {
      respond('/events/$', status, body(TOKEN), status === 502 ? { 'content-type': 'text/html' } : {});
      const err = await events().catch((e: unknown) => e);
      assert.ok(err instanceof Error, String(err));
      assert.ok(!leaks(shown(err), TOKEN), shown(err));
    });
  }

  it('an API key, as sent (HTTP Basic) and alone: not in the error', async () => {
    const sb = box.get();
    const header = `Basic ${base64(utf8(`${API_KEY}:`))}`;
    respond('/events/$', 401, JSON.stringify({ detail: `rejected ${header} (key ${API_KEY})` }));
    const err = await clientFor(sb, { kind: 'apiKey', key: API_KEY })
      .listIssueEvents(ORG, issueId())
      .catch((e: unknown) => e);
    assert.ok(!leaks(shown(err), API_KEY), shown(err));
    assert.ok(!shown(err).includes(header.slice(6, 20)), shown(err));
  });

  it('user info and secret-named query values in a detail are removed; the rest of the text stays', async () => {
    respond('/events/$', 400, JSON.stringify({ detail: 'upstream https://proxyuser:proxypass99@internal.example/x?api_key=k3yInQuery77&page=2 and ftp://deployer@files.example/ refused' }));
    const err = await events().catch((e: unknown) => e);
    const text = shown(err);
    for (const s of ['proxyuser', 'proxypass99', 'k3yInQuery77', 'deployer']) assert.ok(!text.includes(s), `${s}: ${text}`);
    assert.match(text, /internal\.example\/x\?api_key=.*&page=2/);
  });

  describe('the token endpoint (refresh, code exchange)', () => {
    const oauth = (secret?: string) => new OAuthEndpoints(new HttpClient({ baseUrl: box.get().url, retryBaseDelayMs: 1 }), { clientId: box.get().defaults.clientId, clientSecret: secret });

    it("the refresh token and the client secret in an error_description (or as the error's name): not in the error", async () => {
      respond('^/oauth/token/$', 400, JSON.stringify({ error: 'invalid_grant', error_description: `refresh_token ${REFRESH} of client with secret ${SECRET} was already used` }));
      const err = await oauth(SECRET)
        .refresh(REFRESH)
        .catch((e: unknown) => e);
      assert.equal((err as { kind?: string }).kind, 'oauth');
      for (const s of [REFRESH, SECRET]) assert.ok(!leaks(shown(err), s), shown(err));
      box.get().control.faults.clear();
      respond('^/oauth/token/$', 400, JSON.stringify({ error: REFRESH, error_description: `grant_type=refresh_token&refresh_token=${encodeURIComponent(REFRESH)}&client_secret=${SECRET}` }));
      const again = await oauth(SECRET)
        .refresh(REFRESH)
        .catch((e: unknown) => e);
      for (const s of [REFRESH, SECRET]) assert.ok(!leaks(shown(again), s), shown(again));
    });

    it('the authorization code and the PKCE verifier in an error_description: not in the error', async () => {
      respond('^/oauth/token/$', 400, JSON.stringify({ error: 'invalid_grant', error_description: `code ${CODE} does not match verifier ${VERIFIER}` }));
      const err = await oauth()
        .exchangeCode(CODE, VERIFIER, 'http://127.0.0.1:1/cb')
        .catch((e: unknown) => e);
      for (const s of [CODE, VERIFIER]) assert.ok(!leaks(shown(err), s), shown(err));
      assert.match(shown(err), /does not match verifier/, 'the rest of what the server said stays');
    });
  });
});
