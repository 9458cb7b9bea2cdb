/**
 * zod schemas of releases, their commits and deploys, and of an event's suspect commits and owners,
 * as Sentry's serializers write them (cited beside each). Loose objects like ./schemas.ts: unknown
 * fields are kept, what older servers leave out is optional, lists are read item by item. Every string
 * here came from a server or a commit author: callers show it as text only. No `vscode` import.
 */
import * as z from '../z';
import { lenientList } from '../lenientList';

/** Ids are strings on current servers; a few older serializers wrote numbers. */
const idString = z.lazy(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

/** src/sentry/api/serializers/models/repository.py: `url` and `provider` only with an integration. */
export const RepositorySchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(idString),
    name: z.string(),
    url: z.nullish(z.string()),
    provider: z.nullish(z.looseObject({ id: z.nullish(z.string()), name: z.nullish(z.string()) })),
  }),
);

/**
 * A commit's author: a Sentry user when one has its email (get_users_for_authors in
 * src/sentry/api/serializers/models/release.py), else `{name, email}` as the commit named them.
 */
export const CommitAuthorSchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(idString),
    name: z.nullish(z.string()),
    email: z.nullish(z.string()),
    username: z.nullish(z.string()),
  }),
);

/** src/sentry/api/serializers/models/commit.py (CommitSerializer); `score` from src/sentry/utils/committers.py. */
export const CommitSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    message: z.nullish(z.string()),
    dateCreated: z.nullish(z.string()),
    repository: z.nullish(RepositorySchema),
    author: z.nullish(CommitAuthorSchema),
    suspectCommitType: z.nullish(z.string()),
    score: z.nullish(z.number()),
  }),
);

/** src/sentry/api/serializers/models/deploy.py. */
export const DeploySchema = z.lazy(() =>
  z.looseObject({
    id: idString,
    environment: z.string(),
    dateStarted: z.nullish(z.string()),
    dateFinished: z.nullish(z.string()),
    name: z.nullish(z.string()),
    url: z.nullish(z.string()),
  }),
);
export const DeployListSchema = z.lazy(() => lenientList(DeploySchema));
export const CommitListSchema = z.lazy(() => lenientList(CommitSchema));

/**
 * src/sentry/api/serializers/models/release.py (ReleaseSerializer). Only `version` is required: the
 * first/last release of an issue is `{version}` alone when the release row is gone.
 */
export const ReleaseSchema = z.lazy(() =>
  z.looseObject({
    version: z.string(),
    shortVersion: z.nullish(z.string()),
    ref: z.nullish(z.string()),
    url: z.nullish(z.string()),
    dateCreated: z.nullish(z.string()),
    dateReleased: z.nullish(z.string()),
    commitCount: z.nullish(z.number()),
    deployCount: z.nullish(z.number()),
    lastCommit: z.nullish(CommitSchema),
    lastDeploy: z.nullish(DeploySchema),
    firstEvent: z.nullish(z.string()),
    lastEvent: z.nullish(z.string()),
  }),
);

/** src/sentry/issues/endpoints/group_first_last_release.py. */
export const ReleaseListSchema = z.lazy(() => lenientList(ReleaseSchema));

export const FirstLastReleaseSchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(idString),
    firstRelease: z.nullish(ReleaseSchema),
    lastRelease: z.nullish(ReleaseSchema),
  }),
);

/** src/sentry/utils/committers.py (get_serialized_event_file_committers): commits grouped by author. */
export const CommitterSchema = z.lazy(() =>
  z.looseObject({
    author: z.nullish(CommitAuthorSchema),
    commits: lenientList(CommitSchema),
  }),
);
export const CommittersSchema = z.lazy(() => z.looseObject({ committers: lenientList(CommitterSchema) }));

/** src/sentry/api/serializers/models/actor.py: `{type, id, name}`, `email` for a user. */
export const ActorSchema = z.lazy(() =>
  z.looseObject({
    type: z.string(),
    id: idString,
    name: z.nullish(z.string()),
    email: z.nullish(z.string()),
  }),
);

/** src/sentry/issues/endpoints/event_owners.py: `rule` is the first matching rule's matcher, a `[type, pattern]` pair. */
export const OwnersSchema = z.lazy(() =>
  z.looseObject({
    owners: lenientList(ActorSchema),
    rule: z.optional(z.unknown()),
    rules: z.optional(z.unknown()),
  }),
);

export type Repository = z.infer<typeof RepositorySchema>;
export type CommitAuthor = z.infer<typeof CommitAuthorSchema>;
export type Commit = z.infer<typeof CommitSchema>;
export type Deploy = z.infer<typeof DeploySchema>;
export type Release = z.infer<typeof ReleaseSchema>;
export type FirstLastRelease = z.infer<typeof FirstLastReleaseSchema>;
export type Committer = z.infer<typeof CommitterSchema>;
export type Actor = z.infer<typeof ActorSchema>;
export type Owners = z.infer<typeof OwnersSchema>;
