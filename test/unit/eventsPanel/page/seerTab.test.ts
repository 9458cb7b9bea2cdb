// The Seer tab of the events page (fake DOM, fake host; ./pageHarness): shown, it asks the host to
// read (never to start); it draws the host's view as text, a button only where a click acts, the
// unavailable case with what to do and no button, and sends only the action's name.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../../../src/eventsPanel/protocol/messages';
import type { SeerView } from '../../../../src/eventsPanel/protocol/seer';
import { FakeElement } from './fakeDom';
import { loaded, openPage, pageCode, panel, type Page } from './pageHarness';

before(async function () {
  this.timeout(60_000);
  await pageCode();
});

const CAN_NONE = { start: false, stop: false, refresh: false, solution: false, codeChanges: false, apply: false };

function view(over: Partial<SeerView>): SeerView {
  return { phase: 'idle', progress: [], causes: [], changes: [], pullRequests: [], can: { ...CAN_NONE, start: true, refresh: true }, polls: 1, ...over };
}

const seerPosts = (p: Page) =>
  (p.posted.filter((m) => m.type === 'seer') as unknown as { action: string; index?: number }[]).map(({ action, index }) => (index === undefined ? { action } : { action, index }));

describe('events page: the Seer tab', () => {
  it('reads when first shown, starts only on a click, and draws the root cause as text', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'seer' }));
      assert.deepEqual(seerPosts(p), [{ action: 'open' }]);
      p.send({ type: 'seer', view: view({}) } as HostMessage);
      await p.settle();
      const start = p.byId('seer-start') as FakeElement;
      assert.ok(start, 'Find Root Cause is offered');
      assert.equal(seerPosts(p).length, 1, 'nothing started by drawing');
      start.click();
      await p.settle();
      assert.deepEqual(seerPosts(p)[1], { action: 'start' });
      const evil = '<img src=x onerror=alert(1)>';
      p.send({
        type: 'seer',
        view: view({ phase: 'done', causes: [{ summary: evil, whys: [], reproduction: [{ title: 'step one' }] }], can: { ...CAN_NONE, refresh: true, solution: true } }),
      } as HostMessage);
      await p.settle();
      assert.equal(p.byId('seer-start'), null, 'no start while a run is shown');
      assert.equal(p.app.querySelector('#seer-root-cause .seer-cause-summary')?.textContent, evil);
      assert.equal(p.app.querySelectorAll('img').length, 0, 'server text stays text');
      (p.byId('seer-solution') as FakeElement).click();
      await p.settle();
      assert.deepEqual(seerPosts(p)[2], { action: 'solution' });
    } finally {
      await p.close();
    }
  });

  it('says why Seer is unavailable, with what to do, and offers no button', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'seer' }));
      p.send({ type: 'seer', view: view({ phase: 'unavailable', can: CAN_NONE, unavailable: { message: 'Seer has no budget left in this organization.', action: 'Add budget.' } }) } as HostMessage);
      await p.settle();
      assert.match(p.byId('seer-unavailable')?.textContent ?? '', /no budget/);
      assert.equal(p.app.querySelectorAll('#seer-panel vscode-button').length, 0);
    } finally {
      await p.close();
    }
  });
});
