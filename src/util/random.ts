/**
 * Random values, base64 and SHA-256 on WebCrypto (`globalThis.crypto`), which both extension hosts
 * have: Node 20's global and the web worker's. One copy for the Node bundle and the browser bundle,
 * so neither imports `node:crypto` nor `Buffer`. No `vscode` import.
 */

function webCrypto(): Crypto {
  const c = globalThis.crypto;
  if (!c?.getRandomValues) throw new Error('This extension host has no WebCrypto (globalThis.crypto).');
  return c;
}

/** `size` bytes from the platform's cryptographic random source. */
export function randomBytes(size: number): Uint8Array {
  const out = new Uint8Array(size);
  // getRandomValues fills at most 65536 bytes per call.
  for (let at = 0; at < size; at += 65536) webCrypto().getRandomValues(out.subarray(at, Math.min(size, at + 65536)));
  return out;
}

/** A random RFC 4122 version 4 UUID. */
export function randomUUID(): string {
  const c = webCrypto();
  // randomUUID exists in secure contexts only (a page served over plain http to another host has none).
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = hexOf(b);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Bytes as lower-case hex, two digits each. */
function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `size` random bytes as 2·size lower-case hex digits. */
export function randomHex(size: number): string {
  return hexOf(randomBytes(size));
}

/** Standard base64 (RFC 4648 section 4) with padding. */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** base64url without `=` padding (RFC 4648 section 5). */
export function base64Url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** UTF-8 bytes of a text. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

/** SHA-256 of `data` (WebCrypto's digest is asynchronous in both hosts). */
export async function sha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const subtle = webCrypto().subtle;
  if (!subtle) throw new Error('WebCrypto digests need a secure context (https or localhost).');
  return new Uint8Array(await subtle.digest('SHA-256', data));
}

/**
 * Whether two texts are equal, in time that depends on their length only (not on where they
 * differ), like Node's timingSafeEqual over their UTF-8 bytes.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = utf8(a);
  const y = utf8(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** The bytes of several chunks as one array. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const c of chunks) size += c.byteLength;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
