/**
 * Whether an issue can still belong to a list after a local change (an optimistic resolve, archive,
 * assign or bookmark), judged from the issue's own fields and the list's search query. It answers
 * "no" only when a term of the query rules the issue out for certain; anything it cannot judge
 * (tags, dates, counts, free text, OR, parentheses) keeps the issue. Matches the sandbox's and
 * Sentry's meaning of the `is:`, `assigned:` and `bookmarks:` terms. No `vscode` import.
 */
import type { Issue } from '../model/issue/schema';

/** The query Sentry's issue lists use when none is sent. */
export const DEFAULT_QUERY = 'is:unresolved';

type Verdict = boolean | undefined;

/**
 * False when `query` certainly excludes `issue`; true otherwise. `query` undefined is the server
 * default (`is:unresolved`), `''` matches everything. `me` is the signed-in user's id, when known,
 * for `assigned:me`.
 */
export function mayMatch(issue: Issue, query: string | undefined, me?: string): boolean {
  const tokens = tokenize(query ?? DEFAULT_QUERY);
  if (tokens === undefined) return true;
  // Alternatives and groups are beyond a local verdict: keep the issue.
  if (tokens.some((t) => t === 'OR' || t.startsWith('(') || t.endsWith(')'))) return true;
  for (const token of tokens) {
    if (token === 'AND') continue;
    const negated = token.startsWith('!');
    const body = negated ? token.slice(1) : token;
    const colon = body.indexOf(':');
    if (colon <= 0) continue; // free text
    const key = body.slice(0, colon);
    const value = unquote(body.slice(colon + 1));
    const verdict = termVerdict(issue, key, value, me);
    if (verdict === undefined) continue;
    if ((negated ? !verdict : verdict) === false) return false;
  }
  return true;
}

/** Whitespace-separated tokens, quotes kept together; undefined for an unterminated quote. */
function tokenize(query: string): string[] | undefined {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of query) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (quoted) return undefined;
  if (cur) out.push(cur);
  return out;
}

function unquote(v: string): string {
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
}

function termVerdict(issue: Issue, key: string, value: string, me: string | undefined): Verdict {
  switch (key) {
    case 'is':
      return isVerdict(issue, value);
    case 'assigned':
    case 'assigned_or_suggested': {
      const a = issue.assignedTo;
      if (a === undefined) return undefined;
      if (value === 'none') return a === null;
      if (a === null) return false; // assigned to anyone, "me" included, needs an assignee
      if (value === 'me') return me === undefined ? undefined : a.type !== 'team' && String(a.id) === me;
      return undefined;
    }
    case 'bookmarks':
      return value === 'me' && issue.isBookmarked === false ? false : undefined;
    default:
      return undefined;
  }
}

function isVerdict(issue: Issue, value: string): Verdict {
  const status = issue.status;
  switch (value) {
    case 'unresolved':
    case 'resolved':
      return status === value;
    case 'ignored':
    case 'archived':
      return status === 'ignored';
    case 'assigned':
      return issue.assignedTo === undefined ? undefined : issue.assignedTo !== null;
    case 'unassigned':
      return issue.assignedTo === undefined ? undefined : issue.assignedTo === null;
    case 'bookmarked':
      return typeof issue.isBookmarked === 'boolean' ? issue.isBookmarked : undefined;
    case 'for_review':
      // The inbox is not among an issue's fields; only its status can rule it out.
      return status === 'unresolved' ? undefined : false;
    case 'new':
    case 'ongoing':
    case 'regressed':
    case 'escalating': {
      if (status !== 'unresolved') return false;
      const substatus = (issue as { substatus?: unknown }).substatus;
      return typeof substatus === 'string' ? substatus === value : undefined;
    }
    default:
      return undefined;
  }
}
