import assert from 'node:assert/strict';
import { hash53 } from '../../../src/util/hash';

describe('util/hash: a short, pure, non-reversible fingerprint of a text', () => {
  it('is the same for the same text and differs for texts a byte apart', () => {
    assert.equal(hash53('const total = sum(items);'), hash53('const total = sum(items);'));
    assert.notEqual(hash53('const total = sum(items);'), hash53('const total = sum(items) ;'));
    assert.notEqual(hash53('a'), hash53('b'));
    assert.notEqual(hash53(''), hash53(' '));
  });

  it('is a short base-36 string that carries nothing of the text', () => {
    const secret = 'const API_KEY = "sk_live_abcdefghijklmnop0123456789";';
    const h = hash53(secret);
    assert.match(h, /^[0-9a-z]{1,11}$/);
    assert.ok(!secret.includes(h) && !h.includes('sk_live'));
  });

  it('gives no collision over many similar lines (53 bits)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50_000; i++) seen.add(hash53(`const f${i} = ${i};`));
    assert.equal(seen.size, 50_000);
  });

  it('keeps its values (stored in workspace storage: a change would make every kept line unknown)', () => {
    // cyrb53's published value for the empty string: 3338908027751811.
    assert.equal(hash53(''), (3338908027751811).toString(36));
    assert.equal(hash53(''), 'wvjl67o803');
  });
});
