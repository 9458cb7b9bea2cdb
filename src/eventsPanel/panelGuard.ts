/**
 * The binding of one events panel to the server, account and organization it was opened with
 * (../model/panelBinding.ts holds the rule): bound when the panel opens (or, opened signed out, at
 * the first sign-in), asked before each write the panel sends, and on each change of session, when
 * a switch to another server or account closes the panel. A panel VS Code restores after a window
 * reload comes back with the binding its page saved: it belongs to that server and account, not to
 * whatever session is signed in now, and writes nothing until its header was read again from there
 * (a read that began and ended under that session, with no change of session between). Without
 * `identity` (a registry of the suites' own), nothing is bound or refused. No `vscode` import.
 */
import { bindingRefusal, checkBinding, type BindingProblem, type PanelBinding, type SessionIdentity } from './core/panelBinding';

export class PanelGuard {
  private bound: PanelBinding | undefined;
  /**
   * Restored and not confirmed yet: `read` until its header was read again from its own server and
   * account; `unknown` when its saved state kept none (refused until the issue is opened again).
   */
  private pending: 'read' | 'unknown' | undefined;
  /** Bumped by every change of session: a read that spans one confirms nothing. */
  private sessions = 0;

  constructor(private readonly identity: (() => SessionIdentity | undefined) | undefined) {}

  get binding(): PanelBinding | undefined {
    return this.bound;
  }

  /** A restored panel not confirmed yet: its header not read again, or its saved state kept no binding. */
  get unconfirmed(): boolean {
    return this.pending !== undefined;
  }

  /** Whether the panel waits for a read of its header to accept writes. */
  get awaitingRead(): boolean {
    return this.pending === 'read';
  }

  /** Binds to the session of now: at opening, when a preview panel takes another issue, when the user opens the issue again. Signed out: unbound. */
  bind(org: string): void {
    const now = this.identity?.();
    this.bound = now ? { baseUrl: now.baseUrl, account: now.account, org } : undefined;
    this.pending = undefined;
  }

  /**
   * A restored panel: bound to what its state saved (only when it names the panel's organization),
   * refused until a read confirms it. Returns what differs when the session of now is another
   * server's or account's (then the panel must close); undefined when it may stay.
   */
  restore(saved: PanelBinding | undefined, org: string): BindingProblem | undefined {
    this.bound = saved && saved.org === org ? { baseUrl: saved.baseUrl, account: saved.account, org } : undefined;
    this.pending = this.bound ? 'read' : 'unknown';
    return this.foreign(org);
  }

  /** What differs from the session of now, when it is another server's or account's. */
  private foreign(org: string): BindingProblem | undefined {
    const now = this.identity?.();
    if (!now || !this.bound) return undefined;
    const check = checkBinding(this.bound, now, org);
    return !check.ok && (check.reason === 'server' || check.reason === 'account') ? check.reason : undefined;
  }

  /**
   * The session changed: a panel opened signed out is bound to the new one; else what differs, when
   * the new session is another server's or account's (then the panel must close). Signed out: the
   * panel stays (a sign-in to the same account takes up where it was); its writes are refused meanwhile.
   * A restored panel is never bound to a session it was not saved with.
   */
  sessionChanged(org: string): BindingProblem | undefined {
    this.sessions++;
    const now = this.identity?.();
    if (!now) return undefined;
    if (!this.bound) {
      if (this.pending !== 'unknown') this.bind(org);
      return undefined;
    }
    const check = checkBinding(this.bound, now, org);
    return check.ok ? undefined : check.reason;
  }

  /**
   * Before a read of the header that may confirm a restored panel: a ticket, when the session of now
   * is the one the panel was saved with; undefined when no read can confirm it now.
   */
  readTicket(org: string): number | undefined {
    if (this.pending !== 'read' || !this.identity) return undefined;
    return checkBinding(this.bound, this.identity(), org).ok ? this.sessions : undefined;
  }

  /** After that read found the panel's issue: confirmed when the session is still the same one. */
  confirmRead(ticket: number, org: string): boolean {
    if (this.pending !== 'read' || ticket !== this.sessions || !this.identity) return false;
    if (!checkBinding(this.bound, this.identity(), org).ok) return false;
    this.pending = undefined;
    return true;
  }

  /** Before a write to an issue of `org`: why it must not go (the text to show), or undefined. */
  refusal(org: string): string | undefined {
    if (!this.identity) return undefined;
    const now = this.identity();
    const check = checkBinding(this.bound, now, org);
    if (!check.ok) return bindingRefusal(this.bound, this.pending === 'unknown' && check.reason === 'unbound' ? 'unknown' : check.reason, now);
    return this.pending === 'read' ? bindingRefusal(this.bound, 'unverified', now) : undefined;
  }

  /** Whether the panel holds what it shows for `who` in `org`: confirmed, and bound to that server and account. */
  holds(who: SessionIdentity, org: string): boolean {
    return this.pending === undefined && checkBinding(this.bound, who, org).ok;
  }

  /** The session of now, for what is said when the panel closes. */
  now(): SessionIdentity | undefined {
    return this.identity?.();
  }
}
