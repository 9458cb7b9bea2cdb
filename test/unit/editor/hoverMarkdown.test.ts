import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IssueListSchema } from '../../../src/api/schemas';
import { Commands } from '../../../src/constants';
import { HOVER_COMMANDS, hoverMarkdown } from '../../../src/editor/hoverMarkdown';
import type { Mark } from '../../../src/editor/marks';
import { ownLinks, unsafeMarkup, withoutOwnLinks } from '../issues/markdownSafety';

const [issue] = IssueListSchema.parse(JSON.parse(readFileSync(join(__dirname, '../../fixtures/project-issues.json'), 'utf8')));
const now = Date.parse('2018-11-07T00:19:55Z');
const mark = (over: Partial<typeof issue>): Mark => ({ org: 'acme', project: 'web', issue: { ...issue, ...over }, line: 3, source: 'location' });
const EVIL = 'x) ![img](https://evil.example/p.png) <img src=https://evil.example/q.png> [a](command:workbench.action.terminal.sendSequence?%7B%7D) $(zap) www.evil.example\n\n`';

describe('hover Markdown on a marked line', () => {
  it('names the issue and offers exactly our three command links, each with a whole JSON argument', () => {
    const md = hoverMarkdown(mark({}), now);
    assert.match(md, /^\$\(bug\) \*\*PUMP\\-STATION\\-1\*\* /);
    const links = ownLinks(md);
    assert.deepEqual(links.map((l) => l.label), ['Show Events', 'Open in Browser', 'Copy Link']);
    for (const l of links) {
      const [command, arg] = l.target.slice('command:'.length).split('?');
      assert.ok(HOVER_COMMANDS.includes(command as (typeof HOVER_COMMANDS)[number]));
      const [node] = JSON.parse(decodeURIComponent(arg));
      assert.equal(node.issue.id, issue.id);
    }
    assert.ok(links.some((l) => l.target.startsWith(`command:${Commands.openInBrowser}?`)));
  });

  it('hostile title, shortId, level and permalink: no other link, image, HTML or icon, and the command arguments stay whole', () => {
    const md = hoverMarkdown(mark({ title: EVIL, shortId: EVIL, level: EVIL, permalink: 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x)%22%7D' }), now);
    assert.deepEqual(unsafeMarkup(md), [], md);
    const links = ownLinks(md);
    assert.equal(links.length, 3, md);
    for (const l of links) {
      const [node] = JSON.parse(decodeURIComponent(l.target.split('?')[1]));
      assert.equal(node.issue.title, EVIL, 'the argument carries the whole issue, not a cut-off piece');
    }
  });

  it('the stats period comes from the known list, never from a server key', () => {
    const points = issue.stats['24h'];
    const evilKey = '[x](https://evil.example/) <img src=x>';
    const md = hoverMarkdown(mark({ stats: { [evilKey]: points } as typeof issue.stats }), now);
    assert.ok(!withoutOwnLinks(md).includes('evil'), md);
    assert.ok(!md.includes('evil'), 'the command arguments carry no stats');
    assert.deepEqual(unsafeMarkup(md), []);
    const known = hoverMarkdown(mark({ stats: { [evilKey]: points, '14d': points } as typeof issue.stats }), now);
    assert.match(known, /` 14d\n/);
    assert.ok(!withoutOwnLinks(known).includes('evil'));
  });
});
