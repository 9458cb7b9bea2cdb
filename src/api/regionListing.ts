/**
 * Every organization of a multi-region server (sentry.io) in as few requests as the server allows.
 *
 * Since mid-2026 sentry.io's main host lists the organizations of every region, each with its
 * `links.regionUrl` (the control silo's list: getsentry/sentry src/sentry/core/endpoints/
 * organization_index.py, getsentry/sentry#112622 and #115513; getsentry/cli#1212 dropped its
 * per-region requests for it). Before, that list held the US region's organizations only, and a
 * client asked each region's host for its own. Which one a server is cannot be told from its
 * version, so the main host's list is read first: a region none of its organizations belongs to
 * (by its regionUrl, or the main host being that region's host) is asked for its own list, and
 * only those. A region whose list fails is reported, not the whole listing: the organizations the
 * other lists gave are shown. Where no list gave any, the failure is the answer.
 * No `vscode` import.
 */
import { isAbortError } from '../util/signal';
import { UnauthorizedError } from './errors';
import { organizationBase, type Region, type RegionRefusal } from './regions';
import type { Organization } from '../model/organization/schema';

/** A region whose organizations could not be listed: named for a log line and a message. */
export interface RegionFailure {
  /** The region's name as the server gave it, cut to 60 characters. */
  readonly name: string;
  /** Its base URL (one the server listed and regions.ts accepted). */
  readonly url: string;
  readonly error: unknown;
}

export type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

export async function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, error };
  }
}

export interface RegionListing {
  /** Each organization once (the first list that named it wins), with the base URL its requests go to. */
  organizations: Array<{ org: Organization; baseUrl: string }>;
  /** Organizations whose regionUrl the server did not list among its regions (routed where they were listed). */
  refused: RegionRefusal[];
  failed: RegionFailure[];
  /** Regions asked for their own list because the main host's list had none of theirs. */
  asked: string[];
}

/** A failure that is no region's: the credential's verdict (401) or the caller's cancel, thrown as it is. */
function isVerdict(err: unknown): boolean {
  return isAbortError(err) || (err instanceof UnauthorizedError && err.code === undefined);
}

/**
 * `main` is the main host's list (settled), `regions` the regions the server listed and regions.ts
 * accepted, `listRegion` one region's whole list.
 */
export async function listAcrossRegions(
  baseUrl: string,
  regions: readonly Region[],
  main: Settled<Organization[]>,
  listRegion: (regionBase: string) => Promise<Organization[]>,
): Promise<RegionListing> {
  if (!main.ok && isVerdict(main.error)) throw main.error;
  const covered = new Set<string>();
  const failed: RegionFailure[] = [];
  const regionOf = (base: string) => regions.find((r) => r.baseUrl === base);
  const sources: Array<{ listedAt: string; orgs: Organization[] }> = [];
  if (main.ok) {
    sources.push({ listedAt: baseUrl, orgs: main.value });
    // The main host's list always covers the region served at the main host's own address.
    covered.add(baseUrl);
    for (const org of main.value) {
      const route = organizationBase(baseUrl, org.links?.regionUrl, regions);
      if (!route.refused) covered.add(route.baseUrl);
    }
  } else {
    const own = regionOf(baseUrl);
    if (own) failed.push({ name: own.name.slice(0, 60), url: own.baseUrl, error: main.error });
  }
  const missing = regions.filter((r) => !covered.has(r.baseUrl) && r.baseUrl !== baseUrl);
  const answers = await Promise.all(missing.map(async (r) => ({ region: r, result: await settle(listRegion(r.baseUrl)) })));
  for (const { region, result } of answers) {
    if (result.ok) sources.push({ listedAt: region.baseUrl, orgs: result.value });
    else if (isVerdict(result.error)) throw result.error;
    else failed.push({ name: region.name.slice(0, 60), url: region.baseUrl, error: result.error });
  }
  const organizations: RegionListing['organizations'] = [];
  const refused: RegionRefusal[] = [];
  const seen = new Set<string>();
  for (const { listedAt, orgs } of sources) {
    for (const org of orgs) {
      if (seen.has(org.slug)) continue;
      seen.add(org.slug);
      const route = organizationBase(listedAt, org.links?.regionUrl, regions);
      if (route.refused) refused.push({ ...route.refused, name: org.slug.slice(0, 60) });
      organizations.push({ org, baseUrl: route.baseUrl });
    }
  }
  // Nothing to show: a partial answer would read as "this account has no organization".
  if (organizations.length === 0) {
    if (!main.ok) throw main.error;
    if (failed.length) throw failed[0].error;
  }
  return { organizations, refused, failed, asked: missing.map((r) => r.baseUrl) };
}
