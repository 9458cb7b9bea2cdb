/**
 * Sentry's OAuth endpoints (https://docs.sentry.io/api/auth/): the authorize URL, the token
 * endpoint's three grants and the device code request. Form-encoded; `client_secret` is sent only when one is configured.
 */
import { HttpClient } from './http';
import { DeviceAuthorizationSchema, TokenResponseSchema, type DeviceAuthorization, type TokenResponse } from './schemas';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

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
  constructor(
    private readonly http: HttpClient,
    private readonly config: OAuthClientConfig,
  ) {}

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

  /** Asks for a device code and the code the user types in (RFC 8628 section 3.1): POST /oauth/device/code/. */
  async requestDeviceCode(scopes: readonly string[], signal?: AbortSignal): Promise<DeviceAuthorization> {
    const res = await this.http.request({
      method: 'POST',
      path: '/oauth/device/code/',
      form: { client_id: this.config.clientId, scope: scopes.length ? scopes.join(' ') : undefined },
      schema: DeviceAuthorizationSchema,
      authenticated: false,
      signal,
    });
    return res.data;
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
    const res = await this.http.request({
      method: 'POST',
      path: '/oauth/token/',
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
