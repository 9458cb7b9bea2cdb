/**
 * Signing in with a pasted user auth token / internal integration token, or a legacy API key:
 * checked for a bad paste before anything is sent (and an organization auth token, which cannot read
 * issues, refused by its prefix), then checked against the server (its
 * organizations, and who the credential belongs to with its scopes when the server says), and
 * only then made a session. A credential the server does not accept (a 401 on its first request,
 * most often a typo or a partial paste) opens the box again with the text kept, saying so; the
 * "expired or revoked" wording is for a stored one that worked before. Ends with a StoredSession,
 * or throws vscode.CancellationError when the user cancelled or was already told what went wrong.
 */
import { randomUUID } from '../util/random';
import * as vscode from 'vscode';
import { SentryClient } from '../api/client';
import type { Credential } from '../api/credentials';
import { UnauthorizedError } from '../api/errors';
import { OriginNotAllowedError } from '../api/browser';
import type { HttpClient } from '../api/http';
import type { Organization } from '../model/organization/schema';
import type { AuthUi } from '../util/ui';
import { labelText } from '../util/untrusted';
import { ApiIndexSchema as IndexSchema, type ApiIndex as IndexAnswer } from '../model/auth/schema';
import type { InputBoxButton } from '../util/ui';
import { personLabel } from './core/accountLabel';
import { credentialProblem } from './core/credentialCheck';
import { errorKind } from './core/errorText';
import { withCancellableProgress } from './flowProgress';
import { missingScopes, splitScopes } from '../api/scopes';
import { missingScopesMessage, tokenPageUrl, tokenPrompt } from './core/signInChoices';
import { orgTokenRefusal, tokenKind } from './core/tokenKind';
import type { StoredSession } from './core/sessionCodec';
import { isAbortError } from './core/state';

export interface PastedFlowDeps {
  ui: AuthUi;
  log: vscode.LogOutputChannel;
  /** An HTTP client for `baseUrl` sending `credential`. */
  http: (baseUrl: string, credential: Credential) => HttpClient;
  /** Remembers the organization of a credential that sees exactly one. */
  rememberOrganization: (baseUrl: string, org: Organization) => Promise<void>;
}

/** What the server said of a pasted credential: not accepted, or its organizations, user and scopes. */
/** `message`: what the box says instead of "not accepted" (Sentry refused the token from this browser page). */
type Checked = { rejected: string; message?: string } | { orgs: Organization[]; index: IndexAnswer | undefined; access: string[] | undefined };

/** The text the server did not accept and what the box says of it when it opens again. */
interface Rejected {
  value: string;
  message: string;
}

/**
 * Asks for the credential and signs in with it. `scopes` are the scopes the sign-in asks for: the
 * token prompt names them as the ones to tick, with a button that opens the server's page for a
 * new token, and a credential that lacks some of them is still signed in, saying which.
 */
export async function signInWithPasted(deps: PastedFlowDeps, baseUrl: string, kind: 'token' | 'apiKey', scopes: readonly string[] = []): Promise<StoredSession> {
  const what = kind === 'token' ? 'auth token' : 'API key';
  const page = kind === 'token' ? tokenPageUrl(baseUrl) : undefined;
  let rejected: Rejected | undefined;
  for (;;) {
    const typed = await askCredential(deps, baseUrl, kind, scopes, page, rejected);
    const value = typed.trim();
    const checked = await check(deps, baseUrl, kind, value);
    if ('rejected' in checked) {
      deps.log.warn(`[auth] ${baseUrl} did not accept the pasted ${what} (${checked.message ? "400: not from this page's origin" : '401'}); asking again`);
      rejected = { value: typed, message: checked.message ?? notAcceptedMessage(kind, new URL(baseUrl).host, checked.rejected) };
      continue;
    }
    const { orgs, index, access } = checked;
    const orgNames = orgs.map((o) => o.slug);
    const user = index?.user ?? undefined;
    const serverScopes = access;
    const label = personLabel(user) ?? credentialLabel(kind, orgNames);
    const accountId = user ? `user:${user.id}` : `${kind}:${orgNames.join(',') || 'none'}`;
    if (orgs.length === 1) await deps.rememberOrganization(baseUrl, orgs[0]);
    deps.log.info(`[auth] ${what} accepted by ${baseUrl}: ${orgs.length} organization(s), scopes ${serverScopes ? serverScopes.join(' ') || '(none)' : 'not reported'}`);
    const missing = serverScopes ? missingScopes(serverScopes, scopes) : [];
    if (missing.length) {
      deps.log.warn(`[auth] the ${what} lacks scopes the sign-in asked for: ${missing.join(' ')}`);
      warnMissingScopes(deps, kind, missing, page);
    }
    const common = {
      id: randomUUID(),
      account: { id: accountId, label },
      scopes: splitScopes(serverScopes ?? []),
      scopesKnown: !!serverScopes,
      createdAt: Date.now(),
    };
    return kind === 'token' ? { kind: 'token', ...common, accessToken: value } : { kind: 'apiKey', ...common, apiKey: value };
  }
}

/** The input box (again, with the text kept and what was wrong, after the server refused it); the text as typed. */
async function askCredential(deps: PastedFlowDeps, baseUrl: string, kind: 'token' | 'apiKey', scopes: readonly string[], page: string | undefined, rejected: Rejected | undefined): Promise<string> {
  const host = new URL(baseUrl).host;
  const typed = await deps.ui.showInputBox({
    title: kind === 'token' ? vscode.l10n.t('Sign in to Sentry with an auth token') : vscode.l10n.t('Sign in to Sentry with a legacy API key'),
    prompt: kind === 'token' ? tokenPrompt(host, scopes, !!page) : vscode.l10n.t('Paste the legacy API key for {0} (sent with HTTP Basic auth)', host),
    password: true,
    ignoreFocusOut: true,
    value: rejected?.value,
    validationMessage: rejected?.message,
    // The text the server just refused is refused again here, without sending it; so is a token
    // whose prefix says it cannot read issues.
    validateInput: (v) => (rejected && v === rejected.value ? rejected.message : (credentialProblem(v, kind) ?? (tokenKind(v) === 'org' ? orgTokenRefusal(scopes) : undefined))),
    buttons: page ? [openTokenPageButton(deps, host, page)] : undefined,
  });
  if (!typed?.trim()) throw new vscode.CancellationError();
  // Checked again here: the input box's validation is advisory (an API or a test can bypass it).
  const problem = credentialProblem(typed.trim(), kind);
  if (problem) {
    deps.log.warn(`[auth] refused a pasted ${kind === 'token' ? 'auth token' : 'API key'}: it is not a single run of printable characters`);
    void deps.ui.showErrorMessage(vscode.l10n.t('Sentry sign-in: {0}. Nothing was sent or stored.', problem), {});
    throw new vscode.CancellationError();
  }
  if (tokenKind(typed) === 'org') refuseOrgToken(deps, scopes, tokenPageUrl(baseUrl));
  return typed;
}

/**
 * An organization auth token is refused before any request: its only scope (org:ci) reads nothing,
 * so the server would answer 403 and the sign-in could say only that it could not check the token.
 * Says why and what to create instead, with the button that opens the server's new-token page.
 */
function refuseOrgToken(deps: PastedFlowDeps, scopes: readonly string[], page: string | undefined): never {
  deps.log.warn('[auth] refused a pasted organization auth token (sntrys_): it has only org:ci and cannot read issues; nothing was sent');
  const open = vscode.l10n.t('Open Token Page');
  void deps.ui.showErrorMessage(vscode.l10n.t('Sentry sign-in: {0} Nothing was sent or stored.', orgTokenRefusal(scopes)), {}, ...(page ? [open] : [])).then((choice) => {
    if (page && choice === open) return openTokenPage(deps, page);
  });
  throw new vscode.CancellationError();
}

/** Asks the server about the credential: its organizations first (a 401 there means it is not accepted), then who it belongs to and its scopes. */
async function check(deps: PastedFlowDeps, baseUrl: string, kind: 'token' | 'apiKey', value: string): Promise<Checked> {
  const credential: Credential = kind === 'token' ? { kind: 'bearer', token: value } : { kind: 'apiKey', key: value };
  const client = new SentryClient(deps.http(baseUrl, credential));
  return withCancellableProgress(
    deps.ui,
    deps.log,
    kind === 'token' ? vscode.l10n.t('Sentry: checking the auth token…') : vscode.l10n.t('Sentry: checking the API key…'),
    async (signal): Promise<Checked> => {
      let orgs: Organization[];
      try {
        // Every data region's organizations: an EU-only account has none in the main host's list.
        orgs = (await client.listAllOrganizations(signal)).organizations;
      } catch (err) {
        // A step to complete in the browser (SSO, 2FA) is no verdict on the credential: reported as before.
        if (err instanceof UnauthorizedError && err.code === undefined) return { rejected: err.detail ?? '' };
        // In the browser, Sentry refuses a personal token outright (src/api/browser.ts): the box again, saying why and what works there.
        if (err instanceof OriginNotAllowedError) return { rejected: '', message: err.message };
        throw err;
      }
      const index = await client.http
        .request({ path: '/api/0/', schema: IndexSchema, signal })
        .then((r) => r.data)
        .catch((err) => {
          if (isAbortError(err)) throw err;
          return undefined;
        });
      // Scopes: GET /api/0/ names them on real servers; else Retrieve an Organization's `access`
      // (which answers user-bound tokens only, not an internal integration's).
      let access: string[] | undefined = index?.auth?.scopes ?? undefined;
      if (!access && orgs[0]) {
        access = await client
          .getOrganization(orgs[0].slug, signal)
          .then((o) => (Array.isArray(o.access) && o.access.every((x) => typeof x === 'string') ? (o.access as string[]) : undefined))
          .catch((err) => {
            if (isAbortError(err)) throw err;
            return undefined;
          });
      }
      return { orgs, index, access };
    },
    {
      log: `check the ${kind === 'token' ? 'auth token' : 'API key'}`,
      message: kind === 'token' ? vscode.l10n.t('Sentry sign-in: could not check the auth token.') : vscode.l10n.t('Sentry sign-in: could not check the API key.'),
    },
  );
}

/** What the box says of a credential the server answered 401 for: not accepted (never "expired": it never worked here). */
function notAcceptedMessage(kind: 'token' | 'apiKey', host: string, detail: string): string {
  const said = labelText(detail, 200);
  if (kind === 'token') {
    return said
      ? vscode.l10n.t({
          message: 'Sentry ({0}) did not accept this auth token ({1}). Check that you pasted all of it, or create a new one.',
          args: [host, said],
          comment: "{1} is the server's reason",
        })
      : vscode.l10n.t('Sentry ({0}) did not accept this auth token. Check that you pasted all of it, or create a new one.', host);
  }
  return said
    ? vscode.l10n.t({ message: 'Sentry ({0}) did not accept this API key ({1}). Check that you pasted all of it.', args: [host, said], comment: "{1} is the server's reason" })
    : vscode.l10n.t('Sentry ({0}) did not accept this API key. Check that you pasted all of it.', host);
}

/** The account label of a credential the server names no user for: its kind and first organizations. */
function credentialLabel(kind: 'token' | 'apiKey', orgNames: readonly string[]): string {
  if (!orgNames.length) return kind === 'token' ? vscode.l10n.t('Auth token') : vscode.l10n.t('API key');
  const orgs = `${orgNames.slice(0, 3).join(', ')}${orgNames.length > 3 ? ', …' : ''}`;
  return kind === 'token' ? vscode.l10n.t('Auth token ({0})', orgs) : vscode.l10n.t('API key ({0})', orgs);
}

/** The token box's button: opens the server's page for a new token (built from the base URL only). */
function openTokenPageButton(deps: PastedFlowDeps, host: string, page: string): InputBoxButton {
  return {
    iconPath: new vscode.ThemeIcon('link-external'),
    tooltip: vscode.l10n.t('Open the page for a new token on {0}', host),
    run: () => openTokenPage(deps, page),
  };
}

async function openTokenPage(deps: PastedFlowDeps, page: string): Promise<void> {
  deps.log.info(`[auth] opening the token page ${page}`);
  try {
    // Passed as a string so the address is opened exactly as built (a Uri would re-encode it).
    if (await deps.ui.openExternal(page as unknown as vscode.Uri)) return;
  } catch (err) {
    deps.log.warn(`[auth] could not open the token page: ${errorKind(err)}`);
  }
  void deps.ui.showWarningMessage(vscode.l10n.t('Open {0} in a browser to create a token.', page), {});
}

/** Says which asked-for scopes the credential lacks (the session is kept); for a token, offers the page for a new one. */
function warnMissingScopes(deps: PastedFlowDeps, kind: 'token' | 'apiKey', missing: readonly string[], page: string | undefined): void {
  const open = vscode.l10n.t('Open Token Page');
  const actions = kind === 'token' && page ? [open] : [];
  void deps.ui.showWarningMessage(missingScopesMessage(kind, missing), {}, ...actions).then((choice) => {
    if (page && choice === open) return openTokenPage(deps, page);
  });
}
