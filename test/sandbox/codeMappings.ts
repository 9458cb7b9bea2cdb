// GET /api/0/organizations/{org}/code-mappings/?project=<id>: a project's code mappings, as Sentry serves
// them (src/sentry/integrations/api/endpoints/organization_code_mappings.py, a private endpoint):
// - permission OrganizationIntegrationsLoosePermission (src/sentry/api/bases/organization.py): GET takes any
//   of org:read, org:write, org:admin, org:integrations, org:ci; else 403;
// - `project` is read by get_projects (membership.ts; getsentry/sentry@c7ee81d7f633c76aefe1d1655662df659e7fbdf4's
//   docstring: "Pass "-1" to filter to 'all projects user has access to'. Omit to filter for 'all
//   projects user is a member of'."): numeric ("Invalid project parameter. Values must be numbers.",
//   400), each named one accessible (else PermissionDenied: 403), `-1` every accessible project, none
//   the caller's member projects;
// - OffsetPaginator: `per_page` (at most 100) and `cursor`, the next page in the Link header;
// - each item as RepositoryProjectPathConfigSerializer writes it
//   (src/sentry/integrations/api/serializers/models/repository_project_path_config.py): string ids,
//   repoName, integrationId, provider, stackRoot, sourceRoot, defaultBranch, automaticallyGenerated.
// Both profiles serve it: the endpoint is older than either server version.
import { authenticate, pageCtx, requireScope, resolveOrg, type Ctx } from './api';
import { fail, json, pageSize, paginate, parseCursor, type Res } from './http';
import { requestedProjects } from './membership';
import type { SeedProject } from './seed';

/** A code mapping as the seed keeps it on its project. */
export interface SeedCodeMapping {
  id: string;
  stackRoot: string;
  sourceRoot: string;
  repoName: string;
  defaultBranch: string;
  automaticallyGenerated: boolean;
}

function serialize(p: SeedProject, m: SeedCodeMapping): Record<string, unknown> {
  return {
    id: m.id,
    projectId: p.id,
    projectSlug: p.slug,
    repoId: String(1000 + Number(m.id)),
    repoName: m.repoName,
    integrationId: '7',
    provider: { key: 'github', slug: 'github', name: 'GitHub', canAdd: true, canDisable: false, features: ['codeowners', 'commits', 'issue-basic', 'stacktrace-link'], aspects: {} },
    stackRoot: m.stackRoot,
    sourceRoot: m.sourceRoot,
    defaultBranch: m.defaultBranch,
    automaticallyGenerated: m.automaticallyGenerated,
  };
}

export function listCodeMappings(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['org:read', 'org:write', 'org:admin', 'org:integrations', 'org:ci']);
  const keys = ctx.params.getAll('project');
  if (keys.some((k) => !/^-?\d+$/.test(k))) fail(400, 'Invalid project parameter. Values must be numbers.');
  const projects = requestedProjects(ctx.state, p, org, keys);
  const items = projects.flatMap((pr) => (pr.codeMappings ?? []).map((cm) => serialize(pr, cm)));
  const limit = pageSize(ctx.params, 'per_page', 100, 100);
  const { page, link } = paginate(pageCtx(ctx), items, parseCursor(ctx.params.get('cursor')), limit);
  return json(200, page, { link });
}
