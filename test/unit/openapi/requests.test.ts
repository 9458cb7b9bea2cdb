// Contract: what SentryClient sends over real HTTP, read back from the sandbox's request log, against the
// parameters of Sentry's OpenAPI excerpt (names, in query/path, required, each value's schema, repeated
// parameters as arrays); each logged request is replayed and its answer validated too.
import assert from 'node:assert/strict';
import { collect } from '../../../src/api/paging';
import { lookupEventId, lookupShortId } from '../../../src/api/lookups';
import type { Sandbox } from '../../sandbox/index';
import { clientFor, describeEachProfile } from '../api/sandbox';
import { ALLOWANCES, EVENTS_TABLE_PATH, ORG_LIST_PATHS, PATHS, TRIAGE_PATHS } from './allowances';
import { Exchanges } from './exchange';
import { checkRequest, operation, operationFor } from './openapi';
import { withSandbox } from '../withSandbox';

/** Documented query parameters the client has no option for (it never sends them). */
const NOT_SENT_BY_CLIENT: Record<keyof typeof PATHS, string[]> = {
  organizations: ['owner', 'query', 'sortBy'],
  projects: ['query'],
  projectIssues: [],
  issueEvents: [],
  eventDetails: [],
  tagDetails: [],
};

// Every profile (test/sandbox/profiles.ts): what the client sends a self-hosted server holds to the document too.
describeEachProfile('contract: client requests against the OpenAPI document', function (profile) {
  this.timeout(60_000);
  let sb: Sandbox;

  withSandbox({ profile }, (s) => {
    sb = s;
  });

  it('a request outside the document is reported with its path, operation and the ajv error', () => {
    const issues = operation('GET', PATHS.projectIssues);
    const events = operation('GET', PATHS.issueEvents);
    const problems = [
      ...checkRequest(issues, {
        method: 'GET',
        path: '/api/0/projects/acme/web/issues/',
        query: [
          ['sort', 'priority'],
          ['limit', 'ten'],
          ['per_page', '5'],
          ['hashes', 'a'],
          ['hashes', 'b'],
          ['shortIdLookup', '1'],
        ],
      }),
      ...checkRequest(events, {
        method: 'GET',
        path: '/api/0/organizations/acme/issues/1/events/',
        query: [
          ['cursor', ''],
          ['full', 'yes'],
          ['start', '2024-01-01'],
          ['environment', 'a'],
          ['environment', 'b'],
        ],
      }),
    ];
    const label = "GET /api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/ (List a Project's Issues): request GET /api/0/projects/acme/web/issues/?";
    assert.ok(problems[0].startsWith(label), problems[0]);
    const tails = problems.map((p) => p.slice(p.indexOf(': ', p.indexOf('request ')) + 2));
    assert.deepEqual(tails, [
      'query parameter sort="priority": (root) must be equal to one of the allowed values {"allowedValues":["date","new","trends","freq","user","inbox"]}',
      'query parameter limit="ten": (root) must be integer {"type":"integer"}',
      'query parameter "per_page" is not a parameter of this operation',
      'query parameter "hashes" is not an array but was sent 2 times',
      'query parameter shortIdLookup="1": (root) must be boolean {"type":"boolean"}',
      'query parameter cursor="": (root) must NOT have fewer than 1 characters {"limit":1}',
      'query parameter full="yes": (root) must be boolean {"type":"boolean"}',
      'query parameter start="2024-01-01": (root) must match format "date-time" {"format":"date-time"}',
    ]);
    const allowed = checkRequest(
      issues,
      {
        method: 'GET',
        path: '/api/0/projects/acme/web/issues/',
        query: [
          ['hashes', 'a'],
          ['hashes', 'b'],
          ['shortIdLookup', '1'],
        ],
      },
      ALLOWANCES[`GET ${PATHS.projectIssues}`],
    );
    assert.deepEqual(allowed, []);
  });

  it('event details: an event id as `event_id` (the document lists only latest, oldest and recommended) passes with its allowance, nothing else does', () => {
    const op = operation('GET', PATHS.eventDetails);
    const allowance = ALLOWANCES[`GET ${PATHS.eventDetails}`];
    const req = (eventId: string, query: Array<[string, string]> = []) => ({ method: 'GET', path: `/api/0/organizations/acme/issues/4800000007/events/${eventId}/`, query });
    const documented: Array<[string, string]> = [
      ['environment', 'production'],
      ['environment', 'staging'],
      ['llmFormat', 'markdown'],
    ];
    for (const alias of ['latest', 'oldest', 'recommended']) assert.deepEqual(checkRequest(op, req(alias, documented)), [], alias);
    const id = sb.seed.bigIssue.events[1].eventID;
    assert.match(checkRequest(op, req(id)).join('\n'), /path parameter event_id=.* must be equal to one of the allowed values/, 'the document alone refuses an event id');
    assert.deepEqual(checkRequest(op, req(id, documented), allowance), []);
    assert.deepEqual(checkRequest(op, req(id.toUpperCase()), allowance), []);
    for (const bad of ['newest', id.slice(1), 'g'.repeat(32)]) assert.equal(checkRequest(op, req(bad), allowance).length, 1, bad);
    assert.equal(checkRequest(op, req('latest', [['llmFormat', 'html']]), allowance).length, 1, 'llmFormat stays an enum');
  });

  it('every parameter of every operation, as the client sends it, and every answer it got', async () => {
    const c = clientFor(sb);
    const org = 'acme';
    const big = sb.seed.bigIssue;
    const worker = sb.seed.issuesOf('worker');

    await c.listOrganizations();
    await c.listOrganizations({ perPage: 1 });
    await c.listOrganizations({ perPage: 1, cursor: '0:1:0' });
    await collect(c.organizationPages());
    await c.getOrganization(org);

    await c.listProjects(org, { perPage: 2 });
    await c.listProjects(org, { perPage: 2, cursor: '0:2:0' });
    await collect(c.projectPages('globex'));

    for (const statsPeriod of [undefined, '24h', '14d', ''] as const) await c.listProjectIssues(org, 'web-frontend', { statsPeriod, query: '', limit: 3 });
    for (const sort of ['date', 'new', 'freq', 'user', 'trends'] as const) await c.listProjectIssues(org, 'worker', { sort, limit: 2 });
    await c.listProjectIssues(org, 'web-frontend', { shortIdLookup: true, query: worker[0].shortId });
    await c.listProjectIssues(org, 'web-frontend', { hashes: [...big.hashes, 'f'.repeat(32)], statsPeriod: '14d' });
    await c.listProjectIssues(org, 'web-frontend', { hashes: Array.from({ length: 120 }, (_, i) => i.toString(16).padStart(32, '0')) });
    await c.listProjectIssues(org, 'web-frontend', { query: 'is:unresolved level:error', sort: 'freq', limit: 100, cursor: '0:100:0' });
    let pages = 0;
    for await (const _page of c.projectIssuePages(org, 'worker', { limit: 30, query: '' })) if (++pages === 2) break;

    const start = new Date(sb.control.clock.now() - 30 * 86_400_000).toISOString();
    const end = new Date(sb.control.clock.now()).toISOString();
    await c.listIssueEvents(org, big.id, { start, end, environment: ['production', 'staging'], full: true, sample: true, query: 'handled:yes', perPage: 5, cursor: '0:5:0' });
    await c.listIssueEvents(org, big.id, { statsPeriod: '14d', full: false, sample: false, perPage: 1 });
    await c.listIssueEvents(org, big.id, { statsPeriod: '3600s', environment: ['development'] });
    pages = 0;
    for await (const _page of c.issueEventPages(org, big.id, { perPage: 50 })) if (++pages === 3) break;

    const latest = await c.getIssueEvent(org, big.id, 'latest', { environment: ['production', 'staging'], llmFormat: 'markdown' });
    await c.getIssueEvent(org, big.id, 'oldest', { llmFormat: 'xml' });
    await c.getIssueEvent(org, big.id, 'recommended');
    await c.getIssueEvent(org, big.id, latest.previousEventID!, { environment: ['production', 'staging'] });
    await c.getIssue(org, big.id);
    // Open Link's lookups (src/api/lookups.ts), which the debugger's event-only launch shares.
    await lookupEventId(c, org, latest.eventID);
    await lookupShortId(c, org, big.shortId);

    await c.getTagDetails(org, big.id, 'browser');
    await c.getTagDetails(org, big.id, 'sentry:user', { environment: ['production', 'staging'] });
    const first = await c.getTagDetails(org, big.id, 'release', { environment: ['production'] });
    await c.getTagDetails(org, big.id, 'release', { environment: ['production'], cursor: first.nextCursor ?? '0:9:0' });

    await c.listUserReports(org, 'web-frontend');

    const log = sb.control.requests.list({ path: /^\/api\/0\// });
    const ex = new Exchanges(sb);
    for (const entry of log) {
      // The event-id lookup answers 1 request a second (test/sandbox/lookups.ts): its replay comes a second later, not within the client's second.
      if (entry.path.includes('/eventids/')) sb.control.clock.advance(1_000);
      await ex.replay(entry);
    }

    // Coverage: every operation answered, and every documented parameter sent unless the client has no option for it.
    for (const [name, template] of Object.entries(PATHS) as Array<[keyof typeof PATHS, string]>) {
      const op = operation('GET', template);
      const sent = new Set(log.filter((e) => operationFor(e.method, e.path) === op).flatMap((e) => e.query.map(([k]) => k)));
      const unsent = op.parameters.filter((p) => p.in === 'query' && !sent.has(p.name)).map((p) => p.name);
      assert.deepEqual(unsent, NOT_SENT_BY_CLIENT[name], `${op.label}: documented parameters the client never sent`);
      assert.ok(ex.seen.get(`${op.label} 200`), `${op.label} answered 200 at least once`);
    }
    assert.ok(
      log.some((e) => e.query.filter(([k]) => k === 'environment').length === 2),
      'environment sent repeated',
    );
    ex.assertClean();
  });

  it('the organization issues list and environments: every parameter the client sends, and every answer it got', async () => {
    const c = clientFor(sb);
    const org = 'acme';
    const worker = sb.seed.issuesOf('worker');
    const now = sb.control.clock.now();
    await c.listOrganizationIssues(org, { project: ['web-frontend', 'api-server'], environment: ['production', 'staging'], statsPeriod: '14d', groupStatsPeriod: '14d', limit: 5 });
    await c.listOrganizationIssues(org, { start: new Date(now - 7 * 86_400_000).toISOString(), end: new Date(now).toISOString(), groupStatsPeriod: '', query: '', sort: 'freq' });
    await c.listOrganizationIssues(org, { shortIdLookup: true, query: worker[0].shortId, groupStatsPeriod: 'auto' });
    const wildcard = () =>
      c.listOrganizationIssues(org, { project: ['worker'], query: 'is:unresolved stack.filename:"*workers/tasks.py"', sort: 'new', expand: ['inbox', 'owners'], collapse: ['lifetime'] });
    // Every profile's organizations have advanced search (its refusal without it is checked below).
    await wildcard();
    const first = await c.listOrganizationIssues(org, { project: ['web-frontend'], sort: 'date', limit: 2 });
    await c.listOrganizationIssues(org, { project: ['web-frontend'], sort: 'date', limit: 2, cursor: first.nextCursor });
    for (const sort of ['user', 'trends', 'inbox', 'recommended'] as const) await c.listOrganizationIssues(org, { sort, limit: 1 });
    const envs = await c.listEnvironments(org);
    assert.deepEqual(
      envs.map((e) => e.name),
      ['development', 'production', 'staging'],
    );
    const log = sb.control.requests.list({ path: /^\/api\/0\// });
    const ex = new Exchanges(sb);
    for (const entry of log) await ex.replay(entry);
    const op = operation('GET', ORG_LIST_PATHS.orgIssues);
    const sent = new Set(log.filter((e) => operationFor(e.method, e.path) === op).flatMap((e) => e.query.map(([k]) => k)));
    // viewId: a saved search of the web UI, which the extension has no use for.
    assert.deepEqual(
      op.parameters.filter((p) => p.in === 'query' && !sent.has(p.name)).map((p) => p.name),
      ['viewId'],
    );
    assert.ok(ex.seen.get(`${op.label} 200`));
    assert.ok(ex.seen.get(`${operation('GET', ORG_LIST_PATHS.environments).label} 200`));
    sb.control.features.set(org, { remove: ['advanced-search'] });
    sb.control.requests.clear();
    await assert.rejects(wildcard(), /advanced search feature to use wildcard search/);
    for (const entry of sb.control.requests.list({ path: /^\/api\/0\// })) await ex.replay(entry);
    assert.ok(ex.seen.get(`${op.label} 400`), 'the refusal validated too');
    ex.assertClean();
  });

  it('the events table: every parameter the client sends, and every answer it got', async () => {
    const c = clientFor(sb);
    const now = sb.control.clock.now();
    const ids = sb.seed
      .issuesOf('web-frontend')
      .slice(0, 5)
      .map((i) => i.id);
    const fields = ['issue.id', 'stack.filename', 'stack.abs_path', 'stack.lineno', 'stack.in_app', 'last_seen()'];
    const first = await c.listEventsTable('acme', { dataset: 'errors', fields, sort: '-last_seen()', perPage: 2, project: ['4501'], query: `issue.id:[${ids.join(',')}]` });
    await c.listEventsTable('acme', { dataset: 'errors', fields, sort: '-last_seen()', perPage: 2, project: ['4501'], query: `issue.id:[${ids.join(',')}]`, cursor: first.nextCursor });
    await c.listEventsTable('acme', { dataset: 'errors', fields: ['id', 'timestamp'], environment: ['production', 'staging'], statsPeriod: '14d', project: ['4501'] });
    await c.listEventsTable('acme', { dataset: 'errors', fields: ['id'], start: new Date(now - 86_400_000).toISOString(), end: new Date(now).toISOString(), project: ['4502'] });
    const log = sb.control.requests.list({ path: /^\/api\/0\// });
    const ex = new Exchanges(sb);
    for (const entry of log) await ex.replay(entry);
    const op = operation('GET', EVENTS_TABLE_PATH);
    const sent = new Set(log.flatMap((e) => e.query.map(([k]) => k)));
    // allowAggregateConditions: the client never filters by an aggregate.
    assert.deepEqual(
      op.parameters.filter((p) => p.in === 'query' && !sent.has(p.name)).map((p) => p.name),
      ['allowAggregateConditions'],
    );
    assert.ok(ex.seen.get(`${op.label} 200`));
    ex.assertClean();
  });

  it('triage: the writes, members and teams as the client sends them (query and JSON body), and every answer it got', async () => {
    const c = clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken });
    const [a, b, d] = sb.seed.issues.filter((i) => i.project.slug === 'worker' && i.status === 'unresolved');
    await c.updateIssue('acme', a.id, { status: 'resolved', statusDetails: { inNextRelease: true } });
    await c.updateIssue('acme', a.id, { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 5, ignoreWindow: 60 } });
    await c.updateIssue('acme', a.id, { assignedTo: 'user:2', isBookmarked: true, hasSeen: true, inbox: true, priority: 'low' });
    // The organization endpoint names the issues' projects (as ids), or -1, and reads them back by id from the same.
    await c.updateIssues('acme', [a.id, b.id], { status: 'unresolved', substatus: 'ongoing' }, { projects: ['worker'] });
    await c.listIssuesById('acme', [a.id, b.id], ['worker']);
    await c.updateIssues('acme', [b.id], { isBookmarked: false }, { projects: ['-1'] });
    await c.listIssuesById('acme', [b.id], ['-1']);
    await c.updateIssues('acme', [d.id], { assignedTo: '' }, { project: 'worker' });
    await collect(c.memberPages('acme'));
    await collect(c.teamPages('acme'));
    const log = sb.control.requests.list({ path: /^\/api\/0\// });
    const ex = new Exchanges(sb);
    for (const entry of log) await ex.replay(entry);
    for (const [method, template] of [
      ['PUT', TRIAGE_PATHS.issue],
      ['PUT', TRIAGE_PATHS.orgIssues],
      ['PUT', TRIAGE_PATHS.projectIssues],
      ['GET', TRIAGE_PATHS.members],
      ['GET', TRIAGE_PATHS.teams],
    ] as const) {
      assert.ok(ex.seen.get(`${operation(method, template).label} 200`), `${method} ${template} answered 200`);
    }
    assert.equal(sb.control.triage.bulkWithoutIds().count, 0, 'the client never sends a bulk PUT without ids');
    assert.ok(sb.control.triage.writes().every((w) => w.status === 200));
    ex.assertClean();
  });
});
