// What a Seer change loses to the extension's bounds is said, per change and per run, in both shapes,
// so such a change is shown and never applied (issue 42: a cut change wrote a part of Seer's change).
import * as assert from 'node:assert/strict';
import { readAutofixAnswer } from '../../../../src/model/seer/readRun';
import { readFilePatch, readUnifiedDiff } from '../../../../src/model/seer/hunks';
import { LIMITS, type SeerRunView } from '../../../../src/model/seer/runView';
import { agentCompleted, legacyCompleted } from './fixtures';

function run(body: unknown): SeerRunView {
  const a = readAutofixAnswer(body);
  assert.equal(a.kind, 'run');
  return (a as { run: SeerRunView }).run;
}

const line = (type: string, value: string) => ({ line_type: type, value: `${value}\n` });
const hunk = (lines: unknown[], start = 1) => ({ source_start: start, target_start: start, lines });
const agent = (patches: unknown[]) => ({ autofix: { run_id: 7, status: 'completed', blocks: [{ merged_file_patches: patches.map((patch) => ({ repo_name: 'acme/web', patch })) }] } });

describe('Seer: what of a change was cut to fit the bounds', () => {
  it('nothing, for a change read whole', () => {
    assert.equal(run(agentCompleted).changes[0].cut, undefined);
    assert.equal(run(legacyCompleted).changes[0].cut, undefined);
    assert.equal(run(agentCompleted).filesCut, undefined);
  });

  it('the lines beyond the lines a file may have, and the hunks after them', () => {
    const many = Array.from({ length: LIMITS.hunkLines + 10 }, (_, i) => line('+', `l${i}`));
    assert.deepEqual(readFilePatch('r', { path: 'a.ts', type: 'A', hunks: [hunk(many, 0)] })?.cut, ['lines']);
    const half = Array.from({ length: LIMITS.hunkLines / 2 }, (_, i) => line('+', `l${i}`));
    const three = readFilePatch('r', { path: 'a.ts', type: 'A', hunks: [hunk(half), hunk(half), hunk([line('+', 'last')])] });
    assert.deepEqual(three?.cut, ['lines'], 'the third hunk was left out');
    assert.equal(readFilePatch('r', { path: 'a.ts', type: 'A', hunks: [hunk(half), hunk(half)] })?.cut, undefined, 'exactly the bound is whole');
  });

  it('hunks beyond the hunks a file may have', () => {
    const hunks = Array.from({ length: LIMITS.hunks + 1 }, (_, i) => hunk([line(' ', 'x'), line('+', 'y')], i * 10 + 1));
    assert.deepEqual(readFilePatch('r', { path: 'a.ts', type: 'M', hunks })?.cut, ['hunks']);
  });

  it('a line longer than the text bound, a path longer than its bound, a hunk of unknown form', () => {
    const long = 'x'.repeat(LIMITS.text + 1);
    assert.deepEqual(readFilePatch('r', { path: 'a.ts', type: 'M', hunks: [hunk([line(' ', 'a'), line('+', long)])] })?.cut, ['line-length']);
    const path = `${'d/'.repeat(LIMITS.short)}a.ts`;
    const c = readFilePatch('r', { path, type: 'M', hunks: [hunk([line('+', 'a')])] });
    assert.deepEqual(c?.cut, ['path']);
    assert.notEqual(c?.path, path);
    assert.deepEqual(readFilePatch('r', { path: 'a.ts', type: 'M', hunks: [hunk([line('?', 'a')]), hunk([line('+', 'b')], 5)] })?.cut, ['unreadable']);
    assert.deepEqual(readFilePatch('r', { path: 'a.ts', type: 'M', hunks: [{ lines: [line('+', 'b')] }] })?.cut, ['unreadable'], 'a hunk without its starts');
  });

  it("keeps Seer's path exactly as sent: never trimmed", () => {
    assert.equal(readFilePatch('r', { path: ' a.ts ', type: 'M', hunks: [hunk([line('+', 'a')])] })?.path, ' a.ts ');
  });

  it('the files beyond the files a run may have, in both shapes', () => {
    const patches = Array.from({ length: LIMITS.files + 3 }, (_, i) => ({ path: `f${i}.ts`, type: 'A', hunks: [hunk([line('+', 'a')], 0)] }));
    const a = run(agent(patches));
    assert.equal(a.changes.length, LIMITS.files);
    assert.equal(a.filesCut, 3);
    const diff = patches.map((p) => ({ ...p }));
    const legacy = run({ autofix: { run_id: 8, status: 'COMPLETED', steps: [{ type: 'changes', changes: [{ repo_name: 'acme/web', diff }] }] } });
    assert.equal(legacy.changes.length, LIMITS.files);
    assert.equal(legacy.filesCut, 3);
  });

  it('a legacy diff text: its files beyond the bound, its lines beyond the bound', () => {
    const file = (i: number, n: number) => `--- /dev/null\n+++ b/f${i}.ts\n@@ -0,0 +1,${n} @@\n${'+a\n'.repeat(n)}`;
    const text = Array.from({ length: LIMITS.files + 2 }, (_, i) => file(i, 1)).join('');
    const r = readUnifiedDiff('r', text);
    assert.equal(r.changes.length, LIMITS.files);
    assert.equal(r.filesCut, 2);
    assert.deepEqual(readUnifiedDiff('r', file(0, LIMITS.hunkLines + 1)).changes[0].cut, ['lines']);
    assert.equal(readUnifiedDiff('r', file(0, 3)).changes[0].cut, undefined);
  });
});
