// The hover's lines on who and what broke an issue (src/editor/core/provenanceMarkdown.ts): escaped,
// bounded, and the line's git history as the hover words it.
import assert from 'node:assert/strict';
import { provenanceLines } from '../../../../src/editor/core/provenanceMarkdown';
import type { ProvenanceView } from '../../../../src/contracts/provenance';

const HOSTILE = 'Fix [run](command:workbench.action.terminal.new) <img src=x onerror=alert(1)> `x` **b**';

const VIEW: ProvenanceView = {
  firstRelease: { version: 'web-frontend@2.0.0' },
  lastRelease: { version: 'web-frontend@2.11.0' },
  deploys: [],
  suspects: [{ id: 'b'.repeat(40), shortId: 'bbbbbbb', message: HOSTILE, author: 'Grace [x](https://evil.example)' }],
  owners: [],
};

describe('hover: releases, suspect commit and line history', () => {
  it('releases and the suspect commit, every server string escaped: no link, image, HTML or command forms', () => {
    const lines = provenanceLines(VIEW, undefined);
    assert.equal(lines.length, 2);
    assert.equal(lines[0], '$(tag) _first release_ `web-frontend@2.0.0` · _last release_ `web-frontend@2.11.0`');
    assert.match(lines[1], /^\$\(git-commit\) _suspect commit_ `bbbbbbb` /);
    const text = lines.join('\n');
    assert.ok(!/\]\(/.test(text), text);
    assert.ok(!/(^|[^\\])<img/.test(text), text);
    assert.ok(text.includes('Grace \\[x\\]'), text);
  });

  it('changed since this release, in <commit> by <author>; unchanged; not in the history', () => {
    const changed = provenanceLines(undefined, { kind: 'changed', release: 'web@2.11.0', commit: { id: 'c'.repeat(40), shortId: 'ccccccc', author: 'Margaret Hamilton', message: 'Divide' } });
    assert.deepEqual(changed, ['$(history) `web@2.11.0` _changed since this release, in _`ccccccc`_ by Margaret Hamilton_ · Divide']);
    assert.deepEqual(provenanceLines(undefined, { kind: 'unchanged', release: 'web@2.11.0', line: 23 }), ['$(pass) `web@2.11.0` _unchanged since the release_']);
    assert.match(provenanceLines(undefined, { kind: 'notInHistory', release: 'r' })[0], /not in this checkout's history/);
    assert.deepEqual(provenanceLines(undefined, undefined), []);
  });

  it('a release string with backticks cannot close its code span', () => {
    const [line] = provenanceLines({ ...VIEW, suspects: [], firstRelease: { version: 'a`](command:x)`' }, lastRelease: undefined }, undefined);
    assert.equal(line, "$(tag) _first release_ `a'] (command:x)'`");
  });
});
