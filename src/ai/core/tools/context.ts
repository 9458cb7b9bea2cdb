/**
 * What every tool shares: its dependencies (the API client the session holds, the store, the
 * organization and projects the Issues view shows, the editor's marks, the triage code), the checks
 * each call starts with, and state a tool keeps for the session (StateKey). No `vscode` import.
 */
import type { SentryClient } from '../../../api/client';
import type { Issue } from '../../../model/issue/schema';
import type { IssueRef } from '../../../contracts/issueRef';
import type { LocationSource } from '../../../store/editorLocations';
import type { IssueStore } from '../../../store/issueStore';
import type { ProvenanceStore } from '../../../store/provenance';
import type { TraceCounts } from '../../../store/traceCounts';
import type { ReadTrace } from '../../../store/traceReader';
import { safeWebUrl } from '../../../util/untrusted';
import { CHOOSE_PROJECT_FIRST, errorText, isAbort, SIGN_IN_FIRST, ToolCancelled } from './toolErrors';
import type { UpdateAction } from './toolInputs';

export interface ToolDeps {
  getClient(): Promise<SentryClient | undefined>;
  store: Pick<IssueStore, 'issue' | 'lookupShortId' | 'upsert' | 'checkpoint' | 'source' | 'eventText'>;
  /** The organization and projects the Issues view shows. */
  selection(): { org?: string; projects: readonly string[] };
  locations(): LocationSource;
  /**
   * One triage action on one issue through the triage code (optimistic view, Undo); never throws.
   * It writes through `client` only, the client the user confirmed the change in: a run whose
   * session is no longer that client's sends nothing.
   */
  update(ref: IssueRef, action: UpdateAction, client: SentryClient): Promise<{ ok: true } | { ok: false; error: unknown }>;
  /** The signed-in account's name, for the confirmation of "assign to me". */
  me(): string | undefined;
  now(): number;
  /** Releases, suspect commits and owners of the event read (store/provenance.ts); none: the details leave them out. */
  provenance?: Pick<ProvenanceStore, 'forEvent'>;
  /** Where the counts of a latest event's trace are left for the hover (store/traceCounts.ts), made on first use; none: not left. */
  traceCounts?: () => TraceCounts;
  /** A pasted stack trace's frames (store/traceReader.ts); none: the location tool takes files only. */
  readTrace?: ReadTrace;
}

/** Projects searched at most when the model names none. */
export const MAX_PROJECTS = 5;

export type Ready = { ok: true; client: SentryClient; org: string } | { ok: false; text: string };

/** One piece of session state, made on first use; the file that owns the key is the only one that reads it. */
export class StateKey<T> {
  constructor(readonly make: () => T) {}
}

export class ToolContext {
  private readonly states = new Map<StateKey<unknown>, unknown>();

  constructor(readonly deps: ToolDeps) {}

  state<T>(key: StateKey<T>): T {
    if (!this.states.has(key)) this.states.set(key, key.make());
    return this.states.get(key) as T;
  }

  /** Runs a tool's work: a failure becomes text for the model, a cancellation throws ToolCancelled. */
  async guard(signal: AbortSignal | undefined, work: () => Promise<string>): Promise<string> {
    if (signal?.aborted) throw new ToolCancelled();
    try {
      return await work();
    } catch (e) {
      if (isAbort(e, signal)) throw new ToolCancelled();
      return errorText(e, this.deps.now());
    }
  }

  /** Signed in, with an organization chosen: the client and the organization; else what to do first. */
  async ready(): Promise<Ready> {
    const client = await this.deps.getClient();
    if (!client) return { ok: false, text: SIGN_IN_FIRST };
    const org = this.deps.selection().org;
    return org ? { ok: true, client, org } : { ok: false, text: CHOOSE_PROJECT_FIRST };
  }

  /** The issue's web address when it is one of the server's (the permalink is server text). */
  link(issue: Issue, client: SentryClient): string | undefined {
    return safeWebUrl(issue.permalink, client.baseUrl)?.href;
  }
}
