import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { EventListSchema, EventSchema } from '../../../src/model/event/schema';
import { exceptionValues, readFrame, stackFrames, PLAIN_READING } from '../../../src/model/event/frame';
import { describeIssue, formatPath } from '../../../src/model/schemaIssue';
import { IssueListSchema, TagDetailsSchema } from '../../../src/model/issue/schema';
import { OrganizationListSchema } from '../../../src/model/organization/schema';
import { TokenResponseSchema, DeviceAuthorizationSchema } from '../../../src/model/auth/schema';
import * as issueSchemas from '../../../src/model/issue/schema';
import * as eventSchemas from '../../../src/model/event/schema';
import * as organizationSchemas from '../../../src/model/organization/schema';

const schemas = { ...issueSchemas, ...eventSchemas, ...organizationSchemas };
import { parseCollecting } from '../../../src/model/lenientList';
import { operation, responseSchema } from '../openapi/openapi';
import * as z from '../../../src/model/z';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../fixtures', name), 'utf8'));

describe('schemas accept the real fixtures unchanged', () => {
  it('issue-events.json', () => {
    const events = z.parse(EventListSchema, fixture('issue-events.json'));
    assert.equal(events[0]['event.type'], 'error');
    assert.equal(events[0].location, 'example.py:123');
    assert.equal(events[0].tags.find((t) => t.key === 'server_name')?.value, 'web1.example.com');
  });
  it('issue-event.json (a full event with entries)', () => {
    const event = z.parse(EventSchema, fixture('issue-event.json'));
    const frames = stackFrames(exceptionValues(event)[0]);
    assert.ok(frames.length > 0);
    assert.equal(typeof readFrame(frames[0], PLAIN_READING)?.lineNo, 'number');
  });
  it('project-issues.json', () => {
    const [issue] = z.parse(IssueListSchema, fixture('project-issues.json'));
    assert.equal(issue.count, '1');
    assert.equal(issue.shortId, 'PUMP-STATION-1');
    assert.equal(issue.stats['24h'].length, 24);
    // A period's counts, oldest first: the pairs' seconds are read (and must be integers) but not kept.
    assert.equal(issue.stats['24h'][0], 473);
    assert.ok(issue.stats['24h'].every((c) => Number.isSafeInteger(c)));
  });
  it('issue-tag-details.json', () => {
    const tag = z.parse(TagDetailsSchema, fixture('issue-tag-details.json'));
    assert.equal(tag.topValues[0].count, 2);
  });
  it('organizations-list.json', () => {
    const [org] = z.parse(OrganizationListSchema, fixture('organizations-list.json'));
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
        const issue = z.parse(IssueListSchema, [{ ...baseIssue, ...more }])[0] as Record<string, unknown>;
        const event = z.parse(EventListSchema, [{ ...baseEvent, ...more }])[0] as Record<string, unknown>;
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
          assert.equal(z.parse(EventSchema, { ...baseEvent, location }).location, location);
        },
      ),
    );
  });

  it('a count sent as a number becomes a string', () => {
    assert.equal(z.parse(IssueListSchema, [{ ...baseIssue, count: 42 }])[0].count, '42');
  });

  it('names the JSON path of a wrong stats pair when no issue of the list can be read', () => {
    const bad = { ...baseIssue, stats: { '24h': [[1541455200, '473']] } };
    const r = z.safeParse(IssueListSchema, [bad, bad]);
    assert.equal(r.success, false);
    assert.equal(formatPath(r.issues![0].path), '[0].stats.24h[0][1]');
  });

  it('one issue that cannot be read is left out of its list; null dates are read', () => {
    const bad = { ...baseIssue, id: 'bad', stats: { '24h': [[1541455200, '473']] } };
    const undated = { ...baseIssue, id: 'undated', firstSeen: null, lastSeen: null };
    const { parsed, dropped } = parseCollecting(IssueListSchema, [baseIssue, bad, undated]);
    assert.deepEqual(
      (parsed.success ? parsed.output : undefined)?.map((i) => [i.id, i.lastSeen]),
      [
        [baseIssue.id, baseIssue.lastSeen],
        ['undated', null],
      ],
    );
    assert.deepEqual(dropped, { count: 1, examples: ['[1].stats.24h[0][1]: expected number'] });
  });

  it('quotes keys containing dots', () => {
    assert.equal(formatPath([0, 'event.type']), '[0]["event.type"]');
  });

  it('token response: Bearer in any case, null user name, extra fields', () => {
    const t = z.parse(TokenResponseSchema, {
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
    assert.equal(z.safeParse(TokenResponseSchema, { access_token: 'a', token_type: 'mac' }).success, false);
  });

  it('device authorization: RFC 8628 defaults when interval and expires_in are left out', () => {
    const d = z.parse(DeviceAuthorizationSchema, { device_code: 'd', user_code: 'BCDF-GHJK', verification_uri: 'https://h/oauth/device/' });
    assert.equal(d.interval, 5);
    assert.equal(d.expires_in, 600);
  });
});

describe("a response that does not match is described in words (our own, not the library's messages)", () => {
  const firstIssue = (r: { success: boolean; issues?: readonly Parameters<typeof describeIssue>[0][] }) => {
    assert.equal(r.success, false);
    return describeIssue(r.issues![0]);
  };
  it('a wrong type names the expected type', () => {
    assert.equal(firstIssue(z.safeParse(IssueListSchema, [{ id: 3 }])), 'expected string');
  });
  it('a refinement keeps its own message', () => {
    const said = firstIssue(z.safeParse(TokenResponseSchema, { access_token: 'a', token_type: 'mac' }));
    assert.equal(said, 'token_type is not bearer');
  });
  it('a missing field names the type expected there, as a wrong one does (valibot itself names only the key)', () => {
    const { title: _title, ...untitled } = (fixture('project-issues.json') as Record<string, unknown>[])[0];
    const r = z.safeParse(IssueListSchema, [untitled]);
    assert.equal(r.success, false);
    assert.equal(formatPath(r.issues![0].path), '[0].title');
    assert.equal(describeIssue(r.issues![0], IssueListSchema), 'expected string');
    assert.equal(describeIssue(z.safeParse(TokenResponseSchema, { access_token: 'a' }).issues![0], TokenResponseSchema), 'expected string');
  });
  it('an integer, a value out of range and a choice say what was expected', () => {
    const words = (schema: z.GenericSchema, input: unknown) => describeIssue(z.safeParse(schema, input).issues![0], schema);
    assert.equal(words(z.pipe(z.number(), z.safeInteger()), 1.5), 'expected int');
    // As z.int() refused one: a count past 2^53 is not a count this client can hold exactly.
    assert.equal(words(z.pipe(z.number(), z.safeInteger()), 2 ** 60), 'expected int');
    assert.equal(words(z.pipe(z.number(), z.minValue(1), z.maxValue(25)), 26), 'expected at most 25');
    assert.equal(words(z.pipe(z.number(), z.minValue(1)), 0), 'expected at least 1');
    assert.equal(words(z.pipe(z.array(z.string()), z.minLength(2)), ['a']), 'expected at least 2 item(s)');
    assert.equal(words(z.picklist(['resolve', 'archive']), 'x'), 'expected "resolve" or "archive"');
    assert.equal(words(z.literal(1), 2), 'expected 1');
    assert.equal(words(z.union([z.string(), z.number()]), true), 'matches none of the accepted shapes');
    assert.equal(words(z.looseObject({ a: z.string() }), 'x'), 'expected object');
  });
  it('an empty required string says what was expected', () => {
    assert.match(firstIssue(z.safeParse(TokenResponseSchema, { access_token: '', token_type: 'bearer' })), /^expected at least 1 character\(s\)$/);
  });
});

/**
 * The schemas against Sentry's OpenAPI document (test/fixtures/openapi/): a field the document lets a
 * server leave out or send as null must not make an answer unreadable. Each exception below is a
 * field the extension cannot do without, with the reason real servers always send it.
 */
describe('every response schema accepts what the OpenAPI document allows (nullable, not required)', () => {
  const GET = (template: string) => responseSchema(operation('GET', `/api/0${template}`), 200);
  const PUT = (template: string) => responseSchema(operation('PUT', `/api/0${template}`), 200);
  const items = (doc: any) => doc?.items;
  const tagDoc = GET('/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/') as any;
  // Lists are read item by item (lenientList): each item schema against the document's items.
  const cases: Array<[string, unknown, unknown]> = [
    ['organization issues[]', schemas.IssueSchema, items(GET('/organizations/{organization_id_or_slug}/issues/'))],
    ['project issues[]', schemas.IssueSchema, items(GET('/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/'))],
    ['one issue', schemas.IssueSchema, GET('/organizations/{organization_id_or_slug}/issues/{issue_id}/')],
    ['issue events[]', schemas.EventSchema, items(GET('/organizations/{organization_id_or_slug}/issues/{issue_id}/events/'))],
    ['one event', schemas.EventDetailsSchema, GET('/organizations/{organization_id_or_slug}/issues/{issue_id}/events/{event_id}/')],
    ['tag details', schemas.TagDetailsSchema, tagDoc],
    ['tag details.topValues[]', schemas.TagValueSchema, tagDoc?.properties?.topValues?.items],
    ['organizations[]', schemas.OrganizationSchema, items(GET('/organizations/'))],
    ['projects[]', schemas.ProjectSchema, items(GET('/organizations/{organization_id_or_slug}/projects/'))],
    ['members[]', schemas.MemberSchema, items(GET('/organizations/{organization_id_or_slug}/members/'))],
    ['teams[]', schemas.TeamSchema, items(GET('/organizations/{organization_id_or_slug}/teams/'))],
    ['environments[]', schemas.EnvironmentSchema, items(GET('/organizations/{organization_id_or_slug}/environments/'))],
    ['one issue PUT', schemas.IssueUpdateSchema, PUT('/organizations/{organization_id_or_slug}/issues/{issue_id}/')],
    ['bulk PUT', schemas.IssueUpdateSchema, PUT('/organizations/{organization_id_or_slug}/issues/')],
  ];
  /** Fields required here though the document makes them optional, and why. */
  const EXCEPTIONS: Record<string, string> = {
    'project issues[].project.id':
      "the issue's project places it in the tree and in every IssueRef; Sentry's GroupSerializer always sends it (an issue without it is left out of its page, not the page)",
    'project issues[].project.name': 'as project.id',
    'project issues[].project.slug': 'as project.id',
    'one issue.count': 'src/sentry/api/serializers/models/group.py always serializes the seen stats: `"times_seen": times_seen.get(item.id, 0)`',
    'one issue.userCount': 'as count: `"user_count": user_counts.get(item.id, 0)`',
  };

  type Json = Record<string, any>;
  // valibot's schemas are plain objects; a piped one carries its first schema's fields.
  const def = (s: any) => (s && typeof s === 'object' && typeof s.type === 'string' ? s : undefined);
  const unwrap = (s: any): any => {
    let x = s;
    for (let d = def(x); d; d = def(x)) {
      if (['optional', 'nullable', 'nullish', 'exact_optional'].includes(d.type)) x = d.wrapped;
      // A schema built on first use (z.lazySchema): the one it builds.
      else if (d.type === 'lazy') x = d.getter(undefined);
      else break;
    }
    return x;
  };
  const docShape = (doc: Json | undefined): { props: Json; required: string[] } => {
    const subs = (doc?.allOf ?? []).map(docShape);
    return {
      props: Object.assign({}, doc?.properties ?? {}, ...subs.map((x: { props: Json }) => x.props)),
      required: [...(doc?.required ?? []), ...subs.flatMap((x: { required: string[] }) => x.required)],
    };
  };
  const nullableInDoc = (d: Json) => d.nullable === true || (Array.isArray(d.enum) && d.enum.includes(null));

  function audit(name: string, ours: unknown, doc: Json | undefined, out: string[], allowed: Record<string, string> = EXCEPTIONS): void {
    const o = unwrap(ours);
    if (def(o)?.type === 'array') {
      if (doc?.type === 'array') audit(`${name}[]`, def(o).item, doc.items, out);
      return;
    }
    if (!['object', 'loose_object'].includes(def(o)?.type)) return;
    const { props, required } = docShape(doc);
    if (Object.keys(props).length === 0) return;
    for (const [key, field] of Object.entries(def(o).entries as Record<string, any>)) {
      const path = `${name}.${key}`;
      const d = props[key] as Json | undefined;
      // valibot reads a left-out key as the object does (an optional or nullish field may be absent), not by parsing undefined.
      if (!z.safeParse(z.looseObject({ [key]: field }), {}).success && !required.includes(key) && !allowed[path]) out.push(`${path}: required here, optional in the document`);
      if (d && nullableInDoc(d) && !z.safeParse(field, null).success && !allowed[path]) out.push(`${path}: nullable in the document, refused here`);
      if (d) audit(path, field, d, out, allowed);
    }
  }

  for (const [name, ours, doc] of cases) {
    it(name, () => {
      assert.ok(doc, `the document describes ${name}`);
      const out: string[] = [];
      audit(name, ours, doc as Json, out);
      assert.deepEqual(out, []);
    });
  }

  it('every exception names a field the audit meets', () => {
    const met: string[] = [];
    for (const [name, ours, doc] of cases) audit(name, ours, doc as Json, met, {});
    assert.deepEqual(
      Object.keys(EXCEPTIONS).filter((k) => !met.some((p) => p.startsWith(`${k}:`))),
      [],
    );
  });
});
