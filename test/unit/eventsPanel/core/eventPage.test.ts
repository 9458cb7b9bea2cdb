// What the host posts for one page of events is bounded whatever the server sent: never more events
// than the page asked for, no nesting deeper than the page can render, and a bounded message size.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventSchema, type SentryEvent } from '../../../../src/model/event/schema';
import { EVENTS_PAGE_SIZE, MAX_EVENT_CHARS, MAX_PAGE_CHARS, eventPage } from '../../../../src/eventsPanel/core/eventPage';
import { decodeEvents } from '../../../../src/eventsPanel/core/protocol/messages';
import { nested } from '../../builders';
import * as z from '../../../../src/model/z';

const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, '../../../fixtures', name), 'utf8'));

/** The deepest nesting of JSON text, counted without recursion. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return max;
}

const base = (id: number, over: Partial<SentryEvent> = {}): SentryEvent =>
  ({
    id: String(id),
    eventID: `e${id}`.padEnd(32, '0'),
    dateCreated: '2024-01-01T00:00:00Z',
    message: 'boom',
    title: 'TypeError: boom',
    tags: [{ key: 'level', value: 'error' }],
    'event.type': 'error',
    ...over,
  }) as SentryEvent;

describe('events: one page of events as a bounded webview message', () => {
  it('a server that answers 100,000 events to one page yields at most the page size', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => base(i));
    const page = eventPage(items, false);
    assert.equal(EVENTS_PAGE_SIZE, 100);
    assert.equal(page.events.length, EVENTS_PAGE_SIZE);
    assert.equal(decodeEvents(page.json).length, EVENTS_PAGE_SIZE);
    assert.deepEqual(
      page.events.map((e) => e.id),
      items.slice(0, EVENTS_PAGE_SIZE).map((e) => e.id),
    );
  });

  it('20,000 levels of nesting in user, metadata or crashFile neither throw nor reach the page', () => {
    const deep = base(1, { user: nested(20_000), metadata: nested(20_000), crashFile: nested(20_000) } as Partial<SentryEvent>);
    assert.throws(() => JSON.stringify(nested(20_000)), RangeError, 'V8 cannot stringify this deep: the test would prove nothing otherwise');
    const page = eventPage([deep, base(2)], true);
    assert.ok(jsonDepth(page.json) <= 40, `the message nests ${jsonDepth(page.json)} levels`);
    const [e] = decodeEvents(page.json);
    assert.equal(e.id, '1');
    assert.ok(e.metadata && typeof e.metadata === 'object', 'what fits is kept');
    assert.ok(JSON.stringify(e.metadata).includes('[nested too deeply]'), 'the cut is visible');
  });

  it('a page of huge events stays under the message bound; every event is still listed', () => {
    const line = 'x'.repeat(5000);
    const frame = (n: number) => ({ filename: `src/${'f'.repeat(5000)}${n}.ts`, function: 'g'.repeat(5000), lineNo: n, context: Array.from({ length: 20 }, (_, i) => [i, line]) });
    const frames = Array.from({ length: 300 }, (_, i) => frame(i));
    const stack = [{ type: 'exception', data: { values: Array.from({ length: 50 }, () => ({ type: 'E', value: 'v'.repeat(100_000), stacktrace: { frames } })) } }];
    const long = 'm'.repeat(1_000_000);
    const metadata = { value: 'v'.repeat(1_000_000), list: Array.from({ length: 10_000 }, (_, i) => i) };
    const tags = Array.from({ length: 5000 }, (_, i) => ({ key: `k${i}`, value: 'v'.repeat(10_000) }));
    const huge = (id: number) =>
      base(id, {
        message: long,
        title: long,
        culprit: long,
        location: long,
        tags,
        metadata,
        // A few events with enormous stack traces; every event is enormous in its strings and tags.
        ...(id < 3 ? { entries: stack } : {}),
      } as Partial<SentryEvent>);
    const items = Array.from({ length: EVENTS_PAGE_SIZE }, (_, i) => huge(i));
    const page = eventPage(items, true);
    assert.ok(page.json.length <= MAX_PAGE_CHARS, `the message is ${page.json.length.toLocaleString('en')} characters`);
    const events = decodeEvents(page.json);
    assert.deepEqual(
      events.map((e) => e.id),
      items.map((e) => e.id),
      'no event is dropped, only its details',
    );
    for (const e of events) {
      assert.ok(JSON.stringify(e).length <= MAX_EVENT_CHARS, `event ${e.id} is ${JSON.stringify(e).length} characters`);
      assert.equal(e.trimmed, true, 'the page can say that details were left out');
    }
    assert.ok(events[0].exceptions?.length, 'the first events keep part of their stack traces');
  });

  it('real events pass unchanged', () => {
    const e = z.parse(EventSchema, fixture('issue-event.json'));
    const page = eventPage([e], true);
    const [d] = decodeEvents(page.json);
    assert.equal(d.trimmed, undefined);
    assert.equal(d.message, e.message ?? '');
    assert.deepEqual(d.metadata, e.metadata ?? null);
    assert.equal(d.exceptions![0].frames.length, page.events[0].exceptions![0].frames.length);
  });
});
