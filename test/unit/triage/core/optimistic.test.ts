// What an issue shows the moment an action is taken: GET-shaped fields the store lays over it.
import assert from 'node:assert/strict';
import { optimisticChange } from '../../../../src/triage/core/actions';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('optimistic changes', () => {
  it('resolutions: resolved, no substatus, the resolution in statusDetails', () => {
    assert.deepEqual(optimisticChange({ kind: 'resolve' }), { status: 'resolved', substatus: null, statusDetails: {} });
    assert.deepEqual(optimisticChange({ kind: 'resolveInNextRelease' }), { status: 'resolved', substatus: null, statusDetails: { inNextRelease: true } });
    assert.deepEqual(optimisticChange({ kind: 'resolveInRelease', release: 'latest' }), { status: 'resolved', substatus: null, statusDetails: { inRelease: 'latest' } });
    assert.deepEqual(optimisticChange({ kind: 'resolveInCommit', commit: 'abc1234', repository: 'acme/web' }), {
      status: 'resolved',
      substatus: null,
      statusDetails: { inCommit: { commit: 'abc1234', repository: 'acme/web' } },
    });
  });

  it('the signed-in user is the actor, as Sentry records it', () => {
    const me = { id: '42', name: 'Jane Doe', email: 'jane@example.com' };
    assert.deepEqual(optimisticChange({ kind: 'resolve' }, { me }).statusDetails, { actor: me });
    assert.deepEqual(optimisticChange({ kind: 'archive', until: 'forever' }, { me }).statusDetails, { actor: me });
  });

  it('archives: ignored with the substatus sent, a duration as its end date', () => {
    assert.deepEqual(optimisticChange({ kind: 'archive', until: 'escalating' }), { status: 'ignored', substatus: 'archived_until_escalating', statusDetails: {} });
    assert.deepEqual(optimisticChange({ kind: 'archive', until: 'forever' }), { status: 'ignored', substatus: 'archived_forever', statusDetails: {} });
    assert.deepEqual(optimisticChange({ kind: 'archive', until: { minutes: 30 } }, { now: NOW }), {
      status: 'ignored',
      substatus: 'archived_until_condition_met',
      statusDetails: { ignoreUntil: '2026-03-01T12:30:00.000Z' },
    });
    assert.deepEqual(optimisticChange({ kind: 'archive', until: { count: 100, windowMinutes: 60 } }).statusDetails, { ignoreCount: 100, ignoreWindow: 60 });
    assert.deepEqual(optimisticChange({ kind: 'archive', until: { users: 5 } }).statusDetails, { ignoreUserCount: 5 });
  });

  it('unresolve and unarchive: unresolved, ongoing, details cleared', () => {
    for (const kind of ['unresolve', 'unarchive'] as const) assert.deepEqual(optimisticChange({ kind }), { status: 'unresolved', substatus: 'ongoing', statusDetails: {} });
  });

  it('assign: the object Sentry answers with; unassign: null', () => {
    assert.deepEqual(optimisticChange({ kind: 'assign', assignee: { type: 'user', id: '42', name: 'Jane Doe', email: 'jane@example.com' } }), {
      assignedTo: { type: 'user', id: '42', name: 'Jane Doe', email: 'jane@example.com' },
    });
    assert.deepEqual(optimisticChange({ kind: 'assign', assignee: { type: 'team', id: '7', name: '#backend' } }), { assignedTo: { type: 'team', id: '7', name: '#backend' } });
    assert.deepEqual(optimisticChange({ kind: 'assign', assignee: null }), { assignedTo: null });
  });

  it('flags and priority', () => {
    assert.deepEqual(optimisticChange({ kind: 'bookmark', on: true }), { isBookmarked: true });
    assert.deepEqual(optimisticChange({ kind: 'bookmark', on: false }), { isBookmarked: false });
    assert.deepEqual(optimisticChange({ kind: 'subscribe', on: false }), { isSubscribed: false });
    assert.deepEqual(optimisticChange({ kind: 'markSeen' }), { hasSeen: true });
    assert.deepEqual(optimisticChange({ kind: 'priority', priority: 'high' }), { priority: 'high' });
  });

  it('mark reviewed shows nothing: lists carry no inbox field, and the answer would not be one', () => {
    assert.deepEqual(optimisticChange({ kind: 'markReviewed' }), {});
  });
});
