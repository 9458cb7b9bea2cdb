/**
 * Links from the web into VS Code: `<scheme>://sentry-explorer.sentry-explorer/issue?org=<slug>&id=<digits>`,
 * `…/issue?org=<slug>&shortId=<SHORT-ID>`, or `…/issue?url=<a Sentry web link>` (a browser's address, as a
 * bookmarklet hands it over: ../../contracts/sentryWebLink.ts reads it). Reading one (every part validated; a link is anyone's
 * text, so what is wrong is said with a short, sanitized excerpt of it) and building one.
 * No `vscode` import: the glue is ./issueLinkRoute.ts.
 */
import * as l10n from '@vscode/l10n';
import { EXTENSION_ID } from '../../constants';
import { isIssueId, looksLikeShortId } from '../../contracts/issueRef';
import { MAX_LINK, parseSentryWebLink } from '../../contracts/sentryWebLink';

/** The UriHandler path of an issue link. */
export const ISSUE_LINK_PATH = '/issue';

/** The issue a link names: by its numeric id, or by its short ID (resolved by one read). */
export type IssueLinkTarget = { readonly org: string; readonly id: string } | { readonly org: string; readonly shortId: string };

export type IssueLinkParse = { readonly ok: true; readonly target: IssueLinkTarget } | { readonly ok: false; readonly error: string };

/** Sentry's organization slugs: lower-case letters, digits, `_` and `-` (upper case accepted), never `.`, `/` or `%`. */
const ORG_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
/** The longest short ID accepted (Sentry's are a project slug, a dash and a few characters). */
const MAX_SHORT_ID = 100;
/** A query longer than this is no link of ours: refused before it is split. */
export const MAX_QUERY = 2000;
/** How much of a bad value a message shows. */
const EXCERPT = 40;
const URI_SCHEME = /^[a-z][a-z0-9+.-]{0,63}$/i;

/**
 * A bad value as a message may show it: at most EXCERPT characters, each outside a small safe set
 * (letters, digits and `_ . , : ; = + / -`) shown as `?`, so no markup, link, control or bidi
 * character of the input reaches a notification.
 */
export function excerpt(value: string): string {
  const chars = [...value];
  const shown = chars
    .slice(0, EXCERPT)
    .map((c) => (/^[A-Za-z0-9_.,:;=+/-]$/.test(c) ? c : '?'))
    .join('');
  return chars.length > EXCERPT ? `${shown}…` : shown;
}

export function isOrgSlug(v: unknown): v is string {
  return typeof v === 'string' && ORG_SLUG.test(v);
}

/** A short ID such as `PROJ-123` or `WEB-FRONTEND-1A` (the palette's rule, contracts/issueRef), bounded, no spaces. */
export function isLinkShortId(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_SHORT_ID && !/\s/.test(v) && looksLikeShortId(v);
}

/**
 * Reads a link's query (`uri.query`, with or without its `?`). `org` and exactly one of `id` and
 * `shortId` are required; other parameters are ignored; a required one given twice is refused (which
 * would count is not for us to guess). A short ID comes back upper-cased, as Sentry writes them.
 */
export function parseIssueLink(query: string): IssueLinkParse {
  const fail = (error: string): IssueLinkParse => ({ ok: false, error });
  if (query.length > MAX_QUERY) return fail(l10n.t('The link is too long to be a link to a Sentry issue.'));
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  for (const name of ['org', 'id', 'shortId']) {
    if (params.getAll(name).length > 1) return fail(l10n.t('The link gives "{0}" more than once.', name));
  }
  const org = params.get('org');
  const id = params.get('id');
  const shortId = params.get('shortId');
  if (org === null || org === '') return fail(l10n.t('The link names no organization: it needs org=<organization slug>.'));
  if (!isOrgSlug(org)) return fail(l10n.t('"{0}" is not a Sentry organization slug (letters, digits, "_" and "-").', excerpt(org)));
  if (id !== null && shortId !== null) return fail(l10n.t('The link names the issue twice: it needs either id or shortId, not both.'));
  if (id === null && shortId === null) return fail(l10n.t('The link names no issue: it needs id=<numeric issue ID> or shortId=<short ID such as PROJ-123>.'));
  if (id !== null) {
    if (!isIssueId(id)) return fail(l10n.t('"{0}" is not a Sentry issue ID (a number).', excerpt(id)));
    return { ok: true, target: { org, id } };
  }
  if (!isLinkShortId(shortId)) return fail(l10n.t('"{0}" is not a Sentry short ID (such as PROJ-123).', excerpt(shortId ?? '')));
  return { ok: true, target: { org, shortId: shortId.toUpperCase() } };
}

/**
 * A link's `url=`: a Sentry web link (an issue, an event, a trace or a replay) given alone, checked
 * here so that a bad one is refused with a safe excerpt; undefined when the query has no `url`.
 */
export function parseWebLinkQuery(query: string): { readonly ok: true; readonly url: string } | { readonly ok: false; readonly error: string } | undefined {
  if (query.length > MAX_QUERY) return undefined;
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const urls = params.getAll('url');
  if (urls.length === 0) return undefined;
  if (urls.length > 1) return { ok: false, error: l10n.t('The link gives "{0}" more than once.', 'url') };
  if (params.has('org') || params.has('id') || params.has('shortId')) return { ok: false, error: l10n.t('The link names the issue twice: it needs either url or org with id or shortId.') };
  const url = urls[0].trim();
  if (url.length > MAX_LINK || !parseSentryWebLink(url).ok) return { ok: false, error: l10n.t('"{0}" is not a link to a Sentry issue, event, trace or replay.', excerpt(url)) };
  return { ok: true, url };
}

/** How a message names the issue of a link: its short ID, else `#<id>`. */
export function targetLabel(target: IssueLinkTarget): string {
  return 'shortId' in target ? target.shortId : `#${target.id}`;
}

/**
 * The link to an issue: `<scheme>://sentry-explorer.sentry-explorer/issue?org=<org>&id=<issueId>`
 * (`scheme`: vscode.env.uriScheme, such as `vscode` or `vscode-insiders`). A RangeError names the
 * part that no link could carry (parseIssueLink would refuse it).
 */
export function issueLinkUrl(scheme: string, issue: { readonly org: string; readonly issueId: string }): string {
  if (!URI_SCHEME.test(scheme)) throw new RangeError(`Not a URI scheme: ${JSON.stringify(excerpt(scheme))}`);
  if (!isOrgSlug(issue.org)) throw new RangeError(`Not an organization slug a link can carry: ${JSON.stringify(excerpt(issue.org))}`);
  if (!isIssueId(issue.issueId)) throw new RangeError(`Not an issue id: ${JSON.stringify(excerpt(issue.issueId))}`);
  return `${scheme}://${EXTENSION_ID}${ISSUE_LINK_PATH}?org=${encodeURIComponent(issue.org)}&id=${issue.issueId}`;
}
