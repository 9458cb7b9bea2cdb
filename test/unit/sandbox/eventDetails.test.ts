// The sandbox's full event (GET …/issues/{id}/events/{event_id}/): latest/oldest/recommended and event
// ids, previous/next in the issue's order, environments, llmFormat, the errors, and the content every
// client view needs (chained exceptions, vars, 0..500 breadcrumbs, requests with secrets, contexts,
// message-only events with threads), over real HTTP on port 0.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { breadcrumbCount, eventDetailSamples, MAX_BREADCRUMBS, SANDBOX_SECRET, type EventDetailSamples, type Sandbox, type SeedIssue } from '../../sandbox';
import { withSandbox } from '../withSandbox';

let sb: Sandbox;
let read: string;
let samples: EventDetailSamples;

async function get(p: string, auth: string | null = read): Promise<{ status: number; body: any; ms: number }> {
  const started = performance.now();
  const res = await fetch(sb.url + p, { headers: auth ? { authorization: auth } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, ms: performance.now() - started };
}

const url = (issue: SeedIssue, ref: string, query = '') => `/api/0/organizations/${issue.project.org.slug}/issues/${issue.id}/events/${ref}/${query}`;
async function event(issue: SeedIssue, ref: string, query = ''): Promise<any> {
  const r = await get(url(issue, ref, query));
  assert.equal(r.status, 200, `${issue.shortId} ${ref}${query}: ${JSON.stringify(r.body).slice(0, 200)}`);
  return r.body;
}
const entry = (body: any, type: string) => body.entries.find((e: any) => e.type === type)?.data;
const pairs = (list: Array<[string, string]>, name: string) => list.filter(([k]) => k.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
const withEvents = (min: number, max: number) => sb.seed.issues.find((i) => i.events.length >= min && i.events.length <= max && i.project.org.slug === 'acme')!;

describe('sandbox: event details', function () {
  this.timeout(60_000);
  withSandbox({ rateLimit: { limit: 1_000_000, windowSeconds: 1 } }, (s) => {
    sb = s;
    read = `Bearer ${sb.defaults.authToken}`;
    samples = eventDetailSamples(sb.seed);
  });

  describe('which event', () => {
    it('latest is the newest, oldest the last; an event id answers the same body', async () => {
      const issue = withEvents(10, 60);
      const latest = await event(issue, 'latest');
      assert.equal(latest.eventID, issue.events[0].eventID);
      assert.equal(latest.id, latest.eventID);
      assert.equal(latest.groupID, issue.id);
      assert.equal(latest.nextEventID, null);
      assert.equal(latest.previousEventID, issue.events[1].eventID);
      const oldest = await event(issue, 'oldest');
      assert.equal(oldest.eventID, issue.events[issue.events.length - 1].eventID);
      assert.equal(oldest.previousEventID, null);
      assert.equal(oldest.nextEventID, issue.events[issue.events.length - 2].eventID);
      assert.deepEqual(await event(issue, issue.events[0].eventID), latest, 'by id, the same answer');
      assert.deepEqual(await event(issue, issue.events[0].eventID.toUpperCase()), latest, 'hex in any case');
      assert.deepEqual(await event(issue, 'latest'), latest, 'deterministic');
    });

    it('recommended: among the newest 20, an event with a request and the most breadcrumbs', async () => {
      const big = sb.seed.bigIssue;
      const body = await event(big, 'recommended');
      const newest = big.events.slice(0, 20);
      const chosen = newest.find((e) => e.eventID === body.eventID);
      assert.ok(chosen, 'one of the newest 20');
      const score = (e: (typeof newest)[0]) => (e.url ? 1000 : 0) + breadcrumbCount(e);
      assert.ok(
        newest.every((e) => score(e) <= score(chosen)),
        'no better event among the newest 20',
      );
      assert.ok(entry(body, 'request'), 'it has a request entry');
      assert.equal((await event(big, 'recommended')).eventID, body.eventID, 'deterministic');
      const worker = sb.seed.issuesOf('worker').find((i) => i.events.length > 25)!;
      const w = await event(worker, 'recommended');
      const most = Math.max(...worker.events.slice(0, 20).map(breadcrumbCount));
      assert.equal(worker.events.slice(0, 20).find((e) => breadcrumbCount(e) === most)!.eventID, w.eventID, 'without URLs: the newest with the most breadcrumbs');
    });

    it('previous/next walk the whole issue in its order and end in null at both ends', async () => {
      const issue = withEvents(30, 80);
      const back: string[] = [];
      let body = await event(issue, 'latest');
      for (;;) {
        back.push(body.eventID);
        if (body.previousEventID === null) break;
        body = await event(issue, body.previousEventID);
      }
      assert.deepEqual(
        back,
        issue.events.map((e) => e.eventID),
      );
      const forward: string[] = [];
      body = await event(issue, 'oldest');
      for (;;) {
        forward.push(body.eventID);
        if (body.nextEventID === null) break;
        body = await event(issue, body.nextEventID);
      }
      assert.deepEqual(forward, [...back].reverse());
    });

    it('environment restricts latest, oldest, recommended and previous/next; an event id outside it still answers', async () => {
      const issue = sb.seed.issues.find(
        (i) => i.events.length >= 20 && i.events.length <= 120 && i.events.filter((e) => e.environment === 'staging').length >= 3 && i.events[0].environment !== 'staging',
      )!;
      const staging = issue.events.filter((e) => e.environment === 'staging').map((e) => e.eventID);
      const latest = await event(issue, 'latest', '?environment=staging');
      assert.equal(latest.eventID, staging[0]);
      assert.equal(latest.nextEventID, null, 'nothing newer in staging');
      assert.equal((await event(issue, 'oldest', '?environment=staging')).eventID, staging[staging.length - 1]);
      assert.ok(staging.includes((await event(issue, 'recommended', '?environment=staging')).eventID));
      const walked: string[] = [];
      for (let id: string | null = latest.eventID; id !== null;) {
        walked.push(id);
        id = (await event(issue, id, '?environment=staging')).previousEventID;
      }
      assert.deepEqual(walked, staging);
      const both = await event(issue, 'latest', '?environment=staging&environment=production');
      assert.equal(both.eventID, issue.events.find((e) => e.environment === 'staging' || e.environment === 'production')!.eventID);
      const outside = await event(issue, issue.events[0].eventID, '?environment=staging');
      assert.equal(outside.eventID, issue.events[0].eventID);
      assert.equal(outside.previousEventID, staging[0], 'the nearest older staging event');
      assert.equal((await get(url(issue, 'latest', '?environment=nope'))).status, 404);
      assert.equal((await get(url(issue, 'latest', '?environment='))).status, 200, 'an empty environment is no filter');
    });
  });

  describe('errors', () => {
    it('404 for an unknown alias, a malformed id, an id of another issue, and an unknown or foreign issue', async () => {
      const issue = withEvents(3, 20);
      const other = sb.seed.issues.find((i) => i !== issue && i.project.org.slug === 'acme')!;
      const globex = sb.seed.issuesOf('legacy-portal')[0];
      for (const p of [
        url(issue, 'newest'),
        url(issue, issue.events[0].eventID.slice(1)),
        url(issue, `${issue.events[0].eventID}0`),
        url(issue, 'g'.repeat(32)),
        url(issue, other.events[0].eventID),
        `/api/0/organizations/acme/issues/999/events/latest/`,
        `/api/0/organizations/acme/issues/abc/events/latest/`,
        `/api/0/organizations/acme/issues/${globex.id}/events/latest/`,
        `/api/0/organizations/nope/issues/${issue.id}/events/latest/`,
      ]) {
        const r = await get(p);
        assert.equal(r.status, 404, p);
        assert.deepEqual(r.body, { detail: 'The requested resource does not exist' }, p);
      }
    });

    it('401 without or with a bad token, 403 without an event scope, as the events list', async () => {
      const issue = withEvents(3, 20);
      const list = `/api/0/organizations/acme/issues/${issue.id}/events/`;
      const noScope = `Bearer ${sb.control.credentials.addToken({ scopes: ['org:read', 'project:read'] }).token}`;
      for (const [auth, status] of [
        [null, 401],
        ['Bearer nope', 401],
        [noScope, 403],
      ] as const) {
        const r = await get(url(issue, 'latest'), auth);
        assert.equal(r.status, status, String(auth));
        assert.deepEqual(r.body, (await get(list, auth)).body, 'the same answer as the list');
      }
      for (const scope of ['event:admin', 'event:read', 'event:write']) {
        const t = `Bearer ${sb.control.credentials.addToken({ scopes: [scope] }).token}`;
        assert.equal((await get(url(issue, 'latest'), t)).status, 200, scope);
      }
    });

    it('llmFormat other than markdown or xml is ignored, as are unknown parameters (src/sentry/issues/formatting/mixin.py)', async () => {
      const issue = withEvents(3, 20);
      const plain = await get(url(issue, 'latest'));
      for (const v of ['html', '', 'MARKDOWN']) {
        const r = await get(url(issue, 'latest', `?llmFormat=${v}`));
        assert.equal(r.status, 200, v);
        assert.deepEqual(r.body, plain.body, `llmFormat=${v}: the event as without it, no formatted`);
      }
      const r = await get(url(issue, 'latest', '?full=true&foo=bar&per_page=1'));
      assert.equal(r.status, 200);
      assert.equal(r.body.formatted, undefined);
    });
  });

  describe('content', () => {
    it('llmFormat markdown and xml: title, exception, in-app frames, last 5 breadcrumbs, request line; no secret inside', async () => {
      let masked = 0;
      const issues = [...samples.chained.slice(0, 30), ...samples.messageOnly, samples.maxBreadcrumbs, sb.seed.xssIssue, ...sb.seed.issuesOf('api-server').slice(0, 20)];
      for (const issue of issues) {
        for (const format of ['markdown', 'xml']) {
          const body = await event(issue, 'latest', `?llmFormat=${format}`);
          assert.equal(body.formatted.format, format);
          const content: string = body.formatted.content;
          assert.ok(!content.includes('SANDBOXSECRET'), `${issue.shortId} ${format}: a secret in\n${content}`);
          if (content.includes('[masked]')) masked++;
          const request = entry(body, 'request');
          if (request) assert.ok(content.includes(request.method), 'the request line');
          const crumbs = entry(body, 'breadcrumbs')?.values ?? [];
          if (format === 'markdown') {
            assert.ok(content.startsWith(`# ${issue.title}`), content.slice(0, 80));
            if (issue.exception) assert.ok(content.includes(`**${issue.exception.type}**`));
            if (crumbs.length) assert.ok(content.includes(`## Breadcrumbs (last ${Math.min(5, crumbs.length)} of ${crumbs.length})`));
            for (const f of entry(body, 'exception')
              ?.values.at(-1)
              .stacktrace?.frames.filter((x: any) => x.inApp && x.lineNo) ?? [])
              assert.ok(content.includes(`${f.filename}:${f.lineNo}`));
          } else {
            assert.ok(content.startsWith(`<event id="${body.eventID}">`));
            assert.ok(!content.includes('<img'), 'markup is escaped');
          }
        }
      }
      assert.ok(masked > 0, 'some rendering masked a secret');
    });

    it('chained exceptions: three values, the cause first, each with its mechanism and stack; others have one', async () => {
      const issue = samples.chained.find((i) => i.project.slug === 'api-server')!;
      for (const chained of [samples.chained[0], issue]) {
        const values = entry(await event(chained, 'latest'), 'exception').values;
        assert.equal(values.length, 3, chained.shortId);
        assert.equal(values[2].type, chained.exception!.type, 'the last raised names the issue');
        assert.equal(values[2].value, chained.exception!.value);
        assert.deepEqual(
          values.map((v: any) => [v.mechanism.exception_id, v.mechanism.parent_id]),
          [
            [2, 1],
            [1, 0],
            [0, null],
          ],
        );
        assert.equal(values[2].mechanism.type, chained.exception!.mechanism);
        for (const v of values) {
          assert.equal(typeof v.mechanism.handled, 'boolean');
          assert.ok(v.stacktrace.frames.length >= 2);
          assert.ok(v.stacktrace.frames.some((f: any) => f.inApp) && v.stacktrace.frames.some((f: any) => !f.inApp), 'in-app and library frames');
        }
        assert.ok(values.slice(0, 2).every((v: any) => v.mechanism.type === 'chained' && typeof v.mechanism.source === 'string'));
        for (const f of values.flatMap((v: any) => v.stacktrace.frames).filter((x: any) => x.inApp)) {
          assert.ok(fs.existsSync(path.join(sb.seed.workspaceDir, f.filename)), `${f.filename} is a workspace file`);
        }
      }
      const single = sb.seed.issues.find((i) => i.exception && i.frames && !samples.chained.includes(i))!;
      const values = entry(await event(single, 'latest'), 'exception').values;
      assert.equal(values.length, 1);
      assert.deepEqual(
        values[0].stacktrace.frames.map((f: any) => [f.filename, f.lineNo, f.inApp]),
        single.frames!.map((f) => [f.filename, f.lineNo, f.inApp]),
        'the seeded frames, oldest first',
      );
    });

    it('frames carry context lines and vars of every JSON kind, with a credential and a nested authorization', async () => {
      const body = await event(sb.seed.bigIssue, 'latest');
      const frames = entry(body, 'exception').values.at(-1).stacktrace.frames;
      const crash = frames.filter((f: any) => f.inApp).at(-1);
      assert.ok(crash.context.length > 0 && crash.context.every((c: any) => typeof c[0] === 'number' && typeof c[1] === 'string'));
      const kinds = new Set<string>(Object.values(crash.vars).map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)));
      for (const k of ['string', 'number', 'boolean', 'null', 'object', 'array']) assert.ok(kinds.has(k), `a ${k} var: ${JSON.stringify(crash.vars)}`);
      assert.ok(/SANDBOXSECRET/.test(crash.vars.password ?? crash.vars.api_key));
      assert.ok(crash.vars.client.headers.authorization.includes(SANDBOX_SECRET));
    });

    it('breadcrumbs: exactly 500 on the latest event of one issue, ascending before the event, of every kind and level', async () => {
      const body = await event(samples.maxBreadcrumbs, 'latest');
      const crumbs = entry(body, 'breadcrumbs').values;
      assert.equal(crumbs.length, MAX_BREADCRUMBS);
      const ms = crumbs.map((c: any) => (typeof c.timestamp === 'number' ? c.timestamp * 1000 : Date.parse(c.timestamp)));
      assert.ok(
        ms.every((t: number, k: number) => k === 0 || t >= ms[k - 1]),
        'ascending',
      );
      assert.ok(ms.at(-1) <= Date.parse(body.dateCreated) + 1000, 'before the event');
      assert.ok(
        crumbs.some((c: any) => typeof c.timestamp === 'number'),
        'some epoch-second timestamps',
      );
      const types = new Set(crumbs.map((c: any) => c.type));
      const categories = new Set(crumbs.map((c: any) => c.category));
      for (const t of ['http', 'navigation', 'debug', 'default', 'error']) assert.ok(types.has(t), t);
      assert.ok(categories.has('ui.click') && categories.has('console'));
      assert.deepEqual(new Set(crumbs.map((c: any) => c.level)), new Set(['debug', 'info', 'warning', 'error', 'fatal']));
      const http = crumbs.find((c: any) => c.type === 'http');
      assert.deepEqual(Object.keys(http.data).sort(), ['method', 'status_code', 'url']);
      assert.ok(crumbs.some((c: any) => c.type === 'http' && /[?&]token=.*SANDBOXSECRET/.test(c.data.url)));
      const nav = crumbs.find((c: any) => c.type === 'navigation');
      assert.equal(typeof nav.data.from, 'string');
      const py = await event(sb.seed.issuesOf('api-server')[0], 'latest');
      assert.ok(sb.seed.issuesOf('api-server').length > 0 && (entry(py, 'breadcrumbs')?.values ?? []).every((c: any) => c.category !== 'ui.click'), 'no clicks on a server');
      const times: number[] = [];
      for (let k = 0; k < 5; k++) times.push((await get(url(samples.maxBreadcrumbs, 'latest'))).ms);
      times.sort((a, b) => a - b);
      // A typical answer takes a few ms; the bound leaves room for a loaded machine.
      assert.ok(times[2] < 100, `median ${times[2].toFixed(1)} ms`);
    });

    it('events without breadcrumbs: some leave the entry out, some send an empty list; a query crumb on servers', async () => {
      assert.equal(entry(await event(samples.noBreadcrumbsEntry.issue, 'latest'), 'breadcrumbs'), undefined);
      assert.deepEqual(entry(await event(samples.emptyBreadcrumbs.issue, 'latest'), 'breadcrumbs'), { values: [] });
      const server = sb.seed.issuesOf('api-server').find((i) => breadcrumbCount(i.events[0]) > 30)!;
      const crumbs = entry(await event(server, 'latest'), 'breadcrumbs').values;
      assert.ok(crumbs.some((c: any) => c.type === 'query' && /^(SELECT|UPDATE|INSERT)/.test(c.message)));
    });

    it('message-only events: a message entry and no exception; some with threads', async () => {
      assert.ok(samples.messageOnly.length > 0 && samples.threads.length > 0 && samples.threads.length < samples.messageOnly.length);
      for (const issue of samples.messageOnly) {
        const body = await event(issue, 'latest');
        assert.equal(entry(body, 'exception'), undefined);
        assert.equal(entry(body, 'message').formatted, issue.events[0].message);
        assert.equal(body.type, 'generic');
        const threads = entry(body, 'threads');
        assert.equal(threads !== undefined, samples.threads.includes(issue), issue.shortId);
        if (threads) {
          for (const t of threads.values) {
            assert.deepEqual(Object.keys(t).sort(), ['crashed', 'current', 'id', 'name', 'stacktrace']);
            assert.ok(t.stacktrace.frames.length > 0);
          }
          assert.equal(threads.values.filter((t: any) => t.current).length, 1);
        }
      }
    });

    it('request entries: the method, url, query and header pairs with secrets, cookies, a body, env', async () => {
      const seen = { keyInUrl: 0, json: 0, form: 0, none: 0 };
      for (const issue of sb.seed.issues.filter((i) => i.project.slug === 'api-server').slice(0, 60)) {
        const request = entry(await event(issue, 'latest'), 'request');
        assert.ok(request, issue.shortId);
        assert.match(request.method, /^(GET|POST|PUT|DELETE)$/);
        for (const name of ['Authorization', 'Cookie', 'User-Agent']) assert.equal(pairs(request.headers, name).length, 1, name);
        assert.match(pairs(request.headers, 'Authorization')[0], /^Bearer .*SANDBOXSECRET/);
        assert.match(pairs(request.headers, 'Cookie')[0], /^session=.*SANDBOXSECRET.*; theme=dark$/);
        assert.deepEqual(request.cookies[1], ['theme', 'dark']);
        assert.deepEqual(Object.keys(request.env).sort(), ['REMOTE_ADDR', 'SERVER_NAME']);
        if (/[?&]api_key=/.test(request.url)) {
          seen.keyInUrl++;
          assert.deepEqual(
            request.query.map(([k]: [string]) => k),
            ['api_key', 'page'],
          );
        }
        if (request.data && typeof request.data === 'object') {
          seen.json++;
          assert.equal(pairs(request.headers, 'Content-Type')[0], 'application/json');
        } else if (typeof request.data === 'string') {
          seen.form++;
          assert.match(request.data, /^username=.*&password=.*SANDBOXSECRET/);
        } else seen.none++;
      }
      assert.ok(
        Object.values(seen).every((n) => n > 0),
        JSON.stringify(seen),
      );
      assert.equal(entry(await event(samples.withoutRequest.issue, 'latest'), 'request'), undefined);
    });

    it('every secret the details carry contains SANDBOXSECRET', async () => {
      const found = new Map<string, number>();
      const check = (what: string, value: unknown) => {
        assert.equal(typeof value, 'string', what);
        assert.ok((value as string).includes('SANDBOXSECRET'), `${what}: ${String(value)}`);
        found.set(what, (found.get(what) ?? 0) + 1);
      };
      const walkVars = (v: unknown, where: string): void => {
        if (!v || typeof v !== 'object') return;
        for (const [k, x] of Object.entries(v)) {
          if (/^(password|api_key|authorization)$/i.test(k)) check(`vars ${k}`, x);
          else walkVars(x, where);
        }
      };
      const issues = [...sb.seed.issues.filter((_, k) => k % 10 === 0), ...samples.messageOnly];
      for (const issue of issues) {
        const body = await event(issue, 'latest');
        const request = entry(body, 'request');
        if (request) {
          for (const name of ['Authorization', 'X-Api-Key', 'X-Auth-Token']) for (const v of pairs(request.headers, name)) check(`header ${name}`, v);
          for (const v of pairs(request.headers, 'Cookie')) check('header Cookie', /session=([^;]*)/.exec(v)![1]);
          for (const v of pairs(request.cookies, 'session')) check('cookie session', v);
          for (const name of ['api_key', 'token']) for (const v of pairs(request.query, name)) check(`query ${name}`, v);
          const q = /[?&]api_key=([^&]*)/.exec(request.url);
          if (q) check('url api_key', q[1]);
          if (request.data && typeof request.data === 'object') check('body password', request.data.password);
          if (typeof request.data === 'string') check('form password', new URLSearchParams(request.data).get('password'));
        }
        for (const c of entry(body, 'breadcrumbs')?.values ?? []) {
          const t = c.type === 'http' ? /[?&]token=([^&]*)/.exec(c.data.url) : null;
          if (t) check('breadcrumb token', t[1]);
          const b = /Bearer (\S+)/.exec(c.message ?? '');
          if (b) check('breadcrumb bearer', b[1]);
        }
        const stacks = [...(entry(body, 'exception')?.values ?? []), ...(entry(body, 'threads')?.values ?? [])];
        for (const s of stacks) for (const f of s.stacktrace?.frames ?? []) walkVars(f.vars, f.filename);
      }
      for (const what of [
        'header Authorization',
        'header X-Api-Key',
        'header X-Auth-Token',
        'header Cookie',
        'cookie session',
        'query token',
        'url api_key',
        'body password',
        'form password',
        'breadcrumb token',
        'vars authorization',
      ])
        assert.ok(found.get(what), `no ${what} seen`);
      assert.ok(found.get('vars password') || found.get('vars api_key'));
    });

    it('contexts of several kinds (null and {} too), user with geo, sdk, release object, and an unknown entry type', async () => {
      assert.equal((await event(samples.nullContexts.issue, 'latest')).contexts, null);
      assert.deepEqual((await event(samples.emptyContexts.issue, 'latest')).contexts, {});
      const kinds = new Set<string>();
      let geo = 0;
      for (const issue of [...sb.seed.issues.filter((_, k) => k % 25 === 0), ...samples.messageOnly]) {
        const body = await event(issue, 'latest');
        for (const k of Object.keys(body.contexts ?? {})) kinds.add(k);
        if (body.contexts?.trace) assert.match(body.contexts.trace.trace_id, /^[0-9a-f]{32}$/);
        if (body.user?.geo) {
          geo++;
          assert.ok(Object.values(body.user.geo).every((v) => typeof v === 'string'));
        }
        assert.equal(typeof body.sdk.name, 'string');
        assert.equal(typeof body.sdk.version, 'string');
        assert.equal(body.release.version, issue.events[0].release);
        assert.deepEqual(body.tags.find((t: any) => t.key === 'environment').value, issue.events[0].environment);
      }
      for (const k of ['browser', 'os', 'runtime', 'device', 'app', 'trace', 'state', 'feature_flags', 'feedback']) assert.ok(kinds.has(k), `contexts.${k}`);
      assert.ok(geo > 0);
      const unknown = await event(samples.unknownEntry.issue, 'latest');
      assert.ok(unknown.entries.some((e: any) => ['debugmeta', 'expectct'].includes(e.type)));
    });
  });
});
