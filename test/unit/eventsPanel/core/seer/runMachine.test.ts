import * as assert from 'node:assert/strict';
import { canStart, isPolling, next, type SeerPhase, type SeerEvent } from '../../../../../src/eventsPanel/core/seer/runMachine';
import { readAutofixAnswer } from '../../../../../src/model/seer/readRun';
import { classifyFailure, describeUnavailable } from '../../../../../src/model/seer/unavailable';
import { githubPullUrl } from '../../../../../src/eventsPanel/core/seer/links';
import { maxPollsWithin, nextPollDelay, POLL, tick } from '../../../../../src/eventsPanel/core/seer/pollSchedule';
import { agentCompleted, agentProcessing, legacyNeedsInfo } from '../../../model/seer/fixtures';

function run(events: SeerEvent[], from: SeerPhase = { kind: 'loading' }): SeerPhase {
  return events.reduce(next, from);
}

describe('Seer: the run state machine', () => {
  it('starts nothing without a click: answers alone never lead to starting', () => {
    const seen = new Set<string>();
    let p: SeerPhase = { kind: 'loading' };
    for (const body of [{ autofix: null }, agentProcessing, agentCompleted, { autofix: null }]) {
      p = next(p, { type: 'answer', answer: readAutofixAnswer(body) });
      seen.add(p.kind);
    }
    assert.ok(!seen.has('starting'));
  });

  it('shows a run already on the server instead of offering a new one', () => {
    const p = run([{ type: 'answer', answer: readAutofixAnswer(agentProcessing) }]);
    assert.equal(p.kind, 'running');
    assert.equal(canStart(p), false);
    assert.equal(next(p, { type: 'click-start' }), p);
  });

  it('goes idle -> starting -> running -> done on a click and answers', () => {
    let p = run([{ type: 'answer', answer: { kind: 'none' } }]);
    assert.equal(p.kind, 'idle');
    assert.ok(canStart(p));
    p = next(p, { type: 'click-start' });
    assert.equal(p.kind, 'starting');
    assert.ok(isPolling(p));
    // The server may not list the new run at once.
    p = next(p, { type: 'answer', answer: { kind: 'none' } });
    assert.equal(p.kind, 'starting');
    p = next(p, { type: 'answer', answer: readAutofixAnswer(agentProcessing) });
    assert.equal(p.kind, 'running');
    p = next(p, { type: 'answer', answer: readAutofixAnswer(agentCompleted) });
    assert.equal(p.kind, 'done');
    assert.equal(isPolling(p), false);
  });

  it('stops polling on Stop and ignores answers still in flight', () => {
    let p = run([{ type: 'answer', answer: readAutofixAnswer(agentProcessing) }, { type: 'stop' }]);
    assert.equal(p.kind, 'stopped');
    p = next(p, { type: 'answer', answer: readAutofixAnswer(agentCompleted) });
    assert.equal(p.kind, 'stopped');
    assert.equal(run([{ type: 'open' }], p).kind, 'loading');
  });

  it('waits for the user when Seer needs more information', () => {
    const p = run([{ type: 'answer', answer: readAutofixAnswer(legacyNeedsInfo) }]);
    assert.equal(p.kind, 'needs-input');
    assert.equal(isPolling(p), false);
  });

  it('stays unavailable until reopened', () => {
    const why = describeUnavailable('no-budget');
    let p = run([{ type: 'unavailable', why }]);
    p = next(p, { type: 'click-start' });
    p = next(p, { type: 'answer', answer: readAutofixAnswer(agentCompleted) });
    assert.equal(p.kind, 'unavailable');
  });
});

describe('Seer: why it is unavailable', () => {
  it('names each case from the status, the method and the missing scopes', () => {
    assert.equal(classifyFailure({ status: 402, method: 'POST' })?.reason, 'no-budget');
    assert.equal(classifyFailure({ status: 403, method: 'POST', missingScopes: ['event:write', 'event:admin'] })?.reason, 'missing-scope');
    assert.equal(classifyFailure({ status: 403, method: 'POST', missingScopes: [], detail: 'AI Autofix is not enabled for this project.' })?.reason, 'feature-off');
    assert.equal(classifyFailure({ status: 404, method: 'GET' })?.reason, 'no-endpoint');
    assert.equal(classifyFailure({ status: 500, method: 'GET' })?.reason, 'no-seer-service');
    assert.equal(classifyFailure({ status: 429, method: 'GET' }), undefined);
    assert.equal(classifyFailure({ status: 500, method: 'POST' }), undefined);
    assert.equal(classifyFailure({ method: 'GET' }), undefined);
  });

  it("names the cause Sentry gives, each with its own remedy and the server's words beside it", () => {
    // The texts of has_seer_agent_access_with_detail (src/sentry/seer/agent/client_utils.py), has_seer_access_with_detail
    // (src/sentry/seer/seer_setup.py), the legacy trigger_autofix and the agent's coding checks.
    const causes: Array<[string, string]> = [
      ['Feature flag not enabled', 'feature-off'],
      ['AI Autofix is not enabled for this project.', 'feature-off'],
      ['AI features are disabled for this organization.', 'ai-hidden'],
      ['Organization does not have open team membership enabled. Seer requires this to aggregate context across all projects and allow members to ask questions freely.', 'closed-membership'],
      ['Seer has not been acknowledged by the organization.', 'not-acknowledged'],
      ['Seer has not been enabled for this organization. Please open an issue at sentry.io/issues and set up Seer.', 'not-acknowledged'],
      ['Seer coding is not enabled for this organization', 'coding-off'],
      ['Code generation is disabled for this organization', 'coding-off'],
      // The agent's POST names no cause.
      ['You are not authorized to perform this action', 'not-enabled'],
    ];
    for (const [detail, reason] of causes) {
      // Whatever scopes the token lacks: Seer's own words say why.
      for (const method of ['GET', 'POST'] as const) {
        const u = classifyFailure({ status: 403, method, missingScopes: ['event:write'], detail });
        assert.equal(u?.reason, reason, detail);
        assert.equal(u?.detail, detail, "the server's words are kept");
      }
    }
    const remedies = new Set(causes.map(([, r]) => describeUnavailable(r as Parameters<typeof describeUnavailable>[0]).action));
    assert.equal(remedies.size, new Set(causes.map(([, r]) => r)).size, 'each cause its own remedy');
    assert.match(describeUnavailable('closed-membership').action, /Open Membership/);
    assert.match(describeUnavailable('ai-hidden').action, /Enable Seer Features/);
    assert.match(describeUnavailable('feature-off').action, /gen-ai-features/);
    // No budget is a 402 with a bare JSON string for its body, whatever it says.
    assert.equal(classifyFailure({ status: 402, method: 'POST', detail: 'No budget for Seer Autofix.' })?.reason, 'no-budget');
    // A scope refusal (DRF's own words) is a scope refusal.
    assert.equal(
      classifyFailure({ status: 403, method: 'POST', missingScopes: ['event:write', 'event:admin'], detail: 'You do not have permission to perform this action.' })?.reason,
      'missing-scope',
    );
  });

  it('says what to do in every case', () => {
    for (const r of [
      'no-budget',
      'feature-off',
      'ai-hidden',
      'closed-membership',
      'not-acknowledged',
      'coding-off',
      'not-enabled',
      'missing-scope',
      'no-endpoint',
      'no-seer-service',
      'no-repo',
    ] as const) {
      const u = describeUnavailable(r);
      assert.ok(u.message.length > 10 && u.action.length > 10, r);
    }
  });
});

describe('Seer: the poll schedule', () => {
  it('polls fast while the run changes and backs off to 15 s while it does not', () => {
    let clock = { unchanged: 0, startedAt: 0 };
    assert.equal(nextPollDelay(clock, 0), POLL.fastMs);
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      clock = tick(clock, false);
      delays.push(nextPollDelay(clock, 1000)!);
    }
    assert.deepEqual(
      delays,
      [...delays].sort((a, b) => a - b),
    );
    assert.equal(delays[delays.length - 1], POLL.maxMs);
    assert.equal(nextPollDelay(tick(clock, true), 1000), POLL.fastMs);
  });

  it('gives up after 30 minutes', () => {
    assert.equal(nextPollDelay({ unchanged: 0, startedAt: 0 }, POLL.giveUpMs), undefined);
  });

  it('stays within the GET limit GroupAutofixEndpoint declares (1024 a minute per user)', () => {
    assert.ok(maxPollsWithin(60_000) <= 31);
    assert.ok(maxPollsWithin(60_000) < 1024);
  });
});

describe('Seer: links and errors from the answer', () => {
  it('opens only GitHub pull request pages', () => {
    assert.equal(githubPullUrl('https://github.com/acme/web/pull/7')?.href, 'https://github.com/acme/web/pull/7');
    for (const bad of [
      'http://github.com/acme/web/pull/7',
      'https://github.com.evil.io/acme/web/pull/7',
      'https://github.com/acme/web/pull/7?x=1',
      'https://user:pw@github.com/acme/web/pull/7',
      'https://github.com/acme/web/issues/7',
      'command:workbench.action.reload',
      'javascript:alert(1)',
    ]) {
      assert.equal(githubPullUrl(bad), undefined, bad);
    }
  });

  it("carries Seer's last words of a failed run into the failed phase", () => {
    const agent = readAutofixAnswer({ autofix: { run_id: 5, status: 'error', blocks: [{ message: { role: 'assistant', content: 'Seer could not read the repository.' } }] } });
    const p = next({ kind: 'loading' }, { type: 'answer', answer: agent });
    assert.deepEqual([p.kind, p.kind === 'failed' && p.message], ['failed', 'Seer could not read the repository.']);
    const legacy = readAutofixAnswer({ autofix: { run_id: 6, status: 'ERROR', steps: [{ type: 'default', progress: [{ message: 'No repositories available.' }] }] } });
    const q = next({ kind: 'loading' }, { type: 'answer', answer: legacy });
    assert.equal(q.kind === 'failed' && q.message, 'No repositories available.');
  });
});
