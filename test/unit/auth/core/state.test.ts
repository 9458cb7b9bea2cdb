import * as assert from 'node:assert/strict';
import { CallbackError, callbackRejectedMessage, createState, PendingCallbacks, readCallback, stateMatches } from '../../../../src/auth/core/state';

describe('auth/state', () => {
  it('creates distinct, URL-safe states of 43 characters', () => {
    const a = createState();
    const b = createState();
    assert.notEqual(a, b);
    assert.match(a, /^[A-Za-z0-9_-]{43}$/);
  });

  it('compares states exactly', () => {
    assert.ok(stateMatches('abc', 'abc'));
    assert.ok(!stateMatches('abc', 'abd'));
    assert.ok(!stateMatches('abc', 'abcd'));
    assert.ok(!stateMatches('abc', ''));
    assert.ok(!stateMatches('abc', null));
    assert.ok(!stateMatches('abc', undefined));
  });

  it('accepts a callback with the right state and a code', () => {
    assert.deepEqual(readCallback('s1', '?code=c1&state=s1'), { kind: 'code', code: 'c1' });
  });

  it('rejects a callback with a missing or wrong state, even with a code or an error', () => {
    assert.deepEqual(readCallback('s1', 'code=c1'), { kind: 'rejected', reason: 'missing state' });
    assert.deepEqual(readCallback('s1', 'code=c1&state=s2'), { kind: 'rejected', reason: 'wrong state' });
    assert.deepEqual(readCallback('s1', 'error=access_denied&state=zz'), { kind: 'rejected', reason: 'wrong state' });
  });

  it('reports error=access_denied with the right state', () => {
    assert.deepEqual(readCallback('s1', 'error=access_denied&state=s1'), { kind: 'error', error: 'access_denied', description: undefined });
    assert.match(new CallbackError('access_denied').message, /denied/);
  });

  it('CallbackError and a rejected callback say so in whole sentences (English as before)', () => {
    assert.equal(new CallbackError('access_denied').message, 'The sign-in request was denied in the browser.');
    assert.equal(new CallbackError('server_error', 'it broke').message, 'The browser sign-in failed with the error "server_error" (it broke).');
    // What the redirect said may name a URL with user info or a secret-named value: neither is shown.
    const echoed = new CallbackError('server_error', 'upstream https://ops:opsPassw0rd@idp.example/cb?client_secret=cS3cretValue refused');
    for (const s of ['ops:', 'opsPassw0rd', 'cS3cretValue']) assert.ok(!echoed.message.includes(s), echoed.message);
    assert.ok(!new CallbackError('client_secret=cS3cretValue').message.includes('cS3cretValue'));
    assert.equal(new CallbackError('server_error').message, 'The browser sign-in failed with the error "server_error".');
    assert.equal(callbackRejectedMessage('wrong state'), 'Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress (wrong state).');
    assert.equal(
      callbackRejectedMessage('no sign-in is waiting for a callback'),
      'Sentry Explorer ignored a sign-in callback that did not belong to a sign-in in progress (no sign-in is waiting for a callback).',
    );
  });

  describe('PendingCallbacks', () => {
    it('settles the attempt whose state matches and ignores forged callbacks', async () => {
      const p = new PendingCallbacks();
      const waiting = p.wait('good');
      assert.deepEqual(p.handle('code=evil&state=bad'), { kind: 'rejected', reason: 'wrong state' });
      assert.deepEqual(p.handle('code=evil'), { kind: 'rejected', reason: 'missing state' });
      assert.equal(p.size, 1, 'a rejected callback leaves the attempt waiting');
      assert.deepEqual(p.handle('code=c&state=good'), { kind: 'settled', outcome: 'code' });
      assert.equal(await waiting, 'c');
      assert.equal(p.size, 0);
      assert.equal(p.handle('code=c&state=good').kind, 'rejected', 'a state is used once');
    });

    it('rejects the attempt on error=access_denied', async () => {
      const p = new PendingCallbacks();
      const waiting = p.wait('s');
      p.handle(new URLSearchParams({ error: 'access_denied', state: 's' }));
      await assert.rejects(waiting, (e: unknown) => e instanceof CallbackError && e.error === 'access_denied');
    });

    it('stops waiting when cancelled', async () => {
      const p = new PendingCallbacks();
      const ac = new AbortController();
      const waiting = p.wait('s', ac.signal);
      ac.abort();
      await assert.rejects(waiting, { name: 'AbortError' });
      assert.equal(p.size, 0);
    });
  });
});
