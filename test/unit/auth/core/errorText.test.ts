import assert from 'node:assert/strict';
import { safeErrorMessage, errorKind } from '../../../../src/auth/core/errorText';
import { NetworkError, UnauthorizedError } from '../../../../src/api/errors';
import { RefreshRejectedError } from '../../../../src/auth/core/tokenManager';

describe('what sign-in says about an error', () => {
  const token = 'sntrys_0123456789abcdef0123456789abcdef';

  it('never repeats the text of an untyped error, which can echo a request header', () => {
    const transport = new TypeError(`fetch failed: invalid header value "Bearer ${token}"`);
    const keyring = Object.assign(new Error(`secret ${token} could not be stored`), { name: 'KeyringError' });
    for (const err of [transport, keyring, `Bearer ${token}`, { message: token }]) {
      const said = safeErrorMessage(err);
      assert.doesNotMatch(said, new RegExp(token), said);
      assert.match(said, /unexpected error/);
      assert.doesNotMatch(errorKind(err), new RegExp(token));
    }
    assert.match(safeErrorMessage(transport), /TypeError/);
  });

  it('keeps the messages of typed errors, as bounded plain text', () => {
    assert.equal(safeErrorMessage(new NetworkError('https://sentry.io', 'connection refused')), new NetworkError('https://sentry.io', 'connection refused').message);
    assert.match(safeErrorMessage(new RefreshRejectedError('invalid_grant')), /Sign in again/);
    assert.equal(errorKind(new UnauthorizedError(undefined)), 'unauthorized 401');
    assert.ok(safeErrorMessage(new UnauthorizedError('x'.repeat(5000))).length <= 500);
  });
});
