/**
 * The optimistic writes waiting for the server's answer, and the rule for combining them with what
 * the server last said. No `vscode` import; owned by IssueStore, which fires the change events.
 *
 * An issue as views see it = its base (the server's latest word) with every pending patch on it
 * laid on top in the order they were applied. A patch ends in one of three ways:
 * - confirm(serverIssues): the base becomes the server's answer for each issue it names, or the
 *   base with the patch's change folded in when the answer named none (bulk PUTs answer only the
 *   changed fields);
 * - rollback(): the patch is dropped, the base was never touched, so the old state shows again;
 * - the store is cleared (sign-out): the patch is dropped and its handle does nothing.
 * A confirmation is the newest server word on its issues: an older patch confirmed after a newer
 * one does not overwrite the base, and pending patches older than it no longer apply.
 */
import type { Issue } from '../api/schemas';

/** An optimistic change of some issues' fields (shallow: `statusDetails` is replaced whole). */
export interface IssuePatch {
  readonly issueIds: readonly string[];
  readonly change: Partial<Issue>;
}

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
   * The server accepted: its answer (or the change itself) becomes the known state. False when not
   * pending. `answer`: what a triage PUT answered (only some fields); of it, the fields the patch
   * changed are taken over the change (the server's `assignedTo` object, its `statusDetails`).
   */
  confirm(serverIssues?: readonly Issue[], answer?: Readonly<Record<string, unknown>>): boolean;
  /** The server refused: the issues show what they showed before. False when not pending. */
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

  /** Whether a confirmation of `p` is the newest server word on `id` (and records it if so). */
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
