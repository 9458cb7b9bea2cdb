/**
 * The binding of one events panel to the server, account and organization it was opened with
 * (../model/panelBinding.ts holds the rule): bound when the panel opens (or, opened signed out, at
 * the first sign-in), asked before each write the panel sends, and on each change of session, when
 * a switch to another server or account closes the panel. Without `identity` (a registry of the
 * suites' own), nothing is bound or refused.
 */
import { bindingRefusal, checkBinding, type BindingProblem, type PanelBinding, type SessionIdentity } from '../model/panelBinding';

export class PanelGuard {
  private bound: PanelBinding | undefined;

  constructor(private readonly identity: (() => SessionIdentity | undefined) | undefined) {}

  get binding(): PanelBinding | undefined {
    return this.bound;
  }

  /** Binds to the session of now: at opening, and when a preview panel takes another issue. Signed out: unbound. */
  bind(org: string): void {
    const now = this.identity?.();
    this.bound = now ? { baseUrl: now.baseUrl, account: now.account, org } : undefined;
  }

  /**
   * The session changed: a panel opened signed out is bound to the new one; else what differs, when
   * the new session is another server's or account's (then the panel must close). Signed out: the
   * panel stays (a sign-in to the same account takes up where it was); its writes are refused meanwhile.
   */
  sessionChanged(org: string): BindingProblem | undefined {
    const now = this.identity?.();
    if (!now) return undefined;
    if (!this.bound) {
      this.bind(org);
      return undefined;
    }
    const check = checkBinding(this.bound, now, org);
    return check.ok ? undefined : check.reason;
  }

  /** Before a write to an issue of `org`: why it must not go (the text to show), or undefined. */
  refusal(org: string): string | undefined {
    if (!this.identity) return undefined;
    const now = this.identity();
    const check = checkBinding(this.bound, now, org);
    return check.ok ? undefined : bindingRefusal(this.bound, check.reason, now);
  }

  /** The session of now, for what is said when the panel closes. */
  now(): SessionIdentity | undefined {
    return this.identity?.();
  }
}
