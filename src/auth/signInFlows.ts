/**
 * The four ways of signing in (the UI half; the protocol parts are pure modules beside this one):
 * the device flow (RFC 8628, deviceFlow.ts), the browser flow (authorization code + PKCE, here),
 * a pasted auth token or a legacy API key (pastedCredentialFlow.ts). Each flow shows its own
 * messages and ends with a StoredSession, or throws vscode.CancellationError when the user
 * cancelled or was already told what went wrong.
 */
import { randomUUID } from '../util/random';
import * as vscode from 'vscode';
import { HttpClient, OAuthEndpoints, SentryClient, type Credential, type HttpClientOptions } from '../api';
import type { Organization } from '../model/organization/schema';
import type { TokenResponse } from '../model/auth/schema';
import type { AuthConfig } from '../config';
import { linkSignals, signalFrom } from '../util/signal';
import { plainText } from '../util/untrusted';
import { scrubText } from '../api/secretText';
import type { AuthUi } from '../util/ui';
import { runDeviceFlow, UseTokenInstead } from './deviceFlow';
import { personLabel } from './core/accountLabel';
import { errorKind } from './core/errorText';
import { withCancellableProgress, type FailureText } from './flowProgress';
import { signInWithPasted } from './pastedCredentialFlow';
import { methodOrder, type SignInMethod } from './core/signInChoices';
import type { ServerChoice } from './core/serverAddress';
import { serverItems, type ServerItem } from './serverChoice';
import { createPkcePair } from './core/pkce';
import { inWebWorker } from '../util/host';
import { clientSecretKey, type SecretStore, type StoredSession } from './core/sessionCodec';
import { CallbackError, createState, isAbortError, type PendingCallbacks } from './core/state';
import { tokensFromResponse } from './core/tokenManager';
import { writeSetting } from '../settings';

export type { SignInMethod } from './core/signInChoices';

export const CALLBACK_PATH = '/auth-callback';
/** How long the browser flow waits for its callback (authorization codes live about 10 minutes). */
export const BROWSER_FLOW_TIMEOUT_MS = 10 * 60_000;

interface MethodItem extends vscode.QuickPickItem {
  method: SignInMethod;
}

/** What the sign-in pick answers: a way to sign in to the server it is for, or another server. */
export type SignInChoice = SignInMethod | { server: ServerChoice };

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

export class SignInFlows {
  constructor(private readonly deps: FlowDeps) {}

  private get ui(): AuthUi {
    return this.deps.ui();
  }

  private get log(): vscode.LogOutputChannel {
    return this.deps.log;
  }

  /**
   * Runs the flow of `method`. `baseUrl` is the server the sign-in started with: every request of the flow goes there and the
   * session belongs to it, even when the setting changes meanwhile.
   */
  async run(scopes: readonly string[], method: SignInMethod, baseUrl = this.deps.config().baseUrl): Promise<StoredSession> {
    const cfg = { ...this.deps.config(), baseUrl };
    this.log.info(`[auth] sign-in to ${cfg.baseUrl} (${method}) for scopes ${scopes.join(' ')}`);
    if ((method === 'device' || method === 'browser') && inWebWorker()) {
      // Sentry's /oauth/ views send no CORS headers (src/api/browser.ts): a web worker never sees their answers.
      this.log.warn(`[auth] the ${method} sign-in cannot run in the browser's web worker host (Sentry's OAuth endpoints do not allow browser pages); offering a pasted token`);
      const paste = vscode.l10n.t('Paste an Auth Token');
      const choice = await this.ui.showWarningMessage(
        vscode.l10n.t(
          "VS Code in the browser cannot sign in with a code or through the browser: Sentry's OAuth endpoints do not answer requests from a browser page (CORS). Paste an auth token instead: in the browser Sentry accepts an internal integration's token that lists this page among its Authorized JavaScript Origins. Or use VS Code desktop.",
        ),
        { modal: true },
        paste,
      );
      if (choice !== paste) throw new vscode.CancellationError();
      method = 'token';
    }
    switch (method) {
      case 'device':
        return this.device(cfg, scopes);
      case 'browser':
        return this.browser(cfg, scopes);
      case 'token':
      case 'apiKey':
        return signInWithPasted({ ui: this.ui, log: this.log, http: (url, credential) => this.http(url, credential), rememberOrganization: this.deps.rememberOrganization }, baseUrl, method, scopes);
    }
  }

  /**
   * The ways to sign in to `baseUrl`: the device flow first when a client id is set, else a pasted
   * token (the OAuth ways would ask for a client id first); then the other servers (serverChoice.ts).
   */
  async pick(baseUrl: string): Promise<SignInChoice | undefined> {
    const cfg = { ...this.deps.config(), baseUrl };
    const host = new URL(cfg.baseUrl).host;
    const hasClient = !!cfg.clientId;
    const item = (method: SignInMethod): MethodItem => {
      switch (method) {
        case 'device':
          return {
            method,
            label: `$(device-mobile) ${vscode.l10n.t('Sign in with a code')}`,
            detail: hasClient
              ? vscode.l10n.t('Approve a short code on {0} in any browser', host)
              : vscode.l10n.t('Approve a short code on {0} in any browser (asks for the OAuth client id first)', host),
          };
        case 'browser':
          return {
            method,
            label: `$(globe) ${vscode.l10n.t('Sign in with the browser')}`,
            detail: hasClient
              ? vscode.l10n.t('Approve on {0}; the browser returns to VS Code', host)
              : vscode.l10n.t('Approve on {0}; the browser returns to VS Code (asks for the OAuth client id first)', host),
          };
        case 'token':
          return { method, label: `$(key) ${vscode.l10n.t('Paste an auth token')}`, detail: vscode.l10n.t('A user auth token or an internal integration token') };
        case 'apiKey':
          return { method, label: `$(lock) ${vscode.l10n.t('Use a legacy API key')}`, detail: vscode.l10n.t('Older servers and accounts only') };
      }
    };
    const items = methodOrder(hasClient, inWebWorker()).map(item);
    items[0].description = vscode.l10n.t('recommended');
    const pick = await this.ui.showQuickPick<MethodItem | ServerItem>([...items, ...serverItems(cfg.baseUrl)], {
      title: vscode.l10n.t('Sign in to Sentry ({0})', host),
      placeHolder: vscode.l10n.t('How do you want to sign in?'),
      ignoreFocusOut: true,
    });
    if (!pick) return undefined;
    return 'method' in pick ? pick.method : pick.server && { server: pick.server };
  }

  private http(baseUrl: string, credential?: Credential): HttpClient {
    return new HttpClient({ ...this.deps.http, baseUrl, credential: credential ? async () => credential : undefined });
  }

  /** The OAuth endpoints with the client id (asked for when missing) and the stored client secret. */
  private async endpoints(started: AuthConfig): Promise<{ oauth: OAuthEndpoints; baseUrl: string }> {
    let cfg = started;
    if (!cfg.clientId) {
      const id = await this.ui.showInputBox({
        title: vscode.l10n.t('Sentry OAuth client id'),
        prompt: vscode.l10n.t('The client id of the OAuth application registered on {0} (saved in the setting sentryExplorer.oauth.clientId)', cfg.baseUrl),
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the client id')),
      });
      if (!id?.trim()) throw new vscode.CancellationError();
      await writeSetting('oauth.clientId', id.trim(), vscode.ConfigurationTarget.Global);
      cfg = { ...cfg, clientId: id.trim() };
    }
    const clientSecret = (await this.deps.secrets.get(clientSecretKey(cfg.baseUrl, cfg.clientId))) || undefined;
    const baseUrl = cfg.baseUrl;
    const oauth = new OAuthEndpoints(this.http(baseUrl), { clientId: cfg.clientId, clientSecret }, (what) => this.log.warn(`[auth] the OAuth metadata of ${baseUrl}: ${what}`));
    return { oauth, baseUrl };
  }

  // ------------------------------------------------------------------------------------------
  // Device flow (RFC 8628)

  private async device(cfg: AuthConfig, scopes: readonly string[]): Promise<StoredSession> {
    const { oauth, baseUrl } = await this.endpoints(cfg);
    let tokens: TokenResponse;
    try {
      tokens = await runDeviceFlow({ ui: this.ui, log: this.log, now: this.deps.now }, oauth, baseUrl, scopes);
    } catch (err) {
      // The server offers no sign-in with a code and the user chose the token paste instead.
      if (err instanceof UseTokenInstead) return this.run(scopes, 'token', baseUrl);
      throw err;
    }
    return this.sessionFromTokens(baseUrl, tokens, 'device');
  }

  // ------------------------------------------------------------------------------------------
  // Browser flow (authorization code + PKCE)

  private async browser(cfg: AuthConfig, scopes: readonly string[]): Promise<StoredSession> {
    const { oauth, baseUrl } = await this.endpoints(cfg);
    const pkce = await createPkcePair();
    const state = createState();
    const callback = vscode.Uri.parse(`${vscode.env.uriScheme}://${this.deps.extensionId}${CALLBACK_PATH}`);
    const redirectUri = (await this.ui.asExternalUri(callback)).toString(true);
    const url = oauth.authorizeUrl({ scopes, redirectUri, state, codeChallenge: pkce.challenge });
    this.log.info('[auth] browser sign-in: waiting for the callback');
    let code: string;
    try {
      code = await this.ui.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sentry: approve the sign-in in your browser'), cancellable: true },
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
              void this.ui.showWarningMessage(vscode.l10n.t('Sentry sign-in: the browser could not be opened. Try "{0}" instead.', vscode.l10n.t('Sign in with a code')), {});
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
        void this.ui.showErrorMessage(err.error === 'access_denied' ? vscode.l10n.t('Sentry sign-in was denied in the browser.') : vscode.l10n.t('Sentry sign-in failed: {0}', err.message), {});
        this.log.warn(`[auth] browser sign-in failed: ${plainText(scrubText(err.error), 60)}`);
        throw new vscode.CancellationError();
      }
      if (isAbortError(err)) throw new vscode.CancellationError();
      throw err;
    }
    const tokens = await this.cancellable(vscode.l10n.t('Sentry: finishing sign-in…'), (signal) => oauth.exchangeCode(code, pkce.verifier, redirectUri, signal), {
      log: 'exchange the authorization code',
      message: vscode.l10n.t('Sentry sign-in: could not exchange the authorization code.'),
    });
    return this.sessionFromTokens(baseUrl, tokens, 'browser');
  }

  // ------------------------------------------------------------------------------------------

  /** After an OAuth sign-in: the organization the user picked (GET /api/0/organizations/), and the session. */
  private async sessionFromTokens(baseUrl: string, res: TokenResponse, via: 'device' | 'browser'): Promise<StoredSession> {
    const tokens = tokensFromResponse(res, Date.now());
    const client = new SentryClient(this.http(baseUrl, { kind: 'bearer', token: tokens.accessToken }));
    let org: Organization | undefined;
    try {
      org = (await client.listAllOrganizations()).organizations[0];
      if (org) await this.deps.rememberOrganization(baseUrl, org);
    } catch (err) {
      this.log.warn(`[auth] could not read the organization after sign-in: ${errorKind(err)}`);
    }
    const user = res.user;
    const label = personLabel(user) ?? (org ? `${org.name} (${new URL(baseUrl).host})` : new URL(baseUrl).host);
    const accountId = user ? `user:${user.id}` : `org:${org?.slug ?? 'unknown'}`;
    this.log.info(
      `[auth] signed in to ${baseUrl} via ${via}${org ? `, organization ${org.slug}` : ''}; scopes ${tokens.scopes?.join(' ') || '(none)'}${tokens.expiresAt ? `, expires ${new Date(tokens.expiresAt).toISOString()}` : ''}`,
    );
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
      ...(tokens.lifetimeMs !== undefined ? { lifetimeMs: tokens.lifetimeMs } : {}),
      via,
    };
  }

  /** Runs a request inside a cancellable notification; failures are shown (and logged) there. */
  private cancellable<T>(title: string, task: (signal: AbortSignal) => Promise<T>, failure: FailureText): Promise<T> {
    return withCancellableProgress(this.ui, this.log, title, task, failure);
  }
}
