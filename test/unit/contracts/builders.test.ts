// The shared fixture builders make what the schemas accept (the ones the code under test parses
// with), fresh ids per call, and keep every override.
import assert from 'node:assert/strict';
import { EventSchema } from '../../../src/model/event/schema';
import { IssueSchema } from '../../../src/model/issue/schema';
import { StoredSessionSchema, decodeSessions, encodeSessions, sessionSecret } from '../../../src/auth/core/sessionCodec';
import { errorKind, isSignedOut, rateLimitResetOf, SignedOutError } from '../../../src/contracts/errors';
import { RateLimitedError, NotFoundError } from '../../../src/api/errors';
import { aSession, anEvent, anIssue, issueJson } from '../builders';
import * as z from '../../../src/model/z';

describe('fixture builders', () => {
  it('anIssue: valid per IssueSchema, unique ids, overrides kept (project merged)', () => {
    const a = anIssue();
    const b = anIssue({ status: 'resolved', count: '12', project: { slug: 'api-server' } });
    // As the server sends them again (stats in pairs): read back the same.
    assert.deepEqual(z.parse(IssueSchema, issueJson(a)), a);
    assert.deepEqual(z.parse(IssueSchema, issueJson(b)), b);
    assert.notEqual(a.id, b.id);
    assert.notEqual(a.shortId, b.shortId);
    assert.match(a.id, /^\d+$/);
    assert.equal(b.status, 'resolved');
    assert.equal(b.count, '12');
    assert.deepEqual(b.project, { id: '4501', name: 'web-frontend', slug: 'api-server' });
    assert.equal(anIssue({ id: '42' }).id, '42');
  });

  it('anEvent: valid per EventSchema, unique ids, overrides kept', () => {
    const a = anEvent();
    const b = anEvent({ location: null, tags: [{ key: 'release', value: '1.0' }] });
    assert.ok(z.safeParse(EventSchema, a).success);
    assert.notEqual(a.id, b.id);
    assert.match(a.eventID, /^[0-9a-f]{32}$/);
    assert.equal(b.location, null);
    assert.deepEqual(b.tags, [{ key: 'release', value: '1.0' }]);
  });

  it('aSession: each kind valid per StoredSessionSchema and survives the codec', () => {
    const sessions = [aSession(), aSession({ kind: 'token' }), aSession({ kind: 'apiKey' }), aSession({ kind: 'oauth', refreshToken: undefined, scopes: ['event:write'] })];
    for (const s of sessions) assert.ok(z.safeParse(StoredSessionSchema, s).success, s.kind);
    assert.deepEqual(
      sessions.map((s) => s.kind),
      ['oauth', 'token', 'apiKey', 'oauth'],
    );
    assert.equal(new Set(sessions.map((s) => s.id)).size, 4);
    assert.equal(new Set(sessions.map(sessionSecret)).size, 4, 'distinct secrets, so a leak names its session');
    const decoded = decodeSessions(encodeSessions(sessions));
    assert.equal(decoded.dropped, 0);
    assert.equal(decoded.sessions.length, 4);
  });
});

describe('contract errors', () => {
  it('SignedOutError is recognised by class and by kind', () => {
    assert.ok(isSignedOut(new SignedOutError()));
    assert.ok(isSignedOut({ kind: 'signedOut' }), 'the Issues model declares its own until it re-exports this one');
    assert.ok(!isSignedOut(new Error('x')));
    assert.equal(errorKind(new SignedOutError()), 'signedOut');
    assert.equal(errorKind(new NotFoundError('x', undefined)), 'notFound');
    assert.equal(errorKind('oops'), undefined);
  });

  it('rateLimitResetOf: only a dated 429', () => {
    assert.equal(rateLimitResetOf(new RateLimitedError(1234, undefined)), 1234);
    assert.equal(rateLimitResetOf(new RateLimitedError(undefined, undefined)), undefined);
    assert.equal(rateLimitResetOf({ kind: 'rateLimited', resetAt: NaN }), undefined);
    assert.equal(rateLimitResetOf({ kind: 'server', resetAt: 5 }), undefined);
  });
});
