/**
 * The projects' code mappings from Sentry (GET /api/0/organizations/{org}/code-mappings/?project=<id>),
 * read once per project and kept for an hour, shared by every frame the editor resolves: what Sentry's
 * own web UI links a frame to the repository with. A server or token that cannot read them (an old
 * server's 404, a 403 without `org:read`) is said once in the log and resolved without them. Mappings
 * without an integration are left out, as Sentry leaves them out (get_sorted_code_mapping_configs).
 * No `vscode` import.
 */
import type { SentryClient } from '../../api/client';
import { errorKind } from '../../contracts/errors';
import type { CodeMapping } from './frameResolver';

/** How long a project's mappings are used before they are read again. */
const KEEP_MS = 60 * 60_000;
/** Pages read of one project's mappings (100 each): more is a hostile answer. */
const MAX_PAGES = 5;

export interface CodeMappingLog {
  info(message: string): void;
  warn(message: string): void;
}

interface Kept {
  readonly at: number;
  readonly mappings: Promise<readonly CodeMapping[]>;
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
  forProject(client: SentryClient, org: string, projectId: string | undefined): Promise<readonly CodeMapping[]> {
    if (!projectId || !/^\d{1,20}$/.test(projectId) || this.refused.has(client.baseUrl)) return Promise.resolve([]);
    const key = JSON.stringify([client.baseUrl, org, projectId]);
    const kept = this.kept.get(key);
    if (kept && this.now() - kept.at < KEEP_MS) return kept.mappings;
    const mappings = this.read(client, org, projectId);
    this.kept.set(key, { at: this.now(), mappings });
    return mappings;
  }

  /** What was read of a project's mappings, without a request (the AI's tools add no request of their own). */
  async peek(client: SentryClient, org: string, projectId: string | undefined): Promise<readonly CodeMapping[]> {
    const kept = this.kept.get(JSON.stringify([client.baseUrl, org, projectId]));
    return kept ? kept.mappings : [];
  }

  /** Forgets what was read and refused (sign-out, another session). */
  forget(): void {
    this.kept.clear();
    this.refused.clear();
  }

  private async read(client: SentryClient, org: string, projectId: string): Promise<readonly CodeMapping[]> {
    const out: CodeMapping[] = [];
    let cursor: string | undefined;
    try {
      for (let n = 0; n < MAX_PAGES; n++) {
        this.requests++;
        const page = await client.listCodeMappings(org, projectId, { cursor });
        for (const m of page.items) {
          if (m.integrationId === null || m.integrationId === undefined) continue;
          out.push({ stackRoot: m.stackRoot, sourceRoot: m.sourceRoot, ...(m.repoName ? { repoName: m.repoName } : {}) });
        }
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
    } catch (err) {
      const kind = errorKind(err);
      if (kind === 'forbidden' || kind === 'notFound' || kind === 'badRequest') {
        this.refused.add(client.baseUrl);
        this.log.info(`[editor] ${client.baseUrl} does not give this account its code mappings (${(err as Error).message}); frames are matched by their paths alone`);
      } else this.log.warn(`[editor] could not read the code mappings of project ${projectId}: ${(err as Error).message}`);
      // Not kept: the next resolution asks again (after a refusal, nothing is asked).
      this.kept.delete(JSON.stringify([client.baseUrl, org, projectId]));
      return out;
    }
    if (out.length) this.log.info(`[editor] ${out.length} code mapping${out.length === 1 ? '' : 's'} of project ${projectId}`);
    return out;
  }
}
