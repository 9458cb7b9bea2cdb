// The write side of the store against the sandbox over real HTTP: optimistic change, confirmation,
// rollback, bulk chunks of 100, the per-project fallback, and order of writes on one issue.
import assert from 'node:assert/strict';
import { ForbiddenError } from '../../../../src/api/errors';
import { UnknownProjectError } from '../../../../src/api/projectIds';
import type { IssueRef } from '../../../../src/contracts/issueRef';
import { IssueStore } from '../../../../src/store/issueStore';
import type { SentryClient } from '../../../../src/api/client';
import { IssueWriter, SessionChangedError } from '../../../../src/triage/core/issueWriter';
import type { ListSpec } from '../../../../src/store/listSpec';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';

const UNRESOLVED: ListSpec = { org: 'acme', project: 'api-server', statsPeriod: '24h', sort: 'date' };
const PUTS = /^\/api\/0\/(organizations\/acme\/issues\/|projects\/acme\/[a-z-]+\/issues\/)/;

describe('IssueWriter (triage writes through the store)', () => {
  const box = useSandbox();
  /** Another server with the same organization slug and the same small issue ids, as self-hosted servers have. */
  const boxB = useSandbox();
  const setup = () => {
    const sb = box.get();
    // The default token reads only (event:read); triage needs event:write.
    const client = async () => clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken });
    const store = new IssueStore(client);
    const writer = new IssueWriter(store, client);
    const puts = () => sb.control.requests.list({ method: 'PUT' }).filter((r) => PUTS.test(r.path));
    return { sb, store, writer, puts };
  };
  const refsOf = (issues: readonly { id: string; project: { slug: string } }[]): IssueRef[] => issues.map((i) => ({ org: 'acme', project: i.project.slug, issueId: i.id }));
  const allSeedRefs = (): IssueRef[] =>
    box
      .get()
      .control.seed.issues.filter((i) => i.project.org.slug === 'acme')
      .map((i) => ({ org: 'acme', project: i.project.slug, issueId: i.id }));

  it('one issue: the change shows before the answer, one PUT to the issue, then the server state is what a reload shows', async () => {
    const { sb, store, writer, puts } = setup();
    const [target] = (await store.load(UNRESOLVED)).issues;
    sb.control.faults.add({ method: 'PUT', path: '/issues/', latencyMs: 150, count: 1 });
    const pending = writer.write({ refs: refsOf([target]), body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(store.issue(target.id)?.status, 'resolved', 'shown before the server answered');
    assert.ok(!store.peek(UNRESOLVED)!.issues.some((i) => i.id === target.id), 'the row left the unresolved list at once');
    const outcome = await pending;
    assert.deepEqual(outcome.failed, []);
    assert.equal(outcome.requests, 1);
    assert.deepEqual(
      puts().map((r) => r.path),
      [`/api/0/organizations/acme/issues/${target.id}/`],
    );
    await store.load(UNRESOLVED, true);
    assert.ok(!store.peek(UNRESOLVED)!.issues.some((i) => i.id === target.id), 'the server resolved it too');
  });

  it('250 issues: 3 bulk PUTs of 100, 100 and 50 ids, every one named, each read back once (group=)', async () => {
    const { sb, store, writer, puts } = setup();
    const refs = allSeedRefs().slice(0, 250);
    assert.equal(refs.length, 250, 'the sandbox seeds at least 250 issues in acme');
    const outcome = await writer.write({ refs, body: { isBookmarked: true }, change: { isBookmarked: true } });
    assert.equal(outcome.requests, 6);
    assert.equal(outcome.done.length, 250);
    assert.deepEqual(outcome.unchanged ?? [], []);
    const reads = sb.control.requests.list({ method: 'GET', path: /^\/api\/0\/organizations\/acme\/issues\/$/ });
    assert.deepEqual(
      reads.map((r) => r.query.filter(([k]) => k === 'group').length),
      [100, 100, 50],
    );
    const sent = puts();
    assert.deepEqual(
      sent.map((r) => r.query.filter(([k]) => k === 'id').length),
      [100, 100, 50],
    );
    assert.deepEqual(sent.flatMap((r) => r.query.filter(([k]) => k === 'id').map(([, v]) => v)).sort(), refs.map((r) => r.issueId).sort());
    assert.ok(sent.every((r) => r.path === '/api/0/organizations/acme/issues/'));
    void store;
  });

  it('ids Sentry finds none of (204 "No groups found"): no failure and no error, the change undone, each reported as not found', async () => {
    const { sb, store, writer } = setup();
    const [a, b] = (await store.load(UNRESOLVED)).issues;
    // Deleted or merged on the server since they were listed.
    const gone = [a, b].map((i) => ({ ...refsOf([i])[0], issueId: String(9_000_000_000 + Number(i.id)) }));
    store.upsert(
      'acme',
      [a, b].map((i, k) => ({ ...i, id: gone[k].issueId })),
    );
    const outcome = await writer.write({ refs: gone, body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
    assert.deepEqual(outcome.failed, []);
    assert.equal(outcome.error, undefined);
    assert.deepEqual(outcome.done, []);
    assert.deepEqual(
      outcome.unchanged,
      gone.map((ref) => ({ ref, why: 'notFound' })),
    );
    for (const r of gone) assert.equal(store.issue(r.issueId)?.status, 'unresolved', 'rolled back');
    assert.equal(outcome.requests, 1, 'nothing to read back');
    assert.equal(sb.control.triage.writes({ bulk: true }).at(-1)!.changed.length, 0, 'and nothing else changed on the server');
  });

  it('issues of a project the organization no longer lists: nothing is sent, the change is undone, no fall back to the per-project endpoint', async () => {
    const { sb, store, writer, puts } = setup();
    const [a, b] = (await store.load(UNRESOLVED)).issues;
    const refs = refsOf([a, b]).map((r) => ({ ...r, project: 'renamed-since' }));
    const outcome = await writer.write({ refs, body: { isBookmarked: true }, change: { isBookmarked: true } });
    assert.deepEqual(outcome.failed, refs);
    assert.ok(outcome.error instanceof UnknownProjectError);
    assert.deepEqual(puts(), [], 'no PUT, to either endpoint');
    assert.equal(store.issue(a.id)?.isBookmarked, false, 'rolled back');
    // The organization endpoint was not given up on: the next write goes there.
    await writer.write({ refs: refsOf([a, b]), body: { isBookmarked: true }, change: { isBookmarked: true } });
    assert.deepEqual(
      puts().map((r) => r.path),
      ['/api/0/organizations/acme/issues/'],
    );
    void sb;
  });

  it('one of several issues deleted or merged since it was listed: the others are changed, it is undone and reported as skipped', async () => {
    const { sb, store, writer } = setup();
    const [a, b] = (await store.load(UNRESOLVED)).issues;
    const gone = { ...refsOf([b])[0], issueId: String(9_000_000_000 + Number(b.id)) };
    store.upsert('acme', [{ ...b, id: gone.issueId }]);
    const outcome = await writer.write({ refs: [...refsOf([a]), gone], body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
    assert.deepEqual(outcome.done, refsOf([a]));
    assert.deepEqual(outcome.unchanged, [{ ref: gone, why: 'skipped' }]);
    assert.equal(store.issue(a.id)?.status, 'resolved');
    assert.equal(store.issue(gone.issueId)?.status, 'unresolved', 'rolled back');
    assert.equal(sb.control.triage.issue(a.id).status, 'resolved');
  });

  it("one issue gone from the server (404 with Sentry's detail): reported as not found, no fall back to the deprecated endpoint", async () => {
    const { store, writer, puts } = setup();
    const [a] = (await store.load(UNRESOLVED)).issues;
    const gone = { ...refsOf([a])[0], issueId: String(9_000_000_000 + Number(a.id)) };
    store.upsert('acme', [{ ...a, id: gone.issueId }]);
    const outcome = await writer.write({ refs: [gone], body: { isBookmarked: true }, change: { isBookmarked: true } });
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(outcome.unchanged, [{ ref: gone, why: 'notFound' }]);
    assert.equal(store.issue(gone.issueId)?.isBookmarked, false);
    assert.deepEqual(
      puts().map((r) => r.path),
      [`/api/0/organizations/acme/issues/${gone.issueId}/`],
    );
    // The organization endpoint answered: the next write goes there too.
    const next = await writer.write({ refs: refsOf([a]), body: { isBookmarked: true }, change: { isBookmarked: true } });
    assert.deepEqual(next.done, refsOf([a]));
    assert.equal(puts().at(-1)!.path, `/api/0/organizations/acme/issues/${a.id}/`);
  });

  it('a 500 rolls the change back everywhere and reports the error', async () => {
    const { sb, store, writer } = setup();
    const [target] = (await store.load(UNRESOLVED)).issues;
    sb.control.faults.add({ method: 'PUT', path: '/issues/', status: 500, count: 1 });
    const outcome = await writer.write({ refs: refsOf([target]), body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
    assert.deepEqual(outcome.failed, refsOf([target]));
    assert.ok(outcome.error);
    assert.equal(store.issue(target.id)?.status, 'unresolved');
    assert.ok(
      store.peek(UNRESOLVED)!.issues.some((i) => i.id === target.id),
      'back in its list',
    );
  });

  it('a read-only token (the sandbox default: event:read) gets 403 naming event:write, and nothing changes', async () => {
    const { sb } = setup();
    const store = new IssueStore(async () => clientFor(sb));
    const writer = new IssueWriter(store, async () => clientFor(sb));
    const [target] = (await store.load(UNRESOLVED)).issues;
    const outcome = await writer.write({ refs: refsOf([target]), body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
    assert.ok(outcome.error instanceof ForbiddenError, String(outcome.error));
    assert.ok(outcome.error.missingScopes.includes('event:write'), `missing ${outcome.error.missingScopes.join(',')}`);
    assert.equal(store.issue(target.id)?.status, 'unresolved');
  });

  it('a server without the organization endpoints (404) gets the per-project bulk PUT, and the next write goes there at once', async () => {
    const { sb, store, writer, puts } = setup();
    const [a, b] = (await store.load(UNRESOLVED)).issues;
    sb.control.faults.add({ method: 'PUT', path: '^/api/0/organizations/', status: 404 });
    const first = await writer.write({ refs: refsOf([a]), body: { isBookmarked: true }, change: { isBookmarked: true } });
    assert.deepEqual(first.failed, []);
    assert.equal(first.requests, 2);
    const second = await writer.write({ refs: refsOf([b]), body: { isBookmarked: true }, change: { isBookmarked: true } });
    assert.equal(second.requests, 1);
    assert.deepEqual(
      puts().map((r) => r.path),
      ['/api/0/organizations/acme/issues/' + a.id + '/', '/api/0/projects/acme/api-server/issues/', '/api/0/projects/acme/api-server/issues/'],
    );
  });

  it('two writes on one issue are sent in order; a reload between them does not bring the old state back', async () => {
    const { sb, store, writer, puts } = setup();
    const [target] = (await store.load(UNRESOLVED)).issues;
    sb.control.faults.add({ method: 'PUT', path: '/issues/', latencyMs: 120, count: 1 });
    const resolve = writer.write({ refs: refsOf([target]), body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
    const bookmark = writer.write({ refs: refsOf([target]), body: { isBookmarked: true }, change: { isBookmarked: true } });
    const reload = store.load({ ...UNRESOLVED, query: '' }, true);
    assert.equal(store.issue(target.id)?.status, 'resolved');
    assert.equal(store.issue(target.id)?.isBookmarked, true);
    await Promise.all([resolve, bookmark, reload]);
    const bodies = puts().map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>);
    assert.deepEqual(bodies, [{ status: 'resolved', statusDetails: {} }, { isBookmarked: true }], 'in the order they were taken');
    assert.equal(store.issue(target.id)?.status, 'resolved');
    assert.equal(store.issue(target.id)?.isBookmarked, true);
  });

  it('signed out: nothing is sent and nothing changes', async () => {
    const { sb, store, puts } = setup();
    const writer = new IssueWriter(store, async () => undefined);
    const [target] = (await store.load(UNRESOLVED)).issues;
    const outcome = await writer.write({ refs: refsOf([target]), body: { status: 'resolved' }, change: { status: 'resolved' } });
    assert.equal(outcome.requests, 0);
    assert.equal(puts().length, 0);
    assert.equal(store.issue(target.id)?.status, 'unresolved');
    void sb;
  });

  it('an empty or mixed-organization write is refused before anything happens', async () => {
    const { writer, puts } = setup();
    await assert.rejects(writer.write({ refs: [], body: { status: 'resolved' }, change: {} }), /at least one issue/);
    await assert.rejects(
      writer.write({
        refs: [
          { org: 'acme', project: 'a', issueId: '1' },
          { org: 'other', project: 'a', issueId: '2' },
        ],
        body: {},
        change: {},
      }),
      /one organization/,
    );
    assert.equal(puts().length, 0);
  });

  describe('a write bound to the client that made the change (undo, retry)', () => {
    const bodyOf = { status: 'unresolved', statusDetails: {} } as const;
    const bPuts = () =>
      boxB
        .get()
        .control.requests.list({ method: 'PUT' })
        .filter((r) => PUTS.test(r.path));
    const twoServers = () => {
      const { sb, store, puts } = setup();
      const a = clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken });
      const b = clientFor(boxB.get(), { kind: 'bearer', token: boxB.get().defaults.writeToken });
      const now: { client: SentryClient | undefined } = { client: a };
      const writer = new IssueWriter(store, async () => now.client);
      return { sb, store, writer, puts, a, b, now };
    };

    it('the session moved to another server: nothing is sent to either, the change is rolled back, the error says why', async () => {
      const { store, writer, puts, a, b, now } = twoServers();
      const [target] = (await store.load(UNRESOLVED)).issues;
      await writer.write({ refs: refsOf([target]), body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
      now.client = b;
      const undo = await writer.write({ refs: refsOf([target]), body: bodyOf, change: { status: 'unresolved' }, boundTo: { client: a } });
      assert.equal(bPuts().length, 0, "server B's issue with the same id is not touched");
      assert.equal(puts().length, 1, 'only the original change reached A');
      assert.equal(undo.requests, 0);
      assert.deepEqual(undo.failed, refsOf([target]));
      assert.ok(undo.error instanceof SessionChangedError);
      assert.match(String((undo.error as Error).message), /another Sentry server or account/);
      assert.equal(store.issue(target.id)?.status, 'resolved', 'the view shows what A has');
    });

    it('signed out meanwhile: nothing is sent', async () => {
      const { store, writer, puts, a, now } = twoServers();
      const [target] = (await store.load(UNRESOLVED)).issues;
      now.client = undefined;
      const outcome = await writer.write({ refs: refsOf([target]), body: bodyOf, change: {}, boundTo: { client: a } });
      assert.equal(outcome.requests, 0);
      assert.equal(puts().length + bPuts().length, 0);
    });

    it('the same client: the write goes through as always', async () => {
      const { store, writer, puts, a } = twoServers();
      const [target] = (await store.load(UNRESOLVED)).issues;
      const outcome = await writer.write({ refs: refsOf([target]), body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' }, boundTo: { client: a } });
      assert.deepEqual(outcome.done, refsOf([target]));
      assert.equal(outcome.client, a, 'the outcome names the client the change went through, for its own undo');
      assert.equal(puts().length, 1);
      assert.equal(bPuts().length, 0);
    });

    it('after a sign-in made for this change (another session), the same server is accepted and another is refused', async () => {
      const { sb, store, writer, puts, a, b, now } = twoServers();
      const [target] = (await store.load(UNRESOLVED)).issues;
      now.client = clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken });
      const same = await writer.write({ refs: refsOf([target]), body: { isBookmarked: true }, change: { isBookmarked: true }, boundTo: { client: a, anyAccount: true } });
      assert.deepEqual(same.done, refsOf([target]));
      assert.equal(puts().length, 1);
      now.client = b;
      const other = await writer.write({ refs: refsOf([target]), body: { isBookmarked: false }, change: { isBookmarked: false }, boundTo: { client: a, anyAccount: true } });
      assert.ok(other.error instanceof SessionChangedError);
      assert.equal(bPuts().length, 0);
    });
  });
});

// Open team membership is Sentry's default: the seed's user sees acme's worker without being on a team of it.
describeEachProfile('IssueWriter: a project the user sees but is on no team of', (profile) => {
  const box = useSandbox({ profile });
  const refsOf = (issues: readonly { id: string; project: { slug: string } }[]): IssueRef[] => issues.map((i) => ({ org: 'acme', project: i.project.slug, issueId: i.id }));

  it("a bulk change names its issues' projects: those of a project the user sees but is on no team of (open membership) are changed and read back too", async () => {
    const sb = box.get();
    const client = async () => clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken });
    const store = new IssueStore(client);
    const writer = new IssueWriter(store, client);
    const puts = () => sb.control.requests.list({ method: 'PUT' }).filter((r) => PUTS.test(r.path));
    const web = (await store.load({ ...UNRESOLVED, project: 'web-frontend' })).issues.slice(0, 2);
    // The seed's user is on no team of worker: in Sentry's default open membership the user sees it, and a
    // request without `project` would act only in the projects of the user's teams.
    const worker = (await store.load({ ...UNRESOLVED, project: 'worker' })).issues.slice(0, 2);
    const outcome = await writer.write({ refs: refsOf([...web, ...worker]), body: { status: 'resolved', statusDetails: {} }, change: { status: 'resolved' } });
    assert.deepEqual(outcome.failed, []);
    assert.deepEqual(outcome.unchanged ?? [], []);
    assert.deepEqual(outcome.done, refsOf([...web, ...worker]));
    assert.equal(outcome.requests, 2, 'the PUT and one read-back');
    for (const i of [...web, ...worker]) {
      assert.equal(store.issue(i.id)?.status, 'resolved');
      assert.equal(sb.control.triage.issue(i.id).status, 'resolved', 'changed on the server');
    }
    const projectsOf = (q: Array<[string, string]>) => q.filter(([k]) => k === 'project').map(([, v]) => v);
    const [put] = puts();
    const [read] = sb.control.requests.list({ method: 'GET', path: '/api/0/organizations/acme/issues/' }).filter((r) => r.query.some(([k]) => k === 'group'));
    assert.deepEqual(projectsOf(put.query), ['4501', '4503'], "the PUT names the issues' projects, as ids");
    assert.deepEqual(projectsOf(read.query), ['4501', '4503'], 'the read-back looks in the same projects');
  });
});
