// Opening an issue in the events page (fake DOM, fake host; ./pageHarness): the header and tab are
// drawn from the state the host posts with the HTML, before the handshake, the filters fold away on
// the Event tab, a preview panel's page starts over on the next issue (dropping the answers meant
// for the previous one), and the counts say what they count.
import assert from 'node:assert/strict';
import { encodeDetail } from '../../../../../src/model/event/types';
import { encodeEvents, PROTOCOL_VERSION } from '../../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../../../../src/eventsPanel/core/protocol/filters';
import { FakeElement } from './fakeDom';
import { DETAIL, EVENTS, TAG, loaded, openPage, pageCode, panel, shown, type Page } from './pageHarness';

before(async function () {
  this.timeout(60_000);
  await pageCode();
});

const text = (p: Page, selector: string) => p.app.querySelector(selector)?.textContent ?? null;
const selectedTab = (p: Page) => p.app.querySelectorAll('[role="tab"]').find((t) => t.getAttribute('aria-selected') === 'true')?.id;

describe('events page: opening an issue', () => {
  it("draws the host's first header and tab before its init, and asks for nothing until then", async () => {
    const p = await openPage({ boot: panel({ tab: 'event' }) });
    try {
      await p.settle();
      assert.equal(text(p, '.issue-header .short-id'), 'WEB-7');
      assert.equal(text(p, '.issue-header .issue-title'), 'TypeError: boom');
      assert.equal(text(p, '#issue-count'), '3 events');
      assert.equal(selectedTab(p), 'tab-event');
      assert.ok(shown(p.byId('event-panel')!), 'the Event tab shows');
      assert.match(text(p, '#event-panel .ev-body') ?? '', /Loading the event/);
      assert.equal(p.app.getAttribute('aria-busy'), 'true', 'busy until the host answers');
      assert.deepEqual(
        p.posted.map((m) => m.type),
        ['ready'],
        'only the handshake',
      );
      // The host's init: the same issue, now asked for (the event first, its stack trace is what shows).
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel({ tab: 'event' }) });
      await p.settle();
      assert.deepEqual(
        p.posted.filter((m) => m.type === 'request').map((m) => m.method),
        ['event', 'events', 'tag'],
      );
    } finally {
      await p.close();
    }
  });

  it("a state the page saved (before a hide or reload) of the same issue wins over the host's first one", async () => {
    const saved = panel({ tab: 'tags', filters: { ...DEFAULT_FILTERS, query: 'browser:Chrome' }, issue: { id: '7', shortId: 'WEB-7', title: 'As saved' } });
    const p = await openPage({ boot: panel({ tab: 'event' }), saved });
    try {
      await p.settle();
      assert.equal(selectedTab(p), 'tab-tags');
      assert.equal(text(p, '.issue-header .issue-title'), 'As saved');
      assert.equal((p.byId('query') as unknown as { value: string }).value, 'browser:Chrome');
    } finally {
      await p.close();
    }
  });

  it("the saved state of another issue (a preview panel that moved on while hidden) gives way to the host's; a late first state changes nothing", async () => {
    const saved = panel({ issueId: '6', issue: { id: '6', shortId: 'WEB-6', title: 'The issue before' } });
    const p = await openPage({ saved, boot: panel({ tab: 'event' }) });
    try {
      await p.settle();
      assert.equal(text(p, '.issue-header .short-id'), 'WEB-7');
      assert.equal(selectedTab(p), 'tab-event');
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel({ tab: 'event' }) });
      await p.settle();
      p.send({ type: 'boot', state: panel({ issueId: '8', issue: { id: '8', shortId: 'WEB-8' } }) });
      await p.settle();
      assert.equal(text(p, '.issue-header .short-id'), 'WEB-7', 'after init, only init moves the page');
    } finally {
      await p.close();
    }
  });

  it('a tab or an event chosen before the host answers stays when it does, and the host is told', async () => {
    const p = await openPage({ boot: panel({ tab: 'event' }) });
    try {
      await p.settle();
      p.byId('tab-events')!.click();
      await p.settle();
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel({ tab: 'event', issue: { id: '7', shortId: 'WEB-7', title: 'Newer title' } }) });
      await p.settle();
      assert.equal(selectedTab(p), 'tab-events', 'the click stands');
      assert.equal(text(p, '.issue-header .issue-title'), 'Newer title', "the host's header is taken");
      const told = p.posted.filter((m) => m.type === 'state');
      assert.equal((told.at(-1) as unknown as { state: { tab: string } }).state.tab, 'events', 'the host learns the tab');
    } finally {
      await p.close();
    }
  });

  it('no first state (an older host): the page waits for init as before', async () => {
    const p = await openPage();
    try {
      await p.settle();
      assert.equal(text(p, '.issue-header .short-id'), '#');
      assert.equal(selectedTab(p), 'tab-events');
    } finally {
      await p.close();
    }
  });

  it('the filters sit under the tabs, folded away on the Event tab and back on Events and Tags', async () => {
    const p = await openPage({ boot: panel({ tab: 'event' }) });
    try {
      await loaded(p, panel({ tab: 'event' }));
      const filters = p.app.querySelector('form.filters')!;
      const order = p.app.childNodes.map((c) => (c instanceof FakeElement ? (c.getAttribute('role') ?? c.tagName) : '#text'));
      assert.ok(order.indexOf('tablist') < order.indexOf('search'), `the tabs come first: ${order.join(', ')}`);
      assert.equal(shown(filters), false, 'folded away on the Event tab');
      p.byId('tab-events')!.click();
      await p.settle();
      assert.equal(shown(filters), true);
      p.byId('tab-tags')!.click();
      await p.settle();
      assert.equal(shown(filters), true);
      p.byId('tab-event')!.click();
      await p.settle();
      assert.equal(shown(filters), false);
    } finally {
      await p.close();
    }
  });

  it('the Event tab names the environments its Latest, Recommended and Oldest are of, the filters being folded away', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'event' }));
      assert.equal(shown(p.byId('event-scope')!), false, 'every environment: nothing to say');
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel({ tab: 'event', filters: { ...DEFAULT_FILTERS, environments: ['production', 'staging'] } }) });
      await p.settle();
      assert.equal(shown(p.byId('event-scope')!), true);
      assert.equal(text(p, '#event-scope'), 'Environments: 2 environments');
      assert.match(p.byId('event-scope')!.title, /production, staging$/);
    } finally {
      await p.close();
    }
  });

  it("a preview panel's next issue: the page starts over on it and drops the answers meant for the previous one", async () => {
    const p = await openPage({ boot: panel({ tab: 'event' }) });
    try {
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel({ tab: 'event' }) });
      await p.settle();
      p.answer('events', () => ({ eventsJson: encodeEvents(EVENTS), count: EVENTS.length, hits: 3 }));
      p.answer('tag', (params) => ({ ...TAG, key: String(params.key) }));
      await p.settle();
      // Issue 7's event is still on its way when the panel takes over issue 8.
      const old = p.posted.find((m) => m.type === 'request' && m.method === 'event')!;
      const before = p.posted.length;
      const other = panel({ issueId: '8', issue: { id: '8', shortId: 'WEB-8', title: 'RangeError: other', count: '12', countScope: 'lifetime' }, tab: 'event' });
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: other });
      await p.settle();
      assert.equal(text(p, '.issue-header .short-id'), 'WEB-8');
      assert.equal(text(p, '#issue-count'), '12 events in total');
      const asked = p.posted.slice(before).filter((m) => m.type === 'request');
      assert.deepEqual(
        asked.map((m) => m.method),
        ['event', 'events', 'tag'],
        'issue 8 is asked for afresh',
      );
      assert.equal(p.app.querySelectorAll('.event-row').length, 0, "issue 7's events are gone");
      // The late answer about issue 7 lands nowhere.
      p.send({ type: 'response', id: old.id!, method: 'event', ok: true, result: { detailJson: encodeDetail({ ...DETAIL, title: 'Event of issue 7' }) } });
      await p.settle();
      assert.equal(p.app.querySelector('.ev-title'), null, "issue 7's event is not drawn");
      p.answer('event', () => ({ detailJson: encodeDetail({ ...DETAIL, issueId: '8', title: 'Event of issue 8' }) }));
      await p.settle();
      assert.equal(text(p, '.ev-title'), 'Event of issue 8');
    } finally {
      await p.close();
    }
  });
});

describe('events page: what each count counts', () => {
  it("the header's counts say they are the issue's whole life, or the list's", async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ issue: { id: '7', shortId: 'WEB-7', count: '30', userCount: 13, countScope: 'lifetime' } }));
      assert.equal(text(p, '#issue-count'), '30 events in total');
      assert.equal(p.byId('issue-count')!.title, '30 events since the issue was first seen, in every environment');
      assert.equal(text(p, '#issue-users'), '13 users in total');
      p.send({ type: 'issue', issue: { id: '7', count: '28', userCount: 9, countScope: 'list' } });
      await p.settle();
      assert.equal(text(p, '#issue-count'), '28 events');
      assert.equal(p.byId('issue-count')!.title, "28 events in the issue list's period and environments");
    } finally {
      await p.close();
    }
  });

  it('the Events tab shows no count until its events have come: not "0" beside the header\'s total', async () => {
    const p = await openPage();
    try {
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel() });
      await p.settle();
      const tab = p.byId('tab-events')!;
      assert.equal(tab.querySelector('vscode-badge'), null, `a count while the events load: ${tab.textContent}`);
      assert.equal(tab.title, 'Loading events: Last 90 days · All environments');
      p.answer('events', () => ({ eventsJson: encodeEvents([]), count: 0, hits: 0 }));
      await p.settle();
      assert.equal(tab.querySelector('vscode-badge')?.textContent, '0', 'none came: then 0 is the answer');
      assert.equal(tab.title, '0 events loaded: Last 90 days · All environments');
    } finally {
      await p.close();
    }
  });

  it("the Events tab's count says it is of the events loaded for its period and filters", async () => {
    const p = await openPage();
    try {
      await loaded(p);
      assert.equal(p.byId('tab-events')!.title, '3 events loaded: Last 90 days · All environments');
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel({ filters: { ...DEFAULT_FILTERS, environments: ['production'], query: 'level:error' } }) });
      await p.settle();
      assert.equal(p.byId('tab-events')!.title, '3 events loaded: Last 90 days · production · matching the search');
    } finally {
      await p.close();
    }
  });
});
