import assert from 'node:assert/strict';
import { MASK } from '../../../../src/model/event/types';
import { isSecretName, maskScheme, nameWords } from '../../../../src/model/event/secretNames';
import { maskText } from '../../../../src/model/event/maskText';

const SECRET = [
  'Authorization',
  'authorization',
  'Proxy-Authorization',
  'Cookie',
  'Set-Cookie',
  'cookies',
  'X-Api-Key',
  'x-api-key',
  'x-auth-token',
  'X-CSRF-Token',
  'X-XSRF-TOKEN',
  'x-sentry-auth',
  'x-amz-security-token',
  'X-Amz-Signature',
  'session',
  'sessionId',
  'sessionid',
  'session_id',
  'PHPSESSID',
  'JSESSIONID',
  'ASPSESSIONIDQADTRQBS',
  'connect.sid',
  'sid',
  'api_key',
  'apiKey',
  'apikey',
  'APIKEY',
  'access_token',
  'accessToken',
  'accesstoken',
  'refresh_token',
  'id_token',
  'client_secret',
  'clientSecret',
  'password',
  'Password',
  'PASSWORD',
  'newPassword',
  'db_password',
  'DB_PASS',
  'passwd',
  'pwd',
  'passphrase',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_ACCESS_KEY_ID',
  'private_key',
  'privateKey',
  'token',
  'tokens',
  'secret',
  'secrets',
  'auth',
  'jwt',
  'credential',
  'credentials',
  'creds',
  'bearer',
  'signature',
  'sig',
  'dsn',
  'SENTRY_DSN',
  'csrf',
  'csrfmiddlewaretoken',
  'csrftoken',
  'authenticity_token',
  'user[password]',
  'data[user][password]',
  'oauth2Token',
  'api_key2',
  // Relay's defaults (relay-pii/src/regexes.rs, convert.rs) and the Python SDK's denylist
  'mysql_pwd',
  'otp',
  'two_factor',
  'two-factor',
  'session_key',
  'set-cookie',
  'sentrysid',
  'fastcsrf',
  '_vercel_jwt',
  'aiohttp_session',
  // more words and keys
  'pw',
  'DB_PW',
  'passcode',
  'otp_code',
  'smsOtp',
  'totp',
  'cvv',
  'cvv2',
  'signing_key',
  'signingKey',
  'encryption_key',
  'SSH_KEY',
  'STRIPE_KEY',
  'X-Stripe-Key',
  'private_pem',
  'tls_key_pem',
  'APP_KEY',
  'AccountKey',
  'recovery_codes',
];

const NOT_SECRET = [
  'author',
  'authorName',
  'authenticated',
  'is_authenticated',
  'www-authenticate',
  'passenger',
  'passport',
  'bypass',
  'compass',
  'keyboard',
  'monkey',
  'key',
  'keyId',
  'tokenizer',
  'secretary',
  'sidebar',
  'page',
  'theme',
  'content-type',
  'Content-Type',
  'user-agent',
  'User-Agent',
  'Accept',
  'Referer',
  'username',
  'email',
  'id',
  'ip_address',
  'description',
  'total_tokens',
  'prompt_tokens',
  'max_tokens',
  'maxTokens',
  'token_type',
  'token_count',
  'two_factor_enabled',
  'otpauth',
  'hotpink',
  'pwa',
  'public_key',
  'publicKey',
  'primary_key',
  'sort_key',
  'cache_key',
  'idempotency_key',
  'foreign_key',
  'keyboard_layout',
  'api_version',
  'sudo',
  'symfony',
  '',
];

describe('model/event/mask: secret names', () => {
  it('splits names into words at separators, camelCase and digits', () => {
    assert.deepEqual(nameWords('X-CSRF-Token'), ['x', 'csrf', 'token']);
    assert.deepEqual(nameWords('AWS_SECRET_ACCESS_KEY'), ['aws', 'secret', 'access', 'key']);
    assert.deepEqual(nameWords('sessionId'), ['session', 'id']);
    assert.deepEqual(nameWords('XMLHttpRequest'), ['xml', 'http', 'request']);
    assert.deepEqual(nameWords('oauth2Token'), ['oauth', '2', 'token']);
    assert.deepEqual(nameWords('user[password]'), ['user', 'password']);
  });

  for (const name of SECRET) it(`${JSON.stringify(name)} is secret`, () => assert.equal(isSecretName(name), true));
  for (const name of NOT_SECRET) it(`${JSON.stringify(name)} is not secret`, () => assert.equal(isSecretName(name), false));

  it('tolerates what is not a name', () => {
    assert.equal(isSecretName(undefined as unknown as string), false);
    assert.equal(isSecretName(42 as unknown as string), false);
    assert.equal(isSecretName(`${'x'.repeat(100_000)}_password`), false, 'a name is judged by its first 256 characters');
  });

  it('every secret name is found in free text as name=value, name: value and "name": "value"', () => {
    for (const name of SECRET) {
      for (const text of [`${name}=s3cr3tV4lue`, `${name}: s3cr3tV4lue`, `{"${name}": "s3cr3tV4lue"}`, `x ${name} = 's3cr3tV4lue' y`]) {
        const m = maskText(text);
        assert.ok(!m.text.includes('s3cr3tV4lue'), `${text} -> ${m.text}`);
        assert.ok(m.count >= 1);
      }
    }
  });
});

describe('model/event/mask: maskScheme', () => {
  it('keeps an auth scheme and masks its credential', () => {
    assert.equal(maskScheme('Bearer abc.def'), `Bearer ${MASK}`);
    assert.equal(maskScheme('basic dXNlcjpwYXNz'), `basic ${MASK}`);
    assert.equal(maskScheme('Sentry sentry_key=abc, sentry_version=7'), `Sentry ${MASK}`);
    assert.equal(maskScheme('AWS4-HMAC-SHA256 Credential=AKIA/…'), `AWS4-HMAC-SHA256 ${MASK}`);
  });
  it('masks the whole of anything else (a first word of a password is not a scheme)', () => {
    assert.equal(maskScheme('correct horse battery staple'), MASK);
    assert.equal(maskScheme('hunter2'), MASK);
    assert.equal(maskScheme('Bearer'), MASK);
    assert.equal(maskScheme(''), MASK);
  });
});
