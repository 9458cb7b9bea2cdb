// The Stack Trace document's header (src/openLink/core/traceDocument.ts): three lines whatever the
// search found, the matching issues named on the second line at the ranges their links take, and
// server text kept to one bounded line.
import assert from 'node:assert/strict';
import { HEADER_LINES, traceHeader } from '../../../../src/openLink/core/traceDocument';
import { parseStackTrace } from '../../../../src/openLink/core/stackTrace/detect';

function trace() {
  const r = parseStackTrace('java.lang.IllegalStateException: boom\n\tat io.sentry.example.Application.home(Application.java:14)\n\tat java.lang.Thread.run(Native Method)');
  assert.ok(r.ok);
  return r.trace;
}

describe('the Stack Trace document header', () => {
  it('is three lines in every state, the first naming the runtime and the frames', () => {
    for (const state of [
      { kind: 'searching', org: 'acme' },
      { kind: 'none', org: 'acme' },
      { kind: 'unavailable', reason: 'Sign in.' },
      { kind: 'found', org: 'acme', matches: [] },
    ] as const) {
      const { lines } = traceHeader(trace(), state);
      assert.equal(lines.length, HEADER_LINES);
      assert.equal(lines[0], 'Stack trace (Java/Kotlin): 2 frames, 1 with a file name.');
    }
  });

  it('names each matching issue at the range its link covers; a hostile title stays one bounded line', () => {
    const match = { issueId: '7', shortId: 'JAVA-APP-1', title: `boom\n\u2028${'x'.repeat(200)}`, project: 'java-app', matched: 1, innermost: true };
    const { lines, spans } = traceHeader(trace(), { kind: 'found', org: 'acme', matches: [match, { ...match, issueId: '8', shortId: 'JAVA-APP-2' }] });
    assert.deepEqual(
      spans.map((s) => lines[1].slice(s.start, s.end)),
      ['JAVA-APP-1', 'JAVA-APP-2'],
    );
    assert.doesNotMatch(lines[1], /[\n\u2028]/);
    assert.ok(lines[1].length < 400, `${lines[1].length}`);
  });
});
