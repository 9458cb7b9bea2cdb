// Seer's endpoints over real HTTP against the sandbox, in each server profile: the agent shape on
// sentry-io, the legacy shape (or no Seer at all) on self-hosted-2025, read into one view.
import * as assert from 'node:assert/strict';
import { continueAutofix, getAutofix, startAutofix, summarizeIssue } from '../../../src/api/seerEndpoints';
import { ForbiddenError, RateLimitedError, ServerError } from '../../../src/api/errors';
import { readAutofixAnswer } from '../../../src/model/seer/readRun';
import { readSummary } from '../../../src/model/seer/readSummary';
import { classifyFailure } from '../../../src/model/seer/unavailable';
import { failureOf } from '../../../src/model/seer/failureOf';
import { applyChange } from '../../../src/eventsPanel/core/seer/applyChange';
import type { SeerRunView } from '../../../src/model/seer/runView';
import { GEN_AI_FEATURES, SEER_EXPLORER } from '../../sandbox/profiles';
import { LEAKED_TOKEN } from '../../sandbox/seer';
import { workspaceLines } from '../../sandbox/workspace';
import type { Sandbox } from '../../sandbox';
import { clientFor, describeEachProfile, useSandbox } from './sandbox';

function issueWithFile(sb: Sandbox) {
  const issue = sb.seed.issues.find((i) => i.workspaceFile && i.workspaceLine && i.project.org.slug === sb.defaults.org);
  assert.ok(issue);
  return issue;
}

async function view(sb: Sandbox, issueId: string, client = clientFor(sb)): Promise<SeerRunView | undefined> {
  const a = readAutofixAnswer(await getAutofix(client.http, sb.defaults.org, issueId));
  assert.notEqual(a.kind, 'unreadable');
  return a.kind === 'run' ? a.run : undefined;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  assert.fail('expected a failure');
}

describeEachProfile('Seer endpoints', function (profile) {
  const box = useSandbox({ profile });
  const shape = profile === 'sentry-io' ? 'agent' : 'legacy';
  const write = (sb: Sandbox) => clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken });

  function enableSeer(sb: Sandbox) {
    if (profile === 'self-hosted-2025') sb.control.features.set(sb.defaults.org, { add: [GEN_AI_FEATURES] });
  }

  it('runs from a click to root cause, solution and code changes that apply to the workspace file', async () => {
    const sb = box.get();
    enableSeer(sb);
    const issue = issueWithFile(sb);
    assert.equal(await view(sb, issue.id), undefined);
    const runId = await startAutofix(write(sb).http, sb.defaults.org, issue.id, 'abc123');
    let r = (await view(sb, issue.id))!;
    assert.equal(r.shape, shape);
    assert.equal(r.runId, runId);
    assert.equal(r.status, 'processing');
    assert.ok(r.progress.length > 0);
    sb.control.clock.advance(3100);
    r = (await view(sb, issue.id))!;
    assert.equal(r.status, 'completed');
    assert.equal(r.causes.length, 1);
    assert.ok(r.causes[0].reproduction.length >= 2);
    assert.equal(r.solution, undefined);

    await continueAutofix(write(sb).http, sb.defaults.org, issue.id, { shape: r.shape, runId: r.runId }, 'solution');
    assert.equal((await view(sb, issue.id))!.status, 'processing');
    sb.control.clock.advance(2100);
    r = (await view(sb, issue.id))!;
    assert.equal(r.status, 'completed');
    assert.ok(r.solution?.summary);

    await continueAutofix(write(sb).http, sb.defaults.org, issue.id, { shape: r.shape, runId: r.runId }, 'code_changes');
    sb.control.clock.advance(2100);
    r = (await view(sb, issue.id))!;
    assert.equal(r.changes.length, 1);
    const change = r.changes[0];
    assert.equal(change.path, issue.workspaceFile);
    const before = workspaceLines(issue.workspaceFile!).join('\n');
    const applied = applyChange(change, before);
    assert.ok(applied.ok, JSON.stringify(applied));
    assert.match(applied.text!, /Seer: check the value/);
  });

  it('shows a run begun in the web UI without starting one', async () => {
    const sb = box.get();
    enableSeer(sb);
    const issue = issueWithFile(sb);
    sb.control.seer.startRun(issue.id, 10_000);
    sb.control.requests.clear();
    const r = (await view(sb, issue.id))!;
    assert.equal(r.status, 'completed');
    assert.equal(r.causes.length, 1);
    assert.equal(sb.control.requests.list({ method: 'POST' }).length, 0);
  });

  it('serves a run that fails and one that needs more information', async () => {
    const sb = box.get();
    enableSeer(sb);
    const [a, b] = sb.seed.issues.filter((i) => i.project.org.slug === sb.defaults.org).slice(0, 2);
    sb.control.seer.setScenario(a.id, 'fails');
    sb.control.seer.setScenario(b.id, 'needs-info');
    await startAutofix(write(sb).http, sb.defaults.org, a.id, undefined);
    await startAutofix(write(sb).http, sb.defaults.org, b.id, undefined);
    sb.control.clock.advance(2100);
    assert.equal((await view(sb, a.id))!.status, 'error');
    const needs = (await view(sb, b.id))!;
    assert.equal(needs.status, 'needs-input');
    assert.match(needs.question ?? '', /Which environment/);
  });

  it("masks a secret in Seer's text where the answer enters", async () => {
    const sb = box.get();
    enableSeer(sb);
    const issue = issueWithFile(sb);
    sb.control.seer.setScenario(issue.id, 'with-secret');
    await startAutofix(write(sb).http, sb.defaults.org, issue.id, undefined);
    sb.control.clock.advance(3100);
    const r = (await view(sb, issue.id))!;
    const text = JSON.stringify(r);
    assert.ok(!text.includes(LEAKED_TOKEN));
    assert.match(text, /Bearer \[masked\]|\[masked\]/);
  });

  it('says no budget (402) and a missing event:write scope (403) apart', async () => {
    const sb = box.get();
    enableSeer(sb);
    const issue = issueWithFile(sb);
    const readOnly = await rejection(startAutofix(clientFor(sb).http, sb.defaults.org, issue.id, undefined));
    assert.ok(readOnly instanceof ForbiddenError);
    assert.equal(classifyFailure(failureOf(readOnly, 'POST')!)?.reason, 'missing-scope');
    sb.control.seer.setBudget(sb.defaults.org, false);
    const broke = await rejection(startAutofix(write(sb).http, sb.defaults.org, issue.id, undefined));
    assert.equal(classifyFailure(failureOf(broke, 'POST')!)?.reason, 'no-budget');
    assert.match(classifyFailure(failureOf(broke, 'POST')!)?.detail ?? '', /No budget for Seer Autofix/);
  });

  it('answers an organization without Seer as its server would', async () => {
    const sb = box.get();
    sb.control.features.set(sb.defaults.org, { remove: [GEN_AI_FEATURES] });
    const issue = issueWithFile(sb);
    const post = await rejection(startAutofix(write(sb).http, sb.defaults.org, issue.id, undefined));
    // The agent's POST names no cause; the legacy one says the feature is off.
    assert.equal(classifyFailure(failureOf(post, 'POST')!)?.reason, profile === 'self-hosted-2025' ? 'feature-off' : 'not-enabled');
    const get = await rejection(getAutofix(clientFor(sb, undefined, { retries: 0 }).http, sb.defaults.org, issue.id));
    if (profile === 'self-hosted-2025') {
      assert.ok(get instanceof ServerError);
      assert.equal(classifyFailure(failureOf(get, 'GET')!)?.reason, 'no-seer-service');
    } else {
      assert.equal(classifyFailure(failureOf(get, 'GET')!)?.reason, 'feature-off');
    }
  });

  it("says each cause Sentry refuses Seer for, in its server's words", async () => {
    const sb = box.get();
    enableSeer(sb);
    const issue = issueWithFile(sb);
    const read = async () => classifyFailure(failureOf(await rejection(getAutofix(clientFor(sb, undefined, { retries: 0 }).http, sb.defaults.org, issue.id)), 'GET')!);
    const start = async () => classifyFailure(failureOf(await rejection(startAutofix(write(sb).http, sb.defaults.org, issue.id, undefined)), 'POST')!);
    sb.control.seer.setAccess(sb.defaults.org, { hideAiFeatures: true });
    if (profile === 'sentry-io') {
      assert.deepEqual(await read().then((u) => [u?.reason, u?.detail]), ['ai-hidden', 'AI features are disabled for this organization.']);
    } else {
      // The legacy GET reads the run; starting one is refused.
      assert.deepEqual(await start().then((u) => [u?.reason, u?.detail]), ['ai-hidden', 'AI features are disabled for this organization.']);
    }
    sb.control.seer.setAccess(sb.defaults.org, { hideAiFeatures: false });
    if (profile === 'sentry-io') {
      // Checked only by the agent: open team membership and the seer-explorer flag.
      sb.control.seer.setAccess(sb.defaults.org, { openMembership: false });
      const closed = await read();
      assert.equal(closed?.reason, 'closed-membership');
      assert.match(closed?.detail ?? '', /^Organization does not have open team membership enabled\./);
      sb.control.seer.setAccess(sb.defaults.org, { openMembership: true });
      sb.control.features.set(sb.defaults.org, { remove: [SEER_EXPLORER] });
      assert.deepEqual(await read().then((u) => [u?.reason, u?.detail]), ['feature-off', 'Feature flag not enabled']);
    }
  });

  it('reads the issue summary', async () => {
    const sb = box.get();
    enableSeer(sb);
    const s = readSummary(await summarizeIssue(write(sb).http, sb.defaults.org, issueWithFile(sb).id));
    assert.ok(s?.headline);
    assert.ok(s?.possibleCause);
  });

  if (profile === 'sentry-io') {
    it('answers 429 past the 25 starts a minute the endpoint declares', async () => {
      const sb = box.get();
      const issue = issueWithFile(sb);
      const client = clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken }, { maxRateLimitWaitMs: 0 });
      for (let i = 0; i < 25; i++) await startAutofix(client.http, sb.defaults.org, issue.id, undefined);
      const e = await rejection(startAutofix(client.http, sb.defaults.org, issue.id, undefined));
      assert.ok(e instanceof RateLimitedError, String(e));
      assert.equal(classifyFailure(failureOf(e, 'POST')!), undefined);
    });
  }
});
