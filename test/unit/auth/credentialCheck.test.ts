import * as assert from 'node:assert/strict';
import { credentialProblem } from '../../../src/auth/credentialCheck';

describe('auth/credentialCheck (pasted credentials)', () => {
  it('accepts a token with whitespace around it only', () => {
    assert.equal(credentialProblem('  sntryu_0123456789abcdef\n', 'auth token'), undefined);
    assert.equal(credentialProblem('0123456789abcdef0123456789abcdef', 'API key'), undefined);
  });

  it('refuses control characters, invisible characters and whitespace inside', () => {
    for (const bad of ['abc\u0007def', 'abc\tdef', 'abc\r\nX-Evil: 1', 'abc\u0000', 'abc\u001b[31m', 'abc\u007fdef', 'abc\u0085def', 'abc\u200bdef', 'abc\u202edef', 'ab\ufeffc']) {
      assert.match(credentialProblem(bad, 'auth token') ?? '', /control or invisible/, JSON.stringify(bad));
    }
    for (const bad of ['abc def', 'abc\u00a0def']) assert.match(credentialProblem(bad, 'auth token') ?? '', /no spaces/, JSON.stringify(bad));
    assert.match(credentialProblem('   ', 'auth token') ?? '', /Paste/);
    assert.match(credentialProblem('a'.repeat(5000), 'auth token') ?? '', /too long/);
  });
});
