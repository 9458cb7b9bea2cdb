// The events panel's model, against the sandbox over real HTTP: one cache per filter set that a
// re-shown page gets back without a request, pages appended only when they continue it, and
// aborts that keep superseded requests from landing late.
import assert from 'node:assert/strict';
import { DEFAULT_FILTERS, decodeEvents, type EventFilters } from '../../../src/contracts/eventsProtocol';
import { SignedOutError } from '../../../src/contracts/errors';
import { EventsModel, type PageConverter } from '../../../src/store/eventsModel';
import { toEventData } from '../../../src/events/eventData';
import { isAbortError, signalFrom } from '../../../src/util/signal';
import { clientFor, useSandbox } from '../api/sandbox';

const BIG = { org: 'acme', issueId: '4800000007' }; // WEB-FRONTEND-4: 2,400 events
const EVENTS = /^\/api\/0\/organizations\/acme\/issues\/4800000007\/events\/$/;
const TAGS = /^\/api\/0\/organizations\/acme\/issues\/4800000007\/tags\/[^/]+\/$/;
const PROD: EventFilters = { ...DEFAULT_FILTERS, environments: ['production'] };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('EventsModel', () => {
  const box = useSandbox();
  const count = (path: RegExp) => box.get().control.requests.list({ path }).length;
  const newModel = (more: { convert?: PageConverter; maxCacheChars?: number } = {}) => new EventsModel(BIG, { getClient: async () => clientFor(box.get()), ...more });

  it('the first page: events newest first, a next cursor, and the cache holds them', async () => {
    const model = newModel();
    const answer = await model.events({ filters: DEFAULT_FILTERS });
    const events = decodeEvents(answer.eventsJson);
    assert.equal(answer.count, 100);
    assert.equal(events.length, 100);
    assert.ok(answer.nextCursor);
    assert.equal(answer.restored, undefined);
    assert.ok(events.every((e, i) => i === 0 || e.dateCreated <= events[i - 1].dateCreated), 'newest first');
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
    assert.deepEqual(decodeEvents(restored.eventsJson).map((e) => e.id), ids);
    assert.equal(restored.nextCursor, a.nextCursor);
    assert.equal(box.get().control.requests.list({ path: EVENTS })[1].query.find(([k]) => k === 'cursor')?.[1], first.nextCursor);
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

  it('the caller\'s cancellation (a token through signalFrom) ends only its own request', async () => {
    box.get().control.faults.add({ path: 'events/$', latencyMs: 300, count: 1 });
    const model = newModel();
    const cancel = new AbortController();
    const token = { isCancellationRequested: false, onCancellationRequested: (l: (e: unknown) => unknown) => (cancel.signal.addEventListener('abort', l), { dispose: () => cancel.signal.removeEventListener('abort', l) }) };
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
    assert.deepEqual(box.get().control.requests.list({ path: EVENTS })[0].query, [['statsPeriod', '90d'], ['full', 'true']]);
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
    let model!: EventsModel;
    const convert: PageConverter = (items, full) => {
      model.reset(); // the session changed just as the answer arrived
      const events = items.map((e) => toEventData(e, full));
      return { events, json: JSON.stringify(events) };
    };
    model = newModel({ convert });
    const answer = await model.events({ filters: DEFAULT_FILTERS });
    assert.equal(answer.count, 100);
    assert.equal(model.cache, undefined);
  });

  it('tag: one page of a key\'s values, with environments and cursor as asked', async () => {
    const model = newModel();
    const env = await model.tag({ key: 'environment', environments: [] });
    assert.equal(env.key, 'environment');
    assert.ok(env.topValues.length > 0);
    const release = await model.tag({ key: 'release', environments: ['production'], cursor: '0:9:0' });
    assert.equal(release.key, 'release');
    const q = box.get().control.requests.list({ path: TAGS })[1].query;
    assert.deepEqual(q, [['environment', 'production'], ['cursor', '0:9:0']]);
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
    const model = new EventsModel(BIG, { getClient: async () => undefined });
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
});
