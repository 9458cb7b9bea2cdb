// IssueRef: the one way features name an issue to each other, and the one helper that turns it
// into command arguments and `command:` links (hostile titles stay text, arguments stay small).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Commands } from '../../../src/constants';
import { commandArgs, commandLink, commandUri, isIssueRef, issueRef, parseIssueRef, refKey, refOfIssue, sameIssue, type CommandId, type IssueRef } from '../../../src/contracts/issueRef';
import { anIssue, anIssueRef } from '../builders';

const REF: IssueRef = { org: 'acme', project: 'web-frontend', issueId: '4800000007' };

/** The arguments VS Code would pass for a `command:` link (it JSON.parses the decoded query). */
function argsOfLink(markdown: string): { title: string; command: string; args: unknown } {
  const m = /^\[(.*)\]\((command:[^)\s]+)\)$/s.exec(markdown);
  assert.ok(m, `a single Markdown link: ${markdown}`);
  const uri = m[2];
  const [command, query] = uri.slice('command:'.length).split('?');
  return { title: m[1], command, args: JSON.parse(decodeURIComponent(query)) };
}

describe('IssueRef', () => {
  it('validates org and project slugs and digit issue ids', () => {
    assert.deepEqual(issueRef('acme', 'web-frontend', '123'), { org: 'acme', project: 'web-frontend', issueId: '123' });
    assert.ok(isIssueRef({ org: 'my_org.old', project: 'p1', issueId: '1' }));
    for (const [org, project, id] of [
      ['acme', 'web', '12a'],
      ['acme', 'web', ''],
      ['acme', 'web', '-1'],
      ['acme', 'web', '1'.repeat(31)],
      ['', 'web', '1'],
      ['..', 'web', '1'],
      ['acme', '.', '1'],
      ['ac/me', 'web', '1'],
      ['acme', 'we b', '1'],
      ['acme', 'web?x=1', '1'],
      ['acme', 'web#x', '1'],
      ['acme', '%2e%2e', '1'],
      ['acme', 'x'.repeat(101), '1'],
      ['acme', '<img>', '1'],
    ]) {
      assert.throws(() => issueRef(org, project, id), RangeError, `${org} ${project} ${id}`);
      assert.equal(isIssueRef({ org, project, issueId: id }), false);
    }
    assert.equal(isIssueRef(null), false);
    assert.equal(isIssueRef({ org: 'acme', project: 'web', issueId: 1 }), false);
  });

  it("refOfIssue takes the issue's own project", () => {
    const issue = anIssue({ id: '77', project: { slug: 'api-server' } });
    assert.deepEqual(refOfIssue('acme', issue), { org: 'acme', project: 'api-server', issueId: '77' });
    assert.equal(refOfIssue('acme', { id: 'x', project: { slug: 'p' } }), undefined);
  });

  it('refKey and sameIssue identify an issue by org and id', () => {
    assert.equal(refKey(REF), 'acme/4800000007');
    assert.ok(sameIssue(REF, { org: 'acme', issueId: '4800000007' }));
    assert.ok(!sameIssue(REF, { ...REF, org: 'globex' }));
  });
});

describe('parseIssueRef: what a command may receive', () => {
  it('an IssueRef, with extra fields dropped', () => {
    assert.deepEqual(parseIssueRef({ ...REF, issue: anIssue(), secret: 'x' }), REF);
  });

  it('an issue id given as a safe non-negative integer', () => {
    assert.deepEqual(parseIssueRef({ org: 'acme', project: 'web-frontend', issueId: 4800000007 }), REF);
    assert.equal(parseIssueRef({ org: 'acme', project: 'web-frontend', issueId: 1.5 }), undefined);
    assert.equal(parseIssueRef({ org: 'acme', project: 'web-frontend', issueId: -1 }), undefined);
    assert.equal(parseIssueRef({ org: 'acme', project: 'web-frontend', issueId: 2 ** 60 }), undefined);
  });

  it("a legacy tree node: its issue's own project wins over the listed one", () => {
    const issue = anIssue({ id: '4800000007', project: { slug: 'api-server' } });
    const node = { type: 'issue', org: 'acme', project: 'web-frontend', issue, otherProject: true, period: '24h' };
    assert.deepEqual(parseIssueRef(node), { org: 'acme', project: 'api-server', issueId: '4800000007' });
    assert.deepEqual(parseIssueRef({ type: 'issue', org: 'acme', project: 'web-frontend', issue: { id: '5' } }), { org: 'acme', project: 'web-frontend', issueId: '5' });
  });

  it('anything else is undefined', () => {
    for (const v of [
      undefined,
      null,
      '4800000007',
      4800000007,
      [REF],
      { org: 'acme', issueId: '1' },
      { type: 'project', org: 'acme', project: 'web' },
      { type: 'issue', org: 'acme', project: 'web', issue: { id: 'abc' } },
      { type: 'issue', org: 'acme', project: 'web', issue: null },
      { type: 'issue', org: '../x', project: 'web', issue: { id: '1' } },
      { org: 'acme', project: 'web', issueId: '1; rm -rf /' },
    ]) {
      assert.equal(parseIssueRef(v), undefined, JSON.stringify(v));
    }
  });
});

describe('command arguments and links', () => {
  it('commandArgs is the ref alone, whatever else the object held', () => {
    const args = commandArgs({ ...REF, issue: anIssue() } as IssueRef);
    assert.deepEqual(args, [REF]);
    assert.ok(JSON.stringify(args).length < 100, 'a hover link stays small (the tree node with its issue was kilobytes)');
  });

  it('commandArgs refuses an invalid ref', () => {
    assert.throws(() => commandArgs({ org: 'acme', project: 'web', issueId: 'x' }), RangeError);
  });

  it('a command link round-trips to the same arguments a command handler parses', () => {
    const link = commandLink('Show Events', Commands.showIssueEvents, REF);
    const { title, command, args } = argsOfLink(link);
    assert.equal(title, 'Show Events');
    assert.equal(command, 'sentryExplorer.showIssueEvents');
    assert.deepEqual(args, [REF]);
    assert.deepEqual(parseIssueRef((args as unknown[])[0]), REF);
  });

  it('a hostile title cannot open a second link, close the first or inject markup', () => {
    const hostile = '](command:workbench.action.terminal.new) [x](https://evil.example) <img src=x onerror=alert(1)> `code` *b*';
    const link = commandLink(hostile, Commands.openInBrowser, REF);
    const { title, command } = argsOfLink(link);
    assert.equal(command, 'sentryExplorer.openInBrowser');
    assert.doesNotMatch(title, /(?<!\\)\]\(/, 'no unescaped "](" in the title');
    assert.doesNotMatch(title, /(?<!\\)[<`*[\]]/, 'every markup character is escaped');
    assert.equal((link.match(/\]\(command:/g) ?? []).length, 1, 'exactly one command target');
  });

  it('property: for any valid ref, the link target has no ")", space or quote, and decodes to the ref', () => {
    const slug = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,20}$/);
    fc.assert(
      fc.property(slug, slug, fc.stringMatching(/^\d{1,30}$/), fc.string({ maxLength: 50 }), (org, project, issueId, title) => {
        const ref = { org, project, issueId };
        const uri = commandUri(Commands.copyLink, ref);
        assert.doesNotMatch(uri, /[()\s"'<>[\]]/);
        const { args } = argsOfLink(commandLink(title, Commands.copyLink, ref));
        assert.deepEqual(args, [ref]);
      }),
    );
  });

  it('refuses a command id that could break out of the link', () => {
    assert.throws(() => commandUri('x) [y](https://evil' as CommandId, REF), RangeError);
  });

  it('builders make valid refs', () => {
    assert.ok(isIssueRef(anIssueRef()));
  });
});
