import assert from 'node:assert/strict';
import { MASK } from '../../../../src/model/event/types';
import { TOO_DEEP } from '../../../../src/util/boundedJson';
import { nested } from '../../builders';
import { CUT_MARK, maskDeep, maskedJson } from '../../../../src/model/event/maskJson';

describe('model/event/mask: maskDeep', () => {
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

describe('model/event/mask: maskDeep, Sentry tag objects and where secrets were', () => {
  it('masks the value of a {key, value} tag whose key is a secret name', () => {
    const input = {
      tags: [
        { key: 'auth_token', value: 'abc123secret' },
        { key: 'browser', value: 'Firefox' },
        { key: 'X-Api-Key', value: 'k-999', query: 'X-Api-Key:k-999' },
      ],
    };
    const { value, count } = maskDeep(input);
    const tags = (value as typeof input).tags;
    assert.deepEqual(tags[0], { key: 'auth_token', value: MASK });
    assert.equal(tags[1], input.tags[1], 'a tag with nothing secret is not copied');
    assert.equal(tags[2].value, MASK);
    assert.ok(!JSON.stringify(value).includes('k-999'), 'no other field of the tag carries the value');
    assert.equal(count, 3);
  });

  it('masks the value of a {name, value} pair whose name is a secret name (HAR headers, Kubernetes env lists)', () => {
    const input = {
      headers: [
        { name: 'Authorization', value: 'Bearer abc123secret' },
        { name: 'Accept', value: 'text/html' },
      ],
      env: [{ name: 'DB_PASSWORD', value: 'hunter2-secret', valueFrom: null }],
    };
    const { value, count } = maskDeep(input);
    const out = value as typeof input;
    assert.deepEqual(out.headers[0], { name: 'Authorization', value: `Bearer ${MASK}` }, 'the scheme stays, as for a header pair');
    assert.equal(out.headers[1], input.headers[1], 'a pair with nothing secret is not copied');
    assert.deepEqual(out.env[0], { name: 'DB_PASSWORD', value: MASK, valueFrom: null });
    assert.equal(count, 2);
    const kept: unknown[] = [];
    maskDeep(input, undefined, undefined, (_c, _k, original) => kept.push(original));
    assert.deepEqual(kept, ['Bearer abc123secret', 'hunter2-secret'], 'a Reveal finds them');
  });

  it('tells the keeper each whole value it masked, by the copy that holds it and its key', () => {
    const input = {
      headers: [['Authorization', 'Bearer abc123']],
      env: { DB_PASSWORD: 'hunter2', HOME: '/root' },
      tags: [{ key: 'api_key', value: 'k-1' }],
      cookies: { sid: 's-1' },
    };
    const kept: [unknown, string | number, unknown][] = [];
    const { value } = maskDeep(input, 16, 1_000_000, (container, key, original) => kept.push([container, key, original]));
    const v = value as { headers: unknown[][]; env: object; tags: object[]; cookies: object };
    assert.deepEqual(
      kept.map(([, key, original]) => [key, original]),
      [
        [1, 'Bearer abc123'],
        ['DB_PASSWORD', 'hunter2'],
        ['value', 'k-1'],
        ['sid', 's-1'],
      ],
    );
    assert.equal(kept[0][0], v.headers[0]);
    assert.equal(kept[1][0], v.env);
    assert.equal(kept[2][0], v.tags[0]);
    assert.equal(kept[3][0], v.cookies);
  });
});
