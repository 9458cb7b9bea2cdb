// What a session's account is called: the person the server names (name and email), bounded
// plain text, or nothing so the caller falls back to the credential's own label.
import * as assert from 'node:assert/strict';
import { MAX_ACCOUNT_LABEL, personLabel } from '../../../../src/auth/core/accountLabel';

describe('auth/accountLabel', () => {
  it('names the person: name and email, else whichever is known, else the user name', () => {
    assert.equal(personLabel({ name: 'Jane Doe', email: 'jane@example.com', username: 'jane' }), 'Jane Doe (jane@example.com)');
    assert.equal(personLabel({ name: '', email: 'jane@example.com' }), 'jane@example.com');
    assert.equal(personLabel({ name: 'jane@example.com', email: 'jane@example.com' }), 'jane@example.com', 'Sentry sets the name to the email when none was given');
    assert.equal(personLabel({ name: 'Jane Doe', email: null }), 'Jane Doe');
    assert.equal(personLabel({ name: ' ', email: '', username: 'jane' }), 'jane');
  });

  it('is undefined when the server names nobody (the caller keeps its own label)', () => {
    assert.equal(personLabel(undefined), undefined);
    assert.equal(personLabel(null), undefined);
    assert.equal(personLabel({}), undefined);
    assert.equal(personLabel({ name: '  ', email: null, username: '' }), undefined);
  });

  it('keeps server text plain, on one line and bounded', () => {
    const label = personLabel({ name: 'Eve\u0007 [x](command:evil)\nline', email: `${'e'.repeat(400)}@example.com` })!;
    assert.doesNotMatch(label, /[\u0000-\u001f]|\]\(/);
    assert.ok(label.length <= MAX_ACCOUNT_LABEL, `${label.length}`);
  });
});
