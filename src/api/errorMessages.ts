/**
 * The longer messages of errors.ts's failures, built from what the server said: a 410's deprecation
 * date and replacement, an OAuth error code. Server text is kept as sent, or left out when it is not
 * what Sentry sends there.
 */
import * as l10n from '@vscode/l10n';

/**
 * The day of a deprecation date, when the header is one: Sentry writes `datetime.isoformat()`
 * (`2024-08-15T00:00:00+00:00`). Anything else from the header is left out of the message.
 */
function deprecationDay(header: string | undefined): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(header?.trim() ?? '');
  return m && !Number.isNaN(Date.parse(m[1])) ? m[1] : undefined;
}

/** Scopes in a sentence: "the event:write scope", "one of the scopes a or b", "the scopes a and b". */
export function describeScopes(scopes: readonly string[], join: 'or' | 'and' = 'or'): string {
  if (scopes.length === 1) return l10n.t('the {0} scope', scopes[0]);
  const first = scopes.slice(0, -1).join(', ');
  const last = scopes[scopes.length - 1];
  return join === 'or' ? l10n.t('one of the scopes {0} or {1}', first, last) : l10n.t('the scopes {0} and {1}', first, last);
}

/**
 * A 403 where the token's scopes do not say which server version answered, and versions check
 * different scopes: what each checks (the least powerful scope of each), and that a token with both
 * works on either.
 */
export function forbiddenByVersionMessage(said: string, current: string, older: readonly string[]): string {
  return l10n.t({
    message:
      'Sentry denied access{0}: current Sentry servers check {1} here, older ones {2}. Sign in again granting both (the default sign-in does), or use a token that has the one your server checks.',
    args: [said, describeScopes([current]), describeScopes(older)],
    comment: "{0} is the server's detail in parentheses after a space, or nothing; {1} and {2} name scopes: 'the event:read scope', 'one of the scopes a or b'",
  });
}

export function goneMessage(header: string | undefined, replacement: string | undefined): string {
  const date = deprecationDay(header);
  if (date && replacement) {
    return l10n.t('This Sentry server no longer offers this endpoint (it was deprecated on {0}); its replacement is {1}. Update Sentry Explorer or ask your Sentry administrator.', date, replacement);
  }
  if (date) return l10n.t('This Sentry server no longer offers this endpoint (it was deprecated on {0}). Update Sentry Explorer or ask your Sentry administrator.', date);
  if (replacement) {
    return l10n.t('This Sentry server no longer offers this endpoint (it was deprecated); its replacement is {0}. Update Sentry Explorer or ask your Sentry administrator.', replacement);
  }
  return l10n.t('This Sentry server no longer offers this endpoint (it was deprecated). Update Sentry Explorer or ask your Sentry administrator.');
}

export function oauthMessage(error: string, description: string | undefined): string {
  const why = description ? ` (${description})` : '';
  switch (error) {
    case 'access_denied':
      return l10n.t({ message: 'The sign-in request was denied{0}.', args: [why], comment: "{0} is the server's description in parentheses after a space, or nothing" });
    case 'expired_token':
      return l10n.t({
        message: 'The sign-in code expired before it was approved{0}. Start again with a new code.',
        args: [why],
        comment: "{0} is the server's description in parentheses after a space, or nothing",
      });
    case 'invalid_grant':
      return l10n.t({
        message: 'Sentry no longer accepts this sign-in{0}: the code or refresh token is invalid, expired or already used. Sign in again.',
        args: [why],
        comment: "{0} is the server's description in parentheses after a space, or nothing",
      });
    case 'invalid_client':
      return l10n.t({
        message:
          'Sentry does not recognise the OAuth client{0}. Check sentryExplorer.oauth.clientId; if the application on the server is confidential, store its secret with "Sentry: Set OAuth Client Secret"; or sign in with a pasted auth token instead.',
        args: [why],
        comment: "{0} is the server's description in parentheses after a space, or nothing",
      });
    case 'unauthorized_client':
      return l10n.t({
        message: "This OAuth client may not use this kind of sign-in{0}. Check the client's settings on the Sentry server.",
        args: [why],
        comment: "{0} is the server's description in parentheses after a space, or nothing",
      });
    case 'unsupported_grant_type':
      return l10n.t({
        message: 'The Sentry server does not support this kind of sign-in{0}. Try another sign-in method.',
        args: [why],
        comment: "{0} is the server's description in parentheses after a space, or nothing",
      });
    default:
      return l10n.t({
        message: 'Sign-in failed with the error "{0}"{1}.',
        args: [error, why],
        comment: "{0} is the server's error code; {1} is its description in parentheses after a space, or nothing",
      });
  }
}
