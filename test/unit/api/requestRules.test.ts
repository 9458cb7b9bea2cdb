// The scopes each endpoint is declared to need, checked against the sandbox over real HTTP: a 403
// names (and a new sign-in asks for) the scope Sentry's permission class wants, not a guess.
import assert from 'node:assert/strict';
import { ForbiddenError } from '../../../src/api/errors';
import { checkReadIds, idReadBatches, NEEDED_SCOPES, projectParamBytes } from '../../../src/api/requestRules';
import { preferredScope } from '../../../src/api/scopes';
import { presentError } from '../../../src/contracts/errorPresentation';
import { clientFor, useSandbox } from './sandbox';

describe('NEEDED_SCOPES', () => {
  const box = useSandbox();
  const withScopes = (scopes: string[]) => {
    const sb = box.get();
    return clientFor(sb, { kind: 'bearer', token: sb.control.credentials.addToken({ scopes }).token });
  };

  it('projects and teams need org:read (OrganizationPermission, OrganizationTeamsPermission), not project:read or team:read', async () => {
    assert.deepEqual(NEEDED_SCOPES.projects, ['org:read', 'org:write', 'org:admin']);
    assert.deepEqual(NEEDED_SCOPES.teams, ['org:read', 'org:write', 'org:admin']);
    const orgOnly = withScopes(['org:read']);
    assert.ok((await orgOnly.listProjects('acme')).items.length > 0, 'org:read alone lists the projects');
    assert.ok((await orgOnly.listTeams('acme')).items.length > 0, 'org:read alone lists the teams');
  });

  for (const [what, call] of [
    ['projects', (c: ReturnType<typeof withScopes>) => c.listProjects('acme')],
    ['teams', (c: ReturnType<typeof withScopes>) => c.listTeams('acme')],
  ] as const) {
    it(`a 403 on the ${what} asks for org:read, whatever project:read or team:read the token has`, async () => {
      const err = await call(withScopes(['project:read', 'team:read', 'event:read'])).then(
        () => assert.fail('refused without org:read'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof ForbiddenError);
      assert.equal(preferredScope(presentError(err).scopesToAsk ?? []), 'org:read');
      assert.match(err.message, /org:read/);
      assert.doesNotMatch(err.message, /project:read|team:read/);
    });
  }
});

describe('reads by id: as many ids as fit one request line', () => {
  const box = useSandbox();
  const ids = (n: number, from = 4_800_000_000) => Array.from({ length: n }, (_, k) => String(from + k));

  it('splits ids in their order into the fewest reads whose group= parameters fit the budget', () => {
    // `group=4800000000&` is 17 bytes: 470 fit 8,000.
    const batches = idReadBatches(ids(1000));
    assert.deepEqual(
      batches.map((b) => b.length),
      [470, 470, 60],
    );
    assert.deepEqual(batches.flat(), ids(1000));
    assert.deepEqual(idReadBatches([]), []);
    assert.deepEqual(
      idReadBatches(ids(10), 17 * 3).map((b) => b.length),
      [3, 3, 3, 1],
    );
  });

  it('refuses none, a non-number, or more than one request line carries, before any request', async () => {
    assert.throws(() => checkReadIds([]), RangeError);
    assert.throws(() => checkReadIds(['1', 'PROJ-1']), RangeError);
    assert.throws(() => checkReadIds(ids(471)), /more than the 8000/);
    checkReadIds(ids(470));
    const sb = box.get();
    sb.control.requests.clear();
    await assert.rejects(clientFor(sb).listIssuesById('acme', ids(471), ['4501']), RangeError);
    assert.equal(sb.control.requests.list({ path: /^\/api\/0\// }).length, 0);
  });

  it('names its projects, as ids, in the budget: never a read without them (Sentry would look only in the projects of the user’s teams)', async () => {
    const sb = box.get();
    const client = clientFor(sb);
    sb.control.requests.clear();
    await assert.rejects(client.listIssuesById('acme', ids(3), []), /names the projects/);
    assert.equal(sb.control.requests.list({ path: /^\/api\/0\// }).length, 0, 'refused before any request');
    // `project=<key>&` keeps at least 20 characters a key: 29 bytes of the 8,000 for one project.
    assert.equal(projectParamBytes(['4501']), 29);
    assert.equal(projectParamBytes(['web-frontend', 'a'.repeat(50)]), 29 + 59);
    await assert.rejects(client.listIssuesById('acme', ids(470), ['4501']), /more than the 7971/);
    const worker = sb.seed.issuesOf('worker')[0];
    const web = sb.seed.issuesOf('web-frontend')[0];
    const got = await client.listIssuesById('acme', [worker.id, web.id], ['web-frontend', 'worker']);
    assert.deepEqual(got.map((i) => i.id).sort(), [worker.id, web.id].sort());
    const sent = sb.control.requests.list({ path: '/api/0/organizations/acme/issues/' }).at(-1)!.query;
    assert.deepEqual(
      sent.filter(([k]) => k === 'project').map(([, v]) => v),
      ['4501', '4503'],
      'slugs sent as ids',
    );
  });

  it('a request line longer than nginx’s 8 KB is answered 414 by the sandbox, as self-hosted Sentry’s nginx does; the budget stays under it', async () => {
    const sb = box.get();
    const slug = 'a'.repeat(50);
    const line = (n: number) =>
      `GET /api/0/organizations/${slug}/issues/?${ids(n)
        .map((id) => `group=${id}`)
        .join('&')} HTTP/1.1`;
    assert.ok(Buffer.byteLength(line(470)) <= 8192, 'the budget fits the longest organization slug');
    const res = await fetch(
      `${sb.url}/api/0/organizations/acme/issues/?${ids(600)
        .map((id) => `group=${id}`)
        .join('&')}`,
      { headers: { authorization: `Bearer ${sb.defaults.authToken}` } },
    );
    assert.equal(res.status, 414);
  });
});
