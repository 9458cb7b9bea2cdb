// The Logs tab of the events page (fake DOM, fake host; ./pageHarness): shown, it asks the host to read
// the logs (never before); it draws them oldest first with the error's moment between them, server
// text as text; the search box narrows them as one types; a log's code location and Follow send only
// an index or an action; a server without logs is said once as a note.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../../../../src/eventsPanel/core/protocol/messages';
import { filterLogRows, parseLogsPageMessage, type LogRow, type LogsView } from '../../../../../src/eventsPanel/core/protocol/logs';
import { FakeElement } from './fakeDom';
import { loaded, openPage, pageCode, panel, type Page } from './pageHarness';

before(async function () {
  this.timeout(60_000);
  await pageCode();
});

const posts = (p: Page) =>
  (p.posted.filter((m) => m.type === 'logs') as unknown as { action: string; index?: number }[]).map(({ action, index }) => (index === undefined ? { action } : { action, index }));

const ROWS: LogRow[] = [
  { t: 1_000, lvl: 'info', msg: 'request started', a: [['environment', 'production']] },
  { t: 2_000, lvl: 'warn', msg: '<b>slow</b> query', code: 'src/app/checkout.ts:23' },
  { t: 3_000, lvl: 'error', msg: 'TypeError: total', code: 'src/app/checkout.ts:23' },
];

function view(over: Partial<LogsView> = {}): LogsView {
  return { phase: 'ready', traceId: 'b4d1aae7216b47ff8117cf4e09ce9d0b', rowsJson: JSON.stringify(ROWS), count: 3, errorIndex: 2, following: false, cut: false, ...over };
}

describe('events page: the Logs tab', () => {
  it('reads only when shown; draws the logs oldest first with the error moment; search narrows; code and Follow send indexes and actions', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'events' }));
      assert.deepEqual(posts(p), []);
      (p.byId('tab-logs') as FakeElement).click();
      await p.settle();
      assert.deepEqual(posts(p), [{ action: 'open' }]);
      p.send({ type: 'logs', view: view() } as HostMessage);
      await p.settle();
      const items = p.byId('logs-list')!.childNodes as FakeElement[];
      assert.deepEqual(
        items.map((li) => (li.classList.contains('logs-moment') ? 'moment' : li.dataset.index)),
        ['0', '1', 'moment', '2'],
      );
      assert.equal(p.app.querySelectorAll('b').length, 0, 'server text stays text');
      const search = p.byId('logs-search') as FakeElement;
      (search as unknown as { value: string }).value = 'slow';
      search.dispatch('input');
      await p.settle();
      assert.equal(p.app.querySelectorAll('.logs-row').length, 1);
      assert.match(p.byId('logs-count')?.textContent ?? '', /1 of 3/);
      (p.app.querySelector('.logs-code') as FakeElement).click();
      (p.byId('logs-follow') as FakeElement).click();
      await p.settle();
      assert.deepEqual(posts(p).slice(1), [{ action: 'openLog', index: 1 }, { action: 'follow' }]);
    } finally {
      await p.close();
    }
  });

  it('says once, as a note, that a server or plan keeps no logs', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'logs' }));
      p.send({ type: 'logs', view: { phase: 'no-logs', message: 'This Sentry server keeps no logs.', count: 0, following: false, cut: false } } as HostMessage);
      await p.settle();
      assert.equal(p.byId('logs-none')?.textContent, 'This Sentry server keeps no logs.');
      assert.equal(p.app.querySelectorAll('.logs-row').length, 0);
      assert.equal(p.byId('logs-search'), null, 'no empty search box');
    } finally {
      await p.close();
    }
  });

  it('the host reads only the actions it knows', () => {
    assert.deepEqual(parseLogsPageMessage({ action: 'follow', index: 9 }), { type: 'logs', action: 'follow' });
    assert.deepEqual(parseLogsPageMessage({ action: 'openLog', index: 2 }), { type: 'logs', action: 'openLog', index: 2 });
    assert.equal(parseLogsPageMessage({ action: 'openLog', index: '2' }), undefined);
    assert.equal(parseLogsPageMessage({ action: 'exec' }), undefined);
    assert.deepEqual(filterLogRows(ROWS, 'PRODUCTION'), [0]);
    assert.deepEqual(filterLogRows(ROWS, 'checkout.ts'), [1, 2]);
    assert.deepEqual(filterLogRows(ROWS, ''), [0, 1, 2]);
  });
});
