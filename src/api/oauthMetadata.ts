/**
 * Where a server's token and device endpoints are, from the server itself: its OAuth 2.0
 * Authorization Server Metadata (RFC 8414), GET /.well-known/oauth-authorization-server. sentry.io
 * publishes it (getsentry/sentry src/sentry/web/api.py, oauth_authorization_server_metadata:
 * `issuer` is its url-prefix with a trailing slash, `token_endpoint` and
 * `device_authorization_endpoint` absolute URLs of its routes). Servers of early 2025 have no such
 * route: a GET reaches their catch-all React page (HTML). Where the document is absent (or not
 * JSON, or unreadable: in the browser's web worker it has no CORS headers, being a Django view),
 * the fixed paths every Sentry with those endpoints serves are used.
 *
 * The document is read without credentials, and it cannot send the sign-in's secrets (code
 * verifier, client secret, refresh token) anywhere new: it is used only when its `issuer` is this
 * server (RFC 8414 section 3.3), and an endpoint it names is used only on the server's own origin
 * and below its base path (no user name, no fragment). Anything else is reported, and the fixed
 * path on the server's own address is used instead. No `vscode` import.
 */
import { isAbortError } from '../util/signal';
import { OAuthMetadataSchema, type OAuthMetadata } from '../model/auth/schema';
import type { HttpClient } from './http';

export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** The paths (below the base URL) of a server whose metadata is absent. */
export const FIXED_ENDPOINTS = { token: '/oauth/token/', deviceCode: '/oauth/device/code/' } as const;

export interface OAuthServerEndpoints {
  /** Path (and query) below the base URL of the token endpoint. */
  readonly token: string;
  /** Path (and query) below the base URL of the device authorization endpoint; undefined where the server's metadata names none. */
  readonly deviceCode?: string;
  /** Whether the server's metadata said where they are. */
  readonly source: 'metadata' | 'fixed';
}

function cut(s: string, max = 200): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function withoutTrailingSlash(s: string): string {
  return s.replace(/\/+$/, '');
}

/**
 * The path below `baseUrl` of an endpoint the document names, or undefined when it is not on the
 * server's own origin and base path.
 */
export function endpointPath(baseUrl: string, endpoint: string): string | undefined {
  let url: URL;
  let base: URL;
  try {
    url = new URL(endpoint);
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.hash || url.origin !== base.origin) return undefined;
  const basePath = withoutTrailingSlash(base.pathname);
  if (!url.pathname.startsWith(`${basePath}/`)) return undefined;
  return `${url.pathname.slice(basePath.length)}${url.search}`;
}

/** Whether the document's issuer is this server (its base URL, a trailing slash either way). */
function isIssuer(baseUrl: string, issuer: string | undefined): boolean {
  if (!issuer) return false;
  try {
    const u = new URL(issuer);
    if (u.username || u.password || u.search || u.hash) return false;
    return withoutTrailingSlash(`${u.origin}${u.pathname}`) === withoutTrailingSlash(baseUrl);
  } catch {
    return false;
  }
}

/**
 * The server's endpoints: its metadata's where it has a usable document, else FIXED_ENDPOINTS.
 * Throws only when cancelled. `onRefused` is told (for the log) what the document said that was not used.
 */
export async function discoverEndpoints(http: HttpClient, signal?: AbortSignal, onRefused?: (what: string) => void): Promise<OAuthServerEndpoints> {
  const fixed: OAuthServerEndpoints = { ...FIXED_ENDPOINTS, source: 'fixed' };
  let doc: OAuthMetadata;
  try {
    const res = await http.request({ path: METADATA_PATH, schema: OAuthMetadataSchema, authenticated: false, what: 'OAuth metadata', signal });
    doc = res.data;
  } catch (err) {
    // Absent, a page that is not the document, a proxy's error, or no answer the browser lets through.
    if (isAbortError(err)) throw err;
    return fixed;
  }
  const baseUrl = http.baseUrl;
  if (!isIssuer(baseUrl, doc.issuer)) {
    onRefused?.(`its issuer ${JSON.stringify(cut(doc.issuer ?? ''))} is not ${baseUrl}: the document is not used`);
    return fixed;
  }
  const pick = (field: 'token_endpoint' | 'device_authorization_endpoint', fallback: string): string | undefined => {
    const named = doc[field];
    if (named === undefined) return undefined;
    const path = endpointPath(baseUrl, named);
    if (path !== undefined) return path;
    onRefused?.(`its ${field} ${JSON.stringify(cut(named))} is not on ${baseUrl}: ${fallback} there is used instead`);
    return fallback;
  };
  return {
    token: pick('token_endpoint', FIXED_ENDPOINTS.token) ?? FIXED_ENDPOINTS.token,
    deviceCode: pick('device_authorization_endpoint', FIXED_ENDPOINTS.deviceCode),
    source: 'metadata',
  };
}
