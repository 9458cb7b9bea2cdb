// The host's side of the header's provenance (src/eventsPanel/provenancePush.ts): the event on
// screen read once, posted, and a click opening only a commit the host sent for that event.
import assert from 'node:assert/strict';
import { ProvenancePush } from '../../../src/eventsPanel/provenancePush';
import type { ProvenanceView } from '../../../src/contracts/provenance';
import type { CommitTarget } from '../../../src/store/commitOpener';
import type { EventTarget, ProvenanceStore } from '../../../src/store/provenance';
import type { EventsModel } from '../../../src/eventsPanel/core/eventsModel';
import type { HostMessage } from '../../../src/eventsPanel/core/protocol/messages';

const SHA = 'b8410897535de188bb9dc46b7a535425e9b96f38';
const EVENT = 'a'.repeat(32);
const VIEW: ProvenanceView = { deploys: [], owners: [], suspects: [{ id: SHA, shortId: 'b841089', message: 'm', webUrl: `https://github.com/acme/web/commit/${SHA}` }] };

function setup() {
  const asked: EventTarget[] = [];
  const opened: CommitTarget[] = [];
  const posted: HostMessage[] = [];
  const store = { forEvent: async (t: EventTarget) => (asked.push(t), VIEW) } as unknown as ProvenanceStore;
  const model = { cache: { events: [{ eventID: EVENT, tags: [{ key: 'release', value: 'web@2.11.0' }] }] } } as unknown as EventsModel;
  const push = new ProvenancePush(
    { provenance: store, openCommit: async (c) => void opened.push(c), log: { info: () => undefined, warn: () => undefined } },
    { model, ref: () => ({ org: 'acme', project: 'web', issueId: '42' }), post: (m) => posted.push(m) },
  );
  return { push, asked, opened, posted };
}

const eventsRequest = { type: 'request', id: 1, method: 'events', params: { filters: {} as never } } as const;
const eventsOk = { type: 'response', id: 1, method: 'events', ok: true, result: { eventsJson: '[]', count: 1 } } as const;

describe('events panel host: provenance of the event on screen', () => {
  it("the latest event's provenance is read once and posted; a reload posts it again", async () => {
    const { push, asked, posted } = setup();
    push.afterResponse(eventsRequest, eventsOk);
    push.afterResponse(eventsRequest, eventsOk);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(asked, [{ org: 'acme', project: 'web', issueId: '42', eventId: EVENT, release: 'web@2.11.0' }]);
    assert.deepEqual(posted, [{ type: 'provenance', eventId: EVENT, view: VIEW }]);
    push.pageLoaded();
    push.afterResponse(eventsRequest, eventsOk);
    await new Promise((r) => setImmediate(r));
    assert.equal(posted.length, 2);
  });

  it('opens only a commit it sent for that event, with the URL it sent', async () => {
    const { push, opened } = setup();
    await push.openCommit(EVENT, SHA);
    assert.deepEqual(opened, []);
    push.eventShown(EVENT, undefined);
    await new Promise((r) => setImmediate(r));
    await push.openCommit(EVENT, 'c'.repeat(40));
    await push.openCommit('b'.repeat(32), SHA);
    assert.deepEqual(opened, []);
    await push.openCommit(EVENT, SHA);
    assert.deepEqual(opened, [{ id: SHA, shortId: 'b841089', message: 'm', webUrl: `https://github.com/acme/web/commit/${SHA}` }]);
  });
});
