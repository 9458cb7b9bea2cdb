/**
 * The API client of the current session: one SentryClient per session and server, whose
 * credential comes from the session (an OAuth one through its TokenManager: proactive and
 * single-flight refresh), and whose 401s end in the right place: a refresh and one retry, a step to
 * complete in the browser (session kept), a question about a rejected pasted credential, or the end
 * of an OAuth session (removed, the user offered a new sign-in).
 */
import { SentryClient } from '../api/client';
import { UnauthorizedError } from '../api/errors';
import type { Credential } from '../api/credentials';
import type { HttpClientOptions } from '../api/http';
import { Disposable } from '../util/disposable';
import * as vscode from 'vscode';
import { plainText } from '../util/untrusted';
import type { SentryAuthenticationProvider } from './provider';
import type { StoredOAuthSession, StoredSession } from './core/sessionCodec';
import { SessionHttpClient } from './core/sessionHttp';
import { credentialName, type SessionPrompts } from './sessionPrompts';
import type { SessionState } from './sessionState';
import { RefreshRejectedError, type TokenManager } from './core/tokenManager';
import type { TokenManagers } from './core/tokenManagers';

export interface SessionClientsDeps {
  state: SessionState;
  provider: SentryAuthenticationProvider;
  managers: TokenManagers;
  prompts: SessionPrompts;
  log: vscode.LogOutputChannel;
  http: () => Partial<HttpClientOptions>;
  /** Resolves once the stored sessions have been read. */
  ready: Promise<void>;
  /** False when plain http to this server is not (yet) confirmed: no credential goes there. */
  confirmPlainHttp: (baseUrl: string) => Promise<boolean>;
  /** The sign-in command, for "Sign In Again". */
  signIn: (scopes: readonly string[]) => Promise<unknown>;
}

export class SessionClients extends Disposable {
  private cached: { key: string; client: SentryClient } | undefined;
  /** Sessions that ended in this window: their credentials are never sent again. */
  private readonly ended = new Set<string>();

  constructor(private readonly deps: SessionClientsDeps) {
    super();
  }

  /** The stored sessions changed: a client of a session that is no longer current is dropped. */
  follow(sessions: readonly StoredSession[]): void {
    this.deps.managers.follow(sessions);
    if (this.cached && !this.cached.key.endsWith(` ${sessions[0]?.id}`)) this.cached = undefined;
  }

  /** A client bound to the current session, or undefined when signed out (or plain http refused). */
  async getClient(): Promise<SentryClient | undefined> {
    await this.deps.ready;
    const session = this.deps.state.session;
    const baseUrl = this.deps.state.baseUrl;
    if (!session || !baseUrl || this.isDisposed) return undefined;
    if (!(await this.deps.confirmPlainHttp(baseUrl))) return undefined;
    const key = `${baseUrl} ${session.id}`;
    if (this.cached?.key === key) return this.cached.client;
    const client = new SentryClient(
      new SessionHttpClient(
        {
          ...this.deps.http(),
          baseUrl,
          // Every feature's requests for an organization go to its data region (src/api/regions.ts).
          discoverRegions: true,
          credential: () => this.credentialFor(session),
          onUnauthorized: (used) => this.afterUnauthorized(session, used),
          grantedScopes: () => this.deps.managers.grantedScopes(session),
        },
        (err) => this.deps.prompts.stepRequired(err, baseUrl),
      ),
    );
    this.cached = { key, client };
    return client;
  }

  /** The token manager of an OAuth session (of the current server, or the provider's). */
  managerFor(session: StoredOAuthSession): TokenManager {
    return this.deps.managers.for(session, this.deps.state.baseUrl ?? this.deps.provider.baseUrl);
  }

  private async credentialFor(session: StoredSession): Promise<Credential | undefined> {
    if (this.ended.has(session.id))
      throw new UnauthorizedError(vscode.l10n.t({ message: 'signed out', comment: 'Why a request was refused: the session it used was signed out meanwhile (shown in parentheses)' }));
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
    else void this.rejectedCredential(session);
    return undefined;
  }

  /** A pasted credential the server rejects is removed only when the user says so. */
  private async rejectedCredential(session: StoredSession): Promise<void> {
    const answer = await this.deps.prompts.rejectedCredential(session, this.deps.state.baseUrl ?? this.deps.provider.baseUrl);
    if (answer === 'signIn') await this.deps.signIn(session.scopes);
    else if (answer === 'remove') {
      this.ended.add(session.id);
      await this.deps.provider.removeSession(session.id);
      this.deps.log.info(`[auth] removed the rejected ${credentialName(session)} at the user's request`);
    }
  }

  /** The session no longer works: remove it (with its secrets) and offer to sign in again, once. */
  private async sessionEnded(session: StoredSession, why: string): Promise<void> {
    if (this.ended.has(session.id)) return;
    this.ended.add(session.id);
    this.deps.log.warn(`[auth] the sign-in as ${plainText(session.account.label, 200)} no longer works (${why}); signing out`);
    await this.deps.provider.removeSession(session.id);
    void this.deps.prompts.sessionEnded().then((again) => (again ? this.deps.signIn(session.scopes) : undefined));
  }
}
