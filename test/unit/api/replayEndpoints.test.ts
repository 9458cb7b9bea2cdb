// The replay and feedback readers of the client (src/api/replayEndpoints.ts) against the sandbox over
// real HTTP, in every profile: an issue's replays in two requests (replay-count with returnIds, then
// the index by id), one when it has none; its users' feedback in one request, masked where it
// enters; an issue id that is not one refused before any request; and the replay's page on the
// server's own host.
import assert from 'node:assert/strict';
import { seededReplays } from '../../sandbox/replays';
import { seededReports } from '../../sandbox/feedback';
import { SANDBOX_SECRET } from '../../sandbox/eventDetails';
import { getIssueFeedback, getIssueReplays, replayWebUrl } from '../../../src/api/replayEndpoints';
import { safeWebUrl } from '../../../src/util/untrusted';
import { clientFor, describeEachProfile, useSandbox } from './sandbox';

const ORG = 'acme';

describeEachProfile('Replays and feedback against the sandbox', (profile) => {
  const box = useSandbox({ profile });
  const requests = () =>
    box
      .get()
      .control.requests.list()
      .filter((r) => r.path.startsWith('/api/0/'));
  beforeEach(() => box.get().control.requests.clear());

  it("reads an issue's replays in two requests: their ids, then their summaries by id", async () => {
    const [issueId, replays] = [...seededReplays(box.get().seed).entries()].find(([, r]) => r.length > 1) ?? [...seededReplays(box.get().seed).entries()][0];
    const list = await getIssueReplays(clientFor(box.get()).http, ORG, issueId);
    assert.equal(requests().length, 2);
    const [count, index] = requests();
    assert.match(count.path, /\/replay-count\/$/);
    assert.equal(new URLSearchParams(count.query).get('returnIds'), 'true');
    assert.match(index.path, /\/organizations\/acme\/replays\/$/);
    assert.match(new URLSearchParams(index.query).get('query') ?? '', /^id:\[[0-9a-f,]+\]$/);
    assert.deepEqual(list.map((r) => r.id).sort(), replays.map((r) => r.id.replace(/-/g, '')).sort());
    const first = list[0];
    const seeded = replays.find((r) => r.id.replace(/-/g, '') === first.id)!;
    assert.equal(first.duration, seeded.duration);
    assert.equal(first.errors, seeded.errorIds.length);
    assert.equal(first.startedAt, seeded.start);
    assert.equal(first.user, seeded.user?.display_name ?? '');
    for (let i = 1; i < list.length; i++) assert.ok((list[i - 1].startedAt ?? 0) >= (list[i].startedAt ?? 0), 'newest first');
  });

  it('asks nothing more of an issue without replays', async () => {
    const issue = box
      .get()
      .seed.issuesOf('web-frontend')
      .find((i) => i.issueCategory === 'error' && !seededReplays(box.get().seed).has(i.id))!;
    assert.deepEqual(await getIssueReplays(clientFor(box.get()).http, ORG, issue.id), []);
    assert.equal(requests().length, 1);
  });

  it("reads an issue's feedback in one request, newest first, the secret a user pasted masked", async () => {
    const secret = seededReports(box.get().seed).find((r) => r.comments.includes(SANDBOX_SECRET))!;
    const issueId = secret.issueId!;
    const feedback = await getIssueFeedback(clientFor(box.get()).http, ORG, issueId);
    assert.equal(requests().length, 1);
    assert.match(requests()[0].path, new RegExp(`/organizations/acme/issues/${issueId}/user-reports/$`));
    const all = seededReports(box.get().seed).filter((r) => r.issueId === issueId);
    assert.equal(feedback.items.length, all.length);
    assert.ok(feedback.items.every((i) => !i.message.includes(SANDBOX_SECRET)));
    assert.ok(feedback.masked > 0);
    const item = feedback.items.find((i) => i.id === secret.id)!;
    assert.equal(item.eventId, secret.eventID);
    assert.equal(item.when, secret.dateCreated);
  });

  it('refuses an issue id that is not one before any request', async () => {
    await assert.rejects(getIssueReplays(clientFor(box.get()).http, ORG, '../1'), RangeError);
    await assert.rejects(getIssueFeedback(clientFor(box.get()).http, ORG, '1/../2'), RangeError);
    assert.equal(requests().length, 0);
  });

  it("makes a replay's page on the server's own host, which only it may open", () => {
    const url = replayWebUrl(box.get().url, ORG, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    assert.equal(url, `${box.get().url}/organizations/acme/replays/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/`);
    assert.ok(safeWebUrl(url, box.get().url));
    assert.equal(safeWebUrl(replayWebUrl('https://evil.example', ORG, 'a'), box.get().url), undefined);
  });
});
