/**
 * The write side of the issue store: sends a triage change to Sentry for one issue or many, showing
 * it at once through the store's optimistic patches and confirming or rolling it back with the
 * server's answer. No `vscode` import; src/triage builds the bodies and asks the user.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient, IssueUpdateBody } from '../../api/client';
import { MAX_BULK_IDS } from '../../api/client';
import { NotFoundError } from '../../api/errors';
import type { Issue, IssueUpdate } from '../../api/schemas';
import { SignedOutError } from '../../contracts/errors';
import type { IssueRef } from '../../contracts/issueRef';
import type { IssueStore } from '../../store/issueStore';

export interface WriteRequest {
  /** Issues of one organization. */
  readonly refs: readonly IssueRef[];
  readonly body: IssueUpdateBody;
  /** What views show until the server answers. */
  readonly change: Partial<Issue>;
  /** One request per project: Sentry refuses a resolution in a release or commit over several projects. */
  readonly perProject?: boolean;
  /**
   * For an undo or a retry: the change it follows was made through this client. The same
   * organization slug and issue ids name other issues on another server or account, so such a
   * write goes only where the change went, and is refused (nothing sent) when the session changed.
   */
  readonly boundTo?: Binding;
}

/**
 * The session manager keeps one client per server and sign-in, so the same client object means the
 * same server and account. `anyAccount`: a new sign-in made for this very change (to add a scope)
 * is another session, so only the server has to be the same.
 */
export interface Binding {
  readonly client: SentryClient;
  readonly anyAccount?: boolean;
}

/** The session is no longer the one the change was made in: nothing was sent. */
export class SessionChangedError extends Error {
  readonly kind = 'sessionChanged';
  constructor() {
    super(l10n.t('You are now signed in to another Sentry server or account: nothing was sent.'));
    this.name = 'SessionChangedError';
  }
}

export interface WriteOutcome {
  /** Issues the server accepted the change for. */
  readonly done: readonly IssueRef[];
  /** Issues whose request failed (rolled back), with the first error. */
  readonly failed: readonly IssueRef[];
  readonly error?: unknown;
  /** Requests sent. */
  readonly requests: number;
  /** The client the requests went through, to bind an undo or a retry to. */
  readonly client?: SentryClient;
}

type Endpoint = 'organization' | 'project';

export class IssueWriter {
  /**
   * Per server base URL: which endpoint answers triage writes. A server without the organization
   * endpoints (404, old self-hosted) gets the deprecated per-project bulk PUT, and the next write
   * goes there at once.
   */
  private readonly endpoint = new Map<string, Endpoint>();

  constructor(
    private readonly store: IssueStore,
    private readonly client: () => Promise<SentryClient | undefined>,
  ) {}

  /**
   * Sends one change; never throws for a server's refusal (see WriteOutcome), only for a bad request
   * shape. One issue is one PUT; several go as one bulk PUT per 100 ids, each chunk its own patch,
   * so a failed chunk rolls back only its issues.
   */
  async write(req: WriteRequest, signal?: AbortSignal): Promise<WriteOutcome> {
    const refs = dedupe(req.refs);
    if (refs.length === 0) throw new RangeError('A write names at least one issue: without ids Sentry would change every issue matching the query.');
    const org = refs[0].org;
    if (refs.some((r) => r.org !== org)) throw new RangeError('A write names issues of one organization.');
    // Earlier writes on these issues are sent first; this one shows at once all the same. Both
    // happen before the first await, so the order of calls is the order of patches and requests.
    const earlier = Promise.all(refs.map((r) => this.store.whenSettled(r.issueId)));
    const chunks = (req.perProject ? byProject(refs) : [refs])
      .flatMap((group) => chunk(group, MAX_BULK_IDS))
      .map((part) => ({ part, handle: this.store.apply({ issueIds: part.map((r) => r.issueId), change: req.change }) }));
    await earlier;
    const client = await this.client();
    if (!client) {
      for (const c of chunks) c.handle.rollback();
      return { done: [], failed: refs, error: new SignedOutError(l10n.t('Sign in to Sentry first: nothing was changed.')), requests: 0 };
    }
    if (req.boundTo && !sameSession(req.boundTo, client)) {
      for (const c of chunks) c.handle.rollback();
      return { done: [], failed: refs, error: new SessionChangedError(), requests: 0 };
    }

    const done: IssueRef[] = [];
    const failed: IssueRef[] = [];
    let error: unknown;
    let requests = 0;
    for (const { part, handle } of chunks) {
      try {
        const sent = await this.send(client, org, part, req.body, signal);
        requests += sent.requests;
        handle.confirm(undefined, sent.answer);
        done.push(...part);
      } catch (err) {
        requests += err instanceof CountedError ? err.requests : 1;
        handle.rollback();
        failed.push(...part);
        error ??= err instanceof CountedError ? err.cause : err;
      }
    }
    return { done, failed, error, requests, client };
  }

  private async send(client: SentryClient, org: string, refs: readonly IssueRef[], body: IssueUpdateBody, signal?: AbortSignal): Promise<{ answer: IssueUpdate; requests: number }> {
    const server = client.baseUrl;
    if (this.endpoint.get(server) !== 'project') {
      try {
        const answer =
          refs.length === 1
            ? await client.updateIssue(org, refs[0].issueId, body, signal)
            : await client.updateIssues(
                org,
                refs.map((r) => r.issueId),
                body,
                { signal },
              );
        this.endpoint.set(server, 'organization');
        return { answer, requests: 1 };
      } catch (err) {
        // Only a server that never had the endpoint falls back; a 404 after it answered means the issue is gone.
        if (!(err instanceof NotFoundError) || this.endpoint.get(server) === 'organization') throw new CountedError(err, 1);
        this.endpoint.set(server, 'project');
        const sent = await this.sendPerProject(client, org, refs, body, signal).catch((e: unknown) => {
          throw new CountedError(e instanceof CountedError ? e.cause : e, 1 + (e instanceof CountedError ? e.requests : 1));
        });
        return { answer: sent.answer, requests: 1 + sent.requests };
      }
    }
    return this.sendPerProject(client, org, refs, body, signal);
  }

  /** The deprecated endpoint takes one project per request. */
  private async sendPerProject(client: SentryClient, org: string, refs: readonly IssueRef[], body: IssueUpdateBody, signal?: AbortSignal): Promise<{ answer: IssueUpdate; requests: number }> {
    const byProject = new Map<string, string[]>();
    for (const r of refs) byProject.set(r.project, [...(byProject.get(r.project) ?? []), r.issueId]);
    let answer: IssueUpdate = {};
    let requests = 0;
    for (const [project, ids] of byProject) {
      requests++;
      try {
        answer = await client.updateIssues(org, ids, body, { project, signal });
      } catch (err) {
        throw new CountedError(err, requests);
      }
    }
    return { answer, requests };
  }
}

/** An error with the number of requests it took, so the outcome's count stays true. */
class CountedError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly requests: number,
  ) {
    super('counted');
  }
}

function sameSession(bound: Binding, current: SentryClient): boolean {
  return current === bound.client || (bound.anyAccount === true && current.baseUrl === bound.client.baseUrl);
}

function dedupe(refs: readonly IssueRef[]): IssueRef[] {
  const seen = new Set<string>();
  return refs.filter((r) => !seen.has(r.issueId) && seen.add(r.issueId) !== undefined);
}

function byProject(refs: readonly IssueRef[]): IssueRef[][] {
  const groups = new Map<string, IssueRef[]>();
  for (const r of refs) groups.set(r.project, [...(groups.get(r.project) ?? []), r]);
  return [...groups.values()];
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
