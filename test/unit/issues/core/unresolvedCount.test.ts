// The status bar's count, summed from the lists the store holds (never a request of its own).
import assert from 'node:assert/strict';
import { countLabel, unresolvedCount } from '../../../../src/issues/core/unresolvedCount';
import type { IssueListView } from '../../../../src/store/issueStore';
import { listKey, type ListSpec } from '../../../../src/store/listSpec';
import { anIssue } from '../../builders';

function aList(spec: Partial<ListSpec>, over: Partial<IssueListView> = {}): IssueListView {
  const full: ListSpec = { org: 'acme', project: 'web-frontend', ...spec };
  return { key: listKey(full), spec: full, org: full.org, project: full.project, issues: [anIssue()], hidden: 0, loading: false, loadedAt: 1, ...over };
}

describe('unresolved count (status bar)', () => {
  it('sums X-Hits of each project\'s unresolved list; a capped total reads "at least"', () => {
    const lists = [aList({}, { hits: 1200 }), aList({ project: 'api-server' }, { hits: 1000, maxHits: 1000 })];
    const count = unresolvedCount(lists, 'acme', ['web-frontend', 'api-server'])!;
    assert.deepEqual(count, { total: 2200, atLeast: true });
    assert.equal(countLabel(count), '2,200+');
  });

  it('without X-Hits, the listed issues, "+" when there are more pages', () => {
    assert.deepEqual(unresolvedCount([aList({}, { nextCursor: 'c' })], 'acme', ['web-frontend']), { total: 1, atLeast: true });
    assert.deepEqual(unresolvedCount([aList({})], 'acme', ['web-frontend']), { total: 1, atLeast: false });
  });

  it('prefers the default period and sort, else any unresolved list: the count does not depend on them', () => {
    const other = aList({ statsPeriod: '14d', sort: 'freq' }, { hits: 7 });
    assert.equal(unresolvedCount([other], 'acme', ['web-frontend'])?.total, 7);
    const def = aList({ statsPeriod: '24h', sort: 'date' }, { hits: 9 });
    assert.equal(unresolvedCount([other, def], 'acme', ['web-frontend'])?.total, 9);
  });

  it('ignores other queries, hashes searches, other orgs and projects, failed lists and lists still on their first load', () => {
    const ignored = [
      aList({ query: '' }, { hits: 1 }),
      aList({ query: 'is:unresolved assigned:me' }, { hits: 2 }),
      aList({ hashes: ['a'.repeat(32)] }, { hits: 3 }),
      aList({ org: 'globex' }, { hits: 4 }),
      aList({ project: 'worker' }, { hits: 5 }),
      aList({}, { hits: 6, error: new Error('boom') }),
      aList({ sort: 'new' }, { hits: 8, loading: true, loadedAt: undefined }),
    ];
    assert.equal(unresolvedCount(ignored, 'acme', ['web-frontend']), undefined);
    assert.equal(unresolvedCount([...ignored, aList({}, { hits: 11 })], 'acme', ['web-frontend'])?.total, 11);
  });

  it('an issue resolved out of a capped list keeps the count a lower bound: "999+", never an exact-looking "999"', () => {
    const count = unresolvedCount([aList({}, { serverHits: 1000, maxHits: 1000, hidden: 1, hits: 999 })], 'acme', ['web-frontend'])!;
    assert.deepEqual(count, { total: 999, atLeast: true });
    assert.equal(countLabel(count), '999+');
  });
});

describe('the unresolved count from one list of several projects', () => {
  it('counts the chosen projects at once from their one list, and never a list of other projects', () => {
    const together = aList({ project: 'web-frontend,api-server', projects: ['web-frontend', 'api-server'] }, { hits: 1300 });
    assert.deepEqual(unresolvedCount([together], 'acme', ['web-frontend', 'api-server']), { total: 1300, atLeast: false });
    assert.deepEqual(unresolvedCount([together], 'acme', ['api-server', 'web-frontend']), { total: 1300, atLeast: false }, 'in any order');
    assert.equal(unresolvedCount([together], 'acme', ['web-frontend', 'worker']), undefined);
    assert.equal(unresolvedCount([together], 'acme', ['web-frontend']), undefined, 'one project is not counted from a list of two');
  });
});
