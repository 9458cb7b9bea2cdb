import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient } from '../../../src/api/http';
import { SentryClient } from '../../../src/api/client';
import { OAuthEndpoints } from '../../../src/api/oauth';
import { BadRequestError, CutOffBodyError } from '../../../src/api/errors';
import { OrganizationListSchema } from '../../../src/model/organization/schema';
import { presentError } from '../../../src/contracts/errorPresentation';
import { clientFor, useSandbox } from './sandbox';

const ORG = 'acme';
const EVENTS_PATH = '/events/$';

describe('API client against the sandbox: failures', () => {
  const box = useSandbox();
  const issueId = () => box.get().seed.bigIssue.id;
  const events = (c: SentryClient) => c.listIssueEvents(ORG, issueId(), { perPage: 5 });
  const countTo = (re: string) =>
    box
      .get()
      .control.requests.list()
      .filter((r) => new RegExp(re).test(r.path)).length;

  it('401 (expired or revoked): UnauthorizedError saying to sign in again', async () => {
    const sb = box.get();
    const t = sb.control.credentials.addToken({ scopes: ['event:read'], expiresAt: sb.control.clock.now() + 1000 });
    sb.control.clock.advance(2000);
    const err = await events(clientFor(sb, { kind: 'bearer', token: t.token })).catch((e) => e);
    assert.equal(err.kind, 'unauthorized');
    assert.equal(err.detail, 'Token expired');
    assert.match(err.message, /Sign in again/);
    const r = sb.control.credentials.addToken({ scopes: ['event:read'] });
    sb.control.credentials.revokeToken(r.token);
    await assert.rejects(events(clientFor(sb, { kind: 'bearer', token: r.token })), { kind: 'unauthorized', detail: 'Invalid token' });
  });

  it('401 then onUnauthorized: retried once with the fresh credential', async () => {
    const sb = box.get();
    const good = { kind: 'bearer' as const, token: sb.defaults.authToken };
    let calls = 0;
    const c = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: 'stale' }), onUnauthorized: async () => (calls++, good) });
    assert.equal((await events(c)).items.length, 5);
    assert.equal(calls, 1);
    const never = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: 'stale' }), onUnauthorized: async () => (calls++, { kind: 'bearer', token: 'also-stale' }) });
    await assert.rejects(events(never), { kind: 'unauthorized' });
    assert.equal(calls, 2, 'a second 401 does not refresh again');
  });

  it('403 names the scopes each operation needs', async () => {
    const sb = box.get();
    const t = sb.control.credentials.addToken({ scopes: ['org:read'] });
    const c = clientFor(sb, { kind: 'bearer', token: t.token });
    const e1 = await events(c).catch((e) => e);
    assert.equal(e1.kind, 'forbidden');
    assert.deepEqual(e1.neededScopes, ['event:admin', 'event:read', 'event:write']);
    assert.match(e1.message, /event:admin, event:read or event:write/);
    const e2 = await c.listProjectIssues(ORG, 'web-frontend').catch((e) => e);
    assert.deepEqual(e2.neededScopes, ['event:read']);
    const e3 = await c.getTagDetails(ORG, issueId(), 'browser').catch((e) => e);
    assert.deepEqual(e3.neededScopes, ['event:admin', 'event:read', 'event:write']);
  });

  it('404 names what was not found', async () => {
    const err = await clientFor(box.get())
      .listProjectIssues(ORG, 'no-such-project')
      .catch((e) => e);
    assert.equal(err.kind, 'notFound');
    assert.match(err.message, /Project "no-such-project" in organization "acme"/);
  });

  it('410 on the deprecated endpoint: GoneError with the deprecation date and replacement', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/issues/$', gone: true });
    const err = await clientFor(sb)
      .listProjectIssues(ORG, 'web-frontend')
      .catch((e) => e);
    assert.equal(err.kind, 'gone');
    assert.ok(err.deprecationDate);
    assert.match(err.message, /no longer offers this endpoint/);
  });

  it("410: the deprecation date as Sentry's decorator sends it (datetime.isoformat) shows as its day; a header that is no date is left out", async () => {
    const sb = box.get();
    sb.control.endpoints.set({ projectIssues: 410 });
    const err = await clientFor(sb)
      .listProjectIssues(ORG, 'web-frontend')
      .catch((e) => e);
    assert.match(err.deprecationDate, /^\d{4}-\d{2}-\d{2}T00:00:00\+00:00$/, 'the sandbox sends what Python writes');
    assert.ok(err.message.includes(`deprecated on ${err.deprecationDate.slice(0, 10)})`), err.message);
    sb.control.endpoints.set({ projectIssues: 'ok' });
    sb.control.faults.add({
      path: '/issues/$',
      respond: { status: 410, headers: { 'x-sentry-deprecation-date': `<b>soon</b> ${'x'.repeat(5000)}` }, body: '{"message":"This API no longer exists."}' },
      count: 1,
    });
    const hostile = await clientFor(sb)
      .listProjectIssues(ORG, 'web-frontend')
      .catch((e) => e);
    assert.equal(hostile.kind, 'gone');
    assert.doesNotMatch(hostile.message, /soon|xxxx/);
    assert.match(hostile.message, /it was deprecated\)/);
  });

  it('400 with Sentry\'s timeout detail (handle_query_errors) is a transient failure: its own kind and words, retried later, not "change the search"', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/issues/$', snubaTimeout: true, count: 1 });
    const err = await clientFor(sb)
      .listOrganizationIssues(ORG, { query: 'stack.filename:"*a/b.ts"' })
      .catch((e) => e);
    assert.equal(err.status, 400);
    assert.equal(err.kind, 'queryTimeout');
    assert.match(err.message, /timed out/);
    assert.match(err.message, /Query timeout\. Please try again\./, "Sentry's own words, trimmed");
    assert.doesNotMatch(err.message, /refused/);
    assert.deepEqual(presentError(err).actions, ['retry', 'showLog']);
    assert.equal(countTo('/issues/$'), 1, 'not retried at once');
    for (const detail of [
      'Query timeout. Please try with a smaller date range or fewer conditions.',
      'Query timeout. Please try again. If the problem persists try a smaller date range or fewer projects.',
    ]) {
      assert.equal(new BadRequestError(detail, 400).kind, 'queryTimeout', detail);
    }
    assert.equal(new BadRequestError('Error parsing search query: unknown key', 400).kind, 'badRequest');
  });

  it("400 carries the server's detail and is never retried", async () => {
    const sb = box.get();
    const err = await clientFor(sb)
      .listProjectIssues(ORG, 'web-frontend', { query: 'is:bogus' })
      .catch((e) => e);
    assert.equal(err.kind, 'badRequest');
    assert.match(err.message, /Error parsing search query/);
    assert.equal(countTo('/issues/$'), 1);
  });

  it('5xx: GETs retried twice with backoff, then ServerError with the errorId', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: EVENTS_PATH, status: 503 });
    const err = await events(clientFor(sb)).catch((e) => e);
    assert.equal(err.kind, 'server');
    assert.match(err.errorId, /^[0-9a-f]{32}$/);
    assert.match(err.message, new RegExp(err.errorId));
    assert.equal(countTo(EVENTS_PATH), 3);
  });

  it('a 5xx followed by success is invisible to the caller', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: EVENTS_PATH, status: 500, count: 2 });
    assert.equal((await events(clientFor(sb))).items.length, 5);
    assert.equal(countTo(EVENTS_PATH), 3);
  });

  it('POSTs (token endpoint) are never retried', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/oauth/token/$', status: 502 });
    const oauth = new OAuthEndpoints(new HttpClient({ baseUrl: sb.url, retryBaseDelayMs: 5 }), { clientId: sb.defaults.clientId });
    await assert.rejects(oauth.refresh('whatever'), { kind: 'server' });
    assert.equal(countTo('^/oauth/token/$'), 1);
  });

  it('connection reset: retried, then NetworkError', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: EVENTS_PATH, reset: true });
    const err = await events(clientFor(sb)).catch((e) => e);
    assert.equal(err.kind, 'network');
    assert.match(err.message, /Could not reach/);
    assert.equal(countTo(EVENTS_PATH), 3);
  });

  it('connection refused: NetworkError naming the server', async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    const c = new SentryClient({ baseUrl: `http://127.0.0.1:${port}`, retryBaseDelayMs: 1, credential: async () => ({ kind: 'bearer', token: 't' }) });
    const err = await c.listOrganizations().catch((e) => e);
    assert.equal(err.kind, 'network');
    assert.match(err.message, /connection refused/);
  });

  it('timeout: TimeoutError after timeoutMs, not retried', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: EVENTS_PATH, latencyMs: 600 });
    const started = Date.now();
    const err = await events(clientFor(sb, undefined, { timeoutMs: 150 })).catch((e) => e);
    assert.equal(err.kind, 'timeout');
    assert.ok(Date.now() - started < 550, 'gave up at the deadline');
    assert.equal(countTo(EVENTS_PATH), 1);
  });

  it("a caller's abort is silent: an AbortError, not an ApiError", async () => {
    const sb = box.get();
    sb.control.faults.add({ path: EVENTS_PATH, latencyMs: 500 });
    const ac = new AbortController();
    const p = clientFor(sb).listIssueEvents(ORG, issueId(), {}, ac.signal);
    setTimeout(() => ac.abort(), 20);
    const err = await p.catch((e) => e);
    assert.equal(err.name, 'AbortError');
  });

  it('a body of the wrong shape: BadResponseError naming the JSON path', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '/issues/$', malformed: 'userCount' });
    const err = await clientFor(sb)
      .listProjectIssues(ORG, 'web-frontend', { limit: 5 })
      .catch((e) => e);
    assert.equal(err.kind, 'badResponse');
    assert.equal(err.path, '[0].userCount');
    assert.match(err.message, /at \[0\]\.userCount/);
  });

  it('a truncated body: a failure that may pass (a cut-off body, or the connection ended early), saying it may have been cut off', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: EVENTS_PATH, truncated: true });
    const err = await events(clientFor(sb)).catch((e) => e);
    assert.ok(err instanceof CutOffBodyError || err.kind === 'network', err.kind);
    assert.match(err.message, /cut off|Could not reach/);
  });

  it('an HTML error page from a proxy: its title becomes the detail', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: EVENTS_PATH, html: true, status: 502 });
    const err = await events(clientFor(sb)).catch((e) => e);
    assert.equal(err.kind, 'server');
    assert.equal(err.status, 502);
  });

  it('429: waits until X-Sentry-Rate-Limit-Reset when it is soon, then succeeds', async () => {
    const sb = box.get();
    sb.control.rateLimit.set({ limit: 2, windowSeconds: 1 });
    const c = clientFor(sb, undefined, { maxRateLimitWaitMs: 3000 });
    // The limiter's windows are whole seconds of the clock: three requests that straddle two of them
    // never exceed the budget (one run in four did). They start as a window does.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    for (let i = 0; i < 3; i++) assert.equal((await events(c)).items.length, 5);
    const statuses = sb.control.requests.list().map((r) => r.status);
    assert.ok(statuses.includes(429), 'the budget was exceeded once');
    assert.equal(statuses.at(-1), 200);
  });

  it('429 with a reset beyond the bound: RateLimitedError with resetAt, at once', async () => {
    const sb = box.get();
    sb.control.rateLimit.set({ limit: 1, windowSeconds: 60 });
    const c = clientFor(sb, undefined, { maxRateLimitWaitMs: 500 });
    await events(c);
    const started = Date.now();
    const err = await events(c).catch((e) => e);
    assert.equal(err.kind, 'rateLimited');
    assert.ok(err.resetAt > Date.now());
    assert.match(err.message, /rate-limiting/);
    assert.ok(Date.now() - started < 400);
  });

  it('reports rate-limit headers with each page', async () => {
    const page = await events(clientFor(box.get()));
    assert.ok(page.rateLimit?.limit && page.rateLimit.remaining !== undefined && page.rateLimit.resetAt);
  });
});

describe('credentials never reach another origin', () => {
  const box = useSandbox({ linkHost: 'acme.localhost' });

  it('Link URLs on another host are never requested: only their cursor is used', async () => {
    const sb = box.get();
    const c = clientFor(sb);
    const first = await c.listIssueEvents(ORG, sb.seed.bigIssue.id, { perPage: 5 });
    assert.ok(first.nextCursor);
    await c.listIssueEvents(ORG, sb.seed.bigIssue.id, { perPage: 5, cursor: first.nextCursor });
    const hosts = sb.control.requests.list().map((r) => r.headers.host);
    assert.deepEqual([...new Set(hosts)], [new URL(sb.url).host]);
  });

  it('a redirect to another origin is not followed with the Authorization header', async () => {
    const sb = box.get();
    // A real server on another port that redirects every request to the sandbox (another origin).
    const seen: string[] = [];
    const redirector = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(302, { location: `${sb.url}${req.url}` }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
      const c = new SentryClient({ baseUrl: base, credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }) });
      const err = await c.listOrganizations().catch((e) => e);
      assert.equal(err.kind, 'foreignRedirect');
      assert.match(err.message, /sentryExplorer\.baseUrl/);
      assert.ok(!err.message.includes(sb.defaults.authToken));
      assert.equal(seen.length, 1);
      assert.equal(sb.control.requests.list().length, 0, 'the other origin got nothing');
    } finally {
      await new Promise((r) => redirector.close(r));
    }
  });

  it('a same-origin redirect is followed with credentials', async () => {
    const sb = box.get();
    const redirector = http.createServer((req, res) => {
      if (req.url?.startsWith('/old')) return res.writeHead(301, { location: req.url.replace('/old', '') }).end();
      // proxy the real answer from the sandbox so the same origin answers
      void fetch(`${sb.url}${req.url}`, { headers: { authorization: req.headers.authorization ?? '' } }).then(async (r) => {
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text());
      });
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
      const h = new HttpClient({ baseUrl: base, credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }) });
      const res = await h.request({ path: '/old/api/0/organizations/', schema: OrganizationListSchema });
      assert.equal(res.data.length, 2);
    } finally {
      await new Promise((r) => redirector.close(r));
    }
  });
});
