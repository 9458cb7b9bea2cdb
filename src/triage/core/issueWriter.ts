/**
 * The write side of the issue store: sends a triage change to Sentry for one issue or many, showing
 * it at once through the store's optimistic patches and confirming or rolling it back with the
 * server's answer. A bulk PUT names the projects of its issues (else Sentry acts only in the projects
 * of the user's teams, and skips those of projects the user sees in an open-membership organization),
 * answers only the changed fields, never which issues changed, and Sentry skips some ids without a
 * word (deleted or merged): what it changed is read back from the same projects, and only that stays
 * shown. No `vscode` import; src/triage builds the bodies and asks the user.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient, IssueUpdateBody } from '../../api/client';
import { MAX_BULK_IDS } from '../../api/client';
import { NotFoundError } from '../../api/errors';
import { UnknownProjectError } from '../../api/projectIds';
import { isResourceNotFound } from '../../store/unknownEnvironment';
import type { Issue, IssueUpdate } from '../../model/issue/schema';
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

/**
 * An issue the server answered for but did not change (its change is rolled back): `notFound` when
 * Sentry found none of a request's issues (204 "No groups found", or one issue's 404): deleted or
 * merged; `skipped` when a bulk PUT changed others but not this one (read back afterwards).
 */
export interface Unchanged {
  readonly ref: IssueRef;
  readonly why: 'notFound' | 'skipped';
}

export interface WriteOutcome {
  /** Issues the server changed. */
  readonly done: readonly IssueRef[];
  /** Issues the server answered for without changing them (rolled back, no error). */
  readonly unchanged?: readonly Unchanged[];
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
   * so a failed chunk rolls back only its issues, each chunk read back in one request (see sent()).
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
    const unchanged: Unchanged[] = [];
    let error: unknown;
    let requests = 0;
    for (const { part, handle } of chunks) {
      try {
        const sent = await this.send(client, org, part, req.body, signal);
        requests += sent.requests;
        const left = part.filter((r) => sent.notFound.has(r.issueId) || (sent.changed !== undefined && !sent.changed.has(r.issueId)));
        const kept = part.filter((r) => !left.includes(r));
        unchanged.push(...left.map((ref): Unchanged => ({ ref, why: sent.notFound.has(ref.issueId) ? 'notFound' : 'skipped' })));
        done.push(...kept);
        if (left.length === 0) handle.confirm(sent.readBack, sent.answer);
        else {
          // Shown no longer on the issues left out; the rest keeps the change, now as the server has it.
          handle.rollback();
          if (kept.length) this.store.apply({ issueIds: kept.map((r) => r.issueId), change: req.change }).confirm(sent.readBack, sent.answer);
        }
      } catch (err) {
        requests += err instanceof CountedError ? err.requests : 1;
        handle.rollback();
        failed.push(...part);
        error ??= err instanceof CountedError ? err.cause : err;
      }
    }
    return { done, failed, error, requests, client, ...(unchanged.length ? { unchanged } : {}) };
  }

  private async send(client: SentryClient, org: string, refs: readonly IssueRef[], body: IssueUpdateBody, signal?: AbortSignal): Promise<Sent> {
    const server = client.baseUrl;
    if (this.endpoint.get(server) !== 'project') {
      let sent: Sent;
      try {
        sent = refs.length === 1 ? await this.sendOne(client, org, refs[0].issueId, body, signal) : await this.sendBulk(client, org, refs, body, signal);
      } catch (err) {
        // Only a server that never had the endpoint falls back (its catch-all's 404, no detail); a 404
        // of the endpoint itself (an organization or environment it lacks), or a project the
        // organization no longer lists (nothing was sent), is the answer.
        if (!(err instanceof NotFoundError) || err instanceof UnknownProjectError || isResourceNotFound(err) || this.endpoint.get(server) === 'organization')
          throw err instanceof CountedError ? err : new CountedError(err, 1);
        this.endpoint.set(server, 'project');
        const viaProject = await this.sendPerProject(client, org, refs, body, signal).catch((e: unknown) => {
          throw new CountedError(e instanceof CountedError ? e.cause : e, 1 + (e instanceof CountedError ? e.requests : 1));
        });
        return { ...viaProject, requests: 1 + viaProject.requests };
      }
      this.endpoint.set(server, 'organization');
      return sent;
    }
    return this.sendPerProject(client, org, refs, body, signal);
  }

  /** One issue: its PUT answers the whole issue; a 404 of the endpoint (with Sentry's detail) means it is gone. */
  private async sendOne(client: SentryClient, org: string, issueId: string, body: IssueUpdateBody, signal?: AbortSignal): Promise<Sent> {
    try {
      return { answer: await client.updateIssue(org, issueId, body, signal), requests: 1, notFound: new Set() };
    } catch (err) {
      if (!isResourceNotFound(err)) throw err;
      return { requests: 1, notFound: new Set([issueId]) };
    }
  }

  /**
   * Several issues: the PUT naming the issues' own projects, then (when it changed any) the same ids
   * read back with one GET (`group=`) from the same projects: an issue it does not return was not
   * changed. That costs one request per 100 issues; re-reading each issue would cost one per issue.
   * If the read fails, the PUT's word stands.
   */
  private async sendBulk(client: SentryClient, org: string, refs: readonly IssueRef[], body: IssueUpdateBody, signal?: AbortSignal): Promise<Sent> {
    const ids = refs.map((r) => r.issueId);
    const projects = [...new Set(refs.map((r) => r.project))];
    const answer = await client.updateIssues(org, ids, body, { projects, signal });
    if (answer === undefined) return { requests: 1, notFound: new Set(ids) };
    try {
      const readBack = await client.listIssuesById(org, ids, projects, signal);
      return { answer, readBack, changed: new Set(readBack.map((i) => i.id)), requests: 2, notFound: new Set() };
    } catch (err) {
      if (signal?.aborted) throw new CountedError(err, 2);
      return { answer, requests: 2, notFound: new Set() };
    }
  }

  /** The deprecated endpoint takes one project per request; a 204 there means none of that project's issues were found. */
  private async sendPerProject(client: SentryClient, org: string, refs: readonly IssueRef[], body: IssueUpdateBody, signal?: AbortSignal): Promise<Sent> {
    const byProject = new Map<string, string[]>();
    for (const r of refs) byProject.set(r.project, [...(byProject.get(r.project) ?? []), r.issueId]);
    let answer: IssueUpdate | undefined;
    const notFound = new Set<string>();
    let requests = 0;
    for (const [project, ids] of byProject) {
      requests++;
      try {
        const got = await client.updateIssues(org, ids, body, { project, signal });
        if (got === undefined) ids.forEach((id) => notFound.add(id));
        else answer = got;
      } catch (err) {
        throw new CountedError(err, requests);
      }
    }
    return { answer, requests, notFound };
  }
}

/** What the server did with one chunk. */
interface Sent {
  /** The PUT's answer (the whole issue for one, the changed fields for several); none when nothing was found. */
  readonly answer?: IssueUpdate;
  readonly requests: number;
  /** Ids the server found none of (204, or one issue's 404). */
  readonly notFound: ReadonlySet<string>;
  /** After a bulk PUT read back: the ids it changed (others were skipped), and those issues as the server has them now. */
  readonly changed?: ReadonlySet<string>;
  readonly readBack?: readonly Issue[];
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
