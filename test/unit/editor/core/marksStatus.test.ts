// "Why are there no marks?" in one line (src/editor/core/marksStatus.ts): each cause in its order, the
// action that fixes it, and server text (an unmapped path) plain, bounded and masked.
import assert from 'node:assert/strict';
import { BadResponseError, CutOffBodyError, ForbiddenError, NetworkError, RateLimitedError, ServerError, TimeoutError, UnauthorizedError } from '../../../../src/api/errors';
import { Commands } from '../../../../src/constants';
import { SignedOutError } from '../../../../src/contracts/errors';
import { examplePath, explainMarks, listErrorOf, MAX_EXAMPLE_PATH, PATH_MAPPINGS_SETTING, showsStatus, type FileSearchReport, type MarksState } from '../../../../src/editor/core/marksStatus';
import type { IssueListView } from '../../../../src/store/issueStore';

const report = (over: Partial<FileSearchReport> = {}): FileSearchReport => ({ mode: 'perFile', found: 0, located: 0, here: 0, elsewhere: 0, unmapped: 0, ...over });
/** Signed in, web-frontend chosen, a workspace file without marks whose search found nothing. */
const ready = (over: Partial<MarksState> = {}): MarksState => ({
  signedIn: true,
  hasProject: true,
  file: 'workspace',
  projects: ['web-frontend'],
  marks: { issues: 0, lines: 0 },
  report: report(),
  ...over,
});
const commands = (e: ReturnType<typeof explainMarks>) => e.actions.map((a) => a.command);

describe('why there are no marks, in one line', () => {
  it('not signed in comes first, with Sign In; then no project, with Choose Project', () => {
    const signedOut = explainMarks(ready({ signedIn: false, hasProject: false, file: 'none', report: undefined }));
    assert.equal(signedOut.cause, 'signedOut');
    assert.equal(signedOut.message, 'Not signed in to Sentry: sign in to see where its issues happened in your code.');
    assert.deepEqual(signedOut.actions, [{ label: 'Sign In', command: Commands.signIn }]);
    const noProject = explainMarks(ready({ hasProject: false, projects: [] }));
    assert.equal(noProject.cause, 'noProject');
    assert.deepEqual(noProject.actions, [{ label: 'Choose Project', command: Commands.chooseProject }]);
    assert.match(noProject.message, /No Sentry project is chosen/);
  });

  it("no editor, or a file that is not the workspace's (untitled, outside the folders): said so, with no action", () => {
    assert.equal(explainMarks(ready({ file: 'none' })).cause, 'noEditor');
    const other = explainMarks(ready({ file: 'other', report: undefined }));
    assert.equal(other.cause, 'notWorkspaceFile');
    assert.equal(other.message, 'This file is not in a workspace folder: Sentry marks only the files of the workspace.');
    assert.deepEqual(other.actions, []);
  });

  it('a file with marks says how many issues on how many lines', () => {
    assert.equal(explainMarks(ready({ marks: { issues: 12, lines: 3 } })).message, 'Sentry marks 12 issues on 3 lines of this file.');
    assert.equal(explainMarks(ready({ marks: { issues: 2, lines: 1 } })).message, 'Sentry marks 2 issues on 1 line of this file.');
    const one = explainMarks(ready({ marks: { issues: 1, lines: 1 }, report: report({ error: new ServerError(500, undefined) }) }));
    assert.equal(one.cause, 'marked', 'what is drawn wins over a later failed refresh');
    assert.equal(one.message, 'Sentry marks 1 issue on 1 line of this file.');
    assert.equal(one.severity, 'info');
    assert.ok(!showsStatus('marked'));
  });

  it("still loading while the file's search has not finished", () => {
    const e = explainMarks(ready({ report: undefined }));
    assert.equal(e.cause, 'loading');
    assert.equal(e.message, 'Looking for the Sentry issues of this file…');
    assert.ok(!showsStatus('loading'), 'no status item while the search runs');
  });

  it('a failed search names the status briefly, as a warning, with Retry (or Sign In) and Show Log', () => {
    const forbidden = explainMarks(ready({ report: report({ error: new ForbiddenError(['event:read'], 'You do not have permission', 'GET /x/', []) }) }));
    assert.equal(forbidden.cause, 'error');
    assert.equal(forbidden.severity, 'warning');
    assert.equal(forbidden.message, "Sentry answered 403 (access denied) to the search for this file's issues.");
    assert.deepEqual(commands(forbidden), [Commands.signIn, Commands.showLog]);
    const server = explainMarks(ready({ report: report({ error: new ServerError(502, 'abc') }) }));
    assert.equal(server.message, "Sentry answered 502 (server error) to the search for this file's issues.");
    assert.deepEqual(
      server.actions.map((a) => [a.label, a.command]),
      [
        ['Retry', Commands.refresh],
        ['Show Log', Commands.showLog],
      ],
    );
    assert.equal(explainMarks(ready({ report: report({ error: new RateLimitedError(undefined, undefined) }) })).message, "Sentry answered 429 (rate-limited) to the search for this file's issues.");
    assert.equal(
      explainMarks(ready({ report: report({ error: new NetworkError('https://sentry.example', 'ECONNREFUSED') }) })).message,
      "The Sentry server could not be reached to search this file's issues.",
    );
    assert.equal(
      explainMarks(ready({ report: report({ error: new TimeoutError('https://sentry.example', 30_000) }) })).message,
      "The Sentry server did not answer the search for this file's issues in time.",
    );
    assert.equal(explainMarks(ready({ report: report({ error: new Error('boom') }) })).message, "The search for this file's issues failed.");
    // A body cut off says so, not that a 200 was not understood; one that does not fit the schema says that.
    assert.equal(explainMarks(ready({ report: report({ error: new CutOffBodyError('GET /x/', 200) }) })).message, "Sentry's answer to the search for this file's issues was cut off.");
    assert.equal(explainMarks(ready({ report: report({ mode: 'listed' }), listError: new CutOffBodyError('GET /x/', 200) })).message, "Sentry's answer to the issue list was cut off.");
    assert.equal(
      explainMarks(ready({ report: report({ error: new BadResponseError('[0].id', 'expected string', 'GET /x/', 200) }) })).message,
      "Sentry answered 200 (answer not understood) to the search for this file's issues.",
    );
    assert.equal(explainMarks(ready({ report: report({ error: new UnauthorizedError(undefined) }) })).message, "Sentry answered 401 (credentials rejected) to the search for this file's issues.");
    assert.equal(explainMarks(ready({ report: report({ error: new SignedOutError() }) })).cause, 'signedOut');
    assert.ok(showsStatus('error'));
  });

  it('the server text of an error never becomes the line: only its status and kind', () => {
    const e = explainMarks(ready({ report: report({ error: new ForbiddenError([], '[click](command:workbench.action.terminal.sendSequence) sntrys_secret', 'GET /x/') }) }));
    assert.ok(!e.message.includes('click') && !e.message.includes('sntrys_'), e.message);
  });

  it("where the server refuses the search by file, the issue list's failure is the cause", () => {
    const e = explainMarks(ready({ report: report({ mode: 'listed' }), listError: new ServerError(503, undefined) }));
    assert.equal(e.message, 'Sentry answered 503 (server error) to the issue list.');
    // With the per-file search the file's own answer counts, not the view's list.
    assert.equal(explainMarks(ready({ listError: new ServerError(503, undefined) })).cause, 'noIssues');
  });

  it('no issue in this file within the filter: names the projects and the window, with Filter Issues', () => {
    const e = explainMarks(ready({ projects: ['web-frontend', 'api-server'], period: '14d' }));
    assert.equal(e.cause, 'noIssues');
    assert.equal(e.message, "No issue of web-frontend, api-server has this file in its stack trace in the last 14d: the filter's time window or environment may hide older ones.");
    assert.deepEqual(e.actions, [{ label: 'Filter Issues', command: Commands.filterIssues }]);
    assert.match(explainMarks(ready({ period: '[x](command:y)' })).message, /within the filter/, 'only a period of the filter is quoted');
    const elsewhere = explainMarks(ready({ report: report({ found: 3, located: 3, elsewhere: 3 }) }));
    assert.equal(elsewhere.cause, 'noIssues');
    assert.equal(elsewhere.message, '3 issues of web-frontend have this file in their stack traces, but their latest events happened in other files.');
    const listed = explainMarks(ready({ report: report({ mode: 'listed', found: 100, located: 80, elsewhere: 80 }) }));
    assert.match(listed.message, /^None of the 100 listed issues of web-frontend happened in this file/);
    assert.ok(showsStatus('noIssues'));
  });

  it('locations that map to no workspace file: the path-mappings setting, with one example path', () => {
    const e = explainMarks(ready({ report: report({ found: 5, located: 5, unmapped: 4, elsewhere: 1, unmappedExample: 'app:///static/js/Cart.tsx' }) }));
    assert.equal(e.cause, 'pathMappings');
    assert.equal(e.message, '4 issues happened at server paths that match no workspace file, such as "app:///static/js/Cart.tsx": add a path mapping to point them here.');
    assert.deepEqual(e.actions, [{ label: 'Open Path Mappings', command: 'workbench.action.openSettings', args: [PATH_MAPPINGS_SETTING] }]);
    assert.equal(PATH_MAPPINGS_SETTING, 'sentryExplorer.pathMappings');
    const one = explainMarks(ready({ report: report({ found: 1, located: 1, unmapped: 1, unmappedExample: '/srv/app/x.py' }) }));
    assert.equal(one.message, '1 issue happened at a server path that matches no workspace file ("/srv/app/x.py"): add a path mapping to point it here.');
    // Some of the file's issues are marked here: the unmapped ones are not why there are no marks.
    assert.equal(explainMarks(ready({ report: report({ found: 2, located: 2, here: 1, unmapped: 1, unmappedExample: '/x' }) })).cause, 'noIssues');
    assert.ok(showsStatus('pathMappings'));
  });

  it('a hostile server path is shown bounded, on one line, as plain text, its secrets masked', () => {
    const hostile = `[Fix it](command:workbench.action.terminal.sendSequence?%7B%7D) <https://evil.example/> $(zap)\n\n# title https://user:hunter2@cdn.example/app.js?token=abc123def456 sntrys_eyJpYXQiOjE2ODQ ${'a/'.repeat(5000)}`;
    const shown = examplePath(hostile);
    assert.ok(shown.length <= MAX_EXAMPLE_PATH + 20, `${shown.length} characters`);
    assert.ok(!shown.includes(']('), shown);
    assert.ok(!/<[a-z]+:/i.test(shown), shown);
    assert.ok(!/(^|[^\\])\$\(/.test(shown), `no icon: ${shown}`);
    assert.ok(!/[\n\r]/.test(shown), shown);
    assert.ok(shown.endsWith('…'), 'says it was cut');
    const secrets = examplePath('https://user:hunter2@cdn.example/app.js?token=abc123def456 /srv/sntrys_eyJpYXQiOjE2ODQ/x.js');
    assert.ok(!secrets.includes('hunter2') && !secrets.includes('abc123def456') && !secrets.includes('sntrys_eyJ'), secrets);
    const e = explainMarks(ready({ report: report({ found: 1, located: 1, unmapped: 1, unmappedExample: hostile }) }));
    assert.ok(e.message.length < 400, e.message);
    assert.ok(!e.message.includes('](') && !e.message.includes('\n'), e.message);
  });

  it("the view's list error: the latest failure of a list of the chosen projects, not of another project or a hashes search", () => {
    const list = (over: Omit<Partial<IssueListView>, 'spec'> & { spec?: Partial<IssueListView['spec']> }): IssueListView =>
      ({ key: 'k', org: 'acme', project: 'web-frontend', issues: [], hidden: 0, loading: false, ...over, spec: { org: 'acme', project: 'web-frontend', ...over.spec } }) as IssueListView;
    const boom = new ServerError(500, undefined);
    assert.equal(listErrorOf([list({ error: boom, failedAt: 2, loadedAt: 1 })], 'acme', ['web-frontend']), boom);
    assert.equal(listErrorOf([list({ error: boom, failedAt: 1, loadedAt: 2 })], 'acme', ['web-frontend']), undefined, 'answered since');
    assert.equal(listErrorOf([list({ error: boom, spec: { project: 'api-server' } })], 'acme', ['web-frontend']), undefined);
    assert.equal(listErrorOf([list({ error: boom, spec: { hashes: ['a'] } })], 'acme', ['web-frontend']), undefined);
    assert.equal(listErrorOf([list({ error: boom, spec: { project: 'a,web-frontend', projects: ['a', 'web-frontend'] } })], 'acme', ['web-frontend']), boom);
    assert.equal(listErrorOf([list({ error: boom, org: 'other' })], 'acme', ['web-frontend']), undefined);
  });
});
