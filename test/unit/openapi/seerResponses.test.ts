// Contract: Seer's autofix endpoint in the sandbox answers what the OpenAPI document allows (GET: an
// object with `autofix`, null or any object; POST 202: run_id and sentry_run_id), and the body the
// client starts a run with is one the document's request schema takes, in each profile.
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox/index';
import { GEN_AI_FEATURES } from '../../sandbox/profiles';
import { describeEachProfile } from '../api/sandbox';
import { checkRequestBody, checkResponse, operation } from './openapi';
import { withSandbox } from '../withSandbox';

const TEMPLATE = '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/autofix/';

describeEachProfile('contract: Seer autofix answers against the OpenAPI document', function (profile) {
  let sb: Sandbox;
  withSandbox(
    { profile, features: { acme: [GEN_AI_FEATURES] } },
    (s) => {
      sb = s;
    },
    { reset: 'never' },
  );

  async function send(method: string, issueId: string, json?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${sb.url}/api/0/organizations/acme/issues/${issueId}/autofix/`, {
      method,
      headers: { authorization: `Bearer ${sb.defaults.writeToken}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    return { status: res.status, body: await res.json() };
  }

  it('GET before and after a run, and the start, validate', async () => {
    const issue = sb.seed.issues.find((i) => i.workspaceFile && i.project.org.slug === 'acme')!;
    const none = await send('GET', issue.id);
    assert.deepEqual(checkResponse(operation('GET', TEMPLATE), 200, none.body), []);
    const start = { stopping_point: 'root_cause' };
    assert.deepEqual(checkRequestBody(operation('POST', TEMPLATE), start), []);
    const post = await send('POST', issue.id, { ...start, event_id: 'abc' });
    assert.equal(post.status, 202);
    if (profile === 'sentry-io') assert.deepEqual(checkResponse(operation('POST', TEMPLATE), 202, post.body), []);
    sb.control.clock.advance(5000);
    const run = await send('GET', issue.id);
    assert.deepEqual(checkResponse(operation('GET', TEMPLATE), 200, run.body), []);
  });
});
