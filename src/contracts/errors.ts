/**
 * Errors every feature may meet that are not the API client's own (those are in src/api/errors.ts).
 * No `vscode` import.
 *
 * One SignedOutError for every feature, so signing out reads the same everywhere: the store's reads
 * and its writer throw it, and presentError offers Sign In for it.
 */
import * as l10n from '@vscode/l10n';

/** No session: views show their signed-out welcome instead of an error. */
export class SignedOutError extends Error {
  readonly kind = 'signedOut';
  constructor(message = l10n.t('Not signed in to Sentry. Sign in to see issues.')) {
    super(message);
    this.name = 'SignedOutError';
  }
}

export function isSignedOut(e: unknown): boolean {
  return e instanceof SignedOutError || (typeof e === 'object' && e !== null && (e as { kind?: unknown }).kind === 'signedOut');
}

/** The `kind` of a typed error (ApiError kinds, 'signedOut'), or undefined. */
export function errorKind(e: unknown): string | undefined {
  const kind = typeof e === 'object' && e !== null ? (e as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' ? kind : undefined;
}

/** A body cut off before its JSON ended (src/api/errors.ts CutOffBodyError): it may answer whole next time. */
export function isCutOffBody(e: unknown): boolean {
  return errorKind(e) === 'badResponse' && (e as { cutOff?: unknown }).cutOff === true;
}

/** The reset time (epoch ms) of a 429 the server dated; undefined for anything else. */
export function rateLimitResetOf(e: unknown): number | undefined {
  if (errorKind(e) !== 'rateLimited') return undefined;
  const resetAt = (e as { resetAt?: unknown }).resetAt;
  return typeof resetAt === 'number' && Number.isFinite(resetAt) ? resetAt : undefined;
}
