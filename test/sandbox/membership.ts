// Which projects a request acts on, as Sentry's OrganizationEndpoint.get_projects decides
// (src/sentry/api/bases/organization.py, getsentry/sentry@1598a7cfc3d1c400342eff936ecc986cc0741e0f and
// today's _filter_projects_by_permissions, unchanged in this): "A project_id of -1 means 'all projects I
// have access to' While no project_ids means 'all projects I am a member of'"; named projects must
// each be accessible, else PermissionDenied (403).
// - A member of a project is on a team the project belongs to (has_project_membership).
// - Access (has_project_access, src/sentry/auth/access.py) is membership, or global access:
//   the organization's open membership (`flags.allow_joinleave`, on by default: the BitField's
//   `default=1` in src/sentry/models/organization.py) or a role whose is_global is set (owner,
//   manager, admin). A credential without a user (an API key, an integration) sees every project.
// The seed: `worker` belongs to the backend team alone, which the seed's user (the owner) is not on,
// so in `acme`, open as Sentry's organizations are by default, the user sees it, searches it and
// triages it, but a request naming no `project` leaves it out (people.ts, PROJECT_TEAMS).
import { DETAIL, fail } from './http';
import type { Principal } from './api';
import { projectTeams } from './people';
import type { SeedOrg, SeedProject } from './seed';
import type { SandboxState } from './state';

/** Whether the user is on a team of the project (a credential without a user: every project). */
function isMember(state: SandboxState, userId: string | null, project: SeedProject): boolean {
  if (userId === null) return true;
  if (state.notMemberOf.get(userId)?.has(project.id)) return false;
  return projectTeams(project, state.seed.members).some((t) => t.memberIds.includes(userId));
}

/** The projects of `org` a request without `project` acts on (has_project_membership). */
export function memberProjects(state: SandboxState, p: Principal, org: SeedOrg): SeedProject[] {
  return org.projects.filter((pr) => isMember(state, p.userId, pr));
}

/** Whether the organization lets every member join any team, so see every project (Sentry's default). */
export function isOpenMembership(state: SandboxState, org: SeedOrg): boolean {
  return !state.closedMembership.has(org.id);
}

/** The seed's user is the owner of every organization; the other members have the `member` role, which is not global. */
function hasGlobalRole(state: SandboxState, userId: string): boolean {
  return userId === state.seed.user.id;
}

/** Whether the credential may read and change the project's issues (has_project_access). */
export function hasProjectAccess(state: SandboxState, p: Principal, project: SeedProject): boolean {
  if (p.userId === null || isOpenMembership(state, project.org) || hasGlobalRole(state, p.userId)) return true;
  return isMember(state, p.userId, project);
}

/** The projects of `org` the credential may access: what `project=-1` asks for. */
export function accessibleProjects(state: SandboxState, p: Principal, org: SeedOrg): SeedProject[] {
  return org.projects.filter((pr) => hasProjectAccess(state, p, pr));
}

/**
 * get_projects: no key, the member projects; `-1` among them, the accessible ones; else the projects
 * the keys name (ids, or slugs where the caller allows them), each accessible, or 403.
 */
export function requestedProjects(state: SandboxState, p: Principal, org: SeedOrg, keys: readonly string[]): SeedProject[] {
  if (keys.length === 0) return memberProjects(state, p, org);
  if (keys.includes('-1')) return accessibleProjects(state, p, org);
  const named = keys.map((key) => org.projects.find((pr) => pr.id === key || pr.slug === key) ?? fail(403, DETAIL.forbidden));
  if (named.some((pr) => !hasProjectAccess(state, p, pr))) fail(403, DETAIL.forbidden);
  return [...new Set(named)];
}

/** Takes the user off the teams of these projects (ids or slugs); an empty list puts the user back on the seeded teams. */
export function setNotMemberOf(state: SandboxState, userId: string, projects: readonly string[]): string[] {
  const ids = projects.map((key) => {
    const project = state.seed.projects.find((pr) => pr.id === key || pr.slug === key);
    if (!project) throw new Error(`unknown project ${key}`);
    return project.id;
  });
  if (ids.length) state.notMemberOf.set(userId, new Set(ids));
  else state.notMemberOf.delete(userId);
  return ids;
}

/** Turns an organization's open membership off (members then see only their teams' projects) or back on. */
export function setOpenMembership(state: SandboxState, orgKey: string, open: boolean): boolean {
  const org = state.seed.org(orgKey);
  if (!org) throw new Error(`unknown org ${orgKey}`);
  if (open) state.closedMembership.delete(org.id);
  else state.closedMembership.add(org.id);
  return open;
}
