/**
 * Refresh single-flight across windows. Every window of a profile shares one SecretStorage, and a
 * refresh token works once (reuse revokes the whole family), so before refreshing a window takes a
 * lease `{owner, deadline}` stored next to the session; a window that finds another owner's live
 * lease waits for the store to change (bounded by the deadline) and adopts the tokens the owner
 * stored instead of refreshing. An expired lease may be taken over (its owner died or hung).
 * SecretStorage has no compare-and-set: a lease is written, left to settle, and read back; of two
 * windows writing at once the last writer owns it and the other sees that and waits.
 * No `vscode` import: the secret store and its change event are structural.
 */
import { randomUUID } from '../../util/random';
import { normalizeBaseUrl } from '../../api/http';
import { clampDelay, sleep as clampedSleep } from '../../util/delay';
import { SECRET_KEY_PREFIX, type SecretStore } from './sessionCodec';

export interface Lease {
  owner: string;
  /** Epoch ms after which anyone may take the lease over. */
  deadline: number;
}

/** How long a refresh (the request, then storing the rotated pair) may hold the lease. */
export const LEASE_MS = 30_000;
/** How long a written lease is left before it is read back (a racing window's write lands meanwhile). */
export const LEASE_SETTLE_MS = 150;

export function leaseKey(baseUrl: string): string {
  return `${SECRET_KEY_PREFIX}.refreshLease:${normalizeBaseUrl(baseUrl)}`;
}

export function encodeLease(lease: Lease): string {
  return JSON.stringify({ owner: lease.owner, deadline: lease.deadline });
}

/** A stored lease, or undefined when there is none or it does not parse (then it counts as free). */
export function decodeLease(text: string | undefined): Lease | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as { owner?: unknown; deadline?: unknown };
    if (typeof v.owner === 'string' && v.owner && typeof v.deadline === 'number' && Number.isFinite(v.deadline)) return { owner: v.owner, deadline: v.deadline };
  } catch {
    // unreadable: free
  }
  return undefined;
}

export type LeaseDecision = { kind: 'take' } | { kind: 'wait'; until: number };

/**
 * Whether `owner` may take the lease now. Another owner's live lease means waiting, at most until
 * its deadline and never longer than one lease (a deadline far ahead, from a skewed clock or a
 * bad write, must not block refreshing for good).
 */
export function decideLease(current: Lease | undefined, owner: string, now: number, leaseMs = LEASE_MS): LeaseDecision {
  if (!current || current.owner === owner || current.deadline <= now) return { kind: 'take' };
  return { kind: 'wait', until: Math.min(current.deadline, now + leaseMs) };
}

export interface VersionedTokens {
  accessToken: string;
  /** Incremented by every refresh; stored data written before it existed counts as 0. */
  generation?: number;
}

/**
 * Whether stored tokens should replace the ones in memory: only when they are newer. A stale pair
 * (the save of our rotated tokens failed, the store still holds the spent ones) is never adopted.
 * Same generation with another access token: a window of an older version refreshed (it wrote no
 * generation); adopt unless our own pair is the one still waiting to be saved.
 */
export function storedIsNewer(stored: VersionedTokens, current: VersionedTokens, currentUnsaved = false): boolean {
  const s = stored.generation ?? 0;
  const c = current.generation ?? 0;
  if (s !== c) return s > c;
  return !currentUnsaved && stored.accessToken !== current.accessToken;
}

/** What TokenManager needs of a lease: take it, give it back, wait for the holder to finish. */
export interface RefreshLock {
  acquire(): Promise<{ acquired: true } | { acquired: false; holder: Lease; until: number }>;
  release(): Promise<void>;
  /** Resolves when the stored session or the lease changes, or at `until`. */
  waitForChange(holder: Lease, until: number): Promise<void>;
}

export interface ChangeSource {
  onDidChange(listener: (e: { key: string }) => unknown): { dispose(): unknown };
}

export interface SecretLeaseOptions {
  owner?: string;
  now?: () => number;
  leaseMs?: number;
  settleMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** A lease kept in SecretStorage under `key`; `watchKeys` (the session's key) also wake a waiter. */
export class SecretRefreshLease implements RefreshLock {
  readonly owner: string;
  private readonly now: () => number;
  private readonly leaseMs: number;
  private readonly settleMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly secrets: SecretStore & ChangeSource,
    readonly key: string,
    private readonly watchKeys: readonly string[],
    opts: SecretLeaseOptions = {},
  ) {
    this.owner = opts.owner ?? randomUUID();
    this.now = opts.now ?? Date.now;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.settleMs = opts.settleMs ?? LEASE_SETTLE_MS;
    this.sleep = opts.sleep ?? ((ms) => clampedSleep(ms));
  }

  private async read(): Promise<Lease | undefined> {
    try {
      return decodeLease(await this.secrets.get(this.key));
    } catch {
      return undefined;
    }
  }

  async acquire(): Promise<{ acquired: true } | { acquired: false; holder: Lease; until: number }> {
    const current = await this.read();
    const first = decideLease(current, this.owner, this.now(), this.leaseMs);
    if (first.kind === 'wait' && current) return { acquired: false, holder: current, until: first.until };
    await this.secrets.store(this.key, encodeLease({ owner: this.owner, deadline: this.now() + this.leaseMs }));
    await this.sleep(this.settleMs);
    const after = await this.read();
    if (after?.owner === this.owner) return { acquired: true };
    // Another window wrote after us (it owns the lease), or already finished and released it.
    const now = this.now();
    const d = decideLease(after, this.owner, now, this.leaseMs);
    return { acquired: false, holder: after ?? { owner: '', deadline: now }, until: d.kind === 'wait' ? d.until : now };
  }

  async release(): Promise<void> {
    if ((await this.read())?.owner === this.owner) await this.secrets.delete(this.key);
  }

  waitForChange(holder: Lease, until: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        sub.dispose();
        clearTimeout(timer);
        resolve();
      };
      const sub = this.secrets.onDidChange((e) => {
        if (e.key === this.key || this.watchKeys.includes(e.key)) done();
      });
      const timer = setTimeout(done, clampDelay(until - this.now()));
      // A change between the caller's read and this subscription would otherwise be missed.
      void this.read().then((now) => {
        if (!now || now.owner !== holder.owner || now.deadline !== holder.deadline) done();
      });
    });
  }
}
