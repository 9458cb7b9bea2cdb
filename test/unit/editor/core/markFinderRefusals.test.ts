// The marks on a server that refuses what they ask (src/editor/core/markFinder.ts), over HTTP on the
// sandbox's clock in every profile: a server (or a proxy in front of it) that answers every search,
// or every request, with 400 or 414 costs at most 3 requests a refresh once it has refused, and
// each fallback is said once; when it takes the searches again, the marks come back. A server that
// refuses the reads by id of the shared search: the open files are searched one by one, said once.
import assert from 'node:assert/strict';
import { workspaceFilePaths } from '../../../sandbox/index';
import { describeEachProfile, useSandbox } from '../../api/sandbox';
import { file, finderOn, INTERVAL } from './markFixture';

describeEachProfile('MarkFinder: a server that refuses every search (400, 414)', function (profile) {
  this.timeout(60_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  const workspace = workspaceFilePaths();
  const scope = { org: 'acme', projects: ['web-frontend'] };
  // 30 open files: two of the sample workspace (marked once the server answers), 28 others.
  const FILES = [file('src/app/checkout.ts'), file('src/utils/format.js'), ...Array.from({ length: 28 }, (_, i) => file(`src/feature${i}/module${i}.ts`))];
  const WHERE = { 'every request': '^/api/0/', 'the searches': '^/api/0/organizations/[^/]+/(issues|events)/$' };

  for (const status of [400, 414]) {
    for (const share of [true, false]) {
      for (const [where, path] of Object.entries(WHERE)) {
        it(`${status} to ${where}${share ? '' : ' (files searched one by one)'}: after the first refusal a refresh costs at most 3 requests, and each fallback is said once`, async () => {
          const { sb, find, warnings, finder, client } = finderOn(box.get(), workspace, scope, { share });
          const fault = sb.control.faults.add({ path, status });
          const first = await find(FILES);
          const refused = first.log.findIndex((r) => r.status === status);
          assert.ok(refused >= 0, 'refused');
          const after = first.log.length - refused - 1;
          assert.ok(after <= 3, `the first refresh: ${first.log.length} requests, ${after} after the first refusal`);
          const said = [...warnings];
          assert.equal(new Set(said).size, said.length, said.join(' | '));
          for (let n = 2; n <= 4; n++) {
            sb.control.clock.advance(INTERVAL);
            const { log } = await find(FILES);
            assert.ok(log.length <= 3, `refresh ${n}: ${log.length} requests (${log.map((r) => r.path).join(', ')})`);
          }
          assert.deepEqual(warnings, said, 'nothing said again');
          // Every open file says why it has no marks.
          for (const f of FILES) assert.ok(finder.reportFor(f, client.baseUrl, scope)?.error !== undefined, f.relativePath);
          // The server takes them again: the next refresh marks.
          sb.control.faults.remove(fault);
          sb.control.clock.advance(INTERVAL);
          const { marks } = await find(FILES);
          assert.ok((marks.get(FILES[0].key) ?? []).length > 0, 'marked again');
        });
      }
    }
  }

  for (const status of [400, 414]) {
    it(`the shared search's reads by id refused (${status}): the files are searched one by one from then on, said once`, async () => {
      const { sb, find, warnings } = finderOn(box.get(), workspace, scope, { share: true });
      sb.control.faults.add({ path: '^/api/0/organizations/acme/issues/$', query: 'group=', status });
      const files = FILES.slice(0, 2);
      const first = await find(files);
      assert.ok(first.log.some((r) => new URLSearchParams(r.query).has('group') && r.status === status));
      assert.ok((first.marks.get(files[0].key) ?? []).length > 0, 'marked by the search of each file');
      const said = [...warnings];
      assert.equal(said.filter((w) => /by id.*searched one by one/.test(w)).length, 1, said.join(' | '));
      assert.equal(new Set(said).size, said.length, said.join(' | '));
      sb.control.clock.advance(INTERVAL);
      const second = await find(files);
      assert.ok(!second.log.some((r) => new URLSearchParams(r.query).has('group')), 'no read by id again');
      assert.ok(second.log.length <= files.length + 1, `${second.log.length} requests`);
      assert.deepEqual(warnings, said);
    });
  }
});
