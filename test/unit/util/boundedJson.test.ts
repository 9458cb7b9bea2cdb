import assert from 'node:assert/strict';
import { boundedStringify, DEFAULT_MAX_DEPTH, pruneDepth, TOO_DEEP } from '../../../src/util/boundedJson';
import { nested } from '../builders';

function depthOf(value: unknown): number {
  let d = 0;
  let cur = value;
  while (cur && typeof cur === 'object') {
    d++;
    cur = Array.isArray(cur) ? cur[0] : (cur as Record<string, unknown>).a;
  }
  return d;
}

describe('boundedJson: depth and length bounds for hostile JSON', () => {
  it('JSON.parse survives 20,000 levels on this Node, but JSON.stringify of the result throws (why pruning exists)', () => {
    const parsed = JSON.parse('['.repeat(20_000) + ']'.repeat(20_000));
    assert.equal(depthOf(parsed), 20_000);
    assert.throws(() => JSON.stringify(parsed), RangeError);
  });

  it('pruneDepth replaces what is nested deeper than the bound by a placeholder', () => {
    const pruned = pruneDepth(nested(20_000));
    assert.equal(depthOf(pruned), DEFAULT_MAX_DEPTH);
    let cur: unknown = pruned;
    for (let i = 1; i < DEFAULT_MAX_DEPTH; i++) cur = (cur as Record<string, unknown>).a;
    assert.equal((cur as Record<string, unknown>).a, TOO_DEEP);
    assert.doesNotThrow(() => JSON.stringify(pruned));
    const arrays = pruneDepth(JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)), 3);
    assert.deepEqual(arrays, [[[TOO_DEEP]]]);
  });

  it('pruneDepth returns shallow values as they are (no copy) and keeps primitives at any depth', () => {
    const value = { a: [1, 'x', null, { b: true }], c: { d: { e: 2 } } };
    assert.equal(pruneDepth(value, 4), value);
    assert.deepEqual(pruneDepth(value, 2), { a: [1, 'x', null, TOO_DEEP], c: { d: TOO_DEEP } });
    assert.equal(pruneDepth('text', 0), 'text');
  });

  it('pruneDepth copies a "__proto__" key as data, never as a prototype', () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"deep":{"x":{"y":1}}}');
    const pruned = pruneDepth(parsed, 2) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(pruned), Object.prototype);
    assert.equal((pruned as { polluted?: boolean }).polluted, undefined);
    assert.ok(Object.prototype.hasOwnProperty.call(pruned, '__proto__'));
    assert.deepEqual(Object.keys(pruned), ['__proto__', 'deep']);
  });

  it('boundedStringify never throws: 20,000 levels, cycles, BigInt, throwing getters and toJSON', () => {
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    const hostile = {
      big: 10n,
      get boom(): never {
        throw new Error('getter');
      },
      date: new Date(0),
      bad: {
        toJSON: () => {
          throw new Error('toJSON');
        },
      },
      fn: () => 1,
      nan: Number.NaN,
    };
    for (const v of [nested(20_000), cyclic, hostile, undefined, Symbol('s'), JSON.parse('['.repeat(20_000) + ']'.repeat(20_000))]) {
      const s = boundedStringify(v, 1000, 8);
      assert.equal(typeof s, 'string');
      assert.ok(s.length <= 1000);
    }
    assert.match(boundedStringify(cyclic, 1000), /"self":"\[circular\]"/);
    assert.match(boundedStringify(hostile, 1000), /"big":"10"/);
    assert.match(boundedStringify(hostile, 1000), /"date":"1970-01-01T00:00:00.000Z"/);
    assert.match(boundedStringify(hostile, 1000), /"nan":null/);
    assert.ok(!boundedStringify(hostile, 1000).includes('"fn"'));
  });

  it('boundedStringify matches JSON.stringify for ordinary values, and honours indent', () => {
    const value = { a: [1, 'two', null, true, { b: 'x"y\n' }], c: {}, d: [] };
    assert.equal(boundedStringify(value, 10_000), JSON.stringify(value));
    assert.equal(boundedStringify(value, 10_000, 32, 2), JSON.stringify(value, null, 2));
    assert.equal(boundedStringify('plain', 100), '"plain"');
  });

  it('boundedStringify does work bounded by maxChars, not by the input: a 16 MB string and a million-item array', () => {
    const long = 'x'.repeat(16 * 1024 * 1024);
    const s = boundedStringify({ long }, 200);
    assert.ok(s.length <= 200, `${s.length}`);
    assert.ok(s.endsWith('…'));
    let touched = 0;
    const items = new Proxy(new Array(1_000_000).fill(1), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) touched++;
        return Reflect.get(target, key, receiver);
      },
    });
    assert.ok(boundedStringify(items, 100).length <= 100);
    assert.ok(touched <= 100, `read ${touched} items for 100 characters`);
  });
});
