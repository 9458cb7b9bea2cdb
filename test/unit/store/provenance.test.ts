// The provenance store (src/store/provenance.ts) against the sandbox over real HTTP: the requests one
// opened event and one hovered issue cost, coalesced and kept, in every profile.
import assert from 'node:assert/strict';
import { seed } from '../../sandbox';
import { ProvenanceStore } from '../../../src/store/provenance';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

const CHECKOUT = '4800000007';

describeEachProfile('Provenance store: bounded requests', (profile) => {
  const box = useSandbox({ profile });
  const apiRequests = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'))
      .map((r) => r.path);

  it('one hovered issue: one request, shared by concurrent asks, none the second time', async () => {
    const store = new ProvenanceStore(async () => clientFor(box.get()));
    const [a, b] = await Promise.all([store.forIssue('acme', CHECKOUT), store.forIssue('acme', CHECKOUT)]);
    assert.equal(a, b);
    await store.forIssue('acme', CHECKOUT);
    assert.deepEqual(apiRequests(), [`/api/0/organizations/acme/issues/${CHECKOUT}/first-last-release/`]);
    assert.equal(a.firstRelease?.version, 'web-frontend@2.0.0');
    assert.equal(store.cached('acme', CHECKOUT), a);
  });

  it('one opened event: five requests (first/last release, release, deploys, committers, owners), once', async () => {
    const store = new ProvenanceStore(async () => clientFor(box.get()));
    const ev = seed.issue(CHECKOUT)!.events.find((e) => e.release === 'web-frontend@2.11.0')!;
    const t = { org: 'acme', project: 'web-frontend', issueId: CHECKOUT, eventId: ev.eventID, release: ev.release };
    const [view] = await Promise.all([store.forEvent(t), store.forEvent(t)]);
    await store.forEvent(t);
    assert.equal(apiRequests().length, 5, apiRequests().join('\n'));
    assert.equal(view.eventRelease?.version, 'web-frontend@2.11.0');
    assert.equal(view.eventRelease?.commit?.message, 'Read item discounts from the discount object');
    assert.deepEqual(
      view.deploys.map((d) => d.environment),
      ['production', 'staging'],
    );
    assert.deepEqual(view.owners, ['#frontend', 'Jane Doe']);
    assert.ok(view.suspects.length >= 1);
    assert.equal(store.cached('acme', CHECKOUT), view);
    // The hover then asks nothing.
    await store.forIssue('acme', CHECKOUT);
    assert.equal(apiRequests().length, 5);
  });

  it('a failed part is left out; a failed whole is not kept', async () => {
    const sb = box.get();
    const ev = seed.issue(CHECKOUT)!.events[0];
    const t = { org: 'acme', project: 'web-frontend', issueId: CHECKOUT, eventId: ev.eventID, release: ev.release };
    const failed: string[] = [];
    const eventOnly = sb.control.credentials.addToken({ scopes: ['event:read'] }).token;
    const store = new ProvenanceStore(async () => clientFor(sb, { kind: 'bearer', token: eventOnly }));
    const view = await store.forEvent(t, undefined, (part) => failed.push(part));
    // An event's committers and owners take event:read where they are EventEndpoints (sentry.io), project:read before.
    if (profile === 'sentry-io') {
      assert.deepEqual(failed.sort(), ['deploys', 'release']);
      assert.ok(view.suspects.length > 0 && view.owners.length > 0);
      assert.equal(view.refused, undefined);
    } else {
      assert.deepEqual(failed.sort(), ['deploys', 'owners', 'release', 'suspect commits']);
      // The token's scopes are unknown here: both versions' scopes are named, each with its version.
      assert.match(view.refused ?? '', /current Sentry servers check the event:read scope here, older ones the project:read scope/);
    }
    assert.equal(view.firstRelease?.version, 'web-frontend@2.0.0');
    const none = new ProvenanceStore(async () => undefined);
    await assert.rejects(none.forIssue('acme', CHECKOUT), /Not signed in/);
    await assert.rejects(none.forIssue('acme', CHECKOUT), /Not signed in/);
  });
});
