// Bulk PUTs: never one without ids (Sentry would change every issue matching the query), never
// more than 100 ids, every id once; per project where the endpoint or the body needs it.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bulkRequests, bulkRequestsPerProject, MAX_BULK_IDS, triageRequests } from '../../../src/triage/bulk';
import { requestBody } from '../../../src/triage/actions';
import { anIssue } from '../builders';

const body = requestBody({ kind: 'resolve' });
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(from + i));

describe('bulk requests', () => {
  it('throws on an empty id list, whatever the body', () => {
    assert.throws(() => bulkRequests([], body), /at least one issue/);
    assert.throws(() => bulkRequests([], {}), RangeError);
    assert.throws(() => bulkRequestsPerProject([], body), RangeError);
    assert.throws(() => triageRequests([], requestBody({ kind: 'resolveInNextRelease' })), RangeError);
  });

  it('refuses anything but digit strings as ids', () => {
    for (const bad of ['', 'abc', '12 ', '-1', '1e3', '1&query=', 'WEB-4', '1'.repeat(21)]) assert.throws(() => bulkRequests(['1', bad], body), RangeError, JSON.stringify(bad));
    assert.throws(() => bulkRequests([1 as unknown as string], body), RangeError);
  });

  it('refuses a chunk size outside 1..100', () => {
    for (const maxIds of [0, -1, 101, 2.5, Number.NaN]) assert.throws(() => bulkRequests(['1'], body, { maxIds }), RangeError, String(maxIds));
  });

  it('chunks of 100, in order, the body shared; duplicates once', () => {
    const ids = range(1000, 250);
    const chunks = bulkRequests([...ids, ids[0], ids[120]], body);
    assert.deepEqual(
      chunks.map((c) => c.ids.length),
      [100, 100, 50],
    );
    assert.deepEqual(
      chunks.flatMap((c) => c.ids),
      ids,
    );
    for (const c of chunks) assert.equal(c.body, body);
    assert.equal(MAX_BULK_IDS, 100);
  });

  it('a smaller maxIds', () => {
    assert.deepEqual(
      bulkRequests(['1', '2', '3'], body, { maxIds: 2 }).map((c) => c.ids),
      [['1', '2'], ['3']],
    );
  });

  it('property: no chunk is empty or over the limit, and the chunks are the de-duplicated input', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^\d{1,20}$/), { minLength: 1, maxLength: 400 }), fc.integer({ min: 1, max: 100 }), (ids, maxIds) => {
        const chunks = bulkRequests(ids, body, { maxIds });
        for (const c of chunks) {
          assert.ok(c.ids.length >= 1, 'never a chunk without ids');
          assert.ok(c.ids.length <= maxIds && c.ids.length <= 100);
        }
        const flat = chunks.flatMap((c) => c.ids);
        assert.deepEqual(flat, [...new Set(ids)]);
        assert.equal(new Set(flat).size, flat.length);
      }),
      { numRuns: 300 },
    );
  });

  it('property: per project, the same guarantees, one project per chunk', () => {
    const projects = ['web', 'api', 'mobile'].map((slug, i) => ({ id: String(4500 + i), slug, name: slug }));
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.stringMatching(/^\d{1,12}$/), p: fc.integer({ min: 0, max: 2 }) }), { minLength: 1, maxLength: 300 }), (rows) => {
        const issues = rows.map((r) => ({ id: r.id, project: projects[r.p] }));
        const chunks = bulkRequestsPerProject(issues, body);
        const projectOf = new Map<string, string>();
        for (const i of issues) if (!projectOf.has(i.id)) projectOf.set(i.id, i.project.slug);
        for (const c of chunks) {
          assert.ok(c.ids.length >= 1 && c.ids.length <= 100);
          for (const id of c.ids) assert.equal(projectOf.get(id), c.project);
        }
        assert.deepEqual(new Set(chunks.flatMap((c) => c.ids)), new Set(projectOf.keys()));
        assert.equal(chunks.flatMap((c) => c.ids).length, projectOf.size);
      }),
      { numRuns: 200 },
    );
  });
});

describe('which endpoint a triage change takes', () => {
  const web = [anIssue(), anIssue()];
  const api = [anIssue({ project: { id: '4502', slug: 'api', name: 'api' } })];

  it('the organization endpoint, all projects together, when the body allows it', () => {
    const chunks = triageRequests([...web, ...api], requestBody({ kind: 'archive', until: 'escalating' }));
    assert.deepEqual(
      chunks.map((c) => [c.ids, 'project' in c]),
      [[[...web, ...api].map((i) => i.id), false]],
    );
  });

  it('one project per request for a resolution with release or commit data', () => {
    for (const action of [{ kind: 'resolveInNextRelease' }, { kind: 'resolveInRelease', release: 'latest' }, { kind: 'resolveInCommit', commit: 'abc1234', repository: 'acme/web' }] as const) {
      const chunks = triageRequests([web[0], api[0], web[1]], requestBody(action));
      assert.deepEqual(
        chunks.map((c) => ['project' in c ? c.project : undefined, c.ids]),
        [
          ['web-frontend', [web[0].id, web[1].id]],
          ['api', [api[0].id]],
        ],
        action.kind,
      );
    }
  });
});
