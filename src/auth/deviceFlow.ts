/**
 * The device flow (RFC 8628) as the user sees it: a modal with the code and "Copy & Open" (only
 * the server's own https page is opened; anything else is shown as text), then a cancellable
 * notification while the poller (devicePoller.ts) waits for the approval; an expired code offers to
 * start again. Ends with the token response, or throws vscode.CancellationError when the user
 * cancelled or was already told what went wrong.
 */
import * as vscode from 'vscode';
import { DeviceFlowUnavailableError, type OAuthEndpoints } from '../api/oauth';
import { OAuthError } from '../api/errors';
import type { TokenResponse } from '../model/auth/schema';
import { signalFrom } from '../util/signal';
import type { AuthUi } from '../util/ui';
import { plainText, safeVerificationUrl } from '../util/untrusted';
import { pollForDeviceToken, type DevicePollOutcome } from './core/devicePoller';
import { errorKind } from './core/errorText';
import { withCancellableProgress } from './flowProgress';

/** Button labels (localized when asked for: a choice is compared with the label the message offered). */
export const copyAndOpenLabel = (): string => vscode.l10n.t('Copy & Open');
export const startAgainLabel = (): string => vscode.l10n.t('Start Again');
export const copyCodeLabel = (): string => vscode.l10n.t('Copy Code');
export const pasteTokenLabel = (): string => vscode.l10n.t('Paste a Token');

/** Thrown when the user chose to sign in with a pasted token after the server offered no sign-in with a code. */
export class UseTokenInstead extends Error {
  constructor() {
    super('sign in with a pasted token instead');
    this.name = 'UseTokenInstead';
  }
}

/**
 * Why the device flow cannot start on this server, with the next step (a pasted token), or
 * undefined for a failure that is not the server's way of signing in (offline, a 5xx).
 */
function noDeviceFlow(err: unknown, host: string): string | undefined {
  if (err instanceof DeviceFlowUnavailableError) {
    return vscode.l10n.t("{0} does not offer sign-in with a code: this server is older than Sentry's device sign-in, or it is turned off there. Sign in with a personal auth token instead.", host);
  }
  if (err instanceof OAuthError && (err.error === 'invalid_client' || err.error === 'unauthorized_client')) {
    return vscode.l10n.t(
      '{0} does not know the OAuth application set in sentryExplorer.oauth.clientId, or does not let it sign in with a code ({1}). Sign in with a personal auth token instead, or set the client id of an application registered on {0}.',
      host,
      err.error,
    );
  }
  return undefined;
}

export interface DeviceFlowDeps {
  ui: AuthUi;
  log: vscode.LogOutputChannel;
  now?: () => number;
}

/** Asks `baseUrl` for a code for `scopes` and waits until it is approved, denied or expired. */
export async function runDeviceFlow(deps: DeviceFlowDeps, oauth: OAuthEndpoints, baseUrl: string, scopes: readonly string[]): Promise<TokenResponse> {
  for (;;) {
    const host = new URL(baseUrl).host;
    let unavailable: string | undefined;
    const requested = await withCancellableProgress(
      deps.ui,
      deps.log,
      vscode.l10n.t('Sentry: requesting a sign-in code…'),
      (signal) =>
        oauth.requestDeviceCode(scopes, signal).catch((err: unknown) => {
          unavailable = noDeviceFlow(err, host);
          if (unavailable === undefined) throw err;
          deps.log.warn(
            `[auth] no sign-in with a code on ${baseUrl}: ${err instanceof DeviceFlowUnavailableError ? (err.answers.length ? `the device sign-in address answered ${err.answers.join(', ')}` : 'its OAuth metadata names no device sign-in address') : `the server answered ${(err as OAuthError).error}`}`,
          );
          return undefined;
        }),
      {
        log: 'request a sign-in code',
        message: vscode.l10n.t('Sentry sign-in: could not request a sign-in code.'),
      },
    );
    if (!requested) {
      // Never a bare error: the way that works on every server is one click away.
      const paste = pasteTokenLabel();
      const choice = await deps.ui.showWarningMessage(unavailable ?? '', {}, paste);
      if (choice === paste) throw new UseTokenInstead();
      throw new vscode.CancellationError();
    }
    const auth = requested;
    const issuedAt = (deps.now ?? Date.now)();
    deps.log.info(`[auth] device code issued: expires in ${auth.expires_in} s, poll interval ${auth.interval} s`);
    const userCode = plainText(auth.user_code, 40);
    // Only the server's own https page (http on loopback) is opened; anything else (file:, command:,
    // another host) is shown as text to copy.
    const page = safeVerificationUrl(auth.verification_uri_complete, baseUrl) ?? safeVerificationUrl(auth.verification_uri, baseUrl);
    const action = page ? copyAndOpenLabel() : copyCodeLabel();
    const choice = await deps.ui.showInformationMessage(
      vscode.l10n.t('Your Sentry sign-in code is {0}', userCode),
      {
        modal: true,
        detail: page
          ? vscode.l10n.t('"{0}" copies the code and opens {1} in your browser. Enter the code there and approve to sign in.', action, page.host)
          : vscode.l10n.t(
              "Sentry Explorer does not open the sign-in page this server named, because it is not an https page of {0}: {1} — open your server's device sign-in page yourself, enter the code there and approve.",
              new URL(baseUrl).host,
              plainText(auth.verification_uri, 300),
            ),
      },
      action,
    );
    if (choice !== action) {
      deps.log.info('[auth] device sign-in cancelled at the code dialog');
      throw new vscode.CancellationError();
    }
    if (!page) deps.log.warn('[auth] the server named a verification page that is not its own https page; shown as text, not opened');
    try {
      await deps.ui.writeClipboard(auth.user_code);
    } catch (err) {
      // A browser may refuse clipboard access (VS Code for the Web): the code is on screen anyway.
      deps.log.warn(`[auth] could not copy the code: ${errorKind(err)}`);
    }
    if (page) await openVerificationPage(deps, page);

    const started = Date.now();
    const outcome: DevicePollOutcome = await deps.ui.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sentry: enter the code {0} in your browser and approve', userCode), cancellable: true },
      (_progress, token) => {
        const cancel = signalFrom(token);
        return pollForDeviceToken(auth, {
          poll: (deviceCode, signal) => oauth.pollDeviceToken(deviceCode, signal),
          signal: cancel.signal,
          issuedAt,
          now: deps.now,
          onPoll: (e) => deps.log.debug(`[auth] device poll ${e.n}: ${e.result} (interval ${e.intervalS} s)`),
        }).finally(cancel.dispose);
      },
    );
    deps.log.info(`[auth] device flow ended: ${outcome.kind} after ${outcome.polls} poll(s), ${((Date.now() - started) / 1000).toFixed(1)} s`);
    switch (outcome.kind) {
      case 'approved':
        return outcome.tokens;
      case 'cancelled':
        throw new vscode.CancellationError();
      case 'denied':
        void deps.ui.showErrorMessage(vscode.l10n.t('Sentry sign-in was denied: the request was rejected in the browser.'), {});
        throw new vscode.CancellationError();
      case 'expired': {
        const startAgain = startAgainLabel();
        const again = await deps.ui.showWarningMessage(vscode.l10n.t('The Sentry sign-in code expired before it was approved. Start again with a new code?'), {}, startAgain);
        if (again === startAgain) continue;
        throw new vscode.CancellationError();
      }
      case 'error':
        void deps.ui.showErrorMessage(vscode.l10n.t('Sentry sign-in failed ({0}): {1}', plainText(outcome.error, 60), plainText(outcome.message)), {});
        throw new vscode.CancellationError();
    }
  }
}

/** Opens a page safeVerificationUrl accepted: the complete URL (with the code) or the plain one. */
async function openVerificationPage(deps: DeviceFlowDeps, page: URL): Promise<void> {
  try {
    const external = await deps.ui.asExternalUri(vscode.Uri.parse(page.href, true));
    // Passed as a string so the query is opened exactly as built (a Uri would re-encode it).
    if (await deps.ui.openExternal(external.scheme === 'http' || external.scheme === 'https' ? (external.toString(true) as unknown as vscode.Uri) : external)) return;
  } catch (err) {
    deps.log.warn(`[auth] could not open the verification page: ${errorKind(err)}`);
  }
  void deps.ui.showWarningMessage(vscode.l10n.t('Open {0} in a browser and enter the code there.', plainText(page.href, 300)), {});
}
