/**
 * What a signed-in session tells the user when the server turns a request down: a step to complete
 * in the browser (SSO, 2FA, sudo: the session is kept), a pasted credential it rejects (asked before
 * anything is deleted), a session that ended. Each question is asked at most once (a step at most
 * once a minute), however many requests fail at the same moment.
 */
import type * as vscode from 'vscode';
import type { UnauthorizedError } from '../api/errors';
import type { AuthUi } from '../util/ui';
import { plainText } from '../util/untrusted';
import type { StoredSession } from './sessionCodec';
import { stepPage } from './urlSafety';

export const SIGN_IN_AGAIN = 'Sign In Again';
export const REMOVE_SIGN_IN = 'Remove Sign-In';
const SIGN_IN = 'Sign In';
const STEP_PROMPT_INTERVAL_MS = 60_000;

export type RejectedCredentialAnswer = 'signIn' | 'remove' | undefined;

export class SessionPrompts {
  /** Sessions whose rejected credential the user was already asked about in this window. */
  private readonly asked = new Set<string>();
  /** When each "complete this step" prompt was last shown. */
  private readonly stepShown = new Map<string, number>();

  constructor(
    private readonly ui: () => AuthUi,
    private readonly log: vscode.LogOutputChannel,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A 401 naming a step to complete in the browser (SSO, 2FA, sudo): the session is fine and kept.
   * Says what to do, with a button that opens the server's own page. Shown at most once a minute per step.
   */
  stepRequired(err: UnauthorizedError, baseUrl: string): void {
    const code = plainText(err.code ?? 'step', 60);
    const last = this.stepShown.get(code);
    if (last !== undefined && this.now() - last < STEP_PROMPT_INTERVAL_MS) return;
    this.stepShown.set(code, this.now());
    this.log.warn(`[auth] the server asks for a step in the browser (${code}); the sign-in is kept`);
    const page = stepPage(err.loginUrl, baseUrl);
    const OPEN = `Open ${new URL(baseUrl).host}`;
    void this.ui()
      .showWarningMessage(plainText(err.message, 1000), {}, ...(page ? [OPEN] : []))
      .then(async (choice) => {
        if (page && choice === OPEN) await this.ui().openExternal(page.href as unknown as vscode.Uri);
      });
  }

  /**
   * A pasted token or API key the server rejects: Sentry shows a user token only once, so it is
   * deleted only when the user says so. Asked once per session in this window; undefined (keep it)
   * when already asked or dismissed.
   */
  async rejectedCredential(session: StoredSession, baseUrl: string): Promise<RejectedCredentialAnswer> {
    if (this.asked.has(session.id)) return undefined;
    this.asked.add(session.id);
    const what = credentialName(session);
    this.log.warn(`[auth] the server rejected the stored ${what}; asking before removing it`);
    const choice = await this.ui().showWarningMessage(
      `Sentry (${new URL(baseUrl).host}) rejected the stored ${what}: it has expired or was revoked.`,
      { detail: `Sentry shows a user token only once: remove the stored one only if you no longer need it. "${SIGN_IN_AGAIN}" replaces it after a successful sign-in.` },
      SIGN_IN_AGAIN,
      REMOVE_SIGN_IN,
    );
    if (choice === SIGN_IN_AGAIN) return 'signIn';
    if (choice === REMOVE_SIGN_IN) return 'remove';
    this.log.info(`[auth] kept the rejected ${what} (the user dismissed the question)`);
    return undefined;
  }

  /** The session was removed because it no longer works: resolves true when the user wants to sign in again. */
  async sessionEnded(): Promise<boolean> {
    const choice = await this.ui().showWarningMessage('Your Sentry sign-in has expired or was revoked. Sign in again to continue.', {}, SIGN_IN);
    return choice === SIGN_IN;
  }
}

/** How messages name a pasted credential. */
export function credentialName(session: StoredSession): string {
  return session.kind === 'apiKey' ? 'API key' : 'auth token';
}
