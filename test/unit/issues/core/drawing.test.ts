// When a list's new view draws the same rows as the one drawn (src/issues/core/drawing.ts): a
// refresh that answers what the tree shows must not rebuild its nodes.
import assert from 'node:assert/strict';
import { drawsSameRows, nodeKey } from '../../../../src/issues/core/drawing';
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
    assert.equal(drawsSameRows(aList(), aList({ loadedAt: 99 })), true);
  });

  it('an issue changed (a new object) lists the same rows (the tree redraws that row alone); one added, removed, moved or of another project lists others', () => {
    assert.equal(drawsSameRows(aList(), aList({ issues: [one, { ...two, count: '99' }] })), true, 'a changed issue redraws its row, not the list');
    assert.equal(drawsSameRows(aList(), aList({ issues: [one, { ...two, project: { ...two.project, slug: 'other' } }] })), false);
    assert.equal(drawsSameRows(aList(), aList({ issues: [one] })), false);
    assert.equal(drawsSameRows(aList(), aList({ issues: [two, one] })), false);
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
      assert.equal(drawsSameRows(aList(), aList(over)), false, JSON.stringify(over));
    }
  });

  it('a row is the same row while its issue, list, project and period are', () => {
    const node = { type: 'issue', org: 'acme', project: 'web-frontend', issueId: '1', listedIn: 'web-frontend', otherProject: false, period: '24h' } as const;
    assert.equal(nodeKey(node), nodeKey({ ...node }));
    for (const over of [{ issueId: '2' }, { listedIn: 'api' }, { period: '14d' }, { org: 'other' }, { otherProject: true }])
      assert.notEqual(nodeKey(node), nodeKey({ ...node, ...over }), JSON.stringify(over));
  });

  it('a list shown or gone draws anew', () => {
    assert.equal(drawsSameRows(undefined, aList()), false);
    assert.equal(drawsSameRows(aList(), undefined), false);
    assert.equal(drawsSameRows(undefined, undefined), true);
  });
});
