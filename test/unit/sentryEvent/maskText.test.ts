import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MASK } from '../../../src/sentryEvent/types';
import { dropUnfinished, maskBounded, maskText } from '../../../src/sentryEvent/maskText';
import { maskUrl } from '../../../src/sentryEvent/maskUrl';

describe('sentryEvent/mask: maskText', () => {
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
    ['an empty secret field before another', 'pw: api_key: A0aAA0aAA000', `pw: ${MASK} ${MASK}`, 2],
    ['a secret field whose value holds another', 'password: token: abc123xyz end', `password: ${MASK} ${MASK} end`, 2],
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

describe('sentryEvent/mask: maskBounded', () => {
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
