import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  EventListSchema,
  EventSchema,
  exceptionsOf,
  describeIssue,
  formatPath,
  IssueListSchema,
  OrganizationListSchema,
  TagDetailsSchema,
  TokenResponseSchema,
  DeviceAuthorizationSchema,
} from '../../../src/api/schemas';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../fixtures', name), 'utf8'));

describe('schemas accept the real fixtures unchanged', () => {
  it('issue-events.json', () => {
    const events = EventListSchema.parse(fixture('issue-events.json'));
    assert.equal(events[0]['event.type'], 'error');
    assert.equal(events[0].location, 'example.py:123');
    assert.equal(events[0].tags.find((t) => t.key === 'server_name')?.value, 'web1.example.com');
  });
  it('issue-event.json (a full event with entries)', () => {
    const event = EventSchema.parse(fixture('issue-event.json'));
    const [exc] = exceptionsOf(event);
    assert.ok(exc.stacktrace?.frames && exc.stacktrace.frames.length > 0);
    assert.equal(typeof exc.stacktrace!.frames![0].lineNo, 'number');
  });
  it('project-issues.json', () => {
    const [issue] = IssueListSchema.parse(fixture('project-issues.json'));
    assert.equal(issue.count, '1');
    assert.equal(issue.shortId, 'PUMP-STATION-1');
    assert.equal(issue.stats['24h'].length, 24);
    assert.deepEqual(issue.stats['24h'][0], [1541455200, 473]);
  });
  it('issue-tag-details.json', () => {
    const tag = TagDetailsSchema.parse(fixture('issue-tag-details.json'));
    assert.equal(tag.topValues[0].count, 2);
  });
  it('organizations-list.json', () => {
    const [org] = OrganizationListSchema.parse(fixture('organizations-list.json'));
    assert.equal(org.links?.regionUrl, 'https://us.sentry.io');
  });
});

describe('schema tolerance and precision', () => {
  const baseIssue = (fixture('project-issues.json') as Record<string, unknown>[])[0];
  const baseEvent = (fixture('issue-events.json') as Record<string, unknown>[])[0];

  it('property: extra fields of any name and value are accepted and kept', () => {
    const extra = fc.dictionary(
      fc.string({ minLength: 1 }).filter((k) => !(k in baseIssue) && !(k in baseEvent) && k !== '__proto__'),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(extra, (more) => {
        const issue = IssueListSchema.parse([{ ...baseIssue, ...more }])[0] as Record<string, unknown>;
        const event = EventListSchema.parse([{ ...baseEvent, ...more }])[0] as Record<string, unknown>;
        for (const k of Object.keys(more)) {
          assert.deepEqual(issue[k], more[k]);
          assert.deepEqual(event[k], more[k]);
        }
      }),
    );
  });

  it('property: location may be file:line, a bare file or null', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(null),
          fc.string(),
          fc.tuple(fc.string(), fc.nat()).map(([f, l]) => `${f}:${l}`),
        ),
        (location) => {
          assert.equal(EventSchema.parse({ ...baseEvent, location }).location, location);
        },
      ),
    );
  });

  it('a count sent as a number becomes a string', () => {
    assert.equal(IssueListSchema.parse([{ ...baseIssue, count: 42 }])[0].count, '42');
  });

  it('names the JSON path of a wrong stats pair', () => {
    const issues = [baseIssue, baseIssue, baseIssue, { ...baseIssue, stats: { '24h': [[1541455200, '473']] } }];
    const r = IssueListSchema.safeParse(issues);
    assert.equal(r.success, false);
    assert.equal(formatPath(r.error!.issues[0].path), '[3].stats.24h[0][1]');
  });

  it('quotes keys containing dots', () => {
    assert.equal(formatPath([0, 'event.type']), '[0]["event.type"]');
  });

  it('token response: Bearer in any case, null user name, extra fields', () => {
    const t = TokenResponseSchema.parse({
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 2592000,
      expires_at: '2026-12-22T05:00:00.123456Z',
      token_type: 'Bearer',
      scope: 'org:read event:read',
      user: { id: '1', name: null, email: 'x@y' },
      organization_id: '5',
      id_token: 'z',
    });
    assert.equal(t.user?.name, null);
    assert.equal((t as Record<string, unknown>).organization_id, '5');
    assert.equal(TokenResponseSchema.safeParse({ access_token: 'a', token_type: 'mac' }).success, false);
  });

  it('device authorization: RFC 8628 defaults when interval and expires_in are left out', () => {
    const d = DeviceAuthorizationSchema.parse({ device_code: 'd', user_code: 'BCDF-GHJK', verification_uri: 'https://h/oauth/device/' });
    assert.equal(d.interval, 5);
    assert.equal(d.expires_in, 600);
  });
});

describe('a response that does not match is described in words (zod/mini has no message texts)', () => {
  const firstIssue = (r: { success: boolean; error?: { issues: Parameters<typeof describeIssue>[0][] } }) => {
    assert.equal(r.success, false);
    return describeIssue(r.error!.issues[0]);
  };
  it('a wrong type names the expected type', () => {
    assert.equal(firstIssue(IssueListSchema.safeParse([{ id: 3 }])), 'expected string');
  });
  it('a refinement keeps its own message', () => {
    const said = firstIssue(TokenResponseSchema.safeParse({ access_token: 'a', token_type: 'mac' }));
    assert.equal(said, 'token_type is not bearer');
  });
  it('an empty required string says what was expected', () => {
    assert.match(firstIssue(TokenResponseSchema.safeParse({ access_token: '', token_type: 'bearer' })), /^expected at least 1 character\(s\)$/);
  });
});
