// Tests of the local Sentry sandbox service itself, over real HTTP on port 0.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createSeed, startSandbox, type Sandbox } from '../../sandbox/index';
import { WORKSPACE_DIR } from '../../sandbox/workspace';
import { withSandbox } from '../withSandbox';

const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC7636_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const DAY = 86_400_000;

let sb: Sandbox;
let url: string;
let token: string;

interface LinkPart {
  url: string;
  rel: string;
  results: boolean;
  cursor: string;
}

function parseLink(header: string | null): Record<string, LinkPart> {
  assert.ok(header, 'Link header expected');
  const out: Record<string, LinkPart> = {};
  const re = /<([^>]*)>; rel="(\w+)"; results="(true|false)"; cursor="([^"]*)"/g;
  let m: RegExpExecArray | null;
  let n = 0;
  while ((m = re.exec(header))) {
    out[m[2]] = { url: m[1], rel: m[2], results: m[3] === 'true', cursor: m[4] };
    n++;
  }
  assert.equal(n, 2, `two links expected in ${header}`);
  assert.ok(header.indexOf('rel="previous"') < header.indexOf('rel="next"'), 'previous comes first');
  return out;
}

function get(p: string, auth: string | null = `Bearer ${token}`, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url + p, { headers: { ...(auth ? { authorization: auth } : {}), ...headers } });
}

async function getJson<T = any>(p: string, auth?: string | null): Promise<{ res: Response; body: T }> {
  const res = await get(p, auth === undefined ? `Bearer ${token}` : auth);
  const text = await res.text();
  return { res, body: JSON.parse(text) as T };
}

function form(data: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(data).toString() };
}

async function postForm(p: string, data: Record<string, string>): Promise<{ res: Response; body: any }> {
  const res = await fetch(url + p, { ...form(data), redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* html */
  }
  return { res, body };
}

async function control(p: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}/_sandbox/${p}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

/** Run the authorization-code flow through the HTML form; returns the redirect Location. */
async function authorize(params: Record<string, string>, action: 'approve' | 'deny', org = 'acme'): Promise<URL> {
  const page = await fetch(`${url}/oauth/authorize/?${new URLSearchParams(params)}`, { redirect: 'manual' });
  assert.equal(page.status, 200, await page.clone().text());
  const pageHtml = await page.text();
  assert.match(pageHtml, /<button id="approve"[^>]*>Approve<\/button>/);
  assert.match(pageHtml, /<select id="organization" name="org">/);
  const res = await fetch(`${url}/oauth/authorize/`, { ...form({ ...params, action, org }), redirect: 'manual' });
  assert.equal(res.status, 302);
  return new URL(res.headers.get('location')!);
}

function pkceParams(extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: sb.defaults.clientId,
    response_type: 'code',
    scope: 'org:read project:read event:read',
    redirect_uri: 'http://127.0.0.1:53682/callback',
    state: 'st-123',
    code_challenge: RFC7636_CHALLENGE,
    code_challenge_method: 'S256',
    ...extra,
  };
}

async function oauthTokens(org = 'acme'): Promise<any> {
  const loc = await authorize(pkceParams(), 'approve', org);
  const code = loc.searchParams.get('code')!;
  const { res, body } = await postForm('/oauth/token/', {
    grant_type: 'authorization_code',
    client_id: sb.defaults.clientId,
    code,
    code_verifier: RFC7636_VERIFIER,
    redirect_uri: 'http://127.0.0.1:53682/callback',
  });
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
}

describe('sandbox service', function () {
  this.timeout(20000);

  withSandbox(
    undefined,
    (s) => {
      sb = s;
      url = sb.url;
      token = sb.defaults.authToken;
    },
    { reset: 'afterEach' },
  );

  describe('seed data', () => {
    // Its speed is a figure of npm run bench (bench/api.ts), not a test: a busy machine must not fail it.
    it('is deterministic and has the planned size', () => {
      const a = createSeed(Date.UTC(2025, 0, 1));
      const b = createSeed(Date.UTC(2025, 5, 1));
      assert.deepEqual(
        a.issues.map((i) => [i.id, i.shortId, i.title, i.events.length]),
        b.issues.map((i) => [i.id, i.shortId, i.title, i.events.length]),
      );
      assert.equal(a.issuesOf('web-frontend').length, 1500);
      assert.equal(a.totalEvents, 20000);
      assert.ok(a.bigIssue.events.length >= 2000);
      assert.equal(a.xssIssue.title, '<img src=x onerror=alert(1)>');
      assert.equal(a.xssIssue.project.slug, 'web-frontend');
      assert.ok(a.projects.filter((p) => p.org.slug === 'acme').length >= 3);
      assert.ok(a.orgs.length >= 2);
      assert.equal(a.eventsOf(a.bigIssue.id).length, a.bigIssue.events.length);
    });

    it('points locations at real lines of the sample workspace', () => {
      const locs = sb.seed.locations;
      assert.ok(locs.length > 100);
      const forms = { path: 0, bare: 0 };
      for (const loc of locs) {
        const file = path.join(WORKSPACE_DIR, loc.file);
        assert.ok(fs.existsSync(file), loc.file);
        if (loc.line === null) {
          forms.bare++;
          assert.equal(loc.location, path.basename(loc.file));
        } else {
          forms.path++;
          assert.equal(loc.location, `${loc.file}:${loc.line}`);
          const lines = fs.readFileSync(file, 'utf8').split('\n');
          assert.ok(loc.line >= 1 && loc.line <= lines.length);
          assert.ok(lines[loc.line - 1].trim().length > 0, `blank line at ${loc.location}`);
        }
      }
      assert.ok(forms.path > 0 && forms.bare > 0);
      assert.ok(
        sb.seed.issues.some((i) => i.location === null),
        'some issues have no location',
      );
      const rc = fs.readFileSync(path.join(WORKSPACE_DIR, '.sentryclirc'), 'utf8');
      assert.match(rc, /\[defaults\]\norg=acme\nproject=web-frontend/);
    });
  });

  describe('authentication', () => {
    const issuesPath = '/api/0/projects/acme/web-frontend/issues/?limit=1';

    it('401 without credentials, with unknown, revoked or expired tokens', async () => {
      let r = await getJson(issuesPath, null);
      assert.equal(r.res.status, 401);
      assert.deepEqual(r.body, { detail: 'Authentication credentials were not provided.' });
      r = await getJson(issuesPath, 'Bearer nope');
      assert.equal(r.res.status, 401);
      assert.deepEqual(r.body, { detail: 'Invalid token' });

      const t = sb.control.credentials.addToken({ scopes: ['event:read'], expiresAt: sb.control.clock.now() + 60_000 });
      assert.equal((await get(issuesPath, `Bearer ${t.token}`)).status, 200);
      sb.control.clock.advance(61_000);
      r = await getJson(issuesPath, `Bearer ${t.token}`);
      assert.equal(r.res.status, 401);
      assert.deepEqual(r.body, { detail: 'Token expired' });

      const t2 = sb.control.credentials.addToken({ scopes: ['event:read'] });
      assert.equal(sb.control.credentials.revokeToken(t2.token), true);
      r = await getJson(issuesPath, `Bearer ${t2.token}`);
      assert.equal(r.res.status, 401);
      assert.deepEqual(r.body, { detail: 'Invalid token' });
    });

    it('403 when a scope is missing', async () => {
      const t = sb.control.credentials.addToken({ scopes: ['org:read', 'event:write'] });
      const r = await getJson(issuesPath, `Bearer ${t.token}`);
      assert.equal(r.res.status, 403);
      assert.deepEqual(r.body, { detail: 'You do not have permission to perform this action.' });
      // event:write is enough for events and tag details (their scopes: event:read, event:write or event:admin)
      const issue = sb.seed.bigIssue;
      assert.equal((await get(`/api/0/organizations/acme/issues/${issue.id}/events/?per_page=1`, `Bearer ${t.token}`)).status, 200);
      assert.equal((await get(`/api/0/organizations/acme/issues/${issue.id}/tags/browser/`, `Bearer ${t.token}`)).status, 200);
      // organizations list and project list: any org:* scope (OrganizationPermission), never project:*
      assert.equal((await get('/api/0/organizations/', `Bearer ${t.token}`)).status, 200);
      assert.equal((await get('/api/0/organizations/acme/projects/', `Bearer ${t.token}`)).status, 200);
      const t2 = sb.control.credentials.addToken({ scopes: ['org:write'] });
      assert.equal((await get('/api/0/organizations/', `Bearer ${t2.token}`)).status, 200);
      const t3 = sb.control.credentials.addToken({ scopes: ['project:read'] });
      assert.equal((await get('/api/0/organizations/', `Bearer ${t3.token}`)).status, 403);
      assert.equal((await get('/api/0/organizations/acme/projects/', `Bearer ${t3.token}`)).status, 403);
    });

    it('legacy API key: HTTP Basic with the key and an empty password', async () => {
      const key = sb.defaults.apiKey;
      assert.equal((await get(issuesPath, `Basic ${Buffer.from(`${key}:`).toString('base64')}`)).status, 200);
      assert.equal((await get(issuesPath, `Basic ${Buffer.from(key).toString('base64')}`)).status, 401, 'colon required');
      assert.equal((await get(issuesPath, `Basic ${Buffer.from(`${key}:secret`).toString('base64')}`)).status, 401, 'password must be empty');
      assert.equal((await get(issuesPath, `Basic ${Buffer.from('unknown:').toString('base64')}`)).status, 401);
      const extra = sb.control.credentials.addApiKey({ scopes: 'org:read' });
      assert.equal((await get(issuesPath, extra.authorization)).status, 403);
    });

    it('DSN only on the user-reports endpoint, and only for its project', async () => {
      const dsn = `DSN ${sb.defaults.dsn}`;
      const r = await getJson(issuesPath, dsn);
      assert.equal(r.res.status, 401);
      assert.deepEqual(r.body, { detail: 'Authentication credentials were not provided.' });
      const list = await get('/api/0/acme/web-frontend/user-reports/', dsn);
      assert.equal(list.status, 200);
      assert.deepEqual(await list.json(), []);
      const event = sb.seed.issuesOf('web-frontend')[0].events[0];
      const post = await fetch(`${url}/api/0/acme/web-frontend/user-reports/`, {
        method: 'POST',
        headers: { authorization: dsn, 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: event.eventID, name: 'Ann', email: 'ann@example.com', comments: 'It broke' }),
      });
      assert.equal(post.status, 200);
      const created = (await post.json()) as any;
      assert.equal(created.eventID, event.eventID);
      assert.equal(created.issue.id, event.issue.id);
      const again = (await (await get('/api/0/acme/web-frontend/user-reports/', `Bearer ${token}`)).json()) as any[];
      assert.equal(again.length, 1);
      assert.equal(again[0].comments, 'It broke');
      assert.equal((await get('/api/0/acme/api-server/user-reports/', dsn)).status, 403);
      const bad = await fetch(`${url}/api/0/acme/web-frontend/user-reports/`, {
        method: 'POST',
        headers: { authorization: dsn, 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: 'x', email: 'nope' }),
      });
      assert.equal(bad.status, 400);
      const errors = (await bad.json()) as any;
      assert.ok(errors.event_id && errors.email && errors.name && errors.comments);
    });

    it("GET /api/0/ names the credential's user and scopes, as Sentry's IndexEndpoint", async () => {
      const t = sb.control.credentials.addToken({ scopes: ['org:read', 'event:read'] });
      const user = await getJson<any>('/api/0/', `Bearer ${t.token}`);
      assert.equal(user.res.status, 200);
      assert.equal(user.body.version, '0');
      assert.deepEqual(user.body.auth, { scopes: ['event:read', 'org:read'] });
      assert.deepEqual([user.body.user.id, user.body.user.name, user.body.user.email], ['1', 'Jane Doe', 'jane@example.com']);
      const integ = sb.control.credentials.addToken({ kind: 'integration', scopes: ['org:read'] });
      assert.equal((await getJson<any>('/api/0/', `Bearer ${integ.token}`)).body.user, null);
      const key = await getJson<any>('/api/0/', `Basic ${Buffer.from(`${sb.defaults.apiKey}:`).toString('base64')}`);
      assert.equal(key.body.user, null);
      assert.ok(key.body.auth.scopes.length > 0);
      assert.deepEqual((await getJson('/api/0/', null)).body, { version: '0', auth: null, user: null });
      const bad = await getJson('/api/0/', 'Bearer not-a-token-of-this-server');
      assert.equal(bad.res.status, 401);
      assert.deepEqual(bad.body, { detail: 'Invalid token' });
    });

    it('Retrieve an Organization needs a user-bound token', async () => {
      assert.equal((await get('/api/0/organizations/acme/')).status, 200);
      const integ = sb.control.credentials.addToken({ kind: 'integration', scopes: ['org:read', 'event:read'] });
      const r = await getJson('/api/0/organizations/acme/', `Bearer ${integ.token}`);
      assert.equal(r.res.status, 403);
      assert.deepEqual(r.body, { detail: 'You do not have permission to perform this action.' });
      // an integration token is bound to its organization
      assert.equal((await get('/api/0/projects/acme/web-frontend/issues/?limit=1', `Bearer ${integ.token}`)).status, 200);
      assert.equal((await get('/api/0/projects/globex/legacy-portal/issues/?limit=1', `Bearer ${integ.token}`)).status, 403);
    });

    it('an organization auth token (sntrys_) carries org:ci only, as on Sentry: every read answers 403', async () => {
      const org = sb.control.credentials.addToken({ kind: 'org' });
      assert.match(org.token, /^sntrys_/);
      assert.deepEqual(org.scopes, ['org:ci']);
      assert.deepEqual((await getJson<any>('/api/0/', `Bearer ${org.token}`)).body.auth, { scopes: ['org:ci'] });
      for (const path of ['/api/0/organizations/', '/api/0/organizations/acme/', '/api/0/organizations/acme/issues/?limit=1', '/api/0/projects/acme/web-frontend/issues/?limit=1']) {
        const r = await getJson(path, `Bearer ${org.token}`);
        assert.equal(r.res.status, 403, path);
        assert.deepEqual(r.body, { detail: 'You do not have permission to perform this action.' });
      }
    });
  });

  describe('organizations and projects', () => {
    it('lists organizations like Sentry, paged with per_page', async () => {
      const r = await getJson<any[]>('/api/0/organizations/');
      assert.equal(r.res.status, 200);
      assert.deepEqual(
        r.body.map((o) => o.slug),
        ['acme', 'globex'],
      );
      const acme = r.body[0];
      assert.equal(typeof acme.id, 'string');
      assert.equal(acme.links.regionUrl, url);
      assert.equal(acme.status.id, 'active');
      const p1 = await get('/api/0/organizations/?per_page=1');
      const links = parseLink(p1.headers.get('link'));
      assert.equal(links.next.results, true);
      assert.equal(links.previous.results, false);
      const p2 = await getJson<any[]>(`/api/0/organizations/?per_page=1&cursor=${links.next.cursor}`);
      assert.deepEqual(
        p2.body.map((o) => o.slug),
        ['globex'],
      );
      assert.equal(parseLink(p2.res.headers.get('link')).next.results, false);
      for (const bad of ['0', '101', 'abc']) {
        const b = await getJson(`/api/0/organizations/?per_page=${bad}`);
        assert.equal(b.res.status, 400);
        assert.deepEqual(b.body, { detail: 'Invalid per_page value. Must be between 1 and 100.' });
      }
      const bc = await getJson('/api/0/organizations/?cursor=garbage');
      assert.equal(bc.res.status, 400);
      assert.deepEqual(bc.body, { detail: 'Invalid cursor parameter.' });
    });

    it('lists projects of an organization', async () => {
      const t = sb.control.credentials.addToken({ scopes: ['org:read'] });
      const r = await getJson<any[]>('/api/0/organizations/acme/projects/', `Bearer ${t.token}`);
      assert.deepEqual(
        r.body.map((p) => [p.slug, p.platform]),
        [
          ['web-frontend', 'javascript'],
          ['api-server', 'python'],
          ['worker', 'python'],
        ],
      );
      assert.equal((await get('/api/0/organizations/nope/projects/', `Bearer ${t.token}`)).status, 404);
    });

    it("unknown API routes are Sentry's catch-all 404s (no body; a hint without the trailing slash), other paths JSON 404s", async () => {
      const route = await get('/api/0/nothing/here/');
      assert.deepEqual([route.status, await route.text()], [404, '']);
      const slash = await get('/api/0/organizations');
      assert.deepEqual([slash.status, await slash.text()], [404, `Route not found, did you forget a trailing slash?\n\ntry: /api/0/organizations/\n${' '.repeat(25)}^\n`]);
      const r = await getJson('/whatever');
      assert.equal(r.res.status, 404);
      assert.deepEqual(r.body, { detail: 'The requested resource does not exist' });
    });
  });

  describe('project issues', () => {
    const base = '/api/0/projects/acme/web-frontend/issues/';

    it('has the issue shape of the fixtures', async () => {
      const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/project-issues.json'), 'utf8'))[0];
      const r = await getJson<any[]>(`${base}?limit=5`);
      assert.equal(r.res.status, 200);
      assert.equal(r.body.length, 5);
      for (const issue of r.body) {
        for (const [k, v] of Object.entries(fixture)) {
          assert.ok(k in issue, `missing ${k}`);
          if (v !== null && issue[k] !== null) assert.equal(typeof issue[k], typeof v, k);
        }
        assert.equal(typeof issue.count, 'string');
        assert.equal(issue.stats['24h'].length, 24);
        assert.match(issue.shortId, /^WEB-FRONTEND-[0-9A-Z]+$/);
        assert.equal(issue.permalink, `${url}/organizations/acme/issues/${issue.id}/`);
        assert.equal(issue.status, 'unresolved');
      }
      const dates = r.body.map((i) => Date.parse(i.lastSeen));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );
      assert.ok(r.res.headers.get('x-hits'));
      assert.ok(r.res.headers.get('x-max-hits'));
    });

    it('pages through all issues with Link headers (3+ pages)', async () => {
      let next: string | null = `/api/0/projects/acme/api-server/issues/?query=&limit=40&statsPeriod=`;
      const ids: string[] = [];
      let pages = 0;
      let hits = 0;
      while (next) {
        const res = await get(next);
        assert.equal(res.status, 200);
        hits = Number(res.headers.get('x-hits'));
        ids.push(...((await res.json()) as any[]).map((i) => i.id));
        pages++;
        const links = parseLink(res.headers.get('link'));
        assert.ok(links.next.url.startsWith(`${url}/api/0/projects/acme/api-server/issues/?`));
        assert.match(links.next.cursor, /^\d+(\.\d+)?:\d+:[01]$/);
        assert.equal(links.previous.results, pages > 1);
        next = links.next.results ? `/api/0/projects/acme/api-server/issues/?query=&limit=40&statsPeriod=&cursor=${links.next.cursor}` : null;
      }
      assert.equal(pages, 8);
      assert.equal(ids.length, 320);
      assert.equal(new Set(ids).size, 320);
      assert.equal(hits, 320);
    });

    it('validates limit, statsPeriod and sort', async () => {
      for (const bad of ['0', '101', 'x']) {
        const r = await getJson(`${base}?limit=${bad}`);
        assert.equal(r.res.status, 400);
        assert.match(r.body.detail, /^Invalid limit value\. Must be between 1 and 100\.$/);
      }
      const sp = await getJson(`${base}?statsPeriod=7d`);
      assert.equal(sp.res.status, 400);
      assert.deepEqual(sp.body, { detail: "Invalid stats_period. Valid choices are '', '24h', and '14d'" });
      const empty = await getJson<any[]>(`${base}?statsPeriod=&limit=2`);
      assert.deepEqual(empty.body[0].stats, {});
      const d14 = await getJson<any[]>(`${base}?statsPeriod=14d&limit=2`);
      assert.deepEqual(Object.keys(d14.body[0].stats), ['14d']);
      assert.equal(d14.body[0].stats['14d'].length, 14);
      for (const [ts, n] of d14.body[0].stats['14d']) assert.ok(Number.isInteger(ts) && Number.isInteger(n));
      assert.equal((await get(`${base}?sort=bogus`)).status, 400);
      const freq = await getJson<any[]>(`${base}?sort=freq&limit=3`);
      assert.equal(freq.body[0].id, sb.seed.bigIssue.id);
    });

    it('query: absent means is:unresolved, empty means every status', async () => {
      const all = sb.seed.issuesOf('worker');
      const w = '/api/0/projects/acme/worker/issues/';
      const def = await getJson<any[]>(w);
      assert.equal(def.body.length, all.filter((i) => i.status === 'unresolved').length);
      assert.ok(def.body.every((i) => i.status === 'unresolved'));
      const empty = await getJson<any[]>(`${w}?query=`);
      assert.equal(empty.body.length, all.length);
      const resolved = await getJson<any[]>(`${w}?query=is:resolved`);
      assert.ok(resolved.body.length > 0 && resolved.body.every((i) => i.status === 'resolved'));
      const ignored = await getJson<any[]>(`${w}?query=${encodeURIComponent('is:archived')}`);
      assert.ok(ignored.body.every((i) => i.status === 'ignored'));
      const fatal = await getJson<any[]>(`${w}?query=${encodeURIComponent('level:fatal')}`);
      assert.ok(fatal.body.every((i) => i.level === 'fatal' && i.status !== undefined));
      const mine = await getJson<any[]>(`${base}?query=${encodeURIComponent('is:unresolved assigned:me')}`);
      assert.ok(mine.body.length > 0 && mine.body.every((i) => i.assignedTo?.id === '1'));
      const unassigned = await getJson<any[]>(`${w}?query=is:unassigned`);
      assert.ok(unassigned.body.every((i) => i.assignedTo === null));
      const feedback = await getJson<any[]>(`${base}?query=${encodeURIComponent('issue.category:feedback')}`);
      assert.equal(feedback.body.length, sb.seed.feedbackIssues.length);
      assert.ok(feedback.body.length > 0 && feedback.body.every((i) => i.issueCategory === 'feedback'));
      assert.ok(!def.body.some((i) => i.issueCategory === 'feedback'));
      const words = await getJson<any[]>(`${base}?query=${encodeURIComponent('is:unresolved onerror=alert')}`);
      assert.deepEqual(
        words.body.map((i) => i.title),
        ['<img src=x onerror=alert(1)>'],
      );
      const release = sb.seed.project('web-frontend')!.releases.at(-1)!.version;
      const rel = await getJson<any[]>(`${base}?query=${encodeURIComponent(`release:${release}`)}`);
      assert.ok(rel.body.length > 0);
    });

    it('unparseable queries are 400 "Error parsing search query"', async () => {
      for (const q of ['is:unresolved "unbalanced', 'is:bogus', 'lastSeen:yesterday']) {
        const r = await getJson(`${base}?query=${encodeURIComponent(q)}`);
        assert.equal(r.res.status, 400, q);
        assert.match(r.body.detail, /^Error parsing search query: /);
      }
    });

    it('shortIdLookup finds an issue of another project', async () => {
      const other = sb.seed.issuesOf('api-server')[4];
      const hit = await getJson<any[]>(`${base}?shortIdLookup=1&query=${other.shortId}`);
      assert.deepEqual(
        hit.body.map((i) => i.id),
        [other.id],
      );
      assert.equal(hit.body[0].project.slug, 'api-server');
      const lower = await getJson<any[]>(`${base}?shortIdLookup=1&query=${other.shortId.toLowerCase()}`);
      assert.equal(lower.body[0].id, other.id);
      const without = await getJson<any[]>(`${base}?query=${other.shortId}`);
      assert.deepEqual(without.body, []);
    });

    it('hashes: repeated are several, comma-joined is one value (as on a real server), only the first 100, not with query', async () => {
      const issues = sb.seed.issuesOf('web-frontend');
      const [a, b, c] = [issues[10], issues[20], issues[30]];
      const rep = await getJson<any[]>(`${base}?hashes=${a.hashes[0]}&hashes=${b.hashes[0]}&hashes=${c.hashes[0]}`);
      assert.deepEqual(new Set(rep.body.map((i) => i.id)), new Set([a.id, b.id, c.id]));
      const joined = await getJson<any[]>(`${base}?hashes=${a.hashes[0]},${b.hashes[0]}`);
      assert.equal(joined.res.status, 200);
      assert.deepEqual(joined.body, [], 'a comma-joined list is one hash that exists nowhere');
      const mixed = await getJson<any[]>(`${base}?hashes=${a.hashes[0]}&hashes=${b.hashes[0]},${c.hashes[0]}`);
      assert.deepEqual(
        mixed.body.map((i) => i.id),
        [a.id],
      );
      const fakes = Array.from({ length: 99 }, (_, i) => createHash('md5').update(String(i)).digest('hex'));
      const capped = await getJson<any[]>(`${base}?${[a.hashes[0], ...fakes, b.hashes[0]].map((h) => `hashes=${h}`).join('&')}`);
      assert.deepEqual(
        capped.body.map((i) => i.id),
        [a.id],
      );
      const withQuery = await getJson(`${base}?hashes=${a.hashes[0]}&query=is:unresolved`);
      assert.equal(withQuery.res.status, 400);
    });

    it('the deprecated endpoint honours the gone fault (410)', async () => {
      await control('faults', { path: '/issues/$', gone: true, count: 1 });
      const res = await get(base);
      assert.equal(res.status, 410);
      assert.deepEqual(await res.json(), { message: 'This API no longer exists.' });
      assert.ok(res.headers.get('x-sentry-deprecation-date'));
      assert.ok(res.headers.get('x-sentry-replacement-endpoint'));
      assert.equal((await get(base + '?limit=1')).status, 200, 'count: 1 applies once');
    });
  });

  describe('issue events', () => {
    it('lists events like the fixture, newest first, last 90 days by default', async () => {
      const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/issue-events.json'), 'utf8'))[0];
      const issue = sb.seed.bigIssue;
      const ev = `/api/0/organizations/acme/issues/${issue.id}/events/`;
      const r = await getJson<any[]>(ev);
      assert.equal(r.res.status, 200);
      assert.equal(r.body.length, 100);
      for (const e of r.body) {
        assert.deepEqual(Object.keys(e).sort(), Object.keys(fixture).sort());
        assert.match(e.eventID, /^[0-9a-f]{32}$/);
        assert.equal(e.groupID, issue.id);
        assert.equal(e['event.type'], 'error');
        assert.ok(Array.isArray(e.tags) && e.tags.every((t: any) => typeof t.key === 'string' && typeof t.value === 'string'));
        assert.ok(!('entries' in e));
      }
      const times = r.body.map((e) => Date.parse(e.dateCreated));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
      // count everything in the default window by paging
      let total = 0;
      let cursor: string | null = null;
      do {
        const res = await get(`${ev}${cursor ? `?cursor=${cursor}` : ''}`);
        total += ((await res.json()) as unknown[]).length;
        const l = parseLink(res.headers.get('link'));
        cursor = l.next.results ? l.next.cursor : null;
      } while (cursor);
      const now = sb.control.clock.now();
      assert.equal(total, issue.events.filter((e) => e.time >= now - 90 * DAY).length);
      assert.ok(total < issue.events.length, 'older events fall outside the default window');
    });

    it('statsPeriod, start/end, environment, query, per_page', async () => {
      const issue = sb.seed.bigIssue;
      const ev = `/api/0/organizations/acme/issues/${issue.id}/events/`;
      const now = sb.control.clock.now();
      const day = await getJson<any[]>(`${ev}?statsPeriod=1d`);
      assert.equal(day.body.length, Math.min(100, issue.events.filter((e) => e.time >= now - DAY).length));
      assert.ok(day.body.every((e) => Date.parse(e.dateCreated) >= now - DAY - 1000));
      assert.equal((await get(`${ev}?statsPeriod=1y`)).status, 400);
      assert.equal((await get(`${ev}?statsPeriod=abc`)).status, 400);
      const start = new Date(now - 3 * DAY).toISOString();
      const end = new Date(now - 2 * DAY).toISOString();
      const win = await getJson<any[]>(`${ev}?start=${start}&end=${end}`);
      assert.ok(win.body.every((e) => Date.parse(e.dateCreated) >= Date.parse(start) - 1000 && Date.parse(e.dateCreated) <= Date.parse(end)));
      assert.equal((await get(`${ev}?start=${start}`)).status, 400);
      const envs = await getJson<any[]>(`${ev}?environment=staging&environment=development&per_page=50`);
      assert.ok(envs.body.length > 0);
      for (const e of envs.body) assert.ok(['staging', 'development'].includes(e.tags.find((t: any) => t.key === 'environment').value));
      const sample = issue.events[0];
      const q = `transaction:${sample.transaction} AND release:${sample.release}`;
      const filtered = await getJson<any[]>(`${ev}?query=${encodeURIComponent(q)}`);
      assert.ok(filtered.body.length > 0);
      for (const e of filtered.body) {
        assert.equal(e.tags.find((t: any) => t.key === 'transaction').value, sample.transaction);
        assert.equal(e.tags.find((t: any) => t.key === 'release').value, sample.release);
      }
      const spaced = await getJson<any[]>(`${ev}?query=${encodeURIComponent(`transaction:${sample.transaction} release:${sample.release}`)}`);
      assert.deepEqual(spaced.body, filtered.body);
      assert.equal((await get(`${ev}?query=${encodeURIComponent('browser:"Chrome')}`)).status, 400);
      for (const bad of ['0', '101']) {
        const r = await getJson(`${ev}?per_page=${bad}`);
        assert.equal(r.res.status, 400);
        assert.deepEqual(r.body, { detail: 'Invalid per_page value. Must be between 1 and 100.' });
      }
      const p3 = await get(`${ev}?per_page=3`);
      assert.equal(((await p3.json()) as unknown[]).length, 3);
      const links = parseLink(p3.headers.get('link'));
      assert.equal(links.next.cursor, '0:3:0');
      assert.equal(links.previous.cursor, '0:0:1');
      assert.ok(links.next.url.includes('per_page=3'));
    });

    it('sample=true is a deterministic pseudo-random order', async () => {
      const ev = `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/events/?per_page=20`;
      const a = (await getJson<any[]>(`${ev}&sample=true`)).body.map((e) => e.eventID);
      const b = (await getJson<any[]>(`${ev}&sample=true`)).body.map((e) => e.eventID);
      const plain = (await getJson<any[]>(ev)).body.map((e) => e.eventID);
      assert.deepEqual(a, b);
      assert.notDeepEqual(a, plain);
    });

    it('full=true adds an exception entry whose frames point into the workspace', async () => {
      const loc = sb.seed.locations.find((l) => l.line !== null && l.project === 'web-frontend')!;
      const r = await getJson<any[]>(`/api/0/organizations/acme/issues/${loc.issueId}/events/?full=true&per_page=2`);
      const e = r.body[0];
      assert.equal(e.location, `${loc.file}:${loc.line}`);
      const exc = e.entries.find((x: any) => x.type === 'exception');
      const frames = exc.data.values[0].stacktrace.frames;
      const last = frames[frames.length - 1];
      assert.equal(last.filename, loc.file);
      assert.equal(last.lineNo, loc.line);
      assert.equal(last.inApp, true);
      assert.match(last.absPath, /^(webpack:\/\/\/\.\/|app:\/\/\/)/);
      const lines = fs.readFileSync(path.join(WORKSPACE_DIR, loc.file), 'utf8').split('\n');
      for (const [n, text] of last.context) assert.equal(text, lines[n - 1]);
      assert.ok(last.context.some(([n]: [number]) => n === loc.line));
      for (const k of ['filename', 'absPath', 'module', 'function', 'lineNo', 'colNo', 'inApp', 'context', 'vars']) assert.ok(k in last, k);
      const py = sb.seed.locations.find((l) => l.line !== null && l.project === 'api-server')!;
      const pr = await getJson<any[]>(`/api/0/organizations/acme/issues/${py.issueId}/events/?full=1&per_page=1`);
      const pframes = pr.body[0].entries[0].data.values[0].stacktrace.frames;
      assert.ok(
        pframes.some((f: any) => f.inApp === false),
        'library frames',
      );
      assert.ok(pframes.some((f: any) => f.filename === py.file && f.lineNo === py.line));
    });

    it('unknown, foreign or non-integer issue ids are 404', async () => {
      for (const id of ['999', 'abc', sb.seed.issuesOf('legacy-portal')[0].id]) {
        const r = await getJson(`/api/0/organizations/acme/issues/${id}/events/`);
        assert.equal(r.res.status, 404, id);
        assert.deepEqual(r.body, { detail: 'The requested resource does not exist' });
      }
    });
  });

  describe('tag details', () => {
    it('aggregates tag values with paging, environment filter and 404s', async () => {
      const issue = sb.seed.bigIssue;
      const base = `/api/0/organizations/acme/issues/${issue.id}/tags/`;
      const r = await getJson(`${base}browser/`);
      assert.equal(r.res.status, 200);
      const body = r.body;
      assert.equal(body.key, 'browser');
      assert.equal(typeof body.name, 'string');
      assert.equal(body.totalValues, issue.events.length);
      assert.ok(body.topValues.length <= 9);
      const counts = body.topValues.map((v: any) => v.count);
      assert.deepEqual(
        counts,
        [...counts].sort((a: number, b: number) => b - a),
      );
      for (const v of body.topValues) for (const k of ['key', 'name', 'value', 'count', 'firstSeen', 'lastSeen']) assert.ok(k in v);
      assert.equal(body.uniqueValues, new Set(issue.events.map((e) => e.browser)).size);
      const p1 = await get(`${base}browser/?per_page=2`);
      const l1 = parseLink(p1.headers.get('link'));
      assert.equal(l1.next.results, true);
      const p2 = await getJson(`${base}browser/?per_page=2&cursor=${l1.next.cursor}`);
      assert.deepEqual(
        p2.body.topValues.map((v: any) => v.value),
        body.topValues.slice(2, 4).map((v: any) => v.value),
      );
      assert.equal((await get(`${base}browser/?per_page=1001`)).status, 400);
      const prod = await getJson(`${base}environment/?environment=production`);
      assert.deepEqual(
        prod.body.topValues.map((v: any) => v.value),
        ['production'],
      );
      for (const k of ['nosuchkey', encodeURIComponent('bad key!')]) {
        const nf = await getJson(`${base}${k}/`);
        assert.equal(nf.res.status, 404);
        assert.deepEqual(nf.body, { detail: 'The requested resource does not exist' });
      }
    });
  });

  describe('rate limits', () => {
    it('sends rate-limit headers and answers 429 over budget', async () => {
      sb.control.rateLimit.set({ limit: 3, windowSeconds: 3600 });
      const p = '/api/0/organizations/';
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await get(p);
        assert.equal(res.status, 200);
        remaining.push(res.headers.get('x-sentry-rate-limit-remaining')!);
        assert.equal(res.headers.get('x-sentry-rate-limit-limit'), '3');
        assert.ok(Number(res.headers.get('x-sentry-rate-limit-reset')) > Date.now() / 1000 - 1);
        assert.ok(res.headers.get('x-sentry-rate-limit-concurrentlimit'));
        assert.ok(res.headers.get('x-sentry-rate-limit-concurrentremaining'));
      }
      assert.deepEqual(remaining, ['2', '1', '0']);
      const limited = await get(p);
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), null);
      assert.deepEqual(await limited.json(), { detail: 'You are attempting to use this endpoint too frequently. Limit is 3 requests in 3600 seconds' });
      // control endpoints are never limited
      assert.equal((await fetch(`${url}/_sandbox/clock`)).status, 200);
      sb.control.clock.advance(3600_000);
      assert.equal((await get(p)).status, 200);
      // over HTTP
      await control('rate-limit', { limit: 1, windowSeconds: 3600 });
      await get(p);
      assert.equal((await get(p)).status, 429);
    });
  });

  describe('faults', () => {
    const p = '/api/0/organizations/';

    it('status, latency, html', async () => {
      sb.control.faults.add({ path: '^/api/0/organizations/$', status: 503, count: 1 });
      const r = await get(p);
      assert.equal(r.status, 503);
      const body = (await r.json()) as any;
      assert.equal(body.detail, 'Internal Error');
      assert.match(body.errorId, /^[0-9a-f]{32}$/);
      assert.equal((await get(p)).status, 200);

      sb.control.faults.add({ latencyMs: 150, count: 1 });
      const t0 = Date.now();
      assert.equal((await get(p)).status, 200);
      assert.ok(Date.now() - t0 >= 140);

      const { id } = await control('faults', { html: true, status: 502 });
      const h = await get(p);
      assert.equal(h.status, 502);
      assert.match(h.headers.get('content-type')!, /^text\/html/);
      assert.match(await h.text(), /<html>/);
      assert.equal(sb.control.faults.list().length, 1);
      await control('faults/remove', { id });
      assert.equal((await get(p)).status, 200);
    });

    it('reset, truncated, malformed', async () => {
      sb.control.faults.add({ reset: true, count: 1 });
      await assert.rejects(get(p));
      sb.control.faults.add({ truncated: true, count: 1 });
      const t = await get(p);
      assert.equal(t.status, 200);
      assert.match(t.headers.get('content-type')!, /application\/json/);
      const text = await t.text();
      assert.ok(text.length > 10);
      assert.throws(() => JSON.parse(text));
      sb.control.faults.add({ malformed: true, count: 1 });
      const m = await getJson<any[]>(p);
      assert.equal(m.res.status, 200);
      assert.equal(typeof m.body[0].id, 'number');
      assert.equal(typeof m.body[0].slug, 'number');
      sb.control.faults.add({ malformed: 'count', count: 1, path: '/issues/$' });
      const mi = await getJson<any[]>('/api/0/projects/acme/worker/issues/?limit=2');
      assert.equal(typeof mi.body[0].count, 'number');
      assert.equal(typeof mi.body[0].id, 'string');
      assert.equal((await getJson<any[]>(p)).body[0].slug, 'acme');
    });
  });

  describe('as strict as a real server', () => {
    const orgs = '/api/0/organizations/';

    it('statsPeriod= (empty) on issue events is a 400, like any value that is not digits plus s|m|h|d|w', async () => {
      const ev = `/api/0/organizations/acme/issues/${sb.seed.bigIssue.id}/events/`;
      const empty = await getJson(`${ev}?statsPeriod=`);
      assert.equal(empty.res.status, 400);
      assert.deepEqual(empty.body, { detail: 'Invalid statsPeriod: ""' });
      assert.equal((await get(`${ev}?statsPeriod=`)).status, 400, 'also without start/end');
      assert.equal((await get(`${ev}?statsPeriod=&start=2024-01-01T00:00:00Z&end=2024-02-01T00:00:00Z`)).status, 400);
      assert.equal((await get(`${ev}?statsPeriod=90d`)).status, 200);
    });

    it('project issues take the documented sort values (inbox too) and no others', async () => {
      const base = '/api/0/projects/acme/web-frontend/issues/?limit=3&sort=';
      for (const sort of ['date', 'new', 'trends', 'freq', 'user', 'inbox']) assert.equal((await get(base + sort)).status, 200, sort);
      const bad = await getJson(base + 'priority');
      assert.equal(bad.res.status, 400);
      assert.match(bad.body.detail, /^Invalid sort: priority\. Valid choices are date, new, trends, freq, user, inbox$/);
    });

    it('429 faults: with and without the rate-limit headers, a bare-string JSON body, an HTML body', async () => {
      const now = sb.control.clock.now();
      sb.control.faults.add({ rateLimited: true, count: 1 });
      const withHeaders = await get(orgs);
      assert.equal(withHeaders.status, 429);
      assert.match(withHeaders.headers.get('content-type')!, /^application\/json/);
      assert.deepEqual(await withHeaders.json(), { detail: 'You are attempting to use this endpoint too frequently. Limit is 40 requests in 1 seconds' });
      assert.equal(withHeaders.headers.get('x-sentry-rate-limit-limit'), '40');
      assert.equal(withHeaders.headers.get('x-sentry-rate-limit-remaining'), '0');
      assert.equal(withHeaders.headers.get('x-sentry-rate-limit-reset'), String(Math.ceil(now / 1000) + 60));
      assert.equal(withHeaders.headers.get('x-sentry-rate-limit-concurrentlimit'), '25');
      assert.ok(withHeaders.headers.get('x-sentry-rate-limit-concurrentremaining'));
      assert.equal(withHeaders.headers.get('retry-after'), null, 'Sentry sends no Retry-After');

      await control('faults', { rateLimited: { headers: false, resetInSeconds: 5 }, count: 1 });
      const bare = await get(orgs);
      assert.equal(bare.status, 429);
      const names: string[] = [];
      bare.headers.forEach((_v, k) => names.push(k));
      assert.deepEqual(
        names.filter((k) => k.startsWith('x-sentry-rate-limit')),
        [],
        'self-hosted: no rate-limit headers',
      );
      assert.equal(((await bare.json()) as any).detail.startsWith('You are attempting'), true);

      sb.control.faults.add({ rateLimited: { body: 'string', resetInSeconds: 3600 }, count: 1 });
      const str = await get(orgs);
      assert.equal(str.status, 429);
      assert.match(str.headers.get('content-type')!, /^application\/json/);
      assert.equal(await str.text(), '"You are attempting to use this endpoint too frequently. Limit is 40 requests in 1 seconds"');
      assert.equal(str.headers.get('x-sentry-rate-limit-reset'), String(Math.ceil(now / 1000) + 3600));

      sb.control.faults.add({ rateLimited: { body: 'html', headers: false }, count: 1 });
      const page = await get(orgs);
      assert.equal(page.status, 429);
      assert.match(page.headers.get('content-type')!, /^text\/html/);
      assert.match(await page.text(), /<title>429 Too Many Requests<\/title>/);
      assert.equal(page.headers.get('x-sentry-rate-limit-limit'), null);

      sb.control.faults.add({ rateLimited: { body: 'string', contentType: 'text/html' }, count: 1 });
      const oldServer = await get(orgs);
      assert.match(oldServer.headers.get('content-type')!, /^text\/html/);
      assert.match(await oldServer.text(), /^"You are attempting/);
      assert.equal((await get(orgs)).status, 200, 'count: 1 applies once each');
    });

    it('401 whose detail is {code, message, extra}: sso-required, 2fa-required, sudo-required', async () => {
      sb.control.faults.add({ unauthorizedCode: 'sso-required', count: 1 });
      const sso = await getJson(orgs);
      assert.equal(sso.res.status, 401);
      assert.deepEqual(sso.body, { detail: { code: 'sso-required', message: 'Must login via SSO', extra: { loginUrl: `${url}/auth/login/acme/` } } });
      await control('faults', { unauthorizedCode: '2fa-required', count: 1 });
      assert.deepEqual((await getJson(orgs)).body, { detail: { code: '2fa-required', message: 'Organization requires two-factor authentication to be enabled', extra: {} } });
      sb.control.faults.add({ unauthorizedCode: 'sudo-required', count: 1 });
      const sudo = await getJson(orgs);
      assert.equal(sudo.res.status, 401);
      assert.deepEqual(sudo.body, { detail: { code: 'sudo-required', message: 'Account verification required.', extra: { username: 'jane@example.com' } } });
      assert.throws(() => sb.control.faults.add({ unauthorizedCode: 'nope' as never }), /unauthorizedCode/);
      assert.equal((await get(orgs)).status, 200);
    });

    it('respond answers exactly the given status, headers and body', async () => {
      sb.control.faults.add({ respond: { status: 403, headers: { 'content-type': 'text/plain', 'x-extra': 'yes' }, body: 'nope' }, count: 1 });
      const r = await get(orgs);
      assert.equal(r.status, 403);
      assert.equal(r.headers.get('content-type'), 'text/plain');
      assert.equal(r.headers.get('x-extra'), 'yes');
      assert.equal(await r.text(), 'nope');
      await control('faults', { respond: { status: 200, body: '[]' }, count: 1 });
      const j = await get(orgs);
      assert.equal(j.headers.get('content-type'), 'application/json');
      assert.equal(await j.text(), '[]');
    });

    it('a device poll before the first interval has passed gets slow_down', async () => {
      const { body: d } = await postForm('/oauth/device/code/', { client_id: sb.defaults.clientId });
      const poll = () => postForm('/oauth/token/', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: sb.defaults.clientId, device_code: d.device_code });
      sb.control.clock.advance(4_000);
      const early = await poll();
      assert.equal(early.res.status, 400);
      assert.equal(early.body.error, 'slow_down');
      assert.equal(sb.control.device.list()[0].interval, 10);
      sb.control.clock.advance(10_000);
      assert.equal((await poll()).body.error, 'authorization_pending');
    });

    it('the control route lists every fault switch', async () => {
      const help = await control('');
      const faults = help['POST /_sandbox/faults'];
      for (const sw of ['rateLimited', 'unauthorizedCode', 'respond', 'gone', 'html', 'malformed', 'truncated', 'reset']) assert.ok(faults.includes(sw), `${sw} in ${faults}`);
    });
  });

  describe('request log and control endpoints over HTTP', () => {
    it('records every non-control request with ordered query pairs and headers', async () => {
      await control('requests/clear', {});
      await fetch(`${url}/api/0/organizations/?b=2&a=1&b=3`, { headers: { Authorization: `Bearer ${token}`, 'X-Custom': 'yes' } });
      await fetch(`${url}/oauth/token/`, form({ grant_type: 'nope' }));
      await fetch(`${url}/_sandbox/clock`);
      const log = await control('requests');
      assert.equal(log.length, 2);
      assert.equal(log[0].method, 'GET');
      assert.equal(log[0].path, '/api/0/organizations/');
      assert.deepEqual(log[0].query, [
        ['b', '2'],
        ['a', '1'],
        ['b', '3'],
      ]);
      assert.equal(log[0].headers.authorization, `Bearer ${token}`);
      assert.equal(log[0].headers['x-custom'], 'yes');
      assert.equal(log[0].status, 200);
      assert.equal(typeof log[0].at, 'number');
      assert.equal(log[1].body, 'grant_type=nope');
      assert.equal(log[1].status, 400);
      assert.equal(sb.control.requests.list({ path: '^/oauth/' }).length, 1);
    });

    it('tokens, revoke, clock, link host, seed and reset over HTTP', async () => {
      const t = await control('tokens', { token: 'http-made-token', scopes: 'org:read event:read', kind: 'user', expiresAt: sb.control.clock.now() + 1000 });
      assert.equal(t.token, 'http-made-token');
      assert.equal((await get('/api/0/organizations/', 'Bearer http-made-token')).status, 200);
      const c = await control('clock/advance', { ms: 2000 });
      assert.ok(c.now >= sb.control.clock.now() - 50);
      assert.deepEqual(await (await get('/api/0/organizations/', 'Bearer http-made-token')).json(), { detail: 'Token expired' });
      await control('tokens', { token: 'second', scopes: ['org:read'] });
      assert.deepEqual(await control('tokens/revoke', { token: 'second' }), { revoked: true });
      assert.equal((await get('/api/0/organizations/', 'Bearer second')).status, 401);

      const lh = await control('link-host', { host: 'acme.localhost' });
      assert.equal(lh.linkOrigin, `http://acme.localhost:${new URL(url).port}`);
      const res = await get('/api/0/organizations/?per_page=1');
      assert.ok(parseLink(res.headers.get('link')).next.url.startsWith(`http://acme.localhost:${new URL(url).port}/api/0/organizations/?`));

      const summary = await control('seed');
      assert.equal(summary.xssIssue.id, sb.seed.xssIssue.id);
      assert.equal(summary.events, 20000);
      const defaults = await control('defaults');
      assert.equal(defaults.authToken, token);
      assert.equal(defaults.url, url);

      await control('reset', {});
      assert.equal((await get('/api/0/organizations/', 'Bearer http-made-token')).status, 401);
      assert.ok(parseLink((await get('/api/0/organizations/?per_page=1')).headers.get('link')).next.url.startsWith(url));
      const unknown = await fetch(`${url}/_sandbox/nope`);
      assert.equal(unknown.status, 404);
    });
  });

  describe('OAuth authorization code + PKCE', () => {
    it('RFC 7636 appendix B vector, single-use codes, org-limited tokens', async () => {
      assert.equal(createHash('sha256').update(RFC7636_VERIFIER).digest('base64url'), RFC7636_CHALLENGE);
      const loc = await authorize(pkceParams(), 'approve', 'globex');
      assert.equal(loc.origin + loc.pathname, 'http://127.0.0.1:53682/callback');
      assert.equal(loc.searchParams.get('state'), 'st-123');
      const code = loc.searchParams.get('code')!;
      assert.ok(code);
      const exchange = (extra: Record<string, string>) =>
        postForm('/oauth/token/', { grant_type: 'authorization_code', client_id: sb.defaults.clientId, code, redirect_uri: 'http://127.0.0.1:53682/callback', ...extra });
      const wrong = await exchange({ code_verifier: 'x'.repeat(43) });
      assert.equal(wrong.res.status, 400);
      assert.deepEqual(wrong.body, { error: 'invalid_grant' });
      const ok = await exchange({ code_verifier: RFC7636_VERIFIER });
      assert.equal(ok.res.status, 200);
      assert.deepEqual(Object.keys(ok.body).sort(), ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'scope', 'token_type', 'user']);
      assert.equal(ok.body.token_type, 'bearer');
      assert.equal(ok.body.expires_in, 30 * 24 * 3600);
      assert.match(ok.body.expires_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/);
      assert.equal(ok.body.scope, 'org:read project:read event:read');
      assert.deepEqual(Object.keys(ok.body.user).sort(), ['email', 'id', 'name']);
      const reuse = await exchange({ code_verifier: RFC7636_VERIFIER });
      assert.deepEqual(reuse.body, { error: 'invalid_grant' });
      // the token sees only the organization chosen during authorization
      const auth = `Bearer ${ok.body.access_token}`;
      assert.equal((await get('/api/0/organizations/', auth)).status, 401, 'replaying the code revoked its tokens');
      const fresh = await oauthTokens('globex');
      const fauth = `Bearer ${fresh.access_token}`;
      const orgs = await getJson<any[]>('/api/0/organizations/', fauth);
      assert.deepEqual(
        orgs.body.map((o) => o.slug),
        ['globex'],
      );
      assert.equal((await get('/api/0/projects/acme/web-frontend/issues/', fauth)).status, 403);
      assert.equal((await get('/api/0/projects/globex/legacy-portal/issues/?limit=1', fauth)).status, 200);
      assert.equal((await get('/api/0/organizations/globex/', fauth)).status, 200);
    });

    it('deny, validation errors and expiry of codes', async () => {
      const denied = await authorize(pkceParams(), 'deny');
      assert.equal(denied.searchParams.get('error'), 'access_denied');
      assert.equal(denied.searchParams.get('state'), 'st-123');
      const plain = await fetch(`${url}/oauth/authorize/?${new URLSearchParams(pkceParams({ code_challenge_method: 'plain' }))}`, { redirect: 'manual' });
      assert.equal(plain.status, 302);
      assert.equal(new URL(plain.headers.get('location')!).searchParams.get('error'), 'invalid_request');
      const badType = await fetch(`${url}/oauth/authorize/?${new URLSearchParams(pkceParams({ response_type: 'token' }))}`, { redirect: 'manual' });
      assert.equal(new URL(badType.headers.get('location')!).searchParams.get('error'), 'invalid_request');
      const badClient = await fetch(`${url}/oauth/authorize/?${new URLSearchParams(pkceParams({ client_id: 'nope' }))}`, { redirect: 'manual' });
      assert.equal(badClient.status, 400);
      assert.match(await badClient.text(), /id="error"/);
      const badRedirect = await fetch(`${url}/oauth/authorize/?${new URLSearchParams(pkceParams({ redirect_uri: 'https://evil.example/cb' }))}`, { redirect: 'manual' });
      assert.equal(badRedirect.status, 400);
      // codes live 10 minutes
      const loc = await authorize(pkceParams(), 'approve');
      sb.control.clock.advance(10 * 60_000 + 1);
      const late = await postForm('/oauth/token/', {
        grant_type: 'authorization_code',
        client_id: sb.defaults.clientId,
        code: loc.searchParams.get('code')!,
        code_verifier: RFC7636_VERIFIER,
        redirect_uri: 'http://127.0.0.1:53682/callback',
      });
      assert.deepEqual(late.body, { error: 'invalid_grant' });
      // token endpoint errors
      assert.deepEqual((await postForm('/oauth/token/', { grant_type: 'password', client_id: sb.defaults.clientId })).body, { error: 'unsupported_grant_type' });
      const ic = await postForm('/oauth/token/', { grant_type: 'refresh_token', client_id: 'nope', refresh_token: 'x' });
      assert.equal(ic.res.status, 401);
      assert.deepEqual(ic.body, { error: 'invalid_client' });
      const json = await fetch(`${url}/oauth/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(json.status, 400);
      assert.equal(((await json.json()) as any).error, 'invalid_request');
    });

    it('refresh rotates tokens; reusing an old refresh token revokes the family', async () => {
      const first = await oauthTokens();
      const refresh = (rt: string) => postForm('/oauth/token/', { grant_type: 'refresh_token', client_id: sb.defaults.clientId, refresh_token: rt });
      const second = await refresh(first.refresh_token);
      assert.equal(second.res.status, 200);
      assert.notEqual(second.body.refresh_token, first.refresh_token);
      assert.notEqual(second.body.access_token, first.access_token);
      assert.equal((await get('/api/0/organizations/', `Bearer ${second.body.access_token}`)).status, 200);
      assert.equal((await get('/api/0/organizations/', `Bearer ${first.access_token}`)).status, 401, 'the replaced access token stops working');
      const reuse = await refresh(first.refresh_token);
      assert.equal(reuse.res.status, 400);
      assert.deepEqual(reuse.body, { error: 'invalid_grant' });
      assert.equal((await get('/api/0/organizations/', `Bearer ${second.body.access_token}`)).status, 401, 'family revoked');
      assert.deepEqual((await refresh(second.body.refresh_token)).body, { error: 'invalid_grant' });
    });

    it('access tokens expire after 30 days; refresh still works', async () => {
      const t = await oauthTokens();
      const auth = `Bearer ${t.access_token}`;
      sb.control.clock.advance(30 * DAY - 60_000);
      assert.equal((await get('/api/0/organizations/', auth)).status, 200);
      sb.control.clock.advance(60_000);
      const r = await getJson('/api/0/organizations/', auth);
      assert.equal(r.res.status, 401);
      assert.deepEqual(r.body, { detail: 'Token expired' });
      const rt = await postForm('/oauth/token/', { grant_type: 'refresh_token', client_id: sb.defaults.clientId, refresh_token: t.refresh_token });
      assert.equal(rt.res.status, 200);
      assert.equal((await get('/api/0/organizations/', `Bearer ${rt.body.access_token}`)).status, 200);
    });

    it('a confidential client must send its secret', async () => {
      const conf = await startSandbox({ clientSecret: 's3cret' });
      try {
        const params = new URLSearchParams({ client_id: conf.defaults.clientId, response_type: 'code', scope: 'org:read', state: 'z' });
        const res = await fetch(`${conf.url}/oauth/authorize/`, { ...form({ ...Object.fromEntries(params), action: 'approve', org: 'acme' }), redirect: 'manual' });
        const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
        const no = await fetch(`${conf.url}/oauth/token/`, form({ grant_type: 'authorization_code', client_id: conf.defaults.clientId, code }));
        assert.equal(no.status, 401);
        assert.deepEqual(await no.json(), { error: 'invalid_client' });
        const yes = await fetch(`${conf.url}/oauth/token/`, form({ grant_type: 'authorization_code', client_id: conf.defaults.clientId, client_secret: 's3cret', code }));
        assert.equal(yes.status, 200);
      } finally {
        await conf.close();
      }
    });
  });

  describe('OAuth device flow', () => {
    async function deviceCode(): Promise<any> {
      const { res, body } = await postForm('/oauth/device/code/', { client_id: sb.defaults.clientId, scope: 'org:read event:read' });
      assert.equal(res.status, 200);
      return body;
    }
    const poll = (deviceCodeValue: string) => postForm('/oauth/token/', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: sb.defaults.clientId, device_code: deviceCodeValue });

    it('issues codes in the documented format', async () => {
      const d = await deviceCode();
      assert.match(d.device_code, /^[0-9a-f]{64}$/);
      assert.match(d.user_code, /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
      assert.equal(d.verification_uri, `${url}/oauth/device/`);
      assert.equal(d.verification_uri_complete, `${url}/oauth/device/?user_code=${d.user_code}`);
      assert.equal(d.expires_in, 600);
      assert.equal(d.interval, 5);
      assert.equal((await postForm('/oauth/device/code/', { client_id: 'nope' })).res.status, 401);
    });

    it('pending, cumulative slow_down, approve (any case, no dash), single use', async () => {
      const d = await deviceCode();
      sb.control.clock.advance(5_000);
      let r = await poll(d.device_code);
      assert.equal(r.res.status, 400);
      assert.equal(r.body.error, 'authorization_pending');
      assert.equal(typeof r.body.error_description, 'string');
      r = await poll(d.device_code);
      assert.equal(r.body.error, 'slow_down');
      sb.control.clock.advance(6_000); // > 5 s but < the new 10 s interval
      r = await poll(d.device_code);
      assert.equal(r.body.error, 'slow_down');
      assert.equal(sb.control.device.list()[0].interval, 15);
      sb.control.clock.advance(14_000); // < 15 s
      assert.equal((await poll(d.device_code)).body.error, 'slow_down');
      sb.control.clock.advance(21_000);
      assert.equal((await poll(d.device_code)).body.error, 'authorization_pending');
      const approved = await control('device/approve', { user_code: d.user_code.replace('-', '').toLowerCase(), org: 'acme' });
      assert.equal(approved.ok, true);
      sb.control.clock.advance(21_000);
      r = await poll(d.device_code);
      assert.equal(r.res.status, 200);
      assert.equal(r.body.scope, 'org:read event:read');
      assert.equal((await get('/api/0/organizations/', `Bearer ${r.body.access_token}`)).status, 200);
      sb.control.clock.advance(21_000);
      assert.deepEqual((await poll(d.device_code)).body, { error: 'invalid_grant' });
      assert.deepEqual((await poll('f'.repeat(64))).body, { error: 'invalid_grant' });
    });

    it('denied and expired', async () => {
      const d = await deviceCode();
      const denied = await control('device/deny', { user_code: d.user_code });
      assert.equal(denied.ok, true);
      assert.equal((await poll(d.device_code)).body.error, 'access_denied');
      const e = await deviceCode();
      sb.control.clock.advance(601_000);
      const r = await poll(e.device_code);
      assert.equal(r.body.error, 'expired_token');
      assert.equal(typeof r.body.error_description, 'string');
      assert.equal(sb.control.device.approve(e.user_code).ok, false);
    });

    it('verification page: prefilled code, approve with a spaced lower-case code', async () => {
      const d = await deviceCode();
      const page = await fetch(d.verification_uri_complete);
      const pageHtml = await page.text();
      assert.match(pageHtml, new RegExp(`<input id="user_code" name="user_code"[^>]*value="${d.user_code}"`));
      assert.match(pageHtml, /<button id="approve"[^>]*>Approve<\/button>/);
      assert.match(pageHtml, /<button id="deny"[^>]*>Deny<\/button>/);
      assert.match(pageHtml, /<select id="organization"/);
      const spaced = `${d.user_code.slice(0, 4)} ${d.user_code.slice(5)}`.toLowerCase();
      const bad = await postForm('/oauth/device/', { user_code: 'BBBB-BBBB', action: 'approve', org: 'acme' });
      assert.equal(bad.res.status, 400);
      const res = await postForm('/oauth/device/', { user_code: spaced, action: 'approve', org: 'globex' });
      assert.equal(res.res.status, 200);
      assert.match(res.body, /id="result" data-status="approved"/);
      const t = await poll(d.device_code);
      assert.equal(t.res.status, 200);
      const orgs = await getJson<any[]>('/api/0/organizations/', `Bearer ${t.body.access_token}`);
      assert.deepEqual(
        orgs.body.map((o) => o.slug),
        ['globex'],
      );
    });
  });
});
