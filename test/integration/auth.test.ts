// Sign-in inside a real VS Code against the sandbox (started by the harness; its URL arrives in
// SENTRY_EXPLORER_TEST_SANDBOX_URL). The browser steps run in a headless Chromium driven from here.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SentryClient } from '../../src/api/client';
import { ForbiddenError, UnauthorizedError } from '../../src/api/errors';
import type { SentryAuth } from '../../src/auth/sentryAuth';
import { clientSecretKey } from '../../src/auth/sessionCodec';
import { AUTH_PROVIDER_ID, Commands, EXTENSION_ID } from '../../src/constants';
import { auth as getAuth, authorizeInChromium, chromiumPage, closeChromium, control, readExtensionLog, SANDBOX_URL, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';
import { activateExtension } from './helpers';

const SCOPES = ['event:read', 'org:read', 'project:read'];
const CLIENT_SECRET_FOR_SCAN = 'test-client-secret-0123456789abcdef';

describe('sign-in (sentry-explorer authentication provider)', function () {
  this.timeout(90_000);
  let auth: SentryAuth;
  let rec: UiRecorder;
  let defaults: { clientId: string; authToken: string; org: string };
  const seenSecrets = new Set<string>();
  let previous: { baseUrl: unknown; clientId: unknown } | undefined;

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: SENTRY_EXPLORER_TEST_SANDBOX_URL is not set; skipping the sign-in suite)');
      this.skip();
    }
    auth = await getAuth();
    await auth.ready;
    defaults = await control('defaults');
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    previous = { baseUrl: cfg.inspect('baseUrl')?.globalValue, clientId: cfg.inspect('oauth.clientId')?.globalValue };
    await cfg.update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
    await cfg.update('oauth.clientId', defaults.clientId, vscode.ConfigurationTarget.Global);
    await waitFor('the provider to follow the base URL', () => auth.provider.baseUrl === SANDBOX_URL);
    rec = new UiRecorder();
    auth.ui.override(rec.ui());
    await auth.signOut();
  });

  after(async () => {
    await closeChromium();
    auth?.ui.reset();
    if (previous) {
      const cfg = vscode.workspace.getConfiguration('sentryExplorer');
      await cfg.update('baseUrl', previous.baseUrl, vscode.ConfigurationTarget.Global);
      await cfg.update('oauth.clientId', previous.clientId, vscode.ConfigurationTarget.Global);
    }
  });

  /** Remembers every secret that crossed the wire (for the scan at the end). */
  async function collectWireSecrets(): Promise<void> {
    const log = await control<RequestLogEntry[]>('requests');
    for (const r of log) {
      const authz = r.headers['authorization'];
      if (authz) {
        seenSecrets.add(authz);
        seenSecrets.add(authz.replace(/^\S+\s+/, ''));
        if (/^basic /i.test(authz)) seenSecrets.add(Buffer.from(authz.slice(6), 'base64').toString('utf8').replace(/:$/, ''));
      }
      if (r.body && /x-www-form-urlencoded|=/.test(r.body)) {
        const form = new URLSearchParams(r.body);
        for (const k of ['code', 'code_verifier', 'device_code', 'refresh_token', 'client_secret']) {
          const v = form.get(k);
          if (v) seenSecrets.add(v);
        }
      }
    }
    const stored = await auth.context.secrets.get(auth.provider.storageKey);
    if (stored) {
      for (const s of JSON.parse(stored).sessions as Array<Record<string, string>>) {
        for (const k of ['accessToken', 'refreshToken', 'apiKey']) if (s[k]) seenSecrets.add(s[k]);
      }
    }
  }

  /** Approves (or denies) on the sandbox's verification page, typing the code in lower case without the dash. */
  async function decideInChromium(url: string, action: 'approve' | 'deny'): Promise<void> {
    const userCode = new URL(url).searchParams.get('user_code') ?? rec.clipboard.at(-1)!;
    const page = await chromiumPage();
    try {
      await page.goto(url);
      const input = page.locator('#user_code');
      await input.fill('');
      await input.pressSequentially(userCode.toLowerCase().replace('-', ''));
      await page.locator(`#${action}`).click();
      await page.locator('#result').waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('#result').getAttribute('data-status'), action === 'approve' ? 'approved' : 'denied');
    } finally {
      await page.close();
    }
  }

  async function accountsMenuCommand(): Promise<string | undefined> {
    return (await vscode.commands.getCommands(true)).find((c) => c.startsWith(`${AUTH_PROVIDER_ID}:${EXTENSION_ID}:signIn`));
  }

  it('signs in with the device flow from the Accounts menu, approved in Chromium; getSession returns the session', async () => {
    await control('requests/clear', {});
    // Not signed in: the extension asked for a session without creating one, so VS Code put
    // "Sign in with Sentry to use Sentry Explorer" in the Accounts menu. Choose it.
    const menuCommand = await waitFor('the Accounts menu entry', accountsMenuCommand);
    let approval: Promise<void> | undefined;
    rec.set({
      method: 'device',
      answer: (s) => (s.modal && /sign-in code/.test(s.message) ? 'Copy & Open' : undefined),
      onOpen: (url) => {
        approval = decideInChromium(url, 'approve');
      },
    });
    const started = Date.now();
    await vscode.commands.executeCommand(menuCommand);
    const seconds = (Date.now() - started) / 1000;
    await approval;
    print(`      device-flow sign-in against the sandbox took ${seconds.toFixed(1)} s (Accounts menu to session)`);

    const modal = rec.shown.find((s) => s.modal && /sign-in code/.test(s.message))!;
    const userCode = /([A-Z]{4}-[A-Z]{4})/.exec(modal.message)![1];
    assert.deepEqual(modal.items, ['Copy & Open']);
    assert.equal(rec.clipboard.at(-1), userCode, 'Copy & Open copied the code');
    assert.match(rec.opened.at(-1)!, new RegExp(`/oauth/device/\\?user_code=${userCode}$`), 'opened verification_uri_complete');
    assert.equal(rec.quickPicks.at(-1)![0].includes('Sign in with a code'), true, 'the device flow is offered first');

    const session = await vscode.authentication.getSession(AUTH_PROVIDER_ID, SCOPES, { silent: true });
    assert.ok(session, 'vscode.authentication.getSession returns the session');
    assert.deepEqual([...session.scopes].sort(), SCOPES);
    assert.match(session.account.label, /@/);
    assert.equal(auth.isSignedIn(), true);
    assert.equal(auth.organization?.slug, defaults.org, 'the organization comes from GET /api/0/organizations/ and is remembered');
    const client = await auth.getClient();
    assert.deepEqual((await client!.listOrganizations()).items.map((o) => o.slug), [defaults.org]);
    await collectWireSecrets();
    seenSecrets.add(userCode);
  });

  it('keeps the session in SecretStorage: a fresh read of the store finds it (what a window reload does)', async () => {
    const stored = await auth.context.secrets.get(auth.provider.storageKey);
    assert.ok(stored && JSON.parse(stored).sessions.length === 1);
    assert.ok(auth.provider.storageKey.includes(SANDBOX_URL!), 'the key includes the base URL');
    const sessions = await auth.provider.getSessions(undefined);
    assert.equal(sessions.length, 1);
  });

  it('ten requests failing with 401 at once cause one refresh, stored before use', async () => {
    const before = auth.session!;
    assert.equal(before.kind, 'oauth');
    const oldAccess = before.kind === 'oauth' ? before.accessToken : '';
    const oldRefresh = before.kind === 'oauth' ? before.refreshToken : '';
    await control('tokens/revoke', { token: oldAccess });
    await control('requests/clear', {});
    const client = (await auth.getClient())!;
    const results = await Promise.all(Array.from({ length: 10 }, () => client.listOrganizations()));
    assert.equal(results.length, 10);
    const refreshes = (await control<RequestLogEntry[]>('requests?path=/oauth/token/')).length;
    assert.equal(refreshes, 1, 'one refresh');
    const stored = JSON.parse((await auth.context.secrets.get(auth.provider.storageKey))!).sessions[0];
    assert.notEqual(stored.refreshToken, oldRefresh, 'the rotated refresh token is stored');
    assert.notEqual(stored.accessToken, oldAccess);
    // The first request after the refresh used exactly the stored access token.
    const used = (await control<RequestLogEntry[]>('requests?path=/api/0/organizations/')).filter((r) => r.status === 200);
    assert.ok(used.every((r) => r.headers['authorization'] === `Bearer ${stored.accessToken}`));
    await collectWireSecrets();
  });

  it('a 403 names the scopes the operation needs and offers to sign in again asking for them', async () => {
    const token = await control<{ token: string }>('tokens', { scopes: ['org:read'], kind: 'user' });
    seenSecrets.add(token.token);
    const client = new SentryClient({ baseUrl: SANDBOX_URL!, credential: async () => ({ kind: 'bearer', token: token.token }) });
    const err: unknown = await client.listIssueEvents(defaults.org, '1').catch((e: unknown) => e);
    assert.ok(err instanceof ForbiddenError);
    assert.match(err.message, /event:admin, event:read or event:write/);
    // An operation needing a scope the session lacks: signing in again asks for it, on top of the others.
    const needsWrite = new ForbiddenError(['project:write', 'project:admin'], undefined, 'GET /x/');
    rec.set({ method: 'device', answer: (s) => (s.level === 'error' && /project:write/.test(s.message) ? 'Sign In Again' : undefined) });
    await auth.showForbidden(needsWrite);
    const devices = await control<Array<{ scopes: string[] }>>('device');
    assert.deepEqual([...devices.at(-1)!.scopes].sort(), [...SCOPES, 'project:write'].sort());
    assert.equal(auth.isSignedIn(), true, 'cancelling the new sign-in keeps the old session');
  });

  it('a denied device flow says so', async () => {
    rec.set({
      method: 'device',
      answer: (s) => (s.modal ? 'Copy & Open' : undefined),
      onOpen: (url) => {
        void decideInChromium(url, 'deny');
      },
    });
    const before = rec.shown.length;
    assert.equal(await auth.signIn(), undefined);
    const messages = rec.shown.slice(before).map((s) => `${s.level}: ${s.message}`);
    assert.ok(messages.some((m) => /^error: .*denied/.test(m)), messages.join('\n'));
    await collectWireSecrets();
  });

  it('an expired device flow says so and offers to start again with a new code', async () => {
    let starts = 0;
    rec.set({
      method: 'device',
      answer: (s) => {
        if (s.modal) {
          starts++;
          return 'Copy & Open';
        }
        if (/expired/.test(s.message)) return starts < 2 ? 'Start Again' : undefined;
        return undefined;
      },
      onOpen: async () => {
        // The code's 600 s pass on the server before the first poll.
        await control('clock/advance', { ms: 601_000 });
      },
    });
    const before = rec.shown.length;
    assert.equal(await auth.signIn(), undefined);
    const expired = rec.shown.slice(before).filter((s) => /expired/.test(s.message));
    assert.equal(expired.length, 2, 'said so twice: the second code was a new one');
    assert.deepEqual(expired[0].items, ['Start Again']);
    assert.equal(starts, 2);
    const codes = rec.clipboard.slice(-2);
    assert.notEqual(codes[0], codes[1], 'a new code');
    await collectWireSecrets();
  });

  it('signs in with the browser (PKCE) through the sandbox authorize page; a forged callback is rejected', async () => {
    await auth.signOut();
    await control('requests/clear', {});
    let forgedRejected = false;
    rec.set({
      method: 'browser',
      onOpen: (url) => {
        const u = new URL(url);
        assert.equal(u.pathname, '/oauth/authorize/');
        assert.equal(u.searchParams.get('response_type'), 'code');
        assert.equal(u.searchParams.get('code_challenge_method'), 'S256');
        assert.match(u.searchParams.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/);
        assert.ok(u.searchParams.get('state'));
        print(`      redirect_uri: ${u.searchParams.get('redirect_uri')!.replace(/\?.*/, '?…')}`);
        void (async () => {
          const callback = await authorizeInChromium(url, 'approve');
          // Back to VS Code the way a browser gets there: VS Code opens the callback URL itself.
          // A forged callback first (wrong state): rejected, the sign-in keeps waiting.
          // (Its own external URI: the web workbench takes one callback per external URI.)
          const forgedBase = await vscode.env.asExternalUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/auth-callback`));
          const forged = new URL(forgedBase.toString(true));
          forged.searchParams.set('state', 'forged-state');
          forged.searchParams.set('code', 'forged-code');
          await vscode.env.openExternal(forged.toString() as unknown as vscode.Uri);
          await waitFor('the forged callback to be rejected', () => rec.shown.some((s) => /ignored a sign-in callback/.test(s.message)) || undefined);
          forgedRejected = true;
          await vscode.env.openExternal(callback as unknown as vscode.Uri);
        })().catch((e) => print(`      browser step failed: ${e}`));
      },
    });
    const session = await auth.signIn();
    assert.ok(session, 'signed in');
    assert.equal(session.kind, 'oauth');
    assert.ok(forgedRejected, 'the forged callback was rejected');
    const exchange = (await control<RequestLogEntry[]>('requests?path=/oauth/token/')).map((r) => new URLSearchParams(r.body));
    assert.equal(exchange.length, 1);
    assert.equal(exchange[0].get('grant_type'), 'authorization_code');
    assert.match(exchange[0].get('code_verifier')!, /^[A-Za-z0-9\-._~]{43,128}$/);
    assert.equal(auth.organization?.slug, defaults.org);
    await collectWireSecrets();
  });

  it('a browser sign-in denied on the authorize page is reported', async () => {
    rec.set({
      method: 'browser',
      onOpen: (url) => {
        void authorizeInChromium(url, 'deny')
          .then((callback) => vscode.env.openExternal(callback as unknown as vscode.Uri))
          .catch((e) => print(`      browser step failed: ${e}`));
      },
    });
    const before = rec.shown.length;
    assert.equal(await auth.signIn(), undefined);
    assert.ok(rec.shown.slice(before).some((s) => s.level === 'error' && /denied/.test(s.message)));
  });

  it('a token revoked on the server leads to the sign-in prompt', async () => {
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token.token);
    rec.set({ method: 'token', inputs: [token.token] });
    const session = await auth.signIn();
    assert.equal(session?.kind, 'token');
    assert.deepEqual(session?.scopes, SCOPES, 'scopes from what the server answered');
    const client = (await auth.getClient())!;
    await client.listOrganizations();
    await control('tokens/revoke', { token: token.token });
    const before = rec.shown.length;
    await assert.rejects(client.listOrganizations(), (e: unknown) => e instanceof Error && e.name === UnauthorizedError.name);
    await waitFor('the sign-in prompt', () => rec.shown.slice(before).find((s) => /Sign in again/i.test(s.message) && s.items.includes('Sign In')));
    assert.equal(auth.isSignedIn(), false);
    assert.equal(await auth.context.secrets.get(auth.provider.storageKey), undefined, 'its secrets are gone');
    // Context keys cannot be read back; an empty tree is what makes the view show its sign-in welcome.
    assert.deepEqual(await (await activateExtension()).issues.tree.getChildren(), [], 'the Issues view falls back to its welcome');
  });

  it('invalid_grant on refresh (a revoked token family): the session is removed and the user told to sign in again', async () => {
    // Browser sign-in, approved at once by the sandbox (auto-approve), the callback delivered by VS Code.
    await control('oauth/auto-approve', { enabled: true });
    try {
      rec.set({
        method: 'browser',
        onOpen: (url) => {
          void fetch(url, { redirect: 'manual' })
            .then((res) => vscode.env.openExternal(res.headers.get('location')! as unknown as vscode.Uri))
            .catch((e) => print(`      browser step failed: ${e}`));
        },
      });
      const session = await auth.signIn();
      assert.equal(session?.kind, 'oauth');
    } finally {
      await control('oauth/auto-approve', { enabled: false });
    }
    const s = auth.session!;
    await collectWireSecrets();
    // Revoking the refresh token revokes its family, the access token included.
    await control('tokens/revoke', { token: s.kind === 'oauth' ? s.refreshToken : '' });
    const before = rec.shown.length;
    const client = (await auth.getClient())!;
    await assert.rejects(client.listOrganizations(), (e: unknown) => e instanceof Error && e.name === UnauthorizedError.name);
    await waitFor('the sign-in prompt', () => rec.shown.slice(before).find((m) => /Sign in again/i.test(m.message) && m.items.includes('Sign In')));
    assert.equal(auth.isSignedIn(), false);
    assert.equal(await auth.context.secrets.get(auth.provider.storageKey), undefined);
    const refreshes = (await control<RequestLogEntry[]>('requests?path=/oauth/token/')).filter((r) => new URLSearchParams(r.body).get('grant_type') === 'refresh_token');
    assert.equal(refreshes.length, 1, 'one refresh attempt, then signed out');
  });

  it('a legacy API key is validated before it is saved', async () => {
    const key = await control<{ key: string }>('api-keys', {});
    seenSecrets.add(key.key);
    rec.set({ method: 'apiKey', inputs: ['not-a-key'] });
    const before = rec.shown.length;
    assert.equal(await auth.signIn(), undefined);
    assert.ok(rec.shown.slice(before).some((s) => s.level === 'error' && /rejected/.test(s.message)));
    assert.equal(auth.isSignedIn(), false);
    rec.set({ method: 'apiKey', inputs: [key.key] });
    const session = await auth.signIn();
    assert.equal(session?.kind, 'apiKey');
    const client = (await auth.getClient())!;
    assert.ok((await client.listOrganizations()).items.length >= 1);
    await collectWireSecrets();
  });

  it('a stored secret that does not parse is deleted and the user asked to sign in again', async () => {
    const before = rec.shown.length;
    await auth.context.secrets.store(auth.provider.storageKey, '{"version":1,"sessions":[{"kind":"oauth"');
    await waitFor('the warning', () => rec.shown.slice(before).find((s) => /could not be read/.test(s.message)));
    assert.equal(await auth.context.secrets.get(auth.provider.storageKey), undefined);
    assert.equal(auth.isSignedIn(), false);
  });

  it('a client secret is entered with a command and kept in SecretStorage only', async () => {
    rec.set({ inputs: [CLIENT_SECRET_FOR_SCAN] });
    await vscode.commands.executeCommand(Commands.setClientSecret);
    const key = clientSecretKey(SANDBOX_URL!, defaults.clientId);
    assert.equal(await auth.context.secrets.get(key), CLIENT_SECRET_FOR_SCAN);
    seenSecrets.add(CLIENT_SECRET_FOR_SCAN);
    rec.set({ inputs: [''] });
    await vscode.commands.executeCommand(Commands.setClientSecret);
    assert.equal(await auth.context.secrets.get(key), undefined);
  });

  it('plain http to a host that is not loopback needs an explicit confirmation', async () => {
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await cfg.update('baseUrl', 'http://sentry.example.invalid', vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the switch', () => auth.provider.baseUrl === 'http://sentry.example.invalid');
      const before = rec.shown.length;
      const picks = rec.quickPicks.length;
      rec.set({ method: 'token', inputs: ['whatever'], answer: () => undefined });
      assert.equal(await auth.signIn(), undefined);
      const asked = rec.shown.slice(before).find((s) => s.modal && /plain http/.test(s.message));
      assert.ok(asked, 'asked');
      assert.deepEqual(asked.items, ['Send Anyway']);
      assert.equal(rec.quickPicks.length, picks, 'nothing else happened');
    } finally {
      await cfg.update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
      await waitFor('the switch back', () => auth.provider.baseUrl === SANDBOX_URL);
    }
  });

  it('signs out from the command: the session and every secret of it are gone', async () => {
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token.token);
    rec.set({ method: 'token', inputs: [token.token] });
    assert.ok(await auth.signIn());
    const changes: vscode.AuthenticationSessionsChangeEvent[] = [];
    const sub = vscode.authentication.onDidChangeSessions((e) => e.provider.id === AUTH_PROVIDER_ID && changes.push(e));
    try {
      await collectWireSecrets();
      await vscode.commands.executeCommand(Commands.signOut);
      assert.equal(await auth.context.secrets.get(auth.provider.storageKey), undefined);
      assert.deepEqual(await auth.provider.getSessions(undefined), []);
      assert.equal(auth.isSignedIn(), false);
      await waitFor('onDidChangeSessions', () => changes.length > 0 || undefined);
    } finally {
      sub.dispose();
    }
  });

  it('no token, code, verifier or secret appears in the log, the messages, the settings or globalState', async () => {
    await collectWireSecrets();
    const secrets = [...seenSecrets].filter((s) => s && s.length >= 8);
    assert.ok(secrets.length >= 10, `collected ${secrets.length} secrets`);
    const log = readExtensionLog(auth);
    assert.ok(log.includes('[auth]'), 'the log was found and has auth lines');
    const globalState = JSON.stringify(auth.context.globalState.keys().map((k) => [k, auth.context.globalState.get(k)]));
    const settings = JSON.stringify(vscode.workspace.getConfiguration('sentryExplorer').inspect(''));
    const settingsAll = JSON.stringify(['baseUrl', 'oauth.clientId', 'oauth.scopes', 'organization', 'projects'].map((k) => vscode.workspace.getConfiguration('sentryExplorer').inspect(k)));
    const messages = JSON.stringify(rec.shown.filter((s) => !(s.modal && /sign-in code/.test(s.message))));
    const places: Record<string, string> = { log, globalState, settings: settings + settingsAll, messages };
    const leaks: string[] = [];
    for (const [where, text] of Object.entries(places)) {
      for (const s of secrets) if (text.includes(s)) leaks.push(`${where} contains ${s.slice(0, 4)}… (${s.length} chars)`);
    }
    print(`      scanned ${Object.values(places).reduce((n, t) => n + t.length, 0)} characters for ${secrets.length} secrets`);
    assert.deepEqual(leaks, []);
  });
});
