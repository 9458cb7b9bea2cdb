// Contract: every operation the sandbox implements and Sentry's OpenAPI excerpt describes answers what
// the document's response schema allows, for every seeded organization, project and issue list, and a
// representative issue of every kind for events and tag details. The real payloads of test/fixtures validate too.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { eventDetailSamples, type Sandbox, type SeedIssue } from '../../sandbox/index';
import { eventTags } from '../../sandbox/api';
import { EVENTS_TABLE_PATH, LOOKUP_PATHS, NOT_IN_DOCUMENT, ORG_LIST_PATHS, PATHS, TRIAGE_PATHS } from './allowances';
import { Exchanges } from './exchange';
import { describeEachProfile } from '../api/sandbox';
import { logFields } from '../../../src/model/log/log';
import { checkRequestBody, checkResponse, FIXTURES_DIR, operation, operations } from './openapi';
import { withSandbox } from '../withSandbox';

/** Follows `next` links while they have results, checking every page. */
async function allPages(ex: Exchanges, first: string, auth: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let next: string | undefined = first;
  while (next) {
    const { status, body, headers } = await ex.send('GET', next, auth);
    assert.equal(status, 200, `${next} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`);
    items.push(...(body as unknown[]));
    const m = /<([^>]+)>; rel="next"; results="true"/.exec(headers.get('link') ?? '');
    next = m ? new URL(m[1]).pathname + new URL(m[1]).search : undefined;
  }
  return items;
}

/** One issue per kind of seeded event (project, crash site, bare file, no stack, feedback) plus the special ones. */
function representativeIssues(sb: Sandbox): SeedIssue[] {
  const byKind = new Map<string, SeedIssue>();
  for (const i of sb.seed.issues) {
    const kind = [i.project.slug, i.crashSite, i.location === null, i.workspaceLine === null, i.issueCategory].join('|');
    if (!byKind.has(kind)) byKind.set(kind, i);
  }
  return [...new Set([...byKind.values(), sb.seed.xssIssue, sb.seed.bigIssue, sb.seed.longTitleIssue, ...sb.seed.feedbackIssues])];
}

// Every profile (test/sandbox/profiles.ts): a self-hosted server's answers hold to the document too.
describeEachProfile('contract: sandbox responses against the OpenAPI document', function (profile) {
  this.timeout(120_000);
  let sb: Sandbox;
  let auth: string;
  const selfHosted = profile === 'self-hosted-2025';

  withSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } }, (s) => {
    sb = s;
    auth = `Bearer ${sb.defaults.authToken}`;
  });

  it('the document describes the operations checked here and none of the routes left out', () => {
    for (const p of [...Object.values(PATHS), ...Object.values(ORG_LIST_PATHS)]) assert.ok(operation('GET', p).responses['200'], `GET ${p} has a 200 answer`);
    for (const entry of NOT_IN_DOCUMENT) {
      const [method, template] = entry.split(' ');
      assert.equal(
        operations().find((o) => o.method === method && o.template === template),
        undefined,
        `${entry} is now in the document: validate it`,
      );
    }
  });

  it('the real payloads (test/fixtures) validate unchanged', () => {
    const fixtures: Record<string, [string, string]> = {
      'issue-event.json': ['GET', PATHS.eventDetails],
      'issue-events.json': ['GET', PATHS.issueEvents],
      'issue-tag-details.json': ['GET', PATHS.tagDetails],
      'organizations-list.json': ['GET', PATHS.organizations],
      'project-issues.json': ['GET', PATHS.projectIssues],
    };
    const problems: string[] = [];
    const dir = FIXTURES_DIR;
    assert.deepEqual(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
      Object.keys(fixtures).sort(),
      `every fixture of ${dir} is mapped to its operation`,
    );
    for (const [file, [method, template]] of Object.entries(fixtures)) {
      const body = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      problems.push(...checkResponse(operation(method, template), 200, body).map((p) => `${path.join(dir, file)}: ${p}`));
    }
    assert.deepEqual(problems, []);
  });

  it('a response of the wrong shape is reported with its path, operation and the ajv error', async () => {
    const ex = new Exchanges(sb);
    sb.control.faults.add({ path: '/issues/$', malformed: 'count' });
    await ex.send('GET', '/api/0/projects/acme/worker/issues/?limit=1', auth);
    assert.equal(ex.problems.length, 1, ex.problems.join('\n'));
    assert.match(
      ex.problems[0],
      /^GET \/api\/0\/projects\/\{organization_id_or_slug\}\/\{project_id_or_slug\}\/issues\/ \(List a Project's Issues\) → 200: \/0\/count must be string .*\(for GET \/api\/0\/projects\/acme\/worker\/issues\/\?limit=1\)$/,
    );
  });

  it('organizations: every page, for every kind of credential, and the error answers', async () => {
    const ex = new Exchanges(sb);
    const apiKey = sb.control.credentials.addApiKey({ org: 'globex' }).authorization;
    const integration = `Bearer ${sb.control.credentials.addToken({ kind: 'integration', scopes: ['org:read'], org: 'acme' }).token}`;
    for (const credential of [auth, apiKey, integration]) {
      assert.ok((await allPages(ex, '/api/0/organizations/?per_page=1', credential)).length >= 1);
    }
    assert.equal((await allPages(ex, '/api/0/organizations/', auth)).length, sb.seed.orgs.length);
    assert.equal((await ex.send('GET', '/api/0/organizations/', null)).status, 401);
    assert.equal((await ex.send('GET', '/api/0/organizations/?per_page=0', auth)).status, 400);
    assert.equal((await ex.send('GET', '/api/0/organizations/?cursor=nope', auth)).status, 400);
    ex.assertClean();
  });

  it("projects: every page of every organization's projects, and the error answers", async () => {
    const ex = new Exchanges(sb);
    for (const org of sb.seed.orgs) {
      assert.equal((await allPages(ex, `/api/0/organizations/${org.slug}/projects/?per_page=1`, auth)).length, org.projects.length);
    }
    assert.equal((await ex.send('GET', '/api/0/organizations/nope/projects/', auth)).status, 404);
    // The document's security (and Sentry's OrganizationPermission) is org:*: project:read is not enough.
    const noScope = `Bearer ${sb.control.credentials.addToken({ scopes: ['project:read', 'event:read'] }).token}`;
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/projects/', noScope)).status, 403);
    ex.assertClean();
  });

  it('project issues: every issue of every project under every stats period, and every documented parameter', async () => {
    const ex = new Exchanges(sb);
    for (const project of sb.seed.projects) {
      const base = `/api/0/projects/${project.org.slug}/${project.slug}/issues/`;
      for (const period of ['', '&statsPeriod=', '&statsPeriod=24h', '&statsPeriod=14d']) {
        const all = await allPages(ex, `${base}?query=${period}`, auth);
        assert.equal(all.length, project.issues.filter((i) => i.issueCategory !== 'feedback').length, `${base} ${period}`);
      }
      await allPages(ex, `${base}?query=issue.category:feedback`, auth);
    }
    const web = '/api/0/projects/acme/web-frontend/issues/';
    const ok = async (p: string) => assert.equal((await ex.send('GET', p, auth)).status, 200, p);
    for (const sort of ['date', 'new', 'trends', 'freq', 'user', 'inbox']) await ok(`${web}?sort=${sort}&limit=5`);
    const big = sb.seed.bigIssue;
    await ok(`${web}?${big.hashes.map((h) => `hashes=${h}`).join('&')}&statsPeriod=14d`);
    await ok(`${web}?shortIdLookup=1&query=${sb.seed.issuesOf('worker')[0].shortId}`);
    await ok(`${web}?query=is:unresolved assigned:me&environment=staging&limit=100&cursor=0:100:0`);
    for (const bad of ['statsPeriod=7d', 'limit=0', 'sort=nope', 'query="open', 'cursor=x']) {
      assert.equal((await ex.send('GET', `${web}?${bad}`, auth)).status, 400, bad);
    }
    assert.equal((await ex.send('GET', '/api/0/projects/acme/nope/issues/', auth)).status, 404);
    ex.assertClean();
  });

  it('organization issues: every issue of every organization under every groupStatsPeriod, mixed projects, environments, windows, expand, collapse, and the error answers', async () => {
    const ex = new Exchanges(sb);
    const listed = (issues: SeedIssue[]) => issues.filter((i) => i.issueCategory !== 'feedback');
    for (const org of sb.seed.orgs) {
      const base = `/api/0/organizations/${org.slug}/issues/`;
      for (const period of ['', '&groupStatsPeriod=', '&groupStatsPeriod=24h', '&groupStatsPeriod=14d', '&groupStatsPeriod=auto']) {
        // -1: every project the user may access (without `project`, only those of the user's teams: not acme's worker).
        const all = await allPages(ex, `${base}?query=&statsPeriod=3650d&project=-1${period}`, auth);
        assert.equal(all.length, listed(org.projects.flatMap((p) => p.issues)).length, `${base} ${period}`);
        const undated = (all as Array<{ lastSeen: unknown }>).filter((i) => i.lastSeen === null).length;
        if (!selfHosted) assert.equal(undated, 0, base);
        else if (org.slug === 'acme') assert.ok(undated > 0, `${base}: null dates validated`);
      }
      // Every expansion on every issue (in the inbox and not, with owners and without), and every collapse.
      const expandAll = ['inbox', 'integrationIssues', 'latestEventHasAttachments', 'owners', 'sentryAppIssues', 'sessions'].map((e) => `expand=${e}`).join('&');
      const expandedIssues = (await allPages(ex, `${base}?query=&statsPeriod=3650d&${expandAll}`, auth)) as Array<Record<string, unknown>>;
      assert.ok(expandedIssues.some((i) => 'inbox' in i) && expandedIssues.some((i) => !('inbox' in i)), 'issues in the inbox and out of it');
      for (const collapse of ['base', 'filtered', 'lifetime', 'stats', 'unhandled']) await allPages(ex, `${base}?query=&statsPeriod=3650d&collapse=${collapse}`, auth);
      await allPages(ex, `${base}?query=issue.category:feedback&statsPeriod=3650d`, auth);
    }
    const acme = '/api/0/organizations/acme/issues/';
    const ok = async (p: string) => {
      const { status, body } = await ex.send('GET', p, auth);
      assert.equal(status, 200, p);
      return body as Array<{ project: { slug: string } }>;
    };
    // Ids everywhere; slugs too where the server takes them (a 400 on self-hosted-2025).
    const mixedQuery = `${acme}?project=web-frontend&project=4502&project=worker&query=&sort=freq&limit=100`;
    if (selfHosted) assert.equal((await ex.send('GET', mixedQuery, auth)).status, 400, 'slugs');
    const mixed = await ok(selfHosted ? mixedQuery.replace('web-frontend', '4501').replace('=worker', '=4503') : mixedQuery);
    assert.ok(new Set(mixed.map((i) => i.project.slug)).size >= 2, 'one answer mixes projects');
    for (const sort of ['date', 'new', 'trends', 'freq', 'user', 'inbox', 'recommended']) await ok(`${acme}?sort=${sort}&limit=5&project=-1`);
    await ok(`${acme}?environment=staging&environment=development&groupStatsPeriod=14d&query=is:unresolved`);
    const end = new Date(sb.control.clock.now()).toISOString();
    const start = new Date(sb.control.clock.now() - 2 * 86_400_000).toISOString();
    await ok(`${acme}?start=${start}&end=${end}&groupStatsPeriod=auto&environment=production`);
    await ok(`${acme}?statsPeriod=1h&groupStatsPeriod=auto&collapse=stats&collapse=unhandled&expand=inbox&expand=owners`);
    await ok(`${acme}?shortIdLookup=1&query=${sb.seed.issuesOf('worker')[0].shortId}&project=4501`);
    const wildcard = `${acme}?shortIdLookup=0&viewId=42&query=stack.filename:"*app/checkout.ts" error.type:TypeError&cursor=0:5:0&limit=5`;
    // Refused without advanced search (a plan without it); the answer with it, every profile's default, validated too.
    sb.control.features.set('acme', { remove: ['advanced-search'] });
    assert.equal((await ex.send('GET', wildcard, auth)).status, 400);
    sb.control.features.set('acme', { add: ['advanced-search'] });
    await ok(wildcard);
    for (const bad of [
      'groupStatsPeriod=7d',
      'statsPeriod=2 days',
      'statsPeriod=',
      'start=2024-01-01T00:00:00Z',
      'limit=0',
      'limit=101',
      'sort=priority',
      'expand=nope',
      'collapse=nope',
      'shortIdLookup=2',
      'cursor=x',
      'query="open',
    ]) {
      assert.equal((await ex.send('GET', `${acme}?${bad}`, auth)).status, 400, bad);
    }
    assert.equal((await ex.send('GET', `${acme}?project=${sb.seed.project('legacy-portal')!.id}`, auth)).status, 403);
    assert.equal((await ex.send('GET', `${acme}?project=legacy-portal`, auth)).status, selfHosted ? 400 : 403);
    assert.equal((await ex.send('GET', acme, `Bearer ${sb.control.credentials.addToken({ scopes: ['org:read'] }).token}`)).status, 403);
    assert.equal((await ex.send('GET', acme, null)).status, 401);
    assert.equal((await ex.send('GET', '/api/0/organizations/nope/issues/', auth)).status, 404);
    for (const mode of [404, 410] as const) {
      sb.control.endpoints.set({ orgIssues: mode, projectIssues: mode });
      assert.equal((await ex.send('GET', acme, auth)).status, mode);
      assert.equal((await ex.send('GET', '/api/0/projects/acme/worker/issues/', auth)).status, mode);
    }
    ex.assertClean();
    // The allowance patches each item of the list: a wrong shape is still caught, item by item.
    sb.control.reset();
    const broken = new Exchanges(sb);
    sb.control.faults.add({ path: '^/api/0/organizations/acme/issues/$', malformed: 'count' });
    await broken.send('GET', `${acme}?limit=2`, auth);
    assert.equal(broken.problems.length, 2, broken.problems.join('\n'));
    assert.match(broken.problems[0], /\(listOrganizationIssues\) item → 200: \/count must be string .*\(item 0\)/);
  });

  it("organization environments: every organization's, every visibility, and the error answers", async () => {
    const ex = new Exchanges(sb);
    for (const org of sb.seed.orgs) {
      for (const visibility of ['', '?visibility=all', '?visibility=visible', '?visibility=hidden']) {
        const { status, body } = await ex.send('GET', `/api/0/organizations/${org.slug}/environments/${visibility}`, auth);
        assert.equal(status, 200, visibility);
        assert.equal((body as unknown[]).length > 0, visibility !== '?visibility=hidden', `${org.slug} ${visibility}`);
      }
    }
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/environments/?visibility=nope', auth)).status, 400);
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/environments/', `Bearer ${sb.control.credentials.addToken({ scopes: ['event:read'] }).token}`)).status, 403);
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/environments/', null)).status, 401);
    assert.equal((await ex.send('GET', '/api/0/organizations/nope/environments/', auth)).status, 404);
    ex.assertClean();
  });

  it('issue events: a representative issue of every kind, with and without full bodies, sampled and paged', async () => {
    const ex = new Exchanges(sb);
    const issues = representativeIssues(sb);
    for (const issue of issues) {
      const base = `/api/0/organizations/${issue.project.org.slug}/issues/${issue.id}/events/`;
      await ex.send('GET', `${base}?statsPeriod=3650d`, auth);
      await ex.send('GET', `${base}?statsPeriod=3650d&full=true&sample=true`, auth);
    }
    const big = `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/events/`;
    assert.equal((await allPages(ex, `${big}?statsPeriod=3650d`, auth)).length, sb.seed.bigIssue.events.length);
    const filtered = `${big}?start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z&environment=production&environment=staging&query=handled:yes&per_page=7&cursor=0:7:0`;
    assert.equal((await ex.send('GET', filtered, auth)).status, 200);
    for (const bad of ['statsPeriod=2 days', 'statsPeriod=', 'per_page=101', 'start=2024-01-01T00:00:00Z', 'cursor=x']) {
      assert.equal((await ex.send('GET', `${big}?${bad}`, auth)).status, 400, bad);
    }
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/issues/1/events/', auth)).status, 404);
    assert.ok(issues.length >= 40, `${issues.length} kinds of issue`);
    ex.assertClean();
  });

  it('event details: latest, oldest, recommended and their neighbours by id for every kind of issue and entry, llmFormat, and the error answers', async () => {
    const ex = new Exchanges(sb);
    const samples = eventDetailSamples(sb.seed);
    const special = [samples.noBreadcrumbsEntry, samples.emptyBreadcrumbs, samples.nullContexts, samples.emptyContexts, samples.unknownEntry, samples.withRequest, samples.withoutRequest].map(
      (e) => e.issue,
    );
    const issues = [...new Set([...representativeIssues(sb), ...samples.chained.slice(0, 5), ...samples.messageOnly, samples.maxBreadcrumbs, ...special])];
    const seen = new Set<string>();
    const note = (body: any) => {
      const entries: Array<{ type: string; data: any }> = body.entries;
      const data = (type: string) => entries.find((e) => e.type === type)?.data;
      for (const e of entries) seen.add(e.type);
      if (data('exception')?.values.length === 3) seen.add('chained');
      if (!data('exception') && data('message')) seen.add('message-only');
      const crumbs = data('breadcrumbs')?.values.length;
      seen.add(crumbs === undefined ? 'no breadcrumbs entry' : crumbs === 0 ? '0 breadcrumbs' : crumbs === 500 ? '500 breadcrumbs' : 'breadcrumbs');
      seen.add(body.contexts === null ? 'null contexts' : Object.keys(body.contexts).length === 0 ? 'empty contexts' : 'contexts');
      if (body.formatted) seen.add(`llmFormat ${body.formatted.format}`);
    };
    for (const [k, issue] of issues.entries()) {
      const base = `/api/0/organizations/${issue.project.org.slug}/issues/${issue.id}/events/`;
      for (const ref of ['latest', 'oldest', 'recommended']) {
        const query = ref === 'latest' ? `?llmFormat=${k % 2 ? 'xml' : 'markdown'}` : ref === 'oldest' ? '?environment=production&environment=staging' : '';
        const { status, body } = await ex.send('GET', `${base}${ref}/${query}`, auth);
        if (status === 404 && query.includes('environment')) continue;
        assert.equal(status, 200, `${issue.shortId} ${ref}${query}`);
        note(body);
        for (const id of [(body as any).previousEventID, (body as any).nextEventID]) {
          if (id !== null) note((await ex.send('GET', `${base}${id}/`, auth)).body);
        }
      }
    }
    for (const kind of [
      'exception',
      'message',
      'threads',
      'breadcrumbs',
      'request',
      'chained',
      'message-only',
      'no breadcrumbs entry',
      '0 breadcrumbs',
      '500 breadcrumbs',
      'null contexts',
      'empty contexts',
      'contexts',
      // A server without llmFormat ignores it: no formatted to validate there.
      ...(selfHosted ? [] : ['llmFormat markdown', 'llmFormat xml']),
    ]) {
      assert.ok(seen.has(kind), `validated an answer with ${kind}`);
    }
    assert.equal(seen.has('llmFormat markdown'), !selfHosted);
    assert.ok(seen.has('debugmeta') || seen.has('expectct'), 'an entry of an unknown type');
    const big = `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/events/`;
    const unknownFormat = await ex.send('GET', `${big}latest/?llmFormat=html`, auth);
    assert.equal(unknownFormat.status, 200, 'an unknown llmFormat is ignored');
    assert.equal((unknownFormat.body as { formatted?: unknown }).formatted, undefined);
    assert.equal((await ex.send('GET', `${big}latest/`, null)).status, 401);
    assert.equal((await ex.send('GET', `${big}latest/`, `Bearer ${sb.control.credentials.addToken({ scopes: ['org:read'] }).token}`)).status, 403);
    for (const ref of ['newest', sb.seed.xssIssue.events[0].eventID]) assert.equal((await ex.send('GET', `${big}${ref}/`, auth)).status, 404, ref);
    ex.assertClean();
  });

  it('tag details: every tag key of a representative issue of every project, aliases, environments and pages', async () => {
    const ex = new Exchanges(sb);
    const perProject = sb.seed.projects.map((p) => p.issues.reduce((a, b) => (b.events.length > a.events.length ? b : a)));
    for (const issue of [...perProject, sb.seed.xssIssue, sb.seed.feedbackIssues[0]]) {
      const keys = new Set(issue.events.flatMap((e) => eventTags(e).map(([k]) => k)));
      for (const key of [...keys, 'sentry:user', 'sentry:release']) {
        const { status } = await ex.send('GET', `/api/0/organizations/${issue.project.org.slug}/issues/${issue.id}/tags/${encodeURIComponent(key)}/?environment=production&environment=staging`, auth);
        assert.equal(status, 200, `${issue.shortId} ${key}`);
      }
    }
    const browser = `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/tags/browser/`;
    assert.equal((await ex.send('GET', `${browser}?per_page=1000`, auth)).status, 200);
    assert.equal((await ex.send('GET', `${browser}?per_page=2&cursor=0:2:0`, auth)).status, 200);
    assert.equal((await ex.send('GET', `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/tags/nope/`, auth)).status, 404);
    ex.assertClean();
  });

  it('events table: rows per event and per group, every array field and function, every project, pages, and the error answers', async () => {
    const ex = new Exchanges(sb);
    const table = (org: string, params: Array<[string, string]>, credential: string | null = auth) => ex.send('GET', `/api/0/organizations/${org}/events/?${new URLSearchParams(params)}`, credential);
    const fields = (...names: string[]): Array<[string, string]> => names.map((n) => ['field', n]);
    const arrays = fields('stack.filename', 'stack.abs_path', 'stack.lineno', 'stack.colno', 'stack.in_app', 'stack.function', 'stack.module', 'error.type', 'error.value');
    for (const org of sb.seed.orgs) {
      for (const project of org.projects) {
        const scope: Array<[string, string]> = [
          ['dataset', 'errors'],
          ['project', project.id],
        ];
        const grouped = await table(org.slug, [
          ...scope,
          ...fields('issue.id', 'issue', 'title', 'location', 'last_seen()', 'latest_event()', 'count()', 'count_unique(environment)'),
          ...arrays,
          ['sort', '-last_seen()'],
        ]);
        assert.equal(grouped.status, 200, JSON.stringify(grouped.body).slice(0, 200));
        const rows = (grouped.body as { data: unknown[] }).data;
        assert.equal(
          rows.length,
          Math.min(100, project.issues.filter((i) => i.issueCategory === 'error' && i.events.some((e) => e.time >= sb.control.clock.now() - 90 * 86_400_000)).length),
          project.slug,
        );
        assert.equal(
          (
            await table(org.slug, [
              ...scope,
              ...fields('id', 'issue.id', 'timestamp', 'environment', 'release', 'message', 'platform.name'),
              ['sort', '-timestamp'],
              ['per_page', '50'],
              ['cursor', '0:50:0'],
            ])
          ).status,
          200,
        );
      }
    }
    const web: Array<[string, string]> = [
      ['dataset', 'errors'],
      ['project', '4501'],
    ];
    assert.equal(
      (await table('acme', [...web, ...fields('issue.id', 'count()'), ['query', 'stack.filename:"*app/checkout.ts" !issue.id:[4800000001]'], ['statsPeriod', '14d'], ['environment', 'production']]))
        .status,
      200,
    );
    assert.equal((await table('acme', [['dataset', 'errors'], ...fields('issue.id', 'count()')])).status, 200, 'every project of the member');
    assert.equal((await table('acme', [...web, ...fields(...Array.from({ length: 21 }, () => 'id'))])).status, 400);
    assert.equal((await table('acme', [...web, ...fields('id'), ['sort', 'timestamp']])).status, 400);
    assert.equal((await table('acme', [...web, ...fields('id'), ['per_page', '101']])).status, 400);
    assert.equal((await table('acme', web, `Bearer ${sb.control.credentials.addToken({ scopes: ['event:read'] }).token}`)).status, 403);
    assert.equal((await table('acme', [...web, ...fields('id')], null)).status, 401);
    assert.equal((await table('acme', [...web, ...fields('id'), ['environment', 'nope']])).status, 404);
    sb.control.endpoints.set({ eventsTable: 404 });
    assert.equal((await table('acme', [...web, ...fields('id')])).status, 404);
    assert.ok(ex.seen.get(`${operation('GET', EVENTS_TABLE_PATH).label} 200`));
    ex.assertClean();
  });

  it('lookups: a short ID of every project, an event ID of every kind of issue, and the error answers', async () => {
    const ex = new Exchanges(sb);
    for (const org of sb.seed.orgs) {
      for (const project of org.projects) {
        const issue = project.issues[0];
        if (!issue) continue;
        assert.equal((await ex.send('GET', `/api/0/organizations/${org.slug}/shortids/${issue.shortId}/`, auth)).status, 200);
      }
    }
    for (const issue of representativeIssues(sb)) {
      sb.control.clock.advance(1100);
      const r = await ex.send('GET', `/api/0/organizations/${issue.project.org.slug}/eventids/${issue.events[0].eventID}/`, auth);
      assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 200));
      const body = r.body as { projectSlug?: string; groupId?: string; eventId?: string };
      assert.deepEqual([body.projectSlug, body.groupId, body.eventId], [issue.project.slug, issue.id, issue.events[0].eventID], issue.shortId);
    }
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/shortids/NOPE-1/', auth)).status, 404);
    sb.control.clock.advance(1100);
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/eventids/xyz/', auth)).status, 400);
    sb.control.clock.advance(1100);
    assert.equal((await ex.send('GET', `/api/0/organizations/acme/eventids/${'0'.repeat(32)}/`, auth)).status, 404);
    sb.control.clock.advance(1100);
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/eventids/1234/', auth)).status, 400);
    sb.control.clock.advance(1100);
    assert.equal((await ex.send('GET', `/api/0/organizations/acme/eventids/${sb.seed.issues[0].events[0].eventID}/`, null)).status, 401);
    assert.ok(ex.seen.get(`${operation('GET', LOOKUP_PATHS.shortId).label} 200`));
    assert.ok(ex.seen.get(`${operation('GET', LOOKUP_PATHS.eventId).label} 200`));
    ex.assertClean();
  });

  it('events table with a logs dataset: the logs of a trace, their Follow query, and the error answers', async () => {
    const ex = new Exchanges(sb);
    const issue = sb.seed.issuesOf('web-frontend').find((i) => i.issueCategory === 'error' && i.events.length > 0)!;
    const ev = await ex.send('GET', `/api/0/organizations/acme/issues/${issue.id}/events/latest/`, auth);
    const trace = (ev.body as { contexts: { trace: { trace_id: string } } }).contexts.trace.trace_id;
    const dataset = profile === 'sentry-io' ? 'logs' : 'ourlogs';
    const logs = (params: Array<[string, string]>) => ex.send('GET', `/api/0/organizations/acme/events/?${new URLSearchParams([['dataset', dataset], ...params])}`, auth);
    const fields = logFields(dataset).map((f): [string, string] => ['field', f]);
    const ok = await logs([...fields, ['query', `trace:${trace}`], ['sort', 'timestamp'], ['per_page', '100'], ['statsPeriod', '90d']]);
    assert.equal(ok.status, 200);
    assert.ok((ok.body as { data: unknown[] }).data.length > 0);
    assert.equal((await logs([...fields, ['query', `trace:${trace} timestamp_precise:>1`], ['sort', '-timestamp'], ['statsPeriod', '14d']])).status, 200);
    assert.equal((await logs([...fields, ['query', `trace:${trace}`], ['sort', 'severity']])).status, 400);
    ex.assertClean();
  });

  it('triage: PUT one issue (every kind of change), GET it, the bulk PUTs, members and teams, and the error answers', async () => {
    const ex = new Exchanges(sb);
    const write = `Bearer ${sb.defaults.writeToken}`;
    for (const p of Object.values(TRIAGE_PATHS)) assert.ok(operations().some((o) => o.template === p));
    const open = sb.seed.issues.filter((i) => i.project.slug === 'worker' && i.status === 'unresolved');
    const [a, b, c] = open;
    const one = `/api/0/organizations/acme/issues/${a.id}/`;
    const resolvedBefore = sb.seed.issues.find((i) => i.project.org.slug === 'acme' && i.status === 'resolved' && 'actor' in i.statusDetails)!;
    const bodies: unknown[] = [
      { status: 'resolved' },
      { status: 'resolved', statusDetails: { inNextRelease: true } },
      { status: 'resolved', statusDetails: { inRelease: 'latest' } },
      { status: 'resolved', statusDetails: { inCommit: { commit: 'abc1234', repository: 'acme/worker' } } },
      { status: 'resolvedInNextRelease' },
      { status: 'ignored', substatus: 'archived_until_escalating' },
      { status: 'ignored', substatus: 'archived_forever' },
      { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreDuration: 60 } },
      { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 10, ignoreWindow: 60 } },
      { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 10, ignoreUserWindow: 10080 } },
      { status: 'unresolved', substatus: 'ongoing' },
      { assignedTo: 'user:2' },
      { assignedTo: 'team:101' },
      { assignedTo: '' },
      { hasSeen: true, isBookmarked: true, isSubscribed: true, isPublic: true, inbox: true, priority: 'high' },
      { hasSeen: false, isBookmarked: false, isSubscribed: false, isPublic: false, inbox: false, priority: 'low' },
    ];
    for (const body of bodies) {
      assert.deepEqual(checkRequestBody(operation('PUT', TRIAGE_PATHS.issue), body, { partial: true }), [], JSON.stringify(body));
      assert.equal((await ex.send('PUT', one, write, body)).status, 200, JSON.stringify(body));
      assert.equal((await ex.send('PUT', `/api/0/organizations/acme/issues/?id=${b.id}&id=${c.id}&project=${b.project.id}`, write, body)).status, 200, JSON.stringify(body));
      assert.equal((await ex.send('PUT', `/api/0/projects/acme/worker/issues/?id=${b.id}`, write, body)).status, 200, JSON.stringify(body));
      assert.equal((await ex.send('GET', one, write)).status, 200);
    }
    assert.equal((await ex.send('GET', `/api/0/organizations/acme/issues/${resolvedBefore.id}/`, write)).status, 200);
    assert.equal((await ex.send('PUT', `/api/0/organizations/acme/issues/${resolvedBefore.id}/`, write, { priority: 'medium' })).status, 200);
    assert.equal((await ex.send('PUT', one, `Bearer ${sb.defaults.authToken}`, { status: 'resolved' })).status, 403);
    assert.equal((await ex.send('PUT', one, null, { status: 'resolved' })).status, 401);
    assert.equal((await ex.send('PUT', one, write, { status: 'nope' })).status, 400);
    assert.equal((await ex.send('PUT', '/api/0/organizations/acme/issues/1/', write, { status: 'resolved' })).status, 404);
    const globex = sb.seed.issues.find((i) => i.project.org.slug === 'globex')!.id;
    // None found and a search (the fallback Sentry runs then) that finds none of them either: 204.
    assert.equal((await ex.send('PUT', `/api/0/organizations/acme/issues/?id=${globex}&query=${encodeURIComponent(`issue.id:[${globex}]`)}`, write, { status: 'resolved' })).status, 204);
    assert.equal((await ex.send('PUT', '/api/0/projects/acme/worker/issues/', write, { status: 'resolved' })).status, 200);
    const some = sb.seed.issues.filter((i) => i.project.org.slug === 'acme').slice(0, 3);
    assert.equal((await ex.send('GET', `/api/0/organizations/acme/issues/?${some.map((i) => `group=${i.id}`).join('&')}`, write)).status, 200);
    assert.equal((await ex.send('PUT', '/api/0/organizations/acme/issues/', write, { hasSeen: true })).status, 400);
    assert.equal((await ex.send('PUT', '/api/0/projects/acme/nope/issues/?id=1', write, { status: 'resolved' })).status, 404);
    for (const org of sb.seed.orgs) {
      assert.equal((await allPages(ex, `/api/0/organizations/${org.slug}/members/?per_page=7`, write)).length, sb.seed.members.length);
      assert.equal((await allPages(ex, `/api/0/organizations/${org.slug}/teams/?per_page=2`, write)).length, 5);
      await allPages(ex, `/api/0/organizations/${org.slug}/teams/?detailed=0&query=eng`, write);
    }
    assert.equal((await ex.send('GET', '/api/0/organizations/acme/members/', `Bearer ${sb.defaults.authToken}`)).status, 403);
    assert.equal((await ex.send('GET', '/api/0/organizations/nope/teams/', write)).status, 404);
    assert.equal(sb.control.triage.bulkWithoutIds().count, 2);
    ex.assertClean();
  });
});
