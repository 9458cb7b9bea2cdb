/**
 * Secrets in event data (issue 13): names that say "secret" (isSecretName), and the places secrets
 * hide in text a server sent: free text (maskText), URLs (maskUrl), JSON values (maskDeep), header
 * values whose scheme may stay visible (maskScheme).
 *
 * Every pattern here is linear in its input: character classes that exclude their own terminator,
 * alternations whose branches cannot both match at one place, and a lookbehind where a match may only
 * start at the beginning of a word, so a megabyte of hostile text costs one pass per pattern.
 * No `vscode` import.
 */
import { MASK } from './types';
import { TOO_DEEP } from '../util/boundedJson';

export { MASK };

// ---------------------------------------------------------------------------------------------
// Names

/**
 * Words that make a name secret wherever they stand in it (`db_password`, `X-CSRF-Token`).
 * Decisions:
 * - `dsn`: secret. A DSN lets anyone send events to the project (quota, noise), and a legacy DSN
 *   carries the project's secret key as its password; nobody needs one in a ticket.
 * - `pass`: secret (`DB_PASS`, `SMTP_PASS`, `?pass=`); `passenger`, `bypass` are other words.
 * - `pwd` is also the shell's working directory in an env dump: masked all the same (a Reveal away).
 * - `sig`: the secret of an Azure SAS URL (`&sig=`).
 * - `auth` but not `authenticated` / `author`: "authenticated" is a fact about the user (a boolean),
 *   not a credential.
 * - `key` alone is not secret (tag keys, React keys, `keyboard`, `monkey`): only with `api`,
 *   `private` or `access` before it.
 */
const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'secret',
  'secrets',
  'password',
  'passwords',
  'passwd',
  'pass',
  'pwd',
  'passphrase',
  'auth',
  'authorization',
  'cookie',
  'cookies',
  'session',
  'sessionid',
  'sid',
  'phpsessid',
  'jsessionid',
  'apikey',
  'csrf',
  'xsrf',
  'jwt',
  'credential',
  'credentials',
  'creds',
  'bearer',
  'signature',
  'sig',
  'privatekey',
  'dsn',
]);
/** Adjacent words that make a name secret together (`x-api-key`, `private_key`, `AWS_ACCESS_KEY_ID`). */
const SECRET_PAIRS = new Set(['api key', 'private key', 'access key']);
/**
 * Words run together without a separator or a case change: `csrftoken`, `csrfmiddlewaretoken`,
 * `accesstoken`, `newpassword`, `clientsecret`, `awssecretkey`, `ASPSESSIONIDQADTRQBS`.
 * (`tokenizer` starts with "token" but does not end with it: not secret.)
 */
const SECRET_WORD_SHAPE = /(?:tokens?|secrets?|passwords?|passwd|apikey|accesskey|privatekey|secretkey)$|sess(?:ion)?id/;
/**
 * "token" also counts units of text (LLM usage: `total_tokens`, `prompt_tokens`, `max_tokens`) and
 * names a token's kind or lifetime (`token_type: "bearer"`, `token_expires`). A name whose only
 * secret word is token(s) and that has one of these words holds a count or a kind, not a credential.
 */
const TOKEN_METADATA = new Set(['count', 'total', 'max', 'min', 'num', 'limit', 'length', 'len', 'size', 'type', 'expires', 'expiry', 'ttl', 'usage', 'prompt', 'completion', 'remaining', 'used']);

/** Names longer than this are judged by their beginning (real names are far shorter). */
const MAX_NAME_CHECK = 256;
const nameCache = new Map<string, boolean>();
const NAME_CACHE_SIZE = 4096;

/** The words of a name: split at non-alphanumerics, camelCase and letter/digit boundaries, lowercased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)|(\d)([A-Za-z])/g, '$1$3 $2$4')
    .toLowerCase()
    .split(/[^a-z\d]+/)
    .filter(Boolean);
}

/** Whether a value named `name` (a header, a query or form field, a variable, a JSON key) is a secret. */
export function isSecretName(name: string): boolean {
  if (typeof name !== 'string' || !name) return false;
  const key = name.length > MAX_NAME_CHECK ? name.slice(0, MAX_NAME_CHECK) : name;
  const known = nameCache.get(key);
  if (known !== undefined) return known;
  const words = nameWords(key);
  let secret = false;
  let tokenOnly = true;
  let metadata = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (SECRET_WORDS.has(w) || SECRET_WORD_SHAPE.test(w) || (i > 0 && SECRET_PAIRS.has(`${words[i - 1]} ${w}`))) {
      secret = true;
      if (!/tokens?$/.test(w)) tokenOnly = false;
    }
    if (TOKEN_METADATA.has(w)) metadata = true;
  }
  const result = secret && !(tokenOnly && metadata);
  if (nameCache.size >= NAME_CACHE_SIZE) nameCache.clear();
  nameCache.set(key, result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Header values

/** Authorization schemes a shown value may keep: they say how, never what. */
const AUTH_SCHEME = /^[ \t]*(basic|bearer|digest|token|negotiate|ntlm|hoba|mutual|dpop|oauth|mac|sentry|apikey|aws4-hmac-sha256)[ \t]+\S/i;

/** The shown form of a secret value: MASK, or its scheme and MASK (`Bearer [masked]`). */
export function maskScheme(value: string): string {
  const m = typeof value === 'string' ? AUTH_SCHEME.exec(value) : null;
  return m ? `${m[1]} ${MASK}` : MASK;
}

// ---------------------------------------------------------------------------------------------
// Free text

export interface Masked {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

/** `scheme://user:password@`: the password (which may itself hold `@` or `:`) before the host. */
const USERINFO = /(?<![A-Za-z\d+.-])([A-Za-z][A-Za-z\d+.-]{0,30}:\/\/[^\s/?#@:]*:)([^\s/?#]*)@/g;

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
 * key, …): text without any has no secret field to look for.
 */
const SECRET_HINT = /tok|secret|pass|pwd|auth|cookie|sess|sid|key|csrf|xsrf|jwt|cred|bearer|sig|dsn/i;
/** Text without any of these has nothing maskText looks for. */
const TRIGGER = /[:=]|eyJ|sntry|bearer|basic|token|digest/i;
const NOTHING = /^(?:null|none|undefined|nil)$/i;
/** An `Authorization`-style credential in running text: `Bearer abc…`, `Basic dXNl…`, `Token 12ab…`. */
const SCHEME_CREDENTIAL = /(?<![\w-])(bearer|basic|token)([ \t]{1,8})([\w\-.~+/]+=*)/gi;
/** A Digest credential is a list of parameters (`username="…", response="…"`): the rest of its line. */
const DIGEST_CREDENTIAL = /(?<![\w-])(digest[ \t]{1,8})([\w-]+=[^\r\n]*)/gi;
/** Sentry's own tokens: organization (`sntrys_`) and user (`sntryu_`) auth tokens. */
const SENTRY_TOKEN = /(?<![A-Za-z\d_])sntry[su]_[A-Za-z\d+/=_.-]+/g;
/** A JSON Web Token: base64url of `{"…` for the header, then a payload and a signature. */
const JWT = /(?<![\w-])eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;

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
 * `text` with the secrets it carries replaced in place by MASK: URL passwords, values of secret-named
 * fields in query strings, form bodies, JSON-ish text and log lines (an auth scheme before the value
 * is kept), `Bearer`/`Basic`/`Token`/`Digest` credentials, Sentry tokens and JWTs. Text already masked
 * is left as it is (masking twice counts nothing the second time).
 */
export function maskText(text: string): Masked {
  if (typeof text !== 'string' || !text) return { text: typeof text === 'string' ? text : '', count: 0 };
  // Each pass runs only when the text has what it looks for: most text (code, names, messages) has
  // none of it, and these checks cost far less than the patterns.
  if (!TRIGGER.test(text)) return { text, count: 0 };
  let count = 0;
  let s = text;
  const colon = s.includes(':');
  if (colon && s.includes('://') && s.includes('@')) {
    s = s.replace(USERINFO, (all, head: string, password: string) => {
      if (!password || password === MASK) return all;
      count++;
      return `${head}${MASK}@`;
    });
  }
  if ((colon || s.includes('=')) && SECRET_HINT.test(s)) {
    const named = maskNameValues(s);
    s = named.text;
    count += named.count;
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
  if (s.includes('sntry')) {
    s = s.replace(SENTRY_TOKEN, () => {
      count++;
      return MASK;
    });
  }
  if (s.includes('eyJ')) {
    s = s.replace(JWT, () => {
      count++;
      return MASK;
    });
  }
  return { text: s, count };
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
    for (let blanks = 0; blanks < 8 && isBlank(text.charCodeAt(from)); blanks++) from++;
    const value = secretValue(text, from, separator, name);
    if (!value) continue;
    out += text.slice(last, value.start) + value.shown;
    last = value.end;
    re.lastIndex = Math.max(value.end, re.lastIndex);
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

// ---------------------------------------------------------------------------------------------
// URLs

/** `name=value` of a query string or a fragment (`#access_token=…` of an OAuth redirect). */
const PARAM = /(^|[?&;#])([^&;=#]*)=([^&;#]*)/g;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * `url` with the values of its secret-named query (and fragment) parameters masked, its userinfo
 * password masked, and Sentry tokens and JWTs in its path masked; the rest untouched.
 */
export function maskUrl(url: string): Masked {
  if (typeof url !== 'string' || !url) return { text: typeof url === 'string' ? url : '', count: 0 };
  let count = 0;
  let s = url.replace(USERINFO, (all, head: string, password: string) => {
    if (!password || password === MASK) return all;
    count++;
    return `${head}${MASK}@`;
  });
  const q = s.search(/[?#]/);
  if (q >= 0) {
    const params = s.slice(q).replace(PARAM, (all, sep: string, name: string, value: string) => {
      if (!value || value === MASK || !isSecretName(decodeName(name))) return all;
      count++;
      return `${sep}${name}=${MASK}`;
    });
    s = s.slice(0, q) + params;
  }
  s = s.replace(SENTRY_TOKEN, () => {
    count++;
    return MASK;
  });
  s = s.replace(JWT, () => {
    count++;
    return MASK;
  });
  return { text: s, count };
}

// ---------------------------------------------------------------------------------------------
// JSON values

/** Nesting kept by default: deeper than the contexts, extra data and variables of real events. */
export const MASK_DEPTH = 16;
/** What stands where the work bound of maskDeep was reached. */
export const CUT_MARK = '[cut]';

/**
 * A copy of a JSON value with every value under a secret-named key (or the second item of a
 * `[secretName, value]` pair, as headers and query strings come) replaced by MASK (a string keeps
 * its auth scheme; null stays null: nothing to hide; cookies as an object or as pairs keep their
 * names, every value masked), and every string and key passed through maskText. Only what changes
 * is copied: a value with nothing to mask comes back as it is. Containers deeper than `maxDepth` become TOO_DEEP. The work is bounded by `maxChars`:
 * every value costs one plus its text's length, and what is past the bound becomes CUT_MARK
 * (`cut`), so a caller that shows at most `maxChars` of its JSON loses nothing it would have shown.
 */
export function maskDeep(value: unknown, maxDepth = MASK_DEPTH, maxChars = 1_000_000): { value: unknown; count: number; cut: boolean } {
  const w = new DeepMasker(Math.max(1, Math.floor(maxDepth) || MASK_DEPTH), Math.max(0, maxChars));
  const out = w.walk(value, 1);
  return { value: out, count: w.count, cut: w.cut };
}

/**
 * JSON text of `value` masked as maskDeep does, at most `maxChars` long (cut with `…`, as
 * boundedStringify cuts). maskDeep's copy holds only JSON values, nested at most `maxDepth` deep, and
 * its size is bounded by `maxChars`, so the native JSON.stringify is safe on it (and much faster than
 * a bounded writer on the original).
 */
export function maskedJson(value: unknown, maxChars: number, maxDepth = MASK_DEPTH, indent = 0): { text: string; count: number; cut: boolean } {
  const limit = Math.max(1, Math.floor(maxChars));
  const deep = maskDeep(value, maxDepth, limit + 1);
  const text = JSON.stringify(deep.value, null, indent) ?? 'null';
  if (text.length <= limit) return { text, count: deep.count, cut: deep.cut };
  return { text: `${text.slice(0, limit - 1)}…`, count: deep.count, cut: true };
}

const COOKIE = /cookie/i;

/** Sets a key of a copy; defineProperty (slow) only for "__proto__", so it stays data, never a prototype. */
function defineKey(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

class DeepMasker {
  count = 0;
  cut = false;

  constructor(
    private readonly maxDepth: number,
    private left: number,
  ) {}

  text(s: string): string {
    if (s.length <= this.left && !TRIGGER.test(s)) {
      this.left -= s.length;
      return s;
    }
    const m = maskBounded(s, Math.max(0, this.left));
    if (m.cut) this.cut = true;
    this.count += m.count;
    this.left -= m.text.length;
    return m.text;
  }

  secret(v: unknown, name: string): unknown {
    if (v === null || v === undefined) return v;
    // Cookies as an object or as pairs: their names are not secret, every value is.
    if (typeof v === 'object' && COOKIE.test(name)) return this.cookies(v);
    this.count++;
    this.left -= MASK.length;
    return typeof v === 'string' ? maskScheme(v) : MASK;
  }

  private cookies(v: object): unknown {
    const pairs = Array.isArray(v);
    const out: unknown[] | Record<string, unknown> = pairs ? [] : {};
    for (const [k, x] of Object.entries(v)) {
      if (this.left <= 0) {
        this.cut = true;
        break;
      }
      if (!pairs) defineKey(out as Record<string, unknown>, this.text(k), this.secret(x, ''));
      else (out as unknown[]).push(Array.isArray(x) && typeof x[0] === 'string' ? [this.text(x[0]), this.secret(x[1], '')] : this.secret(x, ''));
    }
    return out;
  }

  walk(v: unknown, level: number): unknown {
    if (this.left <= 0) {
      this.cut = true;
      return CUT_MARK;
    }
    this.left--;
    switch (typeof v) {
      case 'string':
        return this.text(v);
      case 'number':
        return Number.isFinite(v) ? v : null;
      case 'boolean':
        return v;
      case 'bigint':
        return String(v);
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (v === null) return null;
    if (level > this.maxDepth) {
      this.cut = true;
      return TOO_DEEP;
    }
    // Copied only from the first change on: a value with nothing to mask is returned as it is.
    if (Array.isArray(v)) {
      if (v.length === 2 && typeof v[0] === 'string' && isSecretName(v[0])) return [this.text(v[0]), this.secret(v[1], v[0])];
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        if (this.left <= 0) {
          this.cut = true;
          out ??= v.slice(0, i);
          out.push(CUT_MARK);
          break;
        }
        const item = this.walk(v[i], level + 1);
        const kept = item === undefined ? null : item;
        if (!out && kept !== v[i]) out = v.slice(0, i);
        if (out) out.push(kept);
      }
      return out ?? v;
    }
    const source = v as Record<string, unknown>;
    const keys = Object.keys(source);
    let out: Record<string, unknown> | undefined;
    const copy = (upTo: number) => {
      const o: Record<string, unknown> = {};
      for (let j = 0; j < upTo; j++) defineKey(o, keys[j], source[keys[j]]);
      return o;
    };
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (this.left <= 0) {
        this.cut = true;
        out ??= copy(i);
        defineKey(out, CUT_MARK, CUT_MARK);
        break;
      }
      const name = this.text(key);
      const value = source[key];
      const item = isSecretName(key) ? this.secret(value, key) : this.walk(value, level + 1);
      if (!out && (item !== value || name !== key)) out = copy(i);
      if (out && item !== undefined) defineKey(out, name, item);
    }
    return out ?? source;
  }
}
