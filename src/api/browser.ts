/**
 * How a request fails in the browser's web worker extension host (src/extension.web.ts), where the
 * browser, not the server, has the last word, and what the user can do about it. A refused fetch
 * there is a bare `TypeError` with no status and no code: the browser hides whether the server was
 * down or the answer was withheld. So the message names the possible causes and their ways out
 * instead of guessing. No `vscode` import.
 *
 * - VS Code's web worker runs in an iframe whose Content-Security-Policy allows `connect-src`
 *   'self', https:, and plain http to localhost / 127.0.0.1 only (VS Code 1.99,
 *   src/vs/workbench/services/extensions/worker/webWorkerExtensionHostIframe.html); an https page
 *   also blocks plain http as mixed content. A plain-http Sentry elsewhere cannot be reached at all.
 * - Cross-origin, the browser shows the answer only when the server allows the page (CORS). Sentry's
 *   API does (src/sentry/api/base.py, allow_cors_options / apply_cors_headers); a reverse proxy in
 *   front may drop those headers or refuse the preflight (OPTIONS). Sentry's /oauth/token/ is a
 *   Django view without CORS (src/sentry/web/frontend/oauth_token.py): the device and browser
 *   sign-ins cannot finish there.
 * - Sentry refuses a request carrying an Origin unless the credential lists that origin
 *   (src/sentry/api/base.py, Endpoint.dispatch: 400 "Invalid origin: <origin>"): a personal token
 *   lists none; an internal integration's "Authorized JavaScript Origins" do.
 * - `redirect: 'manual'` gives an opaque answer in a browser: neither status nor Location.
 */
import * as l10n from '@vscode/l10n';
import { BadRequestError, NetworkError } from './errors';
import { inWebWorker, webOrigin } from '../util/host';

export type BrowserBlock = 'insecureHttp' | 'corsOrUnreachable' | 'redirect';

/** A request the browser blocked or hid the answer of (the web worker host only). */
export class BrowserBlockedError extends NetworkError {
  constructor(
    origin: string,
    readonly block: BrowserBlock,
    request?: string,
  ) {
    super(origin, blockReason(block), request);
    this.message = blockMessage(origin, block, webOrigin());
  }
}

function blockReason(block: BrowserBlock): string {
  if (block === 'insecureHttp') return l10n.t('blocked by the browser: plain http');
  if (block === 'redirect') return l10n.t('a redirect the browser hides');
  return l10n.t('no answer the browser lets through');
}

function blockMessage(origin: string, block: BrowserBlock, page: string | undefined): string {
  if (block === 'insecureHttp') {
    return l10n.t(
      'VS Code in the browser cannot reach {0}: it allows plain http only to localhost, and an https page blocks it (mixed content). Give sentryExplorer.baseUrl the https address of the server, or use VS Code desktop.',
      origin,
    );
  }
  if (block === 'redirect') {
    return l10n.t(
      'Sentry at {0} answered with a redirect, which VS Code in the browser cannot follow (the browser hides where it leads). Set sentryExplorer.baseUrl to the address the server redirects to, or use VS Code desktop.',
      origin,
    );
  }
  return l10n.t({
    message:
      "VS Code in the browser got no answer from {0}: the server is not reachable, or it does not allow requests from this page ({1}): CORS. Sentry itself allows them; a proxy in front of a self-hosted Sentry must pass OPTIONS requests and Sentry's Access-Control-* headers through (ask its admin). Or use VS Code desktop.",
    args: [origin, page ?? l10n.t('the browser page')],
    comment: '{1} is the origin of the page VS Code runs in, e.g. https://vscode.dev',
  });
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * In the web worker host, the error for a fetch that failed with no answer (not aborted, not
 * timed out); undefined in the Node host, whose failures carry codes (network.ts reads them).
 */
export function browserFetchFailure(origin: string, request?: string): BrowserBlockedError | undefined {
  if (!inWebWorker()) return undefined;
  const target = new URL(origin);
  if (target.protocol === 'http:' && !LOOPBACK.test(target.hostname)) return new BrowserBlockedError(origin, 'insecureHttp', request);
  return new BrowserBlockedError(origin, 'corsOrUnreachable', request);
}

/** Sentry's 400 for a request whose credential may not be used from the page's origin. */
const INVALID_ORIGIN = /^Invalid origin: /;

/**
 * Sentry refused the credential from this page's origin (400 "Invalid origin: …"): a personal
 * token may not be used in a browser at all; an internal integration's token may, from the
 * origins its settings list.
 */
export class OriginNotAllowedError extends BadRequestError {
  constructor(status: number, request?: string) {
    super(undefined, status, request);
    const page = webOrigin() ?? l10n.t('this page');
    this.message = l10n.t(
      "Sentry does not accept this credential from VS Code in the browser ({0}): personal auth tokens are refused there. Create an internal integration in Sentry (Settings > Developer Settings > Custom Integrations) with {0} among its Authorized JavaScript Origins and sign in with the integration's token, or use VS Code desktop.",
      page,
    );
  }
}

/** The OriginNotAllowedError for a 400 whose body is Sentry's "Invalid origin" string, else undefined. */
export function originRefusal(status: number, body: string, request?: string): OriginNotAllowedError | undefined {
  if (status !== 400) return undefined;
  let said: unknown;
  try {
    said = JSON.parse(body);
  } catch {
    return undefined;
  }
  return typeof said === 'string' && INVALID_ORIGIN.test(said) ? new OriginNotAllowedError(status, request) : undefined;
}
