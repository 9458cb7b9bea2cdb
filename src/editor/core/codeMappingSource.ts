/**
 * The projects' code mappings from Sentry (GET /api/0/organizations/{org}/code-mappings/?project=-1),
 * read for the whole organization at once and kept for an hour, shared by every frame the editor
 * resolves: what Sentry's own web UI links a frame to the repository with. `project=-1` is "all projects
 * the user has access to" (the endpoint's docstring, organization_code_mappings.py), and each mapping
 * names its project (RepositoryProjectPathConfigSerializer's projectId), so open files of five projects
 * cost one request, not five. A server or token that cannot read them (an old server's 404, a 403
 * without `org:read`) is said once in the log and resolved without them. Mappings without an
 * integration are left out, as Sentry leaves them out (get_sorted_code_mapping_configs); each keeps
 * its id and whether Sentry generated it, which decide its place in Sentry's order (./frameResolver.ts).
 * No `vscode` import.
 */
import type { SentryClient } from '../../api/client';
import { errorKind } from '../../contracts/errors';
import type { CodeMapping } from './frameResolver';

/** How long an organization's mappings are used before they are read again. */
const KEEP_MS = 60 * 60_000;
/** Pages read of an organization's mappings (100 each): more is a hostile answer. */
const MAX_PAGES = 10;

export interface CodeMappingLog {
  info(message: string): void;
  warn(message: string): void;
}

type ByProject = ReadonlyMap<string, readonly CodeMapping[]>;

interface Kept {
  readonly at: number;
  readonly mappings: Promise<ByProject>;
}

export class CodeMappingSource {
  private readonly kept = new Map<string, Kept>();
  /** Servers (and sessions) that refused the endpoint: not asked again until forget(). */
  private readonly refused = new Set<string>();
  /** Requests made (for the figures). */
  requests = 0;

  constructor(
    private readonly log: CodeMappingLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** The code mappings of a project (numeric id) of the organization; [] when there are none or they cannot be read. */
  async forProject(client: SentryClient, org: string, projectId: string | undefined): Promise<readonly CodeMapping[]> {
    if (!projectId || !/^\d{1,20}$/.test(projectId)) return [];
    return (await this.byProject(client, org)).get(projectId) ?? [];
  }

  /** The organization's mappings by project: read once, kept an hour; none from a server that refused them. */
  private async byProject(client: SentryClient, org: string): Promise<ByProject> {
    if (this.refused.has(client.baseUrl)) return new Map();
    const key = JSON.stringify([client.baseUrl, org]);
    let kept = this.kept.get(key);
    if (!kept || this.now() - kept.at >= KEEP_MS) {
      kept = { at: this.now(), mappings: this.read(client, org, key) };
      this.kept.set(key, kept);
    }
    return kept.mappings;
  }

  /**
   * Every mapping of the organization (what a repository's mappings say holds whichever project they
   * belong to: Seer names the repository, not the project); the same read as forProject.
   */
  async forOrganization(client: SentryClient, org: string): Promise<readonly CodeMapping[]> {
    return [...(await this.byProject(client, org)).values()].flat();
  }

  /** What was read of a project's mappings, without a request (the AI's tools add no request of their own). */
  async peek(client: SentryClient, org: string, projectId: string | undefined): Promise<readonly CodeMapping[]> {
    const kept = this.kept.get(JSON.stringify([client.baseUrl, org]));
    return kept && projectId ? ((await kept.mappings).get(projectId) ?? []) : [];
  }

  /** Forgets what was read and refused (sign-out, another session). */
  forget(): void {
    this.kept.clear();
    this.refused.clear();
  }

  private async read(client: SentryClient, org: string, key: string): Promise<ByProject> {
    const out = new Map<string, CodeMapping[]>();
    let count = 0;
    let cursor: string | undefined;
    try {
      for (let n = 0; n < MAX_PAGES; n++) {
        this.requests++;
        const page = await client.listCodeMappings(org, '-1', { cursor });
        for (const m of page.items) {
          if (m.integrationId === null || m.integrationId === undefined || !m.projectId) continue;
          const kept: CodeMapping = {
            id: m.id,
            stackRoot: m.stackRoot,
            sourceRoot: m.sourceRoot,
            automaticallyGenerated: m.automaticallyGenerated === true,
            ...(m.repoName ? { repoName: m.repoName } : {}),
          };
          out.set(m.projectId, [...(out.get(m.projectId) ?? []), kept]);
          count++;
        }
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
    } catch (err) {
      const kind = errorKind(err);
      if (kind === 'forbidden' || kind === 'notFound' || kind === 'badRequest') {
        this.refused.add(client.baseUrl);
        this.log.info(`[editor] ${client.baseUrl} does not give this account its code mappings (${(err as Error).message}); frames are matched by their paths alone`);
      } else this.log.warn(`[editor] could not read the code mappings of organization ${org}: ${(err as Error).message}`);
      // Not kept: the next resolution asks again (after a refusal, nothing is asked).
      this.kept.delete(key);
      return out;
    }
    if (count) this.log.info(`[editor] ${count} code mapping${count === 1 ? '' : 's'} of ${out.size} project${out.size === 1 ? '' : 's'} in ${org}`);
    return out;
  }
}
