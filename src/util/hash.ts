/**
 * A short fingerprint of a text, for what is kept to compare texts for equality without keeping
 * the texts themselves (a user's source lines in workspace storage may hold secrets). cyrb53: two
 * 32-bit multiply-xor lanes mixed into 53 bits, written here so that pure modules need neither
 * `node:crypto` nor a web worker's async `crypto.subtle`. Not a cryptographic hash: it makes a kept
 * line unreadable, not unguessable by someone trying candidate lines. No `vscode` import.
 */

/** The cyrb53 hash of `text` (its UTF-16 code units), in base 36: at most 11 characters. */
export function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
