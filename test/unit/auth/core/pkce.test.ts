import * as assert from 'node:assert/strict';
import { base64Url, challengeS256, checkVerifier, createPkcePair, createVerifier } from '../../../../src/auth/core/pkce';

// RFC 7636 appendix B.
const RFC_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121];
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('auth/pkce', () => {
  it('reproduces the verifier of RFC 7636 appendix B from its 32 octets', () => {
    assert.equal(base64Url(Uint8Array.from(RFC_OCTETS)), RFC_VERIFIER);
    assert.equal(
      createVerifier(() => Uint8Array.from(RFC_OCTETS), 32),
      RFC_VERIFIER,
    );
  });

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    assert.equal(await challengeS256(RFC_VERIFIER), RFC_CHALLENGE);
  });

  it('makes a fresh verifier of 43–128 URL-safe characters from the crypto source every time', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const p = await createPkcePair();
      assert.ok(p.verifier.length >= 43 && p.verifier.length <= 128, `length ${p.verifier.length}`);
      assert.match(p.verifier, /^[A-Za-z0-9\-._~]+$/);
      assert.equal(p.challenge, await challengeS256(p.verifier));
      assert.doesNotMatch(p.challenge, /[=+/]/);
      assert.equal(p.method, 'S256');
      seen.add(p.verifier);
    }
    assert.equal(seen.size, 50);
  });

  it('asks the random source for enough bytes', () => {
    const sizes: number[] = [];
    createVerifier((n) => (sizes.push(n), new Uint8Array(n)));
    assert.deepEqual(sizes, [64]);
  });

  it('refuses verifiers outside 43..128 characters or with other characters', () => {
    assert.throws(() => checkVerifier('a'.repeat(42)), RangeError);
    assert.throws(() => checkVerifier('a'.repeat(129)), RangeError);
    assert.throws(() => checkVerifier(`${'a'.repeat(42)}+`), RangeError);
    checkVerifier('a'.repeat(43));
    checkVerifier('a'.repeat(128));
    assert.throws(() => createVerifier((n) => new Uint8Array(n), 31), RangeError);
    assert.throws(() => createVerifier((n) => new Uint8Array(n), 97), RangeError);
  });
});
