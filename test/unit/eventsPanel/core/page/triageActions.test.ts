// The header's triage buttons: which ones each status offers, their labels for screen
// readers, the bookmark toggle, the status badge and assignee line, and where focus goes when the
// focused button is replaced. Pure rules of src/eventsPanel/core/page/triageActions.ts, tested in plain Node.
import assert from 'node:assert/strict';
import type { IssueHeader } from '../../../../../src/eventsPanel/core/protocol/messages';
import { assigneeText, focusAfter, handOffButtons, handOffMessage, statusBadge, triageButtons } from '../../../../../src/eventsPanel/core/page/triageActions';

const commands = (issue: Partial<IssueHeader>) => triageButtons(issue).map((b) => b.command);
const labels = (issue: Partial<IssueHeader>) => triageButtons(issue).map((b) => b.label);

describe('events page: triage buttons of the header', () => {
  it('unresolved: Resolve, Resolve In…, Archive…, Assign…, bookmark', () => {
    assert.deepEqual(commands({ status: 'unresolved' }), ['resolve', 'resolveIn', 'archive', 'assign', 'bookmark']);
    assert.deepEqual(labels({ status: 'unresolved' }), ['Resolve', 'Resolve In…', 'Archive…', 'Assign…', '']);
  });

  it('resolved: Archive…, Unresolve, Assign…, bookmark (no Resolve)', () => {
    assert.deepEqual(commands({ status: 'resolved' }), ['archive', 'unresolve', 'assign', 'bookmark']);
    assert.deepEqual(labels({ status: 'resolved' }), ['Archive…', 'Unresolve', 'Assign…', '']);
  });

  it('archived (ignored): Resolve, Resolve In…, Unarchive, Assign…, bookmark (no Archive…)', () => {
    assert.deepEqual(commands({ status: 'ignored' }), ['resolve', 'resolveIn', 'unresolve', 'assign', 'bookmark']);
    assert.deepEqual(labels({ status: 'ignored' }), ['Resolve', 'Resolve In…', 'Unarchive', 'Assign…', '']);
  });

  it('a status not known yet (or another one): only Assign… and the bookmark', () => {
    for (const status of [undefined, '', 'pending_deletion', 'reprocessing']) assert.deepEqual(commands({ status }), ['assign', 'bookmark'], String(status));
  });

  it('the bookmark is one toggle: same id and aria label, aria-pressed and icon follow the state', () => {
    const off = triageButtons({ status: 'unresolved', isBookmarked: false }).at(-1)!;
    const unknown = triageButtons({ status: 'unresolved' }).at(-1)!;
    const on = triageButtons({ status: 'unresolved', isBookmarked: true }).at(-1)!;
    assert.deepEqual(unknown, off, 'not known reads as not bookmarked');
    assert.equal(off.command, 'bookmark');
    assert.equal(on.command, 'unbookmark');
    assert.equal(off.id, on.id);
    assert.equal(off.ariaLabel, 'Bookmark');
    assert.equal(on.ariaLabel, 'Bookmark');
    assert.equal(off.pressed, false);
    assert.equal(on.pressed, true);
    assert.equal(off.icon, 'star-empty');
    assert.equal(on.icon, 'star-full');
    assert.equal(on.label, '', 'an icon button');
  });

  it('every button has an aria label that contains its visible text, a codicon, a unique id; one primary at most', () => {
    for (const status of ['unresolved', 'resolved', 'ignored', undefined]) {
      const bs = triageButtons({ status, assignee: 'Jane' });
      assert.equal(new Set(bs.map((b) => b.id)).size, bs.length);
      assert.ok(bs.filter((b) => b.primary).length <= 1);
      for (const b of bs) {
        assert.ok(b.ariaLabel, b.command);
        assert.ok(b.icon, b.command);
        assert.ok(b.id.startsWith('triage-'));
        assert.ok(b.ariaLabel.toLowerCase().includes(b.label.replace('…', '').toLowerCase()), `${b.ariaLabel} / ${b.label}`);
      }
    }
    assert.match(triageButtons({ assignee: 'Jane' }).find((b) => b.command === 'assign')!.ariaLabel, /now Jane/);
  });

  it('status badge: Unresolved, Resolved, Archived (ignored), other statuses as sent, nothing while unknown', () => {
    assert.equal(statusBadge('unresolved')?.text, 'Unresolved');
    assert.equal(statusBadge('resolved')?.text, 'Resolved');
    assert.equal(statusBadge('ignored')?.text, 'Archived');
    assert.equal(statusBadge('ignored')?.kind, 'archived');
    assert.equal(statusBadge('<b>odd</b>')?.text, '<b>odd</b>');
    assert.equal(statusBadge('<b>odd</b>')?.kind, 'other', 'server text never becomes a class name');
    assert.equal(statusBadge(undefined), undefined);
  });

  it('assignee line: "Assigned to <name>", "Unassigned" for nobody, nothing while unknown', () => {
    assert.equal(assigneeText('Jane Doe'), 'Assigned to Jane Doe');
    assert.equal(assigneeText('#backend'), 'Assigned to #backend');
    assert.equal(assigneeText(null), 'Unassigned');
    assert.equal(assigneeText(undefined), undefined);
  });

  it('focus after a redraw: the same button, else its counterpart (Resolve -> Unresolve), else the first', () => {
    const resolved = triageButtons({ status: 'resolved' }).map((b) => b.id);
    const unresolved = triageButtons({ status: 'unresolved' }).map((b) => b.id);
    assert.equal(focusAfter('triage-resolve', resolved), 'triage-unresolve');
    assert.equal(
      focusAfter(
        'triage-archive',
        triageButtons({ status: 'ignored' }).map((b) => b.id),
      ),
      'triage-unresolve',
    );
    assert.equal(focusAfter('triage-unresolve', unresolved), 'triage-resolve');
    assert.equal(focusAfter('triage-bookmark', unresolved), 'triage-bookmark');
    assert.equal(focusAfter('triage-resolve-in', ['triage-assign', 'triage-bookmark']), 'triage-assign');
  });

  it('the AI buttons: Explain with AI and Fix with AI, ids apart from the triage ones, each posting only its kind', () => {
    const bs = handOffButtons();
    assert.deepEqual(
      bs.map((b) => [b.kind, b.id, b.label]),
      [
        ['explain', 'ai-explain', 'Explain with AI'],
        ['fix', 'ai-fix', 'Fix with AI'],
      ],
    );
    const triageIds = new Set(['open-in-browser', ...['unresolved', 'resolved', 'ignored'].flatMap((status) => triageButtons({ status }).map((b) => b.id))]);
    for (const b of bs) {
      assert.ok(!triageIds.has(b.id), b.id);
      assert.ok(b.icon, b.kind);
      assert.ok(b.ariaLabel.endsWith('with AI'), b.ariaLabel);
      assert.deepEqual(handOffMessage(b.kind), { type: 'handOff', kind: b.kind });
    }
  });
});
