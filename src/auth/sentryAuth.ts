/**
 * Sign-in as the rest of the extension sees it, and where its parts are put together: the settings
 * (authSettings.ts), who is signed in (sessionState.ts), a client bound to the session
 * (sessionClients.ts), the `sentry-explorer` AuthenticationProvider (provider.ts), the flows
 * (signInFlows.ts) and the commands (authCommands.ts). Features and suites use this facade only.
 */
import * as vscode from 'vscode';
import type { ForbiddenError } from '../api/errors';
import type { HttpClientOptions } from '../api/http';
import type { SentryClient } from '../api/client';
import type { Organization } from '../model/organization/schema';
import { normalizeBaseUrl } from '../api/http';
import { refusalReason, refusedHost, type RegionRefusal } from '../api/regions';
import type { RegionFailure } from '../api/regionListing';
import type { AuthConfig } from '../config';
import { AUTH_PROVIDER_ID, EXTENSION_ID, StorageKeys } from '../constants';
import { sleep } from '../util/delay';
import { Disposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import { plainText } from '../util/untrusted';
import * as commands from './authCommands';
import type { AuthCommandDeps, SignInOptions } from './authCommands';
import { AuthSettings } from './authSettings';
import { errorKind, safeErrorMessage } from './core/errorText';
import { confirmPlainHttp } from './plainHttpConsent';
import { PROVIDER_LABEL, SentryAuthenticationProvider } from './provider';
import type { StoredOAuthSession, StoredSession } from './core/sessionCodec';
import { chooseServer } from './serverChoice';
import { SessionClients } from './sessionClients';
import { SessionPrompts } from './sessionPrompts';
import { SessionState } from './sessionState';
import { CALLBACK_PATH, SignInFlows, type SignInMethod } from './signInFlows';
import { callbackRejectedMessage, PendingCallbacks } from './core/state';
import type { TokenManager } from './core/tokenManager';
import { TokenManagers } from './core/tokenManagers';
import { UriRouter } from './uriHandler';

export type { SignInOptions } from './authCommands';

export interface RememberedOrganization {
  id: string;
  slug: string;
  name: string;
}

export class SentryAuth extends Disposable {
  readonly ui = new UiHolder();
  readonly callbacks = new PendingCallbacks();
  readonly settings: AuthSettings;
  readonly provider: SentryAuthenticationProvider;
  readonly flows: SignInFlows;
  /** Resolves once the stored sessions have been read. */
  readonly ready: Promise<void>;
  /** Fired when the current session appears or goes. */
  readonly onDidChangeSession: vscode.Event<StoredSession | undefined>;
  /** The extension's one UriHandler: sign-in's `/auth-callback`; other features route their own paths on it. */
  readonly uris: UriRouter;

  private readonly state: SessionState;
  private readonly clients: SessionClients;
  private readonly commandDeps: AuthCommandDeps;

  constructor(
    readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly httpOptions: Partial<HttpClientOptions> = {},
  ) {
    super();
    const ui = () => this.ui.ui;
    this.settings = this._register(new AuthSettings(ui, log));
    this.state = this._register(new SessionState(log));
    this.onDidChangeSession = this.state.onDidChangeSession;
    this.flows = new SignInFlows({
      ui,
      log,
      config: () => this.config(),
      secrets: context.secrets,
      callbacks: this.callbacks,
      extensionId: EXTENSION_ID,
      http: this.http(),
      rememberOrganization: (baseUrl, org) => this.rememberOrganization(baseUrl, org),
    });
    this.provider = this._register(
      new SentryAuthenticationProvider({
        secrets: context.secrets,
        log,
        config: () => this.config(),
        signIn: (scopes, method) => this.runFlow(scopes, method),
        onDiscarded: () => {
          const signIn = vscode.l10n.t('Sign In');
          void this.ui.ui.showWarningMessage(vscode.l10n.t('The stored Sentry sign-in could not be read and was deleted. Please sign in again.'), {}, signIn).then((a) => {
            if (a === signIn) void this.signIn();
          });
        },
      }),
    );
    this.commandDeps = { ui, log, provider: this.provider, secrets: context.secrets, settings: () => this.config(), session: () => this.state.session };
    // Restoring is asynchronous anyway: starting the secret-storage read after activate() has returned
    // keeps it out of VS Code's startup and changes no result.
    this.ready = sleep(0)
      .then(() => this.provider.stored())
      .then((sessions) => {
        this.clients.follow(sessions);
        this.state.update(sessions, this.provider.baseUrl, true);
        if (!this.state.session) this.offerAccountsMenuSignIn();
      });
    this.clients = this._register(
      new SessionClients({
        state: this.state,
        provider: this.provider,
        managers: new TokenManagers({ secrets: context.secrets, provider: this.provider, clientId: () => this.config().clientId, http: () => this.http(), log }),
        prompts: new SessionPrompts(ui, log),
        log,
        http: () => this.http(),
        ready: this.ready,
        confirmPlainHttp: (baseUrl) => this.confirmPlainHttp(baseUrl),
        signIn: (scopes) => this.signIn({ scopes }),
      }),
    );
    const router = (this.uris = new UriRouter(log));
    this._register(vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, PROVIDER_LABEL, this.provider, { supportsMultipleAccounts: false }));
    this._register(vscode.window.registerUriHandler(router));
    this._register(router.route(CALLBACK_PATH, (uri) => this.handleCallback(uri)));
    this._register(this.provider.onDidChangeStored((sessions) => this.follow(sessions)));
    this._register(this.settings.onDidChangeBaseUrl((baseUrl) => void this.provider.switchBaseUrl(baseUrl)));
  }

  /** The settings now (pure read: a bad base URL reads as the default; AuthSettings reports it). */
  config(): AuthConfig {
    return this.settings.current;
  }

  isSignedIn(): boolean {
    return !!this.state.session;
  }

  get session(): StoredSession | undefined {
    return this.state.session;
  }

  /** Who is signed in now and to which server (what an events panel is bound to); undefined when signed out. */
  get identity(): { baseUrl: string; account: string } | undefined {
    const session = this.state.session;
    const baseUrl = this.state.baseUrl;
    return session && baseUrl ? { baseUrl, account: session.account.id } : undefined;
  }

  /** The organization the server answered at sign-in (an OAuth token sees only the one picked). */
  get organization(): RememberedOrganization | undefined {
    return this.context.globalState.get<RememberedOrganization>(StorageKeys.organizationPrefix + this.provider.baseUrl);
  }

  /** A client bound to the current session, or undefined when signed out (or plain http refused). */
  getClient(): Promise<SentryClient | undefined> {
    return this.clients.getClient();
  }

  /** The token manager of an OAuth session. */
  managerFor(session: StoredOAuthSession): TokenManager {
    return this.clients.managerFor(session);
  }

  signIn(options: SignInOptions = {}): Promise<StoredSession | undefined> {
    return commands.signIn(this.commandDeps, options);
  }

  signOut(): Promise<void> {
    return commands.signOut(this.commandDeps);
  }

  setClientSecret(): Promise<void> {
    return commands.setClientSecret(this.commandDeps);
  }

  showForbidden(err: ForbiddenError): Promise<void> {
    return commands.showForbidden(this.commandDeps, err);
  }

  private follow(sessions: readonly StoredSession[]): void {
    this.clients.follow(sessions);
    const had = this.state.session;
    this.state.update(sessions, this.provider.baseUrl);
    if (had && !this.state.session) this.offerAccountsMenuSignIn();
  }

  private async rememberOrganization(baseUrl: string, org: Organization): Promise<void> {
    await this.context.globalState.update(StorageKeys.organizationPrefix + normalizeBaseUrl(baseUrl), { id: org.id, slug: org.slug, name: org.name } satisfies RememberedOrganization);
  }

  /** Adds "Sign in with Sentry to use Sentry Explorer" to the Accounts menu (VS Code's own entry point). */
  private offerAccountsMenuSignIn(): void {
    vscode.authentication.getSession(AUTH_PROVIDER_ID, this.config().scopes, { createIfNone: false }).then(undefined, (err) => {
      this.log.debug(`[auth] could not add the Accounts menu entry: ${errorKind(err)}`);
    });
  }

  /**
   * Asks how to sign in (or to which other server, which the pick then asks again for), then runs
   * the flow against that server; the session is stored for it whatever the setting says later.
   * Nothing is sent before a plain-http server was agreed to.
   */
  private async runFlow(scopes: string[], method?: SignInMethod): Promise<{ session: StoredSession; baseUrl: string }> {
    let { baseUrl } = this.config();
    let chosen = method;
    while (!chosen) {
      const choice = await this.flows.pick(baseUrl);
      if (!choice) throw new vscode.CancellationError();
      if (typeof choice === 'string') chosen = choice;
      else baseUrl = (await chooseServer({ ui: () => this.ui.ui, log: this.log, confirmPlainHttp: (url) => this.confirmPlainHttp(url) }, choice.server, baseUrl)) ?? baseUrl;
    }
    if (!(await this.confirmPlainHttp(baseUrl))) throw new vscode.CancellationError();
    const session = await this.flows.run(scopes, chosen, baseUrl);
    void this.ui.ui.showInformationMessage(vscode.l10n.t('Signed in to Sentry ({0}) as {1}.', new URL(baseUrl).host, plainText(session.account.label, 200)), {});
    return { session, baseUrl };
  }

  private confirmPlainHttp(baseUrl: string): Promise<boolean> {
    return confirmPlainHttp({ state: this.context.globalState, ui: () => this.ui.ui, log: this.log }, baseUrl);
  }

  private handleCallback(uri: vscode.Uri): void {
    const result = this.callbacks.handle(uri.query);
    if (result.kind === 'rejected') {
      this.log.warn(`[auth] rejected a sign-in callback: ${result.reason}`);
      void this.ui.ui.showWarningMessage(callbackRejectedMessage(result.reason), {});
    } else {
      this.log.info(`[auth] sign-in callback received (${result.outcome})`);
    }
  }

  /** Each region address refused once per window: logged, and said with what it means. */
  private readonly saidRegions = new Set<string>();

  private regionsRefused(refused: readonly RegionRefusal[]): void {
    const baseUrl = this.state.baseUrl ?? this.provider.baseUrl;
    const fresh = refused.filter((r) => !this.saidRegions.has(r.url));
    if (!fresh.length) return;
    for (const r of fresh) {
      this.saidRegions.add(r.url);
      this.log.warn(
        `[api] no credentials sent to ${plainText(r.url, 200)}${r.name ? ` (region or organization ${plainText(r.name, 60)})` : ''}, which ${baseUrl} named: ${refusalReason(r.reason, baseUrl)}`,
      );
    }
    const hosts = [...new Set(fresh.map((r) => plainText(refusedHost(r.url), 100)))].join(', ');
    void this.ui.ui.showWarningMessage(
      vscode.l10n.t(
        'Sentry Explorer did not send your credentials to {0}, which {1} named as a data region: {2}. Organizations kept there are not shown. If yours is one of them, check the server address in sentryExplorer.baseUrl, or ask its administrator.',
        hosts,
        new URL(baseUrl).host,
        refusalReason(fresh[0].reason, baseUrl),
      ),
      {},
    );
  }

  /**
   * Regions whose organizations could not be listed while the others' were: logged with the reason,
   * and said once per listing with what to do; the organizations found are shown meanwhile.
   */
  private regionsFailed(failed: readonly RegionFailure[]): void {
    for (const f of failed) this.log.warn(`[api] could not list the organizations of the data region ${plainText(f.name, 60)} (${f.url}): ${errorKind(f.error)}`);
    const names = failed.map((f) => `${plainText(f.name, 60)} (${plainText(refusedHost(f.url), 100)})`).join(', ');
    const reason = safeErrorMessage(failed[0].error);
    const showLog = vscode.l10n.t('Show Log');
    void this.ui.ui
      .showWarningMessage(
        vscode.l10n.t(
          'Sentry Explorer could not list the organizations of the data region {0}: {1} The organizations of the other regions are shown. To list them again later, run Sentry Explorer: Choose Project.',
          names,
          reason,
        ),
        {},
        showLog,
      )
      .then((a) => {
        if (a === showLog) this.log.show();
      });
  }

  private http(): Partial<HttpClientOptions> {
    return {
      onResponse: (r) => this.log.trace(`[api] ${r.method} ${r.path} ${r.status ?? 'failed'} ${Math.round(r.durationMs)} ms`),
      // The rest of the answer is shown; what was left out is said once per answer.
      onRegionsRefused: (refused) => this.regionsRefused(refused),
      onRegionsFailed: (failed) => this.regionsFailed(failed),
      onDroppedItems: (r) => this.log.warn(`[api] ${r.method} ${r.path}: left out ${r.dropped.count} item(s) that do not match what Sentry Explorer reads (${r.dropped.examples.join('; ')})`),
      ...this.httpOptions,
    };
  }
}
