// The short-ID and event-ID lookups (src/api/lookups.ts) against the sandbox over real HTTP, in every
// server version (test/sandbox/lookups.ts): the answer read, a short ID in any case, an unknown one a
// NotFoundError, the scopes each version's permission takes, and the event-ID lookup's own limit of one
// request a second where the limiter runs.
import assert from 'node:assert/strict';
import { lookupEventId, lookupShortId } from '../../../src/api/lookups';
import { ForbiddenError, NotFoundError } from '../../../src/api/errors';
import { clientFor, describeEachProfile, useSandbox } from './sandbox';

describeEachProfile('short-ID and event-ID lookups', function (profile) {
  const box = useSandbox({ profile });

  it('resolves a short ID, in any case, to its project and issue in one request', async () => {
    const sb = box.get();
    const issue = sb.seed.issues.find((i) => i.project.org.slug === 'acme')!;
    sb.control.requests.clear();
    const found = await lookupShortId(clientFor(sb), 'acme', issue.shortId.toLowerCase());
    assert.deepEqual([found.org, found.project, found.issue.id, found.issue.shortId], ['acme', issue.project.slug, issue.id, issue.shortId]);
    assert.deepEqual(
      sb.control.requests.list().map((r) => r.path),
      [`/api/0/organizations/acme/shortids/${issue.shortId.toLowerCase()}/`],
    );
  });

  it('answers an unknown short ID with a NotFoundError, and refuses a malformed one before any request', async () => {
    const sb = box.get();
    await assert.rejects(lookupShortId(clientFor(sb), 'acme', 'NOPE-999'), NotFoundError);
    sb.control.requests.clear();
    await assert.rejects(lookupShortId(clientFor(sb), 'acme', '../issues/1'), RangeError);
    assert.equal(sb.control.requests.list().length, 0);
  });

  it("takes each version's scopes: event:read on sentry.io, org:read on a 2025 self-hosted server", async () => {
    const sb = box.get();
    const issue = sb.seed.issues[0];
    const orgOnly = sb.control.credentials.addToken({ scopes: ['org:read'], kind: 'user' });
    const eventOnly = sb.control.credentials.addToken({ scopes: ['event:read'], kind: 'user' });
    const withOrg = lookupShortId(clientFor(sb, { kind: 'bearer', token: orgOnly.token }), issue.project.org.slug, issue.shortId);
    const withEvent = lookupShortId(clientFor(sb, { kind: 'bearer', token: eventOnly.token }), issue.project.org.slug, issue.shortId);
    if (profile === 'sentry-io') {
      await assert.rejects(withOrg, ForbiddenError);
      assert.equal((await withEvent).issue.id, issue.id);
    } else {
      assert.equal((await withOrg).issue.id, issue.id);
      await assert.rejects(withEvent, ForbiddenError);
    }
  });

  it('resolves an event ID to its project, issue and event', async () => {
    const sb = box.get();
    const issue = sb.seed.issues[3];
    const ev = issue.events[1];
    const found = await lookupEventId(clientFor(sb), issue.project.org.slug, ev.eventID);
    assert.deepEqual(found, { org: issue.project.org.slug, project: issue.project.slug, issueId: issue.id, eventId: ev.eventID });
    sb.control.clock.advance(1500);
    await assert.rejects(lookupEventId(clientFor(sb), 'acme', '0'.repeat(32)), NotFoundError);
  });

  // Moved from the debugger's own event-id lookup (test/unit/api/eventIds.test.ts), which this one replaced.
  it('takes an event ID in upper case, in one request, and refuses one that is not an event ID before any request', async () => {
    const sb = box.get();
    const issue = sb.seed.issuesOf('web-frontend')[0];
    const ev = issue.events[1];
    sb.control.clock.advance(1500);
    sb.control.requests.clear();
    const found = await lookupEventId(clientFor(sb), 'acme', ev.eventID.toUpperCase());
    assert.deepEqual(found, { org: 'acme', project: 'web-frontend', issueId: issue.id, eventId: ev.eventID });
    assert.deepEqual(
      sb.control.requests.list({ path: /^\/api\/0\// }).map((r) => r.path),
      [`/api/0/organizations/acme/eventids/${ev.eventID}/`],
    );
    sb.control.requests.clear();
    for (const bad of ['../issues', `${ev.eventID}/../x`, 'f'.repeat(31), 'g'.repeat(32)]) await assert.rejects(lookupEventId(clientFor(sb), 'acme', bad), RangeError, bad);
    assert.equal(sb.control.requests.list().length, 0);
  });

  it('limits the event-ID lookup to one request a second where the limiter runs (the client waits out the 429)', async () => {
    const sb = box.get();
    const ev = sb.seed.issues[0].events[0];
    const org = sb.seed.issues[0].project.org.slug;
    const client = clientFor(sb);
    sb.control.requests.clear();
    await lookupEventId(client, org, ev.eventID);
    assert.equal((await lookupEventId(client, org, ev.eventID)).eventId, ev.eventID);
    const statuses = sb.control.requests.list().map((r) => r.status);
    assert.deepEqual(statuses, profile === 'sentry-io' ? [200, 429, 200] : [200, 200]);
  });
});
