/**
 * Reading an events panel's header again (a restored panel's, after a window reload): a short-ID
 * lookup in the issue's project, else the issue by id, stored so that the store's change event
 * brings it to the header. For a restored panel it is also the read that confirms it
 * (panelGuard.ts): one that began and ended under the session it was saved with, and found its
 * issue there. HeaderRefresh keeps a panel to one such read at a time. No `vscode` import.
 */
import type { SentryClient } from '../api/client';
import type { IssueStore } from '../store/issueStore';
import type { PanelGuard } from './panelGuard';

export interface HeaderReadDeps {
  store: Pick<IssueStore, 'lookupShortId' | 'upsert'>;
  getClient: () => Promise<SentryClient | undefined>;
}

/** The issue a header is read for: its id and organization, and its short ID and project when known. */
export interface HeaderTarget {
  readonly org: string;
  readonly issueId: string;
  readonly shortId?: string;
  readonly project?: string;
}

/**
 * Reads the header of `target` again: `found` when the server answered with that issue (now in the
 * store), `confirmed` when that read also confirmed the restored panel `guard` guards; undefined when
 * nothing was read (no short ID nor a read to confirm). Failures are thrown.
 */
export async function readHeader(deps: HeaderReadDeps, guard: PanelGuard, target: HeaderTarget): Promise<'found' | 'confirmed' | undefined> {
  const { org, issueId, shortId, project } = target;
  const ticket = guard.readTicket(org);
  let found: { id: string } | undefined;
  if (shortId && project) found = await deps.store.lookupShortId(org, project, shortId);
  else if (ticket !== undefined) {
    const client = await deps.getClient();
    const issue = client && (await client.getIssue(org, issueId));
    if (issue) deps.store.upsert(org, [issue]);
    found = issue;
  }
  if (found?.id !== issueId) return undefined;
  return ticket !== undefined && guard.confirmRead(ticket, org) ? 'confirmed' : 'found';
}

/** A panel's reads of its header again, one at a time: a call while one runs waits for that one. */
export class HeaderRefresh {
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: HeaderReadDeps & { log: { info(message: string): void } },
    private readonly guard: PanelGuard,
  ) {}

  /** Reads `target`'s header again; `found` runs when it was read and `current()` still holds (the panel shows that issue). */
  refresh(target: HeaderTarget, { current, found }: { current: () => boolean; found: () => void }): Promise<void> {
    this.running ??= readHeader(this.deps, this.guard, target)
      .then((read) => {
        if (!read || !current()) return;
        found();
        if (read === 'confirmed') this.deps.log.info(`[events] the restored panel of issue ${target.issueId} is confirmed: its header was read again from its server`);
      })
      .catch((e: unknown) => this.deps.log.info(`[events] could not refresh the header of ${target.shortId ?? target.issueId}: ${(e as Error).message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
