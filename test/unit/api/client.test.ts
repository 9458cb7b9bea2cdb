import assert from 'node:assert/strict';
import { collect } from '../../../src/api/paging';
import { MAX_HASHES } from '../../../src/api/client';
import { PLAIN_READING, exceptionValues, readFrame, stackFrames } from '../../../src/model/event/frame';
import { clientFor, lastQuery, describeEachProfile, useSandbox } from './sandbox';

describeEachProfile('API client against the sandbox: operations and parameters', (profile) => {
  const box = useSandbox({ profile });
  const ORG = 'acme';

  it("the rate-limit budget of an answer: the limiter's headers on sentry.io; none from a self-hosted server, which runs no limiter (src/sentry/middleware/ratelimit.py)", async () => {
    const sb = box.get();
    const page = await clientFor(sb).listOrganizationIssues(ORG, { project: ['web-frontend'], limit: 1 });
    if (profile === 'sentry-io') {
      assert.equal(page.rateLimit?.limit, 1000);
      assert.equal(typeof page.rateLimit?.remaining, 'number');
    } else assert.equal(page.rateLimit, undefined, 'no budget read from a server that sends none');
  });

  describe("list an issue's events (4.4)", () => {
    const issueId = () => box.get().seed.bigIssue.id;

    it('sends every parameter exactly, environment repeated', async () => {
      const sb = box.get();
      await clientFor(sb).listIssueEvents(ORG, issueId(), {
        start: '2026-01-01T00:00:00Z',
        end: '2026-12-31T00:00:00Z',
        environment: ['production', 'staging'],
        full: true,
        sample: true,
        query: 'release:1.0 AND browser:Chrome',
        perPage: 25,
        cursor: '0:25:0',
      });
      assert.deepEqual(lastQuery(sb, /\/events\/$/), [
        ['start', '2026-01-01T00:00:00Z'],
        ['end', '2026-12-31T00:00:00Z'],
        ['environment', 'production'],
        ['environment', 'staging'],
        ['full', 'true'],
        ['sample', 'true'],
        ['query', 'release:1.0 AND browser:Chrome'],
        ['cursor', '0:25:0'],
        ['per_page', '25'],
      ]);
    });

    it('statsPeriod overrides start and end: they are not sent with it', async () => {
      const sb = box.get();
      await clientFor(sb).listIssueEvents(ORG, issueId(), { statsPeriod: '14d', start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z' });
      assert.deepEqual(lastQuery(sb, /\/events\/$/), [['statsPeriod', '14d']]);
    });

    it('rejects a malformed stats period and page size before sending', async () => {
      const c = clientFor(box.get());
      await assert.rejects(c.listIssueEvents(ORG, issueId(), { statsPeriod: '2 days' }), RangeError);
      await assert.rejects(c.listIssueEvents(ORG, issueId(), { perPage: 101 }), RangeError);
      await assert.rejects(c.listIssueEvents(ORG, 'abc'), RangeError);
      assert.equal(box.get().control.requests.list().length, 0);
    });

    it('full=true brings exception frames with context', async () => {
      const page = await clientFor(box.get()).listIssueEvents(ORG, issueId(), { full: true, perPage: 1 });
      const frames = stackFrames(exceptionValues(page.items[0])[0]).flatMap((f) => readFrame(f, PLAIN_READING) ?? []);
      assert.ok(frames.length > 0);
      assert.ok(frames.some((f) => f.inApp && f.lineNo && f.context?.length));
    });

    it('pages across three and more pages with the async iterator, following next while results="true"', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      let pages = 0;
      let n = 0;
      for await (const page of c.issueEventPages(ORG, issueId(), { perPage: 100, statsPeriod: '90d' })) {
        pages++;
        n += page.items.length;
      }
      const requests = sb.control.requests.list().filter((r) => r.path.endsWith('/events/'));
      assert.ok(pages >= 3, `only ${pages} pages`);
      assert.equal(requests.length, pages);
      assert.equal(new Set((await collect(c.issueEventPages(ORG, issueId(), { perPage: 100, statsPeriod: '90d' }))).map((e) => e.id)).size, n);
      // every request after the first carries the cursor of the previous Link header
      assert.ok(requests.slice(1).every((r) => r.query.some(([k]) => k === 'cursor')));
    });

    it('exposes the next cursor for "Load more"', async () => {
      const c = clientFor(box.get());
      const first = await c.listIssueEvents(ORG, issueId(), { perPage: 10 });
      assert.ok(first.nextCursor);
      const second = await c.listIssueEvents(ORG, issueId(), { perPage: 10, cursor: first.nextCursor });
      assert.equal(second.items.length, 10);
      assert.notDeepEqual(second.items[0].id, first.items[0].id);
    });
  });

  describe("list a project's issues (4.5)", () => {
    it('leaves query out by default (server default is:unresolved) and sends an empty query for all statuses', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      const unresolved = await c.listProjectIssues(ORG, 'web-frontend');
      assert.deepEqual(lastQuery(sb, /\/issues\/$/), []);
      assert.ok(unresolved.items.every((i) => i.status === 'unresolved'));
      const all = await c.listProjectIssues(ORG, 'web-frontend', { query: '' });
      assert.deepEqual(lastQuery(sb, /\/issues\/$/), [['query', '']]);
      assert.ok((all.hits ?? 0) >= (unresolved.hits ?? 0));
    });

    it('statsPeriod: 24h, 14d and the empty string (which disables stats)', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      const day = await c.listProjectIssues(ORG, 'web-frontend', { statsPeriod: '24h', limit: 1 });
      assert.equal(day.items[0].stats['24h'].length, 24);
      const two = await c.listProjectIssues(ORG, 'web-frontend', { statsPeriod: '14d', limit: 1 });
      assert.equal(two.items[0].stats['14d'].length, 14);
      const none = await c.listProjectIssues(ORG, 'web-frontend', { statsPeriod: '', limit: 1 });
      assert.deepEqual(lastQuery(sb, /\/issues\/$/), [
        ['statsPeriod', ''],
        ['limit', '1'],
      ]);
      assert.deepEqual(none.items[0].stats, {});
    });

    it('shortIdLookup is sent as 1 and finds an issue of another project', async () => {
      const sb = box.get();
      const other = sb.seed.issuesOf('api-server')[0];
      const page = await clientFor(sb).listProjectIssues(ORG, 'web-frontend', { query: other.shortId, shortIdLookup: true });
      assert.deepEqual(lastQuery(sb, /\/issues\/$/), [
        ['shortIdLookup', '1'],
        ['query', other.shortId],
      ]);
      assert.equal(page.items[0].project.slug, 'api-server');
    });

    it('sends at most 100 hashes and tells the caller how many were dropped', async () => {
      const sb = box.get();
      const seeded = sb.seed
        .issuesOf('web-frontend')
        .slice(0, 3)
        .map((i) => i.hashes[0]);
      const hashes = [...seeded, ...Array.from({ length: 130 }, (_, i) => i.toString(16).padStart(32, '0'))];
      const page = await clientFor(sb).listProjectIssues(ORG, 'web-frontend', { hashes });
      const sent = lastQuery(sb, /\/issues\/$/).filter(([k]) => k === 'hashes');
      assert.equal(sent.length, MAX_HASHES);
      assert.equal(page.droppedHashes, 33);
      assert.equal(page.items.length, 3);
      await assert.rejects(clientFor(sb).listProjectIssues(ORG, 'web-frontend', { hashes, query: '' }), RangeError);
    });

    it('sort, cursor and limit; X-Hits becomes hits', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      const first = await c.listProjectIssues(ORG, 'web-frontend', { sort: 'freq', limit: 50, query: '' });
      assert.equal(first.items.length, 50);
      assert.ok(first.hits && first.hits > 50);
      const counts = first.items.map((i) => Number(i.count));
      assert.deepEqual(
        counts,
        [...counts].sort((a, b) => b - a),
      );
      await c.listProjectIssues(ORG, 'web-frontend', { sort: 'freq', limit: 50, query: '', cursor: first.nextCursor });
      assert.deepEqual(lastQuery(sb, /\/issues\/$/), [
        ['query', ''],
        ['sort', 'freq'],
        ['cursor', first.nextCursor!],
        ['limit', '50'],
      ]);
    });

    it('lists all 1,500 issues of web-frontend in ceil(N/100) requests', async () => {
      const sb = box.get();
      const all = await collect(clientFor(sb).projectIssuePages(ORG, 'web-frontend', { query: '', limit: 100 }));
      const requests = sb.control.requests.list().filter((r) => r.path.endsWith('/issues/')).length;
      assert.equal(requests, Math.ceil(all.length / 100));
      assert.equal(new Set(all.map((i) => i.id)).size, all.length);
    });
  });

  describe('tag details (4.6), organizations and projects (4.7)', () => {
    it('tag details with environments', async () => {
      const sb = box.get();
      const tag = await clientFor(sb).getTagDetails(ORG, sb.seed.bigIssue.id, 'browser', { environment: ['production', 'staging'] });
      assert.deepEqual(lastQuery(sb, /\/tags\/browser\/$/), [
        ['environment', 'production'],
        ['environment', 'staging'],
      ]);
      assert.equal(tag.key, 'browser');
      assert.ok(tag.topValues.length > 0 && tag.uniqueValues >= tag.topValues.length);
      assert.ok(tag.topValues.reduce((s, v) => s + v.count, 0) <= tag.totalValues);
    });

    it('one whole event: an alias or an id in the path, environment and llmFormat in the query; a ref that could be a path is refused before any request', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      const issue = sb.seed.bigIssue;
      const latest = await c.getIssueEvent(ORG, issue.id, 'latest', { environment: ['production'], llmFormat: 'markdown' });
      assert.deepEqual(lastQuery(sb, /\/events\/latest\/$/), [
        ['environment', 'production'],
        ['llmFormat', 'markdown'],
      ]);
      assert.match(latest.eventID, /^[0-9a-f]{32}$/);
      // Sent either way; a server without llmFormat (self-hosted-2025) ignores it.
      assert.equal(typeof latest.formatted?.content, profile === 'sentry-io' ? 'string' : 'undefined');
      const same = await c.getIssueEvent(ORG, issue.id, latest.eventID);
      assert.equal(same.eventID, latest.eventID);
      const before = sb.control.requests.list().length;
      for (const ref of ['../../projects', 'latest/', 'newest', 'a'.repeat(31), '']) await assert.rejects(c.getIssueEvent(ORG, issue.id, ref), RangeError, ref);
      assert.equal(sb.control.requests.list().length, before, 'no request for a refused ref');
    });

    it('organizations, one organization and projects, paged', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      const orgs = await collect(c.organizationPages());
      assert.deepEqual(orgs.map((o) => o.slug).sort(), ['acme', 'globex']);
      assert.equal((await c.getOrganization('acme')).slug, 'acme');
      const projects = await collect(c.projectPages('acme'));
      assert.deepEqual(projects.map((p) => p.slug).sort(), ['api-server', 'web-frontend', 'worker']);
      const page = await c.listOrganizations({ perPage: 1 });
      assert.equal(page.items.length, 1);
      assert.ok(page.nextCursor);
    });
  });

  describe('credentials: how each kind is sent, and where each is refused', () => {
    it('legacy API key as HTTP Basic with an empty password', async () => {
      const sb = box.get();
      const page = await clientFor(sb, { kind: 'apiKey', key: sb.defaults.apiKey }).listOrganizations();
      assert.deepEqual(
        page.items.map((o) => o.slug),
        ['acme'],
      );
      const sent = sb.control.requests.list().at(-1)!.headers.authorization;
      assert.equal(Buffer.from(sent.replace(/^Basic /, ''), 'base64').toString(), `${sb.defaults.apiKey}:`);
    });

    it('DSN on the user-reports endpoint only', async () => {
      const sb = box.get();
      const c = clientFor(sb, { kind: 'dsn', dsn: sb.defaults.dsn });
      const reports = await c.listUserReports('acme', 'web-frontend');
      assert.ok(Array.isArray(reports.items));
      assert.equal(sb.control.requests.list().at(-1)!.headers.authorization, `DSN ${sb.defaults.dsn}`);
      await assert.rejects(c.listOrganizations(), { kind: 'unauthorized' });
    });

    it('an internal-integration token gets 403 on Retrieve an Organization, which needs a user token', async () => {
      const sb = box.get();
      const t = sb.control.credentials.addToken({ scopes: ['org:read', 'event:read'], kind: 'integration' });
      await assert.rejects(clientFor(sb, { kind: 'bearer', token: t.token }).getOrganization('acme'), { kind: 'forbidden' });
    });
  });
});
