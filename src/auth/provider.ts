/**
 * The `sentry-explorer` AuthenticationProvider (like VS Code's github-authentication): sessions
 * held as a promise, read from SecretStorage under a key that includes the base URL; scopes sorted
 * before comparing; changes made by another window (secrets.onDidChange) compared against the
 * cache and announced through onDidChangeSessions; stored data that does not parse is deleted and
 * the user asked to sign in again.
 */
import * as vscode from 'vscode';
import type { AuthConfig } from '../config';
import { SessionStore, sessionSecret, type SecretStore, type StoredSession } from './core/sessionCodec';
import type { SignInMethod } from './signInFlows';
import { scopesSatisfy, splitScopes } from '../api/scopes';
import { errorKind } from './core/errorText';
import { Disposable } from '../util/disposable';

export const PROVIDER_LABEL = 'Sentry';

export interface ProviderDeps {
  secrets: SecretStore & { onDidChange: vscode.Event<vscode.SecretStorageChangeEvent> };
  log: vscode.LogOutputChannel;
  config: () => AuthConfig;
  /** Runs a sign-in flow for these scopes (the quick pick and the chosen flow); says which server issued the session. */
  signIn: (scopes: string[], method?: SignInMethod) => Promise<{ session: StoredSession; baseUrl: string }>;
  /** Told when stored data had to be deleted (the user should sign in again). */
  onDiscarded?: (count: number) => void;
}

export function toAuthenticationSession(s: StoredSession): vscode.AuthenticationSession {
  return { id: s.id, accessToken: sessionSecret(s), account: { ...s.account }, scopes: [...s.scopes] };
}

function sameSession(a: StoredSession, b: StoredSession): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class SentryAuthenticationProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>());
  readonly onDidChangeSessions = this.changeEmitter.event;
  /** Fired after the cache changed for any reason (sign-in, sign-out, refresh, another window, base URL). */
  private readonly storedEmitter = this._register(new vscode.EventEmitter<readonly StoredSession[]>());
  readonly onDidChangeStored = this.storedEmitter.event;

  private store: SessionStore;
  private sessions: Promise<StoredSession[]>;
  /** Every change of the cache runs here, one after another. */
  private ops: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: ProviderDeps) {
    super();
    this.store = new SessionStore(deps.secrets, deps.config().baseUrl);
    this.sessions = this.load();
    this._register(
      deps.secrets.onDidChange((e) => {
        if (e.key === this.store.key) void this.enqueue(() => this.reload('storage changed'));
      }),
    );
  }

  get baseUrl(): string {
    return this.store.baseUrl;
  }

  get storageKey(): string {
    return this.store.key;
  }

  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    const run = this.ops.then(op);
    this.ops = run.catch(() => undefined);
    return run;
  }

  private async load(): Promise<StoredSession[]> {
    try {
      const { sessions, discarded } = await this.store.load();
      if (discarded) {
        this.deps.log.warn(`[auth] deleted ${discarded} stored sign-in(s) for ${this.store.baseUrl} that could not be read`);
        this.deps.onDiscarded?.(discarded);
      }
      return sessions;
    } catch (err) {
      this.deps.log.error(`[auth] could not read the stored sign-in: ${errorKind(err)}`);
      return [];
    }
  }

  /** Re-reads the store and announces what changed against the cache. */
  private async reload(why: string): Promise<void> {
    const before = await this.sessions;
    const after = await this.load();
    this.sessions = Promise.resolve(after);
    this.announce(before, after, why);
  }

  private announce(before: readonly StoredSession[], after: readonly StoredSession[], why: string): void {
    const added = after.filter((s) => !before.some((b) => b.id === s.id));
    const removed = before.filter((s) => !after.some((a) => a.id === s.id));
    const changed = after.filter((s) => before.some((b) => b.id === s.id && !sameSession(b, s)));
    if (!added.length && !removed.length && !changed.length) return;
    this.deps.log.info(`[auth] sessions changed (${why}): +${added.length} -${removed.length} ~${changed.length}`);
    this.changeEmitter.fire({
      added: added.map(toAuthenticationSession),
      removed: removed.map(toAuthenticationSession),
      changed: changed.map(toAuthenticationSession),
    });
    this.storedEmitter.fire(after);
  }

  /** The configured base URL changed: switch to that server's sessions. */
  switchBaseUrl(baseUrl: string): Promise<void> {
    return this.enqueue(async () => {
      if (new SessionStore(this.deps.secrets, baseUrl).key === this.store.key) return;
      const before = await this.sessions;
      this.store = new SessionStore(this.deps.secrets, baseUrl);
      this.sessions = this.load();
      this.announce(before, await this.sessions, 'base URL changed');
    });
  }

  /** Every stored session of the current server, newest first. */
  async stored(): Promise<StoredSession[]> {
    await this.ops;
    return [...(await this.sessions)];
  }

  async getSessions(scopes: readonly string[] | undefined, options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    const wanted = scopes ? splitScopes(scopes) : undefined;
    const all = await this.stored();
    return all
      .filter((s) => scopesSatisfy(s.scopes, wanted, s.scopesKnown))
      .filter((s) => !options?.account || options.account.id === s.account.id)
      .map(toAuthenticationSession);
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    return toAuthenticationSession(await this.createStored(scopes));
  }

  /** Signs in (the chosen flow) and stores the new session; fires onDidChangeSessions. */
  async createStored(scopes: readonly string[], method?: SignInMethod): Promise<StoredSession> {
    const wanted = splitScopes(scopes.length ? scopes : this.deps.config().scopes);
    const { session, baseUrl } = await this.deps.signIn(wanted, method);
    await this.enqueue(async () => {
      const issuer = new SessionStore(this.deps.secrets, baseUrl);
      if (issuer.key !== this.store.key) {
        // The setting changed while the flow ran: the session belongs to the server that issued it.
        await issuer.add(session);
        this.deps.log.info(`[auth] stored the new sign-in for ${issuer.baseUrl}, the server that issued it (the setting now names ${this.store.baseUrl})`);
        return;
      }
      const before = await this.sessions;
      const after = await this.store.add(session);
      this.sessions = Promise.resolve(after);
      this.announce(before, after, 'signed in');
    });
    return session;
  }

  async removeSession(id: string): Promise<void> {
    await this.enqueue(async () => {
      const before = await this.sessions;
      if (!before.some((s) => s.id === id)) return;
      const after = await this.store.remove(id);
      this.sessions = Promise.resolve(after);
      this.announce(before, after, 'signed out');
    });
  }

  /** Stores changed data of a session (refreshed tokens); resolves once it is in SecretStorage. */
  updateSession(session: StoredSession): Promise<void> {
    return this.enqueue(async () => {
      const before = await this.sessions;
      if (!before.some((s) => s.id === session.id)) throw new Error('the session was signed out meanwhile');
      const after = await this.store.replace(session);
      this.sessions = Promise.resolve(after);
      this.announce(before, after, 'tokens refreshed');
    });
  }

  /** The session as stored right now (another window may have refreshed it). */
  async readStored(id: string): Promise<StoredSession | undefined> {
    const { sessions } = await this.store.load();
    return sessions.find((s) => s.id === id);
  }
}
