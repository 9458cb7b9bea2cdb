// The issue store holds a bounded number of issues that no list holds: the marks' file searches, the
// AI tools and the links add issues all session long, and the soak's hour grew the extension host's
// heap by the issues they brought (the store's table doubled from minute 5 to minute 60). Listed
// issues, issues with a write still pending and issues read lately stay; the others are forgotten,
// least recently used first, and a reader that misses one asks the server again (markFinder does).
import assert from 'node:assert/strict';
import { IssueStore } from '../../../src/store/issueStore';
import { MAX_UNLISTED_ISSUES } from '../../../src/store/issueTable';
import type { ListSpec } from '../../../src/store/listSpec';
import { anIssue } from '../builders';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

const UNRESOLVED: ListSpec = { org: 'acme', project: 'api-server', statsPeriod: '24h', sort: 'date' };

describeEachProfile('IssueStore memory', (profile) => {
  const box = useSandbox({ profile });
  const newStore = () => new IssueStore(async () => clientFor(box.get()));

  it('keeps at most MAX_UNLISTED_ISSUES issues that no list holds, forgetting the least recently used', async () => {
    const store = newStore();
    const list = await store.load(UNRESOLVED);
    assert.equal(list.issues.length, 100);
    const early = anIssue();
    store.upsert('acme', [early]);
    const extra = Array.from({ length: MAX_UNLISTED_ISSUES * 3 }, () => anIssue());
    for (let i = 0; i < extra.length; i += 50) {
      store.upsert('acme', extra.slice(i, i + 50));
      store.issue(early.id); // read by a view all along: it stays
    }
    const kept = extra.filter((i) => store.issue(i.id));
    assert.ok(kept.length < MAX_UNLISTED_ISSUES, `${kept.length} of ${extra.length} unlisted issues kept`);
    assert.ok(store.issue(early.id), 'an issue read lately stays');
    assert.ok(store.issue(extra.at(-1)!.id), 'the newest stays');
    assert.equal(store.issue(extra[0].id), undefined, 'the oldest unread one is forgotten');
    assert.equal(store.ref(extra[0].id), undefined, 'with its organization');
    for (const issue of list.issues) assert.ok(store.issue(issue.id), `listed issue ${issue.id} stays`);
    assert.equal(store.peek(UNRESOLVED)?.issues.length, 100, 'the list still draws every row');
  });

  it('never forgets an issue with a write still pending, and forgets it once the write is settled and it is old', async () => {
    const store = newStore();
    const pending = anIssue();
    store.upsert('acme', [pending]);
    const handle = store.apply({ issueIds: [pending.id], change: { status: 'resolved' } });
    for (let i = 0; i < MAX_UNLISTED_ISSUES * 2; i += 100)
      store.upsert(
        'acme',
        Array.from({ length: 100 }, () => anIssue()),
      );
    assert.equal(store.issue(pending.id)?.status, 'resolved', 'the pending write keeps the issue, as the user sees it');
    handle.confirm(undefined, undefined);
    for (let i = 0; i < MAX_UNLISTED_ISSUES * 2; i += 100)
      store.upsert(
        'acme',
        Array.from({ length: 100 }, () => anIssue()),
      );
    assert.equal(store.issue(pending.id), undefined, 'settled and unread since: forgotten');
  });
});
