// A Seer change counts as reviewed only for the exact text its diff showed (issue 42, part 1): the
// run, the change's content, its file and both sides' digests.
import * as assert from 'node:assert/strict';
import { changeText, describeReviewProblem, digest, reviewProblem, type Review } from '../../../../../src/eventsPanel/core/seer/review';
import type { SeerFileChange } from '../../../../../src/model/seer/runView';

const change: SeerFileChange = { repo: 'acme/web', path: 'src/a.ts', kind: 'modify', added: 1, removed: 0, hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 2, lines: [' a', '+b'] }] };

describe('Seer: what was reviewed of a change', () => {
  it('digests texts with SHA-256', async () => {
    assert.equal(await digest('abc'), 'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.notEqual(await digest('a'), await digest('a '));
  });

  it('reads every part of a change that Apply reads into its text: the lines, the path, the repository, what was cut', async () => {
    const base = changeText(change);
    assert.notEqual(changeText({ ...change, hunks: [{ ...change.hunks[0], lines: [' a', '+c'] }] }), base);
    assert.notEqual(changeText({ ...change, path: 'src/b.ts' }), base);
    assert.notEqual(changeText({ ...change, repo: 'acme/other' }), base);
    assert.notEqual(changeText({ ...change, kind: 'delete' }), base);
    assert.notEqual(changeText({ ...change, cut: ['lines'] }), base);
    assert.equal(changeText({ ...change, added: 9 }), base, 'the counts are not written');
  });

  it('holds only for the same run, content, file and both sides', async () => {
    const review: Review = { runId: '7', change: await digest(changeText(change)), target: 'file:///w/src/a.ts', before: await digest('a\n'), after: await digest('a\nb\n') };
    const now = { runId: '7', change: review.change, target: review.target, before: review.before, after: review.after };
    assert.equal(reviewProblem(review, now), undefined);
    assert.equal(reviewProblem(review, { ...now, before: undefined, after: undefined }), undefined, 'before the files are read');
    assert.equal(reviewProblem(undefined, now), 'not-reviewed');
    assert.equal(reviewProblem(review, { ...now, runId: '8' }), 'run');
    assert.equal(reviewProblem(review, { ...now, change: await digest('other') }), 'content');
    assert.equal(reviewProblem(review, { ...now, target: 'file:///other/src/a.ts' }), 'target');
    assert.equal(reviewProblem(review, { ...now, before: await digest('a\n// edited\n') }), 'file');
    assert.equal(reviewProblem(review, { ...now, after: await digest('a\nc\n') }), 'result');
    assert.match(describeReviewProblem('file', 'src/a.ts'), /src\/a\.ts has changed since you opened its diff/);
  });
});
