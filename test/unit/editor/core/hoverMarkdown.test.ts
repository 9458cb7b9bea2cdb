import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IssueListSchema } from '../../../../src/api/schemas';
import { Commands } from '../../../../src/constants';
import { parseIssueRef, type IssueRef } from '../../../../src/contracts/issueRef';
import { HOVER_COMMANDS, HOVER_LINK_ROWS, hoverCommands, hoverMarkdown } from '../../../../src/editor/core/hoverMarkdown';
import { ownLinks, unsafeMarkup, withoutOwnLinks } from '../../issues/core/markdownSafety';

const [issue] = IssueListSchema.parse(JSON.parse(readFileSync(join(__dirname, '../../../fixtures/project-issues.json'), 'utf8')));
const now = Date.parse('2018-11-07T00:19:55Z');
// The issue's own project: what the store's ref(id) gives a hover.
const ref: IssueRef = { org: 'acme', project: issue.project.slug, issueId: issue.id };
const hover = (over: Partial<typeof issue>) => hoverMarkdown({ ...issue, ...over }, ref, now);
/** A command link's argument list, decoded. */
const argsOf = (target: string): unknown[] => JSON.parse(decodeURIComponent(target.split('?')[1]));
/** Every link label of a hover, in order. */
const LABELS = ['Show Events', 'Open in Browser', 'Copy Link', 'Resolve', 'Archive', 'Assign to Me', 'Explain with AI', 'Fix with AI'];
const EVIL = 'x) ![img](https://evil.example/p.png) <img src=https://evil.example/q.png> [a](command:workbench.action.terminal.sendSequence?%7B%7D) $(zap) www.evil.example\n\n`';

describe('hover Markdown on a marked line', () => {
  it('an issue without lastSeen (null): "Last seen unknown", never 1970 or Invalid Date', () => {
    const md = hover({ lastSeen: null, firstSeen: null });
    assert.match(md, /Last seen unknown/);
    assert.doesNotMatch(md, /1970|NaN|Invalid Date|\d+y ago|unknown \(unknown\)/);
  });
  it('names the issue and offers exactly our eight command links (three triage, two AI), each with a whole JSON argument', () => {
    const md = hover({});
    assert.match(md, /^\$\(bug\) \*\*PUMP\\-STATION\\-1\*\* /);
    const links = ownLinks(md);
    assert.deepEqual(
      links.map((l) => l.label),
      LABELS,
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
    assert.equal(links.length, LABELS.length, md);
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

  it('the triage links: Resolve, Archive and Assign to Me run their command on the IssueRef, URI-encoded so no `)` or quote ends the link', () => {
    const md = hover({});
    const links = ownLinks(md);
    const want: [string, string][] = [
      ['Resolve', Commands.resolve],
      ['Archive', Commands.archive],
      ['Assign to Me', Commands.assignToMe],
    ];
    for (const [label, command] of want) {
      const link = links.find((l) => l.label === label);
      assert.ok(link, `no ${label} link in ${md}`);
      assert.equal(link.target, `command:${command}?${encodeURIComponent(JSON.stringify([ref]))}`);
      assert.match(link.target.split('?')[1], /^[A-Za-z0-9%_.-]+$/, 'only unreserved characters and escapes in the argument');
      assert.deepEqual(argsOf(link.target), [ref]);
    }
    // On their own row, under Show Events.
    const rows = md.split('\n').filter((l) => l.includes('](command:'));
    assert.equal(rows.length, 3);
    assert.match(rows[0], /^\[Show Events\]/);
    assert.match(rows[1], /^\[Resolve\]\(command:sentryExplorer\.resolve\?[^)]+\) · \[Archive\]\(command:sentryExplorer\.archive\?[^)]+\) · \[Assign to Me\]/);
  });

  it('the AI links: Explain with AI and Fix with AI run their command on the IssueRef, on a row of their own under triage', () => {
    const md = hover({});
    const links = ownLinks(md);
    for (const [label, command] of [
      ['Explain with AI', Commands.explainWithAI],
      ['Fix with AI', Commands.fixWithAI],
    ] as const) {
      const link = links.find((l) => l.label === label);
      assert.ok(link, `no ${label} link in ${md}`);
      assert.equal(link.target, `command:${command}?${encodeURIComponent(JSON.stringify([ref]))}`);
      assert.deepEqual(argsOf(link.target), [ref]);
      assert.ok(HOVER_COMMANDS.includes(command), `${command} is trusted`);
    }
    assert.deepEqual(
      HOVER_LINK_ROWS.at(-1)!.map((l) => [l.title, l.command]),
      [
        ['Explain with AI', Commands.explainWithAI],
        ['Fix with AI', Commands.fixWithAI],
      ],
    );
    const rows = md.split('\n').filter((l) => l.includes('](command:'));
    assert.match(rows[2], /^\[Explain with AI\]\(command:sentryExplorer\.explainWithAI\?[^)]+\) · \[Fix with AI\]\(command:sentryExplorer\.fixWithAI\?[^)]+\)$/);
    // A server title that spells an AI link stays escaped text, not a second link.
    const evil = hover({ title: '[Fix with AI](command:workbench.action.terminal.sendSequence?%7B%7D)' });
    assert.deepEqual(unsafeMarkup(evil), [], evil);
    assert.equal(ownLinks(evil).filter((l) => l.label === 'Fix with AI').length, 1);
  });

  it('where no chat can take the issue, no AI row, and its commands are not trusted', () => {
    const md = hoverMarkdown(issue, ref, now, { ai: false });
    const labels = ownLinks(md).map((l) => l.label);
    assert.deepEqual(labels, ['Show Events', 'Open in Browser', 'Copy Link', 'Resolve', 'Archive', 'Assign to Me']);
    assert.equal(md.split('\n').filter((l) => l.includes('](command:')).length, 2, 'two rows of links');
    const used = new Set(ownLinks(md).map((l) => l.target.slice('command:'.length).split('?')[0]));
    assert.deepEqual([...hoverCommands(false)].sort(), [...used].sort());
    assert.deepEqual([...hoverCommands(true)].sort(), [...HOVER_COMMANDS].sort());
  });

  it('the trusted commands are exactly the ids the links use: no more (nothing to run that is not offered), no fewer', () => {
    const used = new Set(ownLinks(hover({})).map((l) => l.target.slice('command:'.length).split('?')[0]));
    assert.deepEqual([...HOVER_COMMANDS].sort(), [...used].sort());
    assert.equal(new Set(HOVER_COMMANDS).size, HOVER_COMMANDS.length, 'each id once');
    assert.deepEqual(
      [...HOVER_COMMANDS].sort(),
      [Commands.showIssueEvents, Commands.openInBrowser, Commands.copyLink, Commands.resolve, Commands.archive, Commands.assignToMe, Commands.explainWithAI, Commands.fixWithAI].sort(),
    );
    // Every id a command the extension registers, and none the workbench's own (a terminal, a setting).
    const ours = new Set<string>(Object.values(Commands));
    assert.ok(HOVER_COMMANDS.every((c) => ours.has(c)));
  });

  it('a ref with characters that would break out of a link is refused, never written into the hover', () => {
    for (const bad of [
      { ...ref, project: 'x)[y](command:workbench.action.terminal.sendSequence' },
      { ...ref, org: 'a b' },
      { ...ref, issueId: '1) ![i](https://evil.example/)' },
    ]) {
      assert.throws(() => hoverMarkdown(issue, bad, now), RangeError);
    }
  });

  it('escaped titles: hostile server text anywhere in the issue leaves the eight links and their labels as they are', () => {
    const md = hover({ title: `${EVIL} [Resolve](command:workbench.action.terminal.sendSequence?%7B%7D)`, shortId: '[Assign to Me](command:x)', culprit: EVIL });
    assert.deepEqual(unsafeMarkup(md), [], md);
    const links = ownLinks(md);
    assert.deepEqual(
      links.map((l) => l.label),
      LABELS,
    );
    assert.ok(links.every((l) => l.target.startsWith('command:sentryExplorer.') && !l.target.includes('evil')));
    // The server's would-be link shows as escaped text, its `](` pair broken.
    assert.ok(md.includes('\\[Resolve\\] \\(command\\:workbench'), md);
    assert.ok(md.includes('\\[Assign to Me\\] \\(command\\:x\\)'), md);
  });
});
