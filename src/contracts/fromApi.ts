/**
 * API resources as the protocol's shapes, shared by the events panel and the AI tools:
 * an issue's header, its assignee's name, one tag's details. Pure.
 */
import * as l10n from '@vscode/l10n';
import type { Issue, TagDetails } from '../model/issue/schema';
import { MAX_NAME, TAG_PAGE_VALUES, type IssueHeader, type TagData } from './issueView';

/** Sentry keeps tag values to 200 characters; longer ones are cut well above that. */
const MAX_TAG_TEXT = 1000;

const cut = (v: string | null | undefined, max: number): string | undefined => (typeof v === 'string' ? v.slice(0, max) : undefined);

/** One answer of tag details, cut to one page of values (Sentry's is 1,000 at most) whatever the server sent. */
export function toTagData(t: TagDetails & { nextCursor?: string }): TagData {
  const out: TagData = {
    key: t.key.slice(0, MAX_TAG_TEXT),
    name: cut(t.name, MAX_TAG_TEXT),
    uniqueValues: t.uniqueValues,
    totalValues: t.totalValues,
    topValues: t.topValues.slice(0, TAG_PAGE_VALUES).map((v) => ({
      value: typeof v.value === 'string' ? v.value.slice(0, MAX_TAG_TEXT) : null,
      name: cut(v.name, MAX_TAG_TEXT),
      count: v.count,
      firstSeen: cut(v.firstSeen, 64),
      lastSeen: cut(v.lastSeen, 64),
    })),
  };
  if (t.nextCursor) out.nextCursor = t.nextCursor;
  return out;
}

export function issueHeader(issue: Issue): IssueHeader {
  return {
    id: issue.id,
    shortId: issue.shortId,
    title: issue.title,
    culprit: issue.culprit ?? null,
    level: issue.level,
    status: issue.status,
    count: issue.count,
    userCount: issue.userCount,
    // null (no seen stats on the server) is "not known" in the header, which its readers leave out.
    firstSeen: issue.firstSeen ?? undefined,
    lastSeen: issue.lastSeen ?? undefined,
    permalink: issue.permalink,
    project: issue.project.slug,
    assignee: assigneeName(issue.assignedTo),
    isBookmarked: issue.isBookmarked,
  };
}

/**
 * The name the header shows for an issue's `assignedTo` (Sentry sends `{ type: 'user' | 'team', id,
 * name, email? }`, or null): a user's name (else their email, else their id), a team as `#name`.
 * null: nobody; undefined: the server did not say.
 */
export function assigneeName(assignedTo: Readonly<Record<string, unknown>> | null | undefined): string | null | undefined {
  if (assignedTo === undefined) return undefined;
  if (assignedTo === null) return null;
  const text = (k: string) => {
    const v = assignedTo[k];
    return typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
  };
  const name = text('name') ?? text('email') ?? text('username') ?? text('id');
  if (!name) return assignedTo.type === 'team' ? l10n.t('a team') : l10n.t('someone');
  return (assignedTo.type === 'team' && !name.startsWith('#') ? `#${name}` : name).slice(0, MAX_NAME);
}
