import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASK, isMasked, type DetailPair, type DetailValue, type EventDetail } from '../../../../src/model/event/types';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { TOO_DEEP } from '../../../../src/util/boundedJson';
import { nested } from '../../builders';

const fixture = () => JSON.parse(readFileSync(join(__dirname, '../../../fixtures/issue-event.json'), 'utf8')) as Record<string, unknown>;
const parse = (raw: unknown) => parseEventDetail(raw, '42');
/** An event with these entries and top-level fields. */
const event = (entries: unknown, extra: Record<string, unknown> = {}) => parse({ id: 'e1', eventID: 'e1', title: 't', entries, ...extra });
const only = (type: string, data: unknown) => event([{ type, data }]);
const pair = (pairs: DetailPair[] | undefined, key: string): DetailValue | undefined => pairs?.find((p) => p.key === key)?.value;

/** A masked value: its shown form, and its text in the secrets table. */
function assertSecret(v: DetailValue | undefined, secrets: string[], text: string, shown = MASK): void {
  assert.ok(isMasked(v), `expected a masked value, got ${JSON.stringify(v)}`);
  assert.equal(v.shown, shown);
  assert.equal(secrets[v.secret], text);
}

const frame = (name: string, extra: Record<string, unknown> = {}) => ({ function: name, filename: `${name}.ts`, lineNo: 10, colNo: 2, inApp: true, ...extra });

describe('model/event/parse: the real payload', () => {
  const { detail, secrets } = parseEventDetail(fixture(), '1341191803');

  it('keeps the top-level fields', () => {
    assert.equal(detail.issueId, '1341191803');
    assert.equal(detail.id, '9999aaafcc8b46d797c23c6077c6ff01');
    assert.equal(detail.eventID, '9999aaaaca8b46d797c23c6077c6ff01');
    assert.equal(detail.projectID, '5236886');
    assert.equal(detail.title, 'This is an example Python exception');
    assert.equal(detail.message, undefined, 'an empty message is left out');
    assert.equal(detail.platform, 'javascript');
    assert.equal(detail.type, 'error');
    assert.equal(detail.location, 'example.py:123');
    assert.equal(detail.culprit, '/books/new/');
    assert.equal(detail.dateCreated, '2020-06-17T22:26:56.098086Z');
    assert.equal(detail.dateReceived, '2020-06-17T22:26:56.428721Z');
    assert.equal(detail.release, 'b65bc521378269d3eaefdc964f8ef56621414943', 'the release object as its version');
    assert.equal(detail.dist, undefined);
    assert.equal(detail.environment, 'prod', 'from the environment tag');
    assert.equal(detail.previousEventID, undefined);
    assert.equal(detail.nextEventID, '99f9e199e9a74a14bfef6196ad741619');
    assert.deepEqual(detail.sdk, { name: 'sentry.javascript.browser', version: '5.17.0' });
    assert.equal(detail.tags.length, 6);
    assert.deepEqual(detail.tags[0], { key: 'browser', value: 'Chrome 83.0.4103' });
    assert.equal(detail.maskedCount, 0);
    assert.deepEqual(secrets, []);
    assert.equal(detail.trimmed, true, 'the extra data `resp` (a stack trace) is longer than a value may be');
    assert.equal((detail.extra[0].value as string).length, 2000);
  });

  it('reads the exception with its frames newest first', () => {
    assert.equal(detail.exceptions.length, 1);
    const [x] = detail.exceptions;
    assert.equal(x.type, 'ForbiddenError');
    assert.equal(x.value, 'GET /organizations/hellboy-meowmeow/users/ 403');
    assert.deepEqual(x.mechanism, { type: 'generic', handled: true });
    assert.equal(x.threadId, undefined);
    assert.deepEqual(
      x.frames.map((f) => f.function),
      ['apply', 'ignoreOnError'],
      'the server sends the crash frame last',
    );
    const [top] = x.frames;
    assert.equal(top.lineNo, 74);
    assert.equal(top.colNo, 24);
    assert.equal(top.inApp, false);
    assert.equal(top.absPath, 'webpack:////usr/src/getsentry/src/sentry/node_modules/reflux-core/lib/PublisherMethods.js');
    assert.equal(top.filename, '/usr/src/getsentry/src/sentry/node_modules/reflux-core/lib/PublisherMethods.js');
    assert.equal(top.context?.length, 11);
    assert.deepEqual(top.context?.[5], [74, '            me.trigger.apply(me, args);']);
    assert.equal(top.vars, undefined);
  });

  it('reads the breadcrumbs, the request, the contexts, the user and the extra data', () => {
    assert.equal(detail.breadcrumbs.length, 3);
    assert.deepEqual(detail.breadcrumbs[0], {
      type: 'debug',
      level: 'debug',
      timestamp: '2020-06-17T22:26:55.266586Z',
      category: 'tracing',
      message: '[Tracing] pushActivity: idleTransactionStarted#1',
    });
    assert.deepEqual(detail.breadcrumbs[1].data, [
      { key: 'url', value: '/api/0/internal/health/' },
      { key: 'status_code', value: '200' },
      { key: 'method', value: 'GET' },
    ]);
    assert.equal(detail.breadcrumbs[1].message, undefined);
    assert.deepEqual(detail.request, {
      url: 'https://sentry.io/organizations/hellboy-meowmeow/issues/',
      query: [{ key: 'project', value: '5236886' }],
      headers: [{ key: 'User-Agent', value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/83.0.4103.97 Safari/537.36' }],
      cookies: [],
      env: [],
    });
    assert.deepEqual(
      detail.contexts.map((c) => [c.key, c.type]),
      [
        ['ForbiddenError', 'default'],
        ['browser', 'browser'],
        ['os', 'os'],
        ['trace', 'trace'],
        ['organization', 'default'],
      ],
    );
    assert.deepEqual(detail.contexts[1].pairs, [
      { key: 'version', value: '83.0.4103' },
      { key: 'name', value: 'Chrome' },
    ]);
    assert.equal(pair(detail.contexts[0].pairs, 'responseJSON'), '{"detail":"You do not have permission to perform this action."}');
    assert.deepEqual(detail.user, [
      { key: 'id', value: '550747' },
      { key: 'email', value: 'hell@boy.cat' },
      { key: 'ip_address', value: '192.168.1.1' },
      { key: 'name', value: 'Hell Boy' },
      { key: 'data.isStaff', value: 'false' },
    ]);
    assert.deepEqual(
      detail.extra.map((p) => p.key),
      ['resp'],
    );
    assert.match(detail.extra[0].value as string, /^\{"status":403,.*"stack":"Error\\n {4}at https:/);
    assert.deepEqual(detail.threads, []);
    assert.deepEqual(detail.otherEntries, []);
    assert.equal(detail.messageEntry, undefined);
  });
});

describe('model/event/parse: tolerant of any shape', () => {
  it('throws a TypeError only when the answer is not an object', () => {
    for (const raw of [null, undefined, 42, 'event', [], [{ id: 'x' }]]) assert.throws(() => parse(raw), TypeError);
  });

  it('an empty object is an empty detail', () => {
    const { detail, secrets } = parse({});
    assert.deepEqual(detail, { issueId: '42', id: '', eventID: '', title: '', exceptions: [], threads: [], breadcrumbs: [], contexts: [], tags: [], extra: [], otherEntries: [], maskedCount: 0 });
    assert.deepEqual(secrets, []);
  });

  it('entries that are not a list, or entries that are not objects, are nothing', () => {
    for (const entries of [null, 'x', 42, {}, { type: 'exception' }]) assert.deepEqual(event(entries).detail.exceptions, []);
    const { detail } = event([null, 1, 'a', [], { type: 'exception', data: { values: [{ type: 'E' }] } }]);
    assert.deepEqual(detail.exceptions, [{ type: 'E', frames: [] }]);
    assert.deepEqual(detail.otherEntries, []);
  });

  it('known entries whose data is null, or whose values are not a list, are empty', () => {
    for (const data of [null, undefined, 'x', 42, { values: null }, { values: {} }, { values: 'abc' }]) {
      assert.deepEqual(only('exception', data).detail.exceptions, []);
      assert.deepEqual(only('breadcrumbs', data).detail.breadcrumbs, []);
      assert.deepEqual(only('threads', data).detail.threads, []);
    }
    assert.equal(only('request', null).detail.request, undefined);
    assert.equal(only('request', 'GET /').detail.request, undefined);
    assert.equal(only('message', null).detail.messageEntry, undefined);
    assert.equal(only('message', {}).detail.messageEntry, undefined);
  });

  it('exceptions: values and frames of the wrong type are left out, fields of the wrong type too', () => {
    const { detail } = only('exception', {
      values: [
        null,
        'E',
        {
          type: 42,
          value: null,
          module: {},
          mechanism: { type: 'onerror', handled: 'no', synthetic: true, description: 7 },
          threadId: 5,
          stacktrace: { frames: [null, 'f', { function: 'f', lineNo: '12', colNo: null, inApp: 'yes', context: 'code', vars: 'x' }] },
        },
        { type: 'NoFrames', stacktrace: null },
        { type: 'FramesNull', stacktrace: { frames: null } },
        { type: 'Raw', rawStacktrace: { frames: [frame('minified')] } },
      ],
    });
    assert.deepEqual(detail.exceptions, [
      { type: 'Raw', frames: [frame('minified')] },
      { type: 'FramesNull', frames: [] },
      { type: 'NoFrames', frames: [] },
      { type: '42', mechanism: { type: 'onerror', synthetic: true, description: '7' }, threadId: '5', frames: [{ function: 'f' }] },
    ]);
  });

  it('frames: snake_case fields, context cut around the line, malformed context lines left out', () => {
    const context = Array.from({ length: 40 }, (_, i) => [i + 1, `line ${i + 1}`]);
    const { detail } = only('exception', {
      values: [
        { type: 'E', stacktrace: { frames: [{ function: 'f', abs_path: '/srv/app/f.py', lineno: 30, colno: 4, in_app: false, package: 'app', context: [...context, null, ['x', 'y'], [41]] }] } },
      ],
    });
    const [f] = detail.exceptions[0].frames;
    assert.equal(f.absPath, '/srv/app/f.py');
    assert.equal(f.lineNo, 30);
    assert.equal(f.colNo, 4);
    assert.equal(f.inApp, false);
    assert.equal(f.package, 'app');
    assert.equal(f.context?.length, 15);
    assert.deepEqual(f.context?.[0], [23, 'line 23']);
    assert.deepEqual(f.context?.[7], [30, 'line 30'], 'the frame line in the middle');
    assert.equal(detail.trimmed, true);
  });

  it('the chain is reversed: the last raised first, its cause after it', () => {
    const { detail } = only('exception', { values: [{ type: 'RootCause' }, { type: 'Middle' }, { type: 'FinallyRaised' }] });
    assert.deepEqual(
      detail.exceptions.map((x) => x.type),
      ['FinallyRaised', 'Middle', 'RootCause'],
    );
  });

  it('in-app and system frames keep their flag; a frame without it has none', () => {
    const { detail } = only('exception', { values: [{ stacktrace: { frames: [frame('lib', { inApp: false }), frame('app'), frame('unknown', { inApp: undefined })] } }] });
    assert.deepEqual(
      detail.exceptions[0].frames.map((f) => [f.function, f.inApp]),
      [
        ['unknown', undefined],
        ['app', true],
        ['lib', false],
      ],
    );
  });

  it('frame variables: strings as they are, other values as JSON, secret names masked and revealable', () => {
    const { detail, secrets } = only('exception', {
      values: [
        {
          stacktrace: {
            frames: [frame('f', { vars: { name: "'bob'", n: 3, ok: true, nothing: null, list: [1, 'a'], obj: { a: { b: 1 }, password: 'p1' }, password: "'hunter2'", apiKey: { k: 'v' } } })],
          },
        },
      ],
    });
    const vars = detail.exceptions[0].frames[0].vars;
    assert.equal(pair(vars, 'name'), "'bob'");
    assert.equal(pair(vars, 'n'), '3');
    assert.equal(pair(vars, 'ok'), 'true');
    assert.equal(pair(vars, 'nothing'), 'null');
    assert.equal(pair(vars, 'list'), '[1,"a"]');
    assert.equal(pair(vars, 'obj'), `{"a":{"b":1},"password":"${MASK}"}`);
    assertSecret(pair(vars, 'password'), secrets, "'hunter2'");
    assertSecret(pair(vars, 'apiKey'), secrets, '{"k":"v"}');
    assert.equal(detail.maskedCount, 3);
  });

  it('breadcrumbs: numeric timestamps as ISO, defaults for type and level, data masked', () => {
    const { detail, secrets } = only('breadcrumbs', {
      values: [
        { timestamp: 1718000000.5, message: 'GET /x?token=abc', data: { url: 'https://api.example/x?token=abc&page=2', password: 'p', status: 200 } },
        { timestamp: 'not a date', type: null, level: 5, category: 'ui.click' },
        { timestamp: Number.MAX_VALUE },
        { timestamp: Number.NaN, data: 'x' },
        null,
        'crumb',
      ],
    });
    assert.equal(detail.breadcrumbs.length, 4);
    const [a, b, c, d] = detail.breadcrumbs;
    assert.equal(a.timestamp, '2024-06-10T06:13:20.500Z');
    assert.equal(a.type, 'default');
    assert.equal(a.level, 'info');
    assert.equal(a.message, `GET /x?token=${MASK}`);
    assert.equal(pair(a.data, 'url'), `https://api.example/x?token=${MASK}&page=2`);
    assertSecret(pair(a.data, 'password'), secrets, 'p');
    assert.equal(pair(a.data, 'status'), '200');
    assert.deepEqual(b, { type: 'default', level: '5', timestamp: 'not a date', category: 'ui.click' });
    assert.deepEqual(c, { type: 'default', level: 'info' });
    assert.deepEqual(d, { type: 'default', level: 'info' });
  });

  it('request: headers as an object, the Authorization scheme kept, the Cookie header masked whole', () => {
    const { detail, secrets } = only('request', {
      method: 'POST',
      url: 'https://u:pw@api.example/login?token=abc',
      fragment: 'access_token=xyz',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer abc.def.ghi', Cookie: 'sid=1; theme=dark', Referer: 'https://x.example/?api_key=k1', 'X-Count': 3 },
    });
    const r = detail.request!;
    assert.equal(r.method, 'POST');
    assert.equal(r.url, `https://u:${MASK}@api.example/login?token=${MASK}`);
    assert.equal(r.fragment, `access_token=${MASK}`);
    assert.equal(pair(r.headers, 'Content-Type'), 'application/json');
    assertSecret(pair(r.headers, 'Authorization'), secrets, 'Bearer abc.def.ghi', `Bearer ${MASK}`);
    assertSecret(pair(r.headers, 'Cookie'), secrets, 'sid=1; theme=dark');
    assert.equal(pair(r.headers, 'Referer'), `https://x.example/?api_key=${MASK}`);
    assert.equal(pair(r.headers, 'X-Count'), '3');
  });

  it('request: cookies as pairs, as a string or as an object, every value masked and revealable', () => {
    const expected = (detail: EventDetail, secrets: string[]) => {
      const cookies = detail.request!.cookies;
      assert.deepEqual(
        cookies.map((c) => c.key),
        ['sid', 'theme'],
      );
      assertSecret(cookies[0].value, secrets, 'abc123');
      assertSecret(cookies[1].value, secrets, 'dark');
    };
    for (const cookies of [
      [
        ['sid', 'abc123'],
        ['theme', 'dark'],
      ],
      'sid=abc123; theme=dark',
      { sid: 'abc123', theme: 'dark' },
    ]) {
      const { detail, secrets } = only('request', { cookies });
      expected(detail, secrets);
    }
    assert.deepEqual(only('request', { cookies: null }).detail.request!.cookies, []);
    assert.deepEqual(only('request', { cookies: 42 }).detail.request!.cookies, []);
  });

  it('request: the query as pairs, as a string or as an object, secret names masked', () => {
    for (const query of [
      [
        ['page', '2'],
        ['token', 'abc'],
        ['q', 'a b'],
      ],
      '?page=2&token=abc&q=a+b',
      'page=2&token=abc&q=a%20b',
      { page: '2', token: 'abc', q: 'a b' },
    ]) {
      const { detail, secrets } = only('request', { query });
      const q = detail.request!.query;
      assert.equal(pair(q, 'page'), '2');
      assertSecret(pair(q, 'token'), secrets, 'abc');
      assert.equal(pair(q, 'q'), 'a b');
    }
    assert.deepEqual(only('request', { query: '%E0%A4%A=1&&x' }).detail.request!.query, [
      { key: '%E0%A4%A', value: '1' },
      { key: 'x', value: '' },
    ]);
  });

  it('request: a body as an object, as JSON text, as a form, or as text', () => {
    const body = (data: unknown) => only('request', { data });
    const obj = body({ user: 'bob', password: 'p', nested: { token: 't', n: 1 } });
    assert.deepEqual(obj.detail.request!.body, {
      pairs: [
        { key: 'user', value: 'bob' },
        { key: 'password', value: { masked: true, shown: MASK, secret: 0 } },
        { key: 'nested', value: `{"token":"${MASK}","n":1}` },
      ],
    });
    assert.deepEqual(obj.secrets, ['p']);
    const json = body('{"user":"bob","password":"p"}');
    assert.equal(pair((json.detail.request!.body as { pairs: DetailPair[] }).pairs, 'user'), 'bob');
    assertSecret(pair((json.detail.request!.body as { pairs: DetailPair[] }).pairs, 'password'), json.secrets, 'p');
    const form = body('user=bob&password=p%21');
    assertSecret(pair((form.detail.request!.body as { pairs: DetailPair[] }).pairs, 'password'), form.secrets, 'p!');
    assert.deepEqual(body('log in with Bearer abcdef123456 please').detail.request!.body, { text: `log in with Bearer ${MASK} please` });
    assert.deepEqual(body('{not json').detail.request!.body, { text: '{not json' });
    assert.deepEqual(body([1, { password: 'x' }]).detail.request!.body, { text: `[1,{"password":"${MASK}"}]` });
    assert.deepEqual(body(12).detail.request!.body, { text: '12' });
    assert.equal(body(null).detail.request!.body, undefined);
    assert.equal(body('').detail.request!.body, undefined);
  });

  it('request: env as pairs or an object, masked by name', () => {
    const { detail, secrets } = only('request', { env: { REMOTE_ADDR: '10.0.0.1', SECRET_KEY: 'django-insecure' } });
    assert.equal(pair(detail.request!.env, 'REMOTE_ADDR'), '10.0.0.1');
    assertSecret(pair(detail.request!.env, 'SECRET_KEY'), secrets, 'django-insecure');
  });

  it('message entry: formatted, else message; params as text', () => {
    assert.deepEqual(only('message', { formatted: 'Hello token=abc', params: ['a', 2, { password: 'x' }] }).detail.messageEntry, {
      formatted: `Hello token=${MASK}`,
      params: ['a', '2', `{"password":"${MASK}"}`],
    });
    assert.deepEqual(only('message', { formatted: '', message: 'raw %s', params: 'x' }).detail.messageEntry, { formatted: 'raw %s' });
  });

  it('threads: kept only when there is no exception entry', () => {
    const threads = { type: 'threads', data: { values: [{ id: 1, name: 'main', crashed: true, current: 'yes', stacktrace: { frames: [frame('a'), frame('b')] } }, null, { id: 'w2' }] } };
    const { detail } = event([threads]);
    assert.deepEqual(detail.threads, [
      { id: '1', name: 'main', crashed: true, frames: [frame('b'), frame('a')] },
      { id: 'w2', frames: [] },
    ]);
    assert.deepEqual(event([threads, { type: 'exception', data: { values: [{ type: 'E' }] } }]).detail.threads, []);
  });

  it("threads' frame variables feed the secrets table even when the exception hides the threads", () => {
    const threads = { type: 'threads', data: { values: [{ id: 1, crashed: true, stacktrace: { frames: [frame('a', { vars: { password: 'hunter2-thread-secret', n: 1 } })] } }] } };
    const exception = { type: 'exception', data: { values: [{ type: 'E', stacktrace: { frames: [frame('b', { vars: { api_key: 'exception-frame-secret' } })] } }] } };
    const { detail, secrets } = event([exception, threads]);
    assert.deepEqual(detail.threads, [], 'still not shown: they repeat the exception');
    assert.ok(secrets.includes('hunter2-thread-secret'), `a server rendering that quotes it is scrubbed by value: ${JSON.stringify(secrets)}`);
    assert.ok(secrets.includes('exception-frame-secret'));
    assert.equal(detail.maskedCount, 1, 'a value not shown is not counted as masked on the page');
    assert.equal(detail.trimmed, undefined);
  });

  it('an entry of an unknown type (or a second one of a known type) is listed with its masked JSON', () => {
    const { detail } = event([
      { type: 'spans', data: [{ op: 'db', description: 'SELECT 1', data: { password: 'x' } }] },
      { type: 'message', data: { formatted: 'first' } },
      { type: 'message', data: { formatted: 'second' } },
    ]);
    assert.deepEqual(detail.messageEntry, { formatted: 'first' });
    assert.deepEqual(detail.otherEntries, [
      { type: 'spans', json: `[{"op":"db","description":"SELECT 1","data":{"password":"${MASK}"}}]` },
      { type: 'message', json: '{"formatted":"second"}' },
    ]);
  });

  it('contexts: null, non-objects and nested values', () => {
    assert.deepEqual(parse({ contexts: null }).detail.contexts, []);
    assert.deepEqual(parse({ contexts: 'x' }).detail.contexts, []);
    const { detail, secrets } = parse({ contexts: { os: 'Linux', app: { type: 'app', app_name: 'shop', build: { n: 1 }, auth_token: 't' }, empty: {} } });
    assert.deepEqual(
      detail.contexts.map((c) => c.key),
      ['app', 'empty'],
    );
    const app = detail.contexts[0];
    assert.equal(app.type, 'app');
    assert.equal(pair(app.pairs, 'app_name'), 'shop');
    assert.equal(pair(app.pairs, 'build'), '{"n":1}');
    assert.equal(pair(app.pairs, 'type'), undefined, 'type is the context type, not a row');
    assertSecret(pair(app.pairs, 'auth_token'), secrets, 't');
  });

  it('user: null, or its fields with geo.* and data.* flattened and masked', () => {
    assert.equal(parse({ user: null }).detail.user, undefined);
    assert.equal(parse({ user: {} }).detail.user, undefined);
    const { detail, secrets } = parse({ user: { id: 7, username: null, geo: { city: 'Oslo', country_code: 'NO' }, data: { plan: 'pro', session: 's1' }, segment: 'a' } });
    assert.deepEqual(detail.user?.slice(0, 4), [
      { key: 'id', value: '7' },
      { key: 'geo.city', value: 'Oslo' },
      { key: 'geo.country_code', value: 'NO' },
      { key: 'data.plan', value: 'pro' },
    ]);
    assertSecret(pair(detail.user, 'data.session'), secrets, 's1');
    assert.equal(pair(detail.user, 'segment'), 'a');
  });

  it('release as a string, an object, a number or null', () => {
    assert.equal(parse({ release: 'web@1.2.3' }).detail.release, 'web@1.2.3');
    assert.equal(parse({ release: { version: 'web@2', shortVersion: '2' } }).detail.release, 'web@2');
    assert.equal(parse({ release: { shortVersion: '3' } }).detail.release, '3');
    assert.equal(parse({ release: 4 }).detail.release, '4');
    assert.equal(parse({ release: null }).detail.release, undefined);
    assert.equal(parse({ release: {} }).detail.release, undefined);
  });

  it('environment from the top level first, then the tag; ids of the wrong type left out; the event type from event.type', () => {
    const { detail } = parse({ environment: 'staging', tags: [{ key: 'environment', value: 'prod' }], previousEventID: 12, nextEventID: null, 'event.type': 'default' });
    assert.equal(detail.environment, 'staging');
    assert.equal(detail.previousEventID, undefined);
    assert.equal(detail.nextEventID, undefined);
    assert.equal(detail.type, 'default');
    assert.equal(parse({ id: 7, eventID: undefined }).detail.eventID, '7');
  });

  it('tags: malformed ones left out, values as text, secret-named values masked', () => {
    const { detail } = parse({
      tags: [
        null,
        { key: null, value: 'x' },
        { key: 'n', value: 3 },
        { key: 'b', value: false },
        { key: 'v', value: null },
        { key: 'session', value: 's' },
        { key: 'url', value: 'https://x/?token=t' },
      ],
    });
    assert.deepEqual(detail.tags, [
      { key: 'n', value: '3' },
      { key: 'b', value: 'false' },
      { key: 'v', value: '' },
      { key: 'session', value: MASK },
      { key: 'url', value: `https://x/?token=${MASK}` },
    ]);
  });

  it('extra (the event context) as pairs, masked', () => {
    const { detail, secrets } = parse({ context: { sql: 'SELECT 1', DATABASE_URL: 'postgres://u:p@db/x', config: { stripe_secret: 'sk', n: 1 } } });
    assert.equal(pair(detail.extra, 'sql'), 'SELECT 1');
    assert.equal(pair(detail.extra, 'DATABASE_URL'), `postgres://u:${MASK}@db/x`);
    assert.equal(pair(detail.extra, 'config'), `{"stripe_secret":"${MASK}","n":1}`);
    assert.deepEqual(secrets, []);
    assert.equal(detail.maskedCount, 2);
  });

  it('survives 20,000 levels of nesting and megabytes of text, within bounds', () => {
    const { detail } = event(
      [{ type: 'exception', data: { values: [{ type: 'E', value: 'v'.repeat(5_000_000), stacktrace: { frames: [frame('f', { vars: { deep: nested(20_000), big: 'b'.repeat(5_000_000) } })] } }] } }],
      {
        title: 't'.repeat(100_000),
      },
    );
    assert.equal(detail.title.length, 8192);
    assert.equal(detail.exceptions[0].value!.length, 8192);
    const vars = detail.exceptions[0].frames[0].vars!;
    assert.ok((pair(vars, 'deep') as string).includes(TOO_DEEP));
    assert.equal((pair(vars, 'big') as string).length, 2000);
    assert.equal(detail.trimmed, true);
  });
});

describe('model/event/parse: secrets never reach the detail', () => {
  it('every secret is in the table and nowhere in the detail', () => {
    const secretsIn = {
      header: 'hdr-S3CRET-1',
      cookie: 'ck-S3CRET-2',
      query: 'q-S3CRET-3',
      body: 'bd-S3CRET-4',
      varValue: 'var-S3CRET-5',
      crumb: 'crumb-S3CRET-6',
      extra: 'extra-S3CRET-7',
      user: 'user-S3CRET-8',
      context: 'ctx-S3CRET-9',
      env: 'env-S3CRET-10',
    };
    const inText = ['txt-S3CRET-11', 'txt-S3CRET-12', 'txt-S3CRET-13', 'txt-S3CRET-14'];
    const raw = {
      id: 'e',
      title: `Failed with Bearer ${inText[0]}`,
      message: `token=${inText[1]}`,
      entries: [
        {
          type: 'exception',
          data: { values: [{ type: 'E', value: `"password": "${inText[2]}"`, stacktrace: { frames: [frame('f', { vars: { password: secretsIn.varValue, nested: { api_key: inText[3] } } })] } }] },
        },
        { type: 'breadcrumbs', data: { values: [{ data: { session: secretsIn.crumb } }] } },
        {
          type: 'request',
          data: {
            headers: [['Authorization', `Bearer ${secretsIn.header}`]],
            cookies: { sid: secretsIn.cookie },
            query: [['token', secretsIn.query]],
            data: { password: secretsIn.body },
            env: { DB_PASSWORD: secretsIn.env },
          },
        },
      ],
      context: { secret: secretsIn.extra },
      user: { data: { auth: secretsIn.user } },
      contexts: { app: { token: secretsIn.context } },
    };
    const { detail, secrets } = parse(raw);
    const json = JSON.stringify(detail);
    for (const s of [...Object.values(secretsIn), ...inText]) assert.ok(!json.includes(s), `${s} reached the detail`);
    for (const s of Object.values(secretsIn))
      assert.ok(
        secrets.some((t) => t.includes(s)),
        `${s} is revealable`,
      );
    for (const s of inText) assert.ok(!secrets.some((t) => t.includes(s)), `${s} (in free text) is not revealable`);
    assert.equal(detail.maskedCount, Object.keys(secretsIn).length + inText.length);
  });

  it('the same secret twice is one entry of the table', () => {
    const { detail, secrets } = only('request', { headers: { Cookie: 'sid=1' }, env: { HTTP_COOKIE: 'sid=1' } });
    assert.deepEqual(secrets, ['sid=1']);
    assert.equal(detail.maskedCount, 2);
  });
});

describe('model/event/parse: bounds', () => {
  it('1,500 breadcrumbs: the last 1,000 are kept', () => {
    const values = Array.from({ length: 1500 }, (_, i) => ({ message: `crumb ${i}` }));
    const { detail } = only('breadcrumbs', { values });
    assert.equal(detail.breadcrumbs.length, 1000);
    assert.equal(detail.breadcrumbs[0].message, 'crumb 500');
    assert.equal(detail.breadcrumbs[999].message, 'crumb 1499');
    assert.equal(detail.breadcrumbsOmitted, 500);
    assert.equal(detail.trimmed, true);
  });

  it('frames, exceptions, variables, tags and pairs are bounded', () => {
    const frames = Array.from({ length: 700 }, (_, i) => frame(`f${i}`));
    const vars = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`v${i}`, i]));
    const values = [...Array.from({ length: 24 }, (_, i) => ({ type: `Cause${i}` })), { type: 'Top', stacktrace: { frames: [...frames.slice(0, -1), frame('crash', { vars })] } }];
    const { detail } = event([{ type: 'exception', data: { values } }], {
      tags: Array.from({ length: 150 }, (_, i) => ({ key: `k${i}`, value: 'v' })),
      context: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`x${i}`, i])),
    });
    assert.equal(detail.exceptions.length, 20);
    assert.equal(detail.exceptions[0].type, 'Top');
    assert.equal(detail.exceptions[19].type, 'Cause5', 'the oldest causes are the ones left out');
    const top = detail.exceptions[0];
    assert.equal(top.frames.length, 500);
    assert.equal(top.framesOmitted, 200);
    assert.equal(top.frames[0].function, 'crash', 'the newest frames are kept');
    assert.equal(top.frames[499].function, 'f200');
    assert.equal(top.frames[0].vars?.length, 200);
    assert.equal(detail.tags.length, 100);
    assert.equal(detail.extra.length, 200);
    assert.equal(detail.trimmed, true);
  });

  it('a 2 MB event (500 breadcrumbs, 3 chained exceptions, 200 frames with variables) is parsed whole', () => {
    const raw = bigEvent();
    const size = JSON.stringify(raw).length;
    assert.ok(size > 2_000_000, `${size} characters`);
    const started = performance.now();
    const { detail, secrets } = parse(raw);
    const ms = performance.now() - started;
    console.log(`      (a ${(size / 1e6).toFixed(1)} MB event parsed in ${ms.toFixed(1)} ms)`);
    assert.equal(detail.exceptions.length, 3);
    assert.deepEqual(
      detail.exceptions.map((x) => x.type),
      ['Error2', 'Error1', 'Error0'],
    );
    assert.equal(
      detail.exceptions.reduce((n, x) => n + x.frames.length, 0),
      200,
    );
    assert.equal(detail.exceptions[0].frames[0].function, 'fn2_67', 'the crash frame first');
    assert.equal(detail.exceptions[0].frames[0].vars?.length, 12);
    assert.equal(detail.breadcrumbs.length, 500);
    assert.equal(detail.breadcrumbs[499].message, 'crumb 499: GET /api/items?page=499');
    assertSecret(pair(detail.request!.headers, 'Authorization'), secrets, 'Bearer big-event-token-123', `Bearer ${MASK}`);
    assert.ok(!JSON.stringify(detail).includes('big-event-token-123'));
    assert.ok(!JSON.stringify(detail).includes('var-secret-'));
    assert.equal(detail.trimmed, undefined, 'nothing of it is beyond the bounds');
  });
});

/** About 2 MB: 3 chained exceptions with 200 frames in all, 12 variables each, and 500 breadcrumbs. */
function bigEvent(): Record<string, unknown> {
  const lorem = 'lorem ipsum dolor sit amet consectetur adipiscing elit ';
  const vars = (i: number) => ({
    order: { id: i, items: Array.from({ length: 11 }, (_, k) => ({ sku: `SKU-${k}`, qty: k, price: k * 1.5, title: lorem.repeat(2) })) },
    user: { id: `u${i}`, email: `user${i}@example.com`, roles: ['admin', 'dev'] },
    total: i * 3.25,
    note: lorem.repeat(20),
    flags: { a: true, b: false, c: null },
    list: Array.from({ length: 20 }, (_, k) => `item:${k}`),
    password: `var-secret-${i}`,
    count: i,
    path: `/srv/app/src/module${i}.ts`,
    query: `SELECT * FROM orders WHERE id = ${i}`,
    depth: { a: { b: { c: { d: i } } } },
    text: lorem.repeat(20),
  });
  const context = (n: number) => Array.from({ length: 11 }, (_, k) => [n - 5 + k, `    const value${k} = compute(${k}); // ${lorem}`]);
  const frames = (e: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      function: `fn${e}_${i}`,
      module: `app.module${i}`,
      filename: `src/module${i}.ts`,
      absPath: `/srv/app/src/module${i}.ts`,
      lineNo: 100 + i,
      colNo: 7,
      inApp: i % 3 !== 0,
      context: context(100 + i),
      vars: vars(i),
    }));
  return {
    id: 'a'.repeat(32),
    eventID: 'a'.repeat(32),
    title: 'Error2: it broke',
    entries: [
      { type: 'exception', data: { values: [0, 1, 2].map((e) => ({ type: `Error${e}`, value: `failure ${e}`, stacktrace: { frames: frames(e, e === 2 ? 68 : 66) } })) } },
      {
        type: 'breadcrumbs',
        data: {
          values: Array.from({ length: 500 }, (_, i) => ({
            timestamp: 1718000000 + i,
            type: 'http',
            category: 'xhr',
            message: `crumb ${i}: GET /api/items?page=${i}`,
            data: { url: `/api/items?page=${i}`, status_code: 200, body: lorem.repeat(30) },
          })),
        },
      },
      { type: 'request', data: { method: 'GET', url: 'https://shop.example/checkout', headers: [['Authorization', 'Bearer big-event-token-123']], query: [['page', '1']] } },
    ],
    contexts: { os: { name: 'Linux' }, runtime: { name: 'node', version: '20' } },
    tags: [{ key: 'environment', value: 'prod' }],
  };
}
