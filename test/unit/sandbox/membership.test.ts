// Open team membership, Sentry's default, and the projects each request acts on (test/sandbox/membership.ts,
// Sentry's OrganizationEndpoint.get_projects): without `project`, the projects of the user's teams; with
// `-1`, every project the user may access; named ones must each be accessible. `acme` is open, and its
// `worker` project is on a team the seed's user is not on: seen, searched and triaged, but left out of
// any request that names no project. In every profile.
import assert from 'node:assert/strict';
import { describeEachProfile, useSandbox } from '../api/sandbox';
import type { Sandbox } from '../../sandbox';

const ORG = '/api/0/organizations/acme';

describeEachProfile('sandbox: open membership and the projects a request acts on', (profile) => {
  const box = useSandbox({ profile, platforms: true });
  let sb: Sandbox;
  beforeEach(() => {
    sb = box.get();
  });
  const call = async (method: string, p: string, token = sb.defaults.writeToken, body?: unknown) => {
    const res = await fetch(sb.url + p, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const get = (p: string, token?: string) => call('GET', p, token);
  const project = (slug: string) => sb.seed.project(slug, 'acme')!;
  const unresolvedOf = (slug: string) => project(slug).issues.filter((i) => sb.control.triage.issue(i.id).status === 'unresolved' && i.issueCategory === 'error');
  // A member (not the owner) on the engineering and mobile teams: web-frontend and api-server, not worker.
  const memberToken = () => sb.control.credentials.addToken({ scopes: ['org:read', 'project:read', 'event:read', 'event:write'], userId: '3' }).token;

  it('the organization has open membership; worker is a project the user sees, with access, without being a member', async () => {
    const org = await get(`${ORG}/`);
    assert.equal(org.body.openMembership, true);
    const projects = (await get(`${ORG}/projects/`)).body as Array<{ slug: string; isMember: boolean; hasAccess: boolean; teams: Array<{ slug: string }> }>;
    const bySlug = new Map(projects.map((p) => [p.slug, p]));
    assert.deepEqual(
      ['web-frontend', 'api-server', 'worker'].map((s) => [s, bySlug.get(s)!.isMember, bySlug.get(s)!.hasAccess, bySlug.get(s)!.teams.map((t) => t.slug)]),
      [
        ['web-frontend', true, true, ['engineering']],
        ['api-server', true, true, ['engineering']],
        ['worker', false, true, ['backend']],
      ],
    );
  });

  it('a read by id (`group=`) without `project` leaves worker out; naming its project, or -1, finds it', async () => {
    const [w] = unresolvedOf('worker');
    const [f] = unresolvedOf('web-frontend');
    const ids = async (query: string) => ((await get(`${ORG}/issues/?group=${w.id}&group=${f.id}${query}`)).body as Array<{ id: string }>).map((i) => i.id).sort();
    assert.deepEqual(await ids(''), [f.id]);
    assert.deepEqual(await ids(`&project=${w.project.id}&project=${f.project.id}`), [w.id, f.id].sort());
    assert.deepEqual(await ids('&project=-1'), [w.id, f.id].sort());
    assert.deepEqual(await ids(`&project=${f.project.id}`), [f.id], 'only the named projects');
  });

  it("a bulk PUT without `project` skips worker's issues without a word; naming their project, or -1, changes them", async () => {
    const [a, b, c] = unresolvedOf('worker');
    const [f] = unresolvedOf('web-frontend');
    const r = await call('PUT', `${ORG}/issues/?id=${a.id}&id=${f.id}`, undefined, { status: 'resolved' });
    assert.equal(r.status, 200);
    assert.deepEqual([sb.control.triage.issue(a.id).status, sb.control.triage.issue(f.id).status], ['unresolved', 'resolved']);
    assert.equal((await call('PUT', `${ORG}/issues/?id=${a.id}&project=${a.project.id}`, undefined, { status: 'resolved' })).status, 200);
    assert.equal((await call('PUT', `${ORG}/issues/?id=${b.id}&id=${c.id}&project=-1`, undefined, { status: 'resolved' })).status, 200);
    assert.deepEqual(
      [a, b, c].map((i) => sb.control.triage.issue(i.id).status),
      ['resolved', 'resolved', 'resolved'],
    );
  });

  it('the events table and the issue list: none, the member projects; -1, every accessible one', async () => {
    const projectsOf = (rows: Array<{ 'project.id': number | string }>) => [...new Set(rows.map((r) => String(r['project.id'])))].sort();
    const table = async (query: string) => (await get(`${ORG}/events/?dataset=errors&field=project.id&field=count()&per_page=100&statsPeriod=90d${query}`)).body.data;
    assert.ok(projectsOf(await table('')).includes(project('web-frontend').id));
    assert.ok(!projectsOf(await table('')).includes(project('worker').id), 'no worker without project');
    assert.ok(projectsOf(await table('&project=-1')).includes(project('worker').id), 'worker with -1');
    const list = async (query: string) =>
      new Set(((await get(`${ORG}/issues/?query=&limit=100&statsPeriod=90d&sort=freq${query}`)).body as Array<{ project: { slug: string } }>).map((i) => i.project.slug));
    assert.equal((await list('')).has('worker'), false);
    assert.equal((await list(`&project=${project('worker').id}`)).has('worker'), true);
  });

  it('code mappings with -1: every project the user may access, not only the member ones (organization_code_mappings.py)', async () => {
    const php = project('php-app');
    sb.control.triage.notMemberOf([php.id]);
    const slugs = async (query: string) => new Set(((await get(`${ORG}/code-mappings/?per_page=100${query}`)).body as Array<{ projectSlug: string }>).map((m) => m.projectSlug));
    assert.equal((await slugs('')).has('php-app'), false, 'without project: the member projects');
    assert.equal((await slugs('&project=-1')).has('php-app'), true, '-1: every accessible project');
    assert.equal((await slugs(`&project=${php.id}`)).has('php-app'), true, 'named');
  });

  it("releases and an event's committers and owners: access suffices (include_all_accessible, ProjectPermission)", async () => {
    const worker = project('worker');
    const releases = (await get(`${ORG}/releases/?per_page=100`)).body as Array<{ projects: Array<{ slug: string }> }>;
    assert.ok(
      releases.some((r) => r.projects.some((p) => p.slug === 'worker')),
      "worker's releases without project",
    );
    const version = worker.releases[worker.releases.length - 1].version;
    assert.equal((await get(`${ORG}/releases/${encodeURIComponent(version)}/`)).status, 200);
    const event = worker.issues.find((i) => i.events.length)!.events[0].eventID;
    assert.notEqual((await get(`/api/0/projects/acme/worker/events/${event}/committers/`)).status, 403);
    assert.equal((await get(`/api/0/projects/acme/worker/events/${event}/owners/`)).status, 200);
  });

  it("closed membership: a member (not the owner) may access only their teams' projects: -1 leaves worker out, naming it is a 403", async () => {
    const token = memberToken();
    const worker = project('worker');
    const [w] = unresolvedOf('worker');
    assert.equal((await get(`${ORG}/issues/?group=${w.id}&project=-1`, token)).body.length, 1, 'open: -1 reaches worker');
    sb.control.triage.openMembership('acme', false);
    assert.equal((await get(`${ORG}/`)).body.openMembership, false);
    assert.deepEqual((await get(`${ORG}/issues/?group=${w.id}&project=-1`, token)).body, []);
    assert.deepEqual(await get(`${ORG}/issues/?group=${w.id}&project=${worker.id}`, token), { status: 403, body: { detail: 'You do not have permission to perform this action.' } });
    const projects = (await get(`${ORG}/projects/`, token)).body as Array<{ slug: string; hasAccess: boolean }>;
    assert.equal(projects.find((p) => p.slug === 'worker')!.hasAccess, false, 'listed, without access');
    // The owner's role is global: every project stays accessible to the seed's user.
    assert.equal((await get(`${ORG}/issues/?group=${w.id}&project=-1`)).body.length, 1);
    sb.control.reset();
    assert.equal((await get(`${ORG}/`)).body.openMembership, true, 'reset: open again');
  });
});
