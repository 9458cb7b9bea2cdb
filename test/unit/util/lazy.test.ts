import assert from 'node:assert/strict';
import { lazy } from '../../../src/util/lazy';

describe('lazy (a value made on first use)', () => {
  it('makes nothing until read, then makes it once', () => {
    let made = 0;
    const value = lazy(() => ({ n: ++made }));
    assert.equal(made, 0);
    const first = value();
    assert.equal(made, 1);
    assert.equal(value(), first);
    assert.equal(made, 1);
  });

  it('keeps a made undefined, and tries again after a failure', () => {
    let calls = 0;
    const none = lazy(() => void calls++);
    none();
    none();
    assert.equal(calls, 1);
    let fail = true;
    const flaky = lazy(() => {
      if (fail) throw new Error('not yet');
      return 'made';
    });
    assert.throws(flaky, /not yet/);
    fail = false;
    assert.equal(flaky(), 'made');
  });
});
