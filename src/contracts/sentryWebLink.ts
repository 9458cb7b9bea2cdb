/**
 * What a Sentry web link names, read without sending anything anywhere: an issue, an event, a trace
 * or a replay, its organization, and whether it is the signed-in server's. Shared by the command
 * "Open Link, ID or Stack Trace…" (src/openLink) and the `vscode://` URI handler (src/links), which
 * may not import each other. A link is anyone's text: every part is validated, bounded, and a link
 * is never fetched or opened here.
 *
 * Host forms (Sentry's own, src/sentry/web/urls.py and static/app/routes.tsx; the organization's
 * domain from src/sentry/organizations/absolute_url.py, `{slug}.sentry.io` under
 * `system.base-hostname`; region hosts `https://{region}.sentry.io` from
 * `system.region-api-url-template`):
 * - `https://sentry.io/organizations/{org}/issues/{id}/` (path-based organization);
 * - `https://{org}.sentry.io/issues/{id}/` (the organization's domain, what the web UI shows);
 * - `https://{region}.sentry.io/organizations/{org}/…` (a region host);
 * - a self-hosted server's base URL, with or without a path prefix, then `/organizations/{org}/…`
 *   (or the older `/{org}/{project}/issues/{id}/`).
 * No `vscode` import.
 */
import type { TracePeriod } from '../api/traceEndpoints';
import { isSlug, looksLikeShortId } from './issueRef';

/** Longest link read: longer text is no link of Sentry's. */
export const MAX_LINK = 4096;

/** Sentry's hosted service: every one of its hosts serves the same accounts (src/api/regions.ts). */
const SAAS_HOST = 'sentry.io';
/** Subdomains of sentry.io that are no organization: its regions and its own site. */
const NOT_ORG_SUBDOMAINS = new Set(['us', 'de', 'www', 'o1', 'docs', 'blog', 'status']);

const HEX32 = /^[0-9a-f]{32}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 32-hex event, trace or replay id (a dashed UUID too, as Sentry's is_event_id accepts), lower case without dashes. */
export function normaliseHexId(text: string): string | undefined {
  const t = text.trim();
  if (HEX32.test(t)) return t.toLowerCase();
  if (UUID.test(t)) return t.replace(/-/g, '').toLowerCase();
  return undefined;
}

/** What a link points at. `issue` holds a numeric id or a short ID (Sentry redirects `/issues/PROJ-1/`). */
export type LinkResource =
  | { readonly kind: 'issue'; readonly issueId?: string; readonly shortId?: string; readonly eventId?: string; readonly tab?: string }
  | { readonly kind: 'event'; readonly project: string; readonly eventId: string }
  /**
   * `eventId`: the event the trace view was opened on; `when`: the dates the page was opened for.
   * Both from the link's query, as getTraceDetailsUrl (static/app/views/performance/traceDetails/
   * utils.tsx) writes it: `eventId`, `timestamp` (seconds), `start`/`end` and `statsPeriod`.
   */
  | { readonly kind: 'trace'; readonly traceId: string; readonly eventId?: string; readonly when?: LinkWhen }
  | { readonly kind: 'replay'; readonly replayId: string };

/**
 * The time a trace link was opened for, in the trace reader's own form (TracePeriod): a moment (its
 * `timestamp`, in ms), a range (`start`/`end`, ISO dates) or a period up to now (`statsPeriod`).
 * Without it, a trace is asked for in the server's default period (14 days for the trace endpoint),
 * where an older trace is not found.
 */
export type LinkWhen = TracePeriod;

/** A link's `statsPeriod`: a number of at most four digits and its unit, as the page writes it. */
export const LINK_STATS_PERIOD = /^\d{1,4}[smhdw]$/;

/** The page's dates from a link's query: each validated, the moment first (the page's own anchor). */
export function linkWhen(query: URLSearchParams): LinkWhen | undefined {
  const ts = query.get('timestamp') ?? '';
  if (/^\d{9,13}(\.\d{1,9})?$/.test(ts)) {
    const n = Number(ts);
    // Seconds, as getTimeStampFromTableDateField writes them; 13 digits are milliseconds.
    const at = n >= 1e11 ? n : n * 1000;
    if (Number.isFinite(at) && at > 0 && at < 8.64e15) return { at: Math.round(at) };
  }
  const start = isoDate(query.get('start'));
  const end = isoDate(query.get('end'));
  if (start && end && Date.parse(start) <= Date.parse(end)) return { start, end };
  const period = query.get('statsPeriod') ?? '';
  if (LINK_STATS_PERIOD.test(period)) return { statsPeriod: period };
  return undefined;
}

/** An ISO-8601 date of a link, written back in one form (UTC, milliseconds); anything else is none. */
function isoDate(text: string | null): string | undefined {
  if (!text || text.length > 40 || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return undefined;
  // The page's dates without a zone are UTC (Sentry's getUtcDateString writes them so).
  const ms = Date.parse(/T.*(Z|[+-]\d{2}:?\d{2})$/.test(text) || !text.includes('T') ? text : `${text}Z`);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

export interface SentryWebLink {
  /** The server's web address as the link shows it: origin plus any path prefix, no trailing slash. */
  readonly server: string;
  /** Whether the server is sentry.io (any of its hosts). */
  readonly saas: boolean;
  readonly org: string;
  readonly resource: LinkResource;
}

export type WebLinkParse = { readonly ok: true; readonly link: SentryWebLink } | { readonly ok: false; readonly reason: 'notUrl' | 'notSentry' | 'noOrg' | 'unknownPage' };

function isSaasHost(host: string): boolean {
  return host === SAAS_HOST || host.endsWith(`.${SAAS_HOST}`);
}

/** Eventless keys of Sentry's issue page (`/issues/{id}/{tab}/`): all open the issue. */
const ISSUE_TABS = new Set(['events', 'tags', 'activity', 'replays', 'similar', 'merged', 'attachments', 'user-feedback', 'feedback', 'distributions', 'details']);
/** `/issues/{id}/events/{latest|oldest|recommended}/`: the issue's own named events. */
const NAMED_EVENTS = new Set(['latest', 'oldest', 'recommended']);

/** The resource of the path after the organization (`rest`: its segments, decoded; `query`: the link's). */
function resourceOf(rest: readonly string[], query: URLSearchParams): LinkResource | undefined {
  const [head, ...tail] = rest;
  if (head === 'issues' && tail[0]) {
    const key = tail[0];
    const id = /^\d{1,30}$/.test(key) ? { issueId: key } : key.length <= 100 && looksLikeShortId(key) ? { shortId: key.toUpperCase() } : undefined;
    if (!id) return undefined;
    if (tail[1] === 'events' && tail[2]) {
      const ev = NAMED_EVENTS.has(tail[2]) ? tail[2] : normaliseHexId(tail[2]);
      return ev ? { kind: 'issue', ...id, eventId: ev } : { kind: 'issue', ...id };
    }
    return { kind: 'issue', ...id, ...(tail[1] && ISSUE_TABS.has(tail[1]) ? { tab: tail[1] } : {}) };
  }
  // Traces: /performance/trace/{id}/, /traces/trace/{id}/, /explore/traces/trace/{id}/, /insights/…/trace/{id}/.
  const traceAt = rest.indexOf('trace');
  if (traceAt >= 0 && ['performance', 'traces', 'explore', 'insights', 'discover'].includes(head)) {
    const traceId = rest[traceAt + 1] && normaliseHexId(rest[traceAt + 1]);
    const eventId = normaliseHexId(query.get('eventId') ?? '');
    const when = linkWhen(query);
    if (traceId) return { kind: 'trace', traceId, ...(eventId ? { eventId } : {}), ...(when ? { when } : {}) };
  }
  if ((head === 'replays' || (head === 'explore' && tail[0] === 'replays')) && (head === 'replays' ? tail[0] : tail[1])) {
    const replayId = normaliseHexId(head === 'replays' ? tail[0] : tail[1]);
    if (replayId) return { kind: 'replay', replayId };
  }
  // An event by project: /discover/{project}:{event}/, /performance/{project}:{event}/, /explore/discover/{project}:{event}/.
  const pair = [...rest].reverse().find((s) => s.includes(':'));
  if (pair && ['discover', 'performance', 'explore', 'insights'].includes(head)) {
    const [project, ev] = pair.split(':');
    const eventId = ev ? normaliseHexId(ev) : undefined;
    if (isSlug(project) && eventId) return { kind: 'event', project, eventId };
  }
  return undefined;
}

function segmentsOf(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

/**
 * Reads a Sentry web link. `knownServers`: the web addresses of servers the user uses (the signed-in
 * one's base URL): a self-hosted link under one of them is read after its path prefix, so a prefix
 * named like a Sentry page (`/sentry/issues/…`) is not mistaken for one.
 */
export function parseSentryWebLink(text: string, knownServers: readonly string[] = []): WebLinkParse {
  const raw = text.trim();
  if (raw.length === 0 || raw.length > MAX_LINK || /\s/.test(raw)) return { ok: false, reason: 'notUrl' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'notUrl' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return { ok: false, reason: 'notUrl' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const segments = segmentsOf(url.pathname);
  if (!segments) return { ok: false, reason: 'notUrl' };
  const saas = url.protocol === 'https:' && isSaasHost(host) && (url.port === '' || url.port === '443');
  if (saas) {
    const server = `https://${SAAS_HOST}`;
    if (segments[0] === 'organizations') return withOrg(server, true, segments[1], segments.slice(2), url.searchParams);
    const sub = host === SAAS_HOST ? undefined : host.slice(0, -SAAS_HOST.length - 1);
    if (sub && !sub.includes('.') && !NOT_ORG_SUBDOMAINS.has(sub)) return withOrg(server, true, sub, segments, url.searchParams);
    // sentry.io/{org}/{project}/issues/{id}/: the older path form.
    if (segments[2] === 'issues') return withOrg(server, true, segments[0], segments.slice(2), url.searchParams);
    return { ok: false, reason: sub && NOT_ORG_SUBDOMAINS.has(sub) ? 'noOrg' : 'notSentry' };
  }
  // Self-hosted: after a known server's prefix, else up to `/organizations/`.
  const known = knownServers.map(webBase).find((b) => b && url.origin === b.origin && (b.path === '' || url.pathname === b.path || url.pathname.startsWith(`${b.path}/`)));
  const prefixSegments = known ? (segmentsOf(known.path) ?? []) : [];
  const after = known ? segments.slice(prefixSegments.length) : segments;
  let at = after.indexOf('organizations');
  if (known && at !== 0) at = -1;
  if (at >= 0) {
    const prefix = known ? known.path : '/' + after.slice(0, at).map(encodeURIComponent).join('/');
    return withOrg(`${url.origin}${prefix === '/' ? '' : prefix}`, false, after[at + 1], after.slice(at + 2), url.searchParams);
  }
  // The older `/{org}/{project}/issues/{id}/`, only on a server the user uses (else any site's path would do).
  if (known && after[2] === 'issues') return withOrg(`${url.origin}${known.path}`, false, after[0], after.slice(2), url.searchParams);
  return { ok: false, reason: 'notSentry' };
}

function withOrg(server: string, saas: boolean, org: string | undefined, rest: readonly string[], query: URLSearchParams): WebLinkParse {
  if (!org || !isSlug(org)) return { ok: false, reason: 'noOrg' };
  const resource = resourceOf(rest, query);
  if (!resource) return { ok: false, reason: 'unknownPage' };
  return { ok: true, link: { server, saas, org: org.toLowerCase(), resource } };
}

/** A base URL as origin and path (no trailing slash); undefined when it is none. */
function webBase(base: string): { origin: string; path: string } | undefined {
  try {
    const u = new URL(base);
    return { origin: u.origin, path: u.pathname.replace(/\/+$/, '') };
  } catch {
    return undefined;
  }
}

/**
 * Whether a link's server is the signed-in one: sentry.io under any of its names (an organization's
 * or a region's host) is one server; a self-hosted one is the same origin and path prefix.
 */
export function isSameServer(link: Pick<SentryWebLink, 'server' | 'saas'>, baseUrl: string): boolean {
  const base = webBase(baseUrl);
  if (!base) return false;
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (link.saas) return base.origin.startsWith('https://') && isSaasHost(host);
  return link.server === `${base.origin}${base.path}`;
}
