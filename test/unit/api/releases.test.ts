// The release, suspect-commit and owner readers (src/api/releaseEndpoints.ts) against the sandbox over
// real HTTP, in every profile: the shapes of Sentry's serializers, the answers of a server without the
// source code integration, the permission classes' scopes, and what is refused before any request.
import assert from 'node:assert/strict';
import { seed } from '../../sandbox';
import { sandboxHistory } from '../../sandbox/gitHistory';
import { ForbiddenError, NotFoundError } from '../../../src/api/errors';
import { getEventCommitters, getEventOwners, getFirstLastRelease, getLatestRelease, getRelease, listReleaseCommits, listReleaseDeploys } from '../../../src/api/releaseEndpoints';
import { checkRequest, checkResponse, operation } from '../openapi/openapi';
import { clientFor, describeEachProfile, useSandbox } from './sandbox';

const ORG = 'acme';
/** The big checkout-discount issue of web-frontend: first seen in 2.0.0, last in 2.11.0. */
const CHECKOUT = '4800000007';
const RELEASES = operation('GET', '/api/0/organizations/{organization_id_or_slug}/releases/');

function eventIn(issueId: string, release?: string): string {
  const issue = seed.issue(issueId)!;
  return (release ? issue.events.find((e) => e.release === release)! : issue.events[0]).eventID;
}

function shaOf(key: string): string {
  return sandboxHistory()!.find((c) => c.key === key)!.sha;
}

describeEachProfile('Releases, suspect commits and owners against the sandbox', (profile) => {
  const box = useSandbox({ profile });
  const http = () => clientFor(box.get()).http;
  const requests = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'));

  it("an issue's first and last release, each the release serializer's shape the OpenAPI document gives a release", async () => {
    const r = await getFirstLastRelease(http(), ORG, CHECKOUT);
    assert.equal(r.firstRelease?.version, 'web-frontend@2.0.0');
    assert.equal(r.lastRelease?.version, 'web-frontend@2.11.0');
    assert.equal(r.lastRelease?.lastCommit?.id, shaOf('discount'));
    assert.equal(r.firstRelease?.lastCommit?.id, shaOf('import'));
    const raw = await (
      await fetch(`${box.get().url}/api/0/organizations/acme/issues/${CHECKOUT}/first-last-release/`, { headers: { authorization: `Bearer ${box.get().defaults.authToken}` } })
    ).json();
    assert.deepEqual(checkResponse(RELEASES, 200, [raw.firstRelease, raw.lastRelease]), []);
  });

  it('one release: its newest commit with the repository the integration links, its deploys; it validates against the document', async () => {
    const rel = await getRelease(http(), ORG, 'web-frontend@2.11.0');
    assert.equal(rel.commitCount, 1);
    assert.equal(rel.lastCommit?.message, 'Read item discounts from the discount object');
    assert.equal(rel.lastCommit?.repository?.url, 'https://github.com/acme/web-frontend');
    assert.equal(rel.deployCount, 2);
    const raw = await (await fetch(`${box.get().url}/api/0/organizations/acme/releases/web-frontend%402.11.0/`, { headers: { authorization: `Bearer ${box.get().defaults.authToken}` } })).json();
    assert.deepEqual(checkResponse(RELEASES, 200, [raw]), []);
    const deploys = await listReleaseDeploys(http(), ORG, 'web-frontend@2.11.0');
    assert.deepEqual(
      deploys.map((d) => d.environment),
      ['production', 'staging'],
    );
    assert.deepEqual(
      (await listReleaseDeploys(http(), ORG, 'web-frontend@2.5.0')).map((d) => d.environment),
      ['production'],
    );
  });

  it("a project's newest release (what Resolve in the current release names): one documented request, validated both ways", async () => {
    const sb = box.get();
    const project = sb.seed.orgs.find((o) => o.slug === 'acme')!.projects.find((p) => p.slug === 'web-frontend')!;
    const latest = await getLatestRelease(http(), ORG, project.id);
    assert.equal(latest?.version, 'web-frontend@2.11.0');
    const req = requests().at(-1)!;
    assert.deepEqual(req.query, [
      ['project', project.id],
      ['per_page', '1'],
    ]);
    assert.deepEqual(checkRequest(RELEASES, { method: 'GET', path: req.path, query: req.query }), []);
    const raw = await (await fetch(`${sb.url}/api/0/organizations/acme/releases/?project=${project.id}&per_page=3`, { headers: { authorization: `Bearer ${sb.defaults.authToken}` } })).json();
    assert.equal(raw.length, 3);
    assert.deepEqual(checkResponse(RELEASES, 200, raw), []);
    await assert.rejects(getLatestRelease(http(), ORG, 'web-frontend'), RangeError);
  });

  it("a release's commits: the hostile message arrives as sent, for the caller to show as text", async () => {
    const commits = await listReleaseCommits(http(), ORG, 'web-frontend@2.10.0');
    assert.equal(commits.length, 1);
    assert.equal(commits[0].id, shaOf('currency'));
    assert.match(commits[0].message ?? '', /^Show prices in the cart's currency <img src=x onerror=alert\(1\)> \[run\]\(command:/);
    assert.equal(commits[0].author?.name, 'Grace Hopper');
    assert.deepEqual(await listReleaseCommits(http(), ORG, 'web-frontend@2.5.0'), []);
  });

  it('an unknown release is a NotFoundError naming it', async () => {
    await assert.rejects(getRelease(http(), ORG, 'web-frontend@9.9.9'), (e) => e instanceof NotFoundError && /web-frontend@9\.9\.9/.test(e.message));
  });

  it("the suspect commit of the checkout crash: the line's last commit through the integration (sentry.io), the release-based search (older servers)", async () => {
    const committers = await getEventCommitters(http(), ORG, 'web-frontend', eventIn(CHECKOUT, 'web-frontend@2.11.0'));
    if (profile === 'sentry-io') {
      assert.equal(committers.length, 1);
      assert.equal(committers[0].author?.name, 'Grace Hopper');
      assert.deepEqual(
        committers[0].commits.map((c) => [c.id, c.suspectCommitType]),
        [[shaOf('discount'), 'via SCM integration']],
      );
    } else {
      // The first release (2.0.0) and the four before it: only the import, which touched every file.
      assert.deepEqual(
        committers.map((c) => [c.author?.name, c.commits.map((k) => k.id)]),
        [['Ada Lovelace', [shaOf('import')]]],
      );
      assert.equal(committers[0].commits[0].score, 3);
    }
  });

  it('a project without the source code integration or commits: no committers, whatever the server answers', async () => {
    const sb = box.get();
    const api = seed.issuesOf('api-server').find((i) => i.events.length)!;
    const worker = seed.issuesOf('worker').find((i) => i.events.length)!;
    assert.deepEqual(await getEventCommitters(http(), ORG, 'api-server', api.events[0].eventID), []);
    assert.deepEqual(await getEventCommitters(http(), ORG, 'worker', worker.events[0].eventID), []);
    const raw = async (project: string, id: string) => {
      const res = await fetch(`${sb.url}/api/0/projects/acme/${project}/events/${id}/committers/`, { headers: { authorization: `Bearer ${sb.defaults.authToken}` } });
      return [res.status, await res.json()];
    };
    if (profile === 'sentry-io') {
      assert.deepEqual(await raw('api-server', api.events[0].eventID), [404, { detail: 'No committers found' }]);
      assert.deepEqual(await raw('worker', worker.events[0].eventID), [404, { detail: 'No committers found' }]);
    } else {
      assert.deepEqual(await raw('api-server', api.events[0].eventID), [404, { detail: 'No Commits found for Release' }]);
      assert.deepEqual(await raw('worker', worker.events[0].eventID), [200, { committers: [] }]);
    }
  });

  it('owners by the ownership rules: the last matching rule first, actors with names; none without rules', async () => {
    const owners = await getEventOwners(http(), ORG, 'web-frontend', eventIn(CHECKOUT));
    assert.deepEqual(
      owners.owners.map((o) => [o.type, o.name]),
      [
        ['team', 'frontend'],
        ['user', 'Jane Doe'],
      ],
    );
    assert.deepEqual(owners.rule, ['path', 'src/app/checkout.ts']);
    const worker = seed.issuesOf('worker').find((i) => i.events.length)!;
    assert.deepEqual((await getEventOwners(http(), ORG, 'worker', worker.events[0].eventID)).owners, []);
  });

  it("each endpoint's permission class: event:read reads the first/last release, and an event's committers and owners where they are EventEndpoints; org:ci reads releases", async () => {
    const sb = box.get();
    const eventOnly = sb.control.credentials.addToken({ scopes: ['event:read'] }).token;
    const c = clientFor(sb, { kind: 'bearer', token: eventOnly }).http;
    await getFirstLastRelease(c, ORG, CHECKOUT);
    await assert.rejects(getRelease(c, ORG, 'web-frontend@2.11.0'), ForbiddenError);
    if (profile === 'sentry-io') {
      assert.ok((await getEventCommitters(c, ORG, 'web-frontend', eventIn(CHECKOUT))).length > 0);
      assert.ok((await getEventOwners(c, ORG, 'web-frontend', eventIn(CHECKOUT))).owners.length > 0);
    } else {
      await assert.rejects(getEventCommitters(c, ORG, 'web-frontend', eventIn(CHECKOUT)), ForbiddenError);
      await assert.rejects(getEventOwners(c, ORG, 'web-frontend', eventIn(CHECKOUT)), ForbiddenError);
    }
    const ci = clientFor(sb, { kind: 'bearer', token: sb.control.credentials.addToken({ kind: 'org', scopes: ['org:ci'] }).token }).http;
    assert.equal((await getRelease(ci, ORG, 'web-frontend@2.11.0')).version, 'web-frontend@2.11.0');
    await assert.rejects(getEventCommitters(ci, ORG, 'web-frontend', eventIn(CHECKOUT)), ForbiddenError);
  });

  it("a 403 on an event's committers or owners names the scope this server checks, as far as the token's scopes tell", async () => {
    const sb = box.get();
    const refusal = async (scopes: string[], known: boolean, read: 'committers' | 'owners') => {
      const token = sb.control.credentials.addToken({ scopes }).token;
      const c = clientFor(sb, { kind: 'bearer', token }, known ? { grantedScopes: () => scopes } : {}).http;
      const ask = read === 'committers' ? getEventCommitters(c, ORG, 'web-frontend', eventIn(CHECKOUT)) : getEventOwners(c, ORG, 'web-frontend', eventIn(CHECKOUT));
      return ask.then(
        () => undefined,
        (e: unknown) => {
          assert.ok(e instanceof ForbiddenError, String(e));
          return e;
        },
      );
    };
    // The scope the other server version checks is not enough here.
    const wants = profile === 'sentry-io' ? 'event:read' : 'project:read';
    const other = profile === 'sentry-io' ? 'project:read' : 'event:read';
    for (const read of ['committers', 'owners'] as const) {
      assert.equal(await refusal(['org:read', wants], true, read), undefined, `${wants} reads the ${read}`);
      const known = (await refusal(['org:read', other], true, read))!;
      assert.equal(known.eachVersion, false);
      assert.equal(known.missingScopes[0], wants);
      assert.match(known.message, new RegExp(`${wants}.*Sign in again granting that scope`));
      assert.doesNotMatch(known.message, new RegExp(other));
      // Scopes unknown (a token whose scopes the server did not say): both versions' scopes, each said with its version.
      const unknown = (await refusal(['org:read', other], false, read))!;
      assert.equal(unknown.eachVersion, true);
      assert.deepEqual(unknown.missingScopes, ['event:read', 'project:read']);
      assert.match(unknown.message, /current Sentry servers check the event:read scope here, older ones the project:read scope/);
    }
  });

  it('versions and event ids that are no such thing never reach the server', async () => {
    const before = requests().length;
    for (const v of ['', 'a/b', '..', 'latest', 'x\ny', 'v'.repeat(201)]) await assert.rejects(getRelease(http(), ORG, v), RangeError);
    await assert.rejects(getEventCommitters(http(), ORG, 'web-frontend', '../../issues'), RangeError);
    await assert.rejects(getEventOwners(http(), ORG, 'web-frontend', 'latest'), RangeError);
    assert.equal(requests().length, before);
  });
});
