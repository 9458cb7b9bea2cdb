// The sentences triage reports with, and the picker choices as data.
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { requestBody, type TriageAction } from '../../../../src/triage/core/actions';
import { describeAction, describeFailure, describeUnchanged, describeUntil, failureAdvice, formatMinutes } from '../../../../src/triage/core/describe';
import { ARCHIVE_MENU, PRIORITY_MENU, RESOLVE_MENU, WINDOW_MENU } from '../../../../src/triage/core/menus';

const jane = { type: 'user', id: '42', name: 'Jane Doe' } as const;

describe('describing what happened', () => {
  const cases: [TriageAction, number, string | undefined, string][] = [
    [{ kind: 'resolve' }, 1, 'WEB-FRONTEND-4', 'Resolved WEB-FRONTEND-4'],
    [{ kind: 'resolve' }, 3, undefined, 'Resolved 3 issues'],
    [{ kind: 'resolve' }, 1, undefined, 'Resolved 1 issue'],
    [{ kind: 'resolveInNextRelease' }, 1, 'WEB-4', 'Resolved WEB-4 in the next release'],
    [{ kind: 'resolveInRelease', release: 'latest' }, 2, undefined, 'Resolved 2 issues in the current release'],
    [{ kind: 'resolveInRelease', release: 'web@1.2.3' }, 1, 'WEB-4', 'Resolved WEB-4 in release web@1.2.3'],
    [{ kind: 'resolveInCommit', commit: '0123456789abcdef0123', repository: 'acme/web' }, 1, 'WEB-4', 'Resolved WEB-4 in commit 0123456789ab of acme/web'],
    [{ kind: 'archive', until: 'escalating' }, 3, undefined, 'Archived 3 issues until they escalate'],
    [{ kind: 'archive', until: 'escalating' }, 1, 'WEB-4', 'Archived WEB-4 until it escalates'],
    [{ kind: 'archive', until: 'forever' }, 1, 'WEB-4', 'Archived WEB-4 forever'],
    [{ kind: 'archive', until: { minutes: 30 } }, 1, 'WEB-4', 'Archived WEB-4 for 30 minutes'],
    [{ kind: 'archive', until: { minutes: 1440 } }, 1, 'WEB-4', 'Archived WEB-4 for 24 hours'],
    [{ kind: 'archive', until: { count: 100 } }, 1, 'WEB-4', 'Archived WEB-4 until it occurs 100 more times'],
    [{ kind: 'archive', until: { count: 1 } }, 1, 'WEB-4', 'Archived WEB-4 until it occurs 1 more time'],
    [{ kind: 'archive', until: { count: 1000, windowMinutes: 60 } }, 2, undefined, 'Archived 2 issues until each occurs 1,000 more times within 1 hour'],
    [{ kind: 'archive', until: { users: 10, windowMinutes: 10080 } }, 1, 'WEB-4', 'Archived WEB-4 until it affects 10 more users within 1 week'],
    [{ kind: 'unresolve' }, 1, 'WEB-4', 'Unresolved WEB-4'],
    [{ kind: 'unarchive' }, 2, undefined, 'Unarchived 2 issues'],
    [{ kind: 'assign', assignee: jane }, 1, 'WEB-4', 'Assigned WEB-4 to Jane Doe'],
    [{ kind: 'assign', assignee: { type: 'team', id: '7', name: '#backend' } }, 4, undefined, 'Assigned 4 issues to #backend'],
    [{ kind: 'assign', assignee: null }, 2, undefined, 'Unassigned 2 issues'],
    [{ kind: 'bookmark', on: true }, 1, 'WEB-4', 'Bookmarked WEB-4'],
    [{ kind: 'bookmark', on: false }, 1, 'WEB-4', 'Removed the bookmark from WEB-4'],
    [{ kind: 'subscribe', on: true }, 1, 'WEB-4', 'Subscribed to WEB-4'],
    [{ kind: 'subscribe', on: false }, 2, undefined, 'Unsubscribed from 2 issues'],
    [{ kind: 'markReviewed' }, 1, 'WEB-4', 'Marked WEB-4 as reviewed'],
    [{ kind: 'markSeen' }, 1, 'WEB-4', 'Marked WEB-4 as seen'],
    [{ kind: 'priority', priority: 'high' }, 1, 'WEB-4', 'Set the priority of WEB-4 to high'],
    [{ kind: 'resolve' }, 1200, undefined, 'Resolved 1,200 issues'],
  ];
  for (const [action, count, shortId, expected] of cases) {
    it(expected, () => assert.equal(describeAction(action, count, shortId), expected));
  }

  it('a short ID names only a single issue', () => {
    assert.equal(describeAction({ kind: 'resolve' }, 2, 'WEB-4'), 'Resolved 2 issues');
  });

  it('while it happens: the progressive verb, no details', () => {
    assert.equal(describeAction({ kind: 'resolveInNextRelease' }, 1, 'WEB-4', 'progress'), 'Resolving WEB-4');
    assert.equal(describeAction({ kind: 'archive', until: 'forever' }, 3, undefined, 'progress'), 'Archiving 3 issues');
    assert.equal(describeAction({ kind: 'subscribe', on: false }, 1, 'WEB-4', 'progress'), 'Unsubscribing from WEB-4');
    assert.equal(describeAction({ kind: 'assign', assignee: null }, 1, 'WEB-4', 'progress'), 'Unassigning WEB-4');
  });
});

describe('describing a failure', () => {
  it('the head alone, for callers that append the reason', () => {
    assert.equal(describeFailure({ kind: 'resolve' }, 1, 'WEB-4'), 'Could not resolve WEB-4');
    assert.equal(describeFailure({ kind: 'assign', assignee: jane }, 3), 'Could not assign 3 issues to Jane Doe');
    assert.equal(describeFailure({ kind: 'assign', assignee: null }, 1, 'WEB-4'), 'Could not unassign WEB-4');
    assert.equal(describeFailure({ kind: 'bookmark', on: false }, 1, 'WEB-4'), 'Could not remove the bookmark from WEB-4');
    assert.equal(describeFailure({ kind: 'priority', priority: 'low' }, 1, 'WEB-4'), 'Could not set the priority of WEB-4 to low');
    assert.equal(describeFailure({ kind: 'markReviewed' }, 2), 'Could not mark 2 issues as reviewed');
  });

  it('with the reason and what to do', () => {
    assert.equal(
      describeFailure({ kind: 'resolve' }, 1, 'WEB-4', 'Sentry answered 404 Not Found.', failureAdvice(404)),
      'Could not resolve WEB-4: Sentry answered 404 Not Found. The issue may have been deleted or merged: refresh the list.',
    );
    assert.equal(describeFailure({ kind: 'archive', until: 'escalating' }, 2, undefined, 'timed out'), 'Could not archive 2 issues: timed out.');
  });

  it('advice per answer', () => {
    assert.match(failureAdvice(403), /event:write/);
    assert.match(failureAdvice(401), /Sign in/);
    assert.match(failureAdvice(429), /wait/);
    assert.match(failureAdvice(400), /release or commit/);
    assert.match(failureAdvice(), /connection/);
    assert.match(failureAdvice(502), /Try again/);
  });
});

describe('durations and conditions in words', () => {
  it('minutes, hours, days, weeks', () => {
    assert.equal(formatMinutes(1), '1 minute');
    assert.equal(formatMinutes(45), '45 minutes');
    assert.equal(formatMinutes(120), '2 hours');
    assert.equal(formatMinutes(1440), '24 hours');
    assert.equal(formatMinutes(2880), '2 days');
    assert.equal(formatMinutes(10080), '1 week');
    assert.equal(formatMinutes(90), '90 minutes');
  });
  it('conditions', () => {
    assert.equal(describeUntil({ users: 1 }), 'until it affects 1 more user');
    assert.equal(describeUntil('escalating', false), 'until they escalate');
  });
});

describe('picker choices', () => {
  const actionOf = (i: (typeof ARCHIVE_MENU)[number]) => ('action' in i ? i.action : undefined);

  it('Resolve In…: now, next release, current release, a commit (asked)', () => {
    assert.deepEqual(
      RESOLVE_MENU.map((i) => ('action' in i ? i.action : { ask: i.ask })),
      [{ kind: 'resolve' }, { kind: 'resolveInNextRelease' }, { kind: 'resolveInRelease', release: 'latest' }, { ask: 'commit' }],
    );
  });

  it('Archive…: until escalating first and picked, then forever, fixed times, and three asked conditions', () => {
    assert.equal(ARCHIVE_MENU[0].picked, true);
    assert.deepEqual(actionOf(ARCHIVE_MENU[0]), { kind: 'archive', until: 'escalating' });
    assert.equal(ARCHIVE_MENU.filter((i) => i.picked).length, 1);
    assert.deepEqual(
      ARCHIVE_MENU.map((i) => ('action' in i ? (i.action.kind === 'archive' ? i.action.until : undefined) : i.ask)),
      ['escalating', 'forever', { minutes: 30 }, { minutes: 120 }, { minutes: 1440 }, { minutes: 10080 }, 'duration', 'count', 'users'],
    );
    // Each label says what the confirmation will say.
    for (const item of ARCHIVE_MENU) {
      const a = actionOf(item);
      if (a?.kind === 'archive' && typeof a.until === 'object') assert.equal(item.label.toLowerCase(), describeUntil(a.until));
    }
  });

  it('every action in a menu has a valid body', () => {
    for (const item of [...RESOLVE_MENU, ...ARCHIVE_MENU]) if ('action' in item) requestBody(item.action);
    for (const w of WINDOW_MENU) if (w.windowMinutes !== undefined) requestBody({ kind: 'archive', until: { count: 1, windowMinutes: w.windowMinutes } });
  });

  it('windows from "any time" to a week; priorities high to low', () => {
    assert.deepEqual(
      WINDOW_MENU.map((w) => w.windowMinutes),
      [undefined, 60, 1440, 10080],
    );
    assert.deepEqual(
      PRIORITY_MENU.map((p) => p.priority),
      ['high', 'medium', 'low'],
    );
  });
});

describe('localized (issue: localize the extension host)', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('a bundle configured after import (as activate() does) applies to sentences and to menu labels', () => {
    l10n.config({ contents: { 'Resolved {0}': 'Résolu : {0}', '{0} issues': '{0} tickets', 'For 30 minutes': 'Pendant 30 minutes' } });
    assert.equal(describeAction({ kind: 'resolve' }, 3), 'Résolu : 3 tickets');
    assert.equal(ARCHIVE_MENU[2].label, 'Pendant 30 minutes');
    l10n.config({ contents: {} });
    assert.equal(describeAction({ kind: 'resolve' }, 3), 'Resolved 3 issues');
    assert.equal(ARCHIVE_MENU[2].label, 'For 30 minutes');
  });
});

describe('describing a change Sentry made on some issues only', () => {
  it('none found: could not, and why (deleted or merged: the writes name their projects, so membership is no reason)', () => {
    assert.equal(
      describeUnchanged({ kind: 'resolve' }, 1, 0, { notFound: 1, skipped: 0 }, 'WEB-4'),
      'Could not resolve WEB-4: Sentry did not find it: it may have been deleted or merged into another issue',
    );
    assert.match(
      describeUnchanged({ kind: 'archive', until: 'escalating' }, 3, 0, { notFound: 3, skipped: 0 }),
      /^Could not archive 3 issues: Sentry found none of them: they may have been deleted or merged/,
    );
  });

  it('some skipped: how many were changed, how many not of how many, and why', () => {
    assert.equal(
      describeUnchanged({ kind: 'resolve' }, 5, 3, { notFound: 0, skipped: 2 }),
      'Resolved 3 issues; 2 of 5 were not changed: Sentry skipped issues deleted or merged since they were listed; their change is undone here',
    );
    assert.match(describeUnchanged({ kind: 'bookmark', on: true }, 150, 100, { notFound: 50, skipped: 0 }), /; 50 of 150 were not changed: Sentry found none of them/);
  });
});
