/**
 * One TokenManager per OAuth session, wired to where its tokens live: refresh against the
 * session's own server and client, rotated tokens persisted through the provider (or the session's
 * own store once the setting names another server), and the cross-window refresh lease in
 * SecretStorage. Tokens another window stored are adopted when the stored sessions change.
 * No `vscode` import: the provider and the log are taken structurally.
 */
import { HttpClient, type HttpClientOptions } from '../../api/http';
import { OAuthEndpoints } from '../../api/oauth';
import { errorKind } from './errorText';
import { leaseKey, SecretRefreshLease, type ChangeSource } from './refreshLease';
import { clientSecretKey, oauthTokensOf, SessionStore, sessionsKey, withTokens, type SecretStore, type StoredOAuthSession, type StoredSession } from './sessionCodec';
import { TokenManager } from './tokenManager';

/** The part of SentryAuthenticationProvider a refresh needs. */
export interface SessionWriter {
  readonly baseUrl: string;
  stored(): Promise<StoredSession[]>;
  updateSession(session: StoredSession): Promise<void>;
}

export interface TokenManagersDeps {
  secrets: SecretStore & ChangeSource;
  provider: SessionWriter;
  /** The configured OAuth client id, read when a manager is made. */
  clientId: () => string;
  http: () => Partial<HttpClientOptions>;
  log: { info(message: string): void; warn(message: string): void };
}

export class TokenManagers {
  private readonly managers = new Map<string, TokenManager>();

  constructor(private readonly deps: TokenManagersDeps) {}

  /** The stored sessions changed: forget managers of sessions that are gone, adopt tokens another window refreshed. */
  follow(sessions: readonly StoredSession[]): void {
    for (const id of [...this.managers.keys()]) if (!sessions.some((s) => s.id === id)) this.managers.delete(id);
    // The token manager adopts them only when they are newer than its own.
    for (const s of sessions) {
      const m = this.managers.get(s.id);
      if (m && s.kind === 'oauth') m.adopt(oauthTokensOf(s));
    }
  }

  /** The scopes the session's credential has, when known (a 403 names scopes only when they are missing). */
  grantedScopes(session: StoredSession): readonly string[] | undefined {
    if (session.kind === 'oauth') return this.managers.get(session.id)?.current.scopes ?? session.scopes;
    return session.scopesKnown ? session.scopes : undefined;
  }

  /** The token manager of an OAuth session of `baseUrl`: refresh persists the rotated tokens through the provider first. */
  for(session: StoredOAuthSession, baseUrl: string): TokenManager {
    let m = this.managers.get(session.id);
    if (m) return m;
    const { secrets, provider, log } = this.deps;
    // The session's own server and client: a refresh token never goes to a server chosen later.
    const clientId = this.deps.clientId();
    // Reads and, when the setting names another server by now, writes go to the session's own store.
    const ownStore = new SessionStore(secrets, baseUrl);
    m = new TokenManager({
      tokens: oauthTokensOf(session),
      refresh: async (refreshToken) => {
        if (provider.baseUrl !== baseUrl) throw new Error('The Sentry server setting changed while signing in again; retry.');
        const clientSecret = (await secrets.get(clientSecretKey(baseUrl, clientId))) || undefined;
        const oauth = new OAuthEndpoints(new HttpClient({ ...this.deps.http(), baseUrl }), { clientId, clientSecret }, (what) => log.warn(`[auth] the OAuth metadata of ${baseUrl}: ${what}`));
        log.info('[auth] refreshing the access token');
        return oauth.refresh(refreshToken);
      },
      persist: async (t) => {
        if (provider.baseUrl === baseUrl) {
          const latest = (await provider.stored()).find((s) => s.id === session.id);
          await provider.updateSession(withTokens(latest?.kind === 'oauth' ? latest : session, t));
        } else {
          await ownStore.update((list) => list.map((s) => (s.id === session.id && s.kind === 'oauth' ? withTokens(s, t) : s)));
        }
      },
      reload: async () => {
        const s = (await ownStore.load()).sessions.find((x) => x.id === session.id);
        return s?.kind === 'oauth' ? oauthTokensOf(s) : undefined;
      },
      lock: new SecretRefreshLease(secrets, leaseKey(baseUrl), [sessionsKey(baseUrl)]),
      onRefreshed: (t) => log.info(`[auth] access token refreshed (generation ${t.generation ?? 0})${t.expiresAt ? `; expires ${new Date(t.expiresAt).toISOString()}` : ''}`),
      onAdopted: (t) => log.info(`[auth] adopted the tokens another window refreshed (generation ${t.generation ?? 0})`),
      onPersistFailed: (attempt, err) => log.warn(`[auth] could not store the refreshed tokens (attempt ${attempt}): ${errorKind(err)}; they are kept in memory`),
    });
    this.managers.set(session.id, m);
    return m;
  }
}
