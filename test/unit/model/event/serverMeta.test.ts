import assert from 'node:assert/strict';
import { applyServerMeta, FILTERED } from '../../../../src/model/event/serverMeta';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { isMasked } from '../../../../src/model/event/types';

/** An event as Sentry's serializer sends one whose values Relay scrubbed and trimmed. */
function scrubbed() {
  return {
    id: 'e1',
    eventID: 'e1',
    title: 'ValueError',
    message: 'a'.repeat(20),
    entries: [
      {
        type: 'exception',
        data: { values: [{ type: 'ValueError', value: null, stacktrace: { frames: [{ filename: 'app.py', lineNo: 3, inApp: true, vars: { user_id: 7 } }] } }] },
      },
      { type: 'request', data: { url: 'https://shop.example/cart', headers: [['X-Forwarded-For', null]] } },
    ],
    context: { note: 'kept' },
    _meta: {
      message: { '': { len: 9000 } },
      entries: {
        '0': { data: { values: { '0': { value: { '': { rem: [['@password:filter', 'x']] } }, stacktrace: { frames: { '0': { vars: { card: { '': { rem: [['@creditcard', 'x']] } } } } } } } } } },
        '1': { data: { headers: { '0': { '1': { '': { rem: [['@ip:replace', 's', 0, 4]], len: 13 } } } } } },
      },
      context: { secret: { '': { rem: [['@password:filter', 'x']] } } },
      sdk: null,
    },
  };
}

describe('model/event/serverMeta: what the server scrubbed or trimmed shows as such', () => {
  it('a removed value reads [Filtered], a trimmed one says it was trimmed; the rest is the same objects', () => {
    const raw = scrubbed();
    const out = applyServerMeta(raw);
    assert.equal(out.message, `${'a'.repeat(20)} [trimmed from 9000 characters]`);
    const exception = (out.entries[0].data as { values: { value: unknown; stacktrace: { frames: { vars: Record<string, unknown> }[] } }[] }).values[0];
    assert.equal(exception.value, FILTERED);
    assert.deepEqual(exception.stacktrace.frames[0].vars, { user_id: 7, card: FILTERED }, 'a variable removed whole is shown with the marker');
    assert.deepEqual((out.entries[1].data as { headers: unknown[][] }).headers[0], ['X-Forwarded-For', FILTERED]);
    assert.deepEqual(out.context, { note: 'kept', secret: FILTERED });
    assert.equal(out._meta, raw._meta, 'the annotations stay for raw JSON');
    assert.equal((raw.entries[0].data as { values: { value: unknown }[] }).values[0].value, null, 'the answer itself is not changed');
  });

  it('no _meta, or a hostile one: the event as it is, bounded work', () => {
    const plain = { id: 'x', entries: [] };
    assert.equal(applyServerMeta(plain), plain);
    let deep: Record<string, unknown> = { '': { rem: [['x', 'x']] } };
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    assert.doesNotThrow(() => applyServerMeta({ id: 'y', _meta: deep }));
    const wide = {
      id: 'z',
      list: [1, 2],
      _meta: { list: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [String(i), { '': { rem: [['r', 'x']] } }])), __proto__: { '': { rem: [['r', 'x']] } } },
    };
    const out = applyServerMeta(wide);
    assert.deepEqual(out.list, [1, 2], 'indexes beyond the list are ignored');
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
  });

  it('the Event tab shows the markers (a scrubbed header stays revealable as the marker only)', () => {
    const { detail } = parseEventDetail(applyServerMeta(scrubbed()), '1');
    assert.equal(detail.exceptions[0].value, FILTERED);
    assert.match(detail.message ?? '', /\[trimmed from 9000 characters\]$/);
    const header = detail.request?.headers[0];
    assert.ok(header && !isMasked(header.value) && header.value === FILTERED);
  });
});
