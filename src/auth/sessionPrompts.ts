/**
 * What a signed-in session tells the user when the server turns a request down: a step to complete
 * in the browser (SSO, 2FA, sudo: the session is kept), a pasted credential it rejects (asked before
 * anything is deleted), a session that ended. Each question is asked at most once (a step at most
 * once a minute), however many requests fail at the same moment.
 */
import * as vscode from 'vscode';
import type { UnauthorizedError } from '../api/errors';
import type { AuthUi } from '../util/ui';
import { plainText } from '../util/untrusted';
import type { StoredSession } from './core/sessionCodec';
import { stepPage } from './core/urlSafety';

/** Button labels (localized when asked for: compare a choice with the label the question offered). */
export const signInAgainLabel = (): string => vscode.l10n.t('Sign In Again');
export const removeSignInLabel = (): string => vscode.l10n.t('Remove Sign-In');
const signInLabel = (): string => vscode.l10n.t('Sign In');
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
    const OPEN = vscode.l10n.t('Open {0}', new URL(baseUrl).host);
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
    const host = new URL(baseUrl).host;
    const signInAgain = signInAgainLabel();
    const remove = removeSignInLabel();
    const choice = await this.ui().showWarningMessage(
      session.kind === 'apiKey'
        ? vscode.l10n.t('Sentry ({0}) rejected the stored API key: it has expired or was revoked.', host)
        : vscode.l10n.t('Sentry ({0}) rejected the stored auth token: it has expired or was revoked.', host),
      { detail: vscode.l10n.t('Sentry shows a user token only once: remove the stored one only if you no longer need it. "{0}" replaces it after a successful sign-in.', signInAgain) },
      signInAgain,
      remove,
    );
    if (choice === signInAgain) return 'signIn';
    if (choice === remove) return 'remove';
    this.log.info(`[auth] kept the rejected ${what} (the user dismissed the question)`);
    return undefined;
  }

  /** The session was removed because it no longer works: resolves true when the user wants to sign in again. */
  async sessionEnded(): Promise<boolean> {
    const signIn = signInLabel();
    const choice = await this.ui().showWarningMessage(vscode.l10n.t('Your Sentry sign-in has expired or was revoked. Sign in again to continue.'), {}, signIn);
    return choice === signIn;
  }
}

/** How the log names a pasted credential (messages have their own sentences per kind). */
export function credentialName(session: StoredSession): string {
  return session.kind === 'apiKey' ? 'API key' : 'auth token';
}
