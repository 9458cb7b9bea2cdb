// The events panel's model, against the sandbox over real HTTP: one cache per filter set that a
// re-shown page gets back without a request, pages appended only when they continue it, and
// aborts that keep superseded requests from landing late.
import assert from 'node:assert/strict';
import { PROTOCOL_VERSION, decodeEvents, type PanelState, type RequestMessage } from '../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS, type EventFilters } from '../../../../src/eventsPanel/core/protocol/filters';
import { SignedOutError } from '../../../../src/contracts/errors';
import { EventsModel, type PageConverter } from '../../../../src/eventsPanel/core/eventsModel';
import { toEventData, toTagData } from '../../../../src/eventsPanel/core/eventData';
import { MAX_PAGE_CHARS, eventPage } from '../../../../src/eventsPanel/core/eventPage';
import { isAbortError, signalFrom } from '../../../../src/util/signal';
import { EventTextMemory } from '../../../../src/store/eventText';
import { clientFor, useSandbox } from '../../api/sandbox';

const BIG = { org: 'acme', issueId: '4800000007' }; // WEB-FRONTEND-4: 2,400 events
const EVENTS = /^\/api\/0\/organizations\/acme\/issues\/4800000007\/events\/$/;
const TAGS = /^\/api\/0\/organizations\/acme\/issues\/4800000007\/tags\/[^/]+\/$/;
const PROD: EventFilters = { ...DEFAULT_FILTERS, environments: ['production'] };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('EventsModel', () => {
  const box = useSandbox();
  const count = (path: RegExp) => box.get().control.requests.list({ path }).length;
  // What the panel passes: one bounded page (eventPage) and toTagData.
  const newModel = (more: { convert?: PageConverter; maxCacheChars?: number; state?: PanelState } = {}) =>
    new EventsModel(BIG, { getClient: async () => clientFor(box.get()), convert: eventPage, tagData: toTagData, ...more });

  it('the Event tab: one request per event; a new lastSeen in the header makes latest ask again; reset forgets every event', async () => {
    const model = newModel();
    const ONE = /^\/api\/0\/organizations\/acme\/issues\/4800000007\/events\/[^/]+\/$/;
    model.setHeader({ id: BIG.issueId, lastSeen: '2026-11-01T00:00:00Z' });
    const first = await model.event('latest');
    await model.event('latest');
    assert.equal(count(ONE), 1);
    model.setHeader({ id: BIG.issueId, lastSeen: '2026-11-01T00:00:00Z' });
    await model.event('latest');
    assert.equal(count(ONE), 1, 'the same lastSeen asks nothing');
    model.setHeader({ id: BIG.issueId, lastSeen: '2026-11-02T00:00:00Z' });
    assert.equal((await model.event('latest')).detailJson, first.detailJson);
    assert.equal(count(ONE), 2, 'new events: latest is asked again');
    const eventId = (JSON.parse(first.detailJson) as { eventID: string }).eventID;
    model.reset();
    assert.throws(() => model.reveal(eventId, 0), /no longer loaded/);
    await model.event(eventId);
    assert.equal(count(ONE), 3, 'after a reset the event is asked again');
    model.dispose();
  });

  it("an event read for the Event tab leaves its frames' source lines for the marks", async () => {
    const eventText = new EventTextMemory();
    const model = new EventsModel(BIG, { getClient: async () => clientFor(box.get()), convert: eventPage, tagData: toTagData, eventText });
    await model.event('latest');
    const crash = box.get().control.seed.locations.find((l) => l.issueId === BIG.issueId)!;
    if (crash.line) assert.ok(eventText.find(box.get().url, BIG.issueId, crash.location!.replace(/:\d+$/, ''), crash.line));
    else assert.ok(crash.location, 'a bare file name: nothing to look up by line');
    model.dispose();
  });

  it('the first page: events newest first, a next cursor, and the cache holds them', async () => {
    const model = newModel();
    const answer = await model.events({ filters: DEFAULT_FILTERS });
    const events = decodeEvents(answer.eventsJson);
    assert.equal(answer.count, 100);
    assert.equal(events.length, 100);
    assert.ok(answer.nextCursor);
    assert.equal(answer.restored, undefined);
    assert.ok(
      events.every((e, i) => i === 0 || e.dateCreated <= events[i - 1].dateCreated),
      'newest first',
    );
    assert.equal(model.cache?.events.length, 100);
    assert.deepEqual(model.filters, DEFAULT_FILTERS);
    assert.deepEqual(box.get().control.requests.list({ path: EVENTS })[0].query, [['statsPeriod', '90d']]);
  });

  it('restore answers from the cache with no request, when the filters match', async () => {
    const model = newModel();
    const first = await model.events({ filters: DEFAULT_FILTERS });
    const restored = await model.events({ filters: { ...DEFAULT_FILTERS, query: '   ' }, restore: true });
    assert.equal(restored.restored, true);
    assert.equal(restored.eventsJson, first.eventsJson);
    assert.equal(restored.nextCursor, first.nextCursor);
    assert.equal(count(EVENTS), 1);
    const other = await model.events({ filters: PROD, restore: true });
    assert.equal(other.restored, undefined, 'other filters: fetched');
    assert.equal(count(EVENTS), 2);
    assert.deepEqual(model.filters, PROD, 'the cache follows the latest first page');
  });

  it('restore with nothing cached fetches', async () => {
    const answer = await newModel().events({ filters: DEFAULT_FILTERS, restore: true });
    assert.equal(answer.count, 100);
    assert.equal(answer.restored, undefined);
  });

  it('next pages are appended to the cache; the same next page asked twice is one request', async () => {
    const model = newModel();
    const first = await model.events({ filters: DEFAULT_FILTERS });
    const [a, b] = await Promise.all([model.events({ filters: DEFAULT_FILTERS, cursor: first.nextCursor }), model.events({ filters: DEFAULT_FILTERS, cursor: first.nextCursor })]);
    assert.equal(a, b);
    assert.equal(count(EVENTS), 2);
    const ids = [...decodeEvents(first.eventsJson), ...decodeEvents(a.eventsJson)].map((e) => e.id);
    assert.equal(new Set(ids).size, 200);
    const restored = await model.events({ filters: DEFAULT_FILTERS, restore: true });
    assert.deepEqual(
      decodeEvents(restored.eventsJson).map((e) => e.id),
      ids,
    );
    assert.equal(restored.nextCursor, a.nextCursor);
    assert.equal(
      box
        .get()
        .control.requests.list({ path: EVENTS })[1]
        .query.find(([k]) => k === 'cursor')?.[1],
      first.nextCursor,
    );
  });

  it('a next page that does not continue the cache (other filters, an old cursor) is answered but not cached', async () => {
    const model = newModel();
    const first = await model.events({ filters: DEFAULT_FILTERS });
    await model.events({ filters: DEFAULT_FILTERS, cursor: first.nextCursor });
    const stale = await model.events({ filters: DEFAULT_FILTERS, cursor: first.nextCursor });
    assert.equal(stale.count, 100, 'answered');
    assert.equal(model.cache?.events.length, 200, 'an old cursor is not appended twice');
    const prod = await model.events({ filters: PROD, cursor: first.nextCursor });
    assert.equal(prod.count > 0, true);
    assert.equal(model.cache?.events.length, 200, 'other filters are not appended');
  });

  it('a new first page aborts every events request still on its way; only the newest lands in the cache', async () => {
    box.get().control.faults.add({ path: 'events/$', latencyMs: 300, count: 2 });
    const model = newModel();
    const old = model.events({ filters: DEFAULT_FILTERS });
    await pause(20);
    const oldNext = model.events({ filters: DEFAULT_FILTERS, cursor: '0:100:0' });
    await pause(20);
    const newer = model.events({ filters: PROD });
    await assert.rejects(old, (e: unknown) => isAbortError(e));
    await assert.rejects(oldNext, (e: unknown) => isAbortError(e));
    const answer = await newer;
    assert.ok(answer.count > 0);
    assert.deepEqual(model.filters, PROD);
    assert.equal(model.cache?.events.length, answer.count);
    assert.ok(model.cache!.events.every((e) => e.tags.some((t) => t.key === 'environment' && t.value === 'production')));
    assert.equal(count(EVENTS), 3, 'three requests, two of them aborted');
  });

  it("the caller's cancellation (a token through signalFrom) ends only its own request", async () => {
    box.get().control.faults.add({ path: 'events/$', latencyMs: 300, count: 1 });
    const model = newModel();
    const cancel = new AbortController();
    const token = {
      isCancellationRequested: false,
      onCancellationRequested: (l: (e: unknown) => unknown) => (cancel.signal.addEventListener('abort', l), { dispose: () => cancel.signal.removeEventListener('abort', l) }),
    };
    const { signal, dispose } = signalFrom(token);
    const mine = model.events({ filters: DEFAULT_FILTERS }, signal);
    const started = Date.now();
    setTimeout(() => cancel.abort(), 30);
    await assert.rejects(mine, (e: unknown) => isAbortError(e));
    dispose();
    assert.ok(Date.now() - started < 250, 'did not wait for the answer');
    assert.equal(model.cache, undefined);
    const next = await model.events({ filters: DEFAULT_FILTERS });
    assert.equal(next.count, 100, 'the model still works');
  });

  it('the cache stops growing at its bound and keeps its cursor, so a re-shown page loads the rest again', async () => {
    let pageChars = 0;
    const convert: PageConverter = (items, full) => {
      const events = items.map((e) => toEventData(e, full));
      const json = JSON.stringify(events);
      pageChars = json.length;
      return { events, json };
    };
    const model = newModel({ convert, maxCacheChars: 1 });
    const first = await model.events({ filters: DEFAULT_FILTERS });
    assert.ok(pageChars > 1);
    assert.equal(model.cache?.events.length, 100, 'a first page is always kept');
    await model.events({ filters: DEFAULT_FILTERS, cursor: first.nextCursor });
    assert.equal(model.cache?.events.length, 100, 'past the bound: not appended');
    assert.equal(model.cache?.nextCursor, first.nextCursor, 'the cursor after what is kept');

    const roomy = newModel({ convert, maxCacheChars: 10_000_000 });
    const f = await roomy.events({ filters: DEFAULT_FILTERS });
    await roomy.events({ filters: DEFAULT_FILTERS, cursor: f.nextCursor });
    assert.equal(roomy.cache?.events.length, 200);
    assert.equal(roomy.cache?.chars, f.eventsJson.length + pageChars);
  });

  it('the converter shapes what crosses to the page (full events carry their exceptions)', async () => {
    const model = newModel();
    const answer = await model.events({ filters: { ...DEFAULT_FILTERS, full: true } });
    const events = decodeEvents(answer.eventsJson);
    assert.ok(events.some((e) => (e.exceptions?.length ?? 0) > 0));
    assert.deepEqual(box.get().control.requests.list({ path: EVENTS })[0].query, [
      ['statsPeriod', '90d'],
      ['full', 'true'],
    ]);
  });

  it('reset() (another account) aborts what is on its way and forgets the cache', async () => {
    const model = newModel();
    await model.events({ filters: DEFAULT_FILTERS });
    box.get().control.faults.add({ path: 'events/$|tags/', latencyMs: 300, count: 2 });
    const events = model.events({ filters: PROD });
    const tag = model.tag({ key: 'environment', environments: [] });
    await pause(30);
    model.reset();
    await assert.rejects(events, (e: unknown) => isAbortError(e));
    await assert.rejects(tag, (e: unknown) => isAbortError(e));
    assert.equal(model.cache, undefined);
    const restored = await model.events({ filters: DEFAULT_FILTERS, restore: true });
    assert.equal(restored.restored, undefined, 'nothing of the previous account is restored');
  });

  it('an answer that completes during a reset is handed to its caller but not cached', async () => {
    const convert: PageConverter = (items, full) => {
      model.reset(); // the session changed just as the answer arrived
      const events = items.map((e) => toEventData(e, full));
      return { events, json: JSON.stringify(events) };
    };
    const model = newModel({ convert });
    const answer = await model.events({ filters: DEFAULT_FILTERS });
    assert.equal(answer.count, 100);
    assert.equal(model.cache, undefined);
  });

  it("tag: one page of a key's values, with environments and cursor as asked", async () => {
    const model = newModel();
    const env = await model.tag({ key: 'environment', environments: [] });
    assert.equal(env.key, 'environment');
    assert.ok(env.topValues.length > 0);
    const release = await model.tag({ key: 'release', environments: ['production'], cursor: '0:9:0' });
    assert.equal(release.key, 'release');
    const q = box.get().control.requests.list({ path: TAGS })[1].query;
    assert.deepEqual(q, [
      ['environment', 'production'],
      ['cursor', '0:9:0'],
    ]);
  });

  it('abortTags() (the page was hidden) ends tag requests but not events requests', async () => {
    box.get().control.faults.add({ path: 'tags/|events/$', latencyMs: 300, count: 2 });
    const model = newModel();
    const tag = model.tag({ key: 'browser', environments: [] });
    const events = model.events({ filters: DEFAULT_FILTERS });
    await pause(30);
    model.abortTags();
    await assert.rejects(tag, (e: unknown) => isAbortError(e));
    assert.equal((await events).count, 100);
  });

  it('signed out: a SignedOutError and no request', async () => {
    const model = new EventsModel(BIG, { getClient: async () => undefined, convert: eventPage, tagData: toTagData });
    await assert.rejects(model.events({ filters: DEFAULT_FILTERS }), SignedOutError);
    await assert.rejects(model.tag({ key: 'release', environments: [] }), SignedOutError);
    assert.equal(count(EVENTS) + count(TAGS), 0);
  });

  it('dispose aborts what is on its way; later requests are cancelled without a request', async () => {
    box.get().control.faults.add({ path: 'events/$', latencyMs: 300, count: 1 });
    const model = newModel();
    const pending = model.events({ filters: DEFAULT_FILTERS });
    await pause(30);
    model.dispose();
    model.dispose();
    await assert.rejects(pending, (e: unknown) => isAbortError(e));
    await assert.rejects(model.events({ filters: DEFAULT_FILTERS }), (e: unknown) => isAbortError(e));
    await assert.rejects(model.tag({ key: 'release', environments: [] }), (e: unknown) => isAbortError(e));
    assert.equal(count(EVENTS), 1);
    assert.equal(count(TAGS), 0);
  });

  it("with eventPage (the panel's converter) a server that sends 1,000 events to one page is answered and cached as one bounded page", async () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      id: String(9_000_000 + i),
      eventID: `${i}`.padStart(32, 'a'),
      groupID: BIG.issueId,
      dateCreated: '2024-01-01T00:00:00Z',
      message: 'm'.repeat(2000),
      title: 'Overflow',
      tags: [],
    }));
    box.get().control.faults.add({ path: 'events/$', count: 1, respond: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) } });
    const model = newModel();
    const answer = await model.events({ filters: DEFAULT_FILTERS });
    assert.equal(answer.count, 100);
    assert.ok(answer.eventsJson.length <= MAX_PAGE_CHARS);
    assert.equal(model.cache?.events.length, 100);
    assert.equal(model.cache?.chars, answer.eventsJson.length);
  });

  it("answer(): one response per request, with the request's id and method; failures as the tree's actions; cancellation as kind cancelled", async () => {
    const model = newModel();
    const ok = await model.answer({ type: 'request', id: 7, method: 'events', params: { filters: DEFAULT_FILTERS } });
    assert.equal(ok.id, 7);
    assert.equal(ok.method, 'events');
    assert.ok(ok.ok && 'eventsJson' in ok.result && decodeEvents(ok.result.eventsJson).length === 100);
    const tag = await model.answer({ type: 'request', id: 8, method: 'tag', params: { key: 'environment', environments: [] } });
    assert.ok(tag.ok && tag.method === 'tag' && 'topValues' in tag.result && tag.result.key === 'environment');

    box.get().control.faults.add({ path: 'events/$', status: 401, count: 1 });
    const denied = await model.answer({ type: 'request', id: 9, method: 'events', params: { filters: PROD } });
    assert.equal(denied.ok, false);
    if (!denied.ok) {
      assert.equal(denied.id, 9);
      assert.equal(denied.error.kind, 'unauthorized');
      assert.deepEqual(denied.error.actions, ['signIn', 'retry']);
    }

    box.get().control.faults.add({ path: 'events/$', latencyMs: 300, count: 1 });
    const slow: RequestMessage = { type: 'request', id: 10, method: 'events', params: { filters: DEFAULT_FILTERS } };
    const superseded = model.answer(slow);
    await pause(20);
    await model.answer({ ...slow, id: 11 });
    const cancelled = await superseded;
    assert.ok(!cancelled.ok && cancelled.error.kind === 'cancelled' && cancelled.error.actions.length === 0);

    const signedOut = await new EventsModel(BIG, { getClient: async () => undefined, convert: eventPage, tagData: toTagData }).answer({ ...slow, id: 12 });
    assert.ok(!signedOut.ok && signedOut.error.kind === 'signedOut');
    assert.deepEqual(!signedOut.ok && signedOut.error.actions, ['signIn']);
  });

  it('state: the default filters and tab for the issue; a restored state of another issue is not taken', () => {
    const model = newModel();
    assert.deepEqual(model.state, { v: PROTOCOL_VERSION, org: 'acme', issueId: BIG.issueId, issue: { id: BIG.issueId }, filters: DEFAULT_FILTERS, tab: 'events' });
    const other: PanelState = { v: PROTOCOL_VERSION, org: 'acme', issueId: '1', issue: { id: '1' }, filters: PROD, tab: 'tags' };
    assert.equal(newModel({ state: other }).state.issueId, BIG.issueId);
    const own: PanelState = { ...other, issueId: BIG.issueId, issue: { id: BIG.issueId, shortId: 'WEB-FRONTEND-4' } };
    assert.equal(newModel({ state: own }).state, own);
  });

  it("pageReady: the page's saved filters and tab win, header fields the host knows win over the page's copy, anything else is ignored", () => {
    const model = newModel();
    model.setHeader({ id: BIG.issueId, shortId: 'WEB-FRONTEND-4', title: 'From the store' });
    const saved = { v: PROTOCOL_VERSION, org: 'acme', issueId: BIG.issueId, issue: { id: BIG.issueId, title: 'Old title', level: 'error' }, filters: PROD, tab: 'tags' };
    const s = model.pageReady(saved);
    assert.deepEqual(s.filters, PROD);
    assert.equal(s.tab, 'tags');
    assert.deepEqual(s.issue, { ...s.issue, id: BIG.issueId, shortId: 'WEB-FRONTEND-4', title: 'From the store', level: 'error' });
    assert.equal(model.state, s);
    for (const bad of [undefined, { v: 99 }, { ...saved, issueId: '1' }, { ...saved, org: 'other' }, 'state']) {
      assert.equal(model.pageReady(bad), s, JSON.stringify(bad));
    }
  });

  it("pageState: the page's filter and tab changes are kept; a state of another issue is refused", () => {
    const model = newModel();
    const mine: PanelState = { ...model.state, filters: PROD, tab: 'tags' };
    assert.equal(model.pageState(mine), true);
    assert.equal(model.state, mine);
    assert.equal(model.pageState({ ...mine, issueId: '1', filters: DEFAULT_FILTERS }), false);
    assert.equal(model.state, mine);
  });

  it("the host's binding stays whatever the page's state says: the page never says whose the panel is", () => {
    const model = newModel();
    const binding = { baseUrl: 'https://sentry.example.com', account: 'user:1', org: 'acme' };
    model.setBinding(binding);
    assert.equal(model.pageState({ ...model.state, tab: 'tags', binding: { ...binding, baseUrl: 'https://evil.example' } }), true);
    assert.deepEqual(model.state.binding, binding);
    assert.equal(model.state.tab, 'tags');
    const { binding: _b, ...without } = model.state;
    model.pageState(without);
    assert.deepEqual(model.state.binding, binding);
    assert.deepEqual(model.pageReady({ ...without, binding: { ...binding, account: 'user:2' } }).binding, binding);
    model.setBinding(undefined);
    assert.equal('binding' in model.state, false);
  });

  it('setHeader merges over what is known and keeps the id; fallbackPermalink names the org and issue, encoded', () => {
    const model = newModel();
    model.setHeader({ id: BIG.issueId, shortId: 'WEB-FRONTEND-4', permalink: 'https://x/1' });
    const h = model.setHeader({ id: 'not-this-one', title: 'T' });
    assert.deepEqual(h, { id: BIG.issueId, shortId: 'WEB-FRONTEND-4', permalink: 'https://x/1', title: 'T' });
    assert.equal(model.fallbackPermalink('https://sentry.example'), `https://sentry.example/organizations/acme/issues/${BIG.issueId}/`);
    assert.equal(
      new EventsModel({ org: 'a/b', issueId: '1' }, { getClient: async () => undefined, convert: eventPage, tagData: toTagData }).fallbackPermalink('https://s'),
      'https://s/organizations/a%2Fb/issues/1/',
    );
  });
});
