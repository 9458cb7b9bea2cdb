// WebCrypto-based randomness and encodings shared by both bundles (src/util/random.ts), checked
// against Node's own Buffer and crypto where they overlap.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { base64, base64Url, concatBytes, constantTimeEqual, randomBytes, randomHex, randomUUID, sha256, utf8 } from '../../../src/util/random';

describe('util/random', () => {
  it('encodes base64 and base64url as Buffer does, for every length and byte', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      assert.equal(base64(bytes), Buffer.from(bytes).toString('base64'));
      assert.equal(base64Url(bytes), Buffer.from(bytes).toString('base64url'));
    }
    const big = randomBytes(200_000);
    assert.equal(base64(big), Buffer.from(big).toString('base64'));
  });

  it('hashes with SHA-256 as node:crypto does', async () => {
    for (const text of ['', 'abc', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'ünïcødé']) {
      assert.equal(Buffer.from(await sha256(utf8(text))).toString('hex'), createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });

  it('draws random bytes, hex and v4 UUIDs', () => {
    assert.equal(randomBytes(100_000).length, 100_000);
    assert.match(randomHex(8), /^[0-9a-f]{16}$/);
    assert.notEqual(randomHex(8), randomHex(8));
    assert.match(randomUUID(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes v4 UUIDs without crypto.randomUUID (an insecure context has none)', () => {
    const c = globalThis.crypto as { randomUUID?: unknown };
    const own = Object.getOwnPropertyDescriptor(c, 'randomUUID');
    Object.defineProperty(c, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => randomUUID()));
      assert.equal(ids.size, 50);
      for (const id of ids) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      if (own) Object.defineProperty(c, 'randomUUID', own);
      else delete c.randomUUID;
    }
  });

  it('compares texts by their UTF-8 bytes', () => {
    assert.ok(constantTimeEqual('abc', 'abc'));
    assert.ok(!constantTimeEqual('abc', 'abd'));
    assert.ok(!constantTimeEqual('abc', 'abcd'));
    assert.ok(!constantTimeEqual('é', 'e'));
    assert.ok(constantTimeEqual('', ''));
  });

  it('joins byte chunks', () => {
    assert.deepEqual([...concatBytes([Uint8Array.of(1, 2), new Uint8Array(0), Uint8Array.of(3)])], [1, 2, 3]);
  });
});
