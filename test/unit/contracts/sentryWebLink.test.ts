// Sentry web links (src/contracts/sentryWebLink.ts): every host form a signed-in server uses (sentry.io,
// an organization's own domain, a region host, a self-hosted base URL with and without a path prefix),
// each page kind (issue, event, trace, replay), whether the link is the signed-in server's, and that
// anything else is refused without a guess.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isSameServer, normaliseHexId, parseSentryWebLink, type SentryWebLink } from '../../../src/contracts/sentryWebLink';

const EVENT = '9fac2ceed9344f2bbfdd1fdacb0ed9b1';
const TRACE = 'a7d67cf796774551a95be6543cacd459';

function link(text: string, known: string[] = []): SentryWebLink {
  const r = parseSentryWebLink(text, known);
  assert.ok(r.ok, `expected ${text} to parse, got ${JSON.stringify(r)}`);
  return r.link;
}

describe('Sentry web links', () => {
  it('reads an issue on sentry.io by its path-based organization', () => {
    assert.deepEqual(link('https://sentry.io/organizations/acme/issues/1234/'), { server: 'https://sentry.io', saas: true, org: 'acme', resource: { kind: 'issue', issueId: '1234' } });
  });

  it("reads an issue on an organization's own domain, with a tab and a query", () => {
    assert.deepEqual(link('https://acme.sentry.io/issues/1234/tags/?project=42&query=is%3Aunresolved').resource, { kind: 'issue', issueId: '1234', tab: 'tags' });
    assert.equal(link('https://acme.sentry.io/issues/1234/').org, 'acme');
  });

  it('reads a region host with the organization in the path, never the region as an organization', () => {
    const l = link('https://de.sentry.io/organizations/euro/issues/77/');
    assert.equal(l.org, 'euro');
    assert.equal(l.server, 'https://sentry.io');
    assert.deepEqual(parseSentryWebLink('https://us.sentry.io/issues/77/'), { ok: false, reason: 'noOrg' });
  });

  it('reads a short ID in an issue link (Sentry redirects it), upper-cased', () => {
    assert.deepEqual(link('https://acme.sentry.io/issues/checkout-8/').resource, { kind: 'issue', shortId: 'CHECKOUT-8' });
  });

  it("reads an event of an issue: a 32-hex id (a dashed UUID too) or the issue's named events", () => {
    assert.deepEqual(link(`https://acme.sentry.io/issues/1234/events/${EVENT}/`).resource, { kind: 'issue', issueId: '1234', eventId: EVENT });
    assert.deepEqual(link('https://acme.sentry.io/issues/1234/events/9fac2cee-d934-4f2b-bfdd-1fdacb0ed9b1/').resource, { kind: 'issue', issueId: '1234', eventId: EVENT });
    assert.deepEqual(link('https://sentry.io/organizations/acme/issues/1234/events/latest/').resource, { kind: 'issue', issueId: '1234', eventId: 'latest' });
  });

  it('reads an event by its project (Discover and performance links)', () => {
    assert.deepEqual(link(`https://acme.sentry.io/discover/web-frontend:${EVENT}/`).resource, { kind: 'event', project: 'web-frontend', eventId: EVENT });
    assert.deepEqual(link(`https://sentry.io/organizations/acme/performance/backend:${EVENT}/?project=2`).resource, { kind: 'event', project: 'backend', eventId: EVENT });
  });

  it('reads traces in each of their paths, and replays', () => {
    for (const path of [`performance/trace/${TRACE}/`, `traces/trace/${TRACE}/`, `explore/traces/trace/${TRACE}/`]) {
      assert.deepEqual(link(`https://acme.sentry.io/${path}`).resource, { kind: 'trace', traceId: TRACE });
    }
    assert.deepEqual(link(`https://acme.sentry.io/replays/${TRACE}/`).resource, { kind: 'replay', replayId: TRACE });
    assert.deepEqual(link(`https://sentry.io/organizations/acme/explore/replays/${TRACE}/`).resource, { kind: 'replay', replayId: TRACE });
  });

  it("reads the event a trace link names (getTraceDetailsUrl's ?eventId=), and nothing from a query that is no event id", () => {
    const q = `?node=span-0a1b2c3d4e5f6a7b&node=txn-${EVENT}&timestamp=1718000000&eventId=${EVENT.toUpperCase()}&statsPeriod=14d`;
    assert.deepEqual(link(`https://acme.sentry.io/explore/traces/trace/${TRACE}/${q}`).resource, { kind: 'trace', traceId: TRACE, eventId: EVENT, when: { at: 1_718_000_000_000 } });
    for (const bad of ['?eventId=latest', '?eventId=../1', `?eventid=${EVENT}`, '?eventId=']) {
      assert.deepEqual(link(`https://acme.sentry.io/traces/trace/${TRACE}/${bad}`).resource, { kind: 'trace', traceId: TRACE }, bad);
    }
  });

  it("reads the dates a trace link was opened for (getTraceDetailsUrl's timestamp, start/end, statsPeriod), each checked", () => {
    const when = (q: string) => (link(`https://acme.sentry.io/traces/trace/${TRACE}/?${q}`).resource as { when?: unknown }).when;
    assert.deepEqual(when('timestamp=1718000000.25&statsPeriod=14d'), { at: 1_718_000_000_250 });
    assert.deepEqual(when('timestamp=1718000000123'), { at: 1_718_000_000_123 });
    // The page's dates without a zone are UTC; written back in one form.
    assert.deepEqual(when('start=2024-06-01T00:00:00&end=2024-06-03T12:00:00.000Z&statsPeriod=14d'), { start: '2024-06-01T00:00:00.000Z', end: '2024-06-03T12:00:00.000Z' });
    assert.deepEqual(when('statsPeriod=90d'), { statsPeriod: '90d' });
    assert.deepEqual(when('timestamp=-1&statsPeriod=7d'), { statsPeriod: '7d' });
    for (const bad of [
      'timestamp=1e12',
      'timestamp=171800000000000000',
      'start=2024-06-03&end=2024-06-01',
      'start=2024-06-01',
      'start=yesterday&end=today',
      'statsPeriod=14d%0a',
      'statsPeriod=99999d',
      `start=${'2'.repeat(50)}&end=2024-06-01`,
      '',
    ]) {
      assert.equal(when(bad), undefined, bad);
    }
  });

  it('reads the older sentry.io path /{org}/{project}/issues/{id}/', () => {
    const l = link('https://sentry.io/the-interstellar-jurisdiction/pump-station/issues/1/');
    assert.equal(l.org, 'the-interstellar-jurisdiction');
    assert.deepEqual(l.resource, { kind: 'issue', issueId: '1' });
  });

  it('reads a self-hosted server with and without a path prefix', () => {
    const plain = link('https://sentry.acme.corp/organizations/acme/issues/5/');
    assert.deepEqual(plain, { server: 'https://sentry.acme.corp', saas: false, org: 'acme', resource: { kind: 'issue', issueId: '5' } });
    const prefixed = link('https://tools.acme.corp/sentry/organizations/acme/issues/5/');
    assert.equal(prefixed.server, 'https://tools.acme.corp/sentry');
    // Known server whose prefix is itself named like a Sentry page.
    const odd = link('http://127.0.0.1:9000/issues/organizations/acme/issues/5/', ['http://127.0.0.1:9000/issues']);
    assert.equal(odd.server, 'http://127.0.0.1:9000/issues');
    assert.equal(odd.org, 'acme');
    // The older path form only on a server the user uses.
    assert.equal(link('http://127.0.0.1:9000/acme/web/issues/5/', ['http://127.0.0.1:9000']).org, 'acme');
    assert.deepEqual(parseSentryWebLink('https://blog.example.org/acme/web/issues/5/'), { ok: false, reason: 'notSentry' });
  });

  it('refuses what is no link of a Sentry page: other schemes, user info, unknown pages, bad slugs, spaces, long text', () => {
    assert.equal(parseSentryWebLink('javascript:alert(1)').ok, false);
    assert.equal(parseSentryWebLink('file:///etc/passwd').ok, false);
    assert.deepEqual(parseSentryWebLink('https://user:pw@acme.sentry.io/issues/1/'), { ok: false, reason: 'notUrl' });
    assert.deepEqual(parseSentryWebLink('https://acme.sentry.io/settings/'), { ok: false, reason: 'unknownPage' });
    assert.deepEqual(parseSentryWebLink('https://sentry.io/organizations/a%2Fb/issues/1/'), { ok: false, reason: 'noOrg' });
    assert.deepEqual(parseSentryWebLink('https://acme.sentry.io/issues/1/ x'), { ok: false, reason: 'notUrl' });
    assert.deepEqual(parseSentryWebLink(`https://acme.sentry.io/issues/${'1'.repeat(5000)}/`), { ok: false, reason: 'notUrl' });
    // sentry.io over http, or on another port, is not sentry.io.
    assert.deepEqual(parseSentryWebLink('http://acme.sentry.io/issues/1/'), { ok: false, reason: 'notSentry' });
    assert.deepEqual(parseSentryWebLink('https://acme.sentry.io.evil.example/issues/1/'), { ok: false, reason: 'notSentry' });
  });

  it('tells the signed-in server: sentry.io under any of its names, a self-hosted one by origin and prefix', () => {
    const saas = link('https://acme.sentry.io/issues/1/');
    assert.ok(isSameServer(saas, 'https://sentry.io'));
    assert.ok(isSameServer(saas, 'https://de.sentry.io'));
    assert.ok(!isSameServer(saas, 'https://sentry.acme.corp'));
    const self = link('https://tools.acme.corp/sentry/organizations/acme/issues/5/');
    assert.ok(isSameServer(self, 'https://tools.acme.corp/sentry/'));
    assert.ok(!isSameServer(self, 'https://tools.acme.corp'));
    assert.ok(!isSameServer(self, 'https://sentry.io'));
    assert.ok(!isSameServer(link('http://127.0.0.1:9000/organizations/acme/issues/5/'), 'http://127.0.0.1:9001'));
  });

  it('normalises hex ids and refuses the rest', () => {
    assert.equal(normaliseHexId(EVENT.toUpperCase()), EVENT);
    assert.equal(normaliseHexId('9fac2cee-d934-4f2b-bfdd-1fdacb0ed9b1'), EVENT);
    assert.equal(normaliseHexId(EVENT.slice(1)), undefined);
    assert.equal(normaliseHexId(`${EVENT}0`), undefined);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const r = parseSentryWebLink(`https://acme.sentry.io/${s}`, ['http://127.0.0.1:1']);
        if (r.ok) assert.match(r.link.org, /^[a-z0-9_][a-z0-9_.-]*$/);
      }),
    );
  });
});
