// Undo restores each issue's previous state, one request per group of issues that shared it.
import assert from 'node:assert/strict';
import type { Issue } from '../../../../src/model/issue/schema';
import { requestBody, undoOf, type TriageAction, type UndoGroup } from '../../../../src/triage/core/actions';
import { checkRequestBody, operation } from '../../openapi/openapi';
import { anIssue } from '../../builders';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const BULK = '/api/0/organizations/{organization_id_or_slug}/issues/';

function undo(action: TriageAction, before: Issue[]): UndoGroup[] {
  const groups = undoOf(action, before, NOW);
  for (const g of groups) {
    assert.ok(g.ids.length > 0, 'no group without ids');
    assert.deepEqual(checkRequestBody(operation('PUT', BULK), g.body, { partial: true }), []);
    if (g.body.status === 'ignored') assert.ok(g.body.substatus, 'a restored archive names its substatus');
  }
  return groups;
}

const ids = (issues: Issue[]) => issues.map((i) => i.id);

describe('undo of a status change', () => {
  it('resolving 3 unresolved issues: one unresolve of all three', () => {
    const issues = [anIssue({ substatus: 'ongoing' }), anIssue({ substatus: 'ongoing' }), anIssue({ substatus: 'ongoing' })];
    const groups = undo({ kind: 'resolve' }, issues);
    assert.equal(groups.length, 1);
    assert.deepEqual(groups[0].ids, ids(issues));
    assert.deepEqual(groups[0].body, { status: 'unresolved', substatus: 'ongoing', statusDetails: {} });
    assert.deepEqual(groups[0].change, { status: 'unresolved', substatus: 'ongoing', statusDetails: {} });
  });

  it('archiving a mix of resolved and unresolved issues: two groups', () => {
    const resolved = [anIssue({ status: 'resolved', statusDetails: {} }), anIssue({ status: 'resolved', statusDetails: {} })];
    const unresolved = [anIssue(), anIssue()];
    const groups = undo({ kind: 'archive', until: 'escalating' }, [resolved[0], unresolved[0], resolved[1], unresolved[1]]);
    assert.deepEqual(
      groups.map((g) => [g.ids, g.body]),
      [
        [ids(resolved), { status: 'resolved', statusDetails: {} }],
        [ids(unresolved), { status: 'unresolved', statusDetails: {} }],
      ],
    );
  });

  it('the previous unresolved substatus comes back (regressed, escalating, new)', () => {
    const regressed = anIssue({ substatus: 'regressed' });
    const escalating = anIssue({ substatus: 'escalating' });
    const groups = undo({ kind: 'resolve' }, [regressed, escalating]);
    assert.deepEqual(
      groups.map((g) => g.body.substatus),
      ['regressed', 'escalating'],
    );
    assert.equal(groups[1].change.substatus, 'escalating');
  });

  it('an issue archived until 100 more events comes back to exactly that', () => {
    const details = { ignoreCount: 100, ignoreWindow: 60, actor: { id: '42', name: 'Jane Doe' } };
    const issue = anIssue({ status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: details });
    const [g] = undo({ kind: 'resolve' }, [issue]);
    assert.deepEqual(g.body, { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 100, ignoreWindow: 60 } });
    assert.deepEqual(g.change, { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: details });
  });

  it('archives until N more users, until escalating and forever come back as they were', () => {
    const users = anIssue({ status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 5, ignoreUserWindow: 1440 } });
    const escalating = anIssue({ status: 'ignored', substatus: 'archived_until_escalating', statusDetails: {} });
    const forever = anIssue({ status: 'ignored', substatus: 'archived_forever', statusDetails: {} });
    const groups = undo({ kind: 'unarchive' }, [users, escalating, forever]);
    assert.deepEqual(
      groups.map((g) => [g.ids, g.body]),
      [
        [[users.id], { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 5, ignoreUserWindow: 1440 } }],
        [[escalating.id], { status: 'ignored', substatus: 'archived_until_escalating', statusDetails: {} }],
        [[forever.id], { status: 'ignored', substatus: 'archived_forever', statusDetails: {} }],
      ],
    );
  });

  it('an archive for a time comes back for the minutes it had left', () => {
    const issue = anIssue({ status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUntil: '2026-03-01T12:29:30Z' } });
    assert.deepEqual(undo({ kind: 'resolve' }, [issue])[0].body.statusDetails, { ignoreDuration: 30 });
    const ended = anIssue({ status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUntil: '2026-03-01T11:00:00Z' } });
    assert.deepEqual(undo({ kind: 'resolve' }, [ended])[0].body.statusDetails, { ignoreDuration: 1 });
    const asSent = anIssue({ status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreDuration: 120 } });
    assert.deepEqual(undo({ kind: 'resolve' }, [asSent])[0].body.statusDetails, { ignoreDuration: 120 });
  });

  it('never forever by accident: a conditional archive whose condition is unreadable comes back until escalating', () => {
    const issue = anIssue({ status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 'lots' } });
    assert.equal(undo({ kind: 'resolve' }, [issue])[0].body.substatus, 'archived_until_escalating');
  });

  it('a server without substatuses: ignored without a condition meant forever there', () => {
    const issue = anIssue({ status: 'ignored', statusDetails: {} });
    assert.equal(undo({ kind: 'resolve' }, [issue])[0].body.substatus, 'archived_forever');
  });

  it('previous resolutions come back with their release; release data is grouped per project', () => {
    const a = anIssue({ status: 'resolved', statusDetails: { inRelease: 'web@1.0' } });
    const b = anIssue({ status: 'resolved', statusDetails: { inRelease: 'web@1.0' } });
    const other = anIssue({ status: 'resolved', statusDetails: { inRelease: 'web@1.0' }, project: { id: '4502', slug: 'api', name: 'api' } });
    const next = anIssue({ status: 'resolved', statusDetails: { inNextRelease: true } });
    const groups = undo({ kind: 'archive', until: 'forever' }, [a, other, b, next]);
    assert.deepEqual(
      groups.map((g) => [g.ids, g.body]),
      [
        [[a.id, b.id], { status: 'resolved', statusDetails: { inRelease: 'web@1.0' } }],
        [[other.id], { status: 'resolved', statusDetails: { inRelease: 'web@1.0' } }],
        [[next.id], { status: 'resolved', statusDetails: { inNextRelease: true } }],
      ],
    );
  });

  it('a commit resolution comes back when its repository is known, else as a plain resolution', () => {
    const known = anIssue({ status: 'resolved', statusDetails: { inCommit: { id: 'abc1234', repository: { name: 'acme/web' } } } });
    const bare = anIssue({ status: 'resolved', statusDetails: { inCommit: 'abc1234' } });
    const groups = undo({ kind: 'unresolve' }, [known, bare]);
    assert.deepEqual(groups[0].body, { status: 'resolved', statusDetails: { inCommit: { commit: 'abc1234', repository: 'acme/web' } } });
    assert.deepEqual(groups[1].body, { status: 'resolved', statusDetails: {} });
  });

  it('issues the action did not change get no request', () => {
    const already = anIssue({ status: 'resolved', statusDetails: {} });
    assert.deepEqual(undo({ kind: 'resolve' }, [already]), []);
    const escalating = anIssue({ status: 'ignored', substatus: 'archived_until_escalating', statusDetails: {} });
    assert.deepEqual(undo({ kind: 'archive', until: 'escalating' }, [escalating]), []);
    const deleting = anIssue({ status: 'pending_deletion' });
    assert.deepEqual(undo({ kind: 'resolve' }, [deleting]), []);
  });

  it('an issue named twice appears once', () => {
    const issue = anIssue();
    const groups = undo({ kind: 'resolve' }, [issue, issue]);
    assert.deepEqual(groups[0].ids, [issue.id]);
  });
});

describe('undo of the other fields', () => {
  it('assign: the previous user, team or nobody, each its own group', () => {
    const user = { type: 'user', id: '1', name: 'Ann', email: 'ann@example.com' };
    const team = { type: 'team', id: '7', name: '#backend' };
    const a = anIssue({ assignedTo: user });
    const b = anIssue({ assignedTo: team });
    const c = anIssue({ assignedTo: null });
    const d = anIssue({ assignedTo: null });
    const groups = undo({ kind: 'assign', assignee: { type: 'user', id: '42', name: 'Jane Doe' } }, [a, b, c, d]);
    assert.deepEqual(
      groups.map((g) => [g.ids, g.body, g.change]),
      [
        [[a.id], { assignedTo: 'user:1' }, { assignedTo: user }],
        [[b.id], { assignedTo: 'team:7' }, { assignedTo: team }],
        [[c.id, d.id], { assignedTo: '' }, { assignedTo: null }],
      ],
    );
  });

  it('unassign: back to whoever it was; an unknown assignee is left alone', () => {
    const a = anIssue({ assignedTo: { type: 'user', id: '1', name: 'Ann' } });
    const unknown = anIssue({ assignedTo: undefined });
    const groups = undo({ kind: 'assign', assignee: null }, [a, unknown, anIssue({ assignedTo: null })]);
    assert.deepEqual(
      groups.map((g) => [g.ids, g.body]),
      [[[a.id], { assignedTo: 'user:1' }]],
    );
  });

  it('bookmark and subscribe: the previous flag, where it changed', () => {
    const off = anIssue({ isBookmarked: false });
    const on = anIssue({ isBookmarked: true });
    assert.deepEqual(
      undo({ kind: 'bookmark', on: true }, [off, on]).map((g) => [g.ids, g.body, g.change]),
      [[[off.id], { isBookmarked: false }, { isBookmarked: false }]],
    );
    const subscribed = anIssue({ isSubscribed: true });
    assert.deepEqual(
      undo({ kind: 'subscribe', on: false }, [subscribed]).map((g) => g.body),
      [{ isSubscribed: true }],
    );
  });

  it('priority: the previous one; none known, none sent (Sentry cannot unset it)', () => {
    const low = anIssue({ priority: 'low' });
    const none = anIssue({ priority: null });
    assert.deepEqual(
      undo({ kind: 'priority', priority: 'high' }, [low, none]).map((g) => [g.ids, g.body, g.change]),
      [[[low.id], { priority: 'low' }, { priority: 'low' }]],
    );
  });

  it('mark seen: unseen again only what was unseen', () => {
    const unseen = anIssue({ hasSeen: false });
    const seen = anIssue({ hasSeen: true });
    assert.deepEqual(
      undo({ kind: 'markSeen' }, [unseen, seen]).map((g) => [g.ids, g.body]),
      [[[unseen.id], { hasSeen: false }]],
    );
  });

  it('mark reviewed: back to the inbox, unless the issue is known to have been out of it', () => {
    const inbox = anIssue({ inbox: { reason: 0 } });
    const unknown = anIssue();
    const out = anIssue({ inbox: null });
    const groups = undo({ kind: 'markReviewed' }, [inbox, unknown, out]);
    assert.deepEqual(
      groups.map((g) => [g.ids, g.body]),
      [[[inbox.id, unknown.id], { inbox: false }]],
    );
  });

  it('every restore body is one the document allows (checked by the helper for each group)', () => {
    const actions: TriageAction[] = [{ kind: 'resolve' }, { kind: 'archive', until: { count: 3 } }, { kind: 'assign', assignee: null }, { kind: 'bookmark', on: true }];
    const issues = [
      anIssue({ status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 2_000_000, ignoreUserWindow: 99_999 } }),
      anIssue({ assignedTo: { type: 'team', id: '3', name: '#a' } }),
    ];
    for (const a of actions) {
      requestBody(a);
      undo(a, issues);
    }
  });
});
