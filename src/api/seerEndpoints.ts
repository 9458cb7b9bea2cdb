/**
 * Seer's public issue endpoints: the autofix run (GET/POST …/organizations/{org}/issues/{id}/autofix/,
 * src/sentry/seer/endpoints/group_ai_autofix.py), its legacy continuation (POST …/autofix/update/,
 * src/sentry/seer/endpoints/group_autofix_update.py) and the issue summary (POST …/summarize/,
 * src/sentry/seer/endpoints/group_ai_summary.py). Answers are masked here, where they enter, and
 * handed on as the server's JSON: src/model/seer reads both autofix shapes. Permission
 * GroupAiPermission (src/sentry/issues/endpoints/bases/group.py): GET takes event:read, event:write
 * or event:admin; POST event:write or event:admin. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { maskAnswer } from '../model/event/maskAnswer';
import type { HttpClient } from './http';
import { NEEDED_SCOPES, checkIssueId, seg } from './requestRules';
import { AnyBodySchema, AutofixBodySchema, RunIdSchema, SummaryBodySchema, type AutofixBody } from '../model/seer/schema';

function autofixPath(org: string, issueId: string, tail = ''): string {
  checkIssueId(issueId);
  return `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/autofix/${tail}`;
}

function what(org: string, issueId: string): string {
  return l10n.t('Seer for issue {0} in organization "{1}"', issueId, org);
}

/** The issue's latest run, in whichever shape the server speaks. */
export async function getAutofix(http: HttpClient, org: string, issueId: string, signal?: AbortSignal): Promise<AutofixBody> {
  const res = await http.request({
    path: autofixPath(org, issueId),
    schema: AutofixBodySchema,
    neededScopes: NEEDED_SCOPES.issueEvents,
    what: what(org, issueId),
    signal,
  });
  return maskAnswer(res.data);
}

/**
 * Starts a run that stops at the root cause. One body both shapes take: `stopping_point` is read by
 * both serializers (AutofixRequestSerializer before #116162, ExplorerAutofixRequestSerializer since,
 * where it also forces `step=root_cause`), `event_id` (the event the user looks at) only by the legacy
 * one; DRF ignores fields a serializer does not declare.
 */
export async function startAutofix(http: HttpClient, org: string, issueId: string, eventId: string | undefined, signal?: AbortSignal): Promise<string> {
  const res = await http.request({
    method: 'POST',
    path: autofixPath(org, issueId),
    json: { stopping_point: 'root_cause', ...(eventId ? { event_id: eventId } : {}) },
    schema: RunIdSchema,
    neededScopes: NEEDED_SCOPES.issueWrites,
    what: what(org, issueId),
    signal,
  });
  return String(res.data.run_id);
}

export type AutofixNextStep = 'solution' | 'code_changes';

/**
 * Takes a run on to its solution or its code changes. The agent shape continues a run with
 * `{step, run_id}` on the same endpoint; the legacy one through …/autofix/update/ with
 * `{run_id, payload: {type: select_root_cause, cause_id}}` and then `{type: select_solution}`
 * (a coding payload: 403 "Code generation is disabled for this organization" when the organization
 * turned coding off).
 */
export async function continueAutofix(
  http: HttpClient,
  org: string,
  issueId: string,
  run: { shape: 'agent' | 'legacy'; runId: string; causeId?: number },
  step: AutofixNextStep,
  signal?: AbortSignal,
): Promise<void> {
  const runId = Number(run.runId);
  if (!Number.isSafeInteger(runId)) throw new RangeError(`A Seer run id is a number, not "${run.runId.slice(0, 40)}".`);
  if (run.shape === 'agent') {
    await http.request({
      method: 'POST',
      path: autofixPath(org, issueId),
      json: { step, run_id: runId },
      schema: RunIdSchema,
      neededScopes: NEEDED_SCOPES.issueWrites,
      what: what(org, issueId),
      signal,
    });
    return;
  }
  const payload = step === 'solution' ? { type: 'select_root_cause', cause_id: run.causeId ?? 0 } : { type: 'select_solution' };
  await http.request({
    method: 'POST',
    path: autofixPath(org, issueId, 'update/'),
    json: { run_id: runId, payload },
    schema: AnyBodySchema,
    neededScopes: NEEDED_SCOPES.issueWrites,
    what: what(org, issueId),
    signal,
  });
}

/** Seer's summary of the issue (a private endpoint: sentry.io's web UI uses it; it may be absent). */
export async function summarizeIssue(http: HttpClient, org: string, issueId: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  checkIssueId(issueId);
  const res = await http.request({
    method: 'POST',
    path: `/api/0/organizations/${seg(org)}/issues/${seg(issueId)}/summarize/`,
    json: {},
    schema: SummaryBodySchema,
    neededScopes: NEEDED_SCOPES.issueWrites,
    what: what(org, issueId),
    signal,
  });
  return maskAnswer(res.data);
}
