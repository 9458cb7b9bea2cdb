/**
 * An issue as a model names it: a numeric id, a short ID (`WEB-FRONTEND-1`), or the issue's web
 * address (`https://acme.sentry.io/issues/123/`, `…/organizations/acme/issues/123/`). The address is
 * only read for its organization and id: nothing is ever fetched from it. No `vscode` import.
 */
import { isIssueId, isSlug } from '../../../contracts/issueRef';

/**
 * A project slug, a dash and a base-36 counter: `WEB-FRONTEND-A` as well as `WEB-FRONTEND-1A` (the palette's
 * looksLikeShortId also wants a digit, to tell a short ID from a word; a tool's `issue` is always meant as one).
 */
const SHORT_ID = /^[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*-[A-Za-z0-9]+$/;

/** A boolean test (isIssueId's type guard would narrow a string to never when false). */
const isId = (s: string): boolean => isIssueId(s);

export type IssueArg = { kind: 'id'; id: string; org?: string } | { kind: 'shortId'; shortId: string };

export function parseIssueArg(raw: string): IssueArg | undefined {
  const text = raw.trim();
  if (isId(text)) return { kind: 'id', id: text };
  if (SHORT_ID.test(text) && text.length <= 100) return { kind: 'shortId', shortId: text.toUpperCase() };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const inOrg = /^\/organizations\/([^/]+)\/issues\/(\d+)(?:\/|$)/.exec(url.pathname);
  if (inOrg && isSlug(inOrg[1]) && isIssueId(inOrg[2])) return { kind: 'id', id: inOrg[2], org: inOrg[1] };
  const bare = /^\/issues\/(\d+)(?:\/|$)/.exec(url.pathname);
  if (!bare || !isIssueId(bare[1])) return undefined;
  // `<org>.sentry.io/issues/<id>/`: the organization is the subdomain.
  const sub = /^([a-z0-9][a-z0-9-]*)\.sentry\.io$/i.exec(url.hostname)?.[1]?.toLowerCase();
  return sub && sub !== 'www' && isSlug(sub) ? { kind: 'id', id: bare[1], org: sub } : { kind: 'id', id: bare[1] };
}

/** The project slug a short ID's prefix names (`WEB-FRONTEND-1` → `web-frontend`), when it is one. */
export function projectOfShortId(shortId: string): string | undefined {
  const prefix = shortId.slice(0, shortId.lastIndexOf('-')).toLowerCase();
  return isSlug(prefix) ? prefix : undefined;
}
