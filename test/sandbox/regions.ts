// Data regions (SandboxOptions.regions): the EU organization on a server of its own, the regions
// endpoint, and who is a member of what.
//
// - GET /api/0/users/me/regions/: src/sentry/users/api/endpoints/user_regions.py (UserRegionsEndpoint,
//   a control-silo endpoint): scope org:read, the current user only (`me` or their own id, else 403;
//   UserRegionEndpointPermissions), a credential without a user is refused (UserPermission: 403);
//   `{ regions: [{ name, url }] }` for the distinct regions of the user's organizations, sorted by
//   name (OrganizationMapping ... .distinct("region_name").order_by("region_name")), each
//   Region.api_serialize() (src/sentry/types/region.py): in monolith mode one region,
//   SENTRY_MONOLITH_REGION `--monolith--` (src/sentry/conf/server.py) at `system.url-prefix`.
// - GET /api/0/organizations/ on sentry.io's main host: since mid-2026 the control silo lists the
//   organizations of every region, each with its links.regionUrl (profiles.ts, organizationList:
//   src/sentry/core/endpoints/organization_index.py, _get_from_control); before, the API gateway
//   pinned the org-less list to the US region (REGION_PINNED_URL_NAMES, getsentry/sentry#60477),
//   SandboxOptions.organizationList 'home-region'. On a region host: that region's (_get_from_cell).
//   Organization-scoped requests to the main
//   host are proxied to the organization's region by the API gateway
//   (src/sentry/hybridcloud/apigateway/apigateway.py), so they are served there too; a region
//   host does not know another region's organizations (404).
import { authenticate, type Ctx, type Principal, requireScope } from './api';
import { DETAIL, fail, json, type Res } from './http';
import { EU_USER, type SeedOrg } from './seed';
import type { SandboxState } from './state';

export const MONOLITH_REGION = '--monolith--';

/** Whether the user is a member of the organization: the EU-only user of the EU organizations alone, everyone else of all. */
export function isOrgMember(userId: string | null, org: SeedOrg): boolean {
  return userId !== EU_USER.id || org.region === 'de';
}

/** The organizations a principal sees: its token's one, the user's memberships, and on a region host only that region's. */
export function visibleOrgs(ctx: Ctx, p: Principal): SeedOrg[] {
  return ctx.state.seed.orgs.filter((o) => (p.org === null || p.org === o.slug) && isOrgMember(p.userId, o) && listedHere(ctx, o));
}

/** The base URL of the host serving an organization's region. */
export function regionUrlOf(state: SandboxState, org: SeedOrg): string {
  return org.region === 'de' && state.regionUrl ? state.regionUrl : state.url;
}

function listedHere(ctx: Ctx, org: SeedOrg): boolean {
  if (!ctx.state.regionUrl) return true;
  if (ctx.region === 'de') return org.region === 'de';
  return ctx.state.organizationList === 'all-regions' || org.region === 'us';
}

/** GET /api/0/users/{me|id}/regions/ (control silo: the main host only). */
export function userRegions(ctx: Ctx, m: RegExpExecArray): Res {
  if (ctx.region) fail(404, DETAIL.notFound);
  const p = authenticate(ctx);
  if (p.userId === null || (p.kind !== 'user' && p.kind !== 'oauth')) fail(403, DETAIL.forbidden);
  if (m[1] !== 'me' && m[1] !== p.userId) fail(403, DETAIL.forbidden);
  requireScope(p, ['org:read', 'org:write', 'org:admin']);
  const state = ctx.state;
  const mine = state.seed.orgs.filter((o) => isOrgMember(p.userId, o));
  if (state.profile.regions === 'monolith') return json(200, { regions: mine.length ? [{ name: MONOLITH_REGION, url: state.url }] : [] });
  // A multi-region server without the EU host: every organization in its one region, at this host.
  if (!state.regionUrl) return json(200, { regions: mine.length ? [{ name: 'us', url: state.url }] : [] });
  const names = [...new Set(mine.map((o) => o.region))].sort();
  return json(200, { regions: names.map((name) => ({ name, url: name === 'de' ? state.regionUrl : state.url })) });
}

const ORG_PATH = /^\/api\/0\/(?:organizations|projects)\/([^/]+)\/|^\/api\/0\/([^/]+)\/[^/]+\/user-reports\/$/;

/** On a region host, a request for another region's organization finds nothing, as on Sentry's region silos. */
export function checkRegionOf(ctx: Ctx): void {
  if (!ctx.region) return;
  const m = ORG_PATH.exec(ctx.path);
  if (!m) return;
  let key: string;
  try {
    key = decodeURIComponent(m[1] ?? m[2]);
  } catch {
    return;
  }
  const org = ctx.state.seed.org(key);
  if (org && org.region !== ctx.region) fail(404, DETAIL.notFound);
}
