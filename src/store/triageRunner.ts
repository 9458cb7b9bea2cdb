/**
 * "Run one triage action on one issue" for the AI tools, without the AI feature importing triage:
 * the triage commands set it (their writer, messages and undo), the update tool calls it after the
 * user confirmed. It writes to the server, so it lives only in this window's objects: no command
 * exposes it and activate() exports nothing. No `vscode` import.
 */
import type { IssueRef } from '../contracts/issueRef';
import type { SentryClient } from '../api/client';
import { Slot } from './slot';

/** The actions a model may ask for. */
export type QuickAction = 'resolve' | 'archive' | 'assignToMe';

export type TriageResult = { ok: true } | { ok: false; error: unknown };

/** `client`: the session the change was confirmed in; the run sends nothing if it is not current. */
export type RunTriage = (ref: IssueRef, action: QuickAction, client?: SentryClient) => Promise<TriageResult>;

const NONE: RunTriage = async () => ({ ok: false, error: new Error('Triage is not available in this window.') });

/** Set by the triage commands; fails (without writing) while nothing is set. */
export class TriageRunner extends Slot<RunTriage> {
  constructor() {
    super(NONE);
  }

  /** Runs through whatever is set now; bound, so it can be handed on as a function. */
  readonly run: RunTriage = (ref, action, client) => this.get()(ref, action, client);
}
