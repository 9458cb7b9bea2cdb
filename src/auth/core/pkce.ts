/**
 * PKCE (RFC 7636, method S256, which Sentry checks): a fresh code_verifier of 43–128 characters from a
 * crypto-random source for every authorization request, and its S256 challenge.
 * No `vscode` import; the random source (WebCrypto by default) is injectable so the RFC's test vector can be replayed.
 */
import { base64Url, randomBytes as webRandomBytes, sha256, utf8 } from '../../util/random';

export { base64Url };

export type RandomBytes = (size: number) => Uint8Array;

export const VERIFIER_MIN_LENGTH = 43;
export const VERIFIER_MAX_LENGTH = 128;
const VERIFIER_CHARS = /^[A-Za-z0-9\-._~]+$/;

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: 'S256';
}

/**
 * A code_verifier: `byteLength` random bytes as base64url. 32 bytes give 43 characters (the RFC's
 * example), 64 bytes (the default) give 86; anything outside 43–128 characters is refused.
 */
export function createVerifier(randomBytes: RandomBytes = webRandomBytes, byteLength = 64): string {
  const verifier = base64Url(randomBytes(byteLength));
  checkVerifier(verifier);
  return verifier;
}

/** S256: base64url(SHA-256(ASCII(verifier))) without padding (WebCrypto's digest: asynchronous). */
export async function challengeS256(verifier: string): Promise<string> {
  checkVerifier(verifier);
  // The verifier's characters are ASCII (checkVerifier), so its UTF-8 bytes are its ASCII bytes.
  return base64Url(await sha256(utf8(verifier)));
}

export async function createPkcePair(randomBytes: RandomBytes = webRandomBytes): Promise<PkcePair> {
  const verifier = createVerifier(randomBytes);
  return { verifier, challenge: await challengeS256(verifier), method: 'S256' };
}

export function checkVerifier(verifier: string): void {
  if (verifier.length < VERIFIER_MIN_LENGTH || verifier.length > VERIFIER_MAX_LENGTH) {
    throw new RangeError(`A PKCE code_verifier has ${VERIFIER_MIN_LENGTH} to ${VERIFIER_MAX_LENGTH} characters, not ${verifier.length}.`);
  }
  if (!VERIFIER_CHARS.test(verifier)) throw new RangeError('A PKCE code_verifier uses only the characters A-Z a-z 0-9 - . _ ~.');
}
