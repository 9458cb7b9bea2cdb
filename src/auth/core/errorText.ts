/**
 * What sign-in may say about an error, in a message or the log. Typed API errors carry messages
 * built from status codes and bounded server text; anything else (a transport failure, a keyring
 * error) may echo a request header or a token, so only its type name is ever shown.
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { ApiError } from '../../api/errors';
import { plainText } from '../../util/untrusted';

/** A short name for the log: the API error's kind and status, or the error's type name. */
export function errorKind(err: unknown): string {
  if (err instanceof ApiError) return `${err.kind}${err.status ? ` ${err.status}` : ''}`;
  if (err instanceof Error) return plainText(err.name || 'Error', 60);
  return typeof err;
}

/** A message fit to show or log: a typed error's own message (bounded plain text), else a generic sentence. */
export function safeErrorMessage(err: unknown): string {
  if (err instanceof ApiError || (err instanceof Error && SAFE_NAMES.has(err.name))) return plainText(err.message);
  return l10n.t('An unexpected error occurred ({0}).', errorKind(err));
}

/** Errors of our own whose messages are fixed sentences. */
const SAFE_NAMES = new Set(['RefreshRejectedError', 'CallbackError']);
