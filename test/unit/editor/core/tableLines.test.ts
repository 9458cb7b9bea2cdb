// The pure parts of reading lines from the events table: the batches and the query asked, and what a
// row (untrusted) tells of an issue's place, the same as its latest event would.
import assert from 'node:assert/strict';
import { knownFromRow, rowIssueId, TABLE_BATCH, TABLE_FIELDS, tableBatches, tableQuery, tableWindow, type TableIssue } from '../../../../src/editor/core/tableLines';
import { checkEventsTableParams, MAX_TABLE_FIELDS } from '../../../../src/model/event/eventsTable';

const issue = (issueId: string, projectId = '1', lastSeen: string | undefined = '2026-01-01T00:00:00Z', org = 'acme'): TableIssue => ({ org, issueId, projectId, lastSeen });

describe('tableLines: batches, query and rows', () => {
  it('batches hold at most 100 issues of one organization and project, in the order the issues came', () => {
    const issues = [...Array.from({ length: 150 }, (_, k) => issue(String(1000 + k))), issue('7', '2'), issue('8', '1', '2026-01-01T00:00:00Z', 'globex')];
    const batches = tableBatches(issues);
    assert.deepEqual(
      batches.map((b) => b.length),
      [100, 50, 1, 1],
    );
    assert.equal(batches[0][0].issueId, '1000');
    assert.equal(batches[2][0].projectId, '2');
    assert.equal(batches[3][0].org, 'globex');
    for (const b of batches) assert.ok(b.every((i) => i.projectId === b[0].projectId && i.org === b[0].org));
    assert.equal(TABLE_BATCH, 100);
  });

  it("the query: the errors dataset, the frame arrays and last_seen(), newest first, one project, the issues' ids; within the server's limits", () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const q = tableQuery([issue('11', '4501', '2026-11-20T10:30:00.123456Z'), issue('12', '4501', '2026-11-27T09:00:00Z')], now);
    // From an hour before the oldest lastSeen of the batch to a minute from now: never the server's whole 90 days.
    assert.deepEqual(q, {
      dataset: 'errors',
      fields: TABLE_FIELDS,
      sort: '-last_seen()',
      perPage: 100,
      project: ['4501'],
      query: 'issue.id:[11,12]',
      start: '2026-11-20T09:30:00Z',
      end: '2026-11-28T12:01:00Z',
    });
    assert.ok(TABLE_FIELDS.length <= MAX_TABLE_FIELDS);
    checkEventsTableParams(q);
  });

  it('the window: at most the last 90 days; 90 days said explicitly when a lastSeen is not a date', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    assert.deepEqual(tableWindow([issue('1', '1', '2025-01-01T00:00:00Z')], now), { start: '2026-08-30T12:00:00Z', end: '2026-11-28T12:01:00Z' });
    assert.deepEqual(tableWindow([issue('1', '1', '2026-11-28T11:00:00Z'), issue('2', '1', 'events:12')], now), { statsPeriod: '90d' });
    assert.deepEqual(tableWindow([{ ...issue('1', '1'), lastSeen: undefined }], now), { statsPeriod: '90d' });
  });

  it("a row's issue id is digits (a number or a string), nothing else", () => {
    assert.equal(rowIssueId({ 'issue.id': 4800000001 }), '4800000001');
    assert.equal(rowIssueId({ 'issue.id': '4800000001' }), '4800000001');
    for (const v of [-1, 1.5, '12 OR 1', '', null, undefined, [1], { id: 1 }, Number.MAX_SAFE_INTEGER + 2]) assert.equal(rowIssueId({ 'issue.id': v }), undefined, JSON.stringify(v));
  });

  describe('what a row tells, as the latest event would', () => {
    const row = (frames: Array<[string | null, number | null, 0 | 1, string?]>) => ({
      'issue.id': 1,
      'stack.filename': frames.map((f) => f[0]),
      'stack.lineno': frames.map((f) => f[1]),
      'stack.in_app': frames.map((f) => f[2]),
      'stack.abs_path': frames.map((f) => f[3] ?? null),
    });

    it('the newest in-app frame is the location, `path:line`; the newest in-app frame with a line is the frame', () => {
      const known = knownFromRow(
        row([
          ['node_modules/react-dom/index.js', 4164, 0],
          ['src/app/checkout.ts', 41, 1],
          ['src/app/router.ts', 23, 1],
          ['node_modules/@sentry/browser/helpers.js', 71, 0],
        ]),
        'seen',
        5,
      );
      const fields = { filename: 'src/app/router.ts' };
      assert.deepEqual(known, { lastSeen: 'seen', location: 'src/app/router.ts:23', fields, frame: { raw: 'src/app/router.ts', path: 'src/app/router.ts', line: 23, fields }, at: 5 });
    });

    it('a crash frame without a line: its path alone is the location, and the frame is the newest in-app frame that has one', () => {
      const known = knownFromRow(
        row([
          ['src/app/checkout.ts', 41, 1],
          ['src/components/Cart.tsx', null, 1],
        ]),
        undefined,
        0,
      );
      assert.equal(known.location, 'src/components/Cart.tsx');
      assert.deepEqual(known.frame, { raw: 'src/app/checkout.ts', path: 'src/app/checkout.ts', line: 41, fields: { filename: 'src/app/checkout.ts' } });
    });

    it('no in-app frame: the newest frame is the location and there is no frame; no frame at all: no location', () => {
      const known = knownFromRow(row([['lib/Legacy/Db.php', 118, 0]]), undefined, 0);
      assert.equal(known.location, 'lib/Legacy/Db.php:118');
      assert.equal(known.frame, null);
      assert.deepEqual(knownFromRow(row([]), 'x', 1), { lastSeen: 'x', location: null, frame: null, at: 1 });
    });

    it('a frame without a filename is named by its absolute path', () => {
      const known = knownFromRow(row([[null, 9, 1, 'webpack:///./src/app/store.ts']]), undefined, 0);
      assert.equal(known.location, 'webpack:///./src/app/store.ts:9');
      assert.deepEqual(known.frame, { raw: 'webpack:///./src/app/store.ts', path: 'src/app/store.ts', line: 9, fields: { absPath: 'webpack:///./src/app/store.ts' } });
    });

    it('a JVM row: the class in stack.module and the package in stack.package come with the frame, to tell same-named files apart; the SDK with the platform', () => {
      const known = knownFromRow(
        {
          'stack.filename': ['MainActivity.kt'],
          'stack.abs_path': ['MainActivity.kt'],
          'stack.module': ['io.sentry.sample.MainActivity'],
          'stack.package': [null],
          'stack.lineno': [14],
          'stack.in_app': [1],
          'sdk.name': 'sentry.java.android',
        },
        undefined,
        0,
        'java',
      );
      assert.deepEqual(known.fields, {
        filename: 'MainActivity.kt',
        absPath: 'MainActivity.kt',
        module: 'io.sentry.sample.MainActivity',
        platform: 'java',
        eventPlatform: 'java',
        sdkName: 'sentry.java.android',
      });
      assert.deepEqual(known.frame?.fields, known.fields);
    });

    it('hostile rows: values that are not arrays, lines that are not positive integers, in_app as booleans, endless stacks', () => {
      assert.deepEqual(knownFromRow({ 'stack.filename': 'src/a.ts', 'stack.lineno': [3], 'stack.in_app': [1] }, undefined, 0).location, null);
      const odd = knownFromRow({ 'stack.filename': ['src/a.ts', 'src/b.ts', 'src/c.ts'], 'stack.lineno': ['7', -2, 1.5], 'stack.in_app': [true, true, 'yes'] }, undefined, 0);
      assert.equal(odd.location, 'src/b.ts', 'the newest in-app frame, with no line worth the name');
      assert.equal(odd.frame, null);
      // Frames beyond the first thousand are not read: a stack that long is an answer to distrust, not a crash.
      const n = 100_000;
      const files = Array.from({ length: n }, (_, k) => (k < 1000 ? 'src/a.ts' : 'src/z.ts'));
      const long = knownFromRow({ 'stack.filename': files, 'stack.lineno': files.map(() => 2), 'stack.in_app': files.map(() => 1) }, undefined, 0);
      assert.equal(long.location, 'src/a.ts:2');
    });
  });
});
