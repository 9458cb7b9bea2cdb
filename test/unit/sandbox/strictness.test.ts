// Where Sentry is stricter than its OpenAPI document, the sandbox is too: booleans and relative
// dates in issue search, an unknown environment, the brown-out's date, a Snuba timeout. Each answer
// is Sentry's own (its detail text, its date format), over real HTTP on port 0.
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox';
import { SNUBA_TIMEOUT_DETAIL } from '../../sandbox/sentryAnswers';
import { withSandbox } from '../withSandbox';

let sb: Sandbox;
const ORG = '/api/0/organizations/acme/issues/';
const PROJECT = '/api/0/projects/acme/web-frontend/issues/';

async function get(path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(sb.url + path, { headers: { authorization: `Bearer ${sb.defaults.authToken}` } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
const q = encodeURIComponent;

describe('sandbox: as strict as Sentry', function () {
  this.timeout(60_000);
  withSandbox(undefined, (s) => {
    sb = s;
  });

  describe('issue search', () => {
    it('refuses AND and OR, in any case, with the words of event_search.py, on both issue lists', async () => {
      for (const query of ['is:unresolved AND level:error', 'level:error OR level:fatal', 'is:unresolved and level:error', 'level:error or level:fatal']) {
        for (const list of [`${ORG}?query=${q(query)}`, `${PROJECT}?query=${q(query)}`]) {
          const r = await get(list);
          assert.deepEqual([r.status, r.body], [400, { detail: 'Error parsing search query: Boolean statements containing "OR" or "AND" are not supported in this search' }], list);
        }
      }
      // Quoted, they are words like any other.
      assert.equal((await get(`${ORG}?query=${q('"AND"')}`)).status, 200);
    });

    it('takes relative dates in m, h, d and w only; seconds get the invalid-date text with the key as Sentry names it', async () => {
      for (const value of ['-30m', '-24h', '+7d', '-2w']) assert.equal((await get(`${ORG}?query=${q(`lastSeen:${value}`)}`)).status, 200, value);
      for (const [key, name] of [
        ['lastSeen', 'last_seen'],
        ['firstSeen', 'first_seen'],
        ['age', 'first_seen'],
      ]) {
        const r = await get(`${ORG}?query=${q(`${key}:-90s`)}`);
        assert.equal(r.status, 400);
        assert.match(
          r.body.detail,
          new RegExp(
            `^Error parsing search query: ${name}: Invalid date: -90s\\. Expected \\+/-duration \\(e\\.g\\. \\+1h\\) or ISO 8601-like \\(e\\.g\\. \\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{2}\\)\\.$`,
          ),
        );
      }
    });

    it('takes an ISO date to the second (6 digits of fraction at most, Z or ±hh:mm), and refuses what the grammar does not', async () => {
      for (const value of ['>=2024-01-01', '>=2024-01-01T10:00:00', '<2024-01-01T10:00:00.123456Z', '>2024-01-01T10:00:00+02:00']) {
        assert.equal((await get(`${ORG}?query=${q(`lastSeen:${value}`)}`)).status, 200, value);
      }
      for (const value of ['>=2024-01-01T10:00Z', '>=2024-01-01T10:00:00.1234567Z', '>=2024-01-01T10:00:00+0200', '>=yesterday']) {
        assert.equal((await get(`${ORG}?query=${q(`lastSeen:${value}`)}`)).status, 400, value);
      }
    });
  });

  describe('environments', () => {
    it("an environment the organization lacks is a 404 with Sentry's detail on the issues list and an issue's events; known ones answer", async () => {
      const issue = sb.seed.bigIssue;
      for (const path of [`${ORG}?environment=production`, `${ORG}?environment=production&environment=staging`, `/api/0/organizations/acme/issues/${issue.id}/events/?environment=production`]) {
        assert.equal((await get(path)).status, 200, path);
      }
      for (const path of [`${ORG}?environment=nope`, `${ORG}?environment=production&environment=nope`, `/api/0/organizations/acme/issues/${issue.id}/events/?environment=nope`]) {
        const r = await get(path);
        assert.deepEqual([r.status, r.body], [404, { detail: 'The requested resource does not exist' }], path);
      }
    });
  });

  describe('a Snuba timeout', () => {
    it('is a 400 (not a 5xx) with TIMEOUT_ERROR_MESSAGE as handle_query_errors raises it, for the searches the fault names', async () => {
      sb.control.faults.add({ path: 'issues/$', query: 'stack\\.filename', snubaTimeout: true, count: 1 });
      const r = await get(`${ORG}?query=${q('stack.filename:"*app/checkout.ts"')}`);
      assert.deepEqual([r.status, r.body], [400, { detail: SNUBA_TIMEOUT_DETAIL }]);
      assert.match(r.body.detail.trim(), /^Query timeout\. Please try again\./);
      assert.equal((await get(`${ORG}?query=${q('stack.filename:"*app/checkout.ts"')}`)).status, 200, 'the next one answers');
    });
  });
});
