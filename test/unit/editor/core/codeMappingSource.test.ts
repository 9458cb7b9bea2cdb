// The code mappings of an organization, read from the sandbox over real HTTP: one request for every
// project, shared by the marks (per project) and Seer (every mapping: a repository's mappings say
// where it is, whichever project they belong to).
import * as assert from 'node:assert/strict';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';
import { CodeMappingSource } from '../../../../src/editor/core/codeMappingSource';

describeEachProfile('code mappings of an organization', function (profile) {
  const sandbox = useSandbox({ profile });

  it('reads every project of the organization once, for the marks and for Seer', async () => {
    const sb = sandbox.get();
    const client = clientFor(sb);
    const source = new CodeMappingSource({ info: () => undefined, warn: (m) => assert.fail(m) });
    const all = await source.forOrganization(client, 'acme');
    assert.deepEqual(all.map((m) => [m.repoName, m.sourceRoot]).sort(), [
      ['acme/api-server', 'server/'],
      ['acme/web-frontend', 'src/'],
      ['acme/worker', 'server/workers/'],
    ]);
    const web = sb.seed.project('web-frontend')!;
    assert.deepEqual(await source.forProject(client, 'acme', web.id), [{ id: '11', automaticallyGenerated: false, stackRoot: 'src/', sourceRoot: 'src/', repoName: 'acme/web-frontend' }]);
    assert.equal(source.requests, 1, 'one read for both');
  });
});
