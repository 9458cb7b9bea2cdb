// Answers Sentry gives outside any one endpoint, with its own status and words: a route it does not
// have, an environment an organization does not have, and a search Snuba gave up on. A client tells
// these apart only by what real servers send, so the sandbox sends exactly that.
import { DETAIL, fail, Res } from './http';

/**
 * A route the server does not have (an old self-hosted server without the organization issues
 * endpoints): Sentry's CatchallEndpoint answers 404 with no body for a path ending in `/`, and a
 * hint about the missing slash otherwise, never the `detail` of an endpoint that ran
 * (https://github.com/getsentry/sentry/blob/master/src/sentry/api/endpoints/catchall.py).
 */
export function catchAll(path: string, contentType: string | undefined): Res {
  if (path.endsWith('/')) return { status: 404, headers: {}, body: '' };
  const help = 'Route not found, did you forget a trailing slash?';
  const suggestion = `try: ${path}/`;
  if ((contentType ?? '').startsWith('application/json')) {
    return { status: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ info: `${help} ${suggestion}` }) };
  }
  return { status: 404, headers: { 'content-type': 'text/plain' }, body: `${help}\n\n${suggestion}\n${' '.repeat(suggestion.length - 1)}^\n` };
}

/**
 * The `environment` parameters of an issues endpoint: every one must name an environment of the
 * organization, else 404 "The requested resource does not exist" (get_environments raises
 * ResourceDoesNotExist: https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/environments.py).
 * Empty values are left out here, as the sandbox's lists always have.
 */
export function checkEnvironments(params: URLSearchParams, known: readonly string[]): string[] {
  const asked = params.getAll('environment').filter(Boolean);
  if (asked.some((name) => !known.includes(name))) fail(404, DETAIL.notFound);
  return asked;
}

/**
 * What a search that ran out of time or query budget answers (Snuba's RateLimitExceeded,
 * QueryMemoryLimitExceeded, QueryExecutionTimeMaximum, QueryTooManySimultaneous): 400, not 5xx, with
 * TIMEOUT_ERROR_MESSAGE as handle_query_errors raises it in a ParseError, newlines and all
 * (https://github.com/getsentry/sentry/blob/master/src/sentry/api/utils.py,
 * https://github.com/getsentry/sentry/blob/master/src/sentry/search/events/constants.py).
 */
export const SNUBA_TIMEOUT_DETAIL =
  "\nQuery timeout. Please try again. If the problem persists try a smaller date range or fewer projects. Also consider a\nfilter on the transaction field if you're filtering performance data.\n";
