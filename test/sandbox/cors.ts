// Sentry's answers to a page in a browser (CORS), as getsentry/sentry's API gives them. The
// extension's browser bundle (the web worker extension host of vscode.dev, github.dev or
// code-server) calls the API cross-origin; the Node host sends no Origin and sees none of this.
//
// src/sentry/api/base.py:
// - `allow_cors_options` wraps every API `Endpoint.dispatch`: a preflight (OPTIONS) is answered
//   200 without authentication, with `Access-Control-Max-Age: 3600`; every answer, errors included,
//   then gets `apply_cors_headers`.
// - `apply_cors_headers`: `Allow` and `Access-Control-Allow-Methods` name the view's methods;
//   `Access-Control-Allow-Headers` is the fixed list ALLOW_HEADERS below (Authorization and
//   Content-Type among them, User-Agent not); `Access-Control-Expose-Headers` is EXPOSE_HEADERS
//   (Link, X-Hits, X-Max-Hits, Retry-After: not the X-Sentry-Rate-Limit-* headers, which a page
//   therefore cannot read); `Access-Control-Allow-Origin` echoes the request's Origin (else its
//   Referer's origin, else `*`); `Access-Control-Allow-Credentials` only for Sentry's own hosts
//   (SENTRY_BASE_HOSTNAME), never for a bearer token's page.
// - `Endpoint.dispatch`: a request with an Origin whose credential does not list that origin is
//   refused with 400 and the JSON string "Invalid origin: <origin>" (still with the CORS headers,
//   so the page reads it). The allowed origins are the credential's `get_allowed_origins()`
//   (src/sentry/auth/services/auth/model.py, AuthenticatedToken.allowed_origins, empty by default):
//   an API application's or an internal integration's "Authorized JavaScript Origins" for its
//   tokens, nothing for a user's personal token (src/sentry/models/apitoken.py: `()` without an
//   application), an organization token or an API key without origins. Matched by `is_valid_origin`
//   (src/sentry/utils/http.py): `*`, the exact origin, a host (any port), `*.domain`, `*:port`;
//   an empty list refuses every origin. A bad token is a 401 before that (authentication runs first).
// - Region hosts run the same endpoints: the same answers.
// - `/oauth/token/` (src/sentry/web/frontend/oauth_token.py, OAuthTokenView) and the device
//   authorization view are Django views, not API endpoints: no CORS headers, so a page's fetch of
//   them fails (the browser hides the answer), which is why the device and browser sign-ins cannot
//   finish in a web worker.
import type { Res } from './http';

export const ALLOW_HEADERS = 'X-Sentry-Auth, X-Requested-With, Origin, Accept, Content-Type, Authentication, Authorization, Content-Encoding, sentry-trace, baggage, X-CSRFToken';
export const EXPOSE_HEADERS = 'X-Sentry-Error, X-Sentry-Direct-Hit, X-Hits, X-Max-Hits, Endpoint, Retry-After, Link';
/**
 * The view's methods in Sentry; the sandbox routes by path and method together, so it names the
 * methods any of its API endpoints has (a preflight for one the path lacks still gets its 405 after).
 */
export const ALLOW_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/** True for the paths Sentry serves through an API Endpoint (CORS), false for its Django views (/oauth/...). */
export function isApiPath(path: string): boolean {
  return path === '/api/0' || path.startsWith('/api/0/');
}

/** The request's origin as apply_cors_headers reads it: Origin, else the Referer's origin; "null" stays "null". */
function requestOrigin(headers: Record<string, string>): string | undefined {
  const origin = headers['origin'];
  if (origin === 'null') return 'null';
  if (origin) return origin;
  try {
    return headers['referer'] ? new URL(headers['referer']).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * apply_cors_headers: the headers every API answer carries. `allow`: the methods the answer
 * already names (a 405 names the path's own), else ALLOW_METHODS.
 */
export function corsHeaders(headers: Record<string, string>, allow = ALLOW_METHODS): Record<string, string> {
  const origin = requestOrigin(headers);
  return {
    allow,
    'access-control-allow-methods': allow,
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-expose-headers': EXPOSE_HEADERS,
    'access-control-allow-origin': origin === undefined || origin === 'null' ? '*' : origin,
  };
}

/** allow_cors_options: the answer to a preflight, before any authentication. */
export function preflight(headers: Record<string, string>): Res {
  return { status: 200, headers: { ...corsHeaders(headers), 'access-control-max-age': '3600', 'content-type': 'text/html; charset=utf-8' }, body: '' };
}

/** is_valid_origin (src/sentry/utils/http.py) against a credential's allowed origins. */
export function isValidOrigin(origin: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return false;
  if (allowed.includes('*')) return true;
  const o = origin.toLowerCase();
  if (allowed.map((a) => a.toLowerCase().replace(/\/$/, '')).includes(o)) return true;
  if (o === 'null') return false;
  let url: URL;
  try {
    url = new URL(o);
  } catch {
    return false;
  }
  const host = url.hostname;
  const scheme = url.protocol.replace(/:$/, '');
  const domainMatches = url.port ? ['*', host, `${host}:${url.port}`, `*:${url.port}`] : ['*', host];
  for (const value of allowed) {
    let rest = value.toLowerCase();
    let allowedScheme = '*';
    const sep = rest.indexOf('://');
    if (sep >= 0) {
      allowedScheme = rest.slice(0, sep);
      rest = rest.slice(sep + 3);
    }
    const domain = rest.split('/')[0];
    if (allowedScheme !== '*' && allowedScheme !== scheme) continue;
    if (domain.startsWith('*.')) {
      if (host.endsWith(domain.slice(1)) || host === domain.slice(2)) return true;
      continue;
    }
    if (domainMatches.includes(domain)) return true;
  }
  return false;
}

/**
 * Endpoint.dispatch's origin check for an API request carrying an Origin: undefined when it may
 * go on, else the 400 Sentry answers. `allowed`: the credential's allowed origins, undefined when
 * the credential is not a valid one (its 401 comes first) or there is none (no origin allowed).
 */
export function originRefusal(headers: Record<string, string>, allowed: readonly string[] | 'invalid credential'): Res | undefined {
  const origin = headers['origin'];
  // "null" counts as no Origin (RFC 6454), as in Endpoint.dispatch.
  if (!origin || origin === 'null' || allowed === 'invalid credential') return undefined;
  if (isValidOrigin(origin, allowed)) return undefined;
  const body = JSON.stringify(`Invalid origin: ${origin}`);
  return { status: 400, headers: { 'content-type': 'application/json' }, body };
}
