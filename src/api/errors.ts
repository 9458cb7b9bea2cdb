/**
 * Typed failures of the API client. Every message says what happened and what to do, and never
 * contains a credential: messages are built from status codes, server `detail` text and paths only.
 */
export type ApiErrorKind = 'unauthorized' | 'forbidden' | 'notFound' | 'gone' | 'rateLimited' | 'badRequest' | 'server' | 'network' | 'timeout' | 'badResponse' | 'foreignRedirect' | 'oauth' | 'http';

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

/**
 * A `code` in a 401's detail object (api-facts "Error bodies"): the token is fine, but the server
 * wants the user to complete something in the browser first. Known codes get their own message;
 * others are kept as sent (only when they look like a code).
 */
export type UnauthorizedCode = 'sso-required' | '2fa-required' | 'sudo-required' | (string & {});

export class UnauthorizedError extends ApiError {
  readonly kind = 'unauthorized';
  constructor(
    readonly detail: string | undefined,
    request?: string,
    /** Set when the server asks for a step in the browser; undefined for an invalid or expired token. */
    readonly code?: UnauthorizedCode,
    /** The server's page for that step as sent (relative or absolute): untrusted, open only through safeWebUrl. */
    readonly loginUrl?: string,
  ) {
    super(unauthorizedMessage(detail, code), 401, request);
  }
}

function unauthorizedMessage(detail: string | undefined, code: string | undefined): string {
  const said = detail ? ` (${detail})` : '';
  switch (code) {
    case undefined:
      return `Sentry rejected the credentials${said}: the token has expired or was revoked. Sign in again.`;
    case 'sso-required':
      return `Sentry requires single sign-on for this organization: complete it in the browser, then retry${said}.`;
    case '2fa-required':
      return `Sentry requires two-factor authentication for this organization: set it up in the browser, then retry${said}.`;
    case 'sudo-required':
      return `Sentry asks you to confirm your identity (sudo mode): confirm it in the browser, then retry${said}.`;
    default:
      return `Sentry asks for a step in the browser before it accepts these credentials (${code}): complete it, then retry${said}.`;
  }
}

export class ForbiddenError extends ApiError {
  readonly kind = 'forbidden';
  /** The needed scopes, when none of them is granted (or what is granted is unknown); empty when scopes are not the problem. */
  readonly missingScopes: readonly string[];
  constructor(
    /** Scopes of which the operation needs at least one (rule 2 of spec section 5). */
    readonly neededScopes: readonly string[],
    readonly detail: string | undefined,
    request?: string,
    /** The scopes the token has, when known. */
    grantedScopes?: readonly string[],
  ) {
    const has = grantedScopes ? neededScopes.filter((s) => grantedScopes.includes(s)) : [];
    const missing = has.length > 0 ? [] : [...neededScopes];
    const said = detail ? ` (${detail})` : '';
    super(
      missing.length > 0
        ? `Sentry denied access${said}: this needs a token with ${describeScopes(missing)}. Sign in again granting that scope, or use a token that has it.`
        : has.length > 0
          ? `Sentry denied access${said}, although the token has ${describeScopes(has, 'and')}: the server refused for another reason. ` +
            'An OAuth token may be limited to another organization (sign in again and pick this one), or your account may not see this organization or project.'
          : `Sentry denied access${said}. Check that your account may see this organization and project.`,
      403,
      request,
    );
    this.missingScopes = missing;
  }
}

export class NotFoundError extends ApiError {
  readonly kind = 'notFound';
  constructor(
    readonly what: string,
    readonly detail: string | undefined,
    request?: string,
  ) {
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
  /** When the server's budget refills (epoch ms), when it said so and it is a date at all. */
  readonly resetAt: number | undefined;
  constructor(
    resetAt: number | undefined,
    readonly detail: string | undefined,
    request?: string,
  ) {
    // The caller clamps it to a sane distance; this only keeps the message from an invalid Date.
    const at = resetAt !== undefined && Number.isFinite(resetAt) && Math.abs(resetAt) <= MAX_DATE_MS ? resetAt : undefined;
    super(`Sentry is rate-limiting these requests${detail ? ` (${detail})` : ''}. ` + (at ? `Try again after ${new Date(at).toISOString()}.` : 'Try again in a moment.'), 429, request);
    this.resetAt = at;
  }
}

/** The largest epoch ms a Date holds. */
const MAX_DATE_MS = 8.64e15;

export class BadRequestError extends ApiError {
  readonly kind = 'badRequest';
  constructor(
    readonly detail: string | undefined,
    status: number,
    request?: string,
  ) {
    super(`Sentry refused the request: ${detail ?? `HTTP ${status}`}. Change the search or filter and try again.`, status, request);
  }
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  constructor(
    status: number,
    readonly errorId: string | undefined,
    request?: string,
  ) {
    super(`The Sentry server failed (HTTP ${status}${errorId ? `, error id ${errorId}` : ''}). Try again later` + `${errorId ? '; quote the error id if you contact support' : ''}.`, status, request);
  }
}

export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(
    readonly origin: string,
    readonly reason: string,
    request?: string,
  ) {
    super(`Could not reach ${origin} (${reason}). Check your network connection and the sentryExplorer.baseUrl setting.`, undefined, request);
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(
    readonly origin: string,
    readonly timeoutMs: number,
    request?: string,
  ) {
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
      `Sentry sent a response Sentry Explorer does not understand (${path ? `at ${path}: ` : ''}${problem}). ` + 'The server may be newer or older than this extension supports; please report it.',
      status,
      request,
    );
  }
}

/** A body larger than the client reads (HttpClientOptions.maxResponseBytes); refused unread. */
export class ResponseTooLargeError extends BadResponseError {
  constructor(
    readonly limitBytes: number,
    request?: string,
    status?: number,
  ) {
    super('', `the response is larger than ${describeBytes(limitBytes)}, the most Sentry Explorer reads`, request, status);
    this.message =
      `Sentry sent a response larger than ${describeBytes(limitBytes)}, the most Sentry Explorer reads at once, so it was refused. ` +
      'Ask for less (a narrower search, a shorter period or a smaller page), or report it if this is an ordinary request.';
  }
}

function describeBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

export class ForeignRedirectError extends ApiError {
  readonly kind = 'foreignRedirect';
  constructor(
    readonly target: string,
    status: number,
    request?: string,
  ) {
    super(`Sentry redirected to another address (${target}). Credentials are only sent to the configured server, ` + `so set sentryExplorer.baseUrl to ${target} if you trust it.`, status, request);
  }
}

/** An OAuth error body from the token or device-code endpoint (spec 7.2, api-facts). */
export class OAuthError extends ApiError {
  readonly kind = 'oauth';
  constructor(
    readonly error: string,
    readonly description: string | undefined,
    status: number,
    request?: string,
  ) {
    super(oauthMessage(error, description), status, request);
  }
}

/** Any other HTTP status. */
export class HttpError extends ApiError {
  readonly kind = 'http';
  constructor(
    status: number,
    readonly detail: string | undefined,
    request?: string,
  ) {
    super(`Sentry answered HTTP ${status}${detail ? `: ${detail}` : ''}.`, status, request);
  }
}

function describeScopes(scopes: readonly string[], join: 'or' | 'and' = 'or'): string {
  if (scopes.length === 1) return `the ${scopes[0]} scope`;
  return `${join === 'or' ? 'one of ' : ''}the scopes ${scopes.slice(0, -1).join(', ')} ${join} ${scopes[scopes.length - 1]}`;
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
