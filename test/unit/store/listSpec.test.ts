// The key of a list spec is the Issues view's cache key today, so moving the view onto the store keeps
// every cached list (and its tests) as they are.
import assert from 'node:assert/strict';
import { cacheKey, toParams, PRESETS, type IssueFilter, type IssuePreset } from '../../../src/issues/core/filter';
import { effectiveQuery, listKey, type ListSpec } from '../../../src/store/listSpec';

describe('store list specs', () => {
  it('listKey({ org, project, ...toParams(filter) }) equals cacheKey(org, project, filter) for every preset, period and sort', () => {
    const presets: IssuePreset[] = [...(Object.keys(PRESETS) as IssuePreset[]), 'custom'];
    let n = 0;
    for (const preset of presets) {
      for (const statsPeriod of ['24h', '14d', ''] as const) {
        for (const sort of ['date', 'new', 'freq', 'user', 'trends'] as const) {
          for (const text of preset === 'custom' ? ['', 'WEB-FRONTEND-4', ' level:error '] : [undefined]) {
            const filter: IssueFilter = { preset, statsPeriod, sort, text };
            assert.equal(listKey({ org: 'acme', project: 'web', ...toParams(filter) }), cacheKey('acme', 'web', filter), JSON.stringify(filter));
            n++;
          }
        }
      }
    }
    // Every preset (Sentry's saved searches and ours) × 3 periods × 5 sorts, and 3 custom texts.
    assert.equal(n, Object.keys(PRESETS).length * 15 + 3 * 15);
    assert.ok(Object.keys(PRESETS).length >= 9, 'the saved searches are presets');
  });

  it("a period or sort left out is the server default's list", () => {
    assert.equal(listKey({ org: 'acme', project: 'web' }), listKey({ org: 'acme', project: 'web', statsPeriod: '24h', sort: 'date' }));
    assert.notEqual(listKey({ org: 'acme', project: 'web' }), listKey({ org: 'acme', project: 'web', statsPeriod: '' }));
  });

  it('shortIdLookup does not change the key; query undefined and query "" are different lists', () => {
    const base: ListSpec = { org: 'acme', project: 'web', statsPeriod: '24h', sort: 'date' };
    assert.equal(listKey({ ...base, query: 'WEB-1', shortIdLookup: true }), listKey({ ...base, query: 'WEB-1' }));
    assert.notEqual(listKey({ ...base, query: undefined }), listKey({ ...base, query: '' }));
  });

  it('a hashes search is its own list per hash set (first 100) and shows every status', () => {
    const base: ListSpec = { org: 'acme', project: 'web', statsPeriod: '24h', sort: 'date' };
    const many = Array.from({ length: 150 }, (_, i) => i.toString(16).padStart(32, '0'));
    assert.notEqual(listKey({ ...base, hashes: ['a'] }), listKey({ ...base, hashes: ['b'] }));
    assert.notEqual(listKey({ ...base, hashes: ['a'] }), listKey(base));
    assert.equal(listKey({ ...base, hashes: many }), listKey({ ...base, hashes: many.slice(0, 100) }), 'the server uses only the first 100');
    assert.equal(listKey({ ...base, hashes: ['a'], query: 'x', sort: 'new' }), listKey({ ...base, hashes: ['a'] }), 'query and sort are not sent with hashes');
    assert.equal(effectiveQuery({ ...base, hashes: ['a'] }), '');
    assert.equal(effectiveQuery(base), undefined);
  });
});
