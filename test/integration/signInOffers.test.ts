// Sign-in with a code as each server offers it, inside VS Code, in both profiles: sentry.io names
// its device address in its OAuth metadata and shows the code; a server without the document and
// without a device flow (self-hosted-2025), or one that does not know the OAuth application, says
// so and offers the token paste, which signs in. Never a bare error.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SentryAuth } from '../../src/auth/sentryAuth';
import { control, SANDBOX_URL, sandboxProfile, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { activateExtension } from './helpers';
import { print } from './output';

describe('Sign-in with a code as each server offers it', function () {
  this.timeout(60_000);
  let auth: SentryAuth;
  let profile: string;
  let defaults: { authToken: string; clientId: string };
  const rec = new UiRecorder();
  const cfg = () => vscode.workspace.getConfiguration('sentryExplorer');
  /** The metadata's GET and the device requests, in order. */
  const devicePosts = async () =>
    (await control<RequestLogEntry[]>('requests')).filter((r) => r.path.startsWith('/oauth/device') || r.path.startsWith('/.well-known/')).map((r) => `${r.method} ${r.path} ${r.status}`);

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: skipping the sign-in offers suite)');
      this.skip();
    }
    auth = (await activateExtension()).auth;
    await auth.ready;
    profile = await sandboxProfile();
    defaults = await control<{ authToken: string; clientId: string }>('defaults');
    await cfg().update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
    await cfg().update('oauth.clientId', defaults.clientId, vscode.ConfigurationTarget.Global);
    await waitFor('the provider to follow the base URL', () => auth.provider.baseUrl === SANDBOX_URL);
    auth.ui.override(rec.ui());
  });

  beforeEach(async () => {
    await auth.signOut();
    await control('reset', {});
    rec.shown.length = 0;
  });

  after(async () => {
    auth?.ui.reset();
    await cfg().update('oauth.clientId', defaults?.clientId, vscode.ConfigurationTarget.Global);
  });

  /** Runs "Sign in with a code", answering an offer of the token paste with it and any other message with nothing. */
  async function deviceSignIn(): Promise<unknown> {
    rec.set({ method: 'device', inputs: [defaults.authToken], answer: (s) => (s.items.includes('Paste a Token') ? 'Paste a Token' : undefined) });
    return auth.signIn({ method: 'device' });
  }

  it('sentry.io shows the code; a server without a device flow says so and the token paste it offers signs in', async () => {
    await deviceSignIn();
    if (profile === 'sentry-io') {
      assert.ok(
        rec.shown.some((s) => s.modal && /Your Sentry sign-in code is [A-Z]{4}-[A-Z]{4}/.test(s.message)),
        JSON.stringify(rec.shown),
      );
      assert.deepEqual(await devicePosts(), ['GET /.well-known/oauth-authorization-server 200', 'POST /oauth/device/code/ 200']);
      assert.equal(auth.isSignedIn(), false, 'the code dialog was dismissed');
      return;
    }
    const offer = rec.shown.find((s) => s.level === 'warning' && s.items.includes('Paste a Token'));
    assert.ok(offer, JSON.stringify(rec.shown));
    assert.match(offer.message, /does not offer sign-in with a code.*personal auth token/);
    assert.deepEqual(rec.messages('error'), [], 'no bare error');
    // Its catch-all page answers the document's GET (HTML, no document) and the fixed address's POST (403 HTML): one address, no other guessed.
    assert.deepEqual(await devicePosts(), ['GET /.well-known/oauth-authorization-server 200', 'POST /oauth/device/code/ 403']);
    await waitFor('signed in with the pasted token', () => auth.isSignedIn());
  });

  it('an OAuth application the server does not know (or no device flow at all): said, and the token paste signs in', async () => {
    await cfg().update('oauth.clientId', 'not-registered-here', vscode.ConfigurationTarget.Global);
    try {
      await deviceSignIn();
      const offer = rec.shown.find((s) => s.level === 'warning' && s.items.includes('Paste a Token'));
      assert.ok(offer, JSON.stringify(rec.shown));
      assert.match(
        offer.message,
        profile === 'sentry-io' ? /does not know the OAuth application set in sentryExplorer\.oauth\.clientId.*invalid_client.*personal auth token/ : /does not offer sign-in with a code/,
      );
      assert.deepEqual(rec.messages('error'), [], 'no bare error');
      await waitFor('signed in with the pasted token', () => auth.isSignedIn());
    } finally {
      await cfg().update('oauth.clientId', defaults.clientId, vscode.ConfigurationTarget.Global);
    }
  });
});
