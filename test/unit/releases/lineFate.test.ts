// The line's fate between two versions of a file (src/releases/core/lineFate.ts), from git's own diffs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lineFate, parseHunks } from '../../../src/releases/core/lineFate';

/** git's diff of two texts (git diff --no-index, as diffBetween runs git diff), without its header. */
function gitDiff(a: string, b: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'line-fate-'));
  try {
    fs.writeFileSync(path.join(dir, 'a'), a);
    fs.writeFileSync(path.join(dir, 'b'), b);
    try {
      return execFileSync('git', ['diff', '--no-index', '--no-color', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    } catch (e) {
      return (e as { stdout: string }).stdout; // exit code 1: the files differ
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const lines = (n: number, f: (i: number) => string = (i) => `line ${i}`) =>
  Array.from({ length: n }, (_, i) => f(i + 1))
    .join('\n')
    .concat('\n');

describe('line fate between two versions', () => {
  const base = lines(40);

  it('no diff: the same line', () => {
    assert.deepEqual(lineFate('', 12), { changed: false, line: 12 });
    assert.deepEqual(parseHunks(''), []);
  });

  it('a line modified or deleted is changed; its neighbours are not', () => {
    const modified = base.replace('line 20\n', 'line twenty\n');
    const d = gitDiff(base, modified);
    assert.deepEqual(lineFate(d, 20), { changed: true });
    assert.deepEqual(lineFate(d, 19), { changed: false, line: 19 });
    assert.deepEqual(lineFate(d, 21), { changed: false, line: 21 });
    const deleted = base.replace('line 20\n', '');
    assert.deepEqual(lineFate(gitDiff(base, deleted), 20), { changed: true });
    assert.deepEqual(lineFate(gitDiff(base, deleted), 30), { changed: false, line: 29 });
  });

  it('lines added or removed above move the line; below leave it', () => {
    const added = base.replace('line 5\n', 'line 5\nnew a\nnew b\nnew c\n');
    const d = gitDiff(base, added);
    assert.deepEqual(lineFate(d, 4), { changed: false, line: 4 });
    assert.deepEqual(lineFate(d, 6), { changed: false, line: 9 });
    assert.deepEqual(lineFate(d, 30), { changed: false, line: 33 });
    const both = added.replace('line 35\n', '');
    const d2 = gitDiff(base, both);
    assert.deepEqual(lineFate(d2, 34), { changed: false, line: 37 });
    assert.deepEqual(lineFate(d2, 35), { changed: true });
    assert.deepEqual(lineFate(d2, 36), { changed: false, line: 38 });
  });

  it('a line inserted right above or below the line leaves it unchanged', () => {
    const d = gitDiff(base, base.replace('line 20\n', 'above\nline 20\nbelow\n'));
    assert.deepEqual(lineFate(d, 20), { changed: false, line: 21 });
    assert.deepEqual(lineFate(d, 21), { changed: false, line: 23 });
  });

  it('blank lines, CRLF and "No newline at end of file" are read as git writes them', () => {
    const a = 'x\n\ny\nz';
    const d = gitDiff(a, 'x\n\ny\nZ');
    assert.deepEqual(lineFate(d, 4), { changed: true });
    assert.deepEqual(lineFate(d, 3), { changed: false, line: 3 });
    const crlf = gitDiff('a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n');
    assert.deepEqual(lineFate(crlf, 2), { changed: true });
    assert.deepEqual(lineFate(crlf, 3), { changed: false, line: 3 });
  });
});
