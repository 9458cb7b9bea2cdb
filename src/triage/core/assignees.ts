/**
 * Who an issue can be assigned to: the organization's members and teams, fetched lazily (the
 * first time Assign… opens) and kept for a while, so the picker opens at once the next time.
 * No `vscode` import.
 */
import type { SentryClient } from '../../api/client';
import type { Member, Team } from '../../model/organization/schema';
import { plainText } from '../../util/untrusted';
import type { TriageAssignee } from './actions';

/** Same shape as the `assignedTo` object Sentry answers with. */
export type Assignee = TriageAssignee;

export interface AssigneeList {
  readonly members: readonly Assignee[];
  readonly teams: readonly Assignee[];
  /** Why a part could not be listed (a 403 for member:read, say); the other part is still offered. */
  readonly membersError?: unknown;
  readonly teamsError?: unknown;
}

/** At most this many pages of each (100 per page): pickers beyond 2,000 names are searched on the server's web UI. */
const MAX_PAGES = 20;
const TTL_MS = 10 * 60_000;

export class AssigneeCache {
  private readonly byOrg = new Map<string, { at: number; list: Promise<AssigneeList> }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(client: SentryClient, org: string, signal?: AbortSignal): Promise<AssigneeList> {
    const key = `${client.baseUrl} ${org}`;
    const hit = this.byOrg.get(key);
    if (hit && this.now() - hit.at < TTL_MS) return hit.list;
    const list = fetchAssignees(client, org, signal).then((l) => {
      // A failed part is asked again next time (after a sign-in with member:read, say).
      if (l.membersError || l.teamsError) this.byOrg.delete(key);
      return l;
    });
    this.byOrg.set(key, { at: this.now(), list });
    return list;
  }

  clear(): void {
    this.byOrg.clear();
  }
}

async function fetchAssignees(client: SentryClient, org: string, signal?: AbortSignal): Promise<AssigneeList> {
  const [members, teams] = await Promise.all([collect(client.memberPages(org, signal)), collect(client.teamPages(org, signal))]);
  return {
    members: members.items.flatMap(memberAssignee),
    teams: teams.items.map(teamAssignee),
    membersError: members.error,
    teamsError: teams.error,
  };
}

async function collect<T>(pages: AsyncGenerator<{ items: T[] }>): Promise<{ items: T[]; error?: unknown }> {
  const items: T[] = [];
  let n = 0;
  try {
    for await (const page of pages) {
      items.push(...page.items);
      if (++n >= MAX_PAGES) break;
    }
    return { items };
  } catch (error) {
    return { items, error };
  }
}

/** A member who has not accepted the invitation has no user yet and cannot be assigned. */
export function memberAssignee(m: Member): Assignee[] {
  if (!m.user || m.pending) return [];
  const name = plainText(m.user.name || m.name || m.user.username || m.email, 200);
  return [{ type: 'user', id: m.user.id, name, email: plainText(m.user.email || m.email, 200) || undefined }];
}

export function teamAssignee(t: Team): Assignee {
  return { type: 'team', id: t.id, name: plainText(`#${t.slug}`, 200) };
}
