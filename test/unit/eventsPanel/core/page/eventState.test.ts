// The Event tab's state: which event is chosen and persisted, when it is fetched, stale answers,
// errors and Retry, and the page's cache (going back and forth costs no request). The controller
// runs against a fake host over the real Rpc.
import assert from 'node:assert/strict';
import { emptyEventDetail, encodeDetail, type EventDetail } from '../../../../../src/model/event/types';
import { PROTOCOL_VERSION, type PanelState } from '../../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../../../../src/eventsPanel/core/protocol/filters';
import { PageController } from '../../../../../src/eventsPanel/core/page/controller';
import { initialState, needsEvent, panelState, reduce } from '../../../../../src/eventsPanel/core/page/pageState';
import { Rpc, type VsCodeApi } from '../../../../../src/eventsPanel/core/page/rpc';

const ID = (n: number) => n.toString(16).padStart(32, 'a');
const detail = (n: number, over: Partial<EventDetail> = {}): EventDetail => ({
  ...emptyEventDetail({ issueId: '7', id: String(n), eventID: ID(n), title: `Event ${n}` }),
  previousEventID: ID(n - 1),
  nextEventID: ID(n + 1),
  ...over,
});
const panel = (over: Partial<PanelState> = {}): PanelState => ({ v: PROTOCOL_VERSION, org: 'acme', issueId: '7', issue: { id: '7' }, filters: DEFAULT_FILTERS, tab: 'events', ...over });

describe('event view state: reducer', () => {
  it('init takes the saved event (ids in lower case), absent: the latest; panelState keeps it, the latest as absent', () => {
    let s = reduce(initialState(), { type: 'init', state: panel({ tab: 'event', event: ID(5).toUpperCase() }) });
    assert.equal(s.event, ID(5));
    assert.equal(needsEvent(s), true);
    assert.equal(panelState(s).event, ID(5));
    s = reduce(initialState(), { type: 'init', state: panel() });
    assert.equal(s.event, 'latest');
    assert.equal(needsEvent(s), false, 'not while another tab shows');
    assert.equal('event' in panelState(s), false);
    s = reduce(s, { type: 'selectEvent', ref: 'oldest', show: true });
    assert.equal(s.tab, 'event');
    assert.deepEqual(panelState(s), { ...panel(), tab: 'event', event: 'oldest' });
  });

  it('new events for the issue (its lastSeen moves): a shown latest or recommended is asked again, keeping the old one dimmed; a chosen id is not', () => {
    const shown = (event: string) => {
      let s = reduce(initialState(), { type: 'init', state: panel({ tab: 'event', event, issue: { id: '7', lastSeen: '2026-11-01T00:00:00Z' } }) });
      s = reduce(s, { type: 'eventRequested', ref: s.event });
      return reduce(s, { type: 'eventLoaded', ref: s.event, detail: detail(5) });
    };
    for (const alias of ['latest', 'recommended']) {
      let s = shown(alias);
      assert.equal(needsEvent(s), false);
      s = reduce(s, { type: 'issue', issue: { id: '7', lastSeen: '2026-11-01T00:00:00Z' } });
      assert.equal(needsEvent(s), false, 'the same lastSeen asks nothing');
      s = reduce(s, { type: 'issue', issue: { id: '7', lastSeen: '2026-11-02T00:00:00Z' } });
      assert.equal(needsEvent(s), true, `${alias} is asked again`);
      assert.equal(s.detail.data?.eventID, ID(5), 'the event shown stays until the answer');
    }
    let s = shown(ID(5));
    s = reduce(s, { type: 'issue', issue: { id: '7', lastSeen: '2026-11-02T00:00:00Z' } });
    assert.equal(needsEvent(s), false, 'an event chosen by id does not change');
    s = shown('oldest');
    s = reduce(s, { type: 'issue', issue: { id: '7', lastSeen: '2026-11-02T00:00:00Z' } });
    assert.equal(needsEvent(s), false, 'the oldest does not change with new events');
  });

  it('an answer for an event no longer chosen is dropped; loading keeps the event shown before', () => {
    let s = reduce(initialState(), { type: 'init', state: panel({ tab: 'event' }) });
    s = reduce(s, { type: 'eventRequested', ref: 'latest' });
    s = reduce(s, { type: 'eventLoaded', ref: 'latest', detail: detail(5) });
    assert.equal(s.detail.status, 'ok');
    s = reduce(s, { type: 'selectEvent', ref: ID(4) });
    assert.equal(needsEvent(s), true);
    s = reduce(s, { type: 'eventRequested', ref: ID(4) });
    assert.equal(s.detail.status, 'loading');
    assert.equal(s.detail.data?.eventID, ID(5), 'the old event stays (dimmed) until the new one comes');
    s = reduce(s, { type: 'selectEvent', ref: ID(3) });
    const before = s;
    assert.equal(reduce(s, { type: 'eventLoaded', ref: ID(4), detail: detail(4) }), before);
    assert.equal(reduce(s, { type: 'eventFailed', ref: ID(4), error: { message: 'x', actions: [] } }), before);
    s = reduce(s, { type: 'eventRequested', ref: ID(3) });
    s = reduce(s, { type: 'eventFailed', ref: ID(3), error: { message: 'Not found', actions: ['retry'] } });
    assert.equal(s.detail.status, 'error');
    assert.equal(s.detail.data, undefined, 'an error shows no other event');
    assert.equal(needsEvent(s), false, 'a failure waits for Retry');
  });
});

function setup(saved?: PanelState) {
  const posted: Record<string, unknown>[] = [];
  let state: unknown = saved;
  const api: VsCodeApi = { postMessage: (m) => posted.push(m as Record<string, unknown>), getState: () => state, setState: (s) => (state = s) };
  const target = new EventTarget();
  const rpc = new Rpc(api, (n) => page.notice(n), target);
  const page = new PageController(rpc, { changed: () => undefined, syncControls: () => undefined, focusQuery: () => undefined, visibleTagKeys: () => [] });
  const host = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
  const requests = (method: string) => posted.filter((m) => m.type === 'request' && m.method === method) as { id: number; params: Record<string, unknown> }[];
  const answerEvent = (d: EventDetail | Error) => {
    const r = requests('event').at(-1)!;
    host(
      d instanceof Error
        ? { type: 'response', id: r.id, method: 'event', ok: false, error: { message: d.message, actions: ['signIn'], kind: 'unauthorized' } }
        : { type: 'response', id: r.id, method: 'event', ok: true, result: { detailJson: encodeDetail(d) } },
    );
  };
  return { page, host, posted, requests, answerEvent, saved: () => state };
}

describe('event view state: controller', () => {
  before(() => {
    (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame ??= (fn: () => void) => setTimeout(fn, 0);
  });

  it('the Event tab asks for its event once, when it shows; the choice is persisted', () => {
    const t = setup();
    t.host({ type: 'init', version: 1, state: panel() });
    assert.equal(t.requests('event').length, 0, 'nothing while the Events tab shows');
    t.page.dispatch({ type: 'setTab', tab: 'event' });
    assert.deepEqual(
      t.requests('event').map((r) => r.params),
      [{ ref: 'latest' }],
    );
    t.page.dispatch({ type: 'setTab', tab: 'events' });
    t.page.dispatch({ type: 'setTab', tab: 'event' });
    assert.equal(t.requests('event').length, 1, 'still loading: not asked again');
    t.answerEvent(detail(5));
    assert.equal(t.page.state.detail.data?.title, 'Event 5');
    t.page.showEvent(ID(4));
    assert.equal((t.saved() as PanelState).event, ID(4));
    const lastState = t.posted.filter((m) => m.type === 'state').at(-1) as { state: PanelState };
    assert.equal(lastState.state.event, ID(4));
  });

  it('back and forth between seen events costs no request (the page cache)', () => {
    const t = setup();
    t.host({ type: 'init', version: 1, state: panel({ tab: 'event' }) });
    t.answerEvent(detail(5));
    t.page.showEvent(ID(4));
    t.answerEvent(detail(4));
    assert.equal(t.requests('event').length, 2);
    t.page.showEvent(ID(5)); // Next: the latest, seen by its id
    t.page.showEvent(ID(4)); // Previous again
    assert.equal(t.requests('event').length, 2);
    assert.equal(t.page.state.detail.data?.eventID, ID(4));
    assert.equal(t.page.state.detail.status, 'ok');
    t.page.showEvent('latest');
    assert.equal(t.requests('event').length, 3, 'an alias is asked for: the host knows what it names now');
  });

  it('an error shows with Retry; choosing the same event again, or signing in, retries', () => {
    const t = setup();
    t.host({ type: 'init', version: 1, state: panel({ tab: 'event', event: 'oldest' }) });
    t.answerEvent(new Error('Sign in again.'));
    assert.equal(t.page.state.detail.status, 'error');
    assert.equal(t.page.state.detail.error?.message, 'Sign in again.');
    t.page.showEvent('oldest');
    assert.equal(t.requests('event').length, 2);
    t.answerEvent(new Error('Sign in again.'));
    t.host({ type: 'signedIn' });
    assert.equal(t.requests('event').length, 3);
    t.answerEvent(detail(1, { previousEventID: undefined }));
    assert.equal(t.page.state.detail.status, 'ok');
  });

  it("the host's show (a trace link on a panel already open) switches to the Trace tab on the link's event, and tells the host", () => {
    const t = setup();
    t.host({ type: 'init', version: 1, state: panel({ tab: 'event' }) });
    t.host({ type: 'show', tab: 'trace', event: ID(4) });
    assert.equal(t.page.state.tab, 'trace');
    assert.equal(t.page.state.event, ID(4));
    const saved = t.posted.filter((m) => m.type === 'state').at(-1) as { state: PanelState } | undefined;
    assert.deepEqual([saved?.state.tab, saved?.state.event], ['trace', ID(4)], 'the host learns the tab and event');
  });

  it('a detail that is not JSON is an error to retry, not a broken page', () => {
    const t = setup();
    t.host({ type: 'init', version: 1, state: panel({ tab: 'event' }) });
    const r = t.requests('event')[0];
    t.host({ type: 'response', id: r.id, method: 'event', ok: true, result: { detailJson: '[1,2' } });
    assert.equal(t.page.state.detail.status, 'error');
    assert.match(t.page.state.detail.error!.message, /could not be read/);
  });

  it('a revealed value goes to its asker only: not into the state, the saved state or the cache', () => {
    const t = setup();
    t.host({ type: 'init', version: 1, state: panel({ tab: 'event' }) });
    t.answerEvent(detail(5, { maskedCount: 1, user: [{ key: 'token', value: { masked: true, shown: '[masked]', secret: 0 } }] }));
    const got: unknown[] = [];
    t.page.reveal(ID(5), 0, (r) => got.push(r));
    const r = t.requests('reveal')[0];
    assert.deepEqual(r.params, { eventId: ID(5), secret: 0 });
    t.host({ type: 'response', id: r.id, method: 'reveal', ok: true, result: { value: 'hunter2-secret' } });
    assert.deepEqual(got, [{ value: 'hunter2-secret' }]);
    t.page.showEvent(ID(4));
    t.answerEvent(detail(4));
    t.page.showEvent(ID(5)); // from the cache
    assert.ok(!JSON.stringify(t.page.state.detail.data).includes('hunter2'));
    assert.ok(!JSON.stringify(t.saved()).includes('hunter2'));
    assert.ok(!JSON.stringify(t.posted).includes('hunter2'));
  });
});
