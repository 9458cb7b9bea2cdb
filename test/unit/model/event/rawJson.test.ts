import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASK } from '../../../../src/model/event/types';
import { maskedEventJson } from '../../../../src/model/event/rawJson';
import { TOO_DEEP } from '../../../../src/util/boundedJson';
import { nested } from '../../builders';

const fixture = () => JSON.parse(readFileSync(join(__dirname, '../../../fixtures/issue-event.json'), 'utf8')) as Record<string, any>;

function secretEvent(): Record<string, any> {
  const raw = fixture();
  const request = raw.entries[2].data;
  request.headers.push(['Authorization', 'Bearer hdr-S3CRET'], ['Cookie', 'sid=ck1-S3CRET']);
  request.cookies = [
    ['sid', 'ck2-S3CRET'],
    ['theme', 'dark'],
  ];
  request.query.push(['token', 'q-S3CRET']);
  request.data = { user: 'bob', password: 'body-S3CRET' };
  request.env = { SECRET_KEY: 'env-S3CRET' };
  raw.entries[1].data.values[1].data.url = '/api/x?api_key=crumb-S3CRET';
  raw.entries[0].data.values[0].stacktrace.frames[0].vars = { password: 'var-S3CRET', note: 'Bearer txt-S3CRET-1' };
  raw.contexts.app = { type: 'app', auth_token: 'ctx-S3CRET' };
  raw.context.db = { DB_PASSWORD: 'extra-S3CRET' };
  raw.user.data.session = 'user-S3CRET';
  raw.message = 'token=txt-S3CRET-2';
  return raw;
}

describe('model/event/rawJson: the masked raw event', () => {
  it('is the whole event, pretty-printed, valid JSON, when nothing is masked', () => {
    const raw = fixture();
    const { json, count, cut } = maskedEventJson(raw);
    assert.equal(count, 0);
    assert.equal(cut, false);
    assert.deepEqual(JSON.parse(json), raw);
    assert.equal(json, JSON.stringify(raw, null, 2));
  });

  it('masks secrets everywhere, keeping auth schemes and cookie names', () => {
    const { json, count, cut } = maskedEventJson(secretEvent());
    assert.equal(cut, false);
    assert.doesNotMatch(json, /S3CRET/);
    const parsed = JSON.parse(json);
    const request = parsed.entries[2].data;
    assert.deepEqual(request.headers.slice(1), [
      ['Authorization', `Bearer ${MASK}`],
      ['Cookie', MASK],
    ]);
    assert.deepEqual(request.cookies, [
      ['sid', MASK],
      ['theme', MASK],
    ]);
    assert.deepEqual(request.query, [
      ['project', '5236886'],
      ['token', MASK],
    ]);
    assert.deepEqual(request.data, { user: 'bob', password: MASK });
    assert.deepEqual(request.env, { SECRET_KEY: MASK });
    assert.equal(parsed.entries[1].data.values[1].data.url, `/api/x?api_key=${MASK}`);
    assert.deepEqual(parsed.entries[0].data.values[0].stacktrace.frames[0].vars, { password: MASK, note: `Bearer ${MASK}` });
    assert.equal(parsed.contexts.app.auth_token, MASK);
    assert.equal(parsed.context.db.DB_PASSWORD, MASK);
    assert.equal(parsed.user.data.session, MASK);
    assert.equal(parsed.message, `token=${MASK}`);
    assert.equal(parsed.user.email, 'hell@boy.cat', 'the rest is as it came');
    assert.equal(count, 14);
  });

  it('cookies as an object or a string', () => {
    const raw = fixture();
    raw.entries[2].data.cookies = { sid: 'a', theme: 'b' };
    assert.deepEqual(JSON.parse(maskedEventJson(raw).json).entries[2].data.cookies, { sid: MASK, theme: MASK });
    raw.entries[2].data.cookies = 'sid=a; theme=b';
    assert.equal(JSON.parse(maskedEventJson(raw).json).entries[2].data.cookies, MASK);
  });

  it('is bounded: cut text ends with an ellipsis', () => {
    const raw = fixture();
    raw.context.big = 'x'.repeat(200_000);
    const { json, cut } = maskedEventJson(raw, 10_000);
    assert.equal(cut, true);
    assert.equal(json.length, 10_000);
    assert.ok(json.endsWith('…'));
    const whole = maskedEventJson(raw);
    assert.equal(whole.cut, false);
    assert.equal(JSON.parse(whole.json).context.big.length, 200_000);
  });

  it('survives deep nesting and refuses what is not an object', () => {
    const raw = { id: 'x', context: nested(20_000) };
    const { json, cut } = maskedEventJson(raw);
    assert.equal(cut, true);
    assert.ok(json.includes(TOO_DEEP));
    assert.ok(JSON.parse(json));
    for (const bad of [null, undefined, 'x', 1, []]) assert.throws(() => maskedEventJson(bad), TypeError);
  });
});
