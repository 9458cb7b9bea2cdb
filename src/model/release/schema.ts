/**
 * valibot schemas of releases, their commits and deploys, and of an event's suspect commits and owners,
 * as Sentry's serializers write them (cited beside each). Loose objects like ./schemas.ts: unknown
 * fields are kept, what older servers leave out is optional, lists are read item by item. Every string
 * here came from a server or a commit author: callers show it as text only. No `vscode` import.
 */
import * as z from '../z';
import { lenientList } from '../lenientList';

/** Ids are strings on current servers; a few older serializers wrote numbers. */
const idString = z.lazySchema(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

/** src/sentry/api/serializers/models/repository.py: `url` and `provider` only with an integration. */
export const RepositorySchema = z.lazySchema(() =>
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
export const CommitAuthorSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.optional(idString),
    name: z.nullish(z.string()),
    email: z.nullish(z.string()),
    username: z.nullish(z.string()),
  }),
);

/** src/sentry/api/serializers/models/commit.py (CommitSerializer); `score` from src/sentry/utils/committers.py. */
export const CommitSchema = z.lazySchema(() =>
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
export const DeploySchema = z.lazySchema(() =>
  z.looseObject({
    id: idString,
    environment: z.string(),
    dateStarted: z.nullish(z.string()),
    dateFinished: z.nullish(z.string()),
    name: z.nullish(z.string()),
    url: z.nullish(z.string()),
  }),
);
export const DeployListSchema = z.lazySchema(() => lenientList(DeploySchema));
export const CommitListSchema = z.lazySchema(() => lenientList(CommitSchema));

/**
 * src/sentry/api/serializers/models/release.py (ReleaseSerializer). Only `version` is required: the
 * first/last release of an issue is `{version}` alone when the release row is gone.
 */
export const ReleaseSchema = z.lazySchema(() =>
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
export const ReleaseListSchema = z.lazySchema(() => lenientList(ReleaseSchema));

export const FirstLastReleaseSchema = z.lazySchema(() =>
  z.looseObject({
    id: z.optional(idString),
    firstRelease: z.nullish(ReleaseSchema),
    lastRelease: z.nullish(ReleaseSchema),
  }),
);

/** src/sentry/utils/committers.py (get_serialized_event_file_committers): commits grouped by author. */
export const CommitterSchema = z.lazySchema(() =>
  z.looseObject({
    author: z.nullish(CommitAuthorSchema),
    commits: lenientList(CommitSchema),
  }),
);
export const CommittersSchema = z.lazySchema(() => z.looseObject({ committers: lenientList(CommitterSchema) }));

/** src/sentry/api/serializers/models/actor.py: `{type, id, name}`, `email` for a user. */
export const ActorSchema = z.lazySchema(() =>
  z.looseObject({
    type: z.string(),
    id: idString,
    name: z.nullish(z.string()),
    email: z.nullish(z.string()),
  }),
);

/** src/sentry/issues/endpoints/event_owners.py: `rule` is the first matching rule's matcher, a `[type, pattern]` pair. */
export const OwnersSchema = z.lazySchema(() =>
  z.looseObject({
    owners: lenientList(ActorSchema),
    rule: z.optional(z.unknown()),
    rules: z.optional(z.unknown()),
  }),
);

export type Repository = z.InferOutput<typeof RepositorySchema>;
export type CommitAuthor = z.InferOutput<typeof CommitAuthorSchema>;
export type Commit = z.InferOutput<typeof CommitSchema>;
export type Deploy = z.InferOutput<typeof DeploySchema>;
export type Release = z.InferOutput<typeof ReleaseSchema>;
export type FirstLastRelease = z.InferOutput<typeof FirstLastReleaseSchema>;
export type Committer = z.InferOutput<typeof CommitterSchema>;
export type Actor = z.InferOutput<typeof ActorSchema>;
export type Owners = z.InferOutput<typeof OwnersSchema>;
