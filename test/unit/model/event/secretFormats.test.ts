/**
 * Real-format secrets (test/fixtures/secrets/realFormatSecrets.ts) in the places a server puts them,
 * and ordinary text that must stay as it is.
 *
 * What is checked, for every entry: its carried text (`carried(entry)`: the secret, or its context
 * with the secret in it) is put into each carrier below; the carrier goes through maskText (and,
 * when it is a URL, through maskUrl too); and the output must
 * - count at least one secret, and
 * - not `leak` (the fixture's `leaks`: no piece of 8 or more characters of it appears in the output)
 *   the secret, nor the secret as the carrier wrote it (URL-encoded in a query, JSON-escaped in a
 *   JSON string, where that differs).
 * The carriers:
 * - alone: the carried text as a whole message;
 * - sentence: inside a log sentence, with words on both sides;
 * - query: URL-encoded as `q=…` among other parameters, in a request line (maskText) and in a URL
 *   (maskUrl and maskText);
 * - JSON: as the value of a JSON string (`{"level":"error","data":"…"}`), escaped as JSON escapes it
 *   (line breaks become `\n`);
 * - path: as a URL path segment, unencoded (maskUrl and maskText), for the carried texts that a path
 *   can hold as they are (no spaces, quotes, line breaks, `?`, `#` or `%`) and that are not a
 *   `NAME=value` field (a field is not a path segment; maskUrl judges names in the query and the
 *   fragment); the others are in the query carrier, encoded.
 * The negative table: every string comes back from maskText and maskUrl exactly as it went in.
 */
import assert from 'node:assert/strict';
import { REAL_FORMAT_SECRETS, carried, leaks, type SecretSample } from '../../../fixtures/secrets/realFormatSecrets';
import { TRIGGER, maskText } from '../../../../src/model/event/maskText';
import { maskUrl } from '../../../../src/model/event/maskUrl';
import { TOKEN_FORMATS, TOKEN_HINT } from '../../../../src/model/event/tokenFormats';

interface Carrier {
  name: string;
  /** The text to mask, or undefined when this carrier cannot hold the entry. */
  build(text: string): string | undefined;
  /** How the carrier writes the carried text (checked for leaks besides the secret itself). */
  written(secret: string): string;
  /** Also masked with maskUrl. */
  url?: true;
}

const PATH_SAFE = /^[\w.~:@!$&'()*+,;=/-]+$/;
const FIELD = /^[A-Za-z][\w.-]*=/;
const CARRIERS: Carrier[] = [
  { name: 'alone', build: (t) => t, written: (s) => s },
  { name: 'sentence', build: (t) => `Upstream call failed (401) while using ${t} as the credential; retrying in 5 s`, written: (s) => s },
  { name: 'query in a request line', build: (t) => `GET /v1/items?page=2&q=${encodeURIComponent(t)}&sort=asc HTTP/1.1`, written: encodeURIComponent },
  { name: 'query in a URL', build: (t) => `https://api.acme.test/v1/items?page=2&q=${encodeURIComponent(t)}&sort=asc`, written: encodeURIComponent, url: true },
  { name: 'JSON string', build: (t) => JSON.stringify({ level: 'error', data: t }), written: (s) => JSON.stringify(s).slice(1, -1) },
  { name: 'URL path', build: (t) => (PATH_SAFE.test(t) && !FIELD.test(t) ? `https://api.acme.test/v1/hooks/${t}/deliver?attempt=2` : undefined), written: (s) => s, url: true },
];

function check(entry: SecretSample, carrier: Carrier, masker: (s: string) => { text: string; count: number }, which: string): void {
  const input = carrier.build(carried(entry));
  if (input === undefined) return;
  const out = masker(input);
  const where = `${entry.format} ${carrier.name} (${which}): ${out.text.slice(0, 300)}`;
  assert.ok(out.count >= 1, `nothing masked: ${where}`);
  assert.ok(!leaks(out.text, entry.secret), `leaks the secret: ${where}`);
  const written = carrier.written(entry.secret);
  if (written !== entry.secret) assert.ok(!leaks(out.text, written), `leaks the secret as written: ${where}`);
  assert.deepEqual(masker(out.text), { text: out.text, count: 0 }, `masking twice changes something: ${where}`);
}

describe('model/event/mask: real-format secrets', () => {
  it('has at least 100 of them, each made of fixed text', () => {
    assert.ok(REAL_FORMAT_SECRETS.length >= 100, String(REAL_FORMAT_SECRETS.length));
    for (const e of REAL_FORMAT_SECRETS) {
      assert.ok(e.secret.length >= 8, `${e.format}: a secret shorter than a leak`);
      if (e.context) assert.ok(e.context.includes('<secret>'), `${e.format}: a context without <secret>`);
    }
  });

  it('holds a sample of every token format, which its pattern and hints find', () => {
    for (const format of TOKEN_FORMATS) {
      const samples = REAL_FORMAT_SECRETS.filter((e) => e.format === format.name);
      assert.ok(samples.length >= 1, `no sample of ${format.name}`);
      for (const e of samples) {
        const text = carried(e);
        assert.ok(format.hint.test(text), `${format.name}: its hint misses ${text}`);
        assert.ok(TOKEN_HINT.test(text), `${format.name}: TOKEN_HINT misses ${text}`);
        format.pattern.lastIndex = 0;
        assert.ok(format.pattern.test(text), `${format.name}: its pattern misses ${text}`);
        format.pattern.lastIndex = 0;
      }
    }
  });

  it('TRIGGER, the pre-check maskJson relies on, matches every carried secret in every carrier', () => {
    for (const e of REAL_FORMAT_SECRETS) {
      for (const c of CARRIERS) {
        const input = c.build(carried(e));
        if (input !== undefined) assert.ok(TRIGGER.test(input), `${e.format} ${c.name}`);
      }
    }
  });

  it('every literal token hint is found by TOKEN_HINT on its own', () => {
    for (const format of TOKEN_FORMATS) {
      // The alternatives of a hint such as /fo1_|fm[12][ar]?_/ (those that are plain text).
      for (const literal of format.hint.source.split(/\|(?![^(]*\))/)) {
        if (/^(?:[\w-]|\\[./])+$/.test(literal)) assert.ok(TOKEN_HINT.test(literal.replace(/\\/g, '')), `${format.name}: ${literal}`);
      }
    }
  });

  for (const carrier of CARRIERS) {
    it(`masks each of them ${carrier.name === 'alone' ? 'alone' : `in a ${carrier.name}`}`, () => {
      for (const entry of REAL_FORMAT_SECRETS) {
        check(entry, carrier, maskText, 'maskText');
        if (carrier.url) check(entry, carrier, maskUrl, 'maskUrl');
      }
    });
  }
});

/** Ordinary text of events and code: identifiers, paths, ids, dates, versions, prose, numbers, URLs. */
const ORDINARY = [
  // code identifiers that hold a token prefix or a secret word
  'risk_level',
  'desk_id',
  'task_sk_test',
  'sk-learn',
  'scikit-learn==1.4.2',
  'getTokenCount()',
  'handleKeyDown(event)',
  'monkey_patch(module)',
  'tokenizer.encode(text)',
  'hf_hub_download',
  'npm_config_cache',
  'api_org_name',
  'secret_santa_2024',
  'glc_total_count',
  'SKU-1000',
  'DESK-4821',
  'key-value store',
  'mask_secret_fields',
  'AKIA',
  'ya29',
  'xoxo and hugs',
  // file paths
  '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  'C:\\Users\\dev\\AppData\\Local\\Temp\\build-4111.log',
  'src/components/CartSummary.tsx:42:17',
  'node_modules/@sentry/browser/esm/helpers.js',
  'webpack:///./src/app/checkout.ts?8f3a',
  // ids
  '550e8400-e29b-41d4-a716-446655440000',
  '41111111-1111-4111-8111-111111111111',
  'e83c5163316f89bfbde7d9ab23ca2e25604af290',
  'a1b2c3d',
  'fc6d8c0c43fc4630ad850ee518f1b9d0',
  '12345678901234567890123456789012',
  'ACME-WEB-1A2B',
  // dates and times
  '2025-03-14T15:09:26.535Z',
  '2024-01-01 00:00:00',
  'Fri, 14 Mar 2025 15:09:26 GMT',
  // versions
  'v20.20.2',
  '4.17.21-beta.1',
  'sentry-python/2.19.0',
  // prose with the words
  'The token expired; please sign in again.',
  'Press any key to continue',
  'Keep this secret between us',
  'Token refresh failed: invalid_grant',
  'Password must be at least 12 characters long',
  'api key rotation is scheduled for Monday',
  // numbers: ids, timestamps, amounts, a Luhn-failing card-like number, decimals, a snowflake
  '4800000007',
  '1700000000000',
  '1234567890123456',
  '4111111111111112',
  '41111111111111111111',
  '0.4111111111111111',
  'total: 4111.11 USD',
  '1234567890123456789',
  'Order 2024-0001 of 12 items',
  // colours, images
  '#ff6600',
  'rgba(255, 99, 71, 0.5)',
  'hsl(210 40% 96%)',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  // URLs and addresses
  'https://sentry.io/organizations/acme/issues/4800000007/?project=5&query=is%3Aunresolved',
  'ssh://git@github.com/acme/app.git',
  'https://user@example.com/',
  'https://build-agent-7@ci.acme.test/job/12',
  'git@github.com:acme/app.git',
  'https://cdn.acme.test/assets/app.4f3c2a1b.js',
  'https://www.google.com/search?q=100%25+done&hl=en',
  '192.168.0.1:8080',
  '2001:db8::1',
  // public by design
  'pk_live_51H8s9fJ2eZvKYlo2C0123456789abcdef',
  'pk_test_TYooMQauvdEDq54NiTphI7jx',
  '-----BEGIN CERTIFICATE-----',
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----',
  '*/5 * * * *',
];

describe('model/event/mask: ordinary text', () => {
  it('has at least 40 entries', () => assert.ok(ORDINARY.length >= 40, String(ORDINARY.length)));
  for (const text of ORDINARY) {
    it(`leaves ${JSON.stringify(text).slice(0, 80)} as it is`, () => {
      assert.deepEqual(maskText(text), { text, count: 0 });
      assert.deepEqual(maskUrl(text), { text, count: 0 });
    });
  }
});
