/**
 * The four ways of signing in (the UI half; the protocol parts are pure modules beside this one):
 * device flow (RFC 8628), browser flow (authorization code + PKCE), a pasted auth token, a legacy
 * API key. Each flow shows its own messages and ends with a StoredSession, or throws
 * vscode.CancellationError when the user cancelled or was already told what went wrong.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { z } from '../util/z';
import { ApiError, HttpClient, OAuthEndpoints, SentryClient, type Credential, type HttpClientOptions, type Organization, type TokenResponse } from '../api';
import type { AuthConfig } from '../config';
import { pollForDeviceToken, type DevicePollOutcome } from './devicePoller';
import { createPkcePair } from './pkce';
import { clientSecretKey, type SecretStore, type StoredSession } from './sessionCodec';
import { CallbackError, createState, isAbortError, type PendingCallbacks } from './state';
import { tokensFromResponse } from './tokenManager';
import { splitScopes } from './scopes';
import type { AuthUi } from '../util/ui';
import { plainText, safeVerificationUrl } from '../util/untrusted';
import { errorKind, safeErrorMessage } from './errorText';
import { credentialProblem } from './credentialCheck';
import { linkSignals, signalFrom } from '../util/signal';

export type SignInMethod = 'device' | 'browser' | 'token' | 'apiKey';

export const CALLBACK_PATH = '/auth-callback';
/** How long the browser flow waits for its callback (authorization codes live about 10 minutes). */
export const BROWSER_FLOW_TIMEOUT_MS = 10 * 60_000;
export const COPY_AND_OPEN = 'Copy & Open';
export const START_AGAIN = 'Start Again';
export const COPY_CODE = 'Copy Code';

interface MethodItem extends vscode.QuickPickItem {
  method: SignInMethod;
}

export interface FlowDeps {
  ui: () => AuthUi;
  log: vscode.LogOutputChannel;
  config: () => AuthConfig;
  secrets: SecretStore;
  callbacks: PendingCallbacks;
  extensionId: string;
  /** Extra HttpClient options (tests: shorter timeouts; logging hook). */
  http?: Partial<HttpClientOptions>;
  /** Remembers the organization the server answered for this base URL. */
  rememberOrganization: (baseUrl: string, org: Organization) => Promise<void>;
  now?: () => number;
}

/** The answer of GET /api/0/ on real servers: who the credential belongs to and its scopes. */
const IndexSchema = z.looseObject({
  user: z.looseObject({ id: z.union([z.string(), z.number()]).transform(String), name: z.string().nullish(), email: z.string().nullish(), username: z.string().nullish() }).nullish(),
  auth: z.looseObject({ scopes: z.array(z.string()).nullish() }).nullish(),
});

export class SignInFlows {
  constructor(private readonly deps: FlowDeps) {}

  private get ui(): AuthUi {
    return this.deps.ui();
  }

  private get log(): vscode.LogOutputChannel {
    return this.deps.log;
  }

  /** Asks how to sign in (device flow first), then runs that flow. */
  /**
   * `baseUrl` is the server the sign-in started with: every request of the flow goes there and the
   * session belongs to it, even when the setting changes meanwhile.
   */
  async run(scopes: readonly string[], method?: SignInMethod, baseUrl = this.deps.config().baseUrl): Promise<StoredSession> {
    const cfg = { ...this.deps.config(), baseUrl };
    const chosen = method ?? (await this.pickMethod(cfg));
    if (!chosen) throw new vscode.CancellationError();
    this.log.info(`[auth] sign-in to ${cfg.baseUrl} (${chosen}) for scopes ${scopes.join(' ')}`);
    switch (chosen) {
      case 'device':
        return this.device(cfg, scopes);
      case 'browser':
        return this.browser(cfg, scopes);
      case 'token':
        return this.pasted(baseUrl, 'token');
      case 'apiKey':
        return this.pasted(baseUrl, 'apiKey');
    }
  }

  private async pickMethod(cfg: AuthConfig): Promise<SignInMethod | undefined> {
    const host = new URL(cfg.baseUrl).host;
    const needsClient = cfg.clientId ? '' : ' (asks for the OAuth client id first)';
    const items: MethodItem[] = [
      { method: 'device', label: '$(device-mobile) Sign in with a code', description: 'recommended', detail: `Approve a short code on ${host} in any browser${needsClient}` },
      { method: 'browser', label: '$(globe) Sign in with the browser', detail: `Approve on ${host}; the browser returns to VS Code${needsClient}` },
      { method: 'token', label: '$(key) Paste an auth token', detail: 'A user auth token or an internal integration token' },
      { method: 'apiKey', label: '$(lock) Use a legacy API key', detail: 'Older servers and accounts only' },
    ];
    const pick = await this.ui.showQuickPick(items, { title: `Sign in to Sentry (${host})`, placeHolder: 'How do you want to sign in?', ignoreFocusOut: true });
    return pick?.method;
  }

  private http(baseUrl: string, credential?: Credential): HttpClient {
    return new HttpClient({ ...this.deps.http, baseUrl, credential: credential ? async () => credential : undefined });
  }

  /** The OAuth endpoints with the client id (asked for when missing) and the stored client secret. */
  private async endpoints(started: AuthConfig): Promise<{ oauth: OAuthEndpoints; baseUrl: string }> {
    let cfg = started;
    if (!cfg.clientId) {
      const id = await this.ui.showInputBox({
        title: 'Sentry OAuth client id',
        prompt: `The client id of the OAuth application registered on ${cfg.baseUrl} (saved in the setting sentryExplorer.oauth.clientId)`,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'Enter the client id'),
      });
      if (!id?.trim()) throw new vscode.CancellationError();
      await vscode.workspace.getConfiguration('sentryExplorer').update('oauth.clientId', id.trim(), vscode.ConfigurationTarget.Global);
      cfg = { ...cfg, clientId: id.trim() };
    }
    const clientSecret = (await this.deps.secrets.get(clientSecretKey(cfg.baseUrl, cfg.clientId))) || undefined;
    return { oauth: new OAuthEndpoints(this.http(cfg.baseUrl), { clientId: cfg.clientId, clientSecret }), baseUrl: cfg.baseUrl };
  }

  // ------------------------------------------------------------------------------------------
  // Device flow (RFC 8628)

  private async device(cfg: AuthConfig, scopes: readonly string[]): Promise<StoredSession> {
    const { oauth, baseUrl } = await this.endpoints(cfg);
    for (;;) {
      const auth = await this.cancellable('Sentry: requesting a sign-in code…', (signal) => oauth.requestDeviceCode(scopes, signal), 'request a sign-in code');
      const issuedAt = (this.deps.now ?? Date.now)();
      this.log.info(`[auth] device code issued: expires in ${auth.expires_in} s, poll interval ${auth.interval} s`);
      const userCode = plainText(auth.user_code, 40);
      // Only the server's own https page (http on loopback) is opened; anything else (file:, command:,
      // another host) is shown as text to copy.
      const page = safeVerificationUrl(auth.verification_uri_complete, baseUrl) ?? safeVerificationUrl(auth.verification_uri, baseUrl);
      const action = page ? COPY_AND_OPEN : COPY_CODE;
      const choice = await this.ui.showInformationMessage(
        `Your Sentry sign-in code is ${userCode}`,
        {
          modal: true,
          detail: page
            ? `"${COPY_AND_OPEN}" copies the code and opens ${page.host} in your browser. Enter the code there and approve to sign in.`
            : `Sentry Explorer does not open the sign-in page this server named, because it is not an https page of ${new URL(baseUrl).host}: ${plainText(auth.verification_uri, 300)} — open your server's device sign-in page yourself, enter the code there and approve.`,
        },
        action,
      );
      if (choice !== action) {
        this.log.info('[auth] device sign-in cancelled at the code dialog');
        throw new vscode.CancellationError();
      }
      if (!page) this.log.warn('[auth] the server named a verification page that is not its own https page; shown as text, not opened');
      try {
        await this.ui.writeClipboard(auth.user_code);
      } catch (err) {
        // A browser may refuse clipboard access (VS Code for the Web): the code is on screen anyway.
        this.log.warn(`[auth] could not copy the code: ${errorKind(err)}`);
      }
      if (page) await this.openVerificationPage(page);

      const started = Date.now();
      const outcome: DevicePollOutcome = await this.ui.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Sentry: enter the code ${userCode} in your browser and approve`, cancellable: true },
        (_progress, token) => {
          const cancel = signalFrom(token);
          return pollForDeviceToken(auth, {
            poll: (deviceCode, signal) => oauth.pollDeviceToken(deviceCode, signal),
            signal: cancel.signal,
            issuedAt,
            now: this.deps.now,
            onPoll: (e) => this.log.debug(`[auth] device poll ${e.n}: ${e.result} (interval ${e.intervalS} s)`),
          }).finally(cancel.dispose);
        },
      );
      this.log.info(`[auth] device flow ended: ${outcome.kind} after ${outcome.polls} poll(s), ${((Date.now() - started) / 1000).toFixed(1)} s`);
      switch (outcome.kind) {
        case 'approved':
          return this.sessionFromTokens(baseUrl, outcome.tokens, 'device');
        case 'cancelled':
          throw new vscode.CancellationError();
        case 'denied':
          void this.ui.showErrorMessage('Sentry sign-in was denied: the request was rejected in the browser.', {});
          throw new vscode.CancellationError();
        case 'expired': {
          const again = await this.ui.showWarningMessage('The Sentry sign-in code expired before it was approved. Start again with a new code?', {}, START_AGAIN);
          if (again === START_AGAIN) continue;
          throw new vscode.CancellationError();
        }
        case 'error':
          void this.ui.showErrorMessage(`Sentry sign-in failed (${plainText(outcome.error, 60)}): ${plainText(outcome.message)}`, {});
          throw new vscode.CancellationError();
      }
    }
  }

  /** Opens a page safeVerificationUrl accepted: the complete URL (with the code) or the plain one. */
  private async openVerificationPage(page: URL): Promise<void> {
    try {
      const external = await this.ui.asExternalUri(vscode.Uri.parse(page.href, true));
      // Passed as a string so the query is opened exactly as built (a Uri would re-encode it).
      if (await this.ui.openExternal(external.scheme === 'http' || external.scheme === 'https' ? (external.toString(true) as unknown as vscode.Uri) : external)) return;
    } catch (err) {
      this.log.warn(`[auth] could not open the verification page: ${errorKind(err)}`);
    }
    void this.ui.showWarningMessage(`Open ${plainText(page.href, 300)} in a browser and enter the code there.`, {});
  }

  // ------------------------------------------------------------------------------------------
  // Browser flow (authorization code + PKCE)

  private async browser(cfg: AuthConfig, scopes: readonly string[]): Promise<StoredSession> {
    const { oauth, baseUrl } = await this.endpoints(cfg);
    const pkce = createPkcePair();
    const state = createState();
    const callback = vscode.Uri.parse(`${vscode.env.uriScheme}://${this.deps.extensionId}${CALLBACK_PATH}`);
    const redirectUri = (await this.ui.asExternalUri(callback)).toString(true);
    const url = oauth.authorizeUrl({ scopes, redirectUri, state, codeChallenge: pkce.challenge });
    this.log.info('[auth] browser sign-in: waiting for the callback');
    let code: string;
    try {
      code = await this.ui.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Sentry: approve the sign-in in your browser', cancellable: true },
        async (_progress, token) => {
          const cancel = signalFrom(token);
          // Ended here too: when the wait times out, or the browser could not be opened.
          const ac = new AbortController();
          const timer = setTimeout(() => ac.abort(), BROWSER_FLOW_TIMEOUT_MS);
          const either = linkSignals(cancel.signal, ac.signal);
          try {
            const waiting = this.deps.callbacks.wait(state, either.signal);
            waiting.catch(() => undefined);
            if (!(await this.ui.openExternal(url as unknown as vscode.Uri))) {
              void this.ui.showWarningMessage('Sentry sign-in: the browser could not be opened. Try "Sign in with a code" instead.', {});
              ac.abort();
            }
            return await waiting;
          } finally {
            clearTimeout(timer);
            either.dispose();
            cancel.dispose();
          }
        },
      );
    } catch (err) {
      if (err instanceof CallbackError) {
        void this.ui.showErrorMessage(err.error === 'access_denied' ? 'Sentry sign-in was denied in the browser.' : `Sentry sign-in failed: ${err.message}`, {});
        this.log.warn(`[auth] browser sign-in failed: ${err.error}`);
        throw new vscode.CancellationError();
      }
      if (isAbortError(err)) throw new vscode.CancellationError();
      throw err;
    }
    const tokens = await this.cancellable('Sentry: finishing sign-in…', (signal) => oauth.exchangeCode(code, pkce.verifier, redirectUri, signal), 'exchange the authorization code');
    return this.sessionFromTokens(baseUrl, tokens, 'browser');
  }

  // ------------------------------------------------------------------------------------------
  // Auth token and legacy API key

  private async pasted(baseUrl: string, kind: 'token' | 'apiKey'): Promise<StoredSession> {
    const what = kind === 'token' ? 'auth token' : 'API key';
    const value = (
      await this.ui.showInputBox({
        title: kind === 'token' ? 'Sign in to Sentry with an auth token' : 'Sign in to Sentry with a legacy API key',
        prompt:
          kind === 'token'
            ? `Paste a user auth token (User Settings → Personal Tokens) or an internal integration token for ${new URL(baseUrl).host}`
            : `Paste the legacy API key for ${new URL(baseUrl).host} (sent with HTTP Basic auth)`,
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => credentialProblem(v, what),
      })
    )?.trim();
    if (!value) throw new vscode.CancellationError();
    // Checked again here: the input box's validation is advisory (an API or a test can bypass it).
    const problem = credentialProblem(value, what);
    if (problem) {
      this.log.warn(`[auth] refused a pasted ${what}: it is not a single run of printable characters`);
      void this.ui.showErrorMessage(`Sentry sign-in: ${problem}. Nothing was sent or stored.`, {});
      throw new vscode.CancellationError();
    }
    const credential: Credential = kind === 'token' ? { kind: 'bearer', token: value } : { kind: 'apiKey', key: value };
    const client = new SentryClient(this.http(baseUrl, credential));
    const { orgs, index, access } = await this.cancellable(`Sentry: checking the ${what}…`, async (signal) => {
      const orgs = (await client.listOrganizations({}, signal)).items;
      const index = await client.http
        .request({ path: '/api/0/', schema: IndexSchema, signal })
        .then((r) => r.data)
        .catch((err) => {
          if (isAbortError(err)) throw err;
          return undefined;
        });
      // Scopes: GET /api/0/ names them on real servers; else Retrieve an Organization's `access`
      // (user-bound tokens only, rule 1 of spec section 5).
      let access: string[] | undefined = index?.auth?.scopes ?? undefined;
      if (!access && orgs[0]) {
        access = await client
          .getOrganization(orgs[0].slug, signal)
          .then((o) => (Array.isArray(o.access) && o.access.every((x) => typeof x === 'string') ? (o.access as string[]) : undefined))
          .catch((err) => {
            if (isAbortError(err)) throw err;
            return undefined;
          });
      }
      return { orgs, index, access };
    }, `check the ${what}`);
    const orgNames = orgs.map((o) => o.slug);
    const user = index?.user ?? undefined;
    const serverScopes = access;
    const label = user
      ? user.email || user.username || user.name || `user ${user.id}`
      : `${kind === 'token' ? 'Auth token' : 'API key'}${orgNames.length ? ` (${orgNames.slice(0, 3).join(', ')}${orgNames.length > 3 ? ', …' : ''})` : ''}`;
    const accountId = user ? `user:${user.id}` : `${kind}:${orgNames.join(',') || 'none'}`;
    if (orgs.length === 1) await this.deps.rememberOrganization(baseUrl, orgs[0]);
    this.log.info(`[auth] ${what} accepted by ${baseUrl}: ${orgs.length} organization(s), scopes ${serverScopes ? serverScopes.join(' ') || '(none)' : 'not reported'}`);
    const common = {
      id: randomUUID(),
      account: { id: accountId, label },
      scopes: splitScopes(serverScopes ?? []),
      scopesKnown: !!serverScopes,
      createdAt: Date.now(),
    };
    return kind === 'token' ? { kind: 'token', ...common, accessToken: value } : { kind: 'apiKey', ...common, apiKey: value };
  }

  // ------------------------------------------------------------------------------------------

  /** After an OAuth sign-in: the organization the user picked (GET /api/0/organizations/), and the session. */
  private async sessionFromTokens(baseUrl: string, res: TokenResponse, via: 'device' | 'browser'): Promise<StoredSession> {
    const tokens = tokensFromResponse(res, Date.now());
    const client = new SentryClient(this.http(baseUrl, { kind: 'bearer', token: tokens.accessToken }));
    let org: Organization | undefined;
    try {
      org = (await client.listOrganizations()).items[0];
      if (org) await this.deps.rememberOrganization(baseUrl, org);
    } catch (err) {
      this.log.warn(`[auth] could not read the organization after sign-in: ${errorKind(err)}`);
    }
    const user = res.user;
    const label = user?.email || user?.name || (org ? `${org.name} (${new URL(baseUrl).host})` : new URL(baseUrl).host);
    const accountId = user ? `user:${user.id}` : `org:${org?.slug ?? 'unknown'}`;
    this.log.info(`[auth] signed in to ${baseUrl} via ${via}${org ? `, organization ${org.slug}` : ''}; scopes ${tokens.scopes?.join(' ') || '(none)'}${tokens.expiresAt ? `, expires ${new Date(tokens.expiresAt).toISOString()}` : ''}`);
    return {
      kind: 'oauth',
      id: randomUUID(),
      account: { id: accountId, label },
      scopes: tokens.scopes ?? [],
      scopesKnown: true,
      createdAt: Date.now(),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
      via,
    };
  }

  /** Runs a request inside a cancellable notification; failures are shown (and logged) here. */
  private async cancellable<T>(title: string, task: (signal: AbortSignal) => Promise<T>, doing: string): Promise<T> {
    try {
      return await this.ui.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_p, token) => {
        const cancel = signalFrom(token);
        return task(cancel.signal).finally(cancel.dispose);
      });
    } catch (err) {
      if (isAbortError(err)) throw new vscode.CancellationError();
      const message = safeErrorMessage(err);
      this.log.error(`[auth] could not ${doing}: ${errorKind(err)}${err instanceof ApiError && err.request ? ` ${err.request}` : ''}`);
      void this.ui.showErrorMessage(`Sentry sign-in: could not ${doing}. ${message}`, {}, 'Show Log').then((a) => a && this.log.show());
      throw new vscode.CancellationError();
    }
  }
}
