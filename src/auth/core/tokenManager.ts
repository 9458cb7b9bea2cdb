/**
 * The tokens of one OAuth session and their lifecycle (Sentry's access tokens expire after 30 days;
 * an expired or revoked one gets 401): refresh shortly before expiry, and once after a 401. Refresh is single-flight: concurrent callers
 * share one refresh request, other windows are kept out by a lease (refreshLease.ts) and adopt
 * what the owner stored, and the rotated refresh token is persisted (via the injected store)
 * BEFORE any caller gets the new access token — reusing an old refresh token revokes the whole
 * token family on real servers. A pair whose save failed stays in memory (it is the only valid
 * one) and is saved again; stored tokens replace it only when they are newer (`generation`).
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { OAuthError } from '../../api/errors';
import type { TokenResponse } from '../../model/auth/schema';
import { sleep as clampedSleep } from '../../util/delay';
import { storedIsNewer, type RefreshLock } from './refreshLease';
import { splitScopes } from '../../api/scopes';

export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms; undefined when the server did not say. */
  expiresAt?: number;
  /** How long the server issued the access token for, ms (`expires_in`): a short-lived one is refreshed half-way through its life. */
  lifetimeMs?: number;
  /** Granted scopes, sorted (from the token response's `scope`). */
  scopes?: string[];
  /** Refreshes so far in this session's life: stored tokens are adopted only when theirs is higher. */
  generation?: number;
}

/** Attempts to store a rotated pair before giving up for this refresh (the pair is kept and saved later). */
export const PERSIST_ATTEMPTS = 3;
/** Waits before the 2nd, 3rd… attempt. */
export const PERSIST_RETRY_MS = [200, 1000] as const;

/** Refresh this long before `expiresAt` (but never earlier than half-way through the token's life, refreshSkew). */
export const DEFAULT_REFRESH_SKEW_MS = 5 * 60_000;

/**
 * How long before its expiry a token is refreshed: `skewMs`, or half its lifetime when that is
 * shorter. A token that lives less than the skew would otherwise be due as soon as it is issued,
 * and every request would spend a refresh grant.
 */
export function refreshSkew(lifetimeMs: number | undefined, skewMs = DEFAULT_REFRESH_SKEW_MS): number {
  return lifetimeMs !== undefined && lifetimeMs > 0 ? Math.min(skewMs, lifetimeMs / 2) : skewMs;
}

/** The server refused the refresh token (`invalid_grant`): the session is over, sign in again. */
export class RefreshRejectedError extends Error {
  constructor(readonly error: string) {
    super(l10n.t('Your Sentry sign-in has expired or was revoked. Sign in again.'));
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
  /** The lease that keeps other windows from refreshing at the same time (shared storage). */
  lock?: RefreshLock;
  now?: () => number;
  /** Waits between save attempts (tests: no real waiting). */
  sleep?: (ms: number) => Promise<void>;
  refreshSkewMs?: number;
  /** Told after every successful refresh (for logs and onDidChangeSessions). */
  onRefreshed?: (tokens: OAuthTokens) => void;
  /** Told when a save of rotated tokens failed (each attempt) — for the log; never carries a secret. */
  onPersistFailed?: (attempt: number, err: unknown) => void;
  /** Told when tokens another window stored were adopted instead of refreshing here. */
  onAdopted?: (tokens: OAuthTokens) => void;
}

/** Tokens from an OAuth token response: `expires_at` when it parses, else `expires_in`. */
export function tokensFromResponse(res: TokenResponse, now: number, previousRefreshToken?: string): OAuthTokens {
  let expiresAt: number | undefined;
  const parsed = res.expires_at ? Date.parse(res.expires_at) : NaN;
  const expiresIn = typeof res.expires_in === 'number' && res.expires_in > 0 ? res.expires_in * 1000 : undefined;
  if (Number.isFinite(parsed)) expiresAt = parsed;
  else if (expiresIn !== undefined) expiresAt = now + expiresIn;
  // The server's own figure, else what is left from now (a clock ahead of the server's shortens it, never lengthens it much).
  const lifetimeMs = expiresIn ?? (expiresAt !== undefined && expiresAt > now ? expiresAt - now : undefined);
  return {
    accessToken: res.access_token,
    // A refresh answer without a new refresh token leaves the old one in force (RFC 6749 section 6).
    refreshToken: res.refresh_token ?? previousRefreshToken,
    expiresAt,
    ...(lifetimeMs !== undefined ? { lifetimeMs } : {}),
    scopes: splitScopes(res.scope),
  };
}

export class TokenManager {
  private tokens: OAuthTokens;
  private inflight: Promise<OAuthTokens> | undefined;
  /** Set while the pair in memory is newer than the stored one (its save failed). */
  private unsaved = false;
  private saving: Promise<boolean> | undefined;
  private readonly now: () => number;
  private readonly skew: number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** How many refresh requests were actually sent (for tests and logs). */
  refreshCount = 0;
  /** How many times tokens stored by another window were adopted instead of refreshing. */
  adoptedCount = 0;

  constructor(private readonly opts: TokenManagerOptions) {
    this.tokens = { ...opts.tokens };
    this.now = opts.now ?? Date.now;
    this.skew = opts.refreshSkewMs ?? DEFAULT_REFRESH_SKEW_MS;
    this.sleep = opts.sleep ?? ((ms) => clampedSleep(ms));
  }

  get current(): Readonly<OAuthTokens> {
    return this.tokens;
  }

  get canRefresh(): boolean {
    return !!this.tokens.refreshToken;
  }

  /** True while the pair in memory still has to be stored. */
  get hasUnsaved(): boolean {
    return this.unsaved;
  }

  /**
   * Tokens read from the store (secrets.onDidChange, another window): adopted only when newer than
   * ours. Returns whether they were.
   */
  adopt(tokens: OAuthTokens): boolean {
    if (!storedIsNewer(tokens, this.tokens, this.unsaved)) return false;
    this.tokens = { ...tokens };
    this.unsaved = false;
    return true;
  }

  needsRefresh(): boolean {
    return this.canRefresh && this.expiring(this.tokens);
  }

  private expiring(t: OAuthTokens): boolean {
    return t.expiresAt !== undefined && this.now() >= t.expiresAt - refreshSkew(t.lifetimeMs, this.skew);
  }

  /**
   * The access token to send now: refreshed first when it expires within the skew. A failed
   * proactive refresh falls back to the current token while it has not expired yet.
   */
  async accessToken(): Promise<string> {
    // Saved again in the background: a broken keyring must not slow down every request.
    if (this.unsaved && !this.inflight) void this.saveUnsaved();
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

  /**
   * Stored tokens newer than ours (another window refreshed): adopted. True when the pair in memory
   * can be used as it is (not the token that just failed, not about to expire), also when it was
   * adopted meanwhile from the store's change event (adopt(), while this refresh waited): a refresh
   * then would spend a second grant on one expiry.
   */
  private async adoptStored(stale: string): Promise<boolean> {
    const stored = await this.opts.reload?.();
    if (stored && this.adopt(stored)) {
      this.adoptedCount++;
      this.opts.onAdopted?.(this.tokens);
    }
    return this.tokens.accessToken !== stale && !this.expiring(this.tokens);
  }

  private async doRefresh(stale: string): Promise<OAuthTokens> {
    // A pair whose save failed is the only valid one: store it before anything reads the store.
    if (this.unsaved) await this.saveUnsaved();
    const lock = this.opts.lock;
    let locked = false;
    try {
      for (;;) {
        if (await this.adoptStored(stale)) return this.tokens;
        if (!lock) break;
        const got = await lock.acquire();
        if (got.acquired) {
          locked = true;
          // The previous holder may have stored its tokens between our read and the lease.
          if (await this.adoptStored(stale)) return this.tokens;
          break;
        }
        await lock.waitForChange(got.holder, got.until);
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
      const next: OAuthTokens = { ...tokensFromResponse(res, this.now(), refreshToken), generation: (this.tokens.generation ?? 0) + 1 };
      if (!next.scopes?.length && this.tokens.scopes) next.scopes = this.tokens.scopes;
      // The old refresh token is dead from now on: the new pair is the one to keep, saved or not.
      this.tokens = next;
      this.unsaved = true;
      // Persist first: a reload (here or in another window) must find the new refresh token.
      if (!(await this.saveUnsaved())) {
        // Keep the lease until it expires: another window would otherwise refresh with the spent token.
        locked = false;
      }
      this.opts.onRefreshed?.(next);
      return next;
    } finally {
      if (locked) await lock!.release().catch(() => undefined);
    }
  }

  /** Stores the pair in memory, a bounded number of times (one save at a time). True once it is stored. */
  private saveUnsaved(): Promise<boolean> {
    this.saving ??= this.trySave().finally(() => {
      this.saving = undefined;
    });
    return this.saving;
  }

  private async trySave(): Promise<boolean> {
    const tokens = this.tokens;
    for (let attempt = 1; attempt <= PERSIST_ATTEMPTS; attempt++) {
      if (attempt > 1) await this.sleep(PERSIST_RETRY_MS[Math.min(attempt - 2, PERSIST_RETRY_MS.length - 1)]);
      try {
        await this.opts.persist(tokens);
        if (this.tokens === tokens) this.unsaved = false;
        return true;
      } catch (err) {
        this.opts.onPersistFailed?.(attempt, err);
      }
    }
    return false;
  }
}
