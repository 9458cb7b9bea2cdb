// "The issue of the line under the cursor" (src/store/cursorIssues.ts): the editor sets the source,
// the palette's triage commands read it, and neither imports the other.
import assert from 'node:assert/strict';
import type { IssueRef } from '../../../src/contracts/issueRef';
import { CursorIssues } from '../../../src/store/cursorIssues';

const A: IssueRef = { org: 'acme', project: 'web-frontend', issueId: '101' };
const B: IssueRef = { org: 'acme', project: 'backend', issueId: '202' };

describe('CursorIssues', () => {
  it('none until a source is set; then what the source says now, read on every call', () => {
    const cursor = new CursorIssues();
    assert.deepEqual(cursor.current(), []);
    assert.deepEqual(cursor.get()(), []);
    let line: IssueRef[] = [A];
    const source = () => line;
    cursor.set(source);
    assert.equal(cursor.get(), source);
    assert.deepEqual(cursor.current(), [A]);
    line = [B, A];
    assert.deepEqual(cursor.current(), [B, A], 'the order is the source’s (most events first)');
    line = [];
    assert.deepEqual(cursor.current(), []);
  });

  it('refs are copies with nothing else in them; invalid refs and repeats are left out', () => {
    const cursor = new CursorIssues();
    const extra = { ...A, title: '[x](command:workbench.action.terminal.sendSequence)', issue: { id: '1' } };
    cursor.set(() => [extra, { org: 'acme', project: '../x', issueId: '3' } as IssueRef, { ...A, issueId: 'abc' }, { ...A }, B, null as unknown as IssueRef]);
    const got = cursor.current();
    assert.deepEqual(got, [A, B]);
    assert.deepEqual(Object.keys(got[0]).sort(), ['issueId', 'org', 'project']);
    assert.notEqual(got[0], extra);
    got[0] = B;
    assert.deepEqual(cursor.current(), [A, B], 'a caller cannot change what the next caller reads');
  });

  it('a source that throws or answers something other than a list counts as none', () => {
    const cursor = new CursorIssues();
    cursor.set(() => {
      throw new Error('the editor was closed');
    });
    assert.deepEqual(cursor.current(), []);
    cursor.set(() => ({ 0: A, length: 1 }) as unknown as IssueRef[]);
    assert.deepEqual(cursor.current(), []);
  });

  it('disposing what set returned unsets the source, unless another was set since', () => {
    const cursor = new CursorIssues();
    const first = cursor.set(() => [A]);
    first.dispose();
    assert.deepEqual(cursor.current(), []);
    const second = cursor.set(() => [A]);
    const third = cursor.set(() => [B]);
    second.dispose();
    assert.deepEqual(cursor.current(), [B], 'the later source stays');
    third.dispose();
    third.dispose();
    assert.deepEqual(cursor.current(), []);
  });
});
