import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MASK } from '../../../../src/model/event/types';
import { dropUnfinished, maskBounded, maskText } from '../../../../src/model/event/maskText';
import { maskUrl } from '../../../../src/model/event/maskUrl';

describe('model/event/mask: maskText', () => {
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
      pairNames: '{"name":"DB_PASSWORD",'.repeat(M / 22),
      pairValues: '"value":"'.repeat(M / 9),
      pairsUnclosed: `{"name":"DB_PASSWORD","value":"${'a'.repeat(M)}`,
      yamlItems: '- name: DB_PASSWORD\n'.repeat(M / 20),
      yamlValues: '  value: \n'.repeat(M / 10),
      tableRows: '| DB_PASSWORD |'.repeat(M / 15),
      tableCells: '|'.repeat(M),
      xmlOpen: '<db_password>'.repeat(M / 13),
      xmlUnclosed: `<db_password>${'a'.repeat(M)}`,
      boldFields: '**DB_PASSWORD:**'.repeat(M / 16),
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

describe('model/event/mask: {name, value} pairs written as text', () => {
  // A value no token rule knows (an AWS secret access key has no prefix): only its name says it is secret.
  const V = 'wJalrXUtnFEMIK7MDENGbPxRfiCYzzzKEY';
  const P = 'plainValueZ9q';
  const cases: [string, string][] = [
    ['a JSON string', `{"name":"AWS_SECRET_ACCESS_KEY","value":"${V}"}`],
    ['a JSON string, spaced, the value first', `{"value": "${V}", "name": "DB_PASSWORD"}`],
    ['JSON inside a JSON string (escaped quotes)', `{\\"name\\":\\"DB_PASSWORD\\",\\"value\\":\\"${V}\\"}`],
    ["Sentry's {key, value} tags as text", `[{"key":"api_key","value":"${V}"}]`],
    ['Python repr', `[{'name': 'DB_PASSWORD', 'value': '${V}'}, {'name': 'LOG_LEVEL', 'value': '${P}'}]`],
    ["Python repr of an object's fields", `EnvVar(name='GITHUB_TOKEN', value='${V}')`],
    ['a YAML env list', `env:\n  - name: DB_PASSWORD\n    value: ${V}\n  - name: LOG_LEVEL\n    value: ${P}\n`],
    ['a YAML env list, quoted, items at the margin', `env:\n- name: "STRIPE_API_KEY"\n  value: "${V}"\n- name: LOG_LEVEL\n  value: ${P}`],
    ['a YAML flow mapping', `env: [{name: DB_PASSWORD, value: ${V}}, {name: LOG_LEVEL, value: ${P}}]`],
    [
      'a Kubernetes env list inside an exception value',
      `admission webhook denied the request: {"spec":{"containers":[{"name":"api","env":[{"name":"AWS_SECRET_ACCESS_KEY","value":"${V}"},{"name":"LOG_LEVEL","value":"${P}"}]}]}}`,
    ],
    ["Sentry's llmFormat field (markdown)", `## Tags\n**DB_PASSWORD:** ${V}\n**LOG_LEVEL:** ${P}`],
    ["Sentry's llmFormat field (xml)", `<tags>\n<db_password>${V}</db_password>\n<log_level>${P}</log_level>\n</tags>`],
    ['a Markdown table', `| Name | Value |\n|---|---|\n| DB_PASSWORD | ${V} |\n| LOG_LEVEL | ${P} |`],
    ['a Markdown table of name, value and more', `| name | value | source |\n| --- | --- | --- |\n| \`AWS_SECRET_ACCESS_KEY\` | \`${V}\` | env |`],
  ];
  for (const [what, input] of cases) {
    it(`${what}: the value of a secret name is masked, any other is kept`, () => {
      const m = maskText(input);
      assert.ok(!m.text.includes(V.slice(4, 12)), m.text);
      assert.ok(m.text.includes(MASK), m.text);
      if (input.includes(P)) assert.ok(m.text.includes(P), `a plain value stays: ${m.text}`);
      assert.deepEqual(maskText(m.text), { text: m.text, count: 0 }, 'masking twice changes nothing');
    });
  }

  it('a pair is one record: a value is never taken from the next one, nor a name from the one before', () => {
    const next = `[{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"name":"db","key":"pw"}}},{"name":"LOG_LEVEL","value":"${P}"}]`;
    assert.equal(maskText(next).text, next);
    const yaml = `- name: LOG_LEVEL\n  value: ${P}\n- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef: {name: db, key: pw}`;
    assert.equal(maskText(yaml).text, yaml);
    const before = `{"value":"${P}"},{"name":"DB_PASSWORD"}`;
    assert.equal(maskText(before).text, before);
    const rows = `| DB_PASSWORD |\n| ${P} |`;
    assert.equal(maskText(rows).text, rows, 'a row of one cell names nothing');
  });

  it('property: every form, any secret name, any value, never shows the value', () => {
    const names = fc.constantFrom('DB_PASSWORD', 'AWS_SECRET_ACCESS_KEY', 'api_key', 'GITHUB_TOKEN', 'client_secret', 'SENTRY_DSN', 'Authorization', 'sessionid');
    const value = fc.stringMatching(/^[A-Za-z0-9/+]{12,40}$/);
    const forms: ((n: string, v: string) => string)[] = [
      (n, v) => JSON.stringify([{ name: n, value: v }]),
      (n, v) => JSON.stringify({ env: [{ value: v, name: n }] }),
      (n, v) => JSON.stringify(JSON.stringify({ name: n, value: v })),
      (n, v) => `[{'name': '${n}', 'value': '${v}'}]`,
      (n, v) => `env:\n  - name: ${n}\n    value: ${v}\n`,
      (n, v) => `- name: "${n}"\n  value: '${v}'`,
      (n, v) => `**${n}:** ${v}`,
      (n, v) => `<${n.toLowerCase()}>${v}</${n.toLowerCase()}>`,
      (n, v) => `| ${n} | ${v} |`,
    ];
    fc.assert(
      fc.property(names, value, fc.constantFrom(...forms), fc.string({ maxLength: 30 }), (n, v, form, around) => {
        // Each form on lines of its own (a table's row starts its line), among any text.
        const text = `${around}\n${form(n, v)}\n${around}`;
        assert.ok(!maskText(text).text.includes(v), text);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('model/event/mask: maskBounded', () => {
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
