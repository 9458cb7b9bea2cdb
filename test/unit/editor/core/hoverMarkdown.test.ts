import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IssueListSchema, type Issue } from '../../../../src/model/issue/schema';
import { Commands } from '../../../../src/constants';
import { parseIssueRef, refOfIssue, type IssueRef } from '../../../../src/contracts/issueRef';
import { HOVER_COMMANDS, HOVER_MAX_ISSUES, HOVER_TITLE_MAX, hoverCommands, hoverMarkdown, lineHoverMarkdown, type LineIssue } from '../../../../src/editor/core/hoverMarkdown';
import { ownLinks, unsafeMarkup, withoutOwnLinks } from '../../issues/core/markdownSafety';
import * as z from '../../../../src/model/z';

const [issue] = z.parse(IssueListSchema, JSON.parse(readFileSync(join(__dirname, '../../../fixtures/project-issues.json'), 'utf8')));
const now = Date.parse('2018-11-07T00:19:55Z');
// The issue's own project: what the store's ref(id) gives a hover.
const ref: IssueRef = { org: 'acme', project: issue.project.slug, issueId: issue.id };
const hover = (over: Partial<typeof issue>) => hoverMarkdown({ ...issue, ...over }, ref, now);
/** A command link's argument list, decoded. */
const argsOf = (target: string): unknown[] => JSON.parse(decodeURIComponent(target.split('?')[1]));
const commandOf = (target: string) => target.slice('command:'.length).split('?')[0];
/** What a link's command is given: the ref, and for Show Events the preview option too. */
const expectedArgs = (command: string) => (command === Commands.showIssueEvents ? [ref, { preview: true }] : [ref]);
/** The icons a hover line starts with (one per level). */
const LEVEL_ICONS = ['flame', 'error', 'warning', 'info', 'debug'];
/** An unresolved issue's actions, in order: icon, tooltip, command. */
const OPEN: [string, string, string][] = [
  ['$(list-unordered)', 'Show Events', Commands.showIssueEvents],
  ['$(debug-alt)', 'Debug This Event', Commands.debugEvent],
  ['$(check)', 'Resolve', Commands.resolve],
  ['$(archive)', 'Archive', Commands.archive],
  ['$(person)', 'Assign to Me', Commands.assignToMe],
  ['$(link-external)', 'Open in Browser', Commands.openInBrowser],
  ['$(link)', 'Copy Link', Commands.copyLink],
  ['$(sparkle)', 'Explain with AI', Commands.explainWithAI],
  ['$(lightbulb-autofix)', 'Fix with AI', Commands.fixWithAI],
];
const EVIL = 'x) ![img](https://evil.example/p.png) <img src=https://evil.example/q.png> [a](command:workbench.action.terminal.sendSequence?%7B%7D) $(zap) www.evil.example\n\n`';

/** `n` issues of the fixture, with their own ids and short IDs, most events first. */
function issues(n: number, over: Partial<Issue> = {}): LineIssue[] {
  return Array.from({ length: n }, (_, i) => ({ org: 'acme', issue: { ...issue, ...over, id: String(1000 + i), shortId: `PROJ-${i + 1}`, count: String(100 - i) } }));
}
const refOf = (i: LineIssue) => refOfIssue(i.org, i.issue);

describe('hover Markdown on a marked line', () => {
  it('one line per issue: level icon, short ID, title, events, last seen, then the actions as icons with a tooltip each', () => {
    const md = hover({});
    assert.equal(md.split('\n').length, 1, 'one line');
    assert.match(md, /^\$\(error\) \*\*PUMP\\-STATION\\-1\*\* /);
    const text = withoutOwnLinks(md);
    assert.match(text, /\*\* This is an example Python exc… · 1 event · 3h ago\s+$/);
    assert.deepEqual(
      ownLinks(md).map((l) => [l.label, l.title, commandOf(l.target)]),
      OPEN,
    );
    for (const l of ownLinks(md)) {
      assert.ok(HOVER_COMMANDS.includes(commandOf(l.target) as (typeof HOVER_COMMANDS)[number]));
      // The argument is the IssueRef and nothing else: the commands read the issue from the store.
      // Show Events opens a preview panel, as a click in the Issues view does: browsing a busy
      // line's issues leaves one tab, not one per issue.
      assert.deepEqual(argsOf(l.target), expectedArgs(commandOf(l.target)));
      assert.equal(parseIssueRef(argsOf(l.target)[0])?.issueId, issue.id);
    }
  });

  it('without a chat that can take the issue, no Explain/Fix icon, and the hover trusts neither command', () => {
    const md = hoverMarkdown(issue, ref, Date.parse('2026-11-26T00:00:00Z'), { ai: false });
    assert.deepEqual(
      ownLinks(md).map((l) => l.title),
      OPEN.map(([, title]) => title).filter((t) => !/with AI/.test(t)),
    );
    assert.ok(!hoverCommands(false).includes(Commands.explainWithAI) && !hoverCommands(false).includes(Commands.fixWithAI));
    assert.ok(hoverCommands(true).includes(Commands.explainWithAI));
    const line = lineHoverMarkdown(issues(5), refOf, Date.now(), { ai: false })!;
    assert.ok(!/explainWithAI|fixWithAI/.test(line), 'no AI link on any line of a busy hover');
  });

  it('the level icon is one of ours whatever level the server sent', () => {
    const levels: [string, string][] = [
      ['fatal', 'flame'],
      ['warning', 'warning'],
      ['info', 'info'],
      ['debug', 'debug'],
      ['$(zap) [x](command:y)', 'error'],
    ];
    for (const [level, icon] of levels) {
      const md = hover({ level });
      assert.ok(md.startsWith(`$(${icon}) `), md);
      assert.deepEqual(unsafeMarkup(md, LEVEL_ICONS), [], md);
    }
  });

  it('a long title is cut, so the line stays short', () => {
    const md = hover({ title: 'A'.repeat(300) });
    assert.ok(withoutOwnLinks(md).includes(` ${'A'.repeat(HOVER_TITLE_MAX - 1)}… · `));
    assert.ok(!md.includes('A'.repeat(HOVER_TITLE_MAX)));
    // Cut after a space: no space before the ellipsis; line breaks in a title are spaces.
    assert.ok(hover({ title: `${'x'.repeat(HOVER_TITLE_MAX - 2)} tail` }).includes(` ${'x'.repeat(HOVER_TITLE_MAX - 2)}… · `));
    assert.ok(hover({ title: 'two\nlines' }).includes(' two lines · '));
  });

  it('a resolved or archived issue says so and offers Unresolve instead of Resolve and Archive', () => {
    for (const [status, word] of [
      ['resolved', 'Resolved'],
      ['ignored', 'Archived'],
    ]) {
      const md = hover({ status });
      assert.match(md, new RegExp(`\\*\\* _${word}_ `), md);
      const links = ownLinks(md).map((l) => l.title);
      assert.ok(links.includes('Unresolve'), md);
      assert.ok(!links.includes('Resolve') && !links.includes('Archive'), md);
      const unresolve = ownLinks(md).find((l) => l.title === 'Unresolve')!;
      assert.equal(unresolve.target, `command:${Commands.unresolve}?${encodeURIComponent(JSON.stringify([ref]))}`);
    }
    assert.ok(!/_Resolved_|_Archived_/.test(hover({})), 'an unresolved issue names no status');
    // The word takes the room of as many characters of the title: the line keeps its length.
    assert.ok(hover({ status: 'resolved', title: 'A'.repeat(300) }).includes(` _Resolved_ ${'A'.repeat(HOVER_TITLE_MAX - 'Resolved '.length - 1)}… · `));
  });

  it('hostile title, shortId, level and permalink: no other link, image, HTML or icon, and the command arguments stay whole', () => {
    const md = hover({ title: EVIL, shortId: EVIL, level: EVIL, permalink: 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x)%22%7D' });
    assert.deepEqual(unsafeMarkup(md, LEVEL_ICONS), [], md);
    const links = ownLinks(md);
    assert.equal(links.length, OPEN.length, md);
    for (const l of links) {
      // The argument is whole (the ref, not a cut-off piece) and carries no server text at all.
      assert.deepEqual(argsOf(l.target), expectedArgs(commandOf(l.target)));
      assert.ok(!l.target.includes('evil') && !l.target.includes('sendSequence'), l.target);
    }
  });

  it('the links run their command on the IssueRef, URI-encoded so no `)` or quote ends the link; the tooltip is a quoted title', () => {
    const md = hover({});
    for (const [, title, command] of OPEN) {
      const link = ownLinks(md).find((l) => l.title === title);
      assert.ok(link, `no ${title} link in ${md}`);
      assert.equal(link.target, `command:${command}?${encodeURIComponent(JSON.stringify(expectedArgs(command)))}`);
      assert.match(link.target.split('?')[1], /^[A-Za-z0-9%_.-]+$/, 'only unreserved characters and escapes in the argument');
      assert.ok(md.includes(`](${link.target} "${title}")`), `${title} is the link's tooltip`);
    }
  });

  it('the trusted commands are exactly the ids the links of every state use: no more, no fewer', () => {
    const used = new Set([hover({}), hover({ status: 'resolved' }), lineHoverMarkdown(issues(HOVER_MAX_ISSUES + 1), refOf, now)!].flatMap((md) => ownLinks(md).map((l) => commandOf(l.target))));
    assert.deepEqual([...HOVER_COMMANDS].sort(), [...used].sort());
    assert.equal(new Set(HOVER_COMMANDS).size, HOVER_COMMANDS.length, 'each id once');
    assert.deepEqual(
      [...HOVER_COMMANDS].sort(),
      [
        Commands.showIssueEvents,
        Commands.debugEvent,
        Commands.openInBrowser,
        Commands.copyLink,
        Commands.resolve,
        Commands.archive,
        Commands.unresolve,
        Commands.assignToMe,
        Commands.explainWithAI,
        Commands.fixWithAI,
        Commands.showLineIssues,
      ].sort(),
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

  it('escaped titles: hostile server text anywhere in the issue leaves the links and their tooltips as they are', () => {
    const md = hover({ title: `${EVIL} [Resolve](command:workbench.action.terminal.sendSequence?%7B%7D)`, shortId: '[Assign to Me](command:x)', culprit: EVIL });
    assert.deepEqual(unsafeMarkup(md, LEVEL_ICONS), [], md);
    const links = ownLinks(md);
    assert.deepEqual(
      links.map((l) => l.title),
      OPEN.map(([, title]) => title),
    );
    assert.ok(links.every((l) => l.target.startsWith('command:sentryExplorer.') && !l.target.includes('evil')));
    // The server's would-be link shows as escaped text, its `](` pair broken.
    assert.ok(md.includes('\\[Assign to Me\\] \\(command\\:x\\)'), md);
  });
});

describe('hover Markdown of a busy line', () => {
  it(`shows the first ${HOVER_MAX_ISSUES} issues, one line each, and "+N more" listing all of them through the line's command`, () => {
    const md = lineHoverMarkdown(issues(5), refOf, now)!;
    const lines = md.split('  \n');
    assert.equal(lines.length, HOVER_MAX_ISSUES + 1);
    assert.deepEqual(
      lines.slice(0, HOVER_MAX_ISSUES).map((l) => /\*\*(PROJ\\-\d+)\*\*/.exec(l)?.[1]),
      ['PROJ\\-1', 'PROJ\\-2', 'PROJ\\-3'],
    );
    const more = ownLinks(lines.at(-1)!);
    assert.equal(more.length, 1);
    assert.equal(more[0].label, '+2 more');
    assert.equal(more[0].title, 'Show all 5 issues on this line');
    assert.equal(commandOf(more[0].target), Commands.showLineIssues);
    assert.deepEqual(argsOf(more[0].target), [{ org: 'acme', project: issue.project.slug, issueId: '1000' }], "the first issue's ref names the line");
    assert.deepEqual(unsafeMarkup(md, LEVEL_ICONS), [], md);
  });

  it(`${HOVER_MAX_ISSUES} issues or fewer: no "+N more"; none with a valid ref: no hover`, () => {
    const md = lineHoverMarkdown(issues(HOVER_MAX_ISSUES), refOf, now)!;
    assert.equal(md.split('  \n').length, HOVER_MAX_ISSUES);
    assert.ok(!ownLinks(md).some((l) => commandOf(l.target) === Commands.showLineIssues));
    assert.equal(
      lineHoverMarkdown(issues(2), () => undefined, now),
      undefined,
    );
    assert.equal(lineHoverMarkdown([], refOf, now), undefined);
  });
});

describe('hover Markdown of a line whose file changed since the event', () => {
  it('says under the issue where its code moved from, or that the code at its line changed; other issues say nothing', () => {
    const [a, b, c] = issues(3);
    const md = lineHoverMarkdown([{ ...a, line: 14, movedFrom: 10 }, { ...b, line: 14, stale: true }, c], refOf, now)!;
    const lines = md.split('  \n');
    assert.equal(lines.length, 5);
    assert.match(lines[0], /PROJ\\-1/);
    assert.equal(lines[1], '$(arrow-swap) _Moved from line 11_');
    assert.match(lines[2], /PROJ\\-2/);
    assert.equal(lines[3], '$(warning) _The code at line 15 has changed since this event_');
    assert.match(lines[4], /PROJ\\-3/);
    assert.deepEqual(unsafeMarkup(md, [...LEVEL_ICONS, 'arrow-swap', 'warning']), [], md);
  });
});

describe('hover Markdown of a line whose latest event’s trace was read', () => {
  it('says how many spans and logs it has, with our own link to the Logs tab; nothing before it was read', () => {
    const [a, b, c] = issues(3);
    const story = { eventId: 'e'.repeat(32), traceId: 'f'.repeat(32), spans: 1234, logs: 100, logsMore: true };
    const md = lineHoverMarkdown([{ ...a, story }, { ...b, story: { eventId: 'e'.repeat(32), traceId: 'f'.repeat(32), spans: 1, noLogs: true } }, c], refOf, now)!;
    const lines = md.split('  \n');
    assert.equal(lines.length, 5);
    assert.match(
      lines[1],
      /^\$\(type-hierarchy\) _Latest event's trace\\: 1,234 spans · 100\\\+ logs_ \[Open Logs\]\(command:sentryExplorer\.showIssueEvents\?[^)\s]+ "Show the logs of the trace in the events panel"\)$/,
    );
    const [link] = ownLinks(lines[1]);
    assert.equal(commandOf(link.target), Commands.showIssueEvents);
    assert.deepEqual(argsOf(link.target), [refOf(a), { tab: 'logs' }], 'the ref and our constant, nothing of the server’s');
    assert.ok(hoverCommands(true).includes(Commands.showIssueEvents) && hoverCommands(false).includes(Commands.showIssueEvents), 'the hover trusts that command');
    assert.equal(lines[3], "$(type-hierarchy) _Latest event's trace\\: 1 span · no logs kept_", 'no link where there are no logs');
    assert.match(lines[4], /PROJ\\-3/, 'an issue whose trace was not read says nothing of it');
    assert.deepEqual(unsafeMarkup(withoutOwnLinks(md), [...LEVEL_ICONS, 'type-hierarchy']), [], md);
    // Before any read: the hover is what it was.
    assert.equal(lineHoverMarkdown([a, b, c], refOf, now), lineHoverMarkdown([{ ...a, story: { eventId: 'e', traceId: 't' } }, b, c], refOf, now));
  });
});
