// What a hostile or unusual server sends never costs unbounded time or memory, never
// starts a request loop, and never leaks a credential into a message.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SentryClient } from '../../../src/api/client';
import { ResponseTooLargeError, type ApiError } from '../../../src/api/errors';
import { TOO_DEEP } from '../../../src/util/boundedJson';
import { MAX_TIMER_MS } from '../../../src/util/delay';
import { MAX_RESET_AHEAD_MS } from '../../../src/api/rateLimit';
import { clientFor, useSandbox } from './sandbox';
import { issueJson } from '../builders';

const ORG = 'acme';
const DAY = 86_400_000;

/** A minimal event the schema accepts. */
const event = (i: number) => ({ id: String(i), eventID: `e${i}`, tags: [], dateCreated: '2026-01-01T00:00:00Z', title: 't' });

describe('API client hardening: bounded time and memory', () => {
  const box = useSandbox();
  const issueId = () => box.get().seed.bigIssue.id;
  const countTo = (re: string) =>
    box
      .get()
      .control.requests.list()
      .filter((r) => new RegExp(re).test(r.path)).length;
  // The sandbox applies a `respond` fault only together with `status` (see the report).
  const respond = (path: string, status: number, body: string, headers: Record<string, string> = {}, count?: number) =>
    box.get().control.faults.add({ path, status, count, respond: { status, headers, body } });

  describe('429 waits are clamped and Retry-After dates are honoured', () => {
    it('a Retry-After 25 days away is reported at once, never waited 1 ms (even when the caller allows long waits)', async () => {
      const sb = box.get();
      respond('/events/$', 429, '{"detail":"slow down"}', { 'retry-after': String(25 * 86_400) });
      const slept: number[] = [];
      const c = clientFor(sb, undefined, { maxRateLimitWaitMs: 40 * DAY, sleep: async (ms) => void slept.push(ms) });
      const err = await c.listIssueEvents(ORG, issueId()).catch((e) => e);
      assert.equal(err.kind, 'rateLimited');
      assert.deepEqual(slept, [], 'no timer is given a delay it would overflow');
      assert.equal(countTo('/events/$'), 1, 'one request, not a loop');
    });

    it('every delay given to sleep is a timer-safe number', async () => {
      const sb = box.get();
      respond('/events/$', 429, '{"detail":"slow down"}', { 'retry-after': '2' }, 2);
      const slept: number[] = [];
      const c = clientFor(sb, undefined, { maxRateLimitWaitMs: Number.POSITIVE_INFINITY, sleep: async (ms) => void slept.push(ms) });
      await c.listIssueEvents(ORG, issueId(), { perPage: 1 });
      assert.deepEqual(slept, [2000, 2000]);
      for (const ms of slept) assert.ok(Number.isInteger(ms) && ms >= 0 && ms <= MAX_TIMER_MS);
    });

    for (const [what, headers] of [
      ['a Retry-After of 30 digits', { 'retry-after': '9'.repeat(30) }],
      ['a Retry-After of 400 digits', { 'retry-after': '9'.repeat(400) }],
      ['an X-Sentry-Rate-Limit-Reset beyond the last date JavaScript knows', { 'x-sentry-rate-limit-reset': '99999999999999', 'x-sentry-rate-limit-remaining': '0' }],
      ['an X-Sentry-Rate-Limit-Reset a year away', { 'x-sentry-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 365 * 86_400) }],
    ] as const) {
      it(`${what}: RateLimitedError at once with a finite resetAt at most ${MAX_RESET_AHEAD_MS / DAY} days away`, async () => {
        const sb = box.get();
        respond('/events/$', 429, '"Too many requests"', headers);
        const started = Date.now();
        const err = await clientFor(sb)
          .listIssueEvents(ORG, issueId())
          .catch((e) => e);
        assert.equal(err.kind, 'rateLimited', String(err));
        assert.ok(Number.isFinite(err.resetAt), `resetAt ${err.resetAt}`);
        assert.ok(err.resetAt >= started && err.resetAt <= Date.now() + MAX_RESET_AHEAD_MS, `resetAt ${err.resetAt}`);
        assert.match(err.message, /Try again after \d{4}-/);
        assert.equal(countTo('/events/$'), 1);
      });
    }

    it('an X-Sentry-Rate-Limit-Reset 25 days away: RateLimitedError at once, resetAt as sent', async () => {
      const sb = box.get();
      const resetAt = (Math.floor(Date.now() / 1000) + 25 * 86_400) * 1000;
      respond('/events/$', 429, '"Too many requests"', { 'x-sentry-rate-limit-reset': String(resetAt / 1000) });
      const slept: number[] = [];
      const err = await clientFor(sb, undefined, { maxRateLimitWaitMs: 40 * DAY, sleep: async (ms) => void slept.push(ms) })
        .listIssueEvents(ORG, issueId())
        .catch((e) => e);
      assert.equal(err.kind, 'rateLimited');
      assert.equal(err.resetAt, resetAt);
      assert.deepEqual(slept, []);
      assert.equal(countTo('/events/$'), 1);
    });

    it('Retry-After as an HTTP date: waits until that date', async () => {
      const sb = box.get();
      const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5000);
      respond('/events/$', 429, '{"detail":"slow down"}', { 'retry-after': at.toUTCString() }, 1);
      const slept: number[] = [];
      const c = clientFor(sb, undefined, { sleep: async (ms) => void slept.push(ms) });
      assert.equal((await c.listIssueEvents(ORG, issueId(), { perPage: 1 })).items.length, 1);
      assert.equal(slept.length, 1);
      assert.ok(slept[0] > 4000 && slept[0] <= 6000, `waited ${slept[0]} ms`);
    });

    it('Retry-After as an HTTP date: RateLimitedError.resetAt is that date when it is beyond the wait bound', async () => {
      const sb = box.get();
      const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 30 * 60_000);
      respond('/events/$', 429, '{"detail":"slow down"}', { 'retry-after': at.toUTCString() });
      const err = await clientFor(sb)
        .listIssueEvents(ORG, issueId())
        .catch((e) => e);
      assert.equal(err.kind, 'rateLimited');
      assert.equal(err.resetAt, at.getTime());
      assert.match(err.message, new RegExp(at.toISOString().replace(/[.]/g, '\\.')));
    });
  });

  describe('error bodies are cut before any parsing', () => {
    it('a 200 KB HTML 403 page: ForbiddenError at once with a short detail, read from its first few KiB only', async () => {
      const sb = box.get();
      // Unclosed `<`s made the tag-stripping regex quadratic; a title past the cut is never seen.
      const page = `<html><body>${'<'.repeat(200_000)}<title>LATE</title>`;
      respond('/events/$', 403, page, { 'content-type': 'text/html' });
      const started = performance.now();
      const err = await clientFor(sb)
        .listIssueEvents(ORG, issueId())
        .catch((e) => e);
      const ms = performance.now() - started;
      assert.equal(err.kind, 'forbidden');
      assert.ok((err.detail ?? '').length <= 300);
      assert.notEqual(err.detail, 'LATE');
      console.log(`      (a 200 KB pathological 403 page took ${ms.toFixed(1)} ms end to end)`);
    });
  });

  describe('response bodies have a byte cap', () => {
    it('a body larger than maxResponseBytes by Content-Length: refused with ResponseTooLargeError', async () => {
      const sb = box.get();
      const err = await clientFor(sb, undefined, { maxResponseBytes: 1000 })
        .listIssueEvents(ORG, issueId(), { perPage: 50 })
        .catch((e) => e);
      assert.ok(err instanceof ResponseTooLargeError, String(err));
      assert.equal(err.kind, 'badResponse');
      assert.equal(err.limitBytes, 1000);
      assert.match(err.message, /larger than/);
      assert.equal(countTo('/events/$'), 1, 'not retried');
    });

    it('a body without Content-Length that never ends: refused once past the cap, without reading the rest', async () => {
      let sent = 0;
      let closed!: () => void;
      const done = new Promise<void>((r) => (closed = r));
      const server = http.createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        res.write('[');
        const pump = () => {
          while (!res.destroyed && sent < 512 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        res.on('close', closed);
        pump();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const c = new SentryClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, maxResponseBytes: 1024 * 1024, timeoutMs: 10_000 });
        const err = await c.listOrganizations().catch((e) => e);
        assert.ok(err instanceof ResponseTooLargeError, String(err));
        await done;
        assert.ok(sent < 64 * 1024 * 1024, `the server got to send ${sent} bytes`);
        console.log(`      (the server got to send ${(sent / 1024 / 1024).toFixed(1)} MiB against a 1 MiB cap)`);
      } finally {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    });

    it('the default cap is 16 MiB: a normal page is read; a cap that is not a number falls back to it', async () => {
      const page = await clientFor(box.get()).listIssueEvents(ORG, issueId(), { full: true, perPage: 100 });
      assert.equal(page.items.length, 100);
      const sb = box.get();
      respond('/events/$', 200, JSON.stringify([{ ...event(1), message: 'x'.repeat(17 * 1024 * 1024) }]));
      for (const maxResponseBytes of [undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
        const err = await clientFor(sb, undefined, { maxResponseBytes })
          .listIssueEvents(ORG, issueId())
          .catch((e) => e);
        assert.ok(err instanceof ResponseTooLargeError, `${maxResponseBytes}: ${err}`);
        assert.equal(err.limitBytes, 16 * 1024 * 1024);
      }
    });
  });

  describe('results are cut to the page size asked for', () => {
    it('per_page=1 answered with 100,000 events: one event', async () => {
      const sb = box.get();
      const body = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => event(i)));
      respond('/events/$', 200, body);
      const started = performance.now();
      const heap = process.memoryUsage().heapUsed;
      const page = await clientFor(sb).listIssueEvents(ORG, issueId(), { perPage: 1 });
      assert.equal(page.items.length, 1);
      assert.equal(page.items[0].id, '0');
      console.log(
        `      (${(body.length / 1e6).toFixed(1)} MB of 100,000 events: ${(performance.now() - started).toFixed(0)} ms, heap +${((process.memoryUsage().heapUsed - heap) / 1e6).toFixed(0)} MB)`,
      );
    });

    it('no per_page (server default 100): at most 100 events', async () => {
      const sb = box.get();
      respond('/events/$', 200, JSON.stringify(Array.from({ length: 1000 }, (_, i) => event(i))));
      assert.equal((await clientFor(sb).listIssueEvents(ORG, issueId())).items.length, 100);
    });

    it('project issues, organizations, projects and tag values too', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      const issue = (await c.listProjectIssues(ORG, 'web-frontend', { limit: 1 })).items[0];
      const org = (await c.listOrganizations({ perPage: 1 })).items[0];
      const project = (await c.listProjects(ORG, { perPage: 1 })).items[0];
      const tag = await c.getTagDetails(ORG, issueId(), 'browser');
      respond('/issues/$', 200, JSON.stringify(Array(500).fill(issueJson(issue))));
      respond('^/api/0/organizations/$', 200, JSON.stringify(Array(500).fill(org)));
      respond('/projects/$', 200, JSON.stringify(Array(500).fill(project)));
      respond('/tags/browser/$', 200, JSON.stringify({ ...tag, topValues: Array(5000).fill(tag.topValues[0]) }));
      assert.equal((await c.listProjectIssues(ORG, 'web-frontend', { limit: 3 })).items.length, 3);
      assert.equal((await c.listProjectIssues(ORG, 'web-frontend')).items.length, 100);
      assert.equal((await c.listOrganizations({ perPage: 2 })).items.length, 2);
      assert.equal((await c.listOrganizations()).items.length, 100);
      assert.equal((await c.listProjects(ORG, { perPage: 4 })).items.length, 4);
      assert.equal((await c.listProjects(ORG)).items.length, 100);
      assert.equal((await c.getTagDetails(ORG, issueId(), 'browser')).topValues.length, 1000);
    });
  });

  describe('deeply nested JSON', () => {
    it('statusDetails nested 20,000 levels: the issue is listed, the nesting pruned, and it stringifies', async () => {
      const sb = box.get();
      const issue = (await clientFor(sb).listProjectIssues(ORG, 'web-frontend', { limit: 1 })).items[0];
      const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
      const body = JSON.stringify([{ ...issueJson(issue), statusDetails: '@@' }]).replace('"@@"', deep);
      respond('/issues/$', 200, body);
      const page = await clientFor(sb).listProjectIssues(ORG, 'web-frontend', { limit: 1 });
      const text = JSON.stringify(page.items[0]);
      assert.ok(text.includes(JSON.stringify(TOO_DEEP)));
      assert.ok(text.length < 10_000);
    });

    it('an event field nested 20,000 levels: listed and stringifiable', async () => {
      const sb = box.get();
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      respond('/events/$', 200, JSON.stringify([{ ...event(1), metadata: { x: '@@' } }]).replace('"@@"', deep));
      const page = await clientFor(sb).listIssueEvents(ORG, issueId(), { perPage: 1 });
      assert.doesNotThrow(() => JSON.stringify(page.items));
    });
  });

  describe('path segments from data never escape their place in the URL', () => {
    for (const key of ['..', '.', 'a/b', '', 'key with space', '%2e%2e', 'x'.repeat(201)]) {
      it(`tag key ${JSON.stringify(key.length > 20 ? `${key.slice(0, 8)}…` : key)} is refused before any request`, async () => {
        const sb = box.get();
        await assert.rejects(clientFor(sb).getTagDetails(ORG, issueId(), key), RangeError);
        assert.equal(sb.control.requests.list().length, 0);
      });
    }

    it('valid tag keys pass: sentry:user, browser.name, os', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      for (const key of ['sentry:user', 'browser.name', 'os']) await c.getTagDetails(ORG, issueId(), key).catch((e: ApiError) => assert.equal(e.kind, 'notFound'));
      assert.equal(sb.control.requests.list().length, 3);
    });

    it('an issue id that is not digits and a dot-segment organization or project are refused', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      await assert.rejects(c.getTagDetails(ORG, '..', 'browser'), RangeError);
      await assert.rejects(c.getTagDetails(ORG, '1/../2', 'browser'), RangeError);
      await assert.rejects(c.listIssueEvents('..', issueId()), RangeError);
      await assert.rejects(c.listProjectIssues(ORG, '..'), RangeError);
      await assert.rejects(c.listProjectIssues('.', 'web-frontend'), RangeError);
      await assert.rejects(c.listProjects('..'), RangeError);
      await assert.rejects(c.getOrganization('..'), RangeError);
      await assert.rejects(c.listUserReports(ORG, '..'), RangeError);
      assert.equal(sb.control.requests.list().length, 0);
    });
  });

  describe('transport errors', () => {
    it('a transport error that echoes the Authorization header never reaches the message', async () => {
      const sb = box.get();
      const secret = 'sntrys_SECRET_TOKEN_VALUE';
      const logged: string[] = [];
      const c = clientFor(sb, { kind: 'bearer', token: `${secret}\nX-Injected: 1` }, { onResponse: (i) => logged.push(JSON.stringify(i)) });
      const err = await c.listOrganizations().catch((e) => e);
      assert.equal(err.kind, 'network');
      assert.ok(!err.message.includes('SECRET'), err.message);
      assert.ok(!err.reason.includes('SECRET'), err.reason);
      assert.ok(!logged.join('').includes('SECRET'));
      assert.equal(sb.control.requests.list().length, 0);
    });
  });
});

describe('API client hardening: 401 with a code, 403 with scopes', () => {
  const box = useSandbox();
  const issueId = () => box.get().seed.bigIssue.id;
  const respond = (path: string, status: number, body: string) => box.get().control.faults.add({ path, status, respond: { status, body } });

  const codes = [
    ['sso-required', 'Must login via SSO', /single sign-on.*complete it in the browser, then retry/],
    ['2fa-required', 'Organization requires two-factor authentication to be enabled', /two-factor authentication.*then retry/],
    ['sudo-required', 'Account verification required.', /confirm your identity.*then retry/],
  ] as const;
  for (const [code, message, says] of codes) {
    it(`401 {detail:{code:"${code}"}}: UnauthorizedError with that code, no token refresh`, async () => {
      const sb = box.get();
      respond('/events/$', 401, JSON.stringify({ detail: { code, message, extra: { loginUrl: '/auth/login/acme/' } } }));
      let refreshes = 0;
      const c = new SentryClient({
        baseUrl: sb.url,
        credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }),
        onUnauthorized: async () => (refreshes++, { kind: 'bearer', token: 'fresh' }),
      });
      const err = await c.listIssueEvents(ORG, issueId()).catch((e) => e);
      assert.equal(err.kind, 'unauthorized');
      assert.equal(err.code, code);
      assert.match(err.detail, new RegExp(message.replace(/[.]/g, '\\.')));
      assert.match(err.message, says);
      assert.doesNotMatch(err.message, /expired/);
      assert.equal(err.loginUrl, '/auth/login/acme/');
      assert.equal(refreshes, 0, 'an SSO/2FA/sudo 401 is not an expired token');
      assert.equal(sb.control.requests.list().length, 1);
    });
  }

  it('an unknown detail code is kept as the code; a plain 401 has none and still refreshes', async () => {
    const sb = box.get();
    respond('/events/$', 401, JSON.stringify({ detail: { code: 'member-disabled', message: 'Disabled' } }));
    const e1 = await clientFor(sb)
      .listIssueEvents(ORG, issueId())
      .catch((e) => e);
    assert.equal(e1.code, 'member-disabled');
    assert.match(e1.message, /member-disabled/);
    sb.control.faults.clear();
    let refreshes = 0;
    const c = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: 'stale' }), onUnauthorized: async () => (refreshes++, undefined) });
    const e2 = await c.listIssueEvents(ORG, issueId()).catch((e) => e);
    assert.equal(e2.kind, 'unauthorized');
    assert.equal(e2.code, undefined);
    assert.match(e2.message, /Sign in again/);
    assert.equal(refreshes, 1);
  });

  it('403 when a needed scope is missing: names the scopes and quotes the detail', async () => {
    const sb = box.get();
    const t = sb.control.credentials.addToken({ scopes: ['org:read'] });
    const c = clientFor(sb, { kind: 'bearer', token: t.token }, { grantedScopes: () => ['org:read'] });
    const err = await c.listIssueEvents(ORG, issueId()).catch((e) => e);
    assert.equal(err.kind, 'forbidden');
    assert.deepEqual(err.missingScopes, ['event:admin', 'event:read', 'event:write']);
    assert.match(err.message, /event:admin, event:read or event:write/);
    assert.match(err.message, /You do not have permission to perform this action/);
  });

  it('403 for a token limited to another organization that has the scope: says so, asks for no scope', async () => {
    const sb = box.get();
    const t = sb.control.credentials.addToken({ scopes: ['org:read', 'event:read'], org: 'globex' });
    const c = clientFor(sb, { kind: 'bearer', token: t.token }, { grantedScopes: () => ['org:read', 'event:read'] });
    const err = await c.listIssueEvents(ORG, issueId()).catch((e) => e);
    assert.equal(err.kind, 'forbidden');
    assert.deepEqual(err.missingScopes, []);
    assert.deepEqual(err.neededScopes, ['event:admin', 'event:read', 'event:write']);
    assert.match(err.message, /You do not have permission to perform this action/);
    assert.match(err.message, /another organization/);
    assert.doesNotMatch(err.message, /needs a token with|granting that scope/);
  });

  it('403 with the granted scopes unknown: every needed scope counts as missing', async () => {
    const sb = box.get();
    respond('/events/$', 403, '{"detail":"Nope"}');
    const err = await clientFor(sb)
      .listIssueEvents(ORG, issueId())
      .catch((e) => e);
    assert.deepEqual(err.missingScopes, ['event:admin', 'event:read', 'event:write']);
    assert.match(err.message, /Nope/);
  });
});
