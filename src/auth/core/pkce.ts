/**
 * PKCE (RFC 7636, method S256, which Sentry checks): a fresh code_verifier of 43–128 characters from a
 * crypto-random source for every authorization request, and its S256 challenge.
 * No `vscode` import; the random source is injectable so the RFC's test vector can be replayed.
 */
import { createHash, randomBytes as nodeRandomBytes } from 'node:crypto';

export type RandomBytes = (size: number) => Uint8Array;

export const VERIFIER_MIN_LENGTH = 43;
export const VERIFIER_MAX_LENGTH = 128;
const VERIFIER_CHARS = /^[A-Za-z0-9\-._~]+$/;

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: 'S256';
}

/** base64url without `=` padding (RFC 4648 section 5). */
export function base64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A code_verifier: `byteLength` random bytes as base64url. 32 bytes give 43 characters (the RFC's
 * example), 64 bytes (the default) give 86; anything outside 43–128 characters is refused.
 */
export function createVerifier(randomBytes: RandomBytes = nodeRandomBytes, byteLength = 64): string {
  const verifier = base64Url(randomBytes(byteLength));
  checkVerifier(verifier);
  return verifier;
}

/** S256: base64url(SHA-256(ASCII(verifier))) without padding. */
export function challengeS256(verifier: string): string {
  checkVerifier(verifier);
  return base64Url(createHash('sha256').update(verifier, 'ascii').digest());
}

export function createPkcePair(randomBytes: RandomBytes = nodeRandomBytes): PkcePair {
  const verifier = createVerifier(randomBytes);
  return { verifier, challenge: challengeS256(verifier), method: 'S256' };
}

export function checkVerifier(verifier: string): void {
  if (verifier.length < VERIFIER_MIN_LENGTH || verifier.length > VERIFIER_MAX_LENGTH) {
    throw new RangeError(`A PKCE code_verifier has ${VERIFIER_MIN_LENGTH} to ${VERIFIER_MAX_LENGTH} characters, not ${verifier.length}.`);
  }
  if (!VERIFIER_CHARS.test(verifier)) throw new RangeError('A PKCE code_verifier uses only the characters A-Z a-z 0-9 - . _ ~.');
}
