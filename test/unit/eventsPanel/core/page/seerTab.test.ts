// The Seer tab of the events page (fake DOM, fake host; ./pageHarness): shown, it asks the host to
// read (never to start); it draws the host's view as text, a button only where a click acts, the
// unavailable case with what to do and no button, and sends only the action's name.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../../../../src/eventsPanel/core/protocol/messages';
import type { SeerView } from '../../../../../src/eventsPanel/core/protocol/seer';
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

  it("shows each change's workspace file beside Seer's path, or why none, what asks first and what was cut", async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'seer' }));
      const change = { repo: 'acme/web', kind: 'modify' as const, added: 1, removed: 0, reviewed: false };
      p.send({
        type: 'seer',
        view: view({
          phase: 'done',
          can: { ...CAN_NONE, refresh: true },
          changes: [
            { ...change, path: 'src/app/checkout.ts', file: 'src/app/checkout.ts', folder: 'web' },
            { ...change, path: 'config/settings.json', missing: 'acme/web has no file at exactly this path here' },
            { ...change, kind: 'add', path: '.vscode/tasks.json', file: '.vscode/tasks.json', sensitive: ['VS Code runs or obeys it (.vscode/)'] },
            { ...change, kind: 'add', path: 'src/app/generated.ts', file: 'src/app/generated.ts', cut: 'Cut to fit the panel (more than 5000 lines): it is not applied.' },
          ],
        }),
      } as HostMessage);
      await p.settle();
      const row = (i: number) => p.byId(`seer-change-${i}`)?.textContent ?? '';
      assert.match(row(0), /src\/app\/checkout\.ts.*Writes.*web\/src\/app\/checkout\.ts/s);
      assert.match(row(1), /not found in this workspace: acme\/web has no file at exactly this path here/);
      assert.equal(p.byId('seer-diff-1'), null, 'nothing to open for a change without a file');
      assert.match(row(2), /Asks before it is written: VS Code runs or obeys it/);
      assert.match(row(3), /Cut to fit the panel/);
      assert.equal(p.byId('seer-diff-3'), null, 'a cut change is not opened to be applied');
      (p.byId('seer-cut-3-sentry') as FakeElement).click();
      await p.settle();
      assert.deepEqual(seerPosts(p).pop(), { action: 'openIssuePage' });
    } finally {
      await p.close();
    }
  });

  it("shows invisible and bidirectional-control characters of Seer's text as the editor does", async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'seer' }));
      const hidden = 'checked only for admins\u202E } if (isAdmin) {\u2066';
      p.send({
        type: 'seer',
        view: view({
          phase: 'done',
          can: { ...CAN_NONE, refresh: true },
          causes: [{ summary: hidden, whys: [], reproduction: [] }],
          changes: [{ repo: 'acme/web', path: 'src/a\u200B.ts', kind: 'modify', added: 1, removed: 0, reviewed: false, file: 'src/a\u200B.ts', invisible: 'U+202E (line 3)' }],
        }),
      } as HostMessage);
      await p.settle();
      const summary = p.app.querySelector('#seer-root-cause .seer-cause-summary')!;
      assert.equal(summary.textContent, 'checked only for admins[U+202E] } if (isAdmin) {[U+2066]');
      assert.equal(summary.querySelectorAll('.seer-invisible').length, 2);
      assert.match(p.byId('seer-change-0')?.textContent ?? '', /src\/a\[U\+200B\]\.ts/);
      assert.match(p.byId('seer-change-0')?.textContent ?? '', /invisible or bidirectional-control characters: U\+202E \(line 3\)/);
      assert.ok(!(p.app.textContent ?? '').includes('\u202E'), 'no raw override reaches the page');
    } finally {
      await p.close();
    }
  });
});
