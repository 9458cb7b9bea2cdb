/**
 * Failures as text a language model can act on (tools return errors, they do not throw): what
 * happened, and what to do or tell the user. Which command the text asks the user to run is
 * errorPresentation.ts's decision (ERROR_CASES' `model`), as for every other surface. The API
 * client's messages never hold a credential; the server's `detail` in them is hostile, so it is
 * kept short and on one line. No `vscode`.
 */
import { ApiError, ForbiddenError } from '../../../api/errors';
import { ERROR_ACTIONS, ERROR_CASES, errorCase, paletteName, type ErrorCase } from '../../../contracts/errorPresentation';
import { rateLimitResetOf } from '../../../contracts/errors';
import { escapeMarkdown } from '../../../model/event/markdown';

/** The command a case asks the user to run, by its Command Palette name (undefined: none). */
function commandOf(c: ErrorCase): { name: string; id: string } | undefined {
  const a = ERROR_CASES[c].model;
  return a && { name: paletteName(a), id: ERROR_ACTIONS[a].command };
}
const signIn = commandOf('signedOut')!;
const chooseProject = commandOf('noProject')!;

export const SIGN_IN_FIRST = `Not signed in to Sentry. Sign in to Sentry first: ask the user to run the command "${signIn.name}" (${signIn.id}), then call this tool again.`;
export const CHOOSE_PROJECT_FIRST = `No Sentry organization is chosen in Sentry Explorer. Ask the user to run "${chooseProject.name}" (${chooseProject.id}), then call this tool again.`;

/** A cancelled call: the glue turns it into VS Code's CancellationError. */
export class ToolCancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'ToolCancelled';
  }
}

export function isAbort(e: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (e instanceof Error && e.name === 'AbortError') || e instanceof ToolCancelled;
}

const said = (e: Error) => escapeMarkdown(e.message, 400);

/** One failure as a sentence or two for the model. */
export function errorText(e: unknown, now: number): string {
  const c = errorCase(e);
  if (c === 'signedOut') return SIGN_IN_FIRST;
  // The model's own arguments were wrong: it fixes them, the user has nothing to run.
  if (e instanceof RangeError) return `Invalid input: ${said(e)} Fix the arguments and call the tool again.`;
  if (!(e instanceof ApiError)) return `Sentry Explorer failed: ${e instanceof Error ? said(e) : 'unknown error'}. Tell the user; the log (${commandOf(c)?.name}) has details.`;
  switch (e.kind) {
    case 'unauthorized':
      return `Sentry rejected the credentials (401): ${said(e)} Ask the user to sign in again ("${commandOf(c)?.name}"); do not retry before that.`;
    case 'forbidden': {
      const scopes = e instanceof ForbiddenError && e.missingScopes.length ? ` It needs the scope ${e.missingScopes.join(' or ')}.` : '';
      return `Sentry denied this (403): ${said(e)}${scopes} Tell the user; retrying will not help until they sign in with a token that may do it.`;
    }
    case 'notFound':
      return `Not found on the Sentry server (404): ${said(e)} Check the issue's short ID or id (search issues to find it).`;
    case 'rateLimited': {
      const reset = rateLimitResetOf(e);
      const wait = reset !== undefined ? Math.max(1, Math.ceil((reset - now) / 1000)) : undefined;
      return `Sentry's rate limit was reached (429). ${wait !== undefined ? `Wait ${wait} seconds before calling a Sentry tool again` : 'Wait a minute before calling a Sentry tool again'}; do not retry sooner.`;
    }
    case 'badRequest':
      return `Sentry rejected the request (400): ${said(e)} If it is about the search query, fix it (Sentry search syntax, e.g. is:unresolved level:error) and call the tool again.`;
    default:
      return `Sentry could not answer (${escapeMarkdown(e.kind, 40)}): ${said(e)} Try again later, or tell the user.`;
  }
}
