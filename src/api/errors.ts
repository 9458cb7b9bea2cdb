/**
 * Typed failures of the API client. Every message says what happened and what to do, and never
 * contains a credential: messages are built from status codes, server `detail` text and paths only.
 */
export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'gone'
  | 'rateLimited'
  | 'badRequest'
  | 'server'
  | 'network'
  | 'timeout'
  | 'badResponse'
  | 'foreignRedirect'
  | 'oauth'
  | 'http';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  constructor(
    message: string,
    /** HTTP status when the server answered. */
    readonly status?: number,
    /** Method and path of the request (no query string, no host), for logs. */
    readonly request?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthorizedError extends ApiError {
  readonly kind = 'unauthorized';
  constructor(readonly detail: string | undefined, request?: string) {
    super(
      `Sentry rejected the credentials${detail ? ` (${detail})` : ''}: the token has expired or was revoked. Sign in again.`,
      401,
      request,
    );
  }
}

export class ForbiddenError extends ApiError {
  readonly kind = 'forbidden';
  constructor(
    /** Scopes of which the operation needs at least one (rule 2 of spec section 5). */
    readonly neededScopes: readonly string[],
    readonly detail: string | undefined,
    request?: string,
  ) {
    super(
      neededScopes.length > 0
        ? `Sentry denied access: this needs a token with ${describeScopes(neededScopes)}. Sign in again granting that scope, or use a token that has it.`
        : `Sentry denied access${detail ? ` (${detail})` : ''}. Check that your account may see this organization and project.`,
      403,
      request,
    );
  }
}

export class NotFoundError extends ApiError {
  readonly kind = 'notFound';
  constructor(readonly what: string, readonly detail: string | undefined, request?: string) {
    super(`${what} was not found on the Sentry server. Check the organization, project and issue names.`, 404, request);
  }
}

export class GoneError extends ApiError {
  readonly kind = 'gone';
  constructor(
    readonly deprecationDate: string | undefined,
    readonly replacement: string | undefined,
    request?: string,
  ) {
    super(
      `This Sentry server no longer offers this endpoint (it was deprecated${deprecationDate ? ` on ${deprecationDate}` : ''})` +
        `${replacement ? `; its replacement is ${replacement}` : ''}. Update Sentry Explorer or ask your Sentry administrator.`,
      410,
      request,
    );
  }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rateLimited';
  constructor(
    /** When the server's budget refills (epoch ms), when it said so. */
    readonly resetAt: number | undefined,
    readonly detail: string | undefined,
    request?: string,
  ) {
    super(
      `Sentry is rate-limiting these requests${detail ? ` (${detail})` : ''}. ` +
        (resetAt ? `Try again after ${new Date(resetAt).toISOString()}.` : 'Try again in a moment.'),
      429,
      request,
    );
  }
}

export class BadRequestError extends ApiError {
  readonly kind = 'badRequest';
  constructor(readonly detail: string | undefined, status: number, request?: string) {
    super(`Sentry refused the request: ${detail ?? `HTTP ${status}`}. Change the search or filter and try again.`, status, request);
  }
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  constructor(status: number, readonly errorId: string | undefined, request?: string) {
    super(
      `The Sentry server failed (HTTP ${status}${errorId ? `, error id ${errorId}` : ''}). Try again later` +
        `${errorId ? '; quote the error id if you contact support' : ''}.`,
      status,
      request,
    );
  }
}

export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(readonly origin: string, readonly reason: string, request?: string) {
    super(`Could not reach ${origin} (${reason}). Check your network connection and the sentryExplorer.baseUrl setting.`, undefined, request);
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(readonly origin: string, readonly timeoutMs: number, request?: string) {
    super(`${origin} did not answer within ${Math.round(timeoutMs / 1000)} s. Try again, or check the server's status.`, undefined, request);
  }
}

export class BadResponseError extends ApiError {
  readonly kind = 'badResponse';
  constructor(
    /** JSON path of the offending field, e.g. `[3].stats.24h[0][1]`; empty for the whole body. */
    readonly path: string,
    readonly problem: string,
    request?: string,
    status?: number,
  ) {
    super(
      `Sentry sent a response Sentry Explorer does not understand (${path ? `at ${path}: ` : ''}${problem}). ` +
        'The server may be newer or older than this extension supports; please report it.',
      status,
      request,
    );
  }
}

export class ForeignRedirectError extends ApiError {
  readonly kind = 'foreignRedirect';
  constructor(readonly target: string, status: number, request?: string) {
    super(
      `Sentry redirected to another address (${target}). Credentials are only sent to the configured server, ` +
        `so set sentryExplorer.baseUrl to ${target} if you trust it.`,
      status,
      request,
    );
  }
}

/** An OAuth error body from the token or device-code endpoint (spec 7.2, api-facts). */
export class OAuthError extends ApiError {
  readonly kind = 'oauth';
  constructor(readonly error: string, readonly description: string | undefined, status: number, request?: string) {
    super(oauthMessage(error, description), status, request);
  }
}

/** Any other HTTP status. */
export class HttpError extends ApiError {
  readonly kind = 'http';
  constructor(status: number, readonly detail: string | undefined, request?: string) {
    super(`Sentry answered HTTP ${status}${detail ? `: ${detail}` : ''}.`, status, request);
  }
}

function describeScopes(scopes: readonly string[]): string {
  if (scopes.length === 1) return `the ${scopes[0]} scope`;
  return `one of the scopes ${scopes.slice(0, -1).join(', ')} or ${scopes[scopes.length - 1]}`;
}

function oauthMessage(error: string, description: string | undefined): string {
  const why = description ? ` (${description})` : '';
  switch (error) {
    case 'access_denied':
      return `The sign-in request was denied${why}.`;
    case 'expired_token':
      return `The sign-in code expired before it was approved${why}. Start again with a new code.`;
    case 'invalid_grant':
      return `Sentry no longer accepts this sign-in${why}: the code or refresh token is invalid, expired or already used. Sign in again.`;
    case 'invalid_client':
      return `Sentry does not recognise the OAuth client${why}. Check sentryExplorer.oauth.clientId and the client secret.`;
    case 'unauthorized_client':
      return `This OAuth client may not use this kind of sign-in${why}. Check the client's settings on the Sentry server.`;
    case 'unsupported_grant_type':
      return `The Sentry server does not support this kind of sign-in${why}. Try another sign-in method.`;
    default:
      return `Sign-in failed with the error "${error}"${why}.`;
  }
}
