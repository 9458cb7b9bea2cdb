/**
 * Sign In, Sign Out, Set OAuth Client Secret and the 403 prompt, as plain functions of what they
 * need, and their registration. Each reports its own outcome; cancellation is silent.
 */
import * as vscode from 'vscode';
import type { ForbiddenError } from '../api/errors';
import type { AuthConfig } from '../config';
import { Commands } from '../constants';
import type { AuthUi } from '../util/ui';
import { plainText } from '../util/untrusted';
import { credentialProblem } from './core/credentialCheck';
import { errorKind, safeErrorMessage } from './core/errorText';
import type { SentryAuthenticationProvider } from './provider';
import { scopesToRequest } from '../api/scopes';
import { clientSecretKey, type SecretStore, type StoredSession } from './core/sessionCodec';
import { signInAgainLabel } from './sessionPrompts';
import type { SignInMethod } from './signInFlows';

export interface SignInOptions {
  /** Scopes to ask for on top of the configured ones. */
  scopes?: readonly string[];
  /** Scopes of which an operation needs one (a ForbiddenError can be passed as is). */
  neededScopes?: readonly string[];
  method?: SignInMethod;
}

export interface AuthCommandDeps {
  ui: () => AuthUi;
  log: vscode.LogOutputChannel;
  provider: SentryAuthenticationProvider;
  secrets: SecretStore;
  settings: () => AuthConfig;
  /** The current session: a new sign-in keeps the scopes it had. */
  session: () => StoredSession | undefined;
}

/** The sign-in command: asks how, runs the flow, stores the session. Undefined when cancelled or failed (already reported). */
export async function signIn(deps: AuthCommandDeps, options: SignInOptions = {}): Promise<StoredSession | undefined> {
  const scopes = scopesToRequest({ configured: deps.settings().scopes, current: deps.session()?.scopes, extra: options.scopes, needed: options.neededScopes });
  try {
    return await deps.provider.createStored(scopes, options.method);
  } catch (err) {
    if (err instanceof vscode.CancellationError) return undefined;
    const message = safeErrorMessage(err);
    deps.log.error(`[auth] sign-in failed: ${errorKind(err)}`);
    void deps.ui().showErrorMessage(vscode.l10n.t('Sentry sign-in failed: {0}', message), {});
    return undefined;
  }
}

/** Signs out of the current server: every session and every secret of it. */
export async function signOut(deps: AuthCommandDeps): Promise<void> {
  const { provider } = deps;
  const sessions = await provider.stored();
  if (!sessions.length) {
    void deps.ui().showInformationMessage(vscode.l10n.t('You are not signed in to {0}.', new URL(provider.baseUrl).host), {});
    return;
  }
  for (const s of sessions) await provider.removeSession(s.id);
  deps.log.info(`[auth] signed out of ${provider.baseUrl}`);
  void deps.ui().showInformationMessage(vscode.l10n.t('Signed out of Sentry ({0}).', new URL(provider.baseUrl).host), {});
}

/** Stores (or, given an empty value, deletes) the OAuth client secret of the configured client. */
export async function setClientSecret(deps: AuthCommandDeps): Promise<void> {
  const cfg = deps.settings();
  const ui = deps.ui();
  if (!cfg.clientId) {
    void ui.showWarningMessage(vscode.l10n.t('Set sentryExplorer.oauth.clientId first: the client secret belongs to that client.'), {});
    return;
  }
  const value = await ui.showInputBox({
    title: vscode.l10n.t('Sentry OAuth client secret'),
    prompt: vscode.l10n.t(
      'The client secret of OAuth client {0} on {1}, if the server requires one. Leave empty to remove it. Kept in the OS secret store, never in settings.',
      cfg.clientId,
      new URL(cfg.baseUrl).host,
    ),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? credentialProblem(v, 'clientSecret') : undefined),
  });
  if (value === undefined) return;
  // Checked again: the input box's validation is advisory (an API or a test can bypass it).
  const problem = value.trim() ? credentialProblem(value, 'clientSecret') : undefined;
  if (problem) {
    void ui.showErrorMessage(vscode.l10n.t('{0}. The client secret was not changed.', problem), {});
    return;
  }
  const key = clientSecretKey(cfg.baseUrl, cfg.clientId);
  if (value.trim()) await deps.secrets.store(key, value.trim());
  else await deps.secrets.delete(key);
  deps.log.info(`[auth] client secret ${value.trim() ? 'stored' : 'removed'} for client ${cfg.clientId} on ${cfg.baseUrl}`);
  void ui.showInformationMessage(value.trim() ? vscode.l10n.t('The OAuth client secret is stored.') : vscode.l10n.t('The OAuth client secret is removed.'), {});
}

/**
 * 403: the server's own words; "Sign In Again" (asking for a missing scope on top of the others)
 * only when a scope is what is missing, not when the token is limited to another organization.
 */
export async function showForbidden(deps: AuthCommandDeps, err: ForbiddenError): Promise<void> {
  const missing = err.missingScopes ?? err.neededScopes;
  const action = missing.length ? signInAgainLabel() : undefined;
  const choice = await deps.ui().showErrorMessage(plainText(err.message, 1000), {}, ...(action ? [action] : []));
  if (action && choice === action) await signIn(deps, { neededScopes: missing });
}

/** What the palette commands call. */
export interface AuthCommandTarget {
  signIn(options: SignInOptions): Promise<unknown>;
  signOut(): Promise<void>;
  setClientSecret(): Promise<void>;
}

/** Registers Sign In, Sign Out and Set OAuth Client Secret. */
export function registerAuthCommands(auth: AuthCommandTarget): vscode.Disposable[] {
  return [
    // The argument is optional: `{ scopes }`, or a ForbiddenError (its neededScopes are asked for).
    vscode.commands.registerCommand(Commands.signIn, (options?: SignInOptions) => auth.signIn(isSignInOptions(options) ? options : {})),
    vscode.commands.registerCommand(Commands.signOut, () => auth.signOut()),
    vscode.commands.registerCommand(Commands.setClientSecret, () => auth.setClientSecret()),
  ];
}

/** A command argument that can be sign-in options (a menu passes a Uri or a tree item instead). */
function isSignInOptions(x: unknown): x is SignInOptions {
  return !!x && typeof x === 'object' && !(x instanceof vscode.Uri);
}
