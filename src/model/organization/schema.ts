/**
 * An organization and what belongs to it as Sentry's API sends them: the organization list (with
 * its region's URL), the regions of the user's account, projects, environments, members, teams and code mappings. Loose objects: unknown
 * fields are kept; lists are read item by item (../lenientList.ts). No `vscode` import.
 */
import * as z from '../z';
import { lenientList } from '../lenientList';

/** GET /api/0/organizations/{org}/members/: who an issue can be assigned to (`user.id` is the assignee id). */
export const MemberSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.string(),
    email: z.string(),
    name: z.nullish(z.string()),
    pending: z.optional(z.boolean()),
    user: z.nullish(z.looseObject({ id: z.string(), name: z.nullish(z.string()), username: z.nullish(z.string()), email: z.nullish(z.string()) })),
  }),
);
export const MemberListSchema = z.lazySchema(() => lenientList(MemberSchema));

/** GET /api/0/organizations/{org}/teams/. */
export const TeamSchema = z.lazySchema(() => z.looseObject({ id: z.string(), slug: z.string(), name: z.nullish(z.string()), isMember: z.optional(z.boolean()) }));
export const TeamListSchema = z.lazySchema(() => lenientList(TeamSchema));

/** GET /api/0/organizations/ (the shape real servers send; see test/fixtures/organizations-list.json). */
export const OrganizationSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    links: z.optional(z.looseObject({ organizationUrl: z.nullish(z.string()), regionUrl: z.nullish(z.string()) })),
  }),
);
export const OrganizationListSchema = z.lazySchema(() => lenientList(OrganizationSchema));

/** GET /api/0/organizations/{org}/projects/. */
export const ProjectSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.string(),
    slug: z.string(),
    name: z.nullish(z.string()),
    platform: z.nullish(z.string()),
  }),
);
/** One environment of an organization (OpenAPI listOrganizationEnvironments). */
export const EnvironmentSchema = z.lazySchema(() => z.looseObject({ id: z.string(), name: z.string() }));
export const EnvironmentListSchema = z.lazySchema(() => lenientList(EnvironmentSchema));

export const ProjectListSchema = z.lazySchema(() => lenientList(ProjectSchema));

/**
 * A code mapping of a project (RepositoryProjectPathConfigSerializer in Sentry's
 * src/sentry/integrations/api/serializers/models/repository_project_path_config.py): frames whose
 * path starts with `stackRoot` are at `sourceRoot` + the rest in repository `repoName`. Ids are
 * strings; `integrationId` is null for a mapping without an integration, which Sentry never applies.
 */
export const CodeMappingSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.string(),
    projectId: z.nullish(z.string()),
    repoName: z.nullish(z.string()),
    integrationId: z.nullish(z.string()),
    stackRoot: z.pipe(z.string(), z.maxLength(1000)),
    sourceRoot: z.pipe(z.string(), z.maxLength(1000)),
    automaticallyGenerated: z.nullish(z.boolean()),
  }),
);
export const CodeMappingListSchema = z.lazySchema(() => lenientList(CodeMappingSchema));

export type Member = z.InferOutput<typeof MemberSchema>;
export type Team = z.InferOutput<typeof TeamSchema>;
export type Organization = z.InferOutput<typeof OrganizationSchema>;
export type Project = z.InferOutput<typeof ProjectSchema>;
export type Environment = z.InferOutput<typeof EnvironmentSchema>;
export type CodeMapping = z.InferOutput<typeof CodeMappingSchema>;

/** GET /api/0/users/me/regions/ (user_regions.py): `{ regions: [{ name, url }] }`. */
export const UserRegionsSchema = z.lazySchema(() =>
  z.looseObject({
    regions: z.array(z.looseObject({ name: z.string(), url: z.string() })),
  }),
);
export type UserRegions = z.InferOutput<typeof UserRegionsSchema>;

/** GET /api/0/{org}/{project}/user-reports/: free-form records, masked where they enter. */
export const UserReportListSchema = z.lazySchema(() => z.array(z.record(z.string(), z.unknown())));
