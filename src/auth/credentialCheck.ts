/**
 * Pasted credentials are checked before they are sent or stored: a token with a control
 * character or whitespace inside is a bad paste (a line break, a tab, an escape sequence), and a
 * control character in a header value can split or smuggle a request. No `vscode` import.
 */

// C0 and C1 controls, DEL, zero-width and bidi format characters.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Why `raw` (as pasted; outer whitespace is forgiven) cannot be a credential, or undefined when it can. */
export function credentialProblem(raw: string, what: string): string | undefined {
  const value = raw.trim();
  if (!value) return `Paste the ${what}`;
  if (CONTROL.test(value)) return `The ${what} contains a control or invisible character; copy it again`;
  if (/\s/.test(value)) return `The ${what} has no spaces or line breaks inside`;
  if (value.length > 4096) return `That is too long for a ${what}`;
  return undefined;
}
