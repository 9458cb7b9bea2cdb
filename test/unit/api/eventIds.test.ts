// An event id to its project and issue (GET /organizations/{org}/eventids/{event_id}/), over real
// HTTP against the sandbox in every profile: what a launch configuration naming only an event reads.
import * as assert from 'node:assert/strict';
import { clientFor, describeEachProfile, useSandbox } from './sandbox';
import { NotFoundError } from '../../../src/api/errors';

describeEachProfile('api: resolving an event id', function () {
  const sandbox = useSandbox();

  it("names the event's project and issue, and keeps nothing of the event itself", async () => {
    const sb = sandbox.get();
    const issue = sb.seed.issuesOf('web-frontend')[0];
    const ev = issue.events[1];
    sb.control.requests.clear();
    const found = await clientFor(sb).resolveEventId('acme', ev.eventID.toUpperCase());
    assert.deepEqual(found, { projectSlug: 'web-frontend', groupId: issue.id, eventId: ev.eventID });
    assert.deepEqual(
      sb.control.requests.list({ path: /^\/api\/0\// }).map((r) => r.path),
      [`/api/0/organizations/acme/eventids/${ev.eventID.toUpperCase()}/`],
    );
  });

  it('an event of no project of the organization is not found; an id that is not one is refused before any request', async () => {
    const sb = sandbox.get();
    await assert.rejects(clientFor(sb).resolveEventId('acme', 'f'.repeat(32)), NotFoundError);
    await assert.rejects(clientFor(sb).resolveEventId('acme', '../issues'), RangeError);
  });
});
