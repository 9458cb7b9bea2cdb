import * as assert from 'node:assert/strict';
import { credentialProblem } from '../../../../src/auth/core/credentialCheck';

describe('auth/credentialCheck (pasted credentials)', () => {
  it('accepts a token with whitespace around it only', () => {
    assert.equal(credentialProblem('  sntryu_0123456789abcdef\n', 'token'), undefined);
    assert.equal(credentialProblem('0123456789abcdef0123456789abcdef', 'apiKey'), undefined);
  });

  it('refuses control characters, invisible characters and whitespace inside', () => {
    for (const bad of ['abc\u0007def', 'abc\tdef', 'abc\r\nX-Evil: 1', 'abc\u0000', 'abc\u001b[31m', 'abc\u007fdef', 'abc\u0085def', 'abc\u200bdef', 'abc\u202edef', 'ab\ufeffc']) {
      assert.match(credentialProblem(bad, 'token') ?? '', /control or invisible/, JSON.stringify(bad));
    }
    for (const bad of ['abc def', 'abc\u00a0def']) assert.match(credentialProblem(bad, 'token') ?? '', /no spaces/, JSON.stringify(bad));
    assert.match(credentialProblem('   ', 'token') ?? '', /Paste/);
    assert.match(credentialProblem('a'.repeat(5000), 'token') ?? '', /too long/);
  });

  it('says what is wrong in whole sentences naming the credential', () => {
    assert.equal(credentialProblem(' ', 'token'), 'Paste the auth token');
    assert.equal(credentialProblem('a\u0007', 'apiKey'), 'The API key contains a control or invisible character; copy it again');
    assert.equal(credentialProblem('a b', 'clientSecret'), 'The client secret has no spaces or line breaks inside');
    assert.equal(credentialProblem('a'.repeat(4097), 'token'), 'That is too long for an auth token');
    assert.equal(credentialProblem('a'.repeat(4097), 'apiKey'), 'That is too long for an API key');
    assert.equal(credentialProblem('a'.repeat(4097), 'clientSecret'), 'That is too long for a client secret');
  });
});
