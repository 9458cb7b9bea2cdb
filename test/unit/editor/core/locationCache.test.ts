import assert from 'node:assert/strict';
import { lineKey } from '../../../../src/editor/core/movedLines';
import { LocationCache, seenVersion } from '../../../../src/editor/core/locationCache';

describe('LocationCache: where issues happened, kept across reloads', () => {
  it('seenVersion: an issue without lastSeen (null) is known under its event count, so a new event still reads again', () => {
    assert.equal(seenVersion({ lastSeen: '2026-11-01T10:00:00Z', count: '3' }), '2026-11-01T10:00:00Z');
    assert.equal(seenVersion({ lastSeen: null, count: '3' }), 'events:3');
    assert.notEqual(seenVersion({ lastSeen: null, count: '4' }), seenVersion({ lastSeen: null, count: '3' }));
    assert.equal(seenVersion(undefined), undefined);
    const cache = new LocationCache();
    cache.set('k', { lastSeen: seenVersion({ lastSeen: null, count: '3' }), location: 'a.ts:1', at: 1 });
    assert.equal(cache.get('k', seenVersion({ lastSeen: null, count: '3' }))?.location, 'a.ts:1');
    assert.equal(cache.get('k', seenVersion({ lastSeen: null, count: '4' })), undefined);
  });
  it('answers only under the lastSeen it was read with', () => {
    const cache = new LocationCache();
    cache.set('s 1', { lastSeen: '2026-11-01T00:00:00Z', location: 'src/a.ts:3', at: 1 });
    assert.equal(cache.get('s 1', '2026-11-01T00:00:00Z')?.location, 'src/a.ts:3');
    assert.equal(cache.get('s 1', '2026-11-02T00:00:00Z'), undefined, 'a new event may be elsewhere');
    assert.equal(cache.get('s 1', undefined), undefined, 'an unknown lastSeen is never trusted');
    cache.set('s 2', { lastSeen: undefined, location: 'x', at: 2 });
    assert.equal(cache.get('s 2', undefined), undefined);
  });

  it('entries that name the same file share one copy of its path fields, read from a server or from storage', () => {
    const fields = () => ({ filename: 'src/app/checkout.ts', absPath: 'webpack:///./src/app/checkout.ts', platform: 'javascript', sdkName: 'sentry.javascript.react' });
    const cache = new LocationCache();
    for (let i = 0; i < 3; i++) cache.set(`s ${i}`, { lastSeen: 'a', location: 'src/app/checkout.ts:23', fields: fields(), at: i });
    for (let i = 0; i < 3; i++) cache.setFrame(`s ${i}`, { raw: 'src/app/checkout.ts', path: 'src/app/checkout.ts', line: 23, fields: fields() });
    const kept = [0, 1, 2].map((i) => cache.peek(`s ${i}`)!);
    assert.ok(kept[1].fields === kept[0].fields && kept[2].fields === kept[0].fields, 'one fields object for the three entries');
    assert.ok(kept[1].frame!.fields === kept[0].frame!.fields && kept[0].frame!.fields === kept[0].fields, "and the frames' fields are that one too");
    assert.deepEqual(kept[0].fields, fields());
    const other = { ...fields(), filename: 'src/app/cart.ts' };
    cache.set('s 3', { lastSeen: 'a', location: 'src/app/cart.ts:5', fields: other, at: 3 });
    assert.notEqual(cache.peek('s 3')!.fields, kept[0].fields, 'another file: its own');
    const again = LocationCache.fromJSON(JSON.parse(JSON.stringify(cache.takeChanges())));
    assert.ok(again.peek('s 1')!.fields === again.peek('s 0')!.fields && again.peek('s 0')!.frame!.fields === again.peek('s 0')!.fields, 'read back from storage: shared too');
  });

  it('round-trips through storage and reports only real changes', () => {
    const cache = new LocationCache();
    assert.equal(cache.takeChanges(), undefined);
    cache.set('s 1', { lastSeen: 'a', location: 'src/a.ts', at: 1 });
    cache.setFrame('s 1', { raw: 'src/a.ts', path: 'src/a.ts', line: 9 });
    const stored = cache.takeChanges();
    assert.ok(stored);
    assert.equal(cache.takeChanges(), undefined, 'nothing changed since');
    const again = LocationCache.fromJSON(JSON.parse(JSON.stringify(stored)));
    assert.deepEqual(again.get('s 1', 'a')?.frame, { raw: 'src/a.ts', path: 'src/a.ts', line: 9 });
  });

  it('drops what storage holds that is not an entry, and keeps the newest when full', () => {
    const junk = { a: 1, b: { lastSeen: 3, location: 'x', at: 1 }, c: { lastSeen: 'x', location: 'y'.repeat(5000), at: 1 }, d: { lastSeen: 'x', location: null, at: 5 } };
    const cache = LocationCache.fromJSON(junk);
    assert.equal(cache.size, 1);
    assert.ok(cache.get('d', 'x'));
    assert.equal(LocationCache.fromJSON('nonsense').size, 0);
    const small = new LocationCache(3);
    for (let i = 0; i < 5; i++) small.set(`k${i}`, { lastSeen: 'l', location: `f${i}`, at: i });
    assert.equal(small.size, 3);
    assert.equal(small.peek('k0'), undefined);
    assert.ok(small.peek('k4'));
    const loaded = LocationCache.fromJSON(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, { lastSeen: 'l', location: 'f', at: 10 - i }])), 2);
    assert.deepEqual([loaded.peek('k0'), loaded.peek('k1')].map(Boolean), [true, true], 'the two newest by `at`');
  });

  it("keeps a location's source text across reloads and new events, and drops stored text that is not text", () => {
    const cache = new LocationCache();
    const text = { at: 'src/a.ts:9', line: lineKey('throw new Error(id);'), before: [lineKey('if (!price)')], after: [lineKey('}')], source: 'event' as const };
    cache.set('s 1', { lastSeen: 'a', location: 'src/a.ts:9', at: 1 });
    cache.setText('s 1', text);
    const again = LocationCache.fromJSON(JSON.parse(JSON.stringify(cache.takeChanges())));
    assert.deepEqual(again.get('s 1', 'a')?.text, text);
    // A new event: the text stays with the entry, and says which location it is the text of.
    again.set('s 1', { lastSeen: 'b', location: 'src/a.ts:12', at: 2 });
    assert.deepEqual(again.get('s 1', 'b')?.text, text);
    const bad = (t: unknown) => LocationCache.fromJSON({ k: { lastSeen: 'a', location: 'x:1', at: 1, text: t } }).peek('k');
    for (const t of [
      'x',
      { ...text, source: 'elsewhere' },
      { ...text, line: 'y'.repeat(201) },
      { ...text, at: 5 },
      { ...text, before: [lineKey('a'), lineKey('b'), lineKey('c')] },
      { ...text, after: [3] },
    ]) {
      const entry = bad(t);
      assert.ok(entry, 'the entry stays');
      assert.equal(entry.text, undefined, JSON.stringify(t).slice(0, 80));
    }
    assert.deepEqual(bad({ at: 'x:1', line: lineKey('ok()'), source: 'editor' })?.text, { at: 'x:1', line: lineKey('ok()'), source: 'editor' });
  });

  it('drops source lines kept as text by an earlier version, and rewrites storage without them', () => {
    const old = { k: { lastSeen: 'a', location: 'src/a.ts:9', at: 1, text: { at: 'src/a.ts:9', line: 'const password = "hunter2";', before: ['login() {'], source: 'editor' } } };
    const cache = LocationCache.fromJSON(old);
    assert.ok(cache.peek('k'), 'the location stays');
    assert.equal(cache.peek('k')?.text, undefined);
    const stored = JSON.stringify(cache.takeChanges());
    assert.ok(!stored.includes('hunter2'), stored);
    assert.equal(LocationCache.fromJSON({ k: { ...old.k, text: undefined } }).takeChanges(), undefined, 'nothing to rewrite without text');
  });
});
