import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IssueListSchema } from '../../../src/api/schemas';
import { Commands } from '../../../src/constants';
import { parseIssueRef, type IssueRef } from '../../../src/contracts/issueRef';
import { HOVER_COMMANDS, hoverMarkdown } from '../../../src/editor/hoverMarkdown';
import { ownLinks, unsafeMarkup, withoutOwnLinks } from '../issues/markdownSafety';

const [issue] = IssueListSchema.parse(JSON.parse(readFileSync(join(__dirname, '../../fixtures/project-issues.json'), 'utf8')));
const now = Date.parse('2018-11-07T00:19:55Z');
// The issue's own project: what the store's ref(id) gives a hover.
const ref: IssueRef = { org: 'acme', project: issue.project.slug, issueId: issue.id };
const hover = (over: Partial<typeof issue>) => hoverMarkdown({ ...issue, ...over }, ref, now);
/** A command link's argument list, decoded. */
const argsOf = (target: string): unknown[] => JSON.parse(decodeURIComponent(target.split('?')[1]));
const EVIL = 'x) ![img](https://evil.example/p.png) <img src=https://evil.example/q.png> [a](command:workbench.action.terminal.sendSequence?%7B%7D) $(zap) www.evil.example\n\n`';

describe('hover Markdown on a marked line', () => {
  it('names the issue and offers exactly our three command links, each with a whole JSON argument', () => {
    const md = hover({});
    assert.match(md, /^\$\(bug\) \*\*PUMP\\-STATION\\-1\*\* /);
    const links = ownLinks(md);
    assert.deepEqual(
      links.map((l) => l.label),
      ['Show Events', 'Open in Browser', 'Copy Link'],
    );
    for (const l of links) {
      const [command] = l.target.slice('command:'.length).split('?');
      assert.ok(HOVER_COMMANDS.includes(command as (typeof HOVER_COMMANDS)[number]));
      const args = argsOf(l.target);
      assert.equal(args.length, 1);
      assert.equal(parseIssueRef(args[0])?.issueId, issue.id);
      // The argument is the IssueRef and nothing else: the commands read the issue from the store.
      assert.deepEqual(args[0], ref);
    }
    assert.ok(links.some((l) => l.target.startsWith(`command:${Commands.openInBrowser}?`)));
  });

  it('hostile title, shortId, level and permalink: no other link, image, HTML or icon, and the command arguments stay whole', () => {
    const md = hover({ title: EVIL, shortId: EVIL, level: EVIL, permalink: 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x)%22%7D' });
    assert.deepEqual(unsafeMarkup(md), [], md);
    const links = ownLinks(md);
    assert.equal(links.length, 3, md);
    for (const l of links) {
      // The argument is whole (the ref, not a cut-off piece) and carries no server text at all.
      assert.deepEqual(argsOf(l.target), [ref]);
      assert.ok(!l.target.includes('evil') && !l.target.includes('sendSequence'), l.target);
    }
  });

  it('the stats period comes from the known list, never from a server key', () => {
    const points = issue.stats['24h'];
    const evilKey = '[x](https://evil.example/) <img src=x>';
    const md = hover({ stats: { [evilKey]: points } as typeof issue.stats });
    assert.ok(!withoutOwnLinks(md).includes('evil'), md);
    assert.ok(!md.includes('evil'), 'the command arguments carry no stats');
    assert.deepEqual(unsafeMarkup(md), []);
    const known = hover({ stats: { [evilKey]: points, '14d': points } as typeof issue.stats });
    assert.match(known, /` 14d\n/);
    assert.ok(!withoutOwnLinks(known).includes('evil'));
  });
});
