/**
 * Where credentials may be sent without asking: https anywhere, plain http only to literal
 * loopback (a name under `.localhost` resolves through DNS like any other). Any other plain-http
 * base URL needs the user's explicit confirmation first. No `vscode` import.
 */
import { isLoopbackHost, safeWebUrl } from '../../util/untrusted';

/** True when sending a credential to `baseUrl` needs a confirmation (plain http, not loopback). */
export function needsInsecureConfirmation(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** The server's page for a step (its loginUrl when it is on the server's origin, else its login page); never another origin. */
export function stepPage(loginUrl: string | undefined, baseUrl: string): URL | undefined {
  if (loginUrl) {
    try {
      const page = safeWebUrl(new URL(loginUrl, `${baseUrl}/`).href, baseUrl);
      if (page && page.origin === new URL(baseUrl).origin) return page;
    } catch {
      // not a URL: fall back to the login page
    }
  }
  return safeWebUrl(`${baseUrl}/auth/login/`, baseUrl);
}
