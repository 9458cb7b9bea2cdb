/**
 * The optimistic writes waiting for the server's answer, so a triage change shows at once: an issue
 * as views see it is its base (the server's latest word) with its pending patches laid on top in
 * the order they were applied. No `vscode` import; owned by IssueStore, which fires the change events.
 */
import type { Issue } from '../model/issue/schema';

/** An optimistic change of some issues' fields (shallow: `statusDetails` is replaced whole). */
export interface IssuePatch {
  readonly issueIds: readonly string[];
  readonly change: Partial<Issue>;
}

/** `dropped`: the store was cleared (sign-out) while it was pending; its handle then does nothing. */
export type PatchState = 'pending' | 'confirmed' | 'rolledBack' | 'dropped';

export interface PatchHandle {
  /** Ascending in the order patches were applied. */
  readonly seq: number;
  readonly issueIds: readonly string[];
  readonly change: Readonly<Partial<Issue>>;
  readonly state: PatchState;
  /** Resolves when the patch leaves the pending state, whichever way. */
  readonly settled: Promise<PatchState>;
  /**
   * The server accepted: its answer for each issue it names becomes the base, or the base with the
   * change folded in when it named none (bulk PUTs answer only the changed fields). False when not
   * pending. `answer`: what a triage PUT answered (only some fields); of it, the fields the patch
   * changed are taken over the change (the server's `assignedTo` object, its `statusDetails`).
   */
  confirm(serverIssues?: readonly Issue[], answer?: Readonly<Record<string, unknown>>): boolean;
  /** The server refused: the base was never touched, so the issues show what they showed before. False when not pending. */
  rollback(): boolean;
}

export interface PendingPatch {
  readonly seq: number;
  readonly ids: ReadonlySet<string>;
  readonly change: Readonly<Partial<Issue>>;
}

/** Pending patches in apply order, and per issue the seq of its latest confirmation. */
export class PatchLedger {
  private readonly pending: PendingPatch[] = [];
  private readonly confirmedSeq = new Map<string, number>();
  private nextSeq = 1;

  add(ids: readonly string[], change: Partial<Issue>): PendingPatch {
    const p: PendingPatch = { seq: this.nextSeq++, ids: new Set(ids), change: Object.freeze({ ...change }) };
    this.pending.push(p);
    return p;
  }

  /** Removes a pending patch; false when it was not pending. */
  remove(p: PendingPatch): boolean {
    const i = this.pending.indexOf(p);
    if (i < 0) return false;
    this.pending.splice(i, 1);
    return true;
  }

  /**
   * Whether a confirmation of `p` is the newest server word on `id` (and records it if so): an older
   * patch confirmed after a newer one must not overwrite the base, and patches older than it no longer apply.
   */
  noteConfirmed(p: PendingPatch, id: string): boolean {
    if ((this.confirmedSeq.get(id) ?? 0) > p.seq) return false;
    this.confirmedSeq.set(id, p.seq);
    return true;
  }

  /** The issue as views see it: `base` with the patches on it that are newer than its latest confirmation. */
  effective(id: string, base: Issue | undefined): Issue | undefined {
    if (!base) return undefined;
    const after = this.confirmedSeq.get(id) ?? 0;
    let out = base;
    for (const p of this.pending) if (p.seq > after && p.ids.has(id)) out = { ...out, ...p.change };
    return out;
  }

  /** Forgets the confirmations of an issue the table no longer holds (none of its patches is pending). */
  forget(id: string): void {
    this.confirmedSeq.delete(id);
  }

  pendingFor(id: string): PendingPatch[] {
    return this.pending.filter((p) => p.ids.has(id));
  }

  get size(): number {
    return this.pending.length;
  }

  /** Every pending patch, removed (for clear()). */
  drain(): PendingPatch[] {
    this.confirmedSeq.clear();
    return this.pending.splice(0);
  }
}
