// The sandbox's profiles (test/sandbox/profiles.ts): the server versions it speaks as, each difference
// from the other profile over real HTTP on port 0, the per-organization features and their controls,
// and the CLI's --profile flag.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { startSandbox, type Sandbox, type SeedIssue } from '../../sandbox';
import { PROFILE_NAMES, PROFILE_SOURCES, PROFILES, seenStatsLost } from '../../sandbox/profiles';
import { exchange, type Answer } from './answer';
import { withSandbox } from '../withSandbox';

const ORG = '/api/0/organizations/acme/issues/';
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
const NOT_NUMBERS = { detail: 'Invalid project parameter. Values must be numbers.' };
const WILDCARD = { detail: 'You need access to the advanced search feature to use wildcard search' };
const NEGATION = { detail: 'You need access to the advanced search feature to use negative search' };
const q = encodeURIComponent;

async function control(sb: Sandbox, p: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${sb.url}/_sandbox/${p}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('sandbox: profiles', function () {
  this.timeout(60_000);

  it('the table: every profile sets every difference, each with the Sentry source it follows', () => {
    assert.deepEqual(Object.keys(PROFILES).sort(), [...PROFILE_NAMES].sort());
    for (const [key, source] of Object.entries(PROFILE_SOURCES)) {
      assert.match(source, /src\/sentry\/[\w/]+\.py/, `${key} names a file of Sentry's source`);
      for (const name of PROFILE_NAMES) assert.ok(key in PROFILES[name], `${name} sets ${key}`);
    }
  });

  it('an unknown profile is refused when the sandbox starts', async () => {
    await assert.rejects(startSandbox({ profile: 'self-hosted-1999' as never }), /unknown profile "self-hosted-1999": sentry-io or self-hosted-2025/);
  });

  describe('sentry-io (the default)', () => {
    let sb: Sandbox;
    let read: string;
    const get = (p: string) => exchange(sb.url, 'GET', p, read);
    withSandbox(undefined, (s) => {
      sb = s;
      read = `Bearer ${sb.defaults.authToken}`;
    });

    it('is the default, and says so in its defaults', async () => {
      assert.equal(sb.defaults.profile, 'sentry-io');
      assert.equal((await control(sb, 'defaults')).body.profile, 'sentry-io');
    });

    it('project= takes ids and slugs on the organization issues list', async () => {
      const bySlug = await get(`${ORG}?project=api-server&limit=5`);
      const byId = await get(`${ORG}?project=${sb.seed.project('api-server')!.id}&limit=5`);
      assert.equal(bySlug.status, 200);
      assert.deepEqual(bySlug.body, byId.body);
      assert.deepEqual((await get(`${ORG}?project=no-such-project`)).body, FORBIDDEN);
    });

    it('llmFormat: markdown and xml add formatted; any other value is ignored; the organization flag is needed', async () => {
      const url = `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/events/latest/`;
      assert.equal((await get(`${url}?llmFormat=markdown`)).body.formatted.format, 'markdown');
      const plain = await get(url);
      for (const v of ['html', 'MARKDOWN', '']) assert.deepEqual((await get(`${url}?llmFormat=${v}`)).body, plain.body, v);
      sb.control.features.set('acme', { remove: ['issue-standardized-markdown-for-llm-api'] });
      assert.equal((await get(`${url}?llmFormat=markdown`)).body.formatted, undefined, 'without the flag');
    });

    it('wildcard and negated search work: the organizations have advanced search', async () => {
      const r = await get(`${ORG}?query=${q('stack.filename:"*app/checkout.ts" !level:info')}&limit=1`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.ok((await get('/api/0/organizations/acme/')).body.features.includes('advanced-search'));
    });

    it('no issue has null dates', async () => {
      const r = await get(`${ORG}?query=&limit=100`);
      assert.ok(r.body.every((i: { firstSeen: unknown; lastSeen: unknown }) => typeof i.firstSeen === 'string' && typeof i.lastSeen === 'string'));
    });

    it('rate limits count, and answer 429 past the limit with {"detail"} (src/sentry/middleware/ratelimit.py: response_json)', async () => {
      sb.control.rateLimit.set({ limit: 2, windowSeconds: 3600 });
      const first = await get('/api/0/organizations/');
      assert.equal(first.headers.get('x-sentry-rate-limit-remaining'), '1');
      await get('/api/0/organizations/');
      const limited = await get('/api/0/organizations/');
      assert.deepEqual([limited.status, limited.body], [429, { detail: 'You are attempting to use this endpoint too frequently. Limit is 2 requests in 3600 seconds' }]);
      assert.equal(limited.headers.get('retry-after'), null, 'no Retry-After');
      assert.equal(limited.headers.get('x-sentry-rate-limit-remaining'), '0');
    });
  });

  describe('self-hosted-2025', () => {
    let sb: Sandbox;
    let read: string;
    let write: string;
    const get = (p: string) => exchange(sb.url, 'GET', p, read);
    withSandbox({ profile: 'self-hosted-2025' }, (s) => {
      sb = s;
      read = `Bearer ${sb.defaults.authToken}`;
      write = `Bearer ${sb.defaults.writeToken}`;
    });

    it('says so in its defaults', async () => {
      assert.equal(sb.defaults.profile, 'self-hosted-2025');
      assert.equal((await control(sb, 'defaults')).body.profile, 'self-hosted-2025');
    });

    it('project= takes numeric ids only: a slug is a 400 (src/sentry/api/bases/organization.py)', async () => {
      const api = sb.seed.project('api-server')!;
      const byId = await get(`${ORG}?project=${api.id}&limit=5`);
      assert.equal(byId.status, 200);
      assert.ok(byId.body.length > 0 && byId.body.every((i: { project: { id: string } }) => i.project.id === api.id));
      for (const bad of ['api-server', `${api.id},4501`, '4501x', '']) {
        const r = await get(`${ORG}?project=${q(bad)}`);
        assert.equal(r.status, 400, bad);
        assert.deepEqual(r.body, NOT_NUMBERS, bad);
      }
      assert.deepEqual((await get(`${ORG}?project=${api.id}&project=api-server`)).body, NOT_NUMBERS, 'one slug among ids');
      assert.equal((await get(`${ORG}?project=-1&limit=1`)).status, 200, '-1: every project');
      assert.equal((await get(`${ORG}?project=+${api.id}&limit=1`)).status, 200, 'int() takes a sign');
      assert.deepEqual((await get(`${ORG}?project=999999`)).body, FORBIDDEN, 'an id of no project');
      // The bulk PUT reads project= the same way.
      const issue = sb.seed.issuesOf('api-server')[0];
      const put = await exchange(sb.url, 'PUT', `${ORG}?id=${issue.id}&project=api-server`, write, { isBookmarked: true });
      assert.deepEqual([put.status, put.body], [400, NOT_NUMBERS]);
      assert.equal((await exchange(sb.url, 'PUT', `${ORG}?id=${issue.id}&project=${api.id}`, write, { isBookmarked: true })).status, 200);
    });

    it('llmFormat is ignored: no formatted, whatever the value', async () => {
      const url = `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/events/latest/`;
      const plain = await get(url);
      for (const v of ['markdown', 'xml', 'html']) assert.deepEqual((await get(`${url}?llmFormat=${v}`)).body, plain.body, v);
      sb.control.features.set('acme', { add: ['issue-standardized-markdown-for-llm-api'] });
      assert.equal((await get(`${url}?llmFormat=markdown`)).body.formatted, undefined, 'a server without the parameter ignores the flag too');
    });

    it('wildcard and negated search work: stock self-hosted has advanced search (src/sentry/conf/server.py); an organization without it gets the 400s (src/sentry/api/helpers/group_index/index.py)', async () => {
      const lists = [ORG, '/api/0/projects/acme/web-frontend/issues/'];
      assert.ok((await get('/api/0/organizations/acme/')).body.features.includes('advanced-search'));
      for (const list of lists) {
        assert.equal((await get(`${list}?query=${q('stack.filename:"*app/checkout.ts"')}&limit=1`)).status, 200, list);
        assert.equal((await get(`${list}?query=${q('is:unresolved !level:info')}&limit=1`)).status, 200, list);
      }
      const after = await control(sb, 'features', { org: 'acme', remove: ['advanced-search'] });
      assert.ok(!after.body.includes('advanced-search'));
      for (const list of lists) {
        assert.deepEqual((await get(`${list}?query=${q('stack.filename:"*app/checkout.ts"')}`)).body, WILDCARD, list);
        assert.deepEqual((await get(`${list}?query=${q('error.type:*Error')}`)).body, WILDCARD, list);
        assert.deepEqual((await get(`${list}?query=${q('is:unresolved !level:info')}`)).body, NEGATION, list);
        assert.equal((await get(`${list}?query=${q('stack.filename:src/app/checkout.ts level:error')}&limit=1`)).status, 200, `${list}: exact values need no feature`);
        assert.equal((await get(`${list}?query=${q('level:[error,warning]')}&limit=1`)).status, 200, `${list}: a list is not a wildcard`);
      }
      assert.ok((await control(sb, 'features?org=globex')).body.includes('advanced-search'), 'per organization');
      sb.control.reset();
      assert.equal((await get(`${ORG}?query=${q('error.type:*Error')}&limit=1`)).status, 200, 'reset restores the profile’s features');
    });

    it('some issues have null firstSeen and lastSeen where the document allows it, until new events arrive', async () => {
      const lost = sb.seed.issues.filter(seenStatsLost);
      assert.ok(lost.length >= 20 && lost.length <= 100, `${lost.length} issues`);
      const first = await get(`${ORG}?query=&limit=100`);
      const nulls = first.body.filter((i: { firstSeen: unknown }) => i.firstSeen === null);
      assert.ok(nulls.length >= 1, 'the first page of the organization list holds one');
      for (const i of first.body) {
        const isLost = lost.some((l: SeedIssue) => l.id === i.id);
        assert.equal(i.firstSeen === null && i.lastSeen === null && i.lifetime.firstSeen === null, isLost, i.id);
      }
      const issue = lost.find((i) => i.project.slug === 'web-frontend')!;
      const one = await get(`/api/0/organizations/acme/issues/${issue.id}/`);
      assert.deepEqual([one.body.firstSeen, one.body.lastSeen], [null, null], 'one issue');
      const project = await get(`/api/0/projects/acme/web-frontend/issues/?query=${q(issue.shortId)}&shortIdLookup=1`);
      assert.equal(typeof project.body[0].lastSeen, 'string', 'the project list: the document requires a date');
      sb.control.triage.injectEvents(issue.id, 1);
      assert.equal(typeof (await get(`/api/0/organizations/acme/issues/${issue.id}/`)).body.lastSeen, 'string', 'new events bring the dates back');
    });

    it('no rate limits: never a 429 and no X-Sentry-Rate-Limit-* header (SENTRY_SELF_HOSTED, src/sentry/middleware/ratelimit.py); an explicit limit turns one on', async () => {
      assert.equal(sb.control.rateLimit.get(), null);
      assert.equal((await control(sb, 'rate-limit')).body, null);
      let last: Answer | undefined;
      for (let k = 0; k < 30; k++) last = await get('/api/0/organizations/');
      assert.equal(last!.status, 200);
      for (const h of ['limit', 'remaining', 'reset', 'concurrentlimit', 'concurrentremaining']) assert.equal(last!.headers.get(`x-sentry-rate-limit-${h}`), null, h);
      assert.equal((await get(`${ORG}?project=${sb.seed.project('web-frontend')!.id}&limit=1`)).headers.get('x-sentry-rate-limit-limit'), null, 'the issue list neither');
      sb.control.rateLimit.set({ limit: 1, windowSeconds: 3600 });
      await get('/api/0/organizations/');
      assert.equal((await get('/api/0/organizations/')).status, 429);
      sb.control.reset();
      assert.equal(sb.control.rateLimit.get(), null, 'reset: no limiter again');
    });
  });

  it('the features option adds features to the profile’s, per organization', async () => {
    const sb = await startSandbox({ profile: 'self-hosted-2025', features: { acme: ['gen-ai-features'] } });
    try {
      const auth = `Bearer ${sb.defaults.authToken}`;
      assert.ok((await exchange(sb.url, 'GET', '/api/0/organizations/acme/', auth, undefined)).body.features.includes('gen-ai-features'));
      assert.ok(!(await exchange(sb.url, 'GET', '/api/0/organizations/globex/', auth, undefined)).body.features.includes('gen-ai-features'));
      sb.control.reset();
      assert.ok(sb.control.features.get('acme').includes('gen-ai-features'), 'kept by reset');
    } finally {
      await sb.close();
    }
    await assert.rejects(startSandbox({ features: { initech: ['advanced-search'] } }), /features: unknown org initech/);
  });

  it('the CLI: --help lists the profiles, an unknown --profile is refused', () => {
    const cli = path.join(__dirname, '../../sandbox/cli.ts');
    const help = spawnSync(process.execPath, ['--import', 'tsx', cli, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    for (const name of PROFILE_NAMES) assert.ok(help.stdout.includes(`  ${name} `), name);
    assert.match(help.stdout, /self-hosted-2025 +a self-hosted server/);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', cli, '--profile', 'nope'], { encoding: 'utf8' });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /unknown profile "nope": sentry-io or self-hosted-2025/);
  });
});
