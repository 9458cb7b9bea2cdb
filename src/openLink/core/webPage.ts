/**
 * The browser page for what the editor does not show yet (a trace, a replay): built on the signed-in
 * server's own web address from the ids the link names (an organization slug and 32 hex, both read
 * and checked by src/contracts/sentryWebLink.ts), never the pasted link itself, which is anyone's
 * text. Routes from Sentry's static/app/routes.tsx: `tracesRoutes` (`/traces/` with its `traceView`
 * child `trace/:traceSlug/`) and `replayRoutes` (`/replays/:replaySlug/`), both `withOrgPath`, so
 * `/organizations/{org}/…` serves them on sentry.io and on a self-hosted server alike.
 * No `vscode` import.
 */
import { isSlug } from '../../contracts/issueRef';
import { LINK_STATS_PERIOD, normaliseHexId, type LinkResource, type LinkWhen } from '../../contracts/sentryWebLink';

/** sentry.io's web address, whichever of its hosts (a region's, an organization's) the API is reached on. */
const SAAS_WEB = 'https://sentry.io';

/** The server's web address from its API base URL: origin and path prefix, no trailing slash. */
function webAddress(baseUrl: string): string | undefined {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  const host = u.hostname.toLowerCase();
  if (u.protocol === 'https:' && (host === 'sentry.io' || host.endsWith('.sentry.io'))) return SAAS_WEB;
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

/**
 * A trace page's dates as getTraceDetailsUrl writes them (`timestamp` in seconds, or `start`/`end`,
 * or `statsPeriod`), so that the page finds a trace older than its default period. Only values of
 * their own form are written; anything else is left out.
 */
function datesQuery(when: LinkWhen | undefined): string {
  if (!when) return '';
  const q = new URLSearchParams();
  if ('at' in when) {
    if (Number.isFinite(when.at) && when.at > 0) q.set('timestamp', String(Math.floor(when.at / 1000)));
  } else if ('statsPeriod' in when) {
    if (LINK_STATS_PERIOD.test(when.statsPeriod)) q.set('statsPeriod', when.statsPeriod);
  } else if (ISO.test(when.start) && ISO.test(when.end)) {
    q.set('start', when.start);
    q.set('end', when.end);
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The page of a trace or a replay on the signed-in server; undefined for any other resource or a bad id. */
export function webPageOf(baseUrl: string, org: string, resource: LinkResource): string | undefined {
  const base = webAddress(baseUrl);
  if (!base || !isSlug(org)) return undefined;
  if (resource.kind === 'trace') {
    const id = normaliseHexId(resource.traceId);
    return id ? `${base}/organizations/${org}/traces/trace/${id}/${datesQuery(resource.when)}` : undefined;
  }
  if (resource.kind === 'replay') {
    const id = normaliseHexId(resource.replayId);
    return id ? `${base}/organizations/${org}/replays/${id}/` : undefined;
  }
  return undefined;
}
