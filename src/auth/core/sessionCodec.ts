/**
 * What the provider keeps in SecretStorage, parsed with valibot. One secret per Sentry server (the key
 * includes the base URL) holds that server's sessions with their tokens / API keys; the OAuth
 * client secret has its own key. A stored value that does not parse is deleted, never crashed on.
 * No `vscode` import: the secret store is the structural subset of vscode.SecretStorage used here.
 */
import * as z from '../../model/z';
import type { OAuthTokens } from './tokenManager';
import { splitScopes } from '../../api/scopes';
import { normalizeBaseUrl } from '../../api/http';
import { StorageKeys } from '../../constants';

/** Every secret of sign-in lives under this prefix (StorageKeys.secretPrefix). */
export const SECRET_KEY_PREFIX = StorageKeys.secretPrefix;

export function sessionsKey(baseUrl: string): string {
  return `${SECRET_KEY_PREFIX}.sessions:${normalizeBaseUrl(baseUrl)}`;
}

export function clientSecretKey(baseUrl: string, clientId: string): string {
  return `${SECRET_KEY_PREFIX}.clientSecret:${normalizeBaseUrl(baseUrl)}:${clientId}`;
}

const Account = z.lazySchema(() => z.object({ id: z.pipe(z.string(), z.minLength(1)), label: z.pipe(z.string(), z.minLength(1)) }));
/** The fields every kind of session has (a function: built with the schema that uses them, on first use). */
const common = () => ({
  id: z.pipe(z.string(), z.minLength(1)),
  account: Account,
  /** Granted scopes, sorted; `scopesKnown: false` when the server did not say (legacy API keys). */
  scopes: z.array(z.string()),
  scopesKnown: z.optional(z.boolean(), true),
  createdAt: z.pipe(z.number(), z.safeInteger(), z.minValue(0)),
});

export const StoredSessionSchema = z.lazySchema(() =>
  z.variant('kind', [
    z.object({
      kind: z.literal('oauth'),
      ...common(),
      accessToken: z.pipe(z.string(), z.minLength(1)),
      refreshToken: z.optional(z.pipe(z.string(), z.minLength(1))),
      expiresAt: z.optional(z.number()),
      /** How long the access token was issued for, ms (`expires_in`): when it is refreshed depends on it. */
      lifetimeMs: z.optional(z.pipe(z.number(), z.gtValue(0))),
      /** Refreshes so far; stored data from before it existed has none (counts as 0). */
      generation: z.optional(z.pipe(z.number(), z.safeInteger(), z.minValue(0))),
      /** When the tokens were last refreshed (epoch ms), for logs. */
      refreshedAt: z.optional(z.number()),
      /** How the sign-in was done, for logs: `device` or `browser`. */
      via: z.optional(z.picklist(['device', 'browser'])),
    }),
    z.object({ kind: z.literal('token'), ...common(), accessToken: z.pipe(z.string(), z.minLength(1)) }),
    z.object({ kind: z.literal('apiKey'), ...common(), apiKey: z.pipe(z.string(), z.minLength(1)) }),
  ]),
);

export type StoredSession = z.InferOutput<typeof StoredSessionSchema>;
export type StoredOAuthSession = Extract<StoredSession, { kind: 'oauth' }>;

const StoredFileSchema = z.lazySchema(() => z.object({ version: z.literal(1), sessions: z.array(z.unknown()) }));

export interface DecodeResult {
  sessions: StoredSession[];
  /** Entries (or the whole value) that did not parse. */
  dropped: number;
  /** The whole value was unreadable: the key should be deleted. */
  corrupt: boolean;
}

export function decodeSessions(text: string | undefined): DecodeResult {
  if (text === undefined || text === '') return { sessions: [], dropped: 0, corrupt: false };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { sessions: [], dropped: 1, corrupt: true };
  }
  const file = z.safeParse(StoredFileSchema, json);
  if (!file.success) return { sessions: [], dropped: 1, corrupt: true };
  const sessions: StoredSession[] = [];
  let dropped = 0;
  for (const entry of file.output.sessions) {
    const parsed = z.safeParse(StoredSessionSchema, entry);
    if (parsed.success && !sessions.some((s) => s.id === parsed.output.id)) sessions.push({ ...parsed.output, scopes: splitScopes(parsed.output.scopes) });
    else dropped++;
  }
  return { sessions, dropped, corrupt: sessions.length === 0 && dropped > 0 };
}

export function encodeSessions(sessions: readonly StoredSession[]): string {
  return JSON.stringify({ version: 1, sessions });
}

/** The secret a session's requests authenticate with (bearer token or API key). */
export function sessionSecret(s: StoredSession): string {
  return s.kind === 'apiKey' ? s.apiKey : s.accessToken;
}

/** Every secret a session holds (for scrubbing logs and tests). */
export function sessionSecrets(s: StoredSession): string[] {
  return s.kind === 'oauth' ? [s.accessToken, ...(s.refreshToken ? [s.refreshToken] : [])] : [sessionSecret(s)];
}

/** The tokens of a stored OAuth session, as its TokenManager holds them. */
export function oauthTokensOf(s: StoredOAuthSession): OAuthTokens {
  // Stored without it (an earlier version): what was left when the pair was stored, at its refresh or sign-in.
  const left = s.expiresAt !== undefined ? s.expiresAt - (s.refreshedAt ?? s.createdAt) : undefined;
  const lifetimeMs = s.lifetimeMs ?? (left !== undefined && left > 0 ? left : undefined);
  return { accessToken: s.accessToken, refreshToken: s.refreshToken, expiresAt: s.expiresAt, ...(lifetimeMs !== undefined ? { lifetimeMs } : {}), scopes: s.scopes, generation: s.generation ?? 0 };
}

/** The stored session with refreshed tokens (and their generation). */
export function withTokens(s: StoredOAuthSession, t: OAuthTokens, now = Date.now()): StoredOAuthSession {
  return {
    ...s,
    accessToken: t.accessToken,
    refreshToken: t.refreshToken,
    expiresAt: t.expiresAt,
    lifetimeMs: t.lifetimeMs,
    scopes: t.scopes?.length ? t.scopes : s.scopes,
    generation: t.generation ?? s.generation,
    refreshedAt: now,
  };
}

/** The part of vscode.SecretStorage used here. */
export interface SecretStore {
  get(key: string): Thenable<string | undefined> | Promise<string | undefined>;
  store(key: string, value: string): Thenable<void> | Promise<void>;
  delete(key: string): Thenable<void> | Promise<void>;
}

export interface LoadResult {
  sessions: StoredSession[];
  /** Set when stored data had to be deleted: tell the user to sign in again. */
  discarded?: number;
}

/**
 * Reads and writes one server's sessions. Writes are serialized (one at a time, in call order) so
 * a refresh that stores a rotated token cannot be overwritten by an older write from this window.
 */
export class SessionStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly secrets: SecretStore,
    readonly baseUrl: string,
  ) {}

  get key(): string {
    return sessionsKey(this.baseUrl);
  }

  async load(): Promise<LoadResult> {
    let text: string | undefined;
    try {
      text = await this.secrets.get(this.key);
    } catch {
      // The OS keyring failed to decrypt it: as good as unparseable.
      text = '\u0000';
    }
    const decoded = decodeSessions(text);
    if (decoded.corrupt) {
      await this.secrets.delete(this.key);
      return { sessions: [], discarded: decoded.dropped };
    }
    if (decoded.dropped > 0) {
      await this.secrets.store(this.key, encodeSessions(decoded.sessions));
      return { sessions: decoded.sessions, discarded: decoded.dropped };
    }
    return { sessions: decoded.sessions };
  }

  /** Applies `change` to the stored list (read, modify, write), serialized with other updates. */
  update(change: (sessions: StoredSession[]) => StoredSession[]): Promise<StoredSession[]> {
    const run = this.queue.then(async () => {
      const { sessions } = await this.load();
      const next = change(sessions);
      if (next.length === 0) await this.secrets.delete(this.key);
      else await this.secrets.store(this.key, encodeSessions(next));
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stores a new sign-in. One account per server: it replaces whatever was there (and its secrets). */
  add(session: StoredSession): Promise<StoredSession[]> {
    return this.update(() => [session]);
  }

  replace(session: StoredSession): Promise<StoredSession[]> {
    return this.update((list) => list.map((s) => (s.id === session.id ? session : s)));
  }

  /** Deletes the session and with it every secret of that account. */
  remove(id: string): Promise<StoredSession[]> {
    return this.update((list) => list.filter((s) => s.id !== id));
  }
}
