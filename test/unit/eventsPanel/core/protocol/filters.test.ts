import assert from 'node:assert/strict';
import { DEFAULT_FILTERS, PERIOD_PRESETS, eventRequestParams, filtersKey, type EventFilters } from '../../../../../src/eventsPanel/core/protocol/filters';

const f = (over: Partial<EventFilters> = {}): EventFilters => ({ ...DEFAULT_FILTERS, ...over });

describe('events protocol: filters -> request parameters', () => {
  it('a preset sends statsPeriod and neither start nor end', () => {
    for (const p of PERIOD_PRESETS) {
      const params = eventRequestParams(f({ period: { kind: 'preset', statsPeriod: p } }));
      assert.deepEqual(params, { statsPeriod: p });
    }
  });

  it('a custom range sends start and end and no statsPeriod', () => {
    const params = eventRequestParams(f({ period: { kind: 'range', start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' } }));
    assert.deepEqual(params, { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' });
    assert.ok(!('statsPeriod' in params));
  });

  it('environments, full, sample and query are sent only when set', () => {
    assert.deepEqual(eventRequestParams(f({ environments: ['production', 'staging'], full: true, sample: true, query: '  release:1.0 ' }), 'c:1:0'), {
      statsPeriod: '90d',
      environment: ['production', 'staging'],
      full: true,
      sample: true,
      query: 'release:1.0',
      cursor: 'c:1:0',
    });
    assert.deepEqual(eventRequestParams(f({ environments: [], full: false, sample: false, query: '   ' })), { statsPeriod: '90d' });
  });

  it('filtersKey is equal exactly when the requests are', () => {
    assert.equal(filtersKey(f({ environments: ['a', 'b'] })), filtersKey(f({ environments: ['b', 'a'] })));
    assert.equal(filtersKey(f({ query: ' x ' })), filtersKey(f({ query: 'x' })));
    assert.notEqual(filtersKey(f({ full: true })), filtersKey(f()));
    assert.notEqual(filtersKey(f({ sample: true })), filtersKey(f()));
    assert.notEqual(filtersKey(f({ period: { kind: 'preset', statsPeriod: '24h' } })), filtersKey(f()));
  });
});
