// Organizations in every data region, over real HTTP: the sandbox's second host serves the EU
// organization on sentry-io, whose main host lists every region's organizations (or, as sentry.io
// before June 2026, the US region's only); self-hosted-2025 answers one --monolith-- region and keeps
// everything at the base URL.
import assert from 'node:assert/strict';
import { EU_ORG, EU_PROJECT } from '../../sandbox/seed';
import type { Sandbox } from '../../sandbox';
import type { RegionFailure } from '../../../src/api/regionListing';
import { ServerError } from '../../../src/api/errors';
import { clientFor, describeEachProfile, useSandbox } from './sandbox';
import { orgOfPath } from '../../../src/api/http';
import * as z from '../../../src/model/z';

describeEachProfile('Organizations in every region, over HTTP', (profile) => {
  const box = useSandbox({ profile, host: 'localhost', regions: true });
  const eu = (sb: Sandbox) => clientFor(sb, { kind: 'bearer', token: sb.defaults.euToken! });
  const logged = (sb: Sandbox, path: RegExp) => sb.control.requests.list({ path });

  it('an EU-only account sees its organization, its projects and its issues', async () => {
    const sb = box.get();
    const client = eu(sb);
    const all = await client.listAllOrganizations();
    assert.deepEqual(
      all.organizations.map((o) => o.slug),
      [EU_ORG],
    );
    assert.deepEqual(all.refused, []);
    assert.equal(all.multiRegion, profile === 'sentry-io');
    const projects = (await client.listProjects(EU_ORG)).items.map((p) => p.slug);
    assert.deepEqual(projects, [EU_PROJECT]);
    const issues = await client.listOrganizationIssues(EU_ORG, { project: [EU_PROJECT], limit: 5 });
    assert.equal(issues.items.length, 5);
    const eventsPaths = logged(sb, /^\/api\/0\/(organizations|projects)\/euro\//);
    assert.ok(eventsPaths.length >= 2);
    if (profile === 'sentry-io') {
      assert.ok(sb.regionUrl && new URL(sb.regionUrl).hostname === 'localhost' && sb.regionUrl !== sb.url);
      // Each of the organization's requests went to its region's host, none to the main one.
      assert.deepEqual(
        eventsPaths.filter((r) => r.region !== 'de').map((r) => r.path),
        [],
      );
      // The main host's list is the control silo's: it holds the EU organization too.
      assert.deepEqual(
        (await client.listOrganizations()).items.map((o) => o.slug),
        [EU_ORG],
      );
    } else {
      assert.equal(sb.regionUrl, undefined);
      assert.ok(eventsPaths.every((r) => r.region === undefined));
    }
  });

  it("the main account sees every region's organizations, each routed to its own host", async () => {
    const sb = box.get();
    const client = clientFor(sb);
    const all = await client.listAllOrganizations();
    assert.deepEqual(all.organizations.map((o) => o.slug).sort(), ['acme', EU_ORG, 'globex']);
    sb.control.requests.clear();
    await client.listProjects('acme');
    await client.listProjects(EU_ORG);
    const regionOf = (org: string) => logged(sb, new RegExp(`^/api/0/organizations/${org}/projects/$`)).map((r) => r.region ?? 'main');
    assert.deepEqual(regionOf('acme'), ['main']);
    assert.deepEqual(regionOf(EU_ORG), [profile === 'sentry-io' ? 'de' : 'main']);
    assert.equal(client.http.baseUrlOf(EU_ORG), profile === 'sentry-io' ? sb.regionUrl : sb.url);
  });

  it("a request that does not name its organization still goes to the region of the one its path names (Seer's, a release's, any new endpoint's)", async () => {
    const sb = box.get();
    const client = eu(sb);
    await client.listAllOrganizations();
    sb.control.requests.clear();
    // No `org` in the request: the path's organization decides where it goes.
    await client.http.request({ path: `/api/0/organizations/${EU_ORG}/projects/`, schema: z.unknown(), what: 'test' });
    const sent = logged(sb, /^\/api\/0\/organizations\/euro\/projects\/$/);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].region, profile === 'sentry-io' ? 'de' : undefined);
    assert.equal(orgOfPath('/api/0/projects/euro/eu-shop/events/1/committers/'), 'euro');
    assert.equal(orgOfPath('/api/0/organizations/a%20b/issues/'), 'a b');
    assert.equal(orgOfPath('/api/0/users/me/regions/'), undefined);
    assert.equal(orgOfPath('/api/0/organizations/'), undefined);
  });

  it('an organization no list has shown learns its region before its first request (a selection restored at start-up)', async () => {
    const sb = box.get();
    const client = clientFor(sb, { kind: 'bearer', token: sb.defaults.euToken! }, { discoverRegions: true });
    const page = await client.listProjects(EU_ORG);
    assert.deepEqual(
      page.items.map((p) => p.slug),
      [EU_PROJECT],
    );
    const projectReads = logged(sb, /^\/api\/0\/organizations\/euro\/projects\/$/);
    assert.equal(projectReads.length, 1);
    assert.equal(projectReads[0].region, profile === 'sentry-io' ? 'de' : undefined);
    assert.equal(logged(sb, /^\/api\/0\/users\/me\/regions\/$/).length, 1);
  });

  it('a rejected credential found while learning the region is the answer: the organization request is not sent only to be rejected', async () => {
    const sb = box.get();
    const client = clientFor(sb, { kind: 'bearer', token: 'sntryu_revoked' }, { discoverRegions: true });
    const err = await client.listProjects(EU_ORG).catch((e: unknown) => e);
    assert.equal((err as Error).name, 'UnauthorizedError');
    assert.equal(logged(sb, /^\/api\/0\/users\/me\/regions\/$/).length, 1);
    assert.deepEqual(logged(sb, /^\/api\/0\/organizations\/euro\//), []);
  });

  it('the regions endpoint: the current user only, scope org:read, no credential without a user', async () => {
    const sb = box.get();
    const get = (path: string, auth: string) => fetch(`${sb.url}${path}`, { headers: { authorization: auth } });
    const mine = (await (await get('/api/0/users/me/regions/', `Bearer ${sb.defaults.euToken}`)).json()) as { regions: { name: string; url: string }[] };
    assert.deepEqual(mine.regions, profile === 'sentry-io' ? [{ name: 'de', url: sb.regionUrl }] : [{ name: '--monolith--', url: sb.url }]);
    assert.equal((await get('/api/0/users/2/regions/', `Bearer ${sb.defaults.authToken}`)).status, 403);
    assert.equal((await get('/api/0/users/me/regions/', `Basic ${Buffer.from(`${sb.defaults.apiKey}:`).toString('base64')}`)).status, 403);
    const eventOnly = sb.control.credentials.addToken({ scopes: ['event:read'] }).token;
    assert.equal((await get('/api/0/users/me/regions/', `Bearer ${eventOnly}`)).status, 403);
    assert.equal((await get('/api/0/users/me/regions/', 'Bearer nope')).status, 401);
  });

  it('a server without the regions endpoint (404) is used as before: the organizations at the base URL', async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/api/0/users/me/regions/$', status: 404 });
    const all = await clientFor(sb).listAllOrganizations();
    assert.equal(all.multiRegion, false);
    // The main host's list holds every region's organizations (sentry-io's is the control silo's).
    assert.deepEqual(all.organizations.map((o) => o.slug).sort(), ['acme', EU_ORG, 'globex']);
  });

  it('a region the server lists on a foreign host gets no credential: refused, said, and its organizations left out', async () => {
    const sb = box.get();
    const foreign = profile === 'sentry-io' ? sb.regionUrl!.replace('localhost', '127.0.0.1') : `${sb.url.replace('localhost', '127.0.0.1')}`;
    // A main host whose list lacks the EU organization, so that only the refused region could give it.
    if (profile === 'sentry-io') sb.control.organizationList('home-region');
    sb.control.faults.add({
      path: '^/api/0/users/me/regions/$',
      respond: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          regions: [
            { name: 'us', url: sb.url },
            { name: 'de', url: foreign },
          ],
        }),
      },
    });
    const all = await clientFor(sb).listAllOrganizations();
    assert.deepEqual(all.refused, [{ name: 'de', url: foreign, reason: 'foreignHost' }]);
    assert.deepEqual(all.organizations.map((o) => o.slug).sort(), profile === 'sentry-io' ? ['acme', 'globex'] : ['acme', EU_ORG, 'globex']);
    // Nothing was sent to the refused host.
    assert.deepEqual(
      logged(sb, /^\/api\/0\/organizations\/$/).filter((r) => r.region === 'de'),
      [],
    );
  });

  it("one request lists every region's organizations where the main host's list holds them all: no region is asked again", async () => {
    const sb = box.get();
    const all = await clientFor(sb).listAllOrganizations();
    assert.deepEqual(all.organizations.map((o) => o.slug).sort(), ['acme', EU_ORG, 'globex']);
    assert.deepEqual(all.failed, []);
    // The regions (to know where credentials may go) and the one list, nothing more.
    assert.deepEqual(
      sb.control.requests
        .list({ path: /^\/api\/0\/(organizations|users\/me\/regions)\/$/ })
        .map((r) => `${r.path} ${r.region ?? 'main'}`)
        .sort(),
      ['/api/0/organizations/ main', '/api/0/users/me/regions/ main'],
    );
  });

  // Only a server with regions on hosts of their own can hold a list of one region (self-hosted-2025 has one region).
  (profile === 'sentry-io' ? it : it.skip)('a main host whose list holds one region (sentry.io before June 2026): only the region it misses is asked', async () => {
    const sb = box.get();
    sb.control.organizationList('home-region');
    const client = clientFor(sb);
    const all = await client.listAllOrganizations();
    assert.deepEqual(all.organizations.map((o) => o.slug).sort(), ['acme', EU_ORG, 'globex']);
    assert.deepEqual(
      sb.control.requests.list({ path: /^\/api\/0\/organizations\/$/ }).map((r) => r.region ?? 'main'),
      ['main', 'de'],
    );
    assert.equal(client.http.baseUrlOf(EU_ORG), sb.regionUrl);
  });

  it(
    profile === 'sentry-io'
      ? "one region's list fails: the organizations of the others are shown, and the failure names the region"
      : 'the one list of a server without regions fails: that failure is the answer',
    async () => {
      const sb = box.get();
      const told: RegionFailure[][] = [];
      const client = clientFor(sb, undefined, { onRegionsFailed: (f) => told.push([...f]) });
      if (profile === 'sentry-io') {
        sb.control.organizationList('home-region');
        sb.control.faults.add({ path: '^/api/0/organizations/$', region: 'de', status: 500 });
        const all = await client.listAllOrganizations();
        assert.deepEqual(all.organizations.map((o) => o.slug).sort(), ['acme', 'globex']);
        assert.equal(all.failed.length, 1);
        assert.equal(all.failed[0].name, 'de');
        assert.equal(all.failed[0].url, sb.regionUrl);
        assert.ok(all.failed[0].error instanceof ServerError, String(all.failed[0].error));
        assert.deepEqual(
          told.map((f) => f.map((x) => x.name)),
          [['de']],
        );
        return;
      }
      sb.control.faults.add({ path: '^/api/0/organizations/$', status: 500 });
      const err = await client.listAllOrganizations().catch((e: unknown) => e);
      assert.ok(err instanceof ServerError, String(err));
      assert.deepEqual(told, []);
    },
  );

  (profile === 'sentry-io' ? it : it.skip)('the only region of an EU-only account fails: no organization to show, so the failure is the answer', async () => {
    const sb = box.get();
    sb.control.organizationList('home-region');
    sb.control.faults.add({ path: '^/api/0/organizations/$', region: 'de', status: 500 });
    const err = await eu(sb)
      .listAllOrganizations()
      .catch((e: unknown) => e);
    assert.ok(err instanceof ServerError, String(err));
  });

  (profile === 'sentry-io' ? it : it.skip)("the main host's list fails: every region is asked for its own, and what they answer is shown", async () => {
    const sb = box.get();
    sb.control.faults.add({ path: '^/api/0/organizations/$', region: 'main', status: 502 });
    const all = await clientFor(sb).listAllOrganizations();
    // The main host is the US region here: its failure is that region's, the EU host answers for its own.
    assert.deepEqual(
      all.organizations.map((o) => o.slug),
      [EU_ORG],
    );
    assert.deepEqual(
      all.failed.map((f) => f.name),
      ['us'],
    );
  });
});
