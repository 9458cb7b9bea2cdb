/**
 * Where credentials may be sent without asking: https anywhere, plain http only to loopback.
 * Any other plain-http base URL needs the user's explicit confirmation first. No `vscode` import.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** True when sending a credential to `baseUrl` needs a confirmation (plain http, not loopback). */
export function needsInsecureConfirmation(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** Sessions match requested scopes when they hold every one of them (sorted, de-duplicated). */
export function scopesSatisfy(granted: readonly string[], requested: readonly string[] | undefined, grantedKnown = true): boolean {
  if (!requested || requested.length === 0 || !grantedKnown) return true;
  const have = new Set(granted);
  return requested.every((s) => have.has(s));
}
