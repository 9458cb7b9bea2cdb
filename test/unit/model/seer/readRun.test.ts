import * as assert from 'node:assert/strict';
import { readAutofixAnswer } from '../../../../src/model/seer/readRun';
import { LIMITS, type SeerRunView } from '../../../../src/model/seer/runView';
import { agentCompleted, agentProcessing, legacyCompleted, legacyNeedsInfo } from './fixtures';

function run(body: unknown): SeerRunView {
  const a = readAutofixAnswer(body);
  assert.equal(a.kind, 'run');
  return (a as { run: SeerRunView }).run;
}

describe('Seer: one reader for both autofix shapes', () => {
  it('reads no run and refuses what neither shape is', () => {
    assert.deepEqual(readAutofixAnswer({ autofix: null }), { kind: 'none' });
    assert.deepEqual(readAutofixAnswer({}), { kind: 'unreadable' });
    assert.deepEqual(readAutofixAnswer({ autofix: { status: 'weird', run_id: 1 } }), { kind: 'unreadable' });
    assert.deepEqual(readAutofixAnswer('<html>'), { kind: 'unreadable' });
  });

  it('reads the agent shape: latest artifact per key, merged patches, pull requests', () => {
    const r = run(agentCompleted);
    assert.equal(r.shape, 'agent');
    assert.equal(r.runId, '4242');
    assert.equal(r.status, 'completed');
    assert.equal(r.causes.length, 1);
    assert.equal(r.causes[0].summary, 'cart.total is undefined when the cart is empty');
    assert.deepEqual(r.causes[0].whys, ['total() reads items[0]']);
    assert.deepEqual(
      r.causes[0].reproduction.map((s) => s.title),
      ['Open /checkout with an empty cart', 'total() throws'],
    );
    assert.equal(r.solution?.summary, 'Return 0 for an empty cart');
    assert.deepEqual(r.solution?.steps, [{ title: 'Guard empty carts', detail: 'Check items.length first' }]);
    assert.equal(r.changes.length, 1);
    assert.deepEqual(r.changes[0].hunks[0].lines, [' function total(items) {', '-  return items[0].price;', '+  return items.length ? items[0].price : 0;', ' }']);
    assert.equal(r.changes[0].hunks[0].oldLines, 3);
    assert.deepEqual(r.pullRequests, [{ repo: 'acme/web', url: 'https://github.com/acme/web/pull/7', number: 7, state: 'completed' }]);
  });

  it('reads a running agent run: its active todo is the progress', () => {
    const r = run(agentProcessing);
    assert.equal(r.status, 'processing');
    assert.deepEqual(r.progress, ['Read cart.js']);
    assert.deepEqual(r.causes, []);
  });

  it('reads the legacy shape into the same view: causes with reproduction steps, active solution steps, diff_str for hunks', () => {
    const r = run(legacyCompleted);
    const a = run(agentCompleted);
    assert.equal(r.shape, 'legacy');
    assert.equal(r.status, 'completed');
    assert.equal(r.causes[0].summary, a.causes[0].summary);
    assert.equal(r.causes[0].reproduction[1].file?.path, 'src/cart.js');
    assert.equal(r.causes[0].repo, 'acme/web');
    assert.deepEqual(
      r.solution?.steps.map((s) => s.title),
      ['Guard empty carts'],
    );
    assert.equal(r.changes.length, 1);
    assert.deepEqual(r.changes[0].hunks, a.changes[0].hunks);
    assert.deepEqual(r.repositories, ['acme/web']);
  });

  it('maps every status of both shapes', () => {
    const legacy = { PROCESSING: 'processing', COMPLETED: 'completed', ERROR: 'error', NEED_MORE_INFORMATION: 'needs-input', WAITING_FOR_USER_RESPONSE: 'needs-input', CANCELLED: 'cancelled' };
    for (const [s, want] of Object.entries(legacy)) assert.equal(run({ autofix: { run_id: 1, status: s, steps: [] } }).status, want, s);
    const agent = { processing: 'processing', completed: 'completed', error: 'error', awaiting_user_input: 'needs-input' };
    for (const [s, want] of Object.entries(agent)) assert.equal(run({ autofix: { run_id: 1, status: s, blocks: [] } }).status, want, s);
  });

  it("keeps Seer's question when it needs more information", () => {
    const r = run(legacyNeedsInfo);
    assert.equal(r.status, 'needs-input');
    assert.equal(r.question, 'Which payment provider is used in production?');
    const agent = run({ autofix: { run_id: 3, status: 'awaiting_user_input', blocks: [], pending_user_input: { id: 'p', input_type: 'question', data: { question: 'Which region?' } } } });
    assert.equal(agent.question, 'Which region?');
  });

  it('bounds what a server sends: long text, many causes, many hunk lines', () => {
    const huge = 'x'.repeat(100_000);
    const body = {
      autofix: {
        run_id: 1,
        status: 'COMPLETED',
        steps: [{ type: 'root_cause_analysis', causes: Array.from({ length: 500 }, () => ({ description: huge, root_cause_reproduction: [] })) }],
      },
    };
    const r = run(body);
    assert.equal(r.causes.length, LIMITS.items);
    assert.equal(r.causes[0].summary.length, LIMITS.text);
    const lines = Array.from({ length: 20_000 }, () => ({ line_type: '+', value: 'a\n' }));
    const big = run({
      autofix: { run_id: 2, status: 'completed', blocks: [{ merged_file_patches: [{ repo_name: 'r', patch: { path: 'f', type: 'A', hunks: [{ source_start: 0, target_start: 1, lines }] } }] }] },
    });
    assert.ok(big.changes[0].hunks[0].lines.length <= LIMITS.hunkLines);
  });

  it('drops a hunk with a line of unknown type instead of guessing', () => {
    const r = run({
      autofix: {
        run_id: 2,
        status: 'completed',
        blocks: [{ merged_file_patches: [{ repo_name: 'r', patch: { path: 'f', type: 'M', hunks: [{ source_start: 1, target_start: 1, lines: [{ line_type: '?', value: 'a' }] }] } }] }],
      },
    });
    assert.deepEqual(r.changes[0].hunks, []);
  });
});
