// Project slugs become ids before any `project=` parameter is sent (src/api/projectIds.ts, through
// SentryClient.listOrganizationIssues): a self-hosted server built before June 2026 takes numeric ids
// only. Against the sandbox over real HTTP, in every profile.
import assert from 'node:assert/strict';
import { PROJECT_LIST_FRESH_MS, UnknownProjectError } from '../../../src/api/projectIds';
import { errorKind } from '../../../src/contracts/errors';
import { PROFILE_NAMES } from '../../sandbox/profiles';
import { clientFor, lastQuery, useSandbox } from './sandbox';

const ORG_ISSUES = '/api/0/organizations/acme/issues/';
const PROJECTS = '/api/0/organizations/acme/projects/';

for (const profile of PROFILE_NAMES) {
  describe(`API client: project slugs are sent as ids [${profile}]`, () => {
    const box = useSandbox({ profile });
    const projectRequests = () => box.get().control.requests.list({ path: PROJECTS }).length;

    it('the organization issues list sends the ids of the projects named by slug', async () => {
      const sb = box.get();
      const page = await clientFor(sb).listOrganizationIssues('acme', { project: ['web-frontend', 'api-server'], limit: 5 });
      assert.ok(page.items.length > 0);
      const sent = lastQuery(sb, ORG_ISSUES).filter(([k]) => k === 'project');
      assert.deepEqual(sent, [
        ['project', sb.seed.project('web-frontend')!.id],
        ['project', sb.seed.project('api-server')!.id],
      ]);
    });

    it('reads the project list once per client and organization, whatever the number of lists, concurrent ones included', async () => {
      const sb = box.get();
      const c = clientFor(sb);
      await Promise.all([c.listOrganizationIssues('acme', { project: ['web-frontend'], limit: 1 }), c.listOrganizationIssues('acme', { project: ['worker'], limit: 1 })]);
      for (let k = 0; k < 5; k++) await c.listOrganizationIssues('acme', { project: ['api-server', 'web-frontend'], limit: 1 });
      assert.equal(projectRequests(), 1);
      assert.equal(c.projectIds.reads, 1);
      await c.listOrganizationIssues('globex', { project: ['legacy-portal'], limit: 1 });
      assert.deepEqual(
        lastQuery(sb, '/api/0/organizations/globex/issues/').find(([k]) => k === 'project'),
        ['project', sb.seed.project('legacy-portal')!.id],
      );
      assert.equal(c.projectIds.reads, 2, 'one read per organization');
      await clientFor(sb).listOrganizationIssues('acme', { project: ['worker'], limit: 1 });
      assert.equal(projectRequests(), 2, 'another client (another session) reads its own');
    });

    it('ids (and -1) go as they are, without reading the project list', async () => {
      const sb = box.get();
      const id = sb.seed.project('worker')!.id;
      await clientFor(sb).listOrganizationIssues('acme', { project: [id, '-1'], limit: 1 });
      assert.deepEqual(
        lastQuery(sb, ORG_ISSUES).filter(([k]) => k === 'project'),
        [
          ['project', id],
          ['project', '-1'],
        ],
      );
      assert.equal(projectRequests(), 0);
    });

    it('a slug no project has: read again when the list is older than a minute, then refused before any issue request', async () => {
      const sb = box.get();
      let now = 1_000_000;
      const c = clientFor(sb, undefined, { now: () => now });
      await c.listOrganizationIssues('acme', { project: ['web-frontend'], limit: 1 });
      const issueRequests = () => sb.control.requests.list({ path: ORG_ISSUES }).length;
      const before = issueRequests();
      const refused = await c.listOrganizationIssues('acme', { project: ['web-frontend', 'no-such-project'] }).then(
        () => assert.fail('listed'),
        (e: unknown) => e,
      );
      assert.ok(refused instanceof UnknownProjectError);
      assert.equal(errorKind(refused), 'notFound');
      assert.match((refused as Error).message, /Project "no-such-project" in organization "acme" was not found/);
      assert.equal(projectRequests(), 1, 'a list read less than a minute ago is trusted');
      now += PROJECT_LIST_FRESH_MS;
      await assert.rejects(c.listOrganizationIssues('acme', { project: ['no-such-project'] }), UnknownProjectError);
      assert.equal(projectRequests(), 2, 'an older one is read again first');
      await assert.rejects(c.listOrganizationIssues('acme', { project: ['no-such-project'] }), UnknownProjectError);
      assert.equal(projectRequests(), 2, 'and trusted for another minute');
      assert.equal(issueRequests(), before, 'no issue request named the unknown slug');
    });

    it('a project list the token may not read (403): the slugs go as they are, and the server answers as it does', async () => {
      const sb = box.get();
      const token = sb.control.credentials.addToken({ scopes: ['event:read'] }).token;
      const c = clientFor(sb, { kind: 'bearer', token });
      const listed = c.listOrganizationIssues('acme', { project: ['web-frontend'], limit: 1 });
      if (profile === 'sentry-io') assert.ok((await listed).items.length > 0, 'sentry.io takes slugs');
      else await assert.rejects(listed, /Invalid project parameter/);
      assert.deepEqual(
        lastQuery(sb, ORG_ISSUES).find(([k]) => k === 'project'),
        ['project', 'web-frontend'],
      );
      await c.listOrganizationIssues('acme', { project: ['worker'], limit: 1 }).catch(() => undefined);
      assert.equal(projectRequests(), 1, 'the refusal is remembered');
    });

    it('any other failure of the project list is the list’s failure, and the next list reads again', async () => {
      const sb = box.get();
      sb.control.faults.add({ path: PROJECTS, status: 404, count: 1 });
      const c = clientFor(sb);
      await assert.rejects(c.listOrganizationIssues('acme', { project: ['web-frontend'] }), (e: unknown) => errorKind(e) === 'notFound');
      assert.equal(sb.control.requests.list({ path: ORG_ISSUES }).length, 0);
      await c.listOrganizationIssues('acme', { project: ['web-frontend'], limit: 1 });
      assert.equal(projectRequests(), 2);
    });
  });
}
