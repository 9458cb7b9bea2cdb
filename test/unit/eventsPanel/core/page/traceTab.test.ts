// The Trace tab of the events page (fake DOM, fake host; ./pageHarness): shown, it asks the host to
// read the trace (never before); it draws only the rows in view of a trace of 10,000 spans, the
// error's span highlighted and its moment marked, server text as text, and sends only indexes.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../../../../src/eventsPanel/core/protocol/messages';
import type { TraceRow, TraceView } from '../../../../../src/eventsPanel/core/protocol/trace';
import { parseTracePageMessage } from '../../../../../src/eventsPanel/core/protocol/trace';
import { formatMs, visibleRows } from '../../../../../src/eventsPanel/core/page/traceLayout';
import { FakeElement } from './fakeDom';
import { loaded, openPage, pageCode, panel, type Page } from './pageHarness';

before(async function () {
  this.timeout(60_000);
  await pageCode();
});

const tracePosts = (p: Page) =>
  (p.posted.filter((m) => m.type === 'trace') as unknown as { action: string; index?: number }[]).map(({ action, index }) => (index === undefined ? { action } : { action, index }));

function bigView(n: number): TraceView {
  const rows: TraceRow[] = Array.from({ length: n }, (_, i) => ({
    d: i === 0 ? 0 : 1 + (i % 3),
    op: i % 2 ? 'db' : 'http.client',
    desc: i === 5 ? '<img src=x onerror=alert(1)>' : `span ${i}`,
    s: i,
    ms: 5,
    ...(i === 7 ? { code: 'src/app/checkout.ts:23', e: 1 } : {}),
  }));
  return {
    phase: 'ready',
    traceId: 'b4d1aae7216b47ff8117cf4e09ce9d0b',
    rowsJson: JSON.stringify(rows),
    spans: n,
    duration: n + 5,
    errorAt: 9,
    errorRow: 7,
    issues: [
      { kind: 'error', title: 'TypeError: x', shortId: 'WEB-1', current: true, openable: false, row: 7 },
      { kind: 'error', title: 'Other failure', shortId: 'API-2', project: 'api-server', current: false, openable: true },
    ],
    cut: false,
    transactionsOnly: false,
  };
}

describe('events page: the Trace tab', () => {
  it('asks for the trace only once the tab is shown', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'events' }));
      assert.deepEqual(tracePosts(p), [], 'opening the panel reads no trace');
      (p.byId('tab-trace') as FakeElement).click();
      await p.settle();
      assert.deepEqual(tracePosts(p), [{ action: 'open' }]);
    } finally {
      await p.close();
    }
  });

  it('draws the first screen of 10,000 spans, the error span highlighted, its moment marked, text as text', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'trace' }));
      p.send({ type: 'trace', view: bigView(10_000) } as HostMessage);
      await p.settle();
      const rows = p.app.querySelectorAll('.trace-row');
      assert.ok(rows.length > 0 && rows.length <= 100, `${rows.length} rows drawn`);
      assert.equal(p.app.querySelectorAll('.trace-row-error').length, 1);
      assert.equal(p.app.querySelector('.trace-row-error')?.dataset.row, '7');
      assert.equal((p.byId('trace-waterfall') as FakeElement).querySelector('.trace-error-moment')?.hidden, false);
      assert.equal(p.app.querySelectorAll('img').length, 0, 'server text stays text');
      assert.match(p.byId('trace-count')?.textContent ?? '', /10,000 spans/);
      // The span's code opens by its row's index; the other issue by its place in the list.
      (p.app.querySelector('.trace-code') as FakeElement).click();
      (p.app.querySelector('.trace-open-issue') as FakeElement).click();
      await p.settle();
      assert.deepEqual(tracePosts(p).slice(1), [
        { action: 'openSpan', index: 7 },
        { action: 'openIssue', index: 1 },
      ]);
    } finally {
      await p.close();
    }
  });

  it('says why there is no trace, and offers Retry after a failure', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'trace' }));
      p.send({ type: 'trace', view: { phase: 'none', message: 'This event names no trace.', spans: 0, duration: 0, issues: [], cut: false, transactionsOnly: false } } as HostMessage);
      await p.settle();
      assert.equal(p.byId('trace-none')?.textContent, 'This event names no trace.');
      p.send({ type: 'trace', view: { phase: 'failed', message: 'Sentry refused.', actions: ['retry'], spans: 0, duration: 0, issues: [], cut: false, transactionsOnly: false } } as HostMessage);
      await p.settle();
      assert.equal(p.byId('trace-message')?.textContent, 'Sentry refused.');
      (p.app.querySelector('.trace-button') as FakeElement).click();
      await p.settle();
      assert.deepEqual(tracePosts(p).at(-1), { action: 'refresh' });
    } finally {
      await p.close();
    }
  });

  it('windowing and formatting', () => {
    assert.deepEqual(visibleRows(10_000, 0, 0), { start: 0, end: 80 });
    assert.deepEqual(visibleRows(10_000, 22 * 5000, 440), { start: 4980, end: 5040 });
    assert.deepEqual(visibleRows(3, 0, 1000), { start: 0, end: 3 });
    assert.equal(formatMs(5.25), '5.3 ms');
    assert.equal(formatMs(250), '250 ms');
    assert.equal(formatMs(1708), '1.71 s');
  });

  it('the host reads only actions it knows, and indexes within bounds', () => {
    assert.deepEqual(parseTracePageMessage({ type: 'trace', action: 'open', index: 3 }), { type: 'trace', action: 'open' });
    assert.deepEqual(parseTracePageMessage({ type: 'trace', action: 'openSpan', index: 3 }), { type: 'trace', action: 'openSpan', index: 3 });
    assert.equal(parseTracePageMessage({ type: 'trace', action: 'openSpan', index: -1 }), undefined);
    assert.equal(parseTracePageMessage({ type: 'trace', action: 'openSpan' }), undefined);
    assert.equal(parseTracePageMessage({ type: 'trace', action: 'openIssue', index: 1.5 }), undefined);
    assert.equal(parseTracePageMessage({ type: 'trace', action: 'runCommand' }), undefined);
  });
});
