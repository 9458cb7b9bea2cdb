import assert from 'node:assert/strict';
import { authorizationHeader, describeCredential } from '../../../src/api/credentials';
import { ForbiddenError, OAuthError } from '../../../src/api/errors';
import { readErrorBody } from '../../../src/api/http';

describe('error bodies are read without assuming their shape', () => {
  it('detail string', () => assert.deepEqual(readErrorBody('{"detail":"Invalid token"}', 'application/json'), { detail: 'Invalid token' }));
  it('detail object', () =>
    assert.equal(readErrorBody('{"detail":{"code":"sso-required","message":"SSO required","extra":{}}}', null).detail, 'SSO required (sso-required)'));
  it('proxy {error}', () => assert.equal(readErrorBody('{"error":"Bad gateway"}', null).detail, 'Bad gateway'));
  it('410 {message}', () => assert.equal(readErrorBody('{"message":"This API no longer exists."}', null).detail, 'This API no longer exists.'));
  it('bare JSON string (old 429)', () => assert.equal(readErrorBody('"Too many requests"', 'text/html').detail, 'Too many requests'));
  it('HTML page', () => assert.equal(readErrorBody('<html><head><title>502 Bad Gateway</title></head><body>x</body></html>', 'text/html').detail, '502 Bad Gateway'));
  it('errorId', () => assert.equal(readErrorBody('{"detail":"Internal Error","errorId":"abc"}', null).errorId, 'abc'));
  it('OAuth error with and without description', () => {
    assert.deepEqual(readErrorBody('{"error":"invalid_grant"}', null), { detail: 'invalid_grant', oauthError: 'invalid_grant' });
    assert.equal(readErrorBody('{"error":"slow_down","error_description":"wait"}', null).oauthDescription, 'wait');
  });
  it('empty body', () => assert.deepEqual(readErrorBody('', null), {}));
});

describe('messages a user can act on', () => {
  it('403 names the scopes', () => {
    assert.match(new ForbiddenError(['event:read'], undefined).message, /the event:read scope/);
    assert.match(new ForbiddenError(['event:admin', 'event:read', 'event:write'], undefined).message, /event:admin, event:read or event:write/);
  });
  it('OAuth errors', () => {
    assert.match(new OAuthError('access_denied', undefined, 400).message, /denied/);
    assert.match(new OAuthError('expired_token', undefined, 400).message, /new code/);
    assert.match(new OAuthError('weird_thing', undefined, 400).message, /weird_thing/);
  });
});

describe('credentials', () => {
  it('bearer, DSN and API key (Basic with an empty password, colon present)', () => {
    assert.equal(authorizationHeader({ kind: 'bearer', token: 'tok' }), 'Bearer tok');
    assert.equal(authorizationHeader({ kind: 'dsn', dsn: 'https://k@h/1' }), 'DSN https://k@h/1');
    const basic = authorizationHeader({ kind: 'apiKey', key: 'abc123' });
    assert.equal(Buffer.from(basic.replace('Basic ', ''), 'base64').toString(), 'abc123:');
  });
  it('describeCredential never shows more than 4 characters', () => {
    const d = describeCredential({ kind: 'bearer', token: 'sntrys_abcdefghijklmnop' });
    assert.equal(d, 'bearer …mnop');
  });
});
