import assert from 'node:assert/strict';
import { authorizationHeader, describeCredential } from '../../../src/api/credentials';
import { ForbiddenError, OAuthError, RateLimitedError, UnauthorizedError } from '../../../src/api/errors';
import { MAX_ERROR_BODY_CHARS, readErrorBody } from '../../../src/api/failureText';
import { parseRetryAfter } from '../../../src/api/rateLimit';

describe('error bodies are read without assuming their shape', () => {
  it('detail string', () => assert.deepEqual(readErrorBody('{"detail":"Invalid token"}', 'application/json'), { detail: 'Invalid token' }));
  it('detail object', () => assert.equal(readErrorBody('{"detail":{"code":"sso-required","message":"SSO required","extra":{}}}', null).detail, 'SSO required (sso-required)'));
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

describe('hostile error bodies and headers', () => {
  it('a 200 KB pathological HTML body is read in bounded work: only its first 4 KiB are parsed', () => {
    const started = performance.now();
    const body = readErrorBody('<'.repeat(200_000), 'text/html');
    const ms = performance.now() - started;
    assert.ok((body.detail ?? '').length <= 300);
    // A title past the first 4 KiB is never seen: the regexes only ever get the cut text.
    const late = readErrorBody(`<html><body>${' '.repeat(MAX_ERROR_BODY_CHARS)}<title>LATE</title></body></html>`, 'text/html');
    assert.notEqual(late.detail, 'LATE');
    const early = readErrorBody(`<html><title>EARLY</title><body>${'<'.repeat(200_000)}</body></html>`, 'text/html');
    assert.equal(early.detail, 'EARLY');
    console.log(`      (readErrorBody of 200 KB of "<" took ${ms.toFixed(2)} ms)`);
  });

  it('JSON error bodies beyond the cut are not parsed past it', () => {
    const big = JSON.stringify({ detail: 'x'.repeat(10_000), errorId: 'abc' });
    const body = readErrorBody(big, 'application/json');
    assert.ok((body.detail ?? '').length <= 300);
    assert.equal(body.errorId, undefined, 'the errorId after the cut was never parsed');
  });

  it('a 401 detail object: code, message and loginUrl; codes must look like codes', () => {
    assert.deepEqual(readErrorBody('{"detail":{"code":"sso-required","message":"Must login via SSO","extra":{"loginUrl":"/auth/login/acme/"}}}', null), {
      detail: 'Must login via SSO (sso-required)',
      code: 'sso-required',
      loginUrl: '/auth/login/acme/',
    });
    assert.equal(readErrorBody('{"detail":{"code":"<a href=x>","message":"m"}}', null).code, undefined);
    assert.equal(readErrorBody('{"detail":{"code":"sso-required","extra":{"loginUrl":7}}}', null).loginUrl, undefined);
  });

  it('Retry-After: seconds, the three HTTP date forms of RFC 9110, garbage and absurd values', () => {
    const now = Date.UTC(2026, 9, 21, 7, 0, 0);
    const at = Date.UTC(2026, 9, 21, 7, 28, 0);
    assert.equal(parseRetryAfter('120', now), 120_000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now), at - now);
    assert.equal(parseRetryAfter('Wednesday, 21-Oct-26 07:28:00 GMT', now), at - now);
    assert.equal(parseRetryAfter('Wed Oct 21 07:28:00 2026', now), at - now);
    assert.equal(parseRetryAfter('Wed Oct  1 07:28:00 2026', now), 0, 'a date in the past is no wait');
    assert.equal(parseRetryAfter('9'.repeat(400), now), Number.POSITIVE_INFINITY);
    for (const bad of [null, '', 'soon', '-5', '1.5', 'Wed, 32 Oct 2026 07:28:00 GMT', 'Wed, 21 Oct 2026 25:28:00 GMT', `${'Wed, '.repeat(1000)}`]) {
      assert.equal(parseRetryAfter(bad, now), undefined, String(bad).slice(0, 40));
    }
  });

  it('RateLimitedError never builds an invalid date', () => {
    for (const resetAt of [Number.NaN, Number.POSITIVE_INFINITY, 1e20, -1e20]) {
      const err = new RateLimitedError(resetAt, undefined);
      assert.equal(err.resetAt, undefined);
      assert.match(err.message, /Try again in a moment/);
    }
  });
});

describe('401 and 403 messages', () => {
  it('UnauthorizedError: a code says what to complete; no code says sign in again', () => {
    assert.match(new UnauthorizedError('Must login via SSO', undefined, 'sso-required').message, /single sign-on for this organization: complete it in the browser, then retry/);
    assert.equal(new UnauthorizedError('Token expired').code, undefined);
    assert.match(new UnauthorizedError('Token expired').message, /Sign in again/);
  });
  it('ForbiddenError: missingScopes from the granted scopes', () => {
    assert.deepEqual(new ForbiddenError(['event:read', 'event:admin'], 'no', undefined, ['org:read']).missingScopes, ['event:read', 'event:admin']);
    assert.deepEqual(new ForbiddenError(['event:read', 'event:admin'], 'no', undefined, ['event:admin']).missingScopes, []);
    assert.deepEqual(new ForbiddenError(['event:read'], 'no').missingScopes, ['event:read']);
    const other = new ForbiddenError(['event:read'], 'You do not have permission', undefined, ['event:read']);
    assert.match(other.message, /You do not have permission/);
    assert.doesNotMatch(other.message, /granting that scope/);
    // An endpoint whose scope changed between server versions: the set the token lacks is the one this server checks.
    const byVersion = {
      byVersion: [
        ['event:read', 'event:write', 'event:admin'],
        ['project:read', 'project:write', 'project:admin'],
      ],
    };
    const older = new ForbiddenError(byVersion, undefined, undefined, ['event:read', 'org:read']);
    assert.deepEqual([older.neededScopes, older.missingScopes, older.eachVersion], [['project:read', 'project:write', 'project:admin'], ['project:read', 'project:write', 'project:admin'], false]);
    const both = new ForbiddenError(byVersion, undefined, undefined, ['event:read', 'project:read']);
    assert.deepEqual(both.missingScopes, []);
    assert.match(both.message, /although the token has/);
    const unknown = new ForbiddenError(byVersion, undefined);
    assert.deepEqual([unknown.missingScopes, unknown.eachVersion], [['event:read', 'project:read'], true]);
  });
});
