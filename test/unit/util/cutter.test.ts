import assert from 'node:assert/strict';
import { Cutter, contextAround } from '../../../src/util/cutter';

describe('cutter: bounds that remember a cut', () => {
  it('cuts text and lists, first or last items, and records it', () => {
    const c = new Cutter();
    assert.equal(c.text('abc', 3), 'abc');
    assert.deepEqual(c.list([1, 2], 2), [1, 2]);
    assert.deepEqual(c.last([1, 2], 2), [1, 2]);
    assert.equal(c.opt(null, 3), undefined);
    assert.equal(c.cut, false);
    assert.deepEqual(c.last([1, 2, 3, 4], 2), [3, 4]);
    assert.equal(c.cut, true);
    const d = new Cutter();
    assert.equal(d.text('abcdef', 2), 'ab');
    assert.equal(d.cut, true);
  });

  it('context lines are centred on the frame line when it is among them', () => {
    const lines = Array.from({ length: 40 }, (_, i): [number, string] => [i + 1, `l${i + 1}`]);
    assert.deepEqual(
      contextAround(lines, 20, 5).map(([n]) => n),
      [18, 19, 20, 21, 22],
    );
    assert.deepEqual(
      contextAround(lines, 2, 5).map(([n]) => n),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(
      contextAround(lines, 40, 5).map(([n]) => n),
      [36, 37, 38, 39, 40],
    );
    assert.deepEqual(
      contextAround(lines, 99, 3).map(([n]) => n),
      [1, 2, 3],
      'the first lines when the frame line is not there',
    );
    assert.equal(contextAround(lines.slice(0, 3), 2, 5).length, 3);
  });
});
