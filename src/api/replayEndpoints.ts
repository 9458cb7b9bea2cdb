/**
 * What an issue's users saw and said: functions over the client's HttpClient (`client.http`), as
 * traceEndpoints.ts, each handing the answer to its one reader in src/model/.
 *
 * - Replays: the ids from `replay-count/` with `returnIds=true` (src/sentry/replays/endpoints/
 *   organization_replay_count.py), then their summaries in one request to the replays index with
 *   `query=id:[…]` (organization_replay_index.py), as Sentry's own issue page does
 *   (static/app/views/issueDetails/groupReplays/useReplaysFromIssue.tsx): two requests whatever the
 *   number of replays, one when there are none.
 * - Feedback: `GET /organizations/{org}/issues/{id}/user-reports/` (src/sentry/issues/endpoints/
 *   group_user_reports.py, a GroupEndpoint: event:read and up), which Sentry's issue page reads too
 *   (static/app/views/issueDetails/useGroupUserFeedback.tsx). It holds both kinds: the older user
 *   reports, and the feedback of the current widget and API, which the ingest copies into a user
 *   report when it names the error event it was sent about ("shim to v1", so that it can be queried by
 *   issue: src/sentry/feedback/usecases/ingest/save_event_feedback.py). A feedback issue itself is not
 *   tied to the error issue by anything a search can ask, so this one endpoint is the association.
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { HttpClient } from './http';
import { seg } from './requestRules';
import { MAX_REPLAYS, readReplayIds, readReplayList, type ReplaySummary } from '../model/replay/replay';
import { ReplayBodySchema } from '../model/replay/schema';
import { MAX_FEEDBACK, readUserReports, type FeedbackList } from '../model/feedback/feedback';
import { UserReportsBodySchema } from '../model/feedback/schema';

/** The replay endpoints are the organization events endpoints' kind: org:read and up. */
export const REPLAY_SCOPES = ['org:read', 'org:write', 'org:admin'] as const;
/** GroupEndpoint's GET. */
export const USER_REPORT_SCOPES = ['event:read', 'event:write', 'event:admin'] as const;

/** How far back replays are looked for: their retention. */
const REPLAY_PERIOD = '90d';
/** What the index is asked for of each replay (src/sentry/replays/usecases/query fields; what the summary reads). */
export const REPLAY_FIELDS = ['id', 'started_at', 'finished_at', 'duration', 'count_errors', 'count_urls', 'user', 'browser', 'os', 'environment'] as const;

function checkIssueId(issueId: string): void {
  if (!/^\d{1,30}$/.test(issueId)) throw new RangeError(`An issue id is a number, not "${issueId.slice(0, 40)}".`);
}

/** The replays of issue `issueId`, newest first: their ids, then their summaries (none asked for when there are no ids). */
export async function getIssueReplays(http: HttpClient, org: string, issueId: string, signal?: AbortSignal): Promise<ReplaySummary[]> {
  checkIssueId(issueId);
  const what = l10n.t('Replays of issue {0} in organization "{1}"', issueId, org);
  const count = await http.request({
    org,
    path: `/api/0/organizations/${seg(org)}/replay-count/`,
    query: { query: `issue.id:[${issueId}]`, returnIds: 'true', data_source: 'discover', statsPeriod: REPLAY_PERIOD },
    schema: ReplayBodySchema,
    neededScopes: REPLAY_SCOPES,
    what,
    signal,
  });
  const ids = readReplayIds(count.data, issueId);
  if (!ids.length) return [];
  const list = await http.request({
    org,
    path: `/api/0/organizations/${seg(org)}/replays/`,
    query: { query: `id:[${ids.join(',')}]`, field: [...REPLAY_FIELDS], statsPeriod: REPLAY_PERIOD, sort: '-started_at', per_page: MAX_REPLAYS },
    schema: ReplayBodySchema,
    neededScopes: REPLAY_SCOPES,
    what,
    signal,
  });
  return readReplayList(list.data);
}

/** What the users of issue `issueId` wrote (user reports, with the feedback tied to its events), newest first. */
export async function getIssueFeedback(http: HttpClient, org: string, issueId: string, signal?: AbortSignal): Promise<FeedbackList> {
  checkIssueId(issueId);
  const res = await http.request({
    org,
    path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/user-reports/`,
    query: { per_page: MAX_FEEDBACK },
    schema: UserReportsBodySchema,
    neededScopes: USER_REPORT_SCOPES,
    what: l10n.t('Feedback on issue {0} in organization "{1}"', issueId, org),
    signal,
  });
  return readUserReports(res.data);
}

/** The replay's web page on the server the session signed in to (`baseUrl`); its id is 32 hex digits by then. */
export function replayWebUrl(baseUrl: string, org: string, replayId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/organizations/${encodeURIComponent(org)}/replays/${encodeURIComponent(replayId)}/`;
}
