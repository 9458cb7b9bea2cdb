/**
 * Telling Sentry's 404s apart on the organization issues endpoint. A route the server lacks (an old
 * self-hosted server) is its catch-all's 404, with no body; an endpoint that ran and found no such
 * resource answers `{"detail": "The requested resource does not exist"}`, which is also what an
 * environment the organization lacks gets (Sentry's get_environments raises ResourceDoesNotExist).
 * The detail does not say which resource: the organization's environments do. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../api/client';
import { ApiError, NotFoundError } from '../api/errors';

/** Some of the environments asked for do not exist in the organization: the filter names them, not the server. */
export class UnknownEnvironmentError extends ApiError {
  readonly kind = 'unknownEnvironment';
  constructor(
    readonly environments: readonly string[],
    readonly org: string,
    request?: string,
  ) {
    super(
      l10n.t({
        message:
          'Sentry has no environment {0} in organization "{1}" (it may have been renamed, or have no events yet). Choose other environments with Change Filter (Sentry Explorer: Filter Issues).',
        args: [environments.map((e) => `"${e}"`).join(', '), org],
        comment: '{0} lists environment names in quotes; {1} is an organization slug',
      }),
      404,
      request,
    );
  }
}

/** A 404 of an endpoint that ran (the server's `detail`), rather than of a route the server lacks. */
export function isResourceNotFound(err: unknown): boolean {
  return err instanceof NotFoundError && err.detail !== undefined;
}

/**
 * After a 404 of an endpoint that ran, for a list asked with environments: the environments the
 * organization lacks, as an UnknownEnvironmentError to throw instead; undefined when they all
 * exist or the organization's environments cannot be read (the 404 is then about something else).
 */
export async function unknownEnvironmentError(client: SentryClient, org: string, asked: readonly string[], err: unknown, signal?: AbortSignal): Promise<UnknownEnvironmentError | undefined> {
  if (asked.length === 0 || !isResourceNotFound(err)) return undefined;
  let known: Set<string>;
  try {
    known = new Set((await client.listEnvironments(org, signal, 'all')).map((e) => e.name));
  } catch {
    return undefined;
  }
  const missing = [...new Set(asked)].filter((name) => !known.has(name));
  return missing.length ? new UnknownEnvironmentError(missing, org, (err as ApiError).request) : undefined;
}
