// The Issues tree's rows as data: what a list, an error, an empty answer or a hashes search shows.
import assert from 'node:assert/strict';
import { BadResponseError, CutOffBodyError, ForbiddenError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError } from '../../../../src/api/errors';
import { BrowserBlockedError } from '../../../../src/api/browser';
import { SignedOutError } from '../../../../src/contracts/errors';
import { parseIssueRef } from '../../../../src/contracts/issueRef';
import { actionArgs, actionRows, countText, errorNode, failureNotice, projectDescription, rowsOfList, type ErrorNode, type ListContext } from '../../../../src/issues/core/nodes';
import type { IssueListView } from '../../../../src/store/issueStore';
import { listKey, type ListSpec } from '../../../../src/store/listSpec';
import { anIssue } from '../../builders';

const CTX: ListContext = { org: 'acme', project: 'web-frontend', period: '24h', queryText: 'is:unresolved', only: true };

function aList(over: Partial<IssueListView> & { spec?: ListSpec } = {}): IssueListView {
  const spec = over.spec ?? { org: 'acme', project: 'web-frontend' };
  return { key: listKey(spec), spec, org: spec.org, project: spec.project, issues: [], hidden: 0, loading: false, loadedAt: 1, ...over };
}

describe('Issues tree rows (nodes.ts)', () => {
  it('one row per issue, each an IssueRef of the issue\'s own project, then "Load more" with the count', () => {
    const own = anIssue();
    const other = anIssue({ project: { slug: 'api-server', name: 'api-server', id: '4502' } });
    const { nodes, emptyMessage } = rowsOfList(aList({ issues: [own, other], nextCursor: 'c1', hits: 1234, maxHits: 1000 }), CTX);
    assert.equal(emptyMessage, undefined);
    assert.deepEqual(
      nodes.map((n) => n.type),
      ['issue', 'issue', 'loadMore'],
    );
    const [a, b, more] = nodes;
    assert.deepEqual(parseIssueRef(a), { org: 'acme', project: 'web-frontend', issueId: own.id });
    assert.deepEqual(parseIssueRef(b), { org: 'acme', project: 'api-server', issueId: other.id }, "the issue's own project, not the listed one");
    assert.ok(a.type === 'issue' && !a.otherProject && a.listedIn === 'web-frontend' && a.period === '24h');
    assert.ok(b.type === 'issue' && b.otherProject && b.listedIn === 'web-frontend');
    assert.ok(!('issue' in a), 'rows carry no copy of the issue: it is read from the store when drawn');
    assert.deepEqual(more, { type: 'loadMore', org: 'acme', project: 'web-frontend', shown: 2, hits: 1234, maxHits: 1000 });
  });

  it("an empty answer: the view's message when it is the only project, an info row otherwise", () => {
    assert.deepEqual(rowsOfList(aList(), CTX), { nodes: [], emptyMessage: 'No issues in web-frontend match is:unresolved.' });
    const several = rowsOfList(aList(), { ...CTX, only: false, queryText: 'all statuses' });
    assert.equal(several.emptyMessage, undefined);
    assert.deepEqual(several.nodes, [{ type: 'info', label: 'No issues match all statuses', icon: 'pass' }]);
  });

  it('a hashes search: a note first (with the hashes left out), never the empty message', () => {
    const issue = anIssue();
    const spec: ListSpec = { org: 'acme', project: 'web-frontend', hashes: ['a'.repeat(32)] };
    const { nodes } = rowsOfList(aList({ spec, issues: [issue], droppedHashes: 12 }), CTX);
    assert.deepEqual(nodes[0], {
      type: 'info',
      label: 'Issues found by hashes: 1 (only the first 100 hashes were used; 12 left out)',
      icon: 'symbol-key',
      tooltip: 'Run Refresh or Filter Issues to go back to the list.',
    });
    assert.equal(nodes[1].type, 'issue');
    const none = rowsOfList(aList({ spec }), CTX);
    assert.equal(none.emptyMessage, undefined);
    assert.deepEqual(
      none.nodes.map((n) => n.type),
      ['info', 'info'],
    );
  });

  it("a list that fails for good (404, 401, 403, signed out) is one error row with the presenter's actions, even when issues were listed before", () => {
    const error = new NotFoundError('Project "web-frontend" in organization "acme"', undefined);
    const { nodes } = rowsOfList(aList({ issues: [anIssue()], error }), CTX);
    assert.deepEqual(nodes, [{ type: 'error', org: 'acme', project: 'web-frontend', message: error.message, actions: ['chooseProject', 'retry'], scopesToAsk: undefined }]);
    const signedOut = errorNode('acme', 'web-frontend', new SignedOutError());
    assert.deepEqual(signedOut.actions, ['signIn']);
    assert.deepEqual(
      rowsOfList(aList({ issues: [anIssue()], error: new SignedOutError() }), CTX).nodes.map((n) => n.type),
      ['error'],
    );
  });

  it("a refresh that fails for now (5xx, network, timeout, 429, a body cut off) keeps the listed rows as they are, and the failure is said in the view's message", () => {
    const issue = anIssue();
    for (const error of [
      new ServerError(502, undefined),
      new NetworkError('https://sentry.example.com', 'ECONNRESET'),
      new TimeoutError('https://sentry.example.com', 30_000),
      new RateLimitedError(undefined, undefined),
      new CutOffBodyError('GET /api/0/projects/acme/web-frontend/issues/', 200),
    ]) {
      const list = aList({ issues: [issue], nextCursor: 'c1', error });
      assert.deepEqual(rowsOfList(list, CTX), rowsOfList(aList({ issues: [issue], nextCursor: 'c1' }), CTX), error.kind);
      const notice = failureNotice([list]);
      assert.ok(notice?.startsWith('Could not refresh web-frontend: '), notice);
      assert.ok(notice?.includes(error.message), notice);
      assert.match(notice ?? '', /the issues shown are its last answer/);
    }
    // Several failing lists: the first, and how many more.
    const failing = (project: string) => aList({ spec: { org: 'acme', project }, issues: [issue], error: new ServerError(503, undefined) });
    assert.match(failureNotice([failing('web-frontend'), aList(), failing('api-server'), failing('worker')])!, /^Could not refresh web-frontend \(and 2 more\): /);
    // Nothing to keep, or a failure for good: the error row says it, not the message.
    assert.equal(failureNotice([aList({ error: new ServerError(502, undefined) })]), undefined);
    assert.equal(failureNotice([aList({ issues: [issue], error: new NotFoundError('Project "web-frontend"', undefined) })]), undefined);
    // A body that parses but that the extension does not understand stays so on the next refresh: the error row.
    const misunderstood = aList({ issues: [issue], error: new BadResponseError('[0].userCount', 'expected a number') });
    assert.equal(failureNotice([misunderstood]), undefined);
    assert.deepEqual(
      rowsOfList(misunderstood, CTX).nodes.map((n) => n.type),
      ['error'],
    );
    // A browser's refusal (CORS, mixed content) names a setting to change: the error row, with its actions.
    const blocked = aList({ issues: [issue], error: new BrowserBlockedError('https://sentry.example.com', 'corsOrUnreachable') });
    assert.equal(failureNotice([blocked]), undefined);
    assert.deepEqual(
      rowsOfList(blocked, CTX).nodes.map((n) => n.type),
      ['error'],
    );
    assert.equal(failureNotice([aList({ issues: [issue] })]), undefined);
    const alone = rowsOfList(aList({ error: new ServerError(502, undefined) }), CTX).nodes;
    assert.deepEqual(
      alone.map((n) => n.type),
      ['error'],
    );
  });

  it('an error label is bounded plain text: no controls, bidi overrides or link syntax from the server', () => {
    const node = errorNode('acme', 'web-frontend', new Error(`\u202e[fix it](command:x)\u0007 ${'x'.repeat(5000)}`));
    assert.ok(node.message.length <= 1000, `${node.message.length}`);
    assert.ok(!/[\u0000-\u001f\u202a-\u202e]/.test(node.message));
    assert.ok(!node.message.includes(']('));
  });

  it('Sign In after a 403 asks for the missing scopes only; no scopes asked when none are missing', () => {
    const err = errorNode('acme', 'web-frontend', new ForbiddenError(['event:read'], undefined, undefined, ['org:read', 'project:read']));
    const rows = actionRows(err);
    assert.deepEqual(
      rows.map((r) => r.type === 'action' && r.action),
      ['signIn', 'retry'],
    );
    const signIn = rows[0] as Extract<(typeof rows)[number], { type: 'action' }>;
    assert.deepEqual(actionArgs(signIn), [{ neededScopes: ['event:read'] }]);
    assert.equal(actionArgs(rows[1] as typeof signIn), undefined, 'Retry takes no argument');
    const orgLimited: ErrorNode = errorNode('acme', 'web-frontend', new ForbiddenError(['event:read'], 'You do not have permission.', undefined, ['event:read']));
    assert.equal(orgLimited.scopesToAsk, undefined);
    assert.equal(actionArgs(actionRows(orgLimited)[0] as typeof signIn), undefined);
  });

  it('counts: exact, capped, unknown; a project row shows one only once its list answered without an error', () => {
    assert.equal(countText(100, 1234, true), '100 of 1,234');
    assert.equal(countText(100, 1000, true, 1000), '100 of 1,000+');
    assert.equal(countText(100, undefined, true), '100+');
    assert.equal(countText(7, undefined, false), '7');
    assert.equal(projectDescription(aList({ issues: [anIssue()], hits: 40 })), '1 of 40');
    assert.equal(projectDescription(aList({ loadedAt: undefined, loading: true })), undefined, 'still loading its first page');
    assert.equal(projectDescription(aList({ error: new Error('x') })), undefined);
    assert.equal(projectDescription(undefined), undefined);
  });
});

describe('Issues tree rows of several projects in one list', () => {
  const spec: ListSpec = { org: 'acme', project: 'web-frontend,api-server', projects: ['web-frontend', 'api-server'] };
  const web = anIssue({ id: '1' });
  const api = anIssue({ id: '2', project: { slug: 'api-server', name: 'api-server', id: '4502' } });
  const stray = anIssue({ id: '3', project: { slug: 'worker', name: 'worker', id: '4503' } });

  it('shows each project its own issues (an issue of no chosen project under the first), without a Load more of its own', () => {
    const list = aList({ spec, issues: [web, api, stray], nextCursor: 'c' });
    const rowsOf = (project: string) => rowsOfList(list, { ...CTX, project, only: false, group: true }).nodes;
    assert.deepEqual(
      rowsOf('web-frontend').map((n) => (n.type === 'issue' ? n.issueId : n.type)),
      ['1', '3'],
    );
    assert.deepEqual(
      rowsOf('api-server').map((n) => (n.type === 'issue' ? n.issueId : n.type)),
      ['2'],
    );
    const strayRow = rowsOf('web-frontend')[1];
    assert.ok(strayRow.type === 'issue' && strayRow.otherProject, 'marked as belonging to another project');
    assert.equal(projectDescription(list, 'web-frontend'), '2+', 'the loaded count, more to come');
    assert.equal(projectDescription(list, 'api-server'), '1+');
    const empty = rowsOfList(aList({ spec, issues: [web], nextCursor: 'c' }), { ...CTX, project: 'api-server', only: false, group: true }).nodes;
    assert.equal(empty[0].type, 'info');
    assert.match(empty[0].type === 'info' ? empty[0].label : '', /Load more below/);
  });

  it('a project row shows its own total where the server told it, with the loaded count beside it; else the loaded count', () => {
    const projectTotals = { 'web-frontend': { hits: 1234, atLeast: false }, 'api-server': { hits: 1000, atLeast: true } };
    const list = aList({ spec, issues: [web, api], nextCursor: 'c', hits: 1000, maxHits: 1000, projectTotals });
    assert.equal(projectDescription(list, 'web-frontend'), '1 of 1,234');
    assert.equal(projectDescription(list, 'api-server'), '1 of 1,000+', 'a capped X-Hits stays "at least"');
    assert.equal(
      projectDescription(aList({ spec, issues: [web, api], nextCursor: 'c', projectTotals: { 'web-frontend': projectTotals['web-frontend'] } }), 'api-server'),
      '1+',
      'no total told: the loaded count',
    );
    assert.equal(projectDescription(aList({ spec, issues: [web, api], projectTotals }), 'web-frontend'), '1', 'every page loaded: the rows count exactly');
  });
});
