/**
 * What a pasted Sentry token can do, told from its prefix before anything is sent. Sentry prefixes
 * its tokens by kind (sentry-cli's `src/utils/auth_token/`, Sentry's `AuthTokenType`): an
 * organization auth token (`sntrys_`) is made for CI and carries only the `org:ci` scope (Sentry's
 * `src/sentry/models/orgauthtoken.py`), so every read of issues and events answers 403; sending it
 * only to hear that would cost a request and say nothing useful. A user auth token (`sntryu_`) and
 * the older personal token (64 hex characters, no prefix) act as their user and can read. Anything
 * else (an internal integration's or OAuth token, a legacy key) is left to the server to judge.
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';

export type TokenKind = 'org' | 'user' | 'personal' | 'other';

/** The kind of `raw` (as pasted; outer whitespace is forgiven). Prefixes are case-sensitive, as Sentry issues them. */
export function tokenKind(raw: string): TokenKind {
  const value = raw.trim();
  if (value.startsWith('sntrys_')) return 'org';
  if (value.startsWith('sntryu_')) return 'user';
  if (/^[\da-f]{64}$/i.test(value)) return 'personal';
  return 'other';
}

/**
 * Why an organization token is refused, and the way out: a user auth token with the scopes the
 * sign-in asks for. `scopes` are listed as given (empty: the reading scopes go unnamed).
 */
export function orgTokenRefusal(scopes: readonly string[]): string {
  const cannot = l10n.t('This is an organization auth token (sntrys_…): Sentry gives it only the org:ci scope, for uploading releases and source maps from CI, so it cannot read issues.');
  const create = scopes.length
    ? l10n.t('Create a user auth token (a personal token) with the scopes {0} and paste that instead.', scopes.join(', '))
    : l10n.t('Create a user auth token (a personal token) and paste that instead.');
  return `${cannot} ${create}`;
}
