// The Replays and Feedback tabs' host side inside VS Code against the sandbox, in every profile:
// opening an issue reads neither; showing Replays reads the ids and the summaries in two requests,
// Feedback its user reports in one; showing a tab again reads nothing; a replay opens its page on the
// server's own host and no other; a pasted secret never reaches the page.
import * as assert from 'node:assert/strict';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import type { FeedbackView, ReplaysView } from '../../src/eventsPanel/core/protocol/users';
import type { HostMessage } from '../../src/eventsPanel/core/protocol/messages';
import type { TestHooks } from '../../src/testHooks';
import { control, SANDBOX_URL, sandboxProfile, UiRecorder, waitFor } from './authHelpers';
import { print } from './output';
import { panelSuiteHooks } from './panelSuite';
import type { Logged } from './panelRequests';

interface Users {
  replays: { issueId: string; ids: string[] }[];
  feedback: { issueId: string; count: number }[];
}

describe('Replays and Feedback tabs: what the issue’s users saw and wrote', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;

  /** What a tab reads: the issue lists and regions the Issues view refreshes meanwhile are not its. */
  const userRequests = async () => (await control<Logged[]>('requests')).filter((r) => /\/(replay-count|replays|user-reports)\//.test(r.path));

  async function open(panel: EventsPanel, type: 'replays', action?: 'open' | 'refresh'): Promise<ReplaysView>;
  async function open(panel: EventsPanel, type: 'feedback', action?: 'open' | 'refresh'): Promise<FeedbackView>;
  async function open(panel: EventsPanel, type: 'replays' | 'feedback', action: 'open' | 'refresh' = 'open'): Promise<ReplaysView | FeedbackView> {
    const posted: HostMessage[] = [];
    const sub = panel.onDidPost((m) => posted.push(m));
    try {
      await panel.handle({ type, action });
      const view = () => (type === 'replays' ? panel.story.users.replaysView : panel.story.users.feedbackView);
      await waitFor(`the ${type} view`, () => (view().phase !== 'loading' ? true : undefined), 30_000);
      assert.ok(
        posted.some((m) => m.type === type && m.view.phase !== 'loading'),
        'the view was posted to the page',
      );
      return view();
    } finally {
      sub.dispose();
    }
  }

  panelSuiteHooks('Replays and Feedback', (s) => ({ api, rec } = s));

  it('reads nothing until a tab is shown; Replays in two requests, then a replay opens on the server’s own host', async () => {
    const users = await control<Users>('users');
    const target = users.replays.find((r) => r.ids.length > 1) ?? users.replays[0];
    const panel = api.events.show({ org: 'acme', issueId: target.issueId });
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(await userRequests(), [], 'opening the issue reads no replays or feedback');
    await control('requests/clear', {});
    const view = await open(panel, 'replays');
    assert.equal(view.phase, 'ready', view.message);
    const requests = await userRequests();
    print(`  Replays tab [${await sandboxProfile()}]: ${requests.length} requests (${requests.map((r) => r.path.split('/').slice(5, 6).join('/')).join(', ')}), ${view.rows.length} replays`);
    assert.equal(requests.length, 2);
    assert.equal(view.rows.length, target.ids.length);
    assert.ok(view.rows.every((r) => r.duration !== undefined && r.startedAt !== undefined));
    const before = rec.opened.length;
    await panel.handle({ type: 'replays', action: 'openReplay', index: 0 });
    const url = await waitFor('the replay’s page', () => rec.opened[before]);
    const base = SANDBOX_URL!;
    assert.ok(url.startsWith(`${base}/organizations/acme/replays/`), url);
    assert.ok(
      target.ids.some((id) => url.endsWith(`/replays/${id}/`)),
      url,
    );
    // Shown again: nothing read.
    await control('requests/clear', {});
    await open(panel, 'replays');
    assert.deepEqual(await userRequests(), []);
    // An index the host did not send opens nothing.
    await panel.handle({ type: 'replays', action: 'openReplay', index: 500 });
    assert.equal(rec.opened.length, before + 1);
  });

  it('Feedback in one request, the pasted secret masked; an issue without replays says so after one request', async () => {
    const users = await control<Users>('users');
    const withFeedback = users.feedback[0];
    const panel = api.events.show({ org: 'acme', issueId: withFeedback.issueId });
    await control('requests/clear', {});
    const view = await open(panel, 'feedback');
    assert.equal(view.phase, 'ready', view.message);
    const requests = await userRequests();
    print(`  Feedback tab [${await sandboxProfile()}]: ${requests.length} request(s), ${view.rows.length} pieces of feedback`);
    assert.equal(requests.length, 1);
    assert.equal(view.rows.length, withFeedback.count);
    assert.ok(!JSON.stringify(view).includes('SANDBOXSECRET'), 'no token reaches the page');
    const noReplays = users.feedback.find((f) => !users.replays.some((r) => r.issueId === f.issueId))!;
    const other = api.events.show({ org: 'acme', issueId: noReplays.issueId });
    await control('requests/clear', {});
    const none = await open(other, 'replays');
    assert.equal(none.rows.length, 0);
    assert.match(none.message ?? '', /No session replays/);
    assert.equal((await userRequests()).length, 1);
    assert.deepEqual(rec.messages('error'), []);
  });
});
