/**
 * Which names hold secrets (isSecretName): a header, a query or form field, a variable, a JSON key.
 * Every masker in this folder asks it, so "is this name secret?" is decided once, here, with the
 * reasons for each word. Also the shown form of a secret value (maskScheme), which keeps the
 * authorization scheme because the scheme says how, never what. No `vscode` import.
 */
import { MASK } from './types';

/**
 * Words that make a name secret wherever they stand in it (`db_password`, `X-CSRF-Token`). Relay's
 * default scrubbing (relay-pii/src/regexes.rs, PASSWORD_KEY_REGEX: password, secret, passwd, api_key,
 * apikey, auth, credentials, mysql_pwd, privatekey, private_key, token, `^otp$`, `^two[-_]factor$`;
 * its session and CSRF cookie names in relay-pii/src/convert.rs, SENSITIVE_COOKIES) and the Python
 * SDK's default denylist (sentry_sdk/scrubber.py, DEFAULT_DENYLIST) are all secret here.
 * Decisions:
 * - `dsn`: secret. A DSN lets anyone send events to the project (quota, noise), and a legacy DSN
 *   carries the project's secret key as its password; nobody needs one in a ticket.
 * - `pass`: secret (`DB_PASS`, `SMTP_PASS`, `?pass=`); `passenger`, `bypass` are other words.
 * - `pwd` is also the shell's working directory in an env dump: masked all the same (a Reveal away).
 *   `pw` likewise (`DB_PW`), as a whole word only (`pwa` is not it).
 * - `otp`, `totp`, `hotp` (a one-time code, or the seed it comes from): secret as a whole word
 *   (`otp`, `otp_code`, `smsOtp`), never inside one (`hotpink`, `otpauth`, which is a URI scheme
 *   whose `secret=` parameter is masked by name). A name that says `otp_enabled` is masked too: a
 *   Reveal away, and cheaper than guessing which such names hold a code.
 * - `cvv`, `cvc`: a card's security code, which nobody may store.
 * - `passcode`: a password by another name.
 * - `sig`: the secret of an Azure SAS URL (`&sig=`).
 * - `auth` but not `authenticated` / `author`: "authenticated" is a fact about the user (a boolean),
 *   not a credential.
 * - `key` alone is not secret (tag keys, React keys, `keyboard`, `monkey`): only after a word that
 *   says whose or what for (KEY_OWNERS).
 * - Relay's cookie names `su`, `sudo` and `symfony` are not secret as names: elsewhere they are a
 *   flag and a framework's name, and under `cookies` maskJson masks every value anyway.
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
  'pw',
  'passphrase',
  'passcode',
  'passcodes',
  'otp',
  'totp',
  'hotp',
  'cvv',
  'cvc',
  'auth',
  'authorization',
  'cookie',
  'cookies',
  'session',
  'sessionid',
  'sid',
  'sentrysid',
  'mysession',
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
/**
 * Words that make a following `key` secret (`x-api-key`, `private_key`, `AWS_ACCESS_KEY_ID`,
 * `signing_key`, `SSH_KEY`, `STRIPE_KEY`, `X-Stripe-Key`, Laravel's `APP_KEY`, Azure's `AccountKey`):
 * what the key is for or whose it is. Other keys are names (`sort_key`, `cache_key`, `public_key`,
 * `primary_key`, `idempotency_key`).
 */
const KEY_OWNERS = new Set([
  'api',
  'private',
  'access',
  'signing',
  'encryption',
  'decryption',
  'ssh',
  'gpg',
  'pgp',
  'master',
  'app',
  'account',
  'hmac',
  'webhook',
  'license',
  'aws',
  'gcp',
  'google',
  'azure',
  'stripe',
  'openai',
  'anthropic',
  'sendgrid',
  'mailgun',
  'twilio',
  'slack',
  'github',
  'gitlab',
]);
/** Adjacent words that make a name secret together (`private_pem`, `tls_key_pem`, `recovery_codes`). */
const SECRET_PAIRS = new Set(['private pem', 'key pem', 'recovery code', 'recovery codes', 'backup code', 'backup codes']);
/**
 * Words run together without a separator or a case change: `csrftoken`, `csrfmiddlewaretoken`,
 * `accesstoken`, `newpassword`, `clientsecret`, `awssecretkey`, `signingkey`, `ASPSESSIONIDQADTRQBS`,
 * Relay's `fastcsrf` and `fasthttpsessionid`. (`tokenizer` starts with "token" but does not end with it: not secret.)
 */
const SECRET_WORD_SHAPE = /(?:tokens?|secrets?|passwords?|passwd|passcodes?|apikey|accesskey|privatekey|secretkey|signingkey|encryptionkey|sshkey|masterkey)$|sess(?:ion)?id|csrf|xsrf/;
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
    const prev = i > 0 ? words[i - 1] : '';
    if (SECRET_WORDS.has(w) || SECRET_WORD_SHAPE.test(w) || ((w === 'key' || w === 'keys') && KEY_OWNERS.has(prev)) || SECRET_PAIRS.has(`${prev} ${w}`)) {
      secret = true;
      if (!/tokens?$/.test(w)) tokenOnly = false;
    }
    if (TOKEN_METADATA.has(w)) metadata = true;
  }
  // Relay's `^two[-_]factor$`: the whole name only (`two_factor_enabled` is a setting).
  const twoFactor = words.length === 2 && words[0] === 'two' && words[1] === 'factor';
  const result = (secret && !(tokenOnly && metadata)) || twoFactor;
  if (nameCache.size >= NAME_CACHE_SIZE) nameCache.clear();
  nameCache.set(key, result);
  return result;
}

/** Authorization schemes a shown value may keep: they say how, never what. */
const AUTH_SCHEME = /^[ \t]*(basic|bearer|digest|token|negotiate|ntlm|hoba|mutual|dpop|oauth|mac|sentry|apikey|aws4-hmac-sha256)[ \t]+\S/i;

/** The shown form of a secret value: MASK, or its scheme and MASK (`Bearer [masked]`). */
export function maskScheme(value: string): string {
  const m = typeof value === 'string' ? AUTH_SCHEME.exec(value) : null;
  return m ? `${m[1]} ${MASK}` : MASK;
}
