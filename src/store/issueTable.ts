/**
 * The issues of the IssueStore: per issue the server's latest word, the optimistic patches still
 * waiting for the server laid on top (see ./patches.ts for the rules), and what views see. Kept apart
 * from the lists so each half reads on its own; the store tells it when to forget and fires the events.
 */
import type { Issue } from '../model/issue/schema';
import { isIssueId } from '../contracts/issueRef';
import { PatchLedger, type IssuePatch, type PatchHandle, type PatchState, type PendingPatch } from './patches';

export interface IssueTableHooks {
  /** What views see of `id` changed (called at once, before any event: cached list views go stale). */
  shown(id: string): void;
  /** A write changed what views see of `ids`: the store fires its change event. */
  changed(ids: readonly string[]): void;
  /** Whether a list holds `id`: such an issue is never forgotten while it does. */
  listed(id: string): boolean;
}

/**
 * How many issues no list holds the table keeps (the marks' file searches, the AI tools and links
 * bring them all session long): the soak's hour doubled the table, and the host's heap with it. The
 * least recently used go first; a reader that misses one asks the server again (markFinder does).
 */
export const MAX_UNLISTED_ISSUES = 1000;

interface Settler {
  readonly settled: Promise<PatchState>;
  finish(state: PatchState): void;
}

export class IssueTable {
  /** The server's latest word per issue (or what a confirmation made of it). */
  private readonly base = new Map<string, Issue>();
  /** base + pending patches: what views see. */
  private readonly current = new Map<string, Issue>();
  private readonly orgs = new Map<string, string>();
  /** Per issue, the write stamp of its latest confirmation. */
  private readonly confirmedAt = new Map<string, number>();
  private readonly ledger = new PatchLedger();
  private readonly settlers = new Map<PendingPatch, Settler>();
  /** Bumped by every write (apply, confirm, rollback): orders answers against confirmations. */
  private stamp = 0;

  constructor(private readonly hooks: IssueTableHooks) {}

  /** The issue as views show it (pending patches applied). Reading it counts as a use. */
  get(id: string): Issue | undefined {
    const issue = this.current.get(id);
    if (issue) {
      // Map order is the order of use: the oldest first, the first to be forgotten.
      this.current.delete(id);
      this.current.set(id, issue);
    }
    return issue;
  }

  /** Issues kept, listed or not (the soak prints it). */
  get size(): number {
    return this.current.size;
  }

  /** The org the issue was loaded in. */
  orgOf(id: string): string | undefined {
    return this.orgs.get(id);
  }

  /** The write stamp now: answers to requests made from now on are newer than every write so far. */
  checkpoint(): number {
    return this.stamp;
  }

  pendingFor(id: string): PendingPatch[] {
    return this.ledger.pendingFor(id);
  }

  /** Resolves once every patch now pending on `id` is settled. */
  whenSettled(id: string): Promise<void> {
    return Promise.all(this.ledger.pendingFor(id).map((p) => this.settlers.get(p)?.settled)).then(() => undefined);
  }

  /**
   * Takes the server's answer as the base of each issue, unless a confirmation newer than the
   * request (`since`, a checkpoint) said otherwise. Returns the ids whose shown fields changed.
   */
  ingest(org: string, issues: readonly Issue[], since: number): string[] {
    const changed: string[] = [];
    for (const incoming of issues) {
      const id = incoming.id;
      this.orgs.set(id, org);
      if ((this.confirmedAt.get(id) ?? 0) > since) continue;
      this.base.set(id, Object.freeze(withStatsOf(this.base.get(id), incoming)));
      if (this.recompute(id)) changed.push(id);
      this.get(id); // an answer counts as a use, changed or not
    }
    this.forgetUnused();
    return changed;
  }

  /** Forgets the least recently used issues that no list holds and no write waits on, beyond MAX_UNLISTED_ISSUES. */
  private forgetUnused(): void {
    if (this.current.size <= MAX_UNLISTED_ISSUES) return;
    const unheld = [...this.current.keys()].filter((id) => !this.hooks.listed(id) && this.ledger.pendingFor(id).length === 0);
    for (const id of unheld.slice(0, Math.max(0, unheld.length - MAX_UNLISTED_ISSUES))) {
      this.base.delete(id);
      this.current.delete(id);
      this.orgs.delete(id);
      this.ledger.forget(id);
    }
  }

  /**
   * Shows `change` on the named issues at once until the handle is confirmed or rolled back. Throws
   * a RangeError for no ids (a bulk update without ids would hit every issue matching a query) or
   * an id that is not an issue id.
   */
  apply(patch: IssuePatch): PatchHandle {
    const ids = [...new Set(patch.issueIds)];
    if (ids.length === 0) throw new RangeError('A patch names at least one issue: an update without ids would change every issue matching the query.');
    const bad = ids.find((id) => !isIssueId(id));
    if (bad !== undefined) throw new RangeError(`An issue id is a number, not ${JSON.stringify(String(bad).slice(0, 100))}.`);
    if ('id' in patch.change) throw new RangeError("A patch cannot change an issue's id.");

    const p = this.ledger.add(ids, patch.change);
    this.stamp++;
    let state: PatchState = 'pending';
    let resolve!: (s: PatchState) => void;
    const settler: Settler = {
      settled: new Promise<PatchState>((r) => (resolve = r)),
      finish: (s) => {
        state = s;
        this.settlers.delete(p);
        resolve(s);
      },
    };
    this.settlers.set(p, settler);
    const handle: PatchHandle = {
      seq: p.seq,
      issueIds: ids,
      change: p.change,
      get state() {
        return state;
      },
      settled: settler.settled,
      confirm: (serverIssues, answer) => {
        if (state !== 'pending' || !this.ledger.remove(p)) return false;
        const at = ++this.stamp;
        for (const id of ids) {
          if (!this.ledger.noteConfirmed(p, id)) continue; // a newer patch was confirmed already
          const server = serverIssues?.find((i) => i.id === id);
          const prev = this.base.get(id);
          const next = server ? withStatsOf(prev, server) : prev && { ...prev, ...p.change, ...answeredFields(answer, p.change) };
          if (next) this.base.set(id, Object.freeze(next));
          this.confirmedAt.set(id, at);
        }
        settler.finish('confirmed');
        this.recomputeAndTell(ids);
        return true;
      },
      rollback: () => {
        if (state !== 'pending' || !this.ledger.remove(p)) return false;
        this.stamp++;
        settler.finish('rolledBack');
        this.recomputeAndTell(ids);
        return true;
      },
    };
    this.recomputeAndTell(ids);
    return handle;
  }

  /** Settles every pending patch as dropped (their handles do nothing from now on). */
  dropPending(): void {
    for (const p of this.ledger.drain()) this.settlers.get(p)?.finish('dropped');
  }

  /** Forgets every issue and pending patch; returns the ids views could see. */
  clear(): string[] {
    const shown = [...this.current.keys()];
    this.dropPending();
    this.base.clear();
    this.current.clear();
    this.orgs.clear();
    this.confirmedAt.clear();
    return shown;
  }

  /** Recomputes what views see of `id`; true when it changed. */
  private recompute(id: string): boolean {
    const before = this.current.get(id);
    const after = this.ledger.effective(id, this.base.get(id));
    if (after === undefined) {
      if (before === undefined) return false;
      this.current.delete(id);
    } else {
      if (before !== undefined && sameFields(before, after)) return false;
      this.current.set(id, after === this.base.get(id) ? after : Object.freeze(after));
    }
    this.hooks.shown(id);
    return true;
  }

  private recomputeAndTell(ids: readonly string[]): void {
    this.hooks.changed(ids.filter((id) => this.recompute(id)));
  }
}

/**
 * The server's answer, keeping the stats of other periods: a list under 14d and one under 24h share
 * the issue, and each sparkline reads its own period.
 */
function withStatsOf(prev: Issue | undefined, incoming: Issue): Issue {
  if (!prev) return incoming;
  return { ...incoming, stats: { ...prev.stats, ...incoming.stats } };
}

function sameFields(a: Issue, b: Issue): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Of a PUT's answer, the fields the patch changed (a bulk answer is the same for every issue it names). */
function answeredFields(answer: Readonly<Record<string, unknown>> | undefined, change: Readonly<Partial<Issue>>): Partial<Issue> {
  if (!answer) return {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(change)) if (Object.hasOwn(answer, key) && answer[key] !== undefined) out[key] = answer[key];
  return out as Partial<Issue>;
}
