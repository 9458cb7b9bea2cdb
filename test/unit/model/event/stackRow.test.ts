// The events table's stack row reader (src/model/event/stackRow.ts): the issue and its frames as the
// table sends them (arrays by position), and every value a server may send wrong read as nothing.
import assert from 'node:assert/strict';
import { readStackRow } from '../../../../src/model/event/stackRow';

describe('model: an events-table stack row', () => {
  it('reads the issue and each frame’s paths and line, by position', () => {
    const row = readStackRow({
      'issue.id': 42,
      issue: 'WEB-1',
      title: '  TypeError: x  ',
      project: 'web',
      'stack.filename': ['app.js', null, 'lib/b.ts'],
      'stack.abs_path': ['/srv/app.js', 'webpack:///c.ts'],
      'stack.lineno': [10, '7', -3],
    });
    assert.deepEqual(row, {
      issueId: '42',
      shortId: 'WEB-1',
      title: 'TypeError: x',
      project: 'web',
      frames: [
        { paths: ['app.js', '/srv/app.js'], line: 10 },
        { paths: ['webpack:///c.ts'], line: 7 },
        { paths: ['lib/b.ts'], line: undefined },
      ],
    });
  });

  it('refuses a row without an issue id of digits, and reads hostile fields as empty', () => {
    assert.equal(readStackRow({ 'issue.id': '12; drop', issue: 'X-1' }), undefined);
    assert.equal(readStackRow({}), undefined);
    const row = readStackRow({ 'issue.id': '7', issue: { a: 1 }, title: 3, 'stack.filename': 'not a list', 'stack.lineno': { 0: 1 } });
    assert.deepEqual(row, { issueId: '7', shortId: '', title: '3', project: '', frames: [] });
  });

  it('bounds the frames read of one row', () => {
    const n = 5000;
    const row = readStackRow({ 'issue.id': '1', 'stack.filename': Array(n).fill('a.ts'), 'stack.lineno': Array(n).fill(1) })!;
    assert.equal(row.frames.length, 1000);
  });
});
