/**
 * Sign-in as the rest of the extension sees it: whether someone is signed in, a SentryClient bound
 * to the current session (proactive and single-flight refresh through HttpClient's `credential` /
 * `onUnauthorized`), the remembered organization, and the commands' entry points. Registers the
 * `sentry-explorer` AuthenticationProvider and keeps the `sentryExplorer.signedIn` context key.
 */
import * as vscode from 'vscode';
import { ForbiddenError, OAuthEndpoints, SentryClient, UnauthorizedError, HttpClient, type Credential, type HttpClientOptions, type Organization } from '../api';
import { AUTH_PROVIDER_ID, CONFIG_SECTION, EXTENSION_ID } from '../constants';
import { ConfigError, readAuthConfig, type AuthConfig } from '../config';
import { PROVIDER_LABEL, SentryAuthenticationProvider } from './provider';
import { normalizeBaseUrl } from '../api/http';
import { clientSecretKey, oauthTokensOf, SessionStore, sessionsKey, withTokens, type StoredOAuthSession, type StoredSession } from './sessionCodec';
import { leaseKey, SecretRefreshLease } from './refreshLease';
import { CALLBACK_PATH, SignInFlows, type SignInMethod } from './signInFlows';
import { PendingCallbacks } from './state';
import { RefreshRejectedError, splitScopes, TokenManager } from './tokenManager';
import { UiHolder } from '../util/ui';
import { UriRouter } from './uriHandler';
import { SessionHttpClient } from './sessionHttp';
import { errorKind, safeErrorMessage } from './errorText';
import { plainText } from '../util/untrusted';
import { credentialProblem } from './credentialCheck';
import { needsInsecureConfirmation, stepPage } from './urlSafety';

export const SIGNED_IN_CONTEXT_KEY = 'sentryExplorer.signedIn';
export const SIGN_IN_AGAIN = 'Sign In Again';
export const REMOVE_SIGN_IN = 'Remove Sign-In';
const STEP_PROMPT_INTERVAL_MS = 60_000;
const ORG_KEY_PREFIX = 'sentryExplorer.auth.organization:';
const INSECURE_KEY = 'sentryExplorer.auth.insecureConfirmed';

export interface SignInOptions {
  /** Scopes to ask for on top of the configured ones. */
  scopes?: readonly string[];
  /** Scopes of which an operation needs one (a ForbiddenError can be passed as is). */
  neededScopes?: readonly string[];
  method?: SignInMethod;
}

export interface RememberedOrganization {
  id: string;
  slug: string;
  name: string;
}

export class SentryAuth implements vscode.Disposable {
  readonly provider: SentryAuthenticationProvider;
  readonly flows: SignInFlows;
  readonly callbacks = new PendingCallbacks();
  readonly ui = new UiHolder();
  /** Resolves once the stored sessions have been read. */
  readonly ready: Promise<void>;

  private current: StoredSession | undefined;
  /** The server `current` belongs to: while the provider switches servers it may already name the next one. */
  private currentBaseUrl: string | undefined;
  private readonly managers = new Map<string, TokenManager>();
  private cachedClient: { key: string; client: SentryClient } | undefined;
  private readonly ended = new Set<string>();
  /** Sessions whose rejected credential the user was already asked about in this window. */
  private readonly asked = new Set<string>();
  /** When each "complete this step" prompt was last shown. */
  private readonly stepShown = new Map<string, number>();
  private readonly sessionEmitter = new vscode.EventEmitter<StoredSession | undefined>();
  /** Fired when the current session appears, goes, or gets new tokens. */
  readonly onDidChangeSession = this.sessionEmitter.event;
  private readonly disposables: vscode.Disposable[] = [];
  private configError: string | undefined;

  constructor(
    readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly httpOptions: Partial<HttpClientOptions> = {},
  ) {
    this.flows = new SignInFlows({
      ui: () => this.ui.ui,
      log,
      config: () => this.config(),
      secrets: context.secrets,
      callbacks: this.callbacks,
      extensionId: EXTENSION_ID,
      http: this.httpFor(),
      rememberOrganization: (baseUrl, org) => this.rememberOrganization(baseUrl, org),
    });
    this.provider = new SentryAuthenticationProvider({
      secrets: context.secrets,
      log,
      config: () => this.config(),
      signIn: (scopes, method) => this.runFlow(scopes, method),
      onDiscarded: () => {
        void this.ui.ui.showWarningMessage('The stored Sentry sign-in could not be read and was deleted. Please sign in again.', {}, 'Sign In').then((a) => {
          if (a) void this.signIn();
        });
      },
    });
    const router = new UriRouter(log);
    this.disposables.push(
      this.sessionEmitter,
      this.provider,
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, PROVIDER_LABEL, this.provider, { supportsMultipleAccounts: false }),
      vscode.window.registerUriHandler(router),
      router.route(CALLBACK_PATH, (uri) => this.handleCallback(uri)),
      this.provider.onDidChangeStored((sessions) => this.setCurrent(sessions)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${CONFIG_SECTION}.baseUrl`)) void this.provider.switchBaseUrl(this.config().baseUrl);
      }),
    );
    void vscode.commands.executeCommand('setContext', SIGNED_IN_CONTEXT_KEY, false);
    this.ready = this.provider.stored().then((sessions) => {
      this.setCurrent(sessions, true);
      if (!this.current) this.offerAccountsMenuSignIn();
    });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** The settings; a bad base URL falls back to the default and is reported once. */
  config(): AuthConfig {
    const section = vscode.workspace.getConfiguration(CONFIG_SECTION);
    try {
      const cfg = readAuthConfig(section);
      this.configError = undefined;
      return cfg;
    } catch (err) {
      if (err instanceof ConfigError && this.configError !== err.message) {
        this.configError = err.message;
        this.log.error(`[auth] ${err.message}`);
        void this.ui.ui.showErrorMessage(err.message, {});
      }
      return readAuthConfig({ get: <T>(k: string) => (k === 'baseUrl' ? undefined : section.get<T>(k)) });
    }
  }

  isSignedIn(): boolean {
    return !!this.current;
  }

  get session(): StoredSession | undefined {
    return this.current;
  }

  /** The organization the server answered at sign-in (an OAuth token sees only the one picked). */
  get organization(): RememberedOrganization | undefined {
    return this.context.globalState.get<RememberedOrganization>(ORG_KEY_PREFIX + this.provider.baseUrl);
  }

  private async rememberOrganization(baseUrl: string, org: Organization): Promise<void> {
    await this.context.globalState.update(ORG_KEY_PREFIX + normalizeBaseUrl(baseUrl), { id: org.id, slug: org.slug, name: org.name } satisfies RememberedOrganization);
  }

  private setCurrent(sessions: readonly StoredSession[], initial = false): void {
    const next = sessions[0];
    const prev = this.current;
    this.current = next;
    this.currentBaseUrl = this.provider.baseUrl;
    for (const id of [...this.managers.keys()]) if (!sessions.some((s) => s.id === id)) this.managers.delete(id);
    // Tokens another window refreshed: the token manager adopts them when they are newer than its own.
    for (const s of sessions) {
      const m = this.managers.get(s.id);
      if (m && s.kind === 'oauth') m.adopt(oauthTokensOf(s));
    }
    if (!next || next.id !== prev?.id) this.cachedClient = undefined;
    void vscode.commands.executeCommand('setContext', SIGNED_IN_CONTEXT_KEY, !!next);
    if (initial) {
      if (next) this.log.info(`[auth] signed in to ${this.provider.baseUrl} as ${plainText(next.account.label, 200)} (${next.kind})`);
      else this.log.info(`[auth] not signed in to ${this.provider.baseUrl}`);
    }
    // Consumers care about who is signed in, not about refreshed tokens (the client asks for those itself).
    if (!initial && prev?.id !== next?.id) {
      this.sessionEmitter.fire(next);
      if (!next) this.offerAccountsMenuSignIn();
    }
  }

  /** Adds "Sign in with Sentry to use Sentry Explorer" to the Accounts menu (VS Code's own entry point). */
  private offerAccountsMenuSignIn(): void {
    vscode.authentication.getSession(AUTH_PROVIDER_ID, this.config().scopes, { createIfNone: false }).then(undefined, (err) => {
      this.log.debug(`[auth] could not add the Accounts menu entry: ${errorKind(err)}`);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Sign-in and sign-out

  /** The sign-in command: asks how, runs the flow, stores the session. Undefined when cancelled or failed (already reported). */
  async signIn(options: SignInOptions = {}): Promise<StoredSession | undefined> {
    const cfg = this.config();
    const extra = options.neededScopes?.length ? [preferredScope(options.neededScopes)] : [];
    const scopes = splitScopes([...cfg.scopes, ...(this.current?.scopes ?? []), ...(options.scopes ?? []), ...extra]);
    try {
      return await this.provider.createStored(scopes.length ? scopes : cfg.scopes, options.method);
    } catch (err) {
      if (err instanceof vscode.CancellationError) return undefined;
      const message = safeErrorMessage(err);
      this.log.error(`[auth] sign-in failed: ${errorKind(err)}`);
      void this.ui.ui.showErrorMessage(`Sentry sign-in failed: ${message}`, {});
      return undefined;
    }
  }

  /** Runs the flow against the server configured NOW; the session is stored for that server whatever the setting says later. */
  private async runFlow(scopes: string[], method?: SignInMethod): Promise<{ session: StoredSession; baseUrl: string }> {
    const { baseUrl } = this.config();
    if (!(await this.confirmInsecure(baseUrl))) throw new vscode.CancellationError();
    const session = await this.flows.run(scopes, method, baseUrl);
    void this.ui.ui.showInformationMessage(`Signed in to Sentry (${new URL(baseUrl).host}) as ${plainText(session.account.label, 200)}.`, {});
    return { session, baseUrl };
  }

  /** Signs out of the current server: every session and every secret of it. */
  async signOut(): Promise<void> {
    const sessions = await this.provider.stored();
    if (!sessions.length) {
      void this.ui.ui.showInformationMessage(`You are not signed in to ${new URL(this.provider.baseUrl).host}.`, {});
      return;
    }
    for (const s of sessions) await this.provider.removeSession(s.id);
    this.log.info(`[auth] signed out of ${this.provider.baseUrl}`);
    void this.ui.ui.showInformationMessage(`Signed out of Sentry (${new URL(this.provider.baseUrl).host}).`, {});
  }

  /** The command that stores (or, given an empty value, deletes) the OAuth client secret. */
  async setClientSecret(): Promise<void> {
    const cfg = this.config();
    if (!cfg.clientId) {
      void this.ui.ui.showWarningMessage('Set sentryExplorer.oauth.clientId first: the client secret belongs to that client.', {});
      return;
    }
    const value = await this.ui.ui.showInputBox({
      title: 'Sentry OAuth client secret',
      prompt: `The client secret of OAuth client ${cfg.clientId} on ${new URL(cfg.baseUrl).host}, if the server requires one. Leave empty to remove it. Kept in the OS secret store, never in settings.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? credentialProblem(v, 'client secret') : undefined),
    });
    if (value === undefined) return;
    const problem = value.trim() ? credentialProblem(value, 'client secret') : undefined;
    if (problem) {
      void this.ui.ui.showErrorMessage(`${problem}. The client secret was not changed.`, {});
      return;
    }
    const key = clientSecretKey(cfg.baseUrl, cfg.clientId);
    if (value.trim()) await this.context.secrets.store(key, value.trim());
    else await this.context.secrets.delete(key);
    this.log.info(`[auth] client secret ${value.trim() ? 'stored' : 'removed'} for client ${cfg.clientId} on ${cfg.baseUrl}`);
    void this.ui.ui.showInformationMessage(value.trim() ? 'The OAuth client secret is stored.' : 'The OAuth client secret is removed.', {});
  }

  private handleCallback(uri: vscode.Uri): void {
    const result = this.callbacks.handle(uri.query);
    if (result.kind === 'rejected') {
      this.log.warn(`[auth] rejected a sign-in callback: ${result.reason}`);
      void this.ui.ui.showWarningMessage(`Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress (${result.reason}).`, {});
    } else {
      this.log.info(`[auth] sign-in callback received (${result.outcome})`);
    }
  }

  /**
   * 403: the server's own words; "Sign In Again" (asking for a missing scope on top of the others)
   * only when a scope is what is missing, not when the token is limited to another organization.
   */
  async showForbidden(err: ForbiddenError): Promise<void> {
    const missing = err.missingScopes ?? err.neededScopes;
    const action = missing.length ? SIGN_IN_AGAIN : undefined;
    const choice = await this.ui.ui.showErrorMessage(plainText(err.message, 1000), {}, ...(action ? [action] : []));
    if (action && choice === action) await this.signIn({ neededScopes: missing });
  }

  /**
   * A 401 naming a step to complete in the browser (SSO, 2FA, sudo): the session is fine and kept.
   * Says what to do, with a button that opens the server's own page. Shown at most once a minute per step.
   */
  showStepRequired(err: UnauthorizedError, baseUrl: string): void {
    const code = plainText(err.code ?? 'step', 60);
    const last = this.stepShown.get(code);
    if (last !== undefined && Date.now() - last < STEP_PROMPT_INTERVAL_MS) return;
    this.stepShown.set(code, Date.now());
    this.log.warn(`[auth] the server asks for a step in the browser (${code}); the sign-in is kept`);
    const page = stepPage(err.loginUrl, baseUrl);
    const OPEN = `Open ${new URL(baseUrl).host}`;
    void this.ui.ui.showWarningMessage(plainText(err.message, 1000), {}, ...(page ? [OPEN] : [])).then(async (choice) => {
      if (page && choice === OPEN) await this.ui.ui.openExternal(page.href as unknown as vscode.Uri);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Confirmation for plain http

  private async confirmInsecure(baseUrl: string): Promise<boolean> {
    if (!needsInsecureConfirmation(baseUrl)) return true;
    const confirmed = this.context.globalState.get<string[]>(INSECURE_KEY) ?? [];
    if (confirmed.includes(baseUrl)) return true;
    const SEND = 'Send Anyway';
    const choice = await this.ui.ui.showWarningMessage(
      `${baseUrl} uses plain http. Your Sentry credentials would travel unencrypted to it.`,
      { modal: true, detail: 'Use https:// in sentryExplorer.baseUrl if the server supports it. Send credentials over plain http only on a network you trust.' },
      SEND,
    );
    if (choice !== SEND) {
      this.log.warn(`[auth] not sending credentials to ${baseUrl}: plain http not confirmed`);
      return false;
    }
    await this.context.globalState.update(INSECURE_KEY, [...confirmed, baseUrl]);
    return true;
  }

  // ------------------------------------------------------------------------------------------
  // The API client of the current session

  private httpFor(): Partial<HttpClientOptions> {
    return {
      onResponse: (r) => this.log.trace(`[api] ${r.method} ${r.path} ${r.status ?? 'failed'} ${Math.round(r.durationMs)} ms`),
      ...this.httpOptions,
    };
  }

  /** A client bound to the current session, or undefined when signed out (or plain http refused). */
  async getClient(): Promise<SentryClient | undefined> {
    await this.ready;
    const session = this.current;
    const baseUrl = this.currentBaseUrl;
    if (!session || !baseUrl) return undefined;
    if (!(await this.confirmInsecure(baseUrl))) return undefined;
    const key = `${baseUrl} ${session.id}`;
    if (this.cachedClient?.key === key) return this.cachedClient.client;
    const client = new SentryClient(
      new SessionHttpClient(
        {
          ...this.httpFor(),
          baseUrl,
          credential: () => this.credentialFor(session),
          onUnauthorized: (used) => this.afterUnauthorized(session, used),
          grantedScopes: () => this.grantedScopes(session),
        },
        (err) => this.showStepRequired(err, baseUrl),
      ),
    );
    this.cachedClient = { key, client };
    return client;
  }

  /** The scopes the session's credential has, when known (a 403 names scopes only when they are missing). */
  private grantedScopes(session: StoredSession): readonly string[] | undefined {
    if (session.kind === 'oauth') return this.managers.get(session.id)?.current.scopes ?? session.scopes;
    return session.scopesKnown ? session.scopes : undefined;
  }

  private async credentialFor(session: StoredSession): Promise<Credential | undefined> {
    if (this.ended.has(session.id)) throw new UnauthorizedError('signed out');
    switch (session.kind) {
      case 'apiKey':
        return { kind: 'apiKey', key: session.apiKey };
      case 'token':
        return { kind: 'bearer', token: session.accessToken };
      case 'oauth':
        try {
          return { kind: 'bearer', token: await this.managerFor(session).accessToken() };
        } catch (err) {
          if (err instanceof RefreshRejectedError) {
            await this.sessionEnded(session, 'the refresh token was rejected');
            throw new UnauthorizedError(undefined);
          }
          throw err;
        }
    }
  }

  private async afterUnauthorized(session: StoredSession, used: Credential): Promise<Credential | undefined> {
    if (session.kind === 'oauth' && used.kind === 'bearer') {
      try {
        const token = await this.managerFor(session).afterUnauthorized(used.token);
        if (token) return { kind: 'bearer', token };
      } catch (err) {
        if (!(err instanceof RefreshRejectedError)) throw err;
        await this.sessionEnded(session, 'the refresh token was rejected');
        return undefined;
      }
    }
    if (session.kind === 'oauth') await this.sessionEnded(session, 'the server answered 401');
    else void this.askAboutRejectedCredential(session);
    return undefined;
  }

  /**
   * A pasted token or API key the server rejects: Sentry shows a user token only once, so it is
   * deleted only when the user says so. Asked once per session in this window; dismissing keeps it.
   */
  private async askAboutRejectedCredential(session: StoredSession): Promise<void> {
    if (this.asked.has(session.id)) return;
    this.asked.add(session.id);
    const what = session.kind === 'apiKey' ? 'API key' : 'auth token';
    this.log.warn(`[auth] the server rejected the stored ${what}; asking before removing it`);
    const choice = await this.ui.ui.showWarningMessage(
      `Sentry (${new URL(this.currentBaseUrl ?? this.provider.baseUrl).host}) rejected the stored ${what}: it has expired or was revoked.`,
      { detail: `Sentry shows a user token only once: remove the stored one only if you no longer need it. "${SIGN_IN_AGAIN}" replaces it after a successful sign-in.` },
      SIGN_IN_AGAIN,
      REMOVE_SIGN_IN,
    );
    if (choice === SIGN_IN_AGAIN) await this.signIn({ scopes: session.scopes });
    else if (choice === REMOVE_SIGN_IN) {
      this.ended.add(session.id);
      await this.provider.removeSession(session.id);
      this.log.info(`[auth] removed the rejected ${what} at the user's request`);
    } else this.log.info(`[auth] kept the rejected ${what} (the user dismissed the question)`);
  }

  /** The token manager of an OAuth session: refresh persists the rotated tokens through the provider first. */
  managerFor(session: StoredOAuthSession): TokenManager {
    let m = this.managers.get(session.id);
    if (m) return m;
    // The session's own server and client: a refresh token never goes to a server chosen later.
    const baseUrl = this.currentBaseUrl ?? this.provider.baseUrl;
    const clientId = this.config().clientId;
    // Reads and, when the setting names another server by now, writes go to the session's own store.
    const ownStore = new SessionStore(this.context.secrets, baseUrl);
    m = new TokenManager({
      tokens: oauthTokensOf(session),
      refresh: async (refreshToken) => {
        if (this.provider.baseUrl !== baseUrl) throw new Error('The Sentry server setting changed while signing in again; retry.');
        const clientSecret = (await this.context.secrets.get(clientSecretKey(baseUrl, clientId))) || undefined;
        const oauth = new OAuthEndpoints(new HttpClient({ ...this.httpFor(), baseUrl }), { clientId, clientSecret });
        this.log.info('[auth] refreshing the access token');
        return oauth.refresh(refreshToken);
      },
      persist: async (t) => {
        if (this.provider.baseUrl === baseUrl) {
          const latest = (await this.provider.stored()).find((s) => s.id === session.id);
          await this.provider.updateSession(withTokens(latest?.kind === 'oauth' ? latest : session, t));
        } else {
          await ownStore.update((list) => list.map((s) => (s.id === session.id && s.kind === 'oauth' ? withTokens(s, t) : s)));
        }
      },
      reload: async () => {
        const s = (await ownStore.load()).sessions.find((x) => x.id === session.id);
        return s?.kind === 'oauth' ? oauthTokensOf(s) : undefined;
      },
      lock: new SecretRefreshLease(this.context.secrets, leaseKey(baseUrl), [sessionsKey(baseUrl)]),
      onRefreshed: (t) => this.log.info(`[auth] access token refreshed (generation ${t.generation ?? 0})${t.expiresAt ? `; expires ${new Date(t.expiresAt).toISOString()}` : ''}`),
      onAdopted: (t) => this.log.info(`[auth] adopted the tokens another window refreshed (generation ${t.generation ?? 0})`),
      onPersistFailed: (attempt, err) => this.log.warn(`[auth] could not store the refreshed tokens (attempt ${attempt}): ${errorKind(err)}; they are kept in memory`),
    });
    this.managers.set(session.id, m);
    return m;
  }

  /** The session no longer works: remove it (with its secrets) and offer to sign in again, once. */
  private async sessionEnded(session: StoredSession, why: string): Promise<void> {
    if (this.ended.has(session.id)) return;
    this.ended.add(session.id);
    this.log.warn(`[auth] the sign-in as ${plainText(session.account.label, 200)} no longer works (${why}); signing out`);
    await this.provider.removeSession(session.id);
    const SIGN_IN = 'Sign In';
    void this.ui.ui
      .showWarningMessage('Your Sentry sign-in has expired or was revoked. Sign in again to continue.', {}, SIGN_IN)
      .then((choice) => (choice === SIGN_IN ? this.signIn({ scopes: session.scopes }) : undefined));
  }
}


/** Of scopes any one of which will do, the least powerful: a `:read` one when there is one. */
export function preferredScope(scopes: readonly string[]): string {
  return scopes.find((s) => s.endsWith(':read')) ?? scopes[0];
}
