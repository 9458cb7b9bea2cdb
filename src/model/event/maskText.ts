/**
 * Secrets in free text a server sent (maskText): URL passwords and credential user names, values of
 * secret-named fields in query strings, form bodies, JSON-ish text and log lines (also URL-encoded,
 * once or twice), `{name, value}` pairs written as text (maskPairs.ts), auth-scheme credentials, provider tokens (tokenFormats.ts: Sentry's, JWTs, Stripe,
 * AWS, GitHub, …), private key blocks and payment card numbers. maskBounded does the same for text cut
 * to a length, with work bounded by that length.
 *
 * Every pattern here is linear in its input: character classes that exclude their own terminator,
 * alternations whose branches cannot both match at one place, and a lookbehind where a match may only
 * start at the beginning of a word, so a megabyte of hostile text costs one pass per pattern.
 * No `vscode` import.
 */
import { MASK } from './types';
import { isSecretName, maskScheme } from './secretNames';
import { JWT, SENTRY_TOKEN, TOKEN_HINT, maskTokens } from './tokenFormats';
import { maskCards, maskPem, maskUrlUser } from './secretShapes';
import { maskEncoded } from './maskEncoded';
import { maskPairText } from './maskPairs';

export { JWT, SENTRY_TOKEN };

export interface Masked {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

/** `scheme://user:password@`: the password (which may itself hold `@` or `:`) before the host. */
export const USERINFO = /(?<![A-Za-z\d+.-])([A-Za-z][A-Za-z\d+.-]{0,30}:\/\/[^\s/?#@:]*:)([^\s/?#]*)@/g;

/**
 * Fields in text: `name=value`, `name: value`, `name => value`, `"name": "value"`, `'name': 'value'`,
 * also with the quotes escaped (`\"name\":\"value\"`, JSON inside a string). The text is read
 * from each separator (`:` or `=`) backwards for a name of at most 64 characters, in the same
 * quotes on both sides, and forwards for its value only when the name is secret: a regex over the
 * whole text tried every position, and one that also matched the value read a long non-secret
 * value once per name inside it (`a=a=a=…`).
 */
const SEPARATOR = /[:=]/g;
const MAX_FIELD_NAME = 64;
/** Letters, digits and `_.-[]`: the characters of a field name (`user[password]`, `connect.sid`). */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45 || c === 91 || c === 93;
}
const isBlank = (c: number) => c === 32 || c === 9;

/** The field name that ends before the separator at `at` (blanks and a closing quote between), if any. */
function nameBefore(text: string, at: number): string | undefined {
  let i = at - 1;
  for (let blanks = 0; i >= 0 && isBlank(text.charCodeAt(i)); i--) if (++blanks > 8) return undefined;
  let quote = '';
  const q = text[i];
  if (q === '"' || q === "'") {
    quote = text[i - 1] === '\\' ? `\\${q}` : q;
    i -= quote.length;
  }
  const end = i + 1;
  while (i >= 0 && isNameChar(text.charCodeAt(i))) {
    if (end - i > MAX_FIELD_NAME) return undefined;
    i--;
  }
  if (i + 1 === end) return undefined;
  const name = text.slice(i + 1, end);
  if (quote) {
    if (text.slice(i + 1 - quote.length, i + 1) !== quote) return undefined;
    i -= quote.length;
  }
  return i >= 0 && text.charCodeAt(i) === 92 /* a backslash */ ? undefined : name;
}
/** A quoted value: group 1 the quote (escaped or not), group 2 the text up to the same quote on its line. */
const QUOTED_VALUE = /(\\?["'])((?:(?!\1)(?:\\.|[^\\\n]))*)\1/y;
/** An auth scheme before a bare value, kept: `Authorization: Bearer abc`. */
const SCHEME_PREFIX = /(?:bearer|basic|token|digest)[ \t]{1,8}(?=[^\s"'<>&;,)}{[(])/iy;
/**
 * A bare value stops at white space, quotes, `&;,` and closing brackets, and never starts with an
 * opening bracket (a nested object is not a value to mask here; maskDeep sees those).
 */
const BARE_VALUE = /[^\s"'<>&;,)}{[(][^\s"'<>&;,)}]*/y;
const SCHEME_WORD = /^(?:bearer|basic|token|digest)$/i;
const SCHEME_HINT = /bearer|basic|token|digest/i;
/**
 * Every secret name has one of these in it (token → tok, passwd → pass, sessionid → sess, apikey →
 * key, pwd → pw, private_pem → pem, two_factor → two, recovery_codes → code, …): text without any
 * has no secret field to look for.
 */
const SECRET_HINT = /tok|secret|pass|pw|auth|cookie|sess|sid|key|csrf|xsrf|jwt|cred|bearer|sig|dsn|otp|cvv|cvc|pem|two|code/i;
/** `word` in any case, as a pattern: TRIGGER is case-sensitive so that the token hints stay exact. */
const anyCase = (word: string) => [...word].map((c) => `[${c.toUpperCase()}${c.toLowerCase()}]`).join('');
/**
 * Text without any of these has nothing maskText looks for: a separator of a field or a URL (also
 * URL-encoded, or an escaped `%` of text encoded twice), an auth scheme, a private key block's first
 * line, four digits in a row (every card number starts with its issuer's four), the hint of a token
 * format, or where a pair is written without `:` or `=` (an XML field's closing tag, a table's `|`).
 * A URL-encoded secret keeps one of them unencoded (a token's prefix, `-----BEGIN`, digits), or an
 * encoded `:`, `=` or `%`.
 */
export const TRIGGER = new RegExp(['[:=|]', '<\\/', '%3[AaDd]', '%25', ...['bearer', 'basic', 'token', 'digest'].map(anyCase), '-----BEGIN', '\\d{4}', TOKEN_HINT.source].join('|'));
const NOTHING = /^(?:null|none|undefined|nil)$/i;
const DIGITS = /\d{4}/;
/** An `Authorization`-style credential in running text: `Bearer abc…`, `Basic dXNl…`, `Token 12ab…`. */
const SCHEME_CREDENTIAL = /(?<![\w-])(bearer|basic|token)([ \t]{1,8})([\w\-.~+/]+=*)/gi;
/** A Digest credential is a list of parameters (`username="…", response="…"`): the rest of its line. */
const DIGEST_CREDENTIAL = /(?<![\w-])(digest[ \t]{1,8})([\w-]+=[^\r\n]*)/gi;

/**
 * Whether the word after `Bearer`/`Basic`/`Token` in running text looks like a credential rather than
 * prose ("Token expired", "Basic usage"): long enough and with a digit, mixed case or base64 padding
 * and symbols, or long.
 */
function looksLikeCredential(s: string): boolean {
  if (s.length < 8) return false;
  return s.length >= 24 || /\d/.test(s) || /[+/=]/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s));
}

/**
 * `text` with the secrets it carries replaced in place by MASK: URL passwords and credential user
 * names, values of secret-named fields in query strings, form bodies, JSON-ish text and log lines (an
 * auth scheme before the value is kept), `Bearer`/`Basic`/`Token`/`Digest` credentials, provider
 * tokens, private key blocks, card numbers, and all of these again inside URL-encoded text. Text
 * already masked is left as it is (masking twice counts nothing the second time).
 */
export function maskText(text: string): Masked {
  return maskWith(text, DECODINGS);
}

/**
 * How many times URL-encoded text is decoded: twice, for a value encoded into a URL that was itself
 * encoded into another (a `redirect_uri` carrying a query). Each level is one linear pass.
 */
const DECODINGS = 2;

/** maskText, also inside URL-encoded runs while `decodings` is above 0 (each run is one level down). */
function maskWith(text: string, decodings: number): Masked {
  if (typeof text !== 'string' || !text) return { text: typeof text === 'string' ? text : '', count: 0 };
  // Each pass runs only when the text has what it looks for: most text (code, names, messages) has
  // none of it, and these checks cost far less than the patterns.
  if (!TRIGGER.test(text)) return { text, count: 0 };
  // First, so that a key block is masked whole rather than in pieces by the passes below.
  let m = maskPem(text);
  let s = m.text;
  let count = m.count;
  const colon = s.includes(':');
  if (colon && s.includes('://') && s.includes('@')) {
    s = s.replace(USERINFO, (all, head: string, password: string) => {
      if (!password || password === MASK) return all;
      count++;
      return `${head}${MASK}@`;
    });
    m = maskUrlUser(s);
    s = m.text;
    count += m.count;
  }
  if (SECRET_HINT.test(s)) {
    // Before the named fields: a record's whole value, which may hold `=` or `:` of its own.
    m = maskPairText(s);
    s = m.text;
    count += m.count;
    if (colon || s.includes('=')) {
      m = maskNameValues(s);
      s = m.text;
      count += m.count;
    }
  }
  if (SCHEME_HINT.test(s)) {
    s = s.replace(SCHEME_CREDENTIAL, (all, scheme: string, space: string, credential: string) => {
      if (!looksLikeCredential(credential)) return all;
      count++;
      return `${scheme}${space}${MASK}`;
    });
    s = s.replace(DIGEST_CREDENTIAL, (_all, head: string) => {
      count++;
      return `${head}${MASK}`;
    });
  }
  m = maskValueShapes(s, decodings);
  return { text: m.text, count: count + m.count };
}

/** What the decoded text of a URL-encoded run is masked with: one that decodes once more, or the last. */
const maskDecodedAgain = (decoded: string): Masked => maskWith(decoded, 1);
const maskDecodedLast = (decoded: string): Masked => maskWith(decoded, 0);

/**
 * The passes after the named fields: URL-encoded runs (first, so that a token with an encoded `=` or
 * `+` is decoded whole before the token pass could mask only its head), provider tokens, card numbers.
 */
function maskValueShapes(text: string, decodings: number): Masked {
  let m: Masked = { text, count: 0 };
  let count = 0;
  if (decodings > 0 && text.includes('%')) {
    m = maskEncoded(text, decodings > 1 ? maskDecodedAgain : maskDecodedLast);
    count += m.count;
  }
  m = maskTokens(m.text, MASK);
  count += m.count;
  if (DIGITS.test(m.text)) {
    m = maskCards(m.text);
    count += m.count;
  }
  return { text: m.text, count };
}

/**
 * The passes that need no field name (key blocks, URL credential user names, provider tokens, card
 * numbers, URL-encoded text), for a URL whose named parameters maskUrl judges itself.
 */
export function maskShapes(text: string): Masked {
  if (typeof text !== 'string' || !text || !TRIGGER.test(text)) return { text: typeof text === 'string' ? text : '', count: 0 };
  const pem = maskPem(text);
  const user = maskUrlUser(pem.text);
  const rest = maskValueShapes(user.text, DECODINGS);
  return { text: rest.text, count: pem.count + user.count + rest.count };
}

/** Where the value of a secret field that starts at `at` is, and what it is shown as (undefined: leave it). */
function secretValue(text: string, at: number, separator: string, name: string): { start: number; end: number; shown: string } | undefined {
  QUOTED_VALUE.lastIndex = at;
  const quoted = QUOTED_VALUE.exec(text);
  if (quoted) {
    const value = quoted[2];
    if (!value || value === MASK || NOTHING.test(value) || value.endsWith(` ${MASK}`)) return undefined;
    const start = at + quoted[1].length;
    return { start, end: start + value.length, shown: maskScheme(value) };
  }
  // A quote that does not close on its line (a cut text): what follows it is the value.
  const open = /^\\?["']/.exec(text.slice(at, at + 2));
  const from = open ? at + open[0].length : at;
  SCHEME_PREFIX.lastIndex = from;
  const start = SCHEME_PREFIX.test(text) ? SCHEME_PREFIX.lastIndex : from;
  BARE_VALUE.lastIndex = start;
  const bare = BARE_VALUE.exec(text);
  if (!bare) return undefined;
  const value = bare[0];
  if (NOTHING.test(value)) return undefined;
  // `Authorization: Bearer [masked]`, masked before: nothing left to hide.
  if (SCHEME_WORD.test(value) && /^[ \t]+\[masked\]/.test(text.slice(start + value.length, start + value.length + 16))) return undefined;
  // A cookie header line holds every cookie up to its end.
  if (separator === ':' && /cookie/i.test(name)) {
    const eol = text.slice(start).search(/[\r\n]/);
    return { start, end: eol < 0 ? text.length : start + eol, shown: MASK };
  }
  return { start, end: start + value.length, shown: MASK };
}

const EOL = /[\r\n]/g;
/** The rest of a line as a value (a Markdown field's), unless there is nothing to hide there. */
function restOfLine(text: string, at: number): { start: number; end: number; shown: string } | undefined {
  EOL.lastIndex = at;
  const eol = EOL.exec(text);
  const value = text.slice(at, eol ? eol.index : text.length).replace(/\s+$/, '');
  if (!value || value === MASK || NOTHING.test(value) || value.endsWith(` ${MASK}`)) return undefined;
  return { start: at, end: at + value.length, shown: maskScheme(value) };
}

function maskNameValues(text: string): Masked {
  const re = SEPARATOR;
  re.lastIndex = 0;
  let out = '';
  let last = 0;
  let count = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const at = m.index;
    const name = nameBefore(text, at);
    if (name === undefined || !isSecretName(name)) continue;
    const separator = m[0] === '=' && text[at + 1] === '>' ? '=>' : m[0];
    let from = at + separator.length;
    // Markdown's `**name:** value` (Sentry's llmFormat field): the value is the rest of the line.
    const bold = separator === ':' && (text.startsWith('**', from) || text.startsWith('__', from));
    if (bold) from += 2;
    for (let blanks = 0; blanks < 8 && isBlank(text.charCodeAt(from)); blanks++) from++;
    // A value that starts inside one masked already (`Cookie: a=b; sid=c`) is masked with it; not
    // reading it again keeps each character read once.
    if (from < last) continue;
    const value = bold ? restOfLine(text, from) : secretValue(text, from, separator, name);
    if (!value || value.start < last) continue;
    out += text.slice(last, value.start) + value.shown;
    last = value.end;
    // The scan goes on from the value's start, not its end: a bare value can hold the next field's
    // name and separator (`pw: api_key: abc`), whose value would otherwise be left. The separators
    // are still read once each, in order.
    re.lastIndex = Math.max(value.start, re.lastIndex);
    count++;
  }
  return count ? { text: out + text.slice(last), count } : { text, count: 0 };
}

/**
 * Beyond the shown length, this much more is masked before cutting, so that a secret that starts
 * before the cut is seen whole.
 */
const EDGE = 1024;
/**
 * `text`, cut at its end, without what the cut can leave unrecognised there: a URL whose password has
 * not reached its `@` yet, a JWT before its signature. Every other pattern masks a secret cut in half
 * all the same.
 */
export function dropUnfinished(text: string): string {
  let end = text.length;
  const url = text.lastIndexOf('://');
  if (url >= 0 && !/[\s/?#@]/.test(text.slice(url + 3))) {
    const scheme = /[A-Za-z][A-Za-z\d+.-]*$/.exec(text.slice(Math.max(0, url - 32), url));
    end = url - (scheme ? scheme[0].length : 0);
  }
  const jwt = text.lastIndexOf('eyJ', end);
  if (jwt >= 0 && /^eyJ[\w-]*(?:\.[\w-]*)?$/.test(text.slice(jwt, end))) end = jwt;
  return text.slice(0, end);
}

/** maskText of `text` cut to `max` characters, with work bounded by `max` whatever the text's length. */
export function maskBounded(text: string, max: number): Masked & { cut: boolean } {
  const limit = Math.max(0, Math.floor(max));
  if (text.length <= limit) {
    const m = maskText(text);
    return m.text.length <= limit ? { text: m.text, count: m.count, cut: false } : { text: m.text.slice(0, limit), count: m.count, cut: true };
  }
  const m = maskText(text.slice(0, limit + EDGE));
  return { text: dropUnfinished(m.text).slice(0, limit), count: m.count, cut: true };
}
