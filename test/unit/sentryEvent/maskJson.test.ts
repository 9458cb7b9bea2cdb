import assert from 'node:assert/strict';
import { MASK } from '../../../src/sentryEvent/types';
import { TOO_DEEP } from '../../../src/util/boundedJson';
import { nested } from '../builders';
import { CUT_MARK, maskDeep, maskedJson } from '../../../src/sentryEvent/maskJson';

describe('sentryEvent/mask: maskDeep', () => {
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
