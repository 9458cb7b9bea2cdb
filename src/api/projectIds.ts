/**
 * Project slugs as the numeric ids every server takes in a `project=` query parameter. Servers built
 * before June 2026 read `project` with `int()` and answer 400 to a slug, and self-hosted installs run
 * months behind sentry.io, so the client never sends a slug there: the ids come from the
 * organization's project list, read once per client (one client is one session on one server) and
 * organization, and read again when a slug is not in it (at most once a minute, so a project that
 * does not exist costs no request per list). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { ForbiddenError, NotFoundError } from './errors';
import type { Project } from '../model/organization/schema';

/** A slug no project of the organization has: no request is sent with it. */
export class UnknownProjectError extends NotFoundError {
  constructor(
    readonly slug: string,
    readonly org: string,
  ) {
    super(l10n.t('Project "{0}" in organization "{1}"', slug, org), undefined, `GET /api/0/organizations/${encodeURIComponent(org)}/projects/`);
  }
}

/** A project list newer than this is trusted to lack a slug; an older one is read again first. */
export const PROJECT_LIST_FRESH_MS = 60_000;

/** Sentry refuses slugs of digits alone (src/sentry/slug/patterns.py), so such a value is an id, as `-1` (every project) is. */
const ID = /^-?\d+$/;

interface OrgProjects {
  readonly bySlug: ReadonlyMap<string, string>;
  readonly at: number;
  /** The list could not be read for want of a scope (403): slugs go as they are, as before ids were known. */
  readonly unreadable: boolean;
}

export class ProjectIds {
  private readonly orgs = new Map<string, OrgProjects>();
  private readonly loading = new Map<string, Promise<OrgProjects>>();
  /** Project lists read so far (for the tests and figures). */
  reads = 0;

  constructor(
    /** Every project of the organization (every page). */
    private readonly list: (org: string) => Promise<readonly Project[]>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The ids of `keys` (slugs or ids), in their order. An id is kept as it is; a slug is looked up,
   * in a list read again when it lacks the slug and is older than PROJECT_LIST_FRESH_MS. A slug
   * still unknown is an UnknownProjectError; a list the token may not read (403) leaves the slugs
   * as they are (sentry.io takes them), any other failure of the list is thrown.
   */
  async idsOf(org: string, keys: readonly string[]): Promise<string[]> {
    if (keys.every((k) => ID.test(k))) return [...keys];
    let known = this.orgs.get(org) ?? (await this.load(org));
    const missing = (o: OrgProjects) => keys.find((k) => !ID.test(k) && !o.bySlug.has(k));
    if (!known.unreadable && missing(known) !== undefined && this.now() - known.at >= PROJECT_LIST_FRESH_MS) known = await this.load(org);
    if (known.unreadable) return [...keys];
    const unknown = missing(known);
    if (unknown !== undefined) throw new UnknownProjectError(unknown, org);
    return keys.map((k) => (ID.test(k) ? k : known.bySlug.get(k)!));
  }

  /** One read of the organization's projects at a time, shared by every caller waiting for it. */
  private load(org: string): Promise<OrgProjects> {
    let pending = this.loading.get(org);
    if (!pending) {
      this.reads++;
      pending = this.list(org)
        .then(
          (projects): OrgProjects => ({ bySlug: new Map(projects.map((p) => [p.slug, p.id])), at: this.now(), unreadable: false }),
          (err: unknown): OrgProjects => {
            if (!(err instanceof ForbiddenError)) throw err;
            return { bySlug: new Map(), at: this.now(), unreadable: true };
          },
        )
        .then((o) => {
          this.orgs.set(org, o);
          return o;
        })
        .finally(() => this.loading.delete(org));
      this.loading.set(org, pending);
    }
    return pending;
  }
}
