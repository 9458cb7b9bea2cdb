/**
 * Typed failures of the API client. Every message says what happened and what to do, and never
 * contains a credential: messages are built from status codes, server `detail` text and paths only.
 * Messages are localized when the error is made (a user reads them in the tree, the panel and
 * notifications); the server's own words stay as sent.
 */
import * as l10n from '@vscode/l10n';
import { describeScopes, forbiddenByVersionMessage, goneMessage, oauthMessage } from './errorMessages';
import { preferredScope, unmetVersions, type ScopesByVersion } from './scopes';
export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'unknownEnvironment'
  | 'gone'
  | 'rateLimited'
  | 'badRequest'
  | 'queryTimeout'
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

/**
 * A `code` in a 401's detail object (`{ code, message, extra }`): the token is fine, but the server
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
      return l10n.t({
        message: 'Sentry rejected the credentials{0}: the token has expired or was revoked. Sign in again.',
        args: [said],
        comment: "{0} is the server's detail in parentheses after a space, or nothing",
      });
    case 'sso-required':
      return l10n.t({
        message: 'Sentry requires single sign-on for this organization: complete it in the browser, then retry{0}.',
        args: [said],
        comment: "{0} is the server's detail in parentheses after a space, or nothing",
      });
    case '2fa-required':
      return l10n.t({
        message: 'Sentry requires two-factor authentication for this organization: set it up in the browser, then retry{0}.',
        args: [said],
        comment: "{0} is the server's detail in parentheses after a space, or nothing",
      });
    case 'sudo-required':
      return l10n.t({
        message: 'Sentry asks you to confirm your identity (sudo mode): confirm it in the browser, then retry{0}.',
        args: [said],
        comment: "{0} is the server's detail in parentheses after a space, or nothing",
      });
    default:
      return l10n.t({
        message: 'Sentry asks for a step in the browser before it accepts these credentials ({0}): complete it, then retry{1}.',
        args: [code, said],
        comment: "{0} is the server's code for the step; {1} is the server's detail in parentheses after a space, or nothing",
      });
  }
}

export class ForbiddenError extends ApiError {
  readonly kind = 'forbidden';
  /**
   * The needed scopes, when none of them is granted (or what is granted is unknown); empty when scopes
   * are not the problem. Where the server version cannot be told (eachVersion), the least powerful
   * scope of each version's set instead: the server checks one of them.
   */
  readonly missingScopes: readonly string[];
  /** The endpoint checks other scopes on other server versions and the token does not say which this one is. */
  readonly eachVersion: boolean;
  /** Scopes of which the operation needs at least one (e.g. event:read, event:write or event:admin to read events). */
  readonly neededScopes: readonly string[];
  constructor(
    /** Scopes of which the operation needs at least one, or, where they differ by server version, each version's (newest first). */
    needed: readonly string[] | { readonly byVersion: ScopesByVersion },
    readonly detail: string | undefined,
    request?: string,
    /** The scopes the token has, when known. */
    grantedScopes?: readonly string[],
  ) {
    // By version: the server refused, so it checks a set the token lacks; the only one, if only one is.
    const unmet = 'byVersion' in needed ? unmetVersions(needed.byVersion, grantedScopes) : undefined;
    const neededScopes = 'byVersion' in needed ? (unmet!.length === 1 ? unmet![0] : needed.byVersion.flat()) : needed;
    const eachVersion = unmet !== undefined && unmet.length > 1;
    const has = grantedScopes ? neededScopes.filter((s) => grantedScopes.includes(s)) : [];
    const missing = eachVersion ? unmet!.map(preferredScope) : unmet?.length === 0 || has.length > 0 ? [] : [...neededScopes];
    const said = detail ? ` (${detail})` : '';
    super(
      eachVersion
        ? forbiddenByVersionMessage(said, missing[0], missing.slice(1))
        : missing.length > 0
          ? l10n.t({
              message: 'Sentry denied access{0}: this needs a token with {1}. Sign in again granting that scope, or use a token that has it.',
              args: [said, describeScopes(missing)],
              comment: "{0} is the server's detail in parentheses after a space, or nothing; {1} names the scopes: 'the event:write scope', 'one of the scopes a or b'",
            })
          : has.length > 0
            ? l10n.t({
                message:
                  'Sentry denied access{0}, although the token has {1}: the server refused for another reason. An OAuth token may be limited to another organization (sign in again and pick this one), or your account may not see this organization or project.',
                args: [said, describeScopes(has, 'and')],
                comment: "{0} is the server's detail in parentheses after a space, or nothing; {1} names the scopes: 'the event:write scope', 'one of the scopes a or b'",
              })
            : l10n.t({
                message: 'Sentry denied access{0}. Check that your account may see this organization and project.',
                args: [said],
                comment: "{0} is the server's detail in parentheses after a space, or nothing",
              }),
      403,
      request,
    );
    this.neededScopes = neededScopes;
    this.missingScopes = missing;
    this.eachVersion = eachVersion;
  }
}

export class NotFoundError extends ApiError {
  readonly kind = 'notFound';
  constructor(
    readonly what: string,
    readonly detail: string | undefined,
    request?: string,
  ) {
    super(
      l10n.t({
        message: '{0} was not found on the Sentry server. Check the organization, project and issue names.',
        args: [what],
        comment: '{0} names what was asked for, e.g. Project "web" in organization "acme"',
      }),
      404,
      request,
    );
  }
}

export class GoneError extends ApiError {
  readonly kind = 'gone';
  constructor(
    readonly deprecationDate: string | undefined,
    readonly replacement: string | undefined,
    request?: string,
  ) {
    super(goneMessage(deprecationDate, replacement), 410, request);
  }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rateLimited';
  /** When the server's budget refills (epoch ms), when it said so and it is a date at all. */
  readonly resetAt: number | undefined;
  /**
   * `sent: false`: refused by the client's own hold after an earlier 429 (./rateLimitHolds.ts),
   * nothing was sent; the server has not said anything new.
   */
  constructor(
    resetAt: number | undefined,
    readonly detail: string | undefined,
    request?: string,
    readonly sent = true,
  ) {
    // The caller clamps it to a sane distance; this only keeps the message from an invalid Date.
    const at = resetAt !== undefined && Number.isFinite(resetAt) && Math.abs(resetAt) <= MAX_DATE_MS ? resetAt : undefined;
    super(
      `${l10n.t({ message: 'Sentry is rate-limiting these requests{0}.', args: [detail ? ` (${detail})` : ''], comment: "{0} is the server's detail in parentheses after a space, or nothing" })} ` +
        (at ? l10n.t('Try again after {0}.', new Date(at).toISOString()) : l10n.t('Try again in a moment.')),
      429,
      request,
    );
    this.resetAt = at;
  }
}

/** The largest epoch ms a Date holds. */
const MAX_DATE_MS = 8.64e15;

/**
 * Sentry answers a search that ran out of time or query budget with 400, not 5xx: handle_query_errors
 * turns Snuba's timeouts and rate or memory limits into a ParseError whose detail starts "Query
 * timeout." (TIMEOUT_ERROR_MESSAGE and its older and newer wordings, some with line breaks).
 */
const QUERY_TIMEOUT = /^query timeout\b/i;

/**
 * A 400. `queryTimeout`: the search timed out on the server, a transient failure (ask again later,
 * keep the search as it is); `badRequest`: the request itself was refused.
 */
export class BadRequestError extends ApiError {
  readonly kind: 'badRequest' | 'queryTimeout';
  constructor(
    readonly detail: string | undefined,
    status: number,
    request?: string,
  ) {
    const timedOut = QUERY_TIMEOUT.test(detail?.trim() ?? '');
    super(
      timedOut
        ? l10n.t({
            message: "Sentry's search timed out ({0}). Try again in a moment; a shorter time window or fewer projects make it faster.",
            args: [detail!.trim().replace(/\s+/g, ' ')],
            comment: "{0} is the server's detail",
          })
        : l10n.t({
            message: 'Sentry refused the request: {0}. Change the search or filter and try again.',
            args: [detail ?? `HTTP ${status}`],
            comment: "{0} is the server's detail, or the HTTP status (HTTP 400)",
          }),
      status,
      request,
    );
    this.kind = timedOut ? 'queryTimeout' : 'badRequest';
  }
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  constructor(
    status: number,
    readonly errorId: string | undefined,
    request?: string,
  ) {
    super(
      errorId
        ? l10n.t('The Sentry server failed (HTTP {0}, error id {1}). Try again later; quote the error id if you contact support.', status, errorId)
        : l10n.t('The Sentry server failed (HTTP {0}). Try again later.', status),
      status,
      request,
    );
  }
}

export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(
    readonly origin: string,
    readonly reason: string,
    request?: string,
  ) {
    super(l10n.t('Could not reach {0} ({1}). Check your network connection and the sentryExplorer.baseUrl setting.', origin, reason), undefined, request);
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(
    readonly origin: string,
    readonly timeoutMs: number,
    request?: string,
  ) {
    super(l10n.t("{0} did not answer within {1} s. Try again, or check the server's status.", origin, Math.round(timeoutMs / 1000)), undefined, request);
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
      path
        ? l10n.t('Sentry sent a response Sentry Explorer does not understand (at {0}: {1}). The server may be newer or older than this extension supports; please report it.', path, problem)
        : l10n.t('Sentry sent a response Sentry Explorer does not understand ({0}). The server may be newer or older than this extension supports; please report it.', problem),
      status,
      request,
    );
  }
}

/**
 * A body that ends before its JSON does: a proxy or a dropped connection cut it off, so the same
 * request may well answer whole next time (the Issues tree keeps its rows through it, as through
 * a 502), unlike a body that parses but that the extension does not understand.
 */
export class CutOffBodyError extends BadResponseError {
  readonly cutOff = true;
  constructor(request?: string, status?: number) {
    super('', l10n.t('the body is not valid JSON; it may have been cut off'), request, status);
    this.message = l10n.t(
      "Sentry's answer was cut off (the body is not valid JSON). This usually passes: try again. If it keeps happening, a proxy between VS Code and Sentry may be cutting answers short.",
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
    super('', l10n.t('the response is larger than {0}, the most Sentry Explorer reads', describeBytes(limitBytes)), request, status);
    this.message = l10n.t(
      'Sentry sent a response larger than {0}, the most Sentry Explorer reads at once, so it was refused. Ask for less (a narrower search, a shorter period or a smaller page), or report it if this is an ordinary request.',
      describeBytes(limitBytes),
    );
  }
}

function describeBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return l10n.t('{0} bytes', n);
}

export class ForeignRedirectError extends ApiError {
  readonly kind = 'foreignRedirect';
  constructor(
    readonly target: string,
    status: number,
    request?: string,
  ) {
    super(l10n.t('Sentry redirected to another address ({0}). Credentials are only sent to the configured server, so set sentryExplorer.baseUrl to {0} if you trust it.', target), status, request);
  }
}

/** An OAuth error body (`{ error, error_description? }`, RFC 6749 section 5.2) from the token or device-code endpoint. */
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
    super(detail ? l10n.t('Sentry answered HTTP {0}: {1}.', status, detail) : l10n.t('Sentry answered HTTP {0}.', status), status, request);
  }
}
