/**
 * The tokens of one OAuth session and their lifecycle (spec 3.3, 5 rules 5 and 7, 7.1):
 * refresh shortly before expiry, and once after a 401. Refresh is single-flight: concurrent callers
 * share one refresh request, and the rotated refresh token is persisted (via the injected store)
 * BEFORE any caller gets the new access token — reusing an old refresh token revokes the whole
 * token family on real servers. No `vscode` import.
 */
import { OAuthError } from '../api/errors';
import type { TokenResponse } from '../api/schemas';

export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms; undefined when the server did not say. */
  expiresAt?: number;
  /** Granted scopes, sorted (from the token response's `scope`). */
  scopes?: string[];
}

/** Refresh this long before `expiresAt`. */
export const DEFAULT_REFRESH_SKEW_MS = 5 * 60_000;

/** The server refused the refresh token (`invalid_grant`): the session is over, sign in again. */
export class RefreshRejectedError extends Error {
  constructor(readonly error: string) {
    super('Your Sentry sign-in has expired or was revoked. Sign in again.');
    this.name = 'RefreshRejectedError';
  }
}

export interface TokenManagerOptions {
  tokens: OAuthTokens;
  /** The refresh_token grant (OAuthEndpoints.refresh). */
  refresh: (refreshToken: string) => Promise<TokenResponse>;
  /** Stores the new tokens; awaited before anyone is given the new access token. */
  persist: (tokens: OAuthTokens) => Promise<void>;
  /** Reads the stored tokens, which another window may have refreshed already. */
  reload?: () => Promise<OAuthTokens | undefined>;
  now?: () => number;
  refreshSkewMs?: number;
  /** Told after every successful refresh (for logs and onDidChangeSessions). */
  onRefreshed?: (tokens: OAuthTokens) => void;
}

/** Tokens from a token response (spec 2.4): `expires_at` when it parses, else `expires_in`. */
export function tokensFromResponse(res: TokenResponse, now: number, previousRefreshToken?: string): OAuthTokens {
  let expiresAt: number | undefined;
  const parsed = res.expires_at ? Date.parse(res.expires_at) : NaN;
  if (Number.isFinite(parsed)) expiresAt = parsed;
  else if (typeof res.expires_in === 'number' && res.expires_in > 0) expiresAt = now + res.expires_in * 1000;
  return {
    accessToken: res.access_token,
    // A refresh answer without a new refresh token leaves the old one in force (RFC 6749 section 6).
    refreshToken: res.refresh_token ?? previousRefreshToken,
    expiresAt,
    scopes: splitScopes(res.scope),
  };
}

export function splitScopes(scope: string | readonly string[] | undefined): string[] {
  const list = typeof scope === 'string' ? scope.split(/[\s,]+/) : [...(scope ?? [])];
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))].sort();
}

export class TokenManager {
  private tokens: OAuthTokens;
  private inflight: Promise<OAuthTokens> | undefined;
  private readonly now: () => number;
  private readonly skew: number;
  /** How many refresh requests were actually sent (for tests and logs). */
  refreshCount = 0;

  constructor(private readonly opts: TokenManagerOptions) {
    this.tokens = { ...opts.tokens };
    this.now = opts.now ?? Date.now;
    this.skew = opts.refreshSkewMs ?? DEFAULT_REFRESH_SKEW_MS;
  }

  get current(): Readonly<OAuthTokens> {
    return this.tokens;
  }

  get canRefresh(): boolean {
    return !!this.tokens.refreshToken;
  }

  /** Adopts tokens stored by another window (secrets.onDidChange). */
  replace(tokens: OAuthTokens): void {
    this.tokens = { ...tokens };
  }

  needsRefresh(): boolean {
    return this.canRefresh && this.tokens.expiresAt !== undefined && this.now() >= this.tokens.expiresAt - this.skew;
  }

  /**
   * The access token to send now: refreshed first when it expires within the skew. A failed
   * proactive refresh falls back to the current token while it has not expired yet.
   */
  async accessToken(): Promise<string> {
    if (!this.needsRefresh()) return this.tokens.accessToken;
    try {
      return (await this.refresh()).accessToken;
    } catch (err) {
      if (err instanceof RefreshRejectedError) throw err;
      if (this.tokens.expiresAt !== undefined && this.now() < this.tokens.expiresAt) return this.tokens.accessToken;
      throw err;
    }
  }

  /**
   * After a 401 with `used`: a newer token when one exists (another request or window refreshed
   * already), else one refresh shared by every concurrent caller. Undefined when there is nothing
   * to refresh with. Throws RefreshRejectedError on invalid_grant.
   */
  async afterUnauthorized(used: string): Promise<string | undefined> {
    if (this.inflight) return (await this.inflight).accessToken;
    if (used !== this.tokens.accessToken) return this.tokens.accessToken;
    if (!this.canRefresh && !this.opts.reload) return undefined;
    const fresh = await this.refresh(used);
    return fresh.accessToken === used ? undefined : fresh.accessToken;
  }

  /** One refresh at a time; callers arriving while one runs share its result. */
  refresh(staleAccessToken?: string): Promise<OAuthTokens> {
    if (!this.inflight) {
      this.inflight = this.doRefresh(staleAccessToken ?? this.tokens.accessToken).finally(() => {
        this.inflight = undefined;
      });
    }
    return this.inflight;
  }

  private async doRefresh(stale: string): Promise<OAuthTokens> {
    // Another window may have rotated the tokens already: its refresh token is the only valid one.
    const stored = await this.opts.reload?.();
    if (stored && stored.accessToken !== stale && stored.accessToken !== this.tokens.accessToken) {
      this.tokens = { ...stored };
      if (!(stored.expiresAt !== undefined && this.now() >= stored.expiresAt - this.skew)) return this.tokens;
    } else if (stored && stored.refreshToken && stored.refreshToken !== this.tokens.refreshToken) {
      this.tokens = { ...this.tokens, refreshToken: stored.refreshToken };
    }
    const refreshToken = this.tokens.refreshToken;
    if (!refreshToken) return this.tokens;
    this.refreshCount++;
    let res: TokenResponse;
    try {
      res = await this.opts.refresh(refreshToken);
    } catch (err) {
      if (err instanceof OAuthError && (err.error === 'invalid_grant' || err.error === 'invalid_token')) throw new RefreshRejectedError(err.error);
      throw err;
    }
    const next = tokensFromResponse(res, this.now(), refreshToken);
    if (!next.scopes?.length && this.tokens.scopes) next.scopes = this.tokens.scopes;
    // Persist first: the old refresh token is dead from now on, and a reload must find the new one.
    try {
      await this.opts.persist(next);
    } catch (err) {
      // Keep the new tokens in memory (the old refresh token no longer works), but fail this call.
      this.tokens = next;
      throw new Error(`Could not store the refreshed Sentry sign-in (${err instanceof Error ? err.message : String(err)}).`);
    }
    this.tokens = next;
    this.opts.onRefreshed?.(next);
    return next;
  }
}
