// When a list's new view draws the same rows as the one drawn (src/issues/core/drawing.ts): a
// refresh that answers what the tree shows must not rebuild its nodes.
import assert from 'node:assert/strict';
import { drawsSame } from '../../../../src/issues/core/drawing';
import type { IssueListView } from '../../../../src/store/issueStore';
import { listKey, type ListSpec } from '../../../../src/store/listSpec';
import { anIssue } from '../../builders';

const spec: ListSpec = { org: 'acme', project: 'web-frontend' };
const one = anIssue({ id: '1' });
const two = anIssue({ id: '2' });
const aList = (over: Partial<IssueListView> = {}): IssueListView => ({
  key: listKey(spec),
  spec,
  org: 'acme',
  project: 'web-frontend',
  issues: [one, two],
  hidden: 0,
  loading: false,
  loadedAt: 1,
  hits: 2,
  ...over,
});

describe('issues/core/drawing: a list that draws the same', () => {
  it('a new answer with the same issue objects, counts and cursor draws the same, whenever it was loaded', () => {
    assert.equal(drawsSame(aList(), aList({ loadedAt: 99 })), true);
  });

  it('an issue changed (a new object), added, removed or moved draws anew', () => {
    assert.equal(drawsSame(aList(), aList({ issues: [one, { ...two }] })), false);
    assert.equal(drawsSame(aList(), aList({ issues: [one] })), false);
    assert.equal(drawsSame(aList(), aList({ issues: [two, one] })), false);
  });

  it('the count, the cursor, an error, loading, hidden rows or project totals changed draw anew', () => {
    for (const over of [
      { hits: 3 },
      { maxHits: 2 },
      { nextCursor: 'c' },
      { error: new Error('x') },
      { loading: true },
      { hidden: 1 },
      { droppedHashes: 4 },
      { projectTotals: { 'web-frontend': { hits: 2 } } },
    ] as Partial<IssueListView>[]) {
      assert.equal(drawsSame(aList(), aList(over)), false, JSON.stringify(over));
    }
  });

  it('a list shown or gone draws anew', () => {
    assert.equal(drawsSame(undefined, aList()), false);
    assert.equal(drawsSame(aList(), undefined), false);
    assert.equal(drawsSame(undefined, undefined), true);
  });
});
