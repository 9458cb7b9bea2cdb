// The triage PUT bodies: exact per action, and each one checked against the OpenAPI request body
// of both PUTs (one issue, bulk): every key a documented property, every value of its type and enum.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { requestBody, requiredScope, type ArchiveUntil, type TriageAction } from '../../../../src/triage/core/actions';
import { archiveBody, needsSingleProject, type TriageBody } from '../../../../src/triage/core/requestBody';
import { checkRequestBody, operation } from '../../openapi/openapi';

const ONE = '/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/';
const BULK = '/api/0/organizations/{organization_id_or_slug}/issues/';

type Schema = { properties?: Record<string, Schema>; allOf?: Schema[]; enum?: unknown[] };

/** The object schema's properties, looking through the document's single-member `allOf` wrappers. */
function props(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  return { ...schema.properties, ...Object.assign({}, ...(schema.allOf ?? []).map(props)) };
}

/** Keys the document does not know (ajv's check allows additional properties, this one does not). */
function unknownKeys(body: TriageBody, template: string): string[] {
  const root = props(operation('PUT', template).requestBody as Schema);
  const out = Object.keys(body).filter((k) => !(k in root));
  const details = props(root.statusDetails);
  for (const k of Object.keys(body.statusDetails ?? {})) if (!(k in details)) out.push(`statusDetails.${k}`);
  const commit = props(details.inCommit);
  for (const k of Object.keys(body.statusDetails?.inCommit ?? {})) if (!(k in commit)) out.push(`statusDetails.inCommit.${k}`);
  return out;
}

function assertDocumented(body: TriageBody): void {
  for (const template of [ONE, BULK]) {
    assert.deepEqual(checkRequestBody(operation('PUT', template), body, { partial: true }), [], template);
    assert.deepEqual(unknownKeys(body, template), [], template);
  }
}

const jane = { type: 'user', id: '42', name: 'Jane Doe', email: 'jane@example.com' } as const;

const CASES: readonly [string, TriageAction, TriageBody][] = [
  ['resolve', { kind: 'resolve' }, { status: 'resolved', statusDetails: {} }],
  ['resolve in the next release', { kind: 'resolveInNextRelease' }, { status: 'resolved', statusDetails: { inNextRelease: true } }],
  ['resolve in the current release', { kind: 'resolveInRelease', release: 'latest' }, { status: 'resolved', statusDetails: { inRelease: 'latest' } }],
  ['resolve in a release', { kind: 'resolveInRelease', release: ' web@1.2.3 ' }, { status: 'resolved', statusDetails: { inRelease: 'web@1.2.3' } }],
  ['resolve in a commit', { kind: 'resolveInCommit', commit: 'a1b2c3d4', repository: 'acme/web' }, { status: 'resolved', statusDetails: { inCommit: { commit: 'a1b2c3d4', repository: 'acme/web' } } }],
  ['archive until escalating', { kind: 'archive', until: 'escalating' }, { status: 'ignored', substatus: 'archived_until_escalating', statusDetails: {} }],
  ['archive forever', { kind: 'archive', until: 'forever' }, { status: 'ignored', substatus: 'archived_forever', statusDetails: {} }],
  ['archive for 30 minutes', { kind: 'archive', until: { minutes: 30 } }, { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreDuration: 30 } }],
  ['archive until 100 more events', { kind: 'archive', until: { count: 100 } }, { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 100 } }],
  [
    'archive until 100 more events in an hour',
    { kind: 'archive', until: { count: 100, windowMinutes: 60 } },
    { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 100, ignoreWindow: 60 } },
  ],
  ['archive until 10 more users', { kind: 'archive', until: { users: 10 } }, { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 10 } }],
  [
    'archive until 10 more users in a week',
    { kind: 'archive', until: { users: 10, windowMinutes: 10080 } },
    { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreUserCount: 10, ignoreUserWindow: 10080 } },
  ],
  ['unresolve', { kind: 'unresolve' }, { status: 'unresolved', statusDetails: {} }],
  ['unarchive', { kind: 'unarchive' }, { status: 'unresolved', statusDetails: {} }],
  ['assign to a user', { kind: 'assign', assignee: jane }, { assignedTo: 'user:42' }],
  ['assign to a team', { kind: 'assign', assignee: { type: 'team', id: '7', name: '#backend' } }, { assignedTo: 'team:7' }],
  ['unassign', { kind: 'assign', assignee: null }, { assignedTo: '' }],
  ['bookmark', { kind: 'bookmark', on: true }, { isBookmarked: true }],
  ['remove the bookmark', { kind: 'bookmark', on: false }, { isBookmarked: false }],
  ['subscribe', { kind: 'subscribe', on: true }, { isSubscribed: true }],
  ['unsubscribe', { kind: 'subscribe', on: false }, { isSubscribed: false }],
  ['mark reviewed', { kind: 'markReviewed' }, { inbox: true }],
  ['mark seen', { kind: 'markSeen' }, { hasSeen: true }],
  ['priority low', { kind: 'priority', priority: 'low' }, { priority: 'low' }],
  ['priority medium', { kind: 'priority', priority: 'medium' }, { priority: 'medium' }],
  ['priority high', { kind: 'priority', priority: 'high' }, { priority: 'high' }],
];

describe('triage request bodies', () => {
  for (const [name, action, expected] of CASES) {
    it(`${name}: exactly ${JSON.stringify(expected)}, as the OpenAPI documents it`, () => {
      const body = requestBody(action);
      assert.deepEqual(body, expected);
      assertDocumented(body);
    });
  }

  it('the oracle itself refuses an undocumented key, a wrong enum value and a window over a week', () => {
    assert.notDeepEqual(unknownKeys({ status: 'resolved', untilEscalating: true } as TriageBody, ONE), []);
    assert.notDeepEqual(unknownKeys({ statusDetails: { ignoreMinutes: 5 } } as TriageBody, ONE), []);
    assert.notDeepEqual(checkRequestBody(operation('PUT', ONE), { status: 'archived' }, { partial: true }), []);
    assert.notDeepEqual(checkRequestBody(operation('PUT', ONE), { priority: 'urgent' }, { partial: true }), []);
    assert.notDeepEqual(checkRequestBody(operation('PUT', BULK), { statusDetails: { ignoreWindow: 10081 } }, { partial: true }), []);
  });

  it('every issue write needs event:write', () => {
    for (const [, action] of CASES) assert.equal(requiredScope(action), 'event:write');
  });

  it('only release and commit resolutions are limited to one project', () => {
    const single = CASES.filter(([, a]) => needsSingleProject(requestBody(a))).map(([n]) => n);
    assert.deepEqual(single, ['resolve in the next release', 'resolve in the current release', 'resolve in a release', 'resolve in a commit']);
  });
});

describe('an archive is never forever by accident', () => {
  const notForever: readonly ArchiveUntil[] = ['escalating', { minutes: 1 }, { minutes: 45 }, { count: 1 }, { count: 100, windowMinutes: 10080 }, { users: 1 }, { users: 5, windowMinutes: 1 }];
  for (const until of notForever) {
    it(`${JSON.stringify(until)} names its substatus, and it is not archived_forever`, () => {
      const body = archiveBody(until);
      assert.equal(body.status, 'ignored');
      assert.ok(body.substatus, 'a substatus is always sent');
      assert.notEqual(body.substatus, 'archived_forever');
      assert.equal(body.substatus, until === 'escalating' ? 'archived_until_escalating' : 'archived_until_condition_met');
    });
  }

  it('only "forever" is sent as archived_forever', () => {
    assert.equal(archiveBody('forever').substatus, 'archived_forever');
  });

  const until = fc.oneof(
    fc.constant<ArchiveUntil>('escalating'),
    fc.integer({ min: 1, max: 524_160 }).map((minutes): ArchiveUntil => ({ minutes })),
    fc.record({ count: fc.integer({ min: 1, max: 1_000_000 }), windowMinutes: fc.option(fc.integer({ min: 1, max: 10_080 }), { nil: undefined }) }),
    fc.record({ users: fc.integer({ min: 1, max: 1_000_000 }), windowMinutes: fc.option(fc.integer({ min: 1, max: 10_080 }), { nil: undefined }) }),
  );

  it('property: any archive but "forever" has a substatus other than forever, at most one condition, and matches the document', () => {
    fc.assert(
      fc.property(until, (u) => {
        const body = archiveBody(u);
        assert.ok(body.substatus && body.substatus !== 'archived_forever');
        const d = body.statusDetails ?? {};
        const conditions = ['ignoreDuration' in d, 'ignoreCount' in d, 'ignoreUserCount' in d].filter(Boolean).length;
        assert.equal(conditions, u === 'escalating' ? 0 : 1);
        assert.ok(!('ignoreWindow' in d) || 'ignoreCount' in d, 'a window only with its count');
        assert.ok(!('ignoreUserWindow' in d) || 'ignoreUserCount' in d, 'a user window only with its count');
        for (const w of [d.ignoreWindow, d.ignoreUserWindow]) assert.ok(w === undefined || (w >= 1 && w <= 10080));
        assertDocumented(body);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses values the server would refuse, before anything is shown or sent', () => {
    const bad: ArchiveUntil[] = [
      { minutes: 0 },
      { minutes: -5 },
      { minutes: 1.5 },
      { minutes: Number.NaN },
      { minutes: 524_161 },
      { count: 0 },
      { count: 1_000_001 },
      { count: 10, windowMinutes: 10_081 },
      { count: 10, windowMinutes: 0 },
      { users: 0 },
      { users: 2.5 },
      { users: 10, windowMinutes: 20_000 },
    ];
    for (const u of bad) assert.throws(() => requestBody({ kind: 'archive', until: u }), RangeError, JSON.stringify(u));
  });
});

describe('bodies refuse what would name the wrong thing', () => {
  it('a blank release, commit or repository', () => {
    assert.throws(() => requestBody({ kind: 'resolveInRelease', release: '  ' }), RangeError);
    assert.throws(() => requestBody({ kind: 'resolveInCommit', commit: '', repository: 'acme/web' }), RangeError);
    assert.throws(() => requestBody({ kind: 'resolveInCommit', commit: 'abc1234', repository: ' ' }), RangeError);
  });
  it('an assignee id with a colon, a space or nothing at all', () => {
    for (const id of ['', 'team:7', '4 2', '42\n']) assert.throws(() => requestBody({ kind: 'assign', assignee: { type: 'user', id, name: 'x' } }), RangeError, JSON.stringify(id));
  });
});
