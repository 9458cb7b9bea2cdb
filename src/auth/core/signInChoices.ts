/**
 * What sign-in offers, the parts that need no UI: the order of the ways to sign in (a pasted token
 * first while no OAuth client id is set, since the OAuth ways cannot work without one), the
 * server's page for creating a personal token (built from the configured base URL only, never
 * from server text), the token prompt naming the exact scopes to tick, and what to say when a
 * pasted credential lacks a scope the sign-in asked for. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';

export type SignInMethod = 'device' | 'browser' | 'token' | 'apiKey';

/** The ways to sign in, in the order offered; the first one is the recommended one. */
export function methodOrder(hasClientId: boolean, inBrowser = false): SignInMethod[] {
  // Without a client id the OAuth ways first ask for one, which few users have (sentry.io has no
  // OAuth application registered for the extension yet): a personal token is what works. In the
  // browser's web worker the OAuth ways cannot finish (src/api/browser.ts): a pasted token first.
  return hasClientId && !inBrowser ? ['device', 'browser', 'token', 'apiKey'] : ['token', 'device', 'browser', 'apiKey'];
}

/** Where a server keeps the page for creating a personal (user auth) token, under its base URL. */
export const NEW_TOKEN_PATH = 'settings/account/api/auth-tokens/new-token/';

/**
 * The server's page for creating a personal token: `<baseUrl>/settings/account/api/auth-tokens/new-token/`
 * (sentry.io and self-hosted alike, a base path kept). Undefined unless the base URL is an http(s)
 * URL without a user name or password; its query and fragment are dropped.
 */
export function tokenPageUrl(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  const page = new URL(NEW_TOKEN_PATH, `${url.origin}${url.pathname.replace(/\/+$/, '')}/`);
  return page.origin === url.origin ? page.href : undefined;
}

/** The scopes as the prompt lists them: as asked for, comma-separated. */
function scopeList(scopes: readonly string[]): string {
  return scopes.join(', ');
}

/**
 * The token input box's prompt: which scopes to tick when creating the token on `host`, and, when
 * the box has the button that opens the token page, that it does.
 */
export function tokenPrompt(host: string, scopes: readonly string[], hasPageButton: boolean): string {
  const create =
    scopes.length === 0
      ? l10n.t('Create a personal token on {0}, then paste it here.', host)
      : scopes.length === 1
        ? l10n.t('Create a personal token on {0} with the scope {1}, then paste it here.', host, scopes[0])
        : l10n.t('Create a personal token on {0} with the scopes {1}, then paste it here.', host, scopeList(scopes));
  const sentences = [create];
  if (hasPageButton) sentences.push(l10n.t('The button at the top opens the page for a new token.'));
  sentences.push(l10n.t('An internal integration token works too.'));
  return sentences.join(' ');
}

/** What to say when a pasted credential lacks scopes the sign-in asked for (`missing` is not empty). */
export function missingScopesMessage(kind: 'token' | 'apiKey', missing: readonly string[]): string {
  const list = scopeList(missing);
  if (kind === 'token') {
    return missing.length === 1
      ? l10n.t('The auth token lacks the scope {0}, which Sentry Explorer asked for: what needs it will be refused. Create a token that has it and sign in again.', list)
      : l10n.t('The auth token lacks the scopes {0}, which Sentry Explorer asked for: what needs them will be refused. Create a token that has them and sign in again.', list);
  }
  return missing.length === 1
    ? l10n.t('The API key lacks the scope {0}, which Sentry Explorer asked for: what needs it will be refused.', list)
    : l10n.t('The API key lacks the scopes {0}, which Sentry Explorer asked for: what needs them will be refused.', list);
}
