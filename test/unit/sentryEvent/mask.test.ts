import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MASK } from '../../../src/sentryEvent/types';
import { TOO_DEEP } from '../../../src/util/boundedJson';
import { CUT_MARK, dropUnfinished, isSecretName, maskBounded, maskDeep, maskedJson, maskScheme, maskText, maskUrl, nameWords } from '../../../src/sentryEvent/mask';
import { nested } from '../builders';

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
  '',
];

describe('eventDetail/mask: secret names', () => {
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

describe('eventDetail/mask: maskScheme', () => {
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

describe('eventDetail/mask: maskText', () => {
  const cases: [string, string, string, number][] = [
    ['a Bearer token in a log line', 'GET /api/0/projects/ with Authorization: Bearer 9f8e7d6c5b4a3210 failed', `GET /api/0/projects/ with Authorization: Bearer ${MASK} failed`, 1],
    ['a free Bearer credential', 'sent bearer abcDEF123456789 upstream', `sent bearer ${MASK} upstream`, 1],
    ['Basic credentials', 'Basic dXNlcjpwYXNzd29yZA== rejected', `Basic ${MASK} rejected`, 1],
    ['Digest parameters, to the end of their line', 'Digest username="Mufasa", response="6629fae4"\nnext', `Digest ${MASK}\nnext`, 1],
    ['prose after a scheme word stays', 'Token expired; Basic usage; Bearer of bad news', 'Token expired; Basic usage; Bearer of bad news', 0],
    ['a token in a URL', 'fetch https://api.example/v1/items?page=2&access_token=abc123&x=1 failed', `fetch https://api.example/v1/items?page=2&access_token=${MASK}&x=1 failed`, 1],
    ['JSON-ish text', '{"user": "bob", "password": "hunter 2", "Authorization": "Bearer xyz987"}', `{"user": "bob", "password": "${MASK}", "Authorization": "Bearer ${MASK}"}`, 2],
    ['JSON inside a string (escaped quotes)', '{\\"password\\":\\"hunter2\\",\\"a\\":1}', `{\\"password\\":\\"${MASK}\\",\\"a\\":1}`, 1],
    ['Python-ish text', "{'api_key': 'k-123', 'n': 1}", `{'api_key': '${MASK}', 'n': 1}`, 1],
    ['Ruby/PHP arrows', "'secret' => 'xyz'", `'secret' => '${MASK}'`, 1],
    ['a form body', 'user=bob&password=hunter%202&csrf=abc&remember=1', `user=bob&password=${MASK}&csrf=${MASK}&remember=1`, 2],
    ['an env line', 'DB_PASSWORD=s3cret ./run', `DB_PASSWORD=${MASK} ./run`, 1],
    ['a JWT', 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sflKxwRJSMeKKF2QT4fwpM end', `jwt ${MASK} end`, 1],
    ['Sentry tokens', 'use sntrys_eyJpYXQiOjE3MDB9_abcDEF123 or sntryu_0123456789abcdef0123', `use ${MASK} or ${MASK}`, 2],
    ['a URL password', 'connect postgres://admin:s3cr@t@db.example:5432/app failed', `connect postgres://admin:${MASK}@db.example:5432/app failed`, 1],
    ['an empty user', 'redis://:pw123@cache:6379', `redis://:${MASK}@cache:6379`, 1],
    ['a Cookie line, to its end', 'Cookie: theme=dark; sid=abc123\nAccept: */*', `Cookie: ${MASK}\nAccept: */*`, 1],
    ['a nested URL value', 'redirect=https://x.example/cb?token=abc&state=1', `redirect=https://x.example/cb?token=${MASK}&state=1`, 1],
    ['null is nothing to hide', 'password=null token: None', 'password=null token: None', 0],
    ['an unclosed quote (a cut text)', 'password="hunter2', `password="${MASK}`, 1],
    ['counts are not tokens', 'usage: total_tokens=123 prompt_tokens=100 token_type=bearer', 'usage: total_tokens=123 prompt_tokens=100 token_type=bearer', 0],
    ['nothing to mask', 'TypeError: Cannot read properties of undefined (reading "x")', 'TypeError: Cannot read properties of undefined (reading "x")', 0],
  ];
  for (const [what, input, expected, count] of cases) {
    it(what, () => {
      const m = maskText(input);
      assert.equal(m.text, expected);
      assert.equal(m.count, count);
      assert.deepEqual(maskText(m.text), { text: m.text, count: 0 }, 'masking twice changes nothing');
    });
  }

  it('tolerates what is not text', () => {
    assert.deepEqual(maskText(''), { text: '', count: 0 });
    assert.deepEqual(maskText(undefined as unknown as string), { text: '', count: 0 });
  });

  it('never leaves a secret placed anywhere in random text', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/);
    const text = fc.string({ maxLength: 40 });
    fc.assert(
      fc.property(text, secret, text, fc.constantFrom('password=', 'api_key: ', '"token": "', 'Authorization: Bearer ', 'Cookie: a=', 'https://u:'), (a, s, b, form) => {
        const input = `${a} ${form}${s}${form === 'https://u:' ? '@host/' : ''} ${b}`;
        assert.ok(!maskText(input).text.includes(s), input);
      }),
      { numRuns: 500 },
    );
  });

  it('finishes quickly on a megabyte of adversarial text (no catastrophic backtracking)', () => {
    const M = 1 << 20;
    const inputs: Record<string, string> = {
      letters: 'a'.repeat(M),
      pairs: 'a='.repeat(M / 2),
      secretPairs: 'password='.repeat(M / 9),
      openQuotes: '"password":"'.repeat(M / 12),
      mixedQuotes: `'password':'${'"a":"b",'.repeat(M / 8)}`,
      backslashes: `"password":"${'\\'.repeat(M)}`,
      escapedQuotes: '\\"password\\":\\"'.repeat(M / 16),
      colons: 'token:'.repeat(M / 6),
      schemes: 'Bearer '.repeat(M / 7),
      blanks: `Bearer${' '.repeat(M)}`,
      urls: `http://${'a:'.repeat(M / 2)}`,
      schemesOnly: 'a://'.repeat(M / 4),
      jwtHeads: 'eyJ'.repeat(M / 3),
      jwtParts: 'eyJaaaaaa.'.repeat(M / 10),
      digests: 'digest a='.repeat(M / 9),
      sentry: 'sntrys_'.repeat(M / 7),
      cookies: 'cookie: '.repeat(M / 8),
      longNames: `${'x'.repeat(63)} `.repeat(M / 64),
    };
    for (const [what, input] of Object.entries(inputs)) {
      const started = performance.now();
      maskText(input);
      maskUrl(input);
      const ms = performance.now() - started;
      // Linear work takes tens of milliseconds here; backtracking would take minutes.
      assert.ok(ms < 3000, `${what}: ${Math.round(ms)} ms`);
    }
  });
});

describe('eventDetail/mask: maskBounded', () => {
  it('masks before cutting, so a secret at the edge is never shown in part', () => {
    const text = `${'x'.repeat(990)} https://admin:${'p'.repeat(30)}@db.example/`;
    const m = maskBounded(text, 1000);
    assert.equal(m.cut, true);
    assert.ok(!m.text.includes('ppp'), m.text.slice(-40));
    assert.ok(m.text.length <= 1000);
  });
  it('cuts a huge text with work bounded by the limit', () => {
    const m = maskBounded(`password=${'s'.repeat(10_000_000)}`, 2000);
    assert.equal(m.cut, true);
    assert.ok(m.text.startsWith(`password=${MASK}`));
    assert.ok(!m.text.includes('sss'));
  });
  it('drops an unfinished URL password or JWT at the cut', () => {
    const url = maskBounded(`${'x'.repeat(1980)} https://admin:${'p'.repeat(2000)}@db/`, 2000);
    assert.ok(url.cut && !url.text.includes('admin:p'));
    assert.equal(url.text, `${'x'.repeat(1980)} `);
    const jwt = maskBounded(`${'x'.repeat(1980)} eyJhbGciOiJIUzI1NiJ9.${'e'.repeat(3000)}.sig`, 2000);
    assert.equal(jwt.text, `${'x'.repeat(1980)} `);
    assert.equal(dropUnfinished('see https://host:8080'), 'see ');
    assert.equal(dropUnfinished('see https://host/x'), 'see https://host/x');
  });
  it('leaves short text whole', () => {
    assert.deepEqual(maskBounded('token=abc', 100), { text: `token=${MASK}`, count: 1, cut: false });
  });
});

describe('eventDetail/mask: maskUrl', () => {
  it('masks secret query and fragment values and the password, nothing else', () => {
    const m = maskUrl('https://user:pw@h.example/a/b?x=1&token=abc&sig=zz&api%5Fkey=k#access_token=qq&state=1');
    assert.equal(m.text, `https://user:${MASK}@h.example/a/b?x=1&token=${MASK}&sig=${MASK}&api%5Fkey=${MASK}#access_token=${MASK}&state=1`);
    assert.equal(m.count, 5);
  });
  it('leaves a URL without secrets as it is', () => {
    const url = 'https://sentry.io/organizations/acme/issues/?project=5&query=is%3Aunresolved#frag';
    assert.deepEqual(maskUrl(url), { text: url, count: 0 });
    assert.deepEqual(maskUrl('/api/0/internal/health/'), { text: '/api/0/internal/health/', count: 0 });
  });
  it('masks a JWT in the path, and an empty value is nothing to hide', () => {
    assert.equal(maskUrl('https://h.example/verify/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl?token=').text, `https://h.example/verify/${MASK}?token=`);
  });
});

describe('eventDetail/mask: maskDeep', () => {
  it('masks values under secret names at any depth and strings everywhere, without touching the input', () => {
    const input = {
      user: 'bob',
      password: { nested: 'x' },
      config: { db: { DB_PASSWORD: 'hunter2', host: 'db', port: 5432 }, list: [{ apiKey: 123 }, 'Bearer abcdefgh1234'] },
      headers: [
        ['Authorization', 'Bearer abc123'],
        ['Accept', 'text/html'],
      ],
      cookies: { sid: 'abc', theme: 'dark' },
      other: { cookies: [['sid', 'abc']] },
      message: 'url=https://x.example/?token=abc',
      session: null,
    };
    const before = JSON.stringify(input);
    const { value, count, cut } = maskDeep(input);
    assert.equal(JSON.stringify(input), before, 'the input is not changed');
    assert.deepEqual(value, {
      user: 'bob',
      password: MASK,
      config: { db: { DB_PASSWORD: MASK, host: 'db', port: 5432 }, list: [{ apiKey: MASK }, `Bearer ${MASK}`] },
      headers: [
        ['Authorization', `Bearer ${MASK}`],
        ['Accept', 'text/html'],
      ],
      cookies: { sid: MASK, theme: MASK },
      other: { cookies: [['sid', MASK]] },
      message: `url=https://x.example/?token=${MASK}`,
      session: null,
    });
    assert.equal(count, 9);
    assert.equal(cut, false);
  });

  it('returns a value with nothing to mask as it is (no copy)', () => {
    const input = { a: [1, 'two', { b: true }], c: null };
    assert.equal(maskDeep(input).value, input);
  });

  it('replaces what is nested deeper than the bound by a marker', () => {
    const { value, cut } = maskDeep(nested(20_000), 3);
    assert.deepEqual(value, { a: { a: { a: TOO_DEEP } } });
    assert.equal(cut, true);
  });

  it('bounds its work by characters: what is past the bound is a marker', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => `item ${i}`);
    const { value, cut } = maskDeep({ big }, 16, 1000);
    const list = (value as { big: string[] }).big;
    assert.equal(cut, true);
    assert.ok(list.length < 200);
    assert.equal(list[list.length - 1], CUT_MARK);
  });

  it('keeps a "__proto__" key as data', () => {
    const input = JSON.parse('{"__proto__": {"token": "x"}, "a": "token=abc"}');
    const { value } = maskDeep(input);
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.equal(JSON.stringify(value), `{"__proto__":{"token":"${MASK}"},"a":"token=${MASK}"}`);
  });

  it('maskedJson: masked JSON text, cut as boundedStringify cuts', () => {
    assert.deepEqual(maskedJson({ password: 'x', n: 1 }, 100), { text: `{"password":"${MASK}","n":1}`, count: 1, cut: false });
    const long = maskedJson({ list: Array.from({ length: 1000 }, (_, i) => i) }, 50);
    assert.equal(long.text.length, 50);
    assert.ok(long.text.endsWith('…'));
    assert.equal(long.cut, true);
    assert.equal(maskedJson(undefined, 10).text, 'null');
    assert.equal(maskedJson({ a: 1n as unknown }, 100).text, '{"a":"1"}');
  });
});
