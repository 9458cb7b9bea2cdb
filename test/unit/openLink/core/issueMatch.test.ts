// Finding the Sentry issue of a pasted trace (src/openLink/core/issueMatch.ts): the one events-table
// request built from the trace's innermost files, and the issues whose latest stack holds its frames.
import assert from 'node:assert/strict';
import { matchIssues, matchRequest } from '../../../../src/openLink/core/issueMatch';
import { parseStackTrace } from '../../../../src/openLink/core/stackTrace/detect';

const JAVA = [
  'java.lang.IllegalStateException: boom',
  '\tat io.sentry.example.Application.home(Application.java:14)',
  '\tat io.sentry.example.Main.main(Main.java:3)',
  '\tat "bad name".x(a b.java:1)',
].join('\n');

function trace() {
  const r = parseStackTrace(JAVA);
  assert.ok(r.ok);
  return r.trace;
}

describe('the issue of a pasted trace', () => {
  it('asks the events table once, for the innermost files the search can carry, newest stacks first', () => {
    const req = matchRequest(trace().innermostFirst, ['java-app']);
    assert.deepEqual(req, {
      dataset: 'errors',
      fields: ['issue.id', 'issue', 'title', 'project', 'stack.filename', 'stack.abs_path', 'stack.lineno', 'last_seen()'],
      query: 'stack.filename:"*Application.java" OR stack.filename:"*Main.java"',
      sort: '-last_seen()',
      perPage: 100,
      statsPeriod: '90d',
      project: ['java-app'],
    });
  });

  it('offers the issues whose latest stack holds the frames, the innermost frame first, each once', () => {
    const rows = [
      {
        'issue.id': 7,
        issue: 'JAVA-APP-1',
        title: 'boom',
        project: 'java-app',
        'stack.filename': ['Main.java', 'Application.java'],
        'stack.abs_path': ['Main.java', 'Application.java'],
        'stack.lineno': [3, 14],
      },
      { 'issue.id': 7, issue: 'JAVA-APP-1', title: 'older stack', project: 'java-app', 'stack.filename': ['Other.java'], 'stack.abs_path': [null], 'stack.lineno': [1] },
      { 'issue.id': 8, issue: 'JAVA-APP-2', title: 'near', project: 'java-app', 'stack.filename': ['Main.java'], 'stack.abs_path': ['Main.java'], 'stack.lineno': [3] },
      { 'issue.id': 9, issue: 'JAVA-APP-3', title: 'moved', project: 'java-app', 'stack.filename': ['Application.java'], 'stack.abs_path': ['Application.java'], 'stack.lineno': [99] },
      { 'issue.id': 'x', issue: 'BAD', title: '', project: '', 'stack.filename': 'nope', 'stack.lineno': null },
    ];
    assert.deepEqual(
      matchIssues(trace().innermostFirst, rows).map((m) => [m.shortId, m.matched, m.innermost]),
      [
        ['JAVA-APP-1', 2, true],
        ['JAVA-APP-2', 1, false],
      ],
    );
  });
});
