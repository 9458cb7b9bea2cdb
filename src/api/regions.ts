/**
 * Data regions: where an organization's requests go, and where our credentials may go.
 *
 * sentry.io keeps organizations in regions with hosts of their own (us.sentry.io, de.sentry.io).
 * `GET {server}/api/0/organizations/` lists one region's organizations only, so an account whose
 * organizations are all in the EU sees none there. `GET /api/0/users/me/regions/` (Sentry's
 * src/sentry/users/api/endpoints/user_regions.py, UserRegionsEndpoint: the current user only,
 * scope org:read) lists the regions the user has an organization in, each `{name, url}`
 * (src/sentry/types/region.py, Region.api_serialize); in monolith mode, every self-hosted install,
 * that is one region, `--monolith--` at the server's own `system.url-prefix`. getsentry/sentry-mcp
 * (packages/mcp-core/src/api-client/client.ts, listOrganizations) and getsentry/cli
 * (src/lib/api-client.ts getUserRegions, src/lib/region.ts resolveOrgRegion) read the regions,
 * list each one's organizations and send an organization's requests to its `links.regionUrl`.
 *
 * A region URL comes from the server, so it is checked before any credential goes there: it must
 * be one the user's own server listed, over https when the server is (http only where the server
 * itself is http), without user info, and on the server's host or one of its subdomains:
 * - on the host of the configured base URL itself, any port (the same machine and name the user
 *   already trusts);
 * - on a subdomain of the server's host (`sentry.acme.corp` → `eu.sentry.acme.corp`), on the
 *   scheme's default port or the server's own. Never a sibling or a parent: `evil.acme.corp` is
 *   another team's machine, and `evil.co.uk` anyone's. (The Public Suffix List, which this rule
 *   used before, let every host under a self-hosted server's registrable domain have the token,
 *   and cost the bundle 137 KiB.) An IP address or a single label (`localhost`) has no subdomains.
 * sentry.io is one server under many names: an organization's own host (`acme.sentry.io`, the
 * address Sentry's web UI shows: src/sentry/organizations/absolute_url.py fills the option
 * `system.organization-base-hostname`, `{slug}.sentry.io`, under `system.base-hostname`, "the base
 * hostname that account domains are subdomains of", src/sentry/options/defaults.py) and each
 * region's (`system.region-api-url-template`, `https://{region}.sentry.io`) answer for the same
 * account, and the regions endpoint lists `us.sentry.io` and `de.sentry.io` whichever was asked. So when the configured host is sentry.io or one of its subdomains, the server's host is
 * `sentry.io`: its regions are accepted from `https://acme.sentry.io` too. No other host gets this
 * (src/util/untrusted.ts trusts the same sentry.io names for links).
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { UserRegions } from '../model/organization/schema';
import { safeUrlText } from './secretText';

export interface Region {
  readonly name: string;
  /** The region's base URL as the client uses it (origin and path, no trailing slash). */
  readonly baseUrl: string;
}

/** Why a region URL gets no credential. */
export type RegionRefusalReason = 'notUrl' | 'userInfo' | 'downgrade' | 'foreignHost' | 'port' | 'notListed';

export interface RegionRefusal {
  /** The region's name as the server gave it, cut to 60 characters; empty for an organization's own URL. */
  readonly name: string;
  /** The URL as the server gave it, without user info or secret-named query values (secretText.ts), cut to 200 characters: for a log and a message, never opened. */
  readonly url: string;
  readonly reason: RegionRefusalReason;
}

export type RegionVerdict = { readonly ok: true; readonly baseUrl: string } | { readonly ok: false; readonly reason: RegionRefusalReason };

const DEFAULT_PORT: Readonly<Record<string, string>> = { 'https:': '443', 'http:': '80' };

function portOf(url: URL): string {
  return url.port || DEFAULT_PORT[url.protocol] || '';
}

/** A host name without the brackets of an IPv6 literal, lower case, without a trailing dot. */
function hostName(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Sentry's own service: every one of its hosts serves the same accounts (see above). */
const SENTRY_IO = 'sentry.io';

/** The host whose subdomains may have the credential: the configured one, sentry.io for any of sentry.io's. */
function serverHostOf(host: string): string {
  return host === SENTRY_IO || host.endsWith(`.${SENTRY_IO}`) ? SENTRY_IO : host;
}

/** An IPv4 or IPv6 address, or a name of one label: hosts that have no subdomains of their own. */
function hasNoSubdomains(host: string): boolean {
  return !host.includes('.') || host.includes(':') || /^\d+(\.\d+){3}$/.test(host);
}

/**
 * Whether credentials for the server at `serverBaseUrl` may go to `regionUrl` (the host rule
 * above; whether the server listed it is the caller's to check). The accepted URL is normalized.
 */
export function checkRegionUrl(serverBaseUrl: string, regionUrl: string): RegionVerdict {
  let server: URL;
  let region: URL;
  try {
    server = new URL(serverBaseUrl);
    region = new URL(regionUrl);
  } catch {
    return { ok: false, reason: 'notUrl' };
  }
  if (region.protocol !== 'https:' && region.protocol !== 'http:') return { ok: false, reason: 'notUrl' };
  if (region.username || region.password) return { ok: false, reason: 'userInfo' };
  if (region.protocol === 'http:' && server.protocol !== 'http:') return { ok: false, reason: 'downgrade' };
  const base = `${region.origin}${region.pathname.replace(/\/+$/, '')}`;
  const host = hostName(region);
  const configuredHost = hostName(server);
  if (host === configuredHost) return { ok: true, baseUrl: base };
  const serverHost = serverHostOf(configuredHost);
  if (hasNoSubdomains(serverHost) || (host !== serverHost && !host.endsWith(`.${serverHost}`))) return { ok: false, reason: 'foreignHost' };
  const port = portOf(region);
  if (port !== DEFAULT_PORT[region.protocol] && port !== portOf(server)) return { ok: false, reason: 'port' };
  return { ok: true, baseUrl: base };
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** The regions a server listed, split into those credentials may go to and those refused (each once, in the server's order). */
export function acceptedRegions(serverBaseUrl: string, answer: UserRegions): { regions: Region[]; refused: RegionRefusal[] } {
  const regions: Region[] = [];
  const refused: RegionRefusal[] = [];
  for (const r of answer.regions) {
    const verdict = checkRegionUrl(serverBaseUrl, r.url);
    if (!verdict.ok) refused.push({ name: cut(r.name, 60), url: cut(safeUrlText(r.url), 200), reason: verdict.reason });
    else if (!regions.some((x) => x.baseUrl === verdict.baseUrl)) regions.push({ name: r.name, baseUrl: verdict.baseUrl });
  }
  return { regions, refused };
}

/**
 * Where an organization listed at `listedAt` (an accepted region) sends its requests: its own
 * `links.regionUrl` when that is one of the accepted regions, else the region it was listed at.
 * A regionUrl the server did not list is refused (returned, to be said) and never used.
 */
export function organizationBase(listedAt: string, regionUrl: string | null | undefined, regions: readonly Region[]): { baseUrl: string; refused?: RegionRefusal } {
  if (!regionUrl) return { baseUrl: listedAt };
  let normalized: string | undefined;
  try {
    const u = new URL(regionUrl);
    normalized = `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    normalized = undefined;
  }
  const listed = regions.find((r) => r.baseUrl === normalized);
  if (listed) return { baseUrl: listed.baseUrl };
  return { baseUrl: listedAt, refused: { name: '', url: cut(safeUrlText(regionUrl), 200), reason: normalized ? 'notListed' : 'notUrl' } };
}

/**
 * Monolith mode, every self-hosted install: one region named SENTRY_MONOLITH_REGION (`--monolith--`,
 * src/sentry/conf/server.py) at the server's `system.url-prefix`, which need not be the address the
 * user typed. Such a server is used as before: everything at the user's base URL.
 */
export const MONOLITH_REGION = '--monolith--';

export function isMonolith(answer: UserRegions): boolean {
  return answer.regions.length === 1 && answer.regions[0].name === MONOLITH_REGION;
}

/** Why a region got no credential, in words (for a log line and a message). */
export function refusalReason(reason: RegionRefusalReason, serverBaseUrl: string): string {
  const server = new URL(serverBaseUrl);
  const host = server.host;
  switch (reason) {
    case 'notUrl':
      return l10n.t('it is not a web address');
    case 'userInfo':
      return l10n.t('it carries a user name or password');
    case 'downgrade':
      return l10n.t('it is plain http while {0} is https', host);
    case 'foreignHost':
      return l10n.t('it is neither {0} nor one of its subdomains', serverHostOf(hostName(server)) === SENTRY_IO ? SENTRY_IO : host);
    case 'port':
      return l10n.t('it uses another port than {0} and https or http normally do', host);
    case 'notListed':
      return l10n.t('{0} did not list it among its regions', host);
  }
}

/** The host (or the cut text) of a refused URL, to name it without ever making it a link. */
export function refusedHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
