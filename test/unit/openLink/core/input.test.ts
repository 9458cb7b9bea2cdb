// What "Open Link, ID or Stack Trace…" reads from a text (src/openLink/core/input.ts): a Sentry link, a
// short ID, a 32-hex event ID, a numeric issue ID, a stack trace, or none of them with a message.
import assert from 'node:assert/strict';
import { classifyInput } from '../../../../src/openLink/core/input';

describe('Open Link, ID or Stack Trace: the input', () => {
  it('reads a link, a short ID, an event ID (a dashed UUID too) and an issue ID', () => {
    assert.equal(classifyInput('  https://acme.sentry.io/issues/12/  ').kind, 'link');
    assert.deepEqual(classifyInput('checkout-8'), { kind: 'shortId', shortId: 'CHECKOUT-8' });
    assert.deepEqual(classifyInput('9FAC2CEED9344F2BBFDD1FDACB0ED9B1'), { kind: 'eventId', eventId: '9fac2ceed9344f2bbfdd1fdacb0ed9b1' });
    assert.deepEqual(classifyInput('9fac2cee-d934-4f2b-bfdd-1fdacb0ed9b1'), { kind: 'eventId', eventId: '9fac2ceed9344f2bbfdd1fdacb0ed9b1' });
    assert.deepEqual(classifyInput('1234'), { kind: 'issueId', issueId: '1234' });
  });

  it('reads a pasted trace', () => {
    const r = classifyInput('java.lang.IllegalStateException: boom\n\tat io.sentry.example.Application.home(Application.java:14)\n');
    assert.equal(r.kind, 'trace');
  });

  it('says what a text is not', () => {
    const none = (t: string) => {
      const r = classifyInput(t);
      assert.equal(r.kind, 'none', t);
      return r.kind === 'none' ? r.message : '';
    };
    assert.match(none('https://acme.sentry.io/settings/'), /not to an issue, an event, a trace or a replay/);
    assert.match(none('https://example.org/page'), /not a link to a Sentry issue/);
    assert.match(none('hello world'), /found no Sentry link/);
    assert.match(none('x'.repeat(5 * 1024 * 1024)), /at most 4 MB/);
  });
});
