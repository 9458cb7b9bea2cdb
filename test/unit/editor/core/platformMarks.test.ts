// Every platform's marks against the sandbox over real HTTP, in each server profile: the platform
// workspace's files open (each with its same-named neighbour), the per-file searches each platform
// needs, the events table's frames with their modules and packages, the projects' code mappings from
// the server, and the one resolver; each corpus issue lands on its own file and line, never elsewhere.
import * as assert from 'node:assert/strict';
import { describeEachProfile, clientFor, useSandbox } from '../../api/sandbox';
import { PLATFORM_SPECS, platformFiles } from '../../../sandbox/platforms';
import { MarkFinder } from '../../../../src/editor/core/markFinder';
import { PathIndex } from '../../../../src/editor/core/pathIndex';
import { resolveInIndex } from '../../../../src/editor/core/frameResolver';
import { CodeMappingSource } from '../../../../src/editor/core/codeMappingSource';
import { LocationCache } from '../../../../src/editor/core/locationCache';
import { IssueStore } from '../../../../src/store/issueStore';
import { pathForms } from '../../../../src/model/event/framePath';
import { codeMappingSources } from '../../../../src/model/event/mungedPath';
import { file, issueEvents, queryOf, searches, table } from './markFixture';

describeEachProfile('marks on every platform', function (profile) {
  const sandbox = useSandbox({ profile, platforms: true });
  const files = platformFiles();

  it('each issue of the corpus is marked on its own file and line; same-named neighbours get only their own', async () => {
    const sb = sandbox.get();
    const client = clientFor(sb);
    const now = () => sb.control.clock.now();
    const index = new PathIndex();
    files.forEach((f) => index.add(0, f));
    const log = { info: () => undefined, debug: () => undefined, warn: (m: string) => assert.fail(m) };
    const mappings = new CodeMappingSource(log, now);
    const store = new IssueStore(async () => client, now);
    const finder = new MarkFinder({
      store,
      cache: new LocationCache(),
      intervalMs: () => 300_000,
      now,
      log,
      resolve: async (frame, projectId) => {
        const res = resolveInIndex(index, pathForms(frame), await mappings.forProject(client, 'acme', projectId), codeMappingSources(frame));
        return res.kind === 'file' ? { files: [`file:///ws/${res.file.path}`] } : res.kind === 'ambiguous' ? { files: res.candidates.map((f) => `file:///ws/${f.path}`) } : undefined;
      },
    });
    const projects = PLATFORM_SPECS.map((s) => `${s.key}-app`);
    sb.control.requests.clear();
    const marks = await finder.find({ client, scope: { org: 'acme', projects }, files: files.map((f) => file(f)), listed: () => [], previous: new Map() });
    assert.ok(marks);
    const got = new Map([...marks].map(([key, list]) => [key.replace('file:///ws/', ''), list.map((m) => `${sb.seed.issue(m.issueId)!.shortId}:${m.line + 1}`).sort()]));
    const want = new Map<string, string[]>();
    for (const spec of PLATFORM_SPECS) {
      spec.cases.forEach((c, n) => {
        if (c.expect) want.set(c.expect, [...(want.get(c.expect) ?? []), `${spec.key.toUpperCase()}-APP-${(n + 1).toString(36).toUpperCase()}:${c.frame.lineNo}`].sort());
      });
    }
    assert.deepEqual(Object.fromEntries([...got].sort()), Object.fromEntries([...want].sort()));
    // One shared search for every file, each term in the form its platform's SDK stores; no search per file.
    const requests = sb.control.requests.list({ path: /^\/api\/0\// });
    assert.equal(searches(requests).length, 0);
    const shared = table(requests).map(queryOf);
    assert.ok(shared.length >= 1 && shared.every((q) => q.startsWith('is:unresolved (') && q.includes(' OR ')), shared.join('\n'));
    assert.ok(shared[0].includes('stack.filename:"MainActivity.kt"'));
    assert.ok(shared[0].includes('stack.filename:"*HomeController.cs"'));
    // The marks' queries: the shared search and the reads by id, at most ceil(N/100) + 2 for N issues.
    const n = new Set([...marks.values()].flat().map((m) => m.issueId)).size;
    const queries = table(requests).length + requests.filter((r) => /^\/api\/0\/organizations\/acme\/issues\/$/.test(r.path)).length;
    assert.ok(queries <= Math.ceil(n / 100) + 2, `${queries} queries for ${n} issues`);
    assert.equal(issueEvents(requests).length, 0, 'no event read one by one');
    assert.ok(mappings.requests >= 1, 'the code mappings were read');
  });

  it('code mappings: read with org:read, 400 for a project that is not a number, 403 for one the token cannot see', async () => {
    const sb = sandbox.get();
    const client = clientFor(sb);
    const php = sb.seed.project('php-app')!;
    const page = await client.listCodeMappings('acme', php.id);
    assert.deepEqual(
      page.items.map((m) => [m.stackRoot, m.sourceRoot, m.repoName, m.automaticallyGenerated]),
      [
        ['/sentry/', 'php/src/sentry/', 'acme/php', false],
        ['/sentry/p/', 'php/tests/', 'acme/php', true],
      ],
    );
    await assert.rejects(() => client.listCodeMappings('acme', 'php'), RangeError);
    const res = await fetch(`${sb.url}/api/0/organizations/acme/code-mappings/?project=php`, { headers: { authorization: `Bearer ${sb.defaults.authToken}` } });
    assert.equal(res.status, 400);
    const denied = await fetch(`${sb.url}/api/0/organizations/acme/code-mappings/?project=999999`, { headers: { authorization: `Bearer ${sb.defaults.authToken}` } });
    assert.equal(denied.status, 403);
  });
});
