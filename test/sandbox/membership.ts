// Which projects a request acts on when it names none. Sentry's OrganizationEndpoint.get_projects
// (https://github.com/getsentry/sentry/blob/master/src/sentry/api/bases/organization.py): no `project`
// parameter means "all projects I am a member of" (has_project_membership); `project=-1` every project
// the user may access; named projects must each be accessible. In the sandbox every user may access
// every project of an organization, and is a member of each unless control.triage.notMemberOf says not.
import type { Principal } from './api';
import type { SeedOrg, SeedProject } from './seed';
import type { SandboxState } from './state';

/** The projects of `org` a request without `project` acts on: all of them for a credential without a user. */
export function memberProjects(state: SandboxState, p: Principal, org: SeedOrg): SeedProject[] {
  const left = p.userId === null ? undefined : state.notMemberOf.get(p.userId);
  return left ? org.projects.filter((pr) => !left.has(pr.id)) : org.projects;
}

/** Takes the user off the teams of these projects (ids or slugs); an empty list makes them a member of every project again. */
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
