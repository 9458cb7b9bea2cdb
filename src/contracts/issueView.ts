/**
 * What Sentry Explorer shows of an issue and of its tags, shared by the events panel (its header
 * and Tags tab), the AI tools' texts and the Markdown of an event. No `vscode` import.
 */

/** The issue the panel shows (the fields of Sentry's issue the header needs). Kept in the events panel's page state for restores. */
export interface IssueHeader {
  id: string;
  shortId?: string;
  title?: string;
  culprit?: string | null;
  level?: string;
  status?: string;
  count?: string;
  userCount?: number;
  firstSeen?: string;
  lastSeen?: string;
  permalink?: string;
  project?: string;
  /** Who the issue is assigned to, as a name to show (`#team` for a team); null: nobody; absent: not known. */
  assignee?: string | null;
  /** Whether the signed-in user bookmarked the issue; absent: not known. */
  isBookmarked?: boolean;
}

/** An assignee's name as the header shows it. */
export const MAX_NAME = 200;

export interface TagData {
  key: string;
  name?: string;
  uniqueValues: number;
  totalValues: number;
  topValues: { value: string | null; name?: string; count: number; firstSeen?: string; lastSeen?: string }[];
  /** The cursor of the following page of values (tag details are cursor-paged), when there is one. */
  nextCursor?: string;
}

/** The most values Sentry sends in one tag-details answer: more in one answer is cut by the host. */
export const TAG_PAGE_VALUES = 1000;
/** "Show all values" stops at this many values of one key (a card with more would not be read)... */
export const MAX_TAG_VALUES = 10_000;
/** ...or after this many pages, for servers whose pages are small (real ones send 9 values). */
export const MAX_TAG_PAGES = 200;
