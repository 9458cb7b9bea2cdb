import * as assert from 'node:assert/strict';
import { orgTokenRefusal, tokenKind } from '../../../../src/auth/core/tokenKind';

const HEX64 = '4067883b29f0a55b5a0b11a15f30f736a77669d0d49731966bcedbfa1fea0838';
// The shape Sentry issues (sentry-cli's org_auth_token.rs): base64 of a JSON payload, then `_` and a secret.
const ORG = `sntrys_${Buffer.from(JSON.stringify({ iat: 1700000000, url: 'https://sentry.io', region_url: 'https://us.sentry.io', org: 'acme' })).toString('base64')}_${'A'.repeat(43)}`;

describe('auth/tokenKind (what a pasted token can do, from its prefix)', () => {
  it('an organization auth token (sntrys_) is named as one, whatever follows the prefix', () => {
    assert.equal(tokenKind(ORG), 'org');
    assert.equal(tokenKind('sntrys_x'), 'org');
    assert.equal(tokenKind(`  ${ORG}\n`), 'org', 'as pasted, with whitespace around');
  });

  it('a user auth token (sntryu_) and an older personal token (64 hex, no prefix) are user tokens', () => {
    assert.equal(tokenKind(`sntryu_${HEX64}`), 'user');
    assert.equal(tokenKind(HEX64), 'personal');
    assert.equal(tokenKind(HEX64.toUpperCase()), 'personal');
  });

  it('anything else is left to the server (internal integration, OAuth, a legacy key)', () => {
    for (const other of ['', 'abc', HEX64.slice(1), `${HEX64}0`, 'sntryux', 'SNTRYS_abc', `x${HEX64}`, '17f3fb7d8a343518a61c2a7197fe6be2']) assert.equal(tokenKind(other), 'other', other);
  });

  it('the refusal of an organization token says what it is, why it cannot read issues and what to create instead', () => {
    const text = orgTokenRefusal(['org:read', 'project:read', 'event:read']);
    assert.match(text, /organization auth token/);
    assert.match(text, /org:ci/);
    assert.match(text, /cannot read issues/);
    assert.match(text, /user auth token|personal token/);
    assert.match(text, /org:read, project:read, event:read/);
  });
});
