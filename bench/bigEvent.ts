/**
 * A big synthetic raw Sentry event (the answer of `GET …/issues/{id}/events/{event_id}/`, shaped as
 * test/fixtures/issue-event.json) for the Event tab's bench: 3 chained exceptions with about 200
 * frames in all, most with 5–20 local variables (nested objects among them), 500 breadcrumbs of
 * varied types, levels, categories and data, a request with an Authorization header, cookies, a
 * query and a body, plus contexts, user, SDK, tags and extra data: about 2 MB as JSON.
 * Deterministic (a seeded generator), so runs compare.
 */
import { Prng } from '../test/sandbox/prng';

const FILES = [
  ['src/app/checkout.ts', true],
  ['src/app/cart/store.ts', true],
  ['src/components/CartSummary.tsx', true],
  ['src/utils/format.ts', true],
  ['node_modules/react-dom/cjs/react-dom.development.js', false],
  ['node_modules/@sentry/browser/esm/helpers.js', false],
  ['node_modules/redux/lib/redux.js', false],
  ['node_modules/rxjs/internal/Subscriber.js', false],
] as const;
const FUNCTIONS = ['checkout', 'computeTotal', 'applyDiscount', 'renderSummary', 'dispatch', 'callCallback', 'invokeGuardedCallback', 'commitRoot', 'next', 'subscribe', 'formatPrice'];
const LEVELS = ['info', 'info', 'info', 'debug', 'warning', 'error', 'info', 'debug', 'fatal'];
const CRUMB_KINDS = [
  { type: 'http', category: 'xhr' },
  { type: 'http', category: 'fetch' },
  { type: 'navigation', category: 'navigation' },
  { type: 'default', category: 'console' },
  { type: 'ui', category: 'ui.click' },
  { type: 'ui', category: 'ui.input' },
  { type: 'query', category: 'query' },
  { type: 'user', category: 'auth' },
  { type: 'debug', category: 'redux.action' },
  { type: 'transaction', category: 'sentry.transaction' },
  { type: 'error', category: 'exception' },
];

export function bigRawEvent(now = Date.parse('2025-03-14T15:09:26.535Z')): Record<string, unknown> {
  const prng = new Prng(13);
  const r = () => prng.next();
  const pick = <T>(a: readonly T[]): T => prng.pick(a);
  const int = (lo: number, hi: number) => prng.int(lo, hi);
  const word = () => pick(['order', 'cart', 'total', 'price', 'item', 'user', 'coupon', 'tax', 'shipping', 'currency', 'region', 'locale']);

  const varValue = (depth: number): unknown => {
    const k = int(0, depth > 1 ? 3 : 6);
    if (k === 0) return int(0, 100_000);
    if (k === 1) return `${word()}-${int(1000, 9999)} ${'lorem ipsum dolor sit amet '.repeat(int(2, 9))}`.trim();
    if (k === 2) return r() < 0.5 ? null : r() < 0.5;
    if (k === 3) return Array.from({ length: int(4, 14) }, () => `${word()}:${int(1, 999)}`);
    // nested objects
    return Object.fromEntries(Array.from({ length: int(3, 9) }, (_, i) => [`${word()}${i}`, depth < 3 ? varValue(depth + 1) : int(0, 99)]));
  };
  const frameVars = (i: number) => {
    const n = int(6, 20);
    const vars: Record<string, unknown> = {};
    for (let j = 0; j < n; j++) vars[`${word()}_${j}`] = varValue(0);
    if (i % 9 === 0) vars.password = 'correct horse battery staple';
    if (i % 13 === 0) vars.api_key = `sk_live_${'x'.repeat(24)}${i}`;
    return vars;
  };
  const frame = (i: number) => {
    const [file, inApp] = r() < 0.35 ? pick(FILES.slice(0, 4)) : pick(FILES);
    const lineNo = int(10, 900);
    return {
      function: pick(FUNCTIONS),
      module: file.replace(/\.[jt]sx?$/, ''),
      filename: file,
      absPath: `webpack:///./${file}`,
      lineNo,
      colNo: int(1, 80),
      inApp,
      context: Array.from({ length: 11 }, (_, k) => [lineNo - 5 + k, `${'  '.repeat(int(0, 4))}const ${word()}${k} = ${word()}.${pick(FUNCTIONS)}(${word()}, ${int(0, 99)}); // ${word()}`]),
      vars: i % 10 === 7 ? null : frameVars(i),
      package: null,
      platform: null,
      instructionAddr: null,
      symbol: null,
      symbolAddr: null,
      trust: null,
      errors: null,
    };
  };
  // Raw Sentry order: frames oldest first (the crash frame last); chained values the cause first.
  let frameNo = 0;
  const exception = (type: string, value: string, count: number, handled: boolean) => ({
    type,
    value,
    module: null,
    threadId: null,
    mechanism: { type: handled ? 'generic' : 'onunhandledrejection', handled },
    stacktrace: { frames: Array.from({ length: count }, () => frame(frameNo++)), framesOmitted: null, registers: null, hasSystemFrames: true },
    rawStacktrace: null,
  });
  const values = [
    exception('FetchError', 'request to https://api.example.com/v2/prices?token=abc123secret failed, reason: socket hang up', 60, true),
    exception('PriceLookupError', 'Could not look up the price of item 4711 in EUR', 70, true),
    exception('TypeError', "Cannot read properties of undefined (reading 'total')", 70, false),
  ];

  // Oldest first, as recorded: each a little after the one before, the last just before the event.
  const gaps = Array.from({ length: 500 }, () => int(20, 2500));
  let t = now - gaps.reduce((a, b) => a + b, 0);
  const crumbs = Array.from({ length: 500 }, (_, i) => {
    const kind = pick(CRUMB_KINDS);
    const level = pick(LEVELS);
    t += gaps[i];
    const ts = new Date(t - 1).toISOString();
    let data: Record<string, unknown> | null = null;
    let message: string | null = null;
    if (kind.type === 'http') data = { method: pick(['GET', 'POST', 'PUT']), url: `/api/${word()}s/${int(1, 9999)}`, status_code: pick([200, 200, 201, 304, 404, 500]) };
    else if (kind.type === 'navigation') data = { from: `/${word()}`, to: `/${word()}/${int(1, 99)}` };
    else if (kind.type === 'query') message = `SELECT * FROM ${word()}s WHERE id = ${int(1, 9999)} AND ${word()}_id IN (${int(1, 99)}, ${int(1, 99)})`;
    else if (kind.type === 'ui') message = `div#app > main.${word()} > button.${word()}-submit[aria-label="${word()}"]`;
    else if (kind.type === 'user') data = { user: `user${int(1, 500)}@example.com`, authorization: `Bearer eyJ${'s'.repeat(20)}${i}` };
    else if (kind.category === 'redux.action') data = { type: `${word()}/${pick(['set', 'add', 'remove'])}`, payload: varValue(1) };
    else message = `${pick(['Loaded', 'Saved', 'Computed', 'Retrying', 'Failed to load'])} ${word()} ${int(1, 999)} in ${int(1, 900)} ms`;
    return { timestamp: ts, type: kind.type, category: kind.category, level, message, data, event_id: null };
  });

  const headers: [string, string][] = [
    ['Accept', 'application/json, text/plain, */*'],
    ['Accept-Language', 'en-US,en;q=0.9,de;q=0.8'],
    ['Authorization', 'Bearer secret-eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2VuLXBheWxvYWQ.abc123'],
    ['Content-Type', 'application/json'],
    ['Cookie', 'session=5f2b9c1e7a; csrftoken=Qw3rTy; theme=dark'],
    ['Host', 'shop.example.com'],
    ['Referer', 'https://shop.example.com/cart?step=2'],
    ['User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'],
    ['X-Api-Key', 'ak_live_0123456789abcdef'],
    ['X-Request-Id', 'b6a1c9d2-77e1-4a0b-9c3f-2e9b5a7c1d44'],
  ];

  return {
    id: '9000000000',
    groupID: '4800000007',
    eventID: '0123456789abcdef0123456789abcdef',
    projectID: '4501',
    size: 2_000_000,
    dist: 'web-42',
    release: { version: 'web@1.5.0+build.42', shortVersion: 'web@1.5.0' },
    environment: 'production',
    previousEventID: '0123456789abcdef0123456789abcdee',
    nextEventID: null,
    message: '',
    title: "TypeError: Cannot read properties of undefined (reading 'total')",
    location: 'src/app/checkout.ts',
    culprit: 'computeTotal(src/app/checkout)',
    platform: 'javascript',
    type: 'error',
    dateCreated: new Date(now).toISOString(),
    dateReceived: new Date(now + 330).toISOString(),
    metadata: { type: 'TypeError', value: "Cannot read properties of undefined (reading 'total')", filename: 'src/app/checkout.ts', function: 'computeTotal' },
    tags: [
      { key: 'browser', value: 'Chrome 126.0.0' },
      { key: 'browser.name', value: 'Chrome' },
      { key: 'environment', value: 'production' },
      { key: 'handled', value: 'no' },
      { key: 'level', value: 'error' },
      { key: 'mechanism', value: 'onunhandledrejection' },
      { key: 'os.name', value: 'Windows' },
      { key: 'release', value: 'web@1.5.0+build.42' },
      { key: 'transaction', value: '/checkout' },
      { key: 'url', value: 'https://shop.example.com/checkout' },
      { key: 'user', value: 'email:ada@example.com' },
    ],
    user: {
      id: '550747',
      email: 'ada@example.com',
      username: 'ada',
      ip_address: '192.168.1.1',
      name: 'Ada Lovelace',
      geo: { country_code: 'GB', city: 'London', region: 'England' },
      data: { plan: 'business', isStaff: false },
    },
    sdk: { name: 'sentry.javascript.react', version: '8.13.0' },
    contexts: {
      browser: { name: 'Chrome', version: '126.0.0', type: 'browser' },
      os: { name: 'Windows', version: '10', type: 'os' },
      device: { family: 'Desktop', model: 'Unknown', brand: 'Unknown', type: 'device' },
      runtime: { name: 'V8', version: '12.6', type: 'runtime' },
      app: { app_start_time: new Date(now - 3_600_000).toISOString(), app_memory: 183_500_800, type: 'app' },
      trace: { trace_id: 'da6caabcd90e45fdb81f6655824a5f88', span_id: '83db1ad17e67dfe7', op: 'navigation', status: 'internal_error', type: 'trace' },
      PriceLookupError: { status: 503, statusText: 'Service Unavailable', responseJSON: { detail: 'Pricing is down for maintenance.' }, type: 'default' },
    },
    context: {
      cartId: 'c-88231',
      featureFlags: { newCheckout: true, fastPricing: false, experiments: ['a1', 'b7', 'c3'] },
      itemCount: 14,
      session_token: 'st_live_abcdef0123456789',
      lastPrices: Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${1000 + i}`, price: (i * 7.31).toFixed(2), currency: 'EUR' })),
    },
    entries: [
      { type: 'exception', data: { values, excOmitted: null, hasSystemFrames: true } },
      { type: 'breadcrumbs', data: { values: crumbs } },
      {
        type: 'request',
        data: {
          method: 'POST',
          url: 'https://shop.example.com/api/checkout?step=confirm&access_token=abc123secret',
          fragment: null,
          query: [
            ['step', 'confirm'],
            ['access_token', 'abc123secret'],
            ['currency', 'EUR'],
          ],
          headers,
          cookies: [
            ['session', '5f2b9c1e7a'],
            ['csrftoken', 'Qw3rTy'],
            ['theme', 'dark'],
          ],
          data: { cartId: 'c-88231', coupon: 'SPRING25', password: 'hunter2', items: Array.from({ length: 14 }, (_, i) => ({ sku: `SKU-${1000 + i}`, qty: (i % 3) + 1 })) },
          env: { REMOTE_ADDR: '192.168.1.1', SERVER_NAME: 'web-2' },
          inferredContentType: 'application/json',
        },
      },
      {
        type: 'debugmeta',
        data: { images: Array.from({ length: 3 }, (_, i) => ({ type: 'sourcemap', code_file: `https://shop.example.com/static/js/main.${i}.js`, debug_id: `d${i}`.padEnd(32, '0') })) },
      },
    ],
    fingerprints: ['3a2b1c'],
    errors: [],
    _meta: {},
  };
}

if (require.main === module) {
  const json = JSON.stringify(bigRawEvent());
  process.stdout.write(`${json.length.toLocaleString('en')} characters\n`);
}
