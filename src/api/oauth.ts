/**
 * Sentry's OAuth endpoints (https://docs.sentry.io/api/auth/): the authorize URL, the token
 * endpoint's three grants and the device code request. Form-encoded; `client_secret` is sent only when one is configured.
 *
 * Where the token and device endpoints are comes from the server itself where it says so: its
 * RFC 8414 document, GET /.well-known/oauth-authorization-server (./oauthMetadata.ts; sentry.io
 * publishes it, src/sentry/web/api.py, oauth_authorization_server_metadata). Where it has none,
 * the fixed paths every Sentry with the flow serves:
 * - POST /oauth/device/code/ (the route "sentry-oauth-device-code" that document names, which
 *   Sentry's own test pins to that path; its page is /oauth/device/, src/sentry/web/frontend/oauth_device.py).
 *   No Sentry version read served another path.
 * - servers without a device flow (self-hosted of early 2025 and older: src/sentry/web/urls.py
 *   routes /oauth/ to authorize/ and token/ only): the path falls through to the catch-all React
 *   page, whose BaseView.dispatch (src/sentry/web/frontend/base.py) runs the CSRF check first,
 *   so a POST is answered 403 with an HTML page (src/sentry/web/frontend/csrf_failure.py); a
 *   proxy in front may answer 404 or 405 instead. None of these is an OAuth answer:
 *   DeviceFlowUnavailableError says so and the glue offers a pasted token.
 */
import * as l10n from '@vscode/l10n';
import { ApiError, BadRequestError, BadResponseError, ForbiddenError, HttpError, NotFoundError } from './errors';
import { HttpClient } from './http';
import { discoverEndpoints, type OAuthServerEndpoints } from './oauthMetadata';
import { DeviceAuthorizationSchema, TokenResponseSchema, type DeviceAuthorization, type TokenResponse } from '../model/auth/schema';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** HTTP statuses that say "nothing here" rather than "the OAuth client or request is wrong". */
const NOT_SERVED = new Set([403, 404, 405, 410, 501]);

/** The server offers no sign-in with a code: no device authorization endpoint answered as one. */
export class DeviceFlowUnavailableError extends ApiError {
  readonly kind = 'notFound';
  constructor(
    readonly host: string,
    /** What each path answered: an HTTP status, or `html` for a page that is not an OAuth answer. */
    readonly answers: readonly string[],
  ) {
    super(
      answers.length
        ? l10n.t('{0} does not offer sign-in with a code (its device sign-in address answered {1}).', host, answers.join(', '))
        : l10n.t('{0} does not offer sign-in with a code (its OAuth metadata names no device sign-in address).', host),
      undefined,
      'POST device authorization',
    );
  }
}

/** Whether a failed device code request means the server has no such endpoint there (an OAuth error body never does). */
function notServed(err: unknown): string | undefined {
  if (err instanceof NotFoundError || err instanceof ForbiddenError) return String(err.status ?? 404);
  if (err instanceof BadResponseError) return 'html';
  if ((err instanceof BadRequestError || err instanceof HttpError) && err.status !== undefined && NOT_SERVED.has(err.status)) return String(err.status);
  return undefined;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret?: string;
}

export interface AuthorizeUrlParams {
  scopes: readonly string[];
  redirectUri?: string;
  state?: string;
  codeChallenge?: string;
}

export class OAuthEndpoints {
  private discovered?: Promise<OAuthServerEndpoints>;

  constructor(
    private readonly http: HttpClient,
    private readonly config: OAuthClientConfig,
    /** Told of what the server's OAuth metadata said that was not used, for the log. */
    private readonly onMetadataRefused?: (what: string) => void,
  ) {}

  /**
   * The token and device endpoints, from the server's metadata once per instance (./oauthMetadata.ts);
   * a failed look-up is not kept, so the next call asks again.
   */
  endpoints(signal?: AbortSignal): Promise<OAuthServerEndpoints> {
    this.discovered ??= discoverEndpoints(this.http, signal, this.onMetadataRefused).catch((err: unknown) => {
      this.discovered = undefined;
      throw err;
    });
    return this.discovered;
  }

  /** Where to send the user's browser: GET /oauth/authorize/. */
  authorizeUrl(p: AuthorizeUrlParams): string {
    return this.http.urlFor('/oauth/authorize/', {
      client_id: this.config.clientId,
      response_type: 'code',
      scope: p.scopes.join(' '),
      redirect_uri: p.redirectUri,
      state: p.state,
      code_challenge: p.codeChallenge,
      code_challenge_method: p.codeChallenge ? 'S256' : undefined,
    });
  }

  /**
   * Asks for a device code and the code the user types in (RFC 8628 section 3.1) at the server's
   * device authorization endpoint; DeviceFlowUnavailableError where it has none (its metadata
   * names none, or the address answers as no OAuth endpoint does). An OAuth error (an unknown
   * client id) is thrown as it is.
   */
  async requestDeviceCode(scopes: readonly string[], signal?: AbortSignal): Promise<DeviceAuthorization> {
    const { deviceCode } = await this.endpoints(signal);
    const host = new URL(this.http.baseUrl).host;
    if (deviceCode === undefined) throw new DeviceFlowUnavailableError(host, []);
    try {
      const res = await this.http.request({
        method: 'POST',
        path: deviceCode,
        form: { client_id: this.config.clientId, scope: scopes.length ? scopes.join(' ') : undefined },
        schema: DeviceAuthorizationSchema,
        authenticated: false,
        what: 'device sign-in',
        budget: 'POST device authorization',
        signal,
      });
      return res.data;
    } catch (err) {
      const answer = notServed(err);
      if (answer === undefined) throw err;
      throw new DeviceFlowUnavailableError(host, [answer]);
    }
  }

  /** The token endpoint's authorization_code grant (with code_verifier when PKCE was used). */
  exchangeCode(code: string, codeVerifier?: string, redirectUri?: string, signal?: AbortSignal): Promise<TokenResponse> {
    return this.token({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri }, signal);
  }

  /** The token endpoint's refresh_token grant: the answer carries a new refresh token that replaces the old one. */
  refresh(refreshToken: string, signal?: AbortSignal): Promise<TokenResponse> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, signal);
  }

  /** The token endpoint's device_code grant (RFC 8628 section 3.4): one poll. Throws OAuthError (authorization_pending, slow_down, ...) until approved. */
  pollDeviceToken(deviceCode: string, signal?: AbortSignal): Promise<TokenResponse> {
    return this.token({ grant_type: DEVICE_CODE_GRANT, device_code: deviceCode }, signal, false);
  }

  private async token(fields: Record<string, string | undefined>, signal?: AbortSignal, withSecret = true): Promise<TokenResponse> {
    // The secrets below go only to an address on the server's own origin and base path (./oauthMetadata.ts).
    const { token } = await this.endpoints(signal);
    const res = await this.http.request({
      method: 'POST',
      path: token,
      budget: 'POST token',
      form: {
        client_id: this.config.clientId,
        ...(withSecret && this.config.clientSecret ? { client_secret: this.config.clientSecret } : {}),
        ...fields,
      },
      schema: TokenResponseSchema,
      authenticated: false,
      signal,
    });
    return res.data;
  }
}
