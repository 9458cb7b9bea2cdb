// Whether an issue can stay in a list after a local change: "no" only when a term certainly rules
// it out. Checked term by term, and against the sandbox's own search over real HTTP: for every
// issue of a project, the local verdict never hides what the server lists, and for the terms it
// judges it agrees with the server exactly.
import assert from 'node:assert/strict';
import type { Issue } from '../../../src/model/issue/schema';
import { collect } from '../../../src/api/paging';
import { mayMatch } from '../../../src/store/queryMatch';
import { anIssue } from '../builders';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

const me = { type: 'user', id: '1', name: 'Jane Doe', email: 'jane@example.com' };
const other = { type: 'user', id: '2', name: 'John', email: 'john@example.com' };
const team = { type: 'team', id: '1', name: 'Frontend' };

describe('mayMatch: local verdicts on a list query', () => {
  const unresolved = anIssue({ status: 'unresolved' });
  const resolved = anIssue({ status: 'resolved' });
  const ignored = anIssue({ status: 'ignored' });

  it('no query is the server default, is:unresolved; "" matches every status', () => {
    assert.equal(mayMatch(unresolved, undefined), true);
    assert.equal(mayMatch(resolved, undefined), false);
    assert.equal(mayMatch(ignored, undefined), false);
    for (const i of [unresolved, resolved, ignored]) assert.equal(mayMatch(i, ''), true);
  });

  it('status terms, archived as ignored, negation, AND', () => {
    assert.equal(mayMatch(resolved, 'is:resolved'), true);
    assert.equal(mayMatch(unresolved, 'is:resolved'), false);
    assert.equal(mayMatch(ignored, 'is:archived'), true);
    assert.equal(mayMatch(ignored, 'is:ignored'), true);
    assert.equal(mayMatch(resolved, '!is:resolved'), false);
    assert.equal(mayMatch(ignored, '!is:resolved'), true);
    assert.equal(mayMatch(resolved, 'level:error AND is:unresolved'), false);
    assert.equal(mayMatch(unresolved, 'is:unresolved AND level:error'), true);
  });

  it('assignment: is:assigned / is:unassigned / assigned:none / assigned:me', () => {
    const mine = anIssue({ assignedTo: me });
    const theirs = anIssue({ assignedTo: other });
    const teams = anIssue({ assignedTo: team });
    const nobody = anIssue({ assignedTo: null });
    assert.equal(mayMatch(nobody, 'is:unresolved assigned:me'), false, 'unassigned leaves "assigned to me"');
    assert.equal(mayMatch(mine, 'is:unresolved assigned:me', '1'), true);
    assert.equal(mayMatch(theirs, 'is:unresolved assigned:me', '1'), false);
    assert.equal(mayMatch(teams, 'assigned:me', '1'), false, 'a team is not me (team ids and user ids are different spaces)');
    assert.equal(mayMatch(theirs, 'assigned:me'), true, 'without knowing me, someone else may be me');
    assert.equal(mayMatch(nobody, 'assigned:none'), true);
    assert.equal(mayMatch(mine, 'assigned:none'), false);
    assert.equal(mayMatch(mine, 'is:assigned'), true);
    assert.equal(mayMatch(nobody, 'is:assigned'), false);
    assert.equal(mayMatch(nobody, 'is:unassigned'), true);
    assert.equal(mayMatch(theirs, 'is:unassigned'), false);
    assert.equal(mayMatch(theirs, 'assigned:john@example.com'), true, 'by email: not judged locally');
  });

  it('bookmarks and substatus terms', () => {
    assert.equal(mayMatch(anIssue({ isBookmarked: false }), 'is:bookmarked'), false);
    assert.equal(mayMatch(anIssue({ isBookmarked: true }), 'bookmarks:me'), true);
    assert.equal(mayMatch(anIssue({ isBookmarked: false }), 'bookmarks:me'), false);
    assert.equal(mayMatch(anIssue({ status: 'unresolved', substatus: 'regressed' } as Partial<Issue>), 'is:regressed'), true);
    assert.equal(mayMatch(anIssue({ status: 'unresolved', substatus: 'ongoing' } as Partial<Issue>), 'is:regressed'), false);
    assert.equal(mayMatch(anIssue({ status: 'resolved' }), 'is:escalating'), false);
    assert.equal(mayMatch(anIssue({ status: 'unresolved' }), 'is:new'), true, 'no substatus field: cannot tell');
    assert.equal(mayMatch(anIssue({ status: 'resolved' }), 'is:for_review'), false);
    assert.equal(mayMatch(anIssue({ status: 'unresolved', hasSeen: true }), 'is:for_review'), true, 'the inbox is not an issue field');
  });

  it('keeps the issue for what it cannot judge: free text, tags, dates, OR, groups, bad quotes, unknown is: values', () => {
    for (const q of ['resolved', 'browser:Chrome', 'lastSeen:-24h', 'is:resolved OR is:unresolved', '(is:resolved)', 'title:"unterminated', 'is:linked', 'is:whatever', 'release:latest']) {
      assert.equal(mayMatch(anIssue({ status: 'unresolved', isBookmarked: false }), q), true, q);
    }
    assert.equal(mayMatch(anIssue({ status: 'resolved' }), 'title:"a b" is:unresolved'), false, 'quoted values are one token');
  });

  // Negated terms need advanced search, on by default in every profile (src/sentry/conf/server.py).
  describeEachProfile('against the sandbox search', function (profile) {
    const box = useSandbox({ profile });
    let all: Issue[];
    before(async function () {
      this.timeout(30_000);
      all = await collect(clientFor(box.get()).projectIssuePages('acme', 'api-server', { query: '', statsPeriod: '' }));
    });

    // The token user of the sandbox is user 1.
    const exact = [
      'is:unresolved',
      'is:resolved',
      'is:ignored',
      '!is:resolved',
      'is:assigned',
      'is:unassigned',
      'is:bookmarked',
      'assigned:me',
      'assigned:none',
      'is:unresolved assigned:me',
      'is:regressed',
      'is:escalating',
    ];
    const partial = [undefined, 'is:unresolved level:error', 'is:for_review', 'is:unresolved lastSeen:-7d', 'bookmarks:me', 'environment:production'];

    for (const q of [...exact, ...partial]) {
      it(`${q === undefined ? '(no query)' : q}: never hides an issue the server lists${exact.includes(q as string) ? ', and agrees exactly' : ''}`, async () => {
        const listed = await collect(clientFor(box.get()).projectIssuePages('acme', 'api-server', { query: q, statsPeriod: '' }));
        const byServer = new Set(listed.map((i) => i.id));
        assert.ok(all.length >= 300, `${all.length} issues in all`);
        for (const issue of listed) assert.equal(mayMatch(issue, q, '1'), true, `${issue.shortId} (${issue.status}) is listed by the server`);
        if (exact.includes(q as string)) {
          const local = all.filter((i) => mayMatch(i, q, '1')).map((i) => i.id);
          assert.deepEqual(new Set(local), byServer);
        }
      });
    }
  });
});
