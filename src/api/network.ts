/**
 * The client on a real network (a corporate proxy, a private certificate authority): why it leaves
 * proxies and certificates to VS Code, and what a failure there tells the user to do.
 * No `vscode` import.
 *
 * Every request goes through the extension host's global `fetch`, looked up at each call (./http.ts
 * calls `fetch(...)` each time; the bundles hold no undici nor node-fetch), because VS Code puts its
 * own proxy- and certificate-aware `fetch` there before any extension runs. As read in VS Code 1.99.3 (the version the extension-host suites run;
 * `engines.vscode` is ^1.99.0), src/vs/workbench/api/node/proxyResolver.ts, patchGlobalFetch, and
 * @vscode/proxy-agent 0.32.0, src/index.ts, createFetchPatch and createProxyResolver:
 * - The proxy is http.proxy, else HTTPS_PROXY / HTTP_PROXY (either case), else the one the window
 *   resolves for the URL (the system's settings, on the desktop). http.noProxy, or NO_PROXY when
 *   it is empty, names hosts reached directly; localhost, 127.0.0.1 and ::1 never use a proxy.
 *   http.proxySupport "off" turns proxies off for extensions, http.fetchAdditionalSupport false the
 *   whole patch. A proxy's 407 is answered with Kerberos or with credentials VS Code asks for.
 * - Each request gets a new proxy agent, so a change to these settings applies to the next one.
 * - While http.systemCertificates is on (the default), each request trusts Node's bundled
 *   authorities plus the operating system's store, a list given as the TLS `ca` option: it replaces
 *   Node's default list, and with it the certificates NODE_EXTRA_CA_CERTS adds. With the setting
 *   off, Node's default list applies, NODE_EXTRA_CA_CERTS included.
 * - http.proxyStrictSSL is not read there (only VS Code's own requests honour it), so an
 *   extension's requests always verify the server's certificate.
 * Doing any of this again here (a proxy agent of our own) would lose the system proxy, PAC files,
 * Kerberos and VS Code's proxy sign-in, and would use a proxy the user turned off for extensions.
 */
import * as l10n from '@vscode/l10n';
import { NetworkError } from './errors';
import { networkReason } from './failureText';

export type CertificateProblem = 'untrusted' | 'expired' | 'notYetValid' | 'hostMismatch';

/** A failure of the connection itself that no retry can mend. */
export type TransportFailure = { kind: 'certificate'; problem: CertificateProblem; code: string } | { kind: 'proxy'; status: number } | { kind: 'proxyCertificate' };

/** OpenSSL's verification results as Node names them (X509_V_ERR_* without the prefix), and Node's host check. */
const CERTIFICATE_CODES: Readonly<Record<string, CertificateProblem>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'notYetValid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'hostMismatch',
  HOSTNAME_MISMATCH: 'hostMismatch',
  IP_ADDRESS_MISMATCH: 'hostMismatch',
};

/**
 * undici's error when a proxy answers CONNECT with anything but 200 (RequestAbortedError, code
 * UND_ERR_ABORTED; VS Code's proxy sign-in writes `?.==` for `!==`), and its 407 without a tunnel.
 * Only these fixed texts are matched, for the status alone: the message itself is never shown.
 */
const PROXY_REFUSAL = /^Proxy response \((\d{3})\) \S{2,4} 200 when HTTP Tunneling$/;
const PROXY_AUTH_REQUIRED = /^Proxy Authentication Required \(407\)$/;

/**
 * What failed, from the error fetch threw (`TypeError: fetch failed`) and its causes; undefined for anything no retry is known to be useless for. Codes only, but
 * for the proxy texts above: a transport error's message can echo a request header, the credential.
 */
export function transportFailure(err: unknown): TransportFailure | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++, e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code !== 'string') continue;
    if (Object.hasOwn(CERTIFICATE_CODES, code)) return { kind: 'certificate', problem: CERTIFICATE_CODES[code], code };
    // undici's SecureProxyConnectionError: the proxy's own certificate is for another host name.
    if (code === 'UND_ERR_PRX_TLS') return { kind: 'proxyCertificate' };
    const text = typeof message === 'string' && message.length < 200 ? message : '';
    const refused = code === 'UND_ERR_ABORTED' ? PROXY_REFUSAL.exec(text) : null;
    if (refused) return { kind: 'proxy', status: Number(refused[1]) };
    if (code === 'UND_ERR_INVALID_ARG' && PROXY_AUTH_REQUIRED.test(text)) return { kind: 'proxy', status: 407 };
  }
  return undefined;
}

/** The NetworkError for a request to `origin` that failed before any answer: in words, with what to do. */
export function transportError(origin: string, err: Error | undefined, request?: string): NetworkError {
  const failure = transportFailure(err);
  if (failure?.kind === 'certificate') return new CertificateError(origin, failure.problem, failure.code, request);
  if (failure?.kind === 'proxy') return new ProxyError(origin, { kind: 'refused', status: failure.status }, request);
  if (failure?.kind === 'proxyCertificate') return new ProxyError(origin, { kind: 'certificate' }, request);
  const proxy = proxyEndpoint(origin, err);
  if (proxy) return new ProxyError(origin, { kind: 'unreachable', proxy, reason: networkReason(err) }, request);
  return new NetworkError(origin, networkReason(err), request);
}

/**
 * The proxy a connection failed to reach, from the first error in the chain with a code: one that
 * names another port than the server's (or, for a host name not found, another host) was not
 * going to the server, so it was going to the proxy. Undefined when it was the server, or unknown.
 */
function proxyEndpoint(origin: string, err: unknown): string | undefined {
  const url = new URL(origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++, e = (e as { cause?: unknown }).cause) {
    const { code, port: failedPort, address, hostname } = e as { code?: unknown; port?: unknown; address?: unknown; hostname?: unknown };
    if (typeof code !== 'string') continue;
    if (typeof failedPort === 'number') return failedPort !== port && typeof address === 'string' && ENDPOINT.test(address) ? `${address}:${failedPort}` : undefined;
    return typeof hostname === 'string' && ENDPOINT.test(hostname) && hostname.toLowerCase() !== url.hostname.replace(/^\[|\]$/g, '').toLowerCase() ? hostname : undefined;
  }
  return undefined;
}

/** An address or host name as a system error carries it (never a URL with credentials). */
const ENDPOINT = /^[A-Za-z0-9.:_-]{1,253}$/;

/** What went wrong with the proxy the request went through. */
export type ProxyProblem =
  /** It answered CONNECT with this status instead of opening a tunnel. */
  | { kind: 'refused'; status: number }
  /** Its own certificate is for another host name. */
  | { kind: 'certificate' }
  /** It could not be reached (`proxy`: its address and port, or host name). */
  | { kind: 'unreachable'; proxy: string; reason: string };

/** The request never reached the server because of the proxy in between. */
export class ProxyError extends NetworkError {
  constructor(
    origin: string,
    readonly problem: ProxyProblem,
    request?: string,
  ) {
    super(origin, proxyReason(problem), request);
    this.message = proxyMessage(origin, problem);
  }
}

function proxyReason(p: ProxyProblem): string {
  if (p.kind === 'refused') return l10n.t('the proxy answered HTTP {0}', p.status);
  if (p.kind === 'certificate') return l10n.t("the proxy's certificate failed verification");
  return p.reason;
}

function proxyMessage(origin: string, p: ProxyProblem): string {
  if (p.kind === 'certificate')
    return l10n.t("Could not connect securely to the proxy for {0}: the proxy's certificate is for another host name. Check the proxy's address in http.proxy (or HTTPS_PROXY).", origin);
  if (p.kind === 'unreachable') {
    return l10n.t({
      message: "Could not reach the proxy {0} for {1} ({2}). Check the proxy named in http.proxy (or HTTPS_PROXY), or list the server's host in http.noProxy if it can be reached without the proxy.",
      args: [p.proxy, origin, p.reason],
      comment: "{0} is the proxy's address and port; {2} is why, e.g. 'connection refused'",
    });
  }
  if (p.status === 407) {
    return l10n.t(
      'The proxy refused to connect to {0} without authentication (HTTP 407 Proxy Authentication Required). Sign in to the proxy when VS Code asks, check the proxy named in http.proxy (or HTTPS_PROXY), or ask your network administrator.',
      origin,
    );
  }
  return l10n.t(
    'The proxy refused to connect to {0} (HTTP {1}). Ask your network administrator to let this server through, or list its host in http.noProxy if it can be reached without the proxy.',
    origin,
    p.status,
  );
}

/** The server's certificate failed verification. */
export class CertificateError extends NetworkError {
  constructor(
    origin: string,
    readonly problem: CertificateProblem,
    /** The verification result, e.g. SELF_SIGNED_CERT_IN_CHAIN. */
    readonly code: string,
    request?: string,
  ) {
    super(origin, l10n.t("the server's certificate failed verification ({0})", code), request);
    this.message = certificateMessage(origin, problem, code);
  }
}

function certificateMessage(origin: string, problem: CertificateProblem, code: string): string {
  switch (problem) {
    case 'untrusted':
      return l10n.t({
        message:
          "Could not connect securely to {0}: its certificate is not trusted ({1}). If your organization has its own certificate authority, add it to the system's trust store and reload the window (VS Code passes that store on while http.systemCertificates is on), or start VS Code with NODE_EXTRA_CA_CERTS naming its file and turn http.systemCertificates off.",
        args: [origin, untrustedDetail(code)],
        comment: "{1} says why: 'self-signed certificate', 'issued by an unknown authority'…",
      });
    case 'expired':
      return l10n.t("Could not connect securely to {0}: its certificate has expired. Ask the server's administrator to renew it, and check that this computer's date and time are right.", origin);
    case 'notYetValid':
      return l10n.t("Could not connect securely to {0}: its certificate is not valid yet. Check that this computer's date and time are right.", origin);
    case 'hostMismatch':
      return l10n.t(
        "Could not connect securely to {0}: its certificate is for another host name. Set sentryExplorer.baseUrl to the name the certificate is for, or ask the server's administrator for a certificate that names this host.",
        origin,
      );
  }
}

function untrustedDetail(code: string): string {
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return l10n.t('self-signed certificate');
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return l10n.t('self-signed certificate in the chain');
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return l10n.t('issued by an unknown authority');
    default:
      return code;
  }
}
