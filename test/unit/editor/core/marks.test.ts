// Issue marks on source lines (src/editor/core/marks.ts): which frame gives a line, how marks follow
// edits, the text after a line, and that this text is the issue store's, read when it is drawn.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Issue } from '../../../../src/model/issue/schema';
import { afterLineText, byLine, isMarked, newestInAppLocation, statusWord, shiftMarks, touchesMarks, withIssues, type Mark, type PlacedMark } from '../../../../src/editor/core/marks';
import { IssueStore } from '../../../../src/store/issueStore';
import { anEvent, anIssue } from '../../builders';

const NOW = Date.parse('2024-01-02T03:00:00Z');

function frame(filename: string | null, lineNo: number | null, inApp = true, extra: Record<string, unknown> = {}) {
  return { filename, absPath: null, lineNo, colNo: null, inApp, function: 'f', ...extra };
}

/** An event whose exception entry holds these values (oldest first, as the API sends them), each a list of frames (oldest first). */
function eventWith(...values: ReturnType<typeof frame>[][]) {
  return anEvent({ entries: [{ type: 'exception', data: { values: values.map((frames, i) => ({ type: 'Error', value: `e${i}`, stacktrace: { frames } })) } }] } as never);
}

function placed(over: Partial<PlacedMark> = {}): PlacedMark {
  return { org: 'acme', project: 'web-frontend', issueId: '1', line: 0, source: 'location', ...over };
}

function shown(issue: Issue, line = 0): Mark {
  return { org: 'acme', project: 'web-frontend', issue, line, source: 'location' };
}

describe('marks: the newest in-app frame of a full event', () => {
  it('takes the last frame of the last exception value that is in-app and has a line', () => {
    const event = eventWith([frame('src/old.ts', 3)], [frame('src/app/store.ts', 7), frame('src/app/cart.ts', 12, true, { colNo: 4 }), frame('node_modules/lib/index.js', 99, false)]);
    assert.deepEqual(newestInAppLocation(event), {
      path: 'src/app/cart.ts',
      raw: 'src/app/cart.ts',
      line: 12,
      column: 4,
      fields: { filename: 'src/app/cart.ts', platform: 'javascript', eventPlatform: 'javascript' },
    });
  });

  it('skips frames without a line or a usable file, and falls back to absPath', () => {
    const event = eventWith([frame(null, 5, true, { absPath: 'webpack:///./app/a.ts' }), frame('<anonymous>', 8), frame('src/b.ts', null)]);
    assert.deepEqual(newestInAppLocation(event), {
      path: 'app/a.ts',
      raw: 'webpack:///./app/a.ts',
      line: 5,
      fields: { absPath: 'webpack:///./app/a.ts', platform: 'javascript', eventPlatform: 'javascript' },
    });
  });

  it('none: no exception entry, or no in-app frame with a line', () => {
    assert.equal(newestInAppLocation(anEvent()), undefined);
    assert.equal(newestInAppLocation(eventWith([frame('src/x.ts', 3, false), frame('src/y.ts', null)])), undefined);
  });
});

describe('marks: following edits (shiftMarks)', () => {
  const marks = [placed({ issueId: '1', line: 2 }), placed({ issueId: '2', line: 5 }), placed({ issueId: '3', line: 9 })];

  it('lines inserted above a mark move it down; a change on one line moves nothing', () => {
    assert.deepEqual(
      shiftMarks(marks, { startLine: 0, endLine: 0, insertedLines: 2 }).map((m) => m.line),
      [4, 7, 11],
    );
    assert.deepEqual(
      shiftMarks(marks, { startLine: 5, endLine: 5, insertedLines: 0 }).map((m) => m.line),
      [2, 5, 9],
    );
  });

  it("lines inserted on a mark's own line leave it where its text starts", () => {
    assert.deepEqual(
      shiftMarks(marks, { startLine: 5, endLine: 5, insertedLines: 3 }).map((m) => m.line),
      [2, 5, 12],
    );
  });

  it("a deleted block: marks below move up, a mark inside lands on the block's first line", () => {
    assert.deepEqual(
      shiftMarks(marks, { startLine: 3, endLine: 6, insertedLines: 0 }).map((m) => m.line),
      [2, 3, 6],
    );
  });

  it('keeps every other field and never mutates its input', () => {
    const before = JSON.stringify(marks);
    const out = shiftMarks(marks, { startLine: 0, endLine: 0, insertedLines: 1 });
    assert.equal(JSON.stringify(marks), before);
    assert.deepEqual(
      out.map((m) => m.issueId),
      ['1', '2', '3'],
    );
  });

  it('property: marks above the edit never move, marks below it move by the change in line count', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(200), { maxLength: 30 }), fc.nat(200), fc.nat(20), fc.nat(20), (lines, start, span, inserted) => {
        const input = lines.map((line, i) => placed({ issueId: String(i), line }));
        const out = shiftMarks(input, { startLine: start, endLine: start + span, insertedLines: inserted });
        input.forEach((m, i) => {
          if (m.line <= start) assert.equal(out[i].line, m.line);
          if (m.line > start + span) assert.equal(out[i].line, m.line + inserted - span);
          assert.ok(out[i].line >= 0);
        });
      }),
    );
  });
});

describe('marks: the text after a line and grouping by line', () => {
  it('names the issue with its count and age, and how many more share the line', () => {
    const a = anIssue({ shortId: 'WEB-12', title: 'TypeError: x is undefined', count: '1234', lastSeen: '2024-01-02T00:00:00Z' });
    assert.equal(afterLineText([shown(a)], NOW), '● WEB-12 TypeError: x is undefined · 1.2K events · 3h ago');
    const b = anIssue({ count: '1' });
    assert.equal(afterLineText([shown(a), shown(b)], NOW), '● WEB-12 TypeError: x is undefined · 1.2K events · 3h ago (+1 more)');
    assert.equal(afterLineText([], NOW), '');
  });

  it('an issue without lastSeen (null): its age reads "unknown"', () => {
    const a = anIssue({ shortId: 'WEB-13', title: 'TypeError: y', count: '2', lastSeen: null });
    assert.equal(afterLineText([shown(a)], NOW), '● WEB-13 TypeError: y · 2 events · unknown');
  });

  it('cuts a long title to the limit with an ellipsis', () => {
    const text = afterLineText([shown(anIssue({ shortId: 'WEB-1', title: 'x'.repeat(100), count: '1' }))], NOW, 20);
    assert.ok(text.startsWith(`● WEB-1 ${'x'.repeat(19)}… · 1 event · `), text);
  });

  it('byLine groups marks by line, most events first', () => {
    const few = shown(anIssue({ count: '2' }), 4);
    const many = shown(anIssue({ count: '30' }), 4);
    const alone = shown(anIssue({ count: '5' }), 9);
    const lines = byLine([few, alone, many]);
    assert.deepEqual([...lines.keys()], [4, 9]);
    assert.deepEqual(lines.get(4), [many, few]);
    assert.deepEqual(lines.get(9), [alone]);
  });
});

describe('marks: fields come from the issue store', () => {
  /** A store that never asks a server: these tests only upsert and patch. */
  const offline = () =>
    new IssueStore(
      async () => undefined,
      () => NOW,
    );

  it("withIssues reads each mark's issue by id and leaves out issues the store no longer holds", () => {
    const store = offline();
    const known = anIssue();
    store.upsert('acme', [known]);
    const marks = withIssues([placed({ issueId: known.id, line: 3 }), placed({ issueId: '777', line: 4 })], (id) => store.issue(id), undefined);
    assert.deepEqual(marks, [{ org: 'acme', project: 'web-frontend', issue: known, line: 3, source: 'location' }]);
    store.clear();
    assert.deepEqual(
      withIssues([placed({ issueId: known.id })], (id) => store.issue(id), undefined),
      [],
    );
  });

  it("a mark's text follows a change in the store (a patch, its rollback, a reload), and the change names the marked id", () => {
    const store = offline();
    const issue = anIssue({ shortId: 'WEB-FRONTEND-7', title: 'TypeError: old title', count: '3', lastSeen: '2024-01-02T00:00:00Z' });
    store.upsert('acme', [issue]);
    const marks = [placed({ issueId: issue.id, line: 3 })];
    const text = () =>
      afterLineText(
        withIssues(marks, (id) => store.issue(id), undefined),
        NOW,
      );
    const named: boolean[] = [];
    store.onDidChange((c) => named.push(touchesMarks(c.issues, [marks])));
    assert.equal(text(), '● WEB-FRONTEND-7 TypeError: old title · 3 events · 3h ago');

    const patch = store.apply({ issueIds: [issue.id], change: { title: 'TypeError: renamed', count: '40' } });
    assert.equal(text(), '● WEB-FRONTEND-7 TypeError: renamed · 40 events · 3h ago');
    patch.rollback();
    assert.equal(text(), '● WEB-FRONTEND-7 TypeError: old title · 3 events · 3h ago');

    store.upsert('acme', [{ ...issue, count: '4', lastSeen: '2024-01-02T02:00:00Z' }]);
    assert.equal(text(), '● WEB-FRONTEND-7 TypeError: old title · 4 events · 1h ago');
    assert.deepEqual(named, [true, true, true], 'every change named the marked issue');
  });

  it('an issue resolved or archived in the store (optimistically) loses its mark at once; a rollback brings it back', () => {
    const store = offline();
    const issue = anIssue({ id: '41', shortId: 'WEB-FRONTEND-41' });
    const other = anIssue({ id: '42', shortId: 'WEB-FRONTEND-42' });
    store.upsert('acme', [issue, other]);
    const marks = [placed({ issueId: issue.id, line: 3 }), placed({ issueId: other.id, line: 3 })];
    const drawn = () => withIssues(marks, (id) => store.issue(id), undefined).map((m) => m.issue.id);
    const named: boolean[] = [];
    store.onDidChange((c) => named.push(touchesMarks(c.issues, [marks])));
    assert.deepEqual(drawn(), ['41', '42']);

    const resolve = store.apply({ issueIds: [issue.id], change: { status: 'resolved', statusDetails: {} } });
    assert.deepEqual(drawn(), ['42'], 'resolved: gone before the server answers');
    resolve.rollback();
    assert.deepEqual(drawn(), ['41', '42'], 'rolled back: drawn again');

    const archive = store.apply({ issueIds: [issue.id, other.id], change: { status: 'ignored', substatus: 'archived_until_escalating' } });
    assert.deepEqual(drawn(), []);
    archive.confirm();
    assert.deepEqual(drawn(), [], 'confirmed: stays gone');
    // Unresolved again (an Unresolve, or escalation seen on a reload): drawn again.
    store.upsert('acme', [{ ...issue, status: 'unresolved', substatus: 'escalating' }]);
    assert.deepEqual(drawn(), ['41']);
    // apply, rollback, apply, upsert (the confirmation changed nothing that shows, so it fired nothing).
    assert.deepEqual(named, [true, true, true, true], 'every change named a marked issue, so the lines re-render');
  });

  it("isMarked under the server's default query: only the unresolved status (escalating, regressed and new are unresolved too)", () => {
    assert.equal(isMarked(anIssue({ status: 'unresolved' }), undefined), true);
    for (const status of ['resolved', 'ignored', 'reprocessing', 'muted', '', 'UNRESOLVED']) assert.equal(isMarked(anIssue({ status }), undefined), false, status);
  });

  it("isMarked follows the Issues view's query as the tree does: every status under an empty query, only resolved under is:resolved", () => {
    for (const status of ['unresolved', 'resolved', 'ignored']) assert.equal(isMarked(anIssue({ status }), ''), true, status);
    assert.equal(isMarked(anIssue({ status: 'resolved' }), 'is:resolved'), true);
    assert.equal(isMarked(anIssue({ status: 'unresolved' }), 'is:resolved'), false);
    assert.equal(isMarked(anIssue({ status: 'ignored' }), 'is:unresolved assigned:me'), false);
  });

  it('under a query that lists every status, a resolved issue keeps its mark, drawn after the open ones and named resolved', () => {
    const store = offline();
    const busy = anIssue({ id: '51', shortId: 'WEB-FRONTEND-51', title: 'Busy', count: '90' });
    const quiet = anIssue({ id: '52', shortId: 'WEB-FRONTEND-52', title: 'Quiet', count: '2' });
    store.upsert('acme', [busy, quiet]);
    const marks = [placed({ issueId: busy.id, line: 3 }), placed({ issueId: quiet.id, line: 3 })];
    const line = () => byLine(withIssues(marks, (id) => store.issue(id), '')).get(3)!;
    assert.deepEqual(
      line().map((m) => m.issue.id),
      ['51', '52'],
    );
    const resolve = store.apply({ issueIds: [busy.id], change: { status: 'resolved', statusDetails: {} } });
    assert.deepEqual(
      line().map((m) => m.issue.id),
      ['52', '51'],
      'the open issue first, though it has fewer events',
    );
    assert.equal(afterLineText(line(), NOW), '● WEB-FRONTEND-52 Quiet · 2 events · 3h ago (+1 more)');
    store.apply({ issueIds: [quiet.id], change: { status: 'ignored', substatus: 'archived_until_escalating' } });
    assert.equal(afterLineText(line(), NOW), '○ WEB-FRONTEND-51 Resolved · Busy · 90 events · 3h ago (+1 more)');
    resolve.rollback();
    assert.equal(afterLineText(line(), NOW), '● WEB-FRONTEND-51 Busy · 90 events · 3h ago (+1 more)');
    assert.equal(statusWord({ status: 'ignored' }), 'Archived');
    assert.equal(statusWord({ status: '<b>x</b>' }), 'Not open', "never the server's word");
  });

  it('touchesMarks: only a change naming a marked id counts', () => {
    const docs = [[placed({ issueId: '1' }), placed({ issueId: '2' })], [placed({ issueId: '3' })]];
    assert.equal(touchesMarks(['3'], docs), true);
    assert.equal(touchesMarks(['4', '5'], docs), false);
    assert.equal(touchesMarks([], docs), false);
    assert.equal(touchesMarks(['1'], []), false);
  });
});
