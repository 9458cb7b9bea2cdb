// One frame, drawn on every surface that shows frames: the marks' location, the Events tab's list,
// the Event tab, the AI's text of the event and the lines the marks follow when code moves. Each
// reads it through src/model/event/frame.ts, so a frame sent in the SDK's own snake_case (abs_path,
// lineno, in_app, context_line) is read the same everywhere, and its place is written the same way.
import assert from 'node:assert/strict';
import { anEvent, anIssue } from '../../builders';
import { newestInAppLocation } from '../../../../src/editor/core/marks';
import { toEventData } from '../../../../src/eventsPanel/core/eventData';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { eventMarkdown } from '../../../../src/model/event/markdown';
import { frameTexts } from '../../../../src/model/event/frameText';
import { frameWhere } from '../../../../src/model/event/frame';
import { encodeDetail } from '../../../../src/model/event/types';
import { issueHeader } from '../../../../src/contracts/fromApi';
import { issueDetailsText } from '../../../../src/ai/core/text/issueDetails';
import { encodeEvents, PROTOCOL_VERSION } from '../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../../../src/eventsPanel/core/protocol/filters';
import { TAG, openPage, pageCode, panel } from '../../eventsPanel/core/page/pageHarness';

/** The crash frame as a Python SDK sends it and a raw or older server passes it on. */
const CRASH = {
  function: 'charge',
  module: 'shop.checkout',
  filename: 'shop/checkout.py',
  abs_path: '/srv/app/shop/checkout.py',
  lineno: 42,
  colno: 7,
  in_app: true,
  pre_context: ['def charge(cart):', '    total = 0'],
  context_line: '    total += cart.price',
  post_context: ['    return total'],
};
/** A library frame called before it (oldest first, as servers send frames). */
const LIBRARY = { function: 'dispatch', filename: 'django/core/handlers.py', lineNo: 10, inApp: false };

const RAW = anEvent({
  platform: 'python',
  entries: [{ type: 'exception', data: { values: [{ type: 'TypeError', value: 'unsupported operand', stacktrace: { frames: [LIBRARY, CRASH] } }] } }],
});
const WHERE = 'shop/checkout.py:42:7';

describe('model/event/frame: one frame on every surface', function () {
  this.timeout(120_000);
  before(async () => {
    await pageCode();
  });

  it('the marks place it at its file, line and column', () => {
    const at = newestInAppLocation(RAW);
    assert.deepEqual({ path: at?.path, line: at?.line, column: at?.column }, { path: 'shop/checkout.py', line: 42, column: 7 });
  });

  it('the events list, the Event tab and the AI read the same frame, and write its place the same way', () => {
    const listed = toEventData(RAW, true).exceptions?.[0].frames[0];
    const { detail } = parseEventDetail(RAW, '1');
    const tab = detail.exceptions[0].frames[0];
    const { vars: _vars, ...tabWithoutVars } = tab;
    assert.deepEqual(listed, tabWithoutVars, 'the list shows what the Event tab shows (but for variables)');
    assert.equal(listed && frameWhere(listed), WHERE);
    assert.equal(tab.absPath, '/srv/app/shop/checkout.py', 'abs_path is read');
    assert.equal(tab.inApp, true, 'in_app is read');
    assert.deepEqual(tab.context, [
      [40, 'def charge(cart):'],
      [41, '    total = 0'],
      [42, '    total += cart.price'],
      [43, '    return total'],
    ]);
    const markdown = eventMarkdown(issueHeader(anIssue()), detail);
    assert.ok(markdown.includes(`\`${WHERE}\``), markdown);
    assert.ok(markdown.includes('total += cart.price'), 'the AI sees the line of code');
    assert.ok(issueDetailsText(issueHeader(anIssue()), detail).text.includes(`\`${WHERE}\``), 'the AI details tool says the same');
  });

  it('the marks follow the code by the same line', () => {
    const [text] = frameTexts(RAW);
    assert.deepEqual(text, { paths: ['shop/checkout.py', '/srv/app/shop/checkout.py'], lineNo: 42, line: 'total += cart.price', before: ['def charge(cart):', 'total = 0'], after: ['return total'] });
  });

  it('the page draws it in the Events list and on the Event tab alike', async () => {
    const p = await openPage();
    try {
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel({ filters: { ...DEFAULT_FILTERS, full: true } }) });
      await p.settle();
      p.answer('events', () => ({ eventsJson: encodeEvents([toEventData(RAW, true)]), count: 1, hits: 1 }));
      p.answer('tag', (params) => ({ ...TAG, key: String(params.key) }));
      await p.settle();
      p.app.querySelector('.event-row .expander')?.click();
      await p.settle();
      const listWhere = p.app.querySelectorAll('.event-row .frame-where').map((e) => e.textContent?.trim());
      assert.deepEqual(listWhere, [WHERE, 'django/core/handlers.py:10'], 'the list, newest frame first');
      p.byId('tab-event')!.click();
      await p.settle();
      p.answer('event', () => ({ detailJson: encodeDetail(parseEventDetail(RAW, '1').detail) }));
      await p.settle();
      const tabWhere = p.app.querySelectorAll('.ev-frame .frame-where').map((e) => e.textContent?.trim());
      assert.deepEqual(tabWhere.slice(0, 1), [WHERE], 'the Event tab');
    } finally {
      await p.close();
    }
  });
});
