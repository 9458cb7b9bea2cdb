// The Replays and Feedback tabs of the events page (fake DOM, fake host; ./pageHarness): shown, each
// asks the host to read (never before, and the other tab not at all); replays draw who, how long,
// how many errors and when, and a click sends only the replay's index; feedback draws who wrote what,
// server text as text; an issue without any says so as a note, a failure with a Retry.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../../../../src/eventsPanel/core/protocol/messages';
import { parseFeedbackPageMessage, parseReplaysPageMessage, type FeedbackView, type ReplaysView } from '../../../../../src/eventsPanel/core/protocol/users';
import { formatSeconds } from '../../../../../src/format/time';
import { FakeElement } from './fakeDom';
import { loaded, openPage, pageCode, panel, type Page } from './pageHarness';

before(async function () {
  this.timeout(60_000);
  await pageCode();
});

const posts = (p: Page, type: 'replays' | 'feedback') =>
  (p.posted.filter((m) => m.type === type) as unknown as { action: string; index?: number }[]).map(({ action, index }) => (index === undefined ? { action } : { action, index }));

const REPLAYS: ReplaysView = {
  phase: 'ready',
  rows: [
    { user: 'Ada <b>Lovelace</b>', duration: 185, errors: 2, startedAt: Date.now() - 3_600_000, client: 'Chrome 123 · macOS 14' },
    { user: '', duration: 20, errors: 0, startedAt: Date.now() - 7_200_000 },
  ],
};
const FEEDBACK: FeedbackView = { phase: 'ready', rows: [{ author: 'Grace', message: 'The page froze <script>x</script>', when: Date.now() - 60_000 }], masked: 1 };

describe('events page: the Replays and Feedback tabs', () => {
  it('replays: read only when shown; who, how long, how many errors and when; a click sends an index', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'events' }));
      assert.deepEqual(posts(p, 'replays'), []);
      (p.byId('tab-replays') as FakeElement).click();
      await p.settle();
      assert.deepEqual(posts(p, 'replays'), [{ action: 'open' }]);
      assert.deepEqual(posts(p, 'feedback'), [], 'the other tab reads nothing');
      p.send({ type: 'replays', view: REPLAYS } as HostMessage);
      await p.settle();
      const rows = p.app.querySelectorAll('.users-row') as FakeElement[];
      assert.equal(rows.length, 2);
      assert.match(rows[0].textContent ?? '', /Ada <b>Lovelace<\/b>.*3 min 5 s.*2 errors/);
      assert.match(rows[1].textContent ?? '', /Anonymous user/);
      assert.equal(p.app.querySelectorAll('b').length, 0, 'server text stays text');
      assert.match(p.byId('replays-count')?.textContent ?? '', /2 replays/);
      (rows[1].querySelector('.users-open') as FakeElement).click();
      await p.settle();
      assert.deepEqual(posts(p, 'replays').slice(1), [{ action: 'openReplay', index: 1 }]);
    } finally {
      await p.close();
    }
  });

  it('feedback: who wrote what, as text; the masking said; none said as a note; a failure offers Retry', async () => {
    const p = await openPage();
    try {
      await loaded(p, panel({ tab: 'feedback' }));
      assert.deepEqual(posts(p, 'feedback'), [{ action: 'open' }]);
      p.send({ type: 'feedback', view: FEEDBACK } as HostMessage);
      await p.settle();
      assert.equal(p.app.querySelectorAll('script').length, 0);
      assert.match(p.app.querySelector('.users-message')?.textContent ?? '', /The page froze <script>x<\/script>/);
      assert.match(p.byId('feedback-panel')?.textContent ?? '', /masked/);
      p.send({ type: 'feedback', view: { phase: 'ready', rows: [], message: 'No user of this issue sent feedback.' } } as HostMessage);
      await p.settle();
      assert.equal(p.byId('feedback-message')?.textContent, 'No user of this issue sent feedback.');
      assert.equal(p.app.querySelectorAll('.users-row').length, 0);
      p.send({ type: 'feedback', view: { phase: 'failed', rows: [], message: 'Sentry answered 500.' } } as HostMessage);
      await p.settle();
      assert.equal(p.byId('feedback-message')?.textContent, 'Sentry answered 500.');
      (p.byId('feedback-panel')!.querySelector('.logs-button') as FakeElement).click();
      await p.settle();
      assert.deepEqual(posts(p, 'feedback').slice(1), [{ action: 'refresh' }]);
    } finally {
      await p.close();
    }
  });

  it('the host reads only the actions it knows; durations read as people say them', () => {
    assert.deepEqual(parseReplaysPageMessage({ action: 'openReplay', index: 3 }), { type: 'replays', action: 'openReplay', index: 3 });
    assert.equal(parseReplaysPageMessage({ action: 'openReplay', index: 'https://evil.example' }), undefined);
    assert.equal(parseReplaysPageMessage({ action: 'openReplay' }), undefined);
    assert.deepEqual(parseReplaysPageMessage({ action: 'open', index: 1 }), { type: 'replays', action: 'open' });
    assert.deepEqual(parseFeedbackPageMessage({ action: 'refresh' }), { type: 'feedback', action: 'refresh' });
    assert.equal(parseFeedbackPageMessage({ action: 'openReplay', index: 0 }), undefined);
    assert.equal(formatSeconds(5), '5 s');
    assert.equal(formatSeconds(185), '3 min 5 s');
    assert.equal(formatSeconds(3_720), '1 h 2 min');
  });
});
