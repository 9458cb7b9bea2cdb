// The Replays and Feedback tabs' models (src/eventsPanel/core/usersModel.ts) against the sandbox over
// real HTTP, in every profile: nothing is read before a tab is opened; opening Replays costs two
// requests (one without replays), Feedback one; opening again costs none, Refresh reads anew; the
// rows say who, how long, how many errors, when; a token without the scope fails with what it lacks.
import assert from 'node:assert/strict';
import { seededReplays } from '../../../sandbox/replays';
import { seededReports } from '../../../sandbox/feedback';
import { SANDBOX_SECRET } from '../../../sandbox/eventDetails';
import { FeedbackModel, ReplaysModel } from '../../../../src/eventsPanel/core/usersModel';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';

describeEachProfile('Replays and Feedback tab models against the sandbox', (profile) => {
  const box = useSandbox({ profile });
  const api = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'));
  beforeEach(() => box.get().control.requests.clear());
  const deps = (issueId: string, token?: string) => ({ getClient: async () => clientFor(box.get(), token ? { kind: 'bearer', token } : undefined), org: 'acme', issueId });

  it('replays: two requests when opened, none when opened again, two on Refresh; a replay by its index', async () => {
    const [issueId, replays] = [...seededReplays(box.get().seed).entries()][0];
    const model = new ReplaysModel(deps(issueId));
    assert.equal(api().length, 0);
    const view = await model.open();
    assert.equal(view.phase, 'ready');
    assert.equal(api().length, 2);
    assert.equal(view.rows.length, replays.length);
    const first = replays.find((r) => r.id.replace(/-/g, '') === model.replay(0)?.id)!;
    assert.equal(view.rows[0].duration, first.duration);
    assert.equal(view.rows[0].errors, 1);
    assert.equal(view.rows[0].user, first.user?.display_name ?? '');
    assert.match(view.rows[0].client ?? '', / · /);
    await model.open();
    assert.equal(api().length, 2);
    await model.open(true);
    assert.equal(api().length, 4);
    assert.equal(model.replay(99), undefined);
  });

  it('replays: an issue without any says so after one request', async () => {
    const issue = box
      .get()
      .seed.issuesOf('web-frontend')
      .find((i) => i.issueCategory === 'error' && !seededReplays(box.get().seed).has(i.id))!;
    const view = await new ReplaysModel(deps(issue.id)).open();
    assert.equal(view.phase, 'ready');
    assert.equal(view.rows.length, 0);
    assert.match(view.message ?? '', /No session replays/);
    assert.equal(api().length, 1);
  });

  it('feedback: one request, newest first, the pasted secret masked and said; a token without event:read is told', async () => {
    const secret = seededReports(box.get().seed).find((r) => r.comments.includes(SANDBOX_SECRET))!;
    const model = new FeedbackModel(deps(secret.issueId!));
    const view = await model.open();
    assert.equal(api().length, 1);
    assert.equal(view.phase, 'ready');
    assert.ok(view.rows.length >= 1);
    assert.ok(!JSON.stringify(view).includes(SANDBOX_SECRET));
    assert.ok((view.masked ?? 0) > 0);
    for (let i = 1; i < view.rows.length; i++) assert.ok((view.rows[i - 1].when ?? 0) >= (view.rows[i].when ?? 0));
    await model.open();
    assert.equal(api().length, 1);
    const token = box.get().control.credentials.addToken({ scopes: ['org:read'] }).token;
    const refused = await new FeedbackModel(deps(secret.issueId!, token)).open();
    assert.equal(refused.phase, 'failed');
    assert.match(refused.message ?? '', /event:read/);
  });
});
