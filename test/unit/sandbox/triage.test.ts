// The sandbox's triage API (PUT one issue, bulk PUTs, GET one issue), members and teams, and the
// controls that end archives, over real HTTP on port 0.
import assert from 'node:assert/strict';
import type { Sandbox, SeedIssue } from '../../sandbox';
import { withSandbox } from '../withSandbox';

let sb: Sandbox;
let write: string;
let read: string;

async function call(method: string, p: string, body?: unknown, auth: string | null = write, contentType = 'application/json'): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  if (body !== undefined) headers['content-type'] = contentType;
  const res = await fetch(sb.url + p, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const put = (p: string, body: unknown, auth: string | null = write) => call('PUT', p, body, auth);
const one = (i: SeedIssue) => `/api/0/organizations/acme/issues/${i.id}/`;
const acmeIssues = () => sb.seed.issues.filter((i) => i.project.org.slug === 'acme' && i.issueCategory !== 'feedback');
const unresolved = () => acmeIssues().filter((i) => i.status === 'unresolved');

describe('sandbox: triage', function () {
  this.timeout(60_000);
  withSandbox(undefined, (s) => {
    sb = s;
    write = `Bearer ${sb.defaults.writeToken}`;
    read = `Bearer ${sb.defaults.authToken}`;
  });

  describe('PUT one issue', () => {
    it('resolves, answers the whole updated issue, and the lists and GET reflect it', async () => {
      const issue = unresolved()[0];
      const r = await put(one(issue), { status: 'resolved' });
      assert.equal(r.status, 200);
      assert.equal(r.body.id, issue.id);
      assert.equal(r.body.status, 'resolved');
      assert.equal(r.body.substatus, null);
      assert.equal(r.body.statusDetails.actor.id, '1');
      assert.equal((await call('GET', one(issue), undefined, read)).body.status, 'resolved');
      const list = await call('GET', `/api/0/projects/acme/${issue.project.slug}/issues/?query=is:resolved%20${issue.shortId}&statsPeriod=`, undefined, read);
      assert.ok(list.body.some((i: { id: string }) => i.id === issue.id));
      const open = await call('GET', `/api/0/projects/acme/${issue.project.slug}/issues/?query=is:unresolved%20${issue.shortId}`, undefined, read);
      assert.ok(!open.body.some((i: { id: string }) => i.id === issue.id));
    });

    it('resolve options: next release, a release, latest, a commit; resolvedInNextRelease', async () => {
      const [a, b, c, d, e] = unresolved().filter((i) => i.project.slug === 'worker');
      const releases = a.project.releases;
      assert.deepEqual((await put(one(a), { status: 'resolved', statusDetails: { inNextRelease: true } })).body.statusDetails.inNextRelease, true);
      assert.equal((await put(one(b), { status: 'resolved', statusDetails: { inRelease: releases[3].version } })).body.statusDetails.inRelease, releases[3].version);
      assert.equal((await put(one(c), { status: 'resolved', statusDetails: { inRelease: 'latest' } })).body.statusDetails.inRelease, releases[releases.length - 1].version);
      assert.equal((await put(one(d), { status: 'resolved', statusDetails: { inCommit: { commit: 'abc1234', repository: 'acme/worker' } } })).body.statusDetails.inCommit, 'abc1234');
      const r = await put(one(e), { status: 'resolvedInNextRelease' });
      assert.equal(r.body.status, 'resolved');
      assert.equal(r.body.statusDetails.inNextRelease, true);
    });

    it('archive: until escalating, forever, until a condition; unresolve sets ongoing', async () => {
      const [a, b, c] = unresolved();
      let r = await put(one(a), { status: 'ignored', substatus: 'archived_until_escalating' });
      assert.deepEqual([r.body.status, r.body.substatus], ['ignored', 'archived_until_escalating']);
      r = await put(one(b), { status: 'ignored', substatus: 'archived_forever' });
      assert.equal(r.body.substatus, 'archived_forever');
      r = await put(one(c), { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 5, ignoreWindow: 60 } });
      assert.equal(r.body.substatus, 'archived_until_condition_met');
      assert.deepEqual([r.body.statusDetails.ignoreCount, r.body.statusDetails.ignoreWindow], [5, 60]);
      r = await put(one(a), { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreDuration: 30 } });
      assert.ok(Date.parse(r.body.statusDetails.ignoreUntil) > sb.control.clock.now());
      r = await put(one(b), { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 3, ignoreUserWindow: 10080 } });
      assert.equal(r.body.statusDetails.ignoreUserCount, 3);
      r = await put(one(b), { status: 'ignored' });
      assert.equal(r.body.substatus, 'archived_forever', 'no substatus and no condition: forever');
      r = await put(one(b), { status: 'unresolved' });
      assert.deepEqual([r.body.status, r.body.substatus, r.body.statusDetails], ['unresolved', 'ongoing', {}]);
      const ignored = await call('GET', `/api/0/projects/acme/${a.project.slug}/issues/?query=is:ignored%20${a.shortId}`, undefined, read);
      assert.ok(ignored.body.some((i: { id: string }) => i.id === a.id));
    });

    it('400 with a detail for what Sentry refuses', async () => {
      const issue = unresolved()[0];
      const cases: unknown[] = [
        { status: 'closed' },
        { status: 'ignored', substatus: 'sleeping' },
        { substatus: 'archived_forever' },
        { status: 'resolved', substatus: 'archived_forever' },
        { status: 'unresolved', substatus: 'archived_until_escalating' },
        { status: 'ignored', substatus: 'ongoing' },
        { status: 'ignored', substatus: 'archived_until_condition_met' },
        { status: 'ignored', substatus: 'archived_forever', statusDetails: { ignoreDuration: 10 } },
        { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 5, ignoreWindow: 10081 } },
        { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 5, ignoreUserWindow: 20000 } },
        { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreDuration: 10, ignoreCount: 5 } },
        { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreWindow: 60 } },
        { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 'five' } },
        { status: 'resolved', statusDetails: { inRelease: 'no-such-release' } },
        { status: 'resolved', statusDetails: { inNextRelease: true, inRelease: 'latest' } },
        { status: 'resolved', statusDetails: { ignoreCount: 3 } },
        { status: 'resolved', statusDetails: { inCommit: { commit: 'abc1234' } } },
        { statusDetails: { inNextRelease: true } },
        { assignedTo: 'user:999' },
        { assignedTo: 'team:1' },
        { assignedTo: 'nobody@example.com' },
        { assignedTo: 'robot:1' },
        { priority: 'urgent' },
        { hasSeen: 'yes' },
        [1, 2],
      ];
      for (const body of cases) {
        const r = await put(one(issue), body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(typeof r.body.detail, 'string', JSON.stringify(body));
      }
      assert.equal((await call('PUT', one(issue), 'status=resolved', write, 'application/x-www-form-urlencoded')).status, 415);
      assert.equal(sb.control.triage.issue(issue.id).status, 'unresolved', 'nothing changed');
    });

    it('403 without event:write (read-only token, a token with event:read only), 401 without credentials, 404 for unknown or foreign issues', async () => {
      const issue = unresolved()[0];
      const eventRead = `Bearer ${sb.control.credentials.addToken({ scopes: ['org:read', 'event:read'] }).token}`;
      for (const auth of [read, eventRead]) {
        const r = await put(one(issue), { status: 'resolved' }, auth);
        assert.equal(r.status, 403);
        assert.deepEqual(r.body, { detail: 'You do not have permission to perform this action.' });
      }
      const admin = `Bearer ${sb.control.credentials.addToken({ scopes: ['event:admin'] }).token}`;
      assert.equal((await put(one(issue), { priority: 'low' }, admin)).status, 200);
      assert.equal((await put(one(issue), { status: 'resolved' }, null)).status, 401);
      assert.equal((await put('/api/0/organizations/acme/issues/1/', { status: 'resolved' })).status, 404);
      const globex = sb.seed.issues.find((i) => i.project.org.slug === 'globex')!;
      assert.equal((await put(one(globex), { status: 'resolved' })).status, 404);
      assert.equal(sb.control.triage.issue(issue.id).status, 'unresolved');
    });

    it('assignedTo: user:<id>, <id>, username, email, team:<id>, "" unassigns; assigned:me follows', async () => {
      const issue = unresolved().find((i) => i.assignedTo === null)!;
      const jane = { type: 'user', id: '1', name: 'Jane Doe', email: 'jane@example.com' };
      for (const v of ['user:1', '1', 'jane', 'JANE@example.com']) assert.deepEqual((await put(one(issue), { assignedTo: v })).body.assignedTo, jane, v);
      const mine = await call('GET', `/api/0/projects/acme/${issue.project.slug}/issues/?query=assigned:me%20${issue.shortId}`, undefined, read);
      assert.ok(mine.body.some((i: { id: string }) => i.id === issue.id));
      const teams = (await call('GET', '/api/0/organizations/acme/teams/', undefined, write)).body;
      const team = teams[1];
      assert.deepEqual((await put(one(issue), { assignedTo: `team:${team.id}` })).body.assignedTo, { type: 'team', id: team.id, name: team.slug });
      const byTeam = await call('GET', `/api/0/projects/acme/${issue.project.slug}/issues/?query=assigned:%23${team.slug}&limit=100`, undefined, read);
      assert.deepEqual(
        byTeam.body.map((i: { id: string }) => i.id),
        [issue.id],
      );
      assert.equal((await put(one(issue), { assignedTo: '' })).body.assignedTo, null);
    });

    it('hasSeen, isBookmarked and isSubscribed are per user; isPublic, priority and inbox are the issue’s', async () => {
      const issue = unresolved().find((i) => !i.isBookmarked && !i.hasSeen && !i.isPublic)!;
      const bob = `Bearer ${sb.control.credentials.addToken({ scopes: ['org:read', 'event:read', 'event:write'], userId: '2' }).token}`;
      const r = await put(one(issue), { isBookmarked: true, hasSeen: true, isSubscribed: true, isPublic: true, priority: 'low', inbox: true }, bob);
      assert.deepEqual([r.body.isBookmarked, r.body.hasSeen, r.body.isSubscribed, r.body.isPublic, r.body.priority], [true, true, true, true, 'low']);
      assert.ok(r.body.shareId && r.body.priorityLockedAt);
      const asJane = (await call('GET', one(issue), undefined, read)).body;
      assert.deepEqual([asJane.isBookmarked, asJane.hasSeen, asJane.isPublic, asJane.priority], [false, false, true, 'low'], "Bob's flags are not Jane's");
      const base = `/api/0/projects/acme/${issue.project.slug}/issues/?limit=100&query=`;
      const ids = async (q: string, auth: string) => (await call('GET', base + encodeURIComponent(`${q} ${issue.shortId}`), undefined, auth)).body.map((i: { id: string }) => i.id);
      assert.ok((await ids('bookmarks:me', bob)).includes(issue.id));
      assert.ok(!(await ids('bookmarks:me', read)).includes(issue.id));
      assert.ok(!(await ids('is:for_review', read)).includes(issue.id), 'inbox: true marks it reviewed for everyone');
      await put(one(issue), { inbox: false }, bob);
      assert.ok((await ids('is:for_review', read)).includes(issue.id));
      await put(one(issue), { isBookmarked: true });
      assert.ok((await ids('bookmarks:me', read)).includes(issue.id));
    });
  });

  describe('bulk PUT', () => {
    it('organization: by ids, answers only the changed fields', async () => {
      const [a, b] = unresolved();
      const r = await put(`/api/0/organizations/acme/issues/?id=${a.id}&id=${b.id}`, { status: 'ignored', substatus: 'archived_until_escalating', assignedTo: 'bob' });
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.body).sort(), ['assignedTo', 'status', 'statusDetails', 'substatus']);
      assert.deepEqual(r.body.assignedTo, { type: 'user', id: '2', name: 'Bob Builder', email: 'bob@example.com' });
      for (const i of [a, b]) assert.equal(sb.control.triage.issue(i.id).substatus, 'archived_until_escalating');
      assert.equal((await put(`/api/0/organizations/acme/issues/?id=x`, { status: 'resolved' })).status, 400);
      assert.equal((await put(`/api/0/organizations/acme/issues/?id=${a.id}`, { status: 'resolved' }, read)).status, 403);
    });

    it('explicit ids have no cap of 100 (BULK_MUTATION_LIMIT bounds only search-based updates)', async () => {
      const many = acmeIssues().slice(0, 150);
      const r = await put(`/api/0/organizations/acme/issues/?${many.map((i) => `id=${i.id}`).join('&')}`, { isBookmarked: true });
      assert.equal(r.status, 200);
      assert.equal(sb.control.triage.writes({ bulk: true }).at(-1)!.changed.length, 150);
    });

    it('ids not found are skipped and the rest changed; the answer says only what changed, not which', async () => {
      const a = unresolved()[0];
      const globex = sb.seed.issues.find((i) => i.project.org.slug === 'globex')!;
      const r = await put(`/api/0/organizations/acme/issues/?id=${a.id}&id=${globex.id}&id=999999999`, { status: 'resolved' });
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.body).sort(), ['status', 'statusDetails']);
      assert.equal(sb.control.triage.issue(a.id).status, 'resolved');
      assert.deepEqual(sb.control.triage.writes({ bulk: true }).at(-1)!.changed, [a.id]);
    });

    it("none found: 204 with no body, when the search Sentry falls back to (with the request's query) finds nothing either", async () => {
      const globex = sb.seed.issues.find((i) => i.project.org.slug === 'globex')!;
      const r = await put(`/api/0/organizations/acme/issues/?id=${globex.id}&id=999999999&query=${encodeURIComponent(`issue.id:[${globex.id},999999999]`)}`, { status: 'resolved' });
      assert.deepEqual([r.status, r.body], [204, null]);
      assert.deepEqual(sb.control.triage.writes({ bulk: true }).at(-1)!.changed, []);
    });

    it('none found and no query: Sentry searches with the default query instead, and changes what it finds (update_groups_with_search_fn)', async () => {
      const before = unresolved().length;
      const r = await put(`/api/0/organizations/acme/issues/?id=999999999`, { status: 'resolved' });
      assert.equal(r.status, 200);
      const changed = sb.control.triage.writes({ bulk: true }).at(-1)!.changed;
      assert.equal(changed.length, Math.min(before, 1000), 'every unresolved issue of the projects');
      assert.ok(changed.every((id) => sb.control.triage.issue(id).status === 'resolved'));
    });

    it('without project: only the projects the user is a member of; issues of others are skipped silently', async () => {
      const web = unresolved().find((i) => i.project.slug === 'web-frontend')!;
      const worker = unresolved().find((i) => i.project.slug === 'worker')!;
      assert.deepEqual(sb.control.triage.notMemberOf(['worker']), [worker.project.id]);
      const r = await put(`/api/0/organizations/acme/issues/?id=${web.id}&id=${worker.id}`, { status: 'resolved' });
      assert.equal(r.status, 200);
      assert.equal(sb.control.triage.issue(web.id).status, 'resolved');
      assert.equal(sb.control.triage.issue(worker.id).status, 'unresolved', 'skipped without a word');
      // project=-1 (every project the user may access) and a named project still reach it.
      assert.equal((await put(`/api/0/organizations/acme/issues/?id=${worker.id}&project=-1`, { status: 'resolved' })).status, 200);
      assert.equal(sb.control.triage.issue(worker.id).status, 'resolved');
      // The list without project is the member projects' too; with `group` it reads those issues by id.
      const listed = await call('GET', `/api/0/organizations/acme/issues/?group=${web.id}&group=${worker.id}`, undefined, read);
      assert.deepEqual(
        listed.body.map((i: { id: string }) => i.id),
        [web.id],
      );
      const named = await call('GET', `/api/0/organizations/acme/issues/?group=${web.id}&group=${worker.id}&project=-1`, undefined, read);
      assert.deepEqual(named.body.map((i: { id: string }) => i.id).sort(), [web.id, worker.id].sort());
      sb.control.reset();
      assert.equal(sb.control.triage.notMemberOf([]).length, 0);
    });

    it('an environment the organization lacks: 404 before anything changes', async () => {
      const a = unresolved()[0];
      const r = await put(`/api/0/organizations/acme/issues/?id=${a.id}&environment=nope`, { status: 'resolved' });
      assert.deepEqual([r.status, r.body], [404, { detail: 'The requested resource does not exist' }]);
      assert.equal(sb.control.triage.issue(a.id).status, 'unresolved');
    });

    it('release data needs one project', async () => {
      const a = unresolved().find((i) => i.project.slug === 'worker')!;
      const b = unresolved().find((i) => i.project.slug === 'web-frontend')!;
      const r = await put(`/api/0/organizations/acme/issues/?id=${a.id}&id=${b.id}&project=-1`, { status: 'resolved', statusDetails: { inRelease: 'latest' } });
      assert.equal(r.status, 400);
      assert.match(r.body.detail, /single project/);
    });

    it('deprecated project endpoint: its own issues only', async () => {
      const w = unresolved().find((i) => i.project.slug === 'worker')!;
      const web = unresolved().find((i) => i.project.slug === 'web-frontend')!;
      const r = await put(`/api/0/projects/acme/worker/issues/?id=${w.id}`, { status: 'resolved', hasSeen: true });
      assert.deepEqual([r.status, r.body.status, r.body.hasSeen], [200, 'resolved', true]);
      const guarded = `/api/0/projects/acme/worker/issues/?id=${web.id}&query=${encodeURIComponent(`issue.id:[${web.id}]`)}`;
      assert.equal((await put(guarded, { status: 'resolved' })).status, 204);
      assert.equal(sb.control.triage.issue(web.id).status, 'unresolved');
      assert.equal((await call('POST', `/api/0/projects/acme/worker/issues/?id=${w.id}`, {})).status, 405);
    });

    it('without ids: counted and recorded, refused for non-status changes, and applied to every matching issue as Sentry does', async () => {
      assert.equal(sb.control.triage.bulkWithoutIds().count, 0);
      const refused = await put('/api/0/organizations/acme/issues/', { isBookmarked: true });
      assert.deepEqual([refused.status, refused.body.detail], [400, 'You must specify a list of IDs for this operation']);
      const worker = sb.seed.issuesOf('worker').filter((i) => i.status === 'unresolved' && i.issueCategory !== 'feedback');
      const r = await put('/api/0/projects/acme/worker/issues/', { status: 'resolved' });
      assert.equal(r.status, 200);
      for (const i of worker.slice(0, 100)) assert.equal(sb.control.triage.issue(i.id).status, 'resolved', i.shortId);
      const { count, requests } = sb.control.triage.bulkWithoutIds();
      assert.equal(count, 2);
      assert.deepEqual(
        requests.map((w) => [w.path, w.status, w.withoutIds]),
        [
          ['/api/0/organizations/acme/issues/', 400, true],
          ['/api/0/projects/acme/worker/issues/', 200, true],
        ],
      );
      assert.equal(requests[1].changed.length, Math.min(100, worker.length));
      const overHttp = await call('GET', '/_sandbox/writes/without-ids', undefined, null);
      assert.equal(overHttp.body.count, 2);
      sb.control.reset();
      assert.equal(sb.control.triage.bulkWithoutIds().count, 0);
      assert.equal(sb.control.triage.issue(worker[0].id).status, 'unresolved', 'reset restores the seeded state');
    });
  });

  describe('write log', () => {
    it('records every PUT with its ids, parsed body, user and answer, in order', async () => {
      const [a, b] = unresolved();
      await put(one(a), { status: 'resolved' });
      await put(`/api/0/organizations/acme/issues/?id=${a.id}&id=${b.id}`, { priority: 'high' });
      await put(one(a), { status: 'nope' });
      await put(one(a), { status: 'resolved' }, read);
      await call('GET', one(a), undefined, read);
      const log = sb.control.triage.writes();
      assert.deepEqual(
        log.map((w) => [w.path, w.ids, w.body, w.status, w.bulk, w.userId]),
        [
          [one(a), [], { status: 'resolved' }, 200, false, '1'],
          ['/api/0/organizations/acme/issues/', [a.id, b.id], { priority: 'high' }, 200, true, '1'],
          [one(a), [], { status: 'nope' }, 400, false, '1'],
          [one(a), [], { status: 'resolved' }, 403, false, '1'],
        ],
      );
      assert.deepEqual(log[1].changed, [a.id, b.id]);
      assert.equal(sb.control.triage.writes({ bulk: true }).length, 1);
      const overHttp = await call('GET', '/_sandbox/writes?bulk=false', undefined, null);
      assert.equal(overHttp.body.length, 3);
      sb.control.triage.clearWrites();
      assert.deepEqual(sb.control.triage.writes(), []);
    });
  });

  describe('archives end', () => {
    it('until a count: N more events bring it back as unresolved/escalating and into the inbox', async () => {
      const issue = unresolved()[0];
      const before = issue.events.length;
      await put(one(issue), { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 3, ignoreWindow: 60 } });
      let s = sb.control.triage.injectEvents(issue.id, 2);
      assert.deepEqual([s.status, s.count], ['ignored', before + 2]);
      s = sb.control.triage.injectEvents(issue.id, 1);
      assert.deepEqual([s.status, s.substatus, s.inbox], ['unresolved', 'escalating', true]);
      const got = (await call('GET', one(issue), undefined, read)).body;
      assert.deepEqual([got.status, got.substatus, got.count], ['unresolved', 'escalating', String(before + 3)]);
    });

    it('until a user count, over HTTP control', async () => {
      const issue = unresolved()[1];
      await put(one(issue), { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 2 } });
      const r = await call('POST', '/_sandbox/issues/inject-events', { issue: issue.id, count: 2 }, null);
      assert.deepEqual([r.body.status, r.body.substatus], ['unresolved', 'escalating']);
    });

    it('until a duration: the sandbox clock ends it (unresolved/ongoing)', async () => {
      const issue = unresolved()[2];
      await put(one(issue), { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreDuration: 30 } });
      sb.control.clock.advance(29 * 60_000);
      assert.equal((await call('GET', one(issue), undefined, read)).body.status, 'ignored');
      sb.control.clock.advance(2 * 60_000);
      const got = (await call('GET', one(issue), undefined, read)).body;
      assert.deepEqual([got.status, got.substatus], ['unresolved', 'ongoing']);
    });

    it('until escalating: escalate() brings it back; forever stays archived; a resolved issue regresses on new events', async () => {
      const [a, b, c] = unresolved();
      await put(one(a), { status: 'ignored', substatus: 'archived_until_escalating' });
      await put(one(b), { status: 'ignored', substatus: 'archived_forever' });
      await put(one(c), { status: 'resolved' });
      assert.equal(sb.control.triage.injectEvents(a.id, 50).status, 'ignored', 'events alone do not escalate it');
      const e = sb.control.triage.escalate(a.id);
      assert.deepEqual([e.escalated, e.status, e.substatus], [true, 'unresolved', 'escalating']);
      assert.equal(sb.control.triage.escalate(b.id).escalated, false);
      assert.equal(sb.control.triage.injectEvents(b.id, 1000).status, 'ignored');
      const reg = sb.control.triage.injectEvents(c.id, 1);
      assert.deepEqual([reg.status, reg.substatus], ['unresolved', 'regressed']);
      const list = await call('GET', `/api/0/projects/acme/${a.project.slug}/issues/?query=is:escalating%20${a.shortId}`, undefined, read);
      assert.ok(list.body.some((i: { id: string }) => i.id === a.id));
    });
  });

  describe('members and teams', () => {
    it('members: member:read, Link-paged over 30 members', async () => {
      assert.equal((await call('GET', '/api/0/organizations/acme/members/', undefined, read)).status, 403);
      const all: Array<{ user: { id: string } }> = [];
      let next: string | null = '/api/0/organizations/acme/members/?per_page=7';
      while (next) {
        const res: Response = await fetch(sb.url + next, { headers: { authorization: write } });
        assert.equal(res.status, 200);
        all.push(...((await res.json()) as typeof all));
        const m = /<([^>]+)>; rel="next"; results="true"/.exec(res.headers.get('link') ?? '');
        next = m ? new URL(m[1]).pathname + new URL(m[1]).search : null;
      }
      assert.equal(all.length, 30);
      assert.equal(new Set(all.map((m) => m.user.id)).size, 30);
      assert.equal((await call('GET', '/api/0/organizations/acme/members/?per_page=0', undefined, write)).status, 400);
      assert.equal((await call('GET', '/api/0/organizations/nope/members/', undefined, write)).status, 404);
    });

    it('teams: org:read, five teams, paged, detailed=0 leaves projects out', async () => {
      const noOrg = `Bearer ${sb.control.credentials.addToken({ scopes: ['event:read', 'event:write'] }).token}`;
      assert.equal((await call('GET', '/api/0/organizations/acme/teams/', undefined, noOrg)).status, 403);
      const all = (await call('GET', '/api/0/organizations/acme/teams/', undefined, read)).body;
      assert.equal(all.length, 5);
      assert.equal(all[0].slug, 'engineering');
      // worker is the backend team's alone, a team the seed's user is not on (people.ts).
      assert.deepEqual(
        all.map((t: { slug: string; isMember: boolean; projects: Array<{ slug: string; isMember: boolean; hasAccess: boolean }> }) => [
          t.slug,
          t.isMember,
          t.projects.map((pr) => `${pr.slug} ${pr.isMember} ${pr.hasAccess}`),
        ]),
        [
          ['engineering', true, ['web-frontend true true', 'api-server true true']],
          ['frontend', true, []],
          ['backend', false, ['worker false true']],
          ['mobile', false, []],
          ['sre', false, []],
        ],
      );
      const page = await fetch(`${sb.url}/api/0/organizations/acme/teams/?per_page=2&cursor=0:4:0&detailed=0`, { headers: { authorization: read } });
      const body = (await page.json()) as Array<Record<string, unknown>>;
      assert.equal(body.length, 1);
      assert.equal('projects' in body[0], false);
      assert.match(page.headers.get('link') ?? '', /rel="next"; results="false"/);
    });
  });
});
