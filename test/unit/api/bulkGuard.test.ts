// A bulk update without ids makes Sentry change every issue matching the query (all unresolved ones by default).
// These tests prove no code path can send one: the client refuses before any request, and it is the
// only place in src that sends a PUT at all.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { MAX_BULK_IDS } from '../../../src/api/client';
import { clientFor, useSandbox } from './sandbox';

const SRC = join(__dirname, '../../../src');
const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : []));

describe('no bulk update without ids', () => {
  const box = useSandbox();

  it('an empty id list is refused before any request, on both endpoints', async () => {
    const sb = box.get();
    const client = clientFor(sb);
    const before = sb.control.requests.list().length;
    await assert.rejects(client.updateIssues('acme', [], { status: 'resolved' }, { projects: ['web-frontend'] }), /must name its issues/);
    await assert.rejects(client.updateIssues('acme', [], { status: 'resolved' }, { project: 'web-frontend' }), /must name its issues/);
    // Nor one that names no project: Sentry would act only in the projects of the user's teams.
    await assert.rejects(client.updateIssues('acme', ['4800000001'], { status: 'resolved' }, { projects: [] }), /names the projects/);
    assert.equal(sb.control.requests.list().length, before, 'no request was sent');
  });

  it('property: whatever the id list, a request is sent only with 1 to 100 digit ids, all of them named', async () => {
    const sb = box.get();
    const client = clientFor(sb);
    const idList = fc.array(fc.oneof(fc.stringMatching(/^\d{1,12}$/), fc.constantFrom('', 'abc', '1,2', ' 1')), { maxLength: 130 });
    await fc.assert(
      fc.asyncProperty(idList, async (ids) => {
        const before = sb.control.requests.list().length;
        await client.updateIssues('acme', ids, { isBookmarked: true }, { projects: ['4501'] }).catch(() => undefined);
        const requests = sb.control.requests.list().slice(before);
        const valid = ids.length >= 1 && ids.length <= MAX_BULK_IDS && ids.every((id) => /^\d+$/.test(id));
        assert.equal(requests.length, valid ? 1 : 0, valid ? 'a valid list is sent once' : 'an invalid list is never sent');
        for (const r of requests)
          assert.deepEqual(
            r.query.filter(([k]) => k === 'id').map(([, v]) => v),
            ids,
            'every id of the call is in the request',
          );
      }),
      { numRuns: 60 },
    );
  });

  it('ids Sentry finds none of change nothing, though Sentry then searches instead (update_groups_with_search_fn): the answer is "none found"', async () => {
    const sb = box.get();
    const client = clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken });
    const globex = sb.control.seed.issues.find((i) => i.project.org.slug === 'globex')!;
    const unresolved = () => sb.control.seed.issues.filter((i) => i.project.org.slug === 'acme' && sb.control.triage.issue(i.id).status === 'unresolved').length;
    const before = unresolved();
    assert.equal(await client.updateIssues('acme', [globex.id, '999999999'], { status: 'resolved' }, { projects: ['-1'] }), undefined);
    assert.equal(await client.updateIssues('acme', ['999999999'], { status: 'resolved' }, { project: 'worker' }), undefined);
    assert.deepEqual(
      sb.control.triage.writes({ bulk: true }).map((w) => [w.status, w.changed.length]),
      [
        [204, 0],
        [204, 0],
      ],
    );
    assert.equal(unresolved(), before, 'no issue of the organization changed');
  });

  it('src sends a PUT only from the API client, and the collection PUT checks its ids first', () => {
    const puts = files(SRC).flatMap((f) => (/method:\s*'PUT'/.test(readFileSync(f, 'utf8')) ? [f.slice(SRC.length + 1)] : []));
    assert.deepEqual(puts, ['api/client.ts']);
    const client = readFileSync(join(SRC, 'api/client.ts'), 'utf8');
    const bulk = client.slice(client.indexOf('async updateIssues('), client.indexOf('async listMembers('));
    assert.ok(bulk.indexOf('checkBulkIds(ids)') >= 0 && bulk.indexOf('checkBulkIds(ids)') < bulk.indexOf("method: 'PUT'"), 'checkBulkIds runs before the request is built');
    assert.match(bulk, /query: \{ id: \[\.\.\.ids\], query: onlyThese\(ids\), project: projects \}/, 'the ids it checked are the ids it sends, and the search Sentry may fall back to finds only them');
  });
});
