// The Event tab's pure helpers: which frames show and which fold, breadcrumb filters and times,
// and the page's LRU of details.
import assert from 'node:assert/strict';
import type { Breadcrumb } from '../../../../../src/model/event/types';
import {
  CRUMBS_SHOWN_FIRST,
  Lru,
  contextTitle,
  crumbCategories,
  crumbIcon,
  crumbLevels,
  crumbOffset,
  filterCrumbs,
  frameGroups,
  maskedIn,
  maskedLabel,
  readableJson,
  systemFramesLabel,
  visibleCrumbs,
} from '../../../../../src/eventsPanel/core/page/eventViewModel';

const f = (inApp: boolean | undefined) => ({ inApp });
const crumb = (over: Partial<Breadcrumb> = {}): Breadcrumb => ({ type: 'default', level: 'info', ...over });

describe('event view: frame groups', () => {
  it('in-app frames show; each run of system frames folds into one group', () => {
    // newest first: sys sys app sys app app sys sys sys
    const frames = [f(false), f(false), f(true), f(undefined), f(true), f(true), f(false), f(false), f(false)];
    assert.deepEqual(frameGroups(frames), [
      { kind: 'system', start: 0, end: 2 },
      { kind: 'frames', start: 2, end: 3 },
      { kind: 'system', start: 3, end: 4 },
      { kind: 'frames', start: 4, end: 6 },
      { kind: 'system', start: 6, end: 9 },
    ]);
  });

  it('a stack without in-app frames shows its first few and folds the rest', () => {
    const frames = Array.from({ length: 10 }, () => f(false));
    assert.deepEqual(frameGroups(frames), [
      { kind: 'frames', start: 0, end: 3 },
      { kind: 'system', start: 3, end: 10 },
    ]);
    assert.deepEqual(frameGroups(frames.slice(0, 2)), [{ kind: 'frames', start: 0, end: 2 }]);
    assert.deepEqual(frameGroups(frames, 5)[0], { kind: 'frames', start: 0, end: 5 });
  });

  it('all in-app, and no frames', () => {
    assert.deepEqual(frameGroups([f(true), f(true)]), [{ kind: 'frames', start: 0, end: 2 }]);
    assert.deepEqual(frameGroups([]), []);
  });

  it('every frame is in exactly one group, in order', () => {
    for (let seed = 1; seed < 200; seed++) {
      const frames = Array.from({ length: seed % 23 }, (_, i) => f(((i * seed) >> 2) % 3 === 0));
      let next = 0;
      for (const g of frameGroups(frames)) {
        assert.equal(g.start, next);
        assert.ok(g.end > g.start);
        next = g.end;
      }
      assert.equal(next, frames.length);
    }
  });

  it('labels', () => {
    assert.equal(systemFramesLabel(1), 'Show 1 system frame');
    assert.equal(systemFramesLabel(1200), 'Show 1,200 system frames');
  });
});

describe('event view: breadcrumbs', () => {
  const crumbs: Breadcrumb[] = [
    crumb({ level: 'debug', category: 'console', message: 'starting' }),
    crumb({
      type: 'http',
      category: 'xhr',
      data: [
        { key: 'url', value: '/api/Orders' },
        { key: 'token', value: { masked: true, shown: '[masked]', secret: 0 } },
      ],
    }),
    crumb({ level: 'error', category: 'console', message: 'Boom happened' }),
    crumb({ level: 'warning', type: 'navigation', category: 'navigation', data: [{ key: 'to', value: '/checkout' }] }),
    crumb({ level: 'custom' }),
  ];

  it('levels: the known ones most severe first, others after; categories sorted', () => {
    assert.deepEqual(crumbLevels(crumbs), ['error', 'warning', 'info', 'debug', 'custom']);
    assert.deepEqual(crumbCategories(crumbs), ['console', 'navigation', 'xhr']);
  });

  it('filters by level, category and search (message, category, data keys and values; case-insensitive)', () => {
    assert.deepEqual(filterCrumbs(crumbs, {}), [0, 1, 2, 3, 4]);
    assert.deepEqual(filterCrumbs(crumbs, { levels: new Set(['error', 'warning']) }), [2, 3]);
    assert.deepEqual(filterCrumbs(crumbs, { category: 'console' }), [0, 2]);
    assert.deepEqual(filterCrumbs(crumbs, { search: '  boom ' }), [2]);
    assert.deepEqual(filterCrumbs(crumbs, { search: 'api/orders' }), [1], 'a data value');
    assert.deepEqual(filterCrumbs(crumbs, { search: 'CHECKOUT' }), [3]);
    assert.deepEqual(filterCrumbs(crumbs, { search: 'xhr' }), [1], 'the category');
    assert.deepEqual(filterCrumbs(crumbs, { search: '[masked]' }), [1], 'a masked value is searched as shown');
    assert.deepEqual(filterCrumbs(crumbs, { search: 'console', levels: new Set(['debug']) }), [0], 'filters combine');
    assert.deepEqual(filterCrumbs(crumbs, { category: '' }), [0, 1, 2, 3, 4], 'an empty category is every category');
  });

  it('the last 100 kept crumbs show newest first; the earlier ones wait for the button', () => {
    const kept = Array.from({ length: 250 }, (_, i) => i * 2);
    const first = visibleCrumbs(kept, false);
    assert.equal(CRUMBS_SHOWN_FIRST, 100);
    assert.equal(first.rows.length, 100);
    assert.equal(first.rows[0], 498, 'the newest first');
    assert.equal(first.rows[99], 300);
    assert.equal(first.earlier, 150);
    const all = visibleCrumbs(kept, true);
    assert.equal(all.rows.length, 250);
    assert.equal(all.rows[249], 0);
    assert.equal(all.earlier, 0);
    assert.deepEqual(visibleCrumbs([3, 4], false), { rows: [4, 3], earlier: 0 });
  });

  it('times relative to the event', () => {
    const ev = '2024-05-01T12:00:00.000Z';
    assert.equal(crumbOffset('2024-05-01T11:59:55.800Z', ev), '\u22124.2 s');
    assert.equal(crumbOffset('2024-05-01T11:59:48Z', ev), '\u221212 s');
    assert.equal(crumbOffset('2024-05-01T11:56:30Z', ev), '\u22123.5 min');
    assert.equal(crumbOffset('2024-05-01T09:54:00Z', ev), '\u22122.1 h');
    assert.equal(crumbOffset('2024-04-28T12:00:00Z', ev), '\u22123 d');
    assert.equal(crumbOffset('2024-05-01T12:00:00.300Z', ev), '+0.3 s');
    assert.equal(crumbOffset('2024-05-01T12:00:00.010Z', ev), '0 s');
    assert.equal(crumbOffset(undefined, ev), '');
    assert.equal(crumbOffset('yesterday', ev), '');
    assert.equal(crumbOffset('2024-05-01T11:59:55Z', undefined), '');
  });

  it('type icons', () => {
    assert.equal(crumbIcon('http'), 'globe');
    assert.equal(crumbIcon('navigation'), 'arrow-right');
    assert.equal(crumbIcon('query'), 'database');
    assert.equal(crumbIcon('user'), 'person');
    assert.equal(crumbIcon('default', 'console'), 'terminal');
    assert.equal(crumbIcon('anything'), 'circle-small');
  });

  it('every icon it names exists in the codicons the page ships', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(require.resolve('@vscode/codicons/dist/codicon.css'), 'utf8');
    const types = ['http', 'navigation', 'query', 'ui', 'user', 'error', 'debug', 'info', 'transaction', 'default'];
    for (const t of types) for (const c of [undefined, 'console']) assert.ok(css.includes(`.codicon-${crumbIcon(t, c)}:before`), `${t}/${c}: ${crumbIcon(t, c)}`);
  });
});

describe('event view: small helpers', () => {
  it('context titles, masked counts', () => {
    assert.equal(contextTitle('os'), 'OS');
    assert.equal(contextTitle('browser'), 'Browser');
    assert.equal(contextTitle('ForbiddenError'), 'ForbiddenError');
    assert.equal(maskedLabel(1), '1 value masked');
    assert.equal(maskedLabel(3), '3 values masked');
    assert.equal(
      maskedIn([
        { key: 'a', value: 'x' },
        { key: 'b', value: { masked: true, shown: '[masked]', secret: 1 } },
      ]),
      1,
    );
    assert.equal(maskedIn(undefined), 0);
  });
});

describe('event view: the page LRU', () => {
  it('keeps the most recently used up to its size', () => {
    const lru = new Lru<string, number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    assert.equal(lru.get('a'), 1, 'a is now the most recent');
    lru.set('d', 4);
    assert.equal(lru.has('b'), false, 'b was the least recent');
    assert.deepEqual(
      ['a', 'c', 'd'].map((k) => lru.get(k)),
      [1, 3, 4],
    );
    lru.set('c', 30);
    assert.equal(lru.size, 3);
    assert.equal(lru.get('c'), 30);
    lru.clear();
    assert.equal(lru.size, 0);
  });
});

describe('event view: readable JSON values', () => {
  it('objects a key a line, plain arrays and short values inline, anything else as it came', () => {
    assert.equal(readableJson('{"a":1,"b":"x"}'), '{"a": 1, "b": "x"}');
    assert.equal(readableJson('["a","b"]'), '["a", "b"]');
    const long = JSON.stringify({ user: { name: 'Ada Lovelace', email: 'ada@example.com', roles: ['admin', 'owner', 'billing'] }, n: 1 });
    assert.equal(readableJson(long), '{\n  "user": {\n    "name": "Ada Lovelace",\n    "email": "ada@example.com",\n    "roles": ["admin", "owner", "billing"]\n  },\n  "n": 1\n}');
    const plain = JSON.stringify(Array.from({ length: 30 }, (_, i) => `item-${i}`));
    assert.ok(!readableJson(plain).includes('\n'), 'an array of plain values stays one (wrapping) line');
    assert.equal(readableJson('plain text'), 'plain text');
    assert.equal(readableJson('{not json'), '{not json');
    assert.equal(readableJson('[]'), '[]');
    const huge = JSON.stringify({ a: 'x'.repeat(30_000) });
    assert.equal(readableJson(huge), huge, 'too long to be worth it');
  });
});
