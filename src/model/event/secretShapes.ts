/**
 * Secrets found by their shape rather than a name or a prefix, as Relay's default PII rules find
 * them server-side (relay-pii/src/regexes.rs: PEM_KEY_REGEX, CREDITCARD_REGEX, URL_AUTH_REGEX):
 * private key blocks (maskPem), payment card numbers (maskCards) and a credential standing alone as
 * a URL's user name (maskUrlUser). Each is one left-to-right pass over its input. No `vscode` import.
 */
import { MASK } from './types';

export interface ShapeMasked {
  text: string;
  count: number;
}

/**
 * The first line of a private key block: PKCS#8, PKCS#1 (`RSA`), `EC`, `DSA`, `ENCRYPTED`, OpenSSH's
 * and an OpenPGP `PRIVATE KEY BLOCK`. Public keys and certificates are public: not masked.
 */
const PEM_BEGIN = /-----BEGIN [A-Z\d ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END [A-Z\d ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;

/**
 * `text` with every private key block replaced by MASK, from its BEGIN line through its END line
 * (whatever is between: real line breaks, `\n` escaped in a JSON string, a header such as
 * `Proc-Type:`). A block cut before its END line is masked to the end of the text.
 */
export function maskPem(text: string): ShapeMasked {
  if (!text.includes('-----BEGIN')) return { text, count: 0 };
  let out = '';
  let last = 0;
  let count = 0;
  PEM_BEGIN.lastIndex = 0;
  let begin: RegExpExecArray | null;
  while ((begin = PEM_BEGIN.exec(text))) {
    PEM_END.lastIndex = begin.index + begin[0].length;
    const end = PEM_END.exec(text);
    out += text.slice(last, begin.index) + MASK;
    count++;
    if (!end) return { text: out, count };
    last = end.index + end[0].length;
    PEM_BEGIN.lastIndex = last;
  }
  return count ? { text: out + text.slice(last), count } : { text, count: 0 };
}

/**
 * A run of digit groups joined by single spaces or dashes, not inside a word or a decimal number
 * (`v1.4111…`, `0.4532…`, an id such as `abc4111…`).
 */
const DIGIT_RUN = /(?<![\w.])\d+(?:[ -]\d+)*/g;
const WORD_OR_DECIMAL_AFTER = /^(?:[A-Za-z_]|\.\d)/;
/** Runs with more digits than this are tables, ids or hashes; the cards inside them are not looked for. */
const MAX_RUN_DIGITS = 40;

/** Whether `d` (13–19 digits) starts as an issuer's cards start and has one of its lengths. */
function knownIssuer(d: string): boolean {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  const p6 = Number(d.slice(0, 6));
  if (d[0] === '4') return n === 13 || n === 16 || n === 19; // Visa
  if (p2 >= 51 && p2 <= 55) return n === 16; // Mastercard
  if (p4 >= 2221 && p4 <= 2720) return n === 16; // Mastercard (2-series)
  if (p2 === 34 || p2 === 37) return n === 15; // American Express
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 || (p6 >= 622126 && p6 <= 622925)) return n >= 16; // Discover
  if (p4 >= 3528 && p4 <= 3589) return n >= 16; // JCB
  if ((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) return n >= 14; // Diners Club
  if (p2 === 62) return n >= 16; // UnionPay
  if (p4 >= 2200 && p4 <= 2204) return n >= 16; // Mir
  if ([5018, 5020, 5038, 5893, 6304, 6759, 6761, 6762, 6763].includes(p4)) return n >= 13; // Maestro
  return false;
}

/** The Luhn checksum every payment card number passes (ISO/IEC 7812-1). */
export function luhn(d: string): boolean {
  let sum = 0;
  for (let i = d.length - 1, double = false; i >= 0; i--, double = !double) {
    let v = d.charCodeAt(i) - 48;
    if (double && (v *= 2) > 9) v -= 9;
    sum += v;
  }
  return sum % 10 === 0;
}

/** Whether these digits are a payment card number: 13–19 of them, a known issuer, the Luhn checksum. */
export function isCardNumber(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && knownIssuer(digits) && luhn(digits);
}

/**
 * Where the card numbers of one run are, as [start, end) offsets in it. Candidates are runs of
 * whole groups with the same separator throughout (`4111-1111-1111-1111` in `4111-1111-1111-1111
 * 2024-05-01`), each of 4 to 6 digits but the last (printed cards group 4-4-4-4, 4-6-5, 4-6-4,
 * 4-4-4-4-3), or one group alone.
 */
function cardsInRun(run: string): [number, number][] {
  const starts: number[] = [];
  const ends: number[] = [];
  const seps: string[] = [];
  for (let i = 0; i < run.length;) {
    starts.push(i);
    while (i < run.length && run.charCodeAt(i) >= 48 && run.charCodeAt(i) <= 57) i++;
    ends.push(i);
    if (i < run.length) seps.push(run[i++]);
  }
  const found: [number, number][] = [];
  let next = 0;
  for (let a = 0; a < starts.length; a++) {
    if (starts[a] < next) continue;
    const first = ends[a] - starts[a];
    let digits = '';
    for (let b = a; b < starts.length; b++) {
      const group = run.slice(starts[b], ends[b]);
      if (b > a && (seps[b - 1] !== seps[a] || group.length > 6 || first < 4 || first > 6)) break;
      digits += group;
      if (digits.length > 19) break;
      if (isCardNumber(digits)) {
        found.push([starts[a], ends[b]]);
        next = ends[b];
        break;
      }
    }
  }
  return found;
}

/**
 * `text` with every payment card number replaced by MASK (Relay's `@creditcard`, with the Luhn
 * checksum and the issuers' lengths added so that timestamps, ids and amounts stay).
 */
export function maskCards(text: string): ShapeMasked {
  let out = '';
  let last = 0;
  let count = 0;
  DIGIT_RUN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = DIGIT_RUN.exec(text))) {
    const run = m[0];
    if (run.length < 13) continue;
    // Part of a word or of a decimal number (`…1111abc`, `…1111.5`): not a card.
    if (WORD_OR_DECIMAL_AFTER.test(text.slice(m.index + run.length, m.index + run.length + 2))) continue;
    if (run.replace(/[ -]/g, '').length > MAX_RUN_DIGITS) continue;
    for (const [from, to] of cardsInRun(run)) {
      out += text.slice(last, m.index + from) + MASK;
      last = m.index + to;
      count++;
    }
  }
  return count ? { text: out + text.slice(last), count } : { text, count: 0 };
}

/** `scheme://user@`: a user name without a password (USERINFO in maskText handles `user:password@`). */
const URL_USER = /(?<![A-Za-z\d+.-])([A-Za-z][A-Za-z\d+.-]{0,30}:\/\/)([^\s/?#@:[\]"'<>]+)@/g;

/**
 * Whether a URL's user name is a credential (`https://<token>@github.com/…`, a DSN's key) rather than
 * a name (`git`, `deploy`, `john.doe`, `ci-runner-7`): at least 16 characters, a digit among them,
 * and mixed case or at least 32 characters.
 */
function isUserCredential(user: string): boolean {
  if (user.length < 16 || !/\d/.test(user) || user === MASK) return false;
  return user.length >= 32 || (/[a-z]/.test(user) && /[A-Z]/.test(user));
}

/** `text` with the credential user names of its URLs replaced by MASK (Relay's `@urlauth`). */
export function maskUrlUser(text: string): ShapeMasked {
  if (!text.includes('://') || !text.includes('@')) return { text, count: 0 };
  let count = 0;
  const s = text.replace(URL_USER, (all, head: string, user: string) => {
    if (!isUserCredential(user)) return all;
    count++;
    return `${head}${MASK}@`;
  });
  return { text: s, count };
}
