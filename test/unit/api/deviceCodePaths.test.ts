// The device authorization request as each server serves it, over real HTTP: sentry.io at
// /oauth/device/code/, servers of earlier device-flow code at /oauth/device_authorization/, and
// servers without one (self-hosted-2025: 403 HTML from the CSRF check of the catch-all page, or a
// proxy's 404) end in DeviceFlowUnavailableError, never a bare "could not".
import assert from 'node:assert/strict';
import { HttpClient } from '../../../src/api/http';
import { DEVICE_CODE_GRANT, DeviceFlowUnavailableError, OAuthEndpoints } from '../../../src/api/oauth';
import { OAuthError, ServerError } from '../../../src/api/errors';
import { startSandbox, type Sandbox } from '../../sandbox';
import { describeEachProfile, useSandbox } from './sandbox';

const endpointsFor = (sb: Sandbox, clientId = sb.defaults.clientId) => new OAuthEndpoints(new HttpClient({ baseUrl: sb.url, retryBaseDelayMs: 5 }), { clientId });
const devicePosts = (sb: Sandbox) => sb.control.requests.list({ path: /^\/oauth\/device/ }).map((r) => `${r.method} ${r.path} ${r.status}`);

describeEachProfile('Device sign-in where each server serves it', (profile) => {
  const box = useSandbox({ profile });

  it(
    profile === 'sentry-io' ? 'sentry.io: a code from POST /oauth/device/code/, one request' : 'a server without a device flow: both addresses answer 403 HTML, DeviceFlowUnavailableError',
    async () => {
      const sb = box.get();
      const oauth = endpointsFor(sb);
      if (profile === 'sentry-io') {
        const auth = await oauth.requestDeviceCode(['org:read']);
        assert.match(auth.user_code, /^[A-Z]{4}-[A-Z]{4}$/);
        assert.deepEqual(devicePosts(sb), ['POST /oauth/device/code/ 200']);
        return;
      }
      const err = await oauth.requestDeviceCode(['org:read']).catch((e: unknown) => e);
      assert.ok(err instanceof DeviceFlowUnavailableError, String(err));
      assert.deepEqual(err.answers, ['403', '403']);
      assert.match(err.message, /^127\.0\.0\.1:\d+ does not offer sign-in with a code \(its device sign-in addresses answered 403, 403\)\.$/);
      assert.deepEqual(devicePosts(sb), ['POST /oauth/device/code/ 403', 'POST /oauth/device_authorization/ 403']);
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

  it('a proxy answering 404 (or 405) to both addresses: DeviceFlowUnavailableError naming what each answered', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/oauth/device/code/$', status: 404 });
    sb.control.faults.add({ path: '^/oauth/device_authorization/$', status: 405 });
    const err = await endpointsFor(sb)
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof DeviceFlowUnavailableError, String(err));
    assert.deepEqual(err.answers, ['404', '405']);
  });

  it('an HTML page with 200 (a login page in front) is no OAuth answer either', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/oauth/device', respond: { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Sign in</body></html>' } });
    const err = await endpointsFor(sb)
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof DeviceFlowUnavailableError, String(err));
    assert.deepEqual(err.answers, ['html', 'html']);
  });

  // Only a server with a device endpoint can say that (self-hosted-2025 has none).
  (profile === 'sentry-io' ? it : it.skip)('an OAuth error (a client id the server does not know) is the answer: thrown as it is, nothing more is asked', async () => {
    const sb = box.get();
    const err = await endpointsFor(sb, 'not-registered')
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof OAuthError && err.error === 'invalid_client', String(err));
    assert.equal(devicePosts(sb).length, 1);
  });

  it('a server error is no verdict on the address: thrown, the next address is not tried', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/oauth/device/code/$', status: 502 });
    const err = await endpointsFor(sb)
      .requestDeviceCode([])
      .catch((e: unknown) => e);
    assert.ok(err instanceof ServerError, String(err));
    assert.equal(devicePosts(sb).length, 1);
  });
});

describe('Device sign-in on a server built from earlier device-flow code (/oauth/device_authorization/)', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ deviceCodePath: '/oauth/device_authorization/' });
  });
  after(() => sb.close());

  it('the first address is refused (403 HTML), the earlier one gives the code, and the code is approved and exchanged', async () => {
    const oauth = endpointsFor(sb);
    const auth = await oauth.requestDeviceCode(['org:read']);
    assert.deepEqual(devicePosts(sb), ['POST /oauth/device/code/ 403', 'POST /oauth/device_authorization/ 200']);
    sb.control.clock.advance(auth.interval * 1000);
    assert.deepEqual(sb.control.device.approve(auth.user_code), { ok: true, user_code: auth.user_code });
    const tokens = await oauth.pollDeviceToken(auth.device_code);
    assert.ok(tokens.access_token);
  });
});

describe('Refresh of a confidential OAuth client (a server that wants the client secret)', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ clientSecret: 'confidential-secret', deviceInterval: 1 });
  });
  after(() => sb.close());

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
