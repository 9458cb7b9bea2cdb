// The Event tab's cache of whole events against the sandbox over real HTTP: one request per event
// opened, none when it is opened again (by alias or by id), aliases asked again after new events,
// concurrent asks shared, a small LRU, and nothing kept across a sign-out.
import assert from 'node:assert/strict';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { EventDetailCache } from '../../../../src/eventsPanel/core/eventCache';
import { clientFor, useSandbox } from '../../api/sandbox';

const EVENT_GETS = /^\/api\/0\/organizations\/acme\/issues\/\d+\/events\/[^/]+\/$/;

describe('EventDetailCache (whole events, cached per event id)', () => {
  const box = useSandbox();
  const setup = (max?: number) => {
    const sb = box.get();
    const client = clientFor(sb, { kind: 'bearer', token: sb.defaults.authToken });
    const issue = sb.control.seed.issues.find((i) => i.project.org.slug === 'acme' && i.events.length >= 12)!;
    const cache = new EventDetailCache(issue.id, (ref, envs, signal) => client.getIssueEvent('acme', issue.id, ref, { environment: envs }, signal), parseEventDetail, max);
    const gets = () => sb.control.requests.list({ method: 'GET' }).filter((r) => EVENT_GETS.test(r.path));
    sb.control.requests.clear();
    return { sb, issue, cache, gets };
  };

  it('latest costs one request; the same event again, by alias or by id, costs none', async () => {
    const { issue, cache, gets } = setup();
    const first = await cache.get('latest');
    assert.equal(first.detail.eventID, issue.events[0].eventID);
    assert.equal(gets().length, 1);
    assert.equal(await cache.get('latest'), first);
    assert.equal(await cache.get(issue.events[0].eventID.toUpperCase()), first, 'ids are case-insensitive');
    assert.equal(cache.opened(issue.events[0].eventID), first);
    assert.equal(gets().length, 1, 'no second request');
    assert.equal(first.detailJson, JSON.stringify(first.detail));
  });

  it('previous/next: each new event one request; walking back costs none', async () => {
    const { cache, gets } = setup();
    const latest = await cache.get('latest');
    const prevId = latest.detail.previousEventID!;
    assert.match(prevId, /^[0-9a-f]{32}$/);
    const prev = await cache.get(prevId);
    assert.equal(prev.detail.nextEventID, latest.detail.eventID);
    assert.equal(gets().length, 2);
    await cache.get(prev.detail.nextEventID!);
    assert.equal(gets().length, 2);
  });

  it('the same event asked twice at once is one request', async () => {
    const { cache, gets } = setup();
    const [a, b] = await Promise.all([cache.get('oldest'), cache.get('oldest')]);
    assert.equal(a, b);
    assert.equal(gets().length, 1);
  });

  it('forgetAliases: latest is asked again, and an answer naming a cached event keeps the one parsed', async () => {
    const { cache, gets } = setup();
    const first = await cache.get('latest');
    cache.forgetAliases();
    const again = await cache.get('latest');
    assert.equal(gets().length, 2);
    assert.equal(again, first, 'same event: the secrets numbered for the page stay valid');
  });

  it('an alias is per environment set', async () => {
    const { issue, cache, gets } = setup();
    const env = issue.events[issue.events.length - 1].environment;
    const inEnv = await cache.get('latest', [env]);
    assert.equal(inEnv.detail.eventID, issue.events.find((e) => e.environment === env)!.eventID);
    await cache.get('latest', []);
    await cache.get('latest', [env]);
    assert.equal(gets().length, 2);
  });

  it('keeps at most maxEvents, the least recently used dropped first', async () => {
    const { issue, cache, gets } = setup(2);
    const [a, b, c] = issue.events.slice(0, 3).map((e) => e.eventID);
    await cache.get(a);
    await cache.get(b);
    await cache.get(a); // a is now the most recent
    await cache.get(c); // drops b
    assert.equal(cache.size, 2);
    assert.ok(cache.opened(a) && cache.opened(c) && !cache.opened(b));
    assert.equal(gets().length, 3);
  });

  it('secrets stay in the cache: the page JSON has none, secret(eventId, n) gives each back', async () => {
    const { sb, cache } = setup();
    const issue = sb.control.seed.issues.find((i) => i.project.org.slug === 'acme' && i.events.some((e) => e.url))!;
    const client = clientFor(sb, { kind: 'bearer', token: sb.defaults.authToken });
    const withRequest = new EventDetailCache(issue.id, (ref, envs, signal) => client.getIssueEvent('acme', issue.id, ref, { environment: envs }, signal), parseEventDetail);
    const ev = issue.events.find((e) => e.url)!;
    const opened = await withRequest.get(ev.eventID);
    assert.ok(opened.secrets.length > 0, 'the request entry carries secrets');
    assert.ok(!opened.detailJson.includes('SANDBOXSECRET'), 'no secret in what the page gets');
    assert.ok(opened.secrets.some((s) => s.includes('SANDBOXSECRET')));
    assert.equal(withRequest.secret(ev.eventID, 0), opened.secrets[0]);
    assert.equal(withRequest.secret(ev.eventID, opened.secrets.length), undefined);
    assert.equal(cache.secret(ev.eventID, 0), undefined, 'another issue’s cache knows nothing of it');
  });

  it('clear(): an answer on its way is handed over but not kept', async () => {
    const { sb, cache, issue } = setup();
    sb.control.faults.add({ method: 'GET', path: '/events/latest/', latencyMs: 150, count: 1 });
    const pending = cache.get('latest');
    await new Promise((r) => setTimeout(r, 30));
    cache.clear();
    const opened = await pending;
    assert.equal(opened.detail.eventID, issue.events[0].eventID);
    assert.equal(cache.size, 0);
    assert.equal(cache.opened(issue.events[0].eventID), undefined);
  });
});
