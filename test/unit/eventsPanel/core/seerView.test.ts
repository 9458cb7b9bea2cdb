import * as assert from 'node:assert/strict';
import { seerView } from '../../../../src/eventsPanel/core/seerView';
import { parseSeerPageMessage } from '../../../../src/eventsPanel/core/protocol/seer';
import { parsePageMessage } from '../../../../src/eventsPanel/core/protocol/parsePageMessage';
import { next, type SeerPhase } from '../../../../src/eventsPanel/core/seer/runMachine';
import { readAutofixAnswer } from '../../../../src/model/seer/readRun';
import { describeUnavailable } from '../../../../src/model/seer/unavailable';
import { LIMITS } from '../../../../src/model/seer/runView';
import { agentCompleted, agentProcessing, legacyCompleted } from '../../model/seer/fixtures';

const none = { targets: [], reviewed: new Set<number>(), polls: 0 };
const found = (file: string) => ({ file, sensitive: [] });

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
    assert.equal(seerView(p, { ...none, targets: [found('src/cart.js')] }).can.apply, false);
    assert.match(seerView(p, { ...none, targets: [found('src/cart.js')] }).applyNote ?? '', /Open each change/);
    assert.equal(seerView(p, { ...none, targets: [found('src/cart.js')], reviewed: new Set([0]) }).can.apply, true);
    assert.match(seerView(p, { ...none, targets: [{ missing: 'not there', sensitive: [] }] }).applyNote ?? '', /None of the changed files/);
  });

  it('offers no Apply while the files are being found, and says so', () => {
    const v = seerView(done(agentCompleted), { ...none, reviewed: new Set([0]) });
    assert.equal(v.can.apply, false);
    assert.match(v.applyNote ?? '', /Finding the workspace file/);
  });

  it('shows the file each change writes, with its folder, or why none, and what needs a confirmation', () => {
    const v = seerView(done(agentCompleted), { ...none, targets: [{ file: 'src/cart.js', folder: 'web', sensitive: ['a dotfile'] }] });
    assert.deepEqual([v.changes[0].path, v.changes[0].file, v.changes[0].folder, v.changes[0].sensitive], ['src/cart.js', 'src/cart.js', 'web', ['a dotfile']]);
  });

  it('never offers Apply for a change cut to fit the bounds, and says what was cut', () => {
    const body = structuredClone(agentCompleted) as typeof agentCompleted;
    const patch = body.autofix.blocks[1].merged_file_patches![0].patch as { hunks: { lines: unknown[] }[] };
    patch.hunks[0].lines.push(...Array.from({ length: LIMITS.hunkLines }, () => ({ line_type: '+', value: 'x\n' })));
    const v = seerView(done(body), { ...none, targets: [found('src/cart.js')], reviewed: new Set([0]) });
    assert.match(v.changes[0].cut ?? '', /more than 5000 lines/);
    assert.equal(v.can.apply, false);
    assert.match(v.applyNote ?? '', /None of the changed files can be written/);
  });

  it('never offers Apply for a run whose files were cut, and says so', () => {
    const patches = Array.from({ length: LIMITS.files + 1 }, (_, i) => ({
      repo_name: 'acme/web',
      patch: { path: `f${i}.js`, type: 'A', hunks: [{ source_start: 0, target_start: 1, lines: [{ line_type: '+', value: 'x\n' }] }] },
    }));
    const p = done({ autofix: { ...agentCompleted.autofix, blocks: [...agentCompleted.autofix.blocks.slice(0, 1), { ...agentCompleted.autofix.blocks[1], merged_file_patches: patches }] } });
    const all = new Set(Array.from({ length: LIMITS.files }, (_, i) => i));
    const v = seerView(p, { ...none, targets: Array.from({ length: LIMITS.files }, (_, i) => found(`f${i}.js`)), reviewed: all });
    assert.match(v.cut ?? '', /1 more files than the panel reads/);
    assert.equal(v.can.apply, false);
  });

  it('names the invisible and bidirectional characters of a change', () => {
    const body = structuredClone(agentCompleted) as typeof agentCompleted;
    const patch = body.autofix.blocks[1].merged_file_patches![0].patch as { hunks: { lines: { line_type: string; value: string }[] }[] };
    patch.hunks[0].lines[2].value = '  return 0; // \u202E } if (admin) {\n';
    assert.equal(seerView(done(body), none).changes[0].invisible, 'U+202E (line 2)');
    assert.equal(seerView(done(agentCompleted), none).changes[0].invisible, undefined);
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

  it('reads nothing but the action and its index: never a file, a digest or what was reviewed', () => {
    const forged = { type: 'seer', action: 'apply', index: 0, reviewed: [0, 1], digest: 'sha256:00', file: '.vscode/tasks.json', uri: 'file:///etc/passwd' };
    assert.deepEqual(parsePageMessage(forged), { type: 'seer', action: 'apply' });
    assert.deepEqual(parsePageMessage({ type: 'seer', action: 'openDiff', index: 1, file: '.git/hooks/pre-commit' }), { type: 'seer', action: 'openDiff', index: 1 });
    assert.deepEqual(parsePageMessage({ type: 'seer', action: 'openIssuePage', url: 'https://evil.example' }), { type: 'seer', action: 'openIssuePage' });
  });
});
