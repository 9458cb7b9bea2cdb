import * as assert from 'node:assert/strict';
import { seerView } from '../../../src/eventsPanel/model/seerView';
import { parseSeerPageMessage } from '../../../src/eventsPanel/protocol/seer';
import { parsePageMessage } from '../../../src/eventsPanel/protocol/parsePageMessage';
import { next, type SeerPhase } from '../../../src/seer/core/runMachine';
import { readAutofixAnswer } from '../../../src/seer/core/readRun';
import { describeUnavailable } from '../../../src/seer/core/unavailable';
import { agentCompleted, agentProcessing, legacyCompleted } from '../seer/fixtures';

const none = { files: [], reviewed: new Set<number>(), polls: 0 };

function done(body: unknown): SeerPhase {
  return next({ kind: 'loading' }, { type: 'answer', answer: readAutofixAnswer(body) });
}

describe('events panel: the Seer tab view', () => {
  it('offers Find Root Cause only where a click can start a run', () => {
    assert.equal(seerView({ kind: 'loading' }, none).can.start, false);
    assert.equal(seerView({ kind: 'idle' }, none).can.start, true);
    const running = seerView(done(agentProcessing), none);
    assert.deepEqual([running.can.start, running.can.stop], [false, true]);
    assert.deepEqual(running.progress, ['Read cart.js']);
  });

  it('says why Seer is unavailable and offers no button', () => {
    const v = seerView({ kind: 'unavailable', why: describeUnavailable('no-budget', 'No budget for Seer Autofix.') }, none);
    assert.ok(v.unavailable?.message);
    assert.ok(v.unavailable?.action);
    assert.deepEqual(Object.values(v.can), [false, false, false, false, false, false]);
  });

  it('offers Apply only once every applicable diff was opened', () => {
    const p = done(agentCompleted);
    assert.equal(seerView(p, { ...none, files: ['src/cart.js'] }).can.apply, false);
    assert.match(seerView(p, { ...none, files: ['src/cart.js'] }).applyNote ?? '', /Open each change/);
    assert.equal(seerView(p, { ...none, files: ['src/cart.js'], reviewed: new Set([0]) }).can.apply, true);
    assert.match(seerView(p, none).applyNote ?? '', /None of the changed files/);
  });

  it('offers the solution after the root cause, and the code changes after the solution', () => {
    const rcOnly = done({ autofix: { ...agentCompleted.autofix, blocks: [agentCompleted.autofix.blocks[0]] } });
    assert.deepEqual([seerView(rcOnly, none).can.solution, seerView(rcOnly, none).can.codeChanges], [true, false]);
    const legacy = done({ autofix: { ...legacyCompleted.autofix, steps: legacyCompleted.autofix.steps.slice(0, 3) } });
    assert.deepEqual([seerView(legacy, none).can.solution, seerView(legacy, none).can.codeChanges], [false, true]);
  });

  it('notes a legacy run without a repository', () => {
    const p = done({ autofix: { ...legacyCompleted.autofix, repositories: [] } });
    assert.match(seerView(p, none).note?.message ?? '', /No repository/);
  });
});

describe('events panel: Seer messages from the page', () => {
  it('reads the actions and refuses anything else', () => {
    assert.deepEqual(parsePageMessage({ type: 'seer', action: 'start', issueId: '1' }), { type: 'seer', action: 'start' });
    assert.deepEqual(parsePageMessage({ type: 'seer', action: 'openDiff', index: 2 }), { type: 'seer', action: 'openDiff', index: 2 });
    assert.equal(parsePageMessage({ type: 'seer', action: 'openDiff' }), undefined);
    assert.equal(parsePageMessage({ type: 'seer', action: 'openDiff', index: -1 }), undefined);
    assert.equal(parsePageMessage({ type: 'seer', action: 'rm -rf' }), undefined);
    assert.equal(parseSeerPageMessage({ action: 'openPr', index: 1.5 }), undefined);
  });
});
