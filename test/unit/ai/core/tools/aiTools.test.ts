// The AI tools' core against the sandbox over real HTTP: what each tool answers, what it
// costs in requests, secrets masked, the token budget kept, failures as text a model can act on,
// and an update that runs only after its confirmation was prepared.
import assert from 'node:assert/strict';
import { ToolContext, type ToolDeps } from '../../../../../src/ai/core/tools/context';
import { issueDetails, type DetailsInput } from '../../../../../src/ai/core/tools/issueDetails';
import { issuesAtLocation, type LocationInput } from '../../../../../src/ai/core/tools/issuesAtLocation';
import { readTrace } from '../../../../../src/openLink/core/pastedTrace';
import { searchIssues, type SearchInput } from '../../../../../src/ai/core/tools/searchIssues';
import { tagDistribution, type TagInput } from '../../../../../src/ai/core/tools/tagDistribution';
import { CHOOSE_PROJECT_FIRST, SIGN_IN_FIRST, ToolCancelled } from '../../../../../src/ai/core/tools/toolErrors';
import type { UpdateAction } from '../../../../../src/ai/core/tools/toolInputs';
import { prepareUpdate, preview, updateIssue, type UpdateInput } from '../../../../../src/ai/core/tools/updateIssue';
import { estimateTokens } from '../../../../../src/ai/core/text/tokens';
import { traceDetails, type TraceInput } from '../../../../../src/ai/core/tools/traceDetails';
import { TraceCounts } from '../../../../../src/store/traceCounts';
import type { SentryClient } from '../../../../../src/api/client';
import { escapeMarkdown } from '../../../../../src/model/event/markdown';
import type { IssueRef } from '../../../../../src/contracts/issueRef';
import type { FileMarks, LocationSource } from '../../../../../src/store/editorLocations';
import { IssueStore } from '../../../../../src/store/issueStore';
import { SANDBOX_SECRET, type Sandbox, type SeedIssue } from '../../../../sandbox/index';
import { contextsKind } from '../../../../sandbox/eventDetails';
import { clientFor, lastQuery, describeEachProfile, useSandbox } from '../../../api/sandbox';

/** Each tool's handler (and the update's confirmation) over one context, as VS Code calls them after checking the input. */
function toolsOf(ctx: ToolContext) {
  return {
    search: (i: SearchInput, signal?: AbortSignal) => searchIssues.handler(i, ctx, signal),
    details: (i: DetailsInput, signal?: AbortSignal) => issueDetails.handler(i, ctx, signal),
    tags: (i: TagInput, signal?: AbortSignal) => tagDistribution.handler(i, ctx, signal),
    atLocation: (i: LocationInput, signal?: AbortSignal) => issuesAtLocation.handler(i, ctx, signal),
    trace: (i: TraceInput, signal?: AbortSignal) => traceDetails.handler(i, ctx, signal),
    prepareUpdate: (i: UpdateInput, signal?: AbortSignal) => prepareUpdate(i, ctx, signal),
    update: (i: UpdateInput, signal?: AbortSignal) => updateIssue.handler(i, ctx, signal),
  };
}

interface Setup {
  sb: Sandbox;
  tools: ReturnType<typeof toolsOf>;
  store: IssueStore;
  updates: { ref: IssueRef; action: UpdateAction }[];
  /** API requests since setup (control requests are not logged), but the trace's. */
  requests: () => { method: string; path: string; query: [string, string][] }[];
  /** The details' reads of the event's trace: the trace and its logs (../text/traceSummary.ts). */
  traceReads: () => { method: string; path: string; query: [string, string][]; status: number }[];
}

/** A read of a trace or its logs (the events table with a logs dataset). */
function isTraceRead(r: { path: string; query: [string, string][] }): boolean {
  return /\/(events-)?trace\/[0-9a-f]{32}\/$/.test(r.path) || (/\/organizations\/[^/]+\/events\/$/.test(r.path) && r.query.some(([k, v]) => k === 'dataset' && /logs$/.test(v)));
}

/** A workspace of one file, `src/checkout.ts`: frames whose path ends in checkout.ts map to it. */
function locations(marks: FileMarks = { kind: 'none' }): LocationSource {
  return {
    marksIn: async (p) => (p.endsWith('checkout.ts') ? marks : { kind: 'none' }),
    activeFile: async () => marks,
    mapFrame: async (f) => ([f.filename, f.absPath].some((x) => x?.endsWith('checkout.ts')) ? 'src/checkout.ts' : undefined),
    codeMappings: async () => [],
    frameFiles: async () => ({ kind: 'none' }),
  };
}

describeEachProfile('AI tools core (against the sandbox)', function (profile) {
  this.timeout(20_000);
  const box = useSandbox({ profile });
  const issueOf = (sb: Sandbox, shortId: string): SeedIssue => sb.control.seed.issues.find((i) => i.shortId === shortId)!;

  function setup(more: Partial<ToolDeps> & { token?: string } = {}): Setup {
    const sb = box.get();
    const client = clientFor(sb, { kind: 'bearer', token: more.token ?? sb.defaults.authToken });
    const store = new IssueStore(async () => client);
    const updates: Setup['updates'] = [];
    const ctx = new ToolContext({
      getClient: async () => client,
      store,
      selection: () => ({ org: 'acme', projects: ['web-frontend'] }),
      locations: () => locations(),
      update: async (ref, action) => {
        updates.push({ ref, action });
        return { ok: true };
      },
      me: () => 'Jane Doe',
      now: () => sb.control.clock.now(),
      ...more,
    });
    const tools = toolsOf(ctx);
    sb.control.requests.clear();
    const all = () => sb.control.requests.list({ path: /^\/api\/0\// });
    return { sb, tools, store, updates, requests: () => all().filter((r) => !isTraceRead(r)), traceReads: () => all().filter(isTraceRead) };
  }

  it('search: one list request for the projects, a compact list with short IDs, at most `limit`', async () => {
    const { tools, requests } = setup();
    const text = await tools.search({ query: 'is:unresolved', limit: 5, sort: 'freq' });
    assert.match(text, /^Sentry issues in web-frontend matching is:unresolved \(sorted by freq\)/);
    assert.equal(text.match(/^- \*\*WEB-FRONTEND-/gm)?.length, 5);
    assert.match(text, /Showing 5 of [\d,]+ issues/);
    assert.equal(requests().filter((r) => /\/issues\/$/.test(r.path)).length, 1);
    assert.ok(requests().length <= 2, 'and at most the project list, read once per session for the ids');
    assert.ok(lastQuery(box.get(), /\/issues\/$/).some(([k, v]) => k === 'sort' && v === 'freq'));
  });

  it('search: a period narrows by last seen; a bad query comes back as the server said, as text', async () => {
    const { tools, requests } = setup();
    const text = await tools.search({ period: '24h' });
    const list = requests().filter((r) => /\/issues\/$/.test(r.path));
    assert.match(list[0].path, /^\/api\/0\/organizations\/acme\/issues\/$/);
    const q = new URLSearchParams(list[0].query);
    assert.deepEqual([q.getAll('project'), q.get('statsPeriod')], [[box.get().seed.project('web-frontend')!.id], '24h'], 'the period is the window searched');
    assert.match(text, /seen in the last 24h/);
    const bad = await tools.search({ query: 'is:nonsense' });
    assert.match(bad, /^Sentry rejected the request \(400\):.*Invalid value for "is" search/s);
  });

  it('details by short ID: one lookup and one event request; chain, workspace path, server rendering, no secret', async () => {
    const { sb, tools, requests, store, traceReads } = setup();
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    const text = await tools.details({ issue: 'web-frontend-1' });
    assert.match(text, /^## WEB-FRONTEND-1: /);
    const crash = sb.control.seed.locations.find((l) => l.issueId === issue.id);
    if (crash?.line) assert.ok(store.eventText.find(sb.url, issue.id, crash.location!.replace(/:\d+$/, ''), crash.line), "the event's frame text is there for the marks");
    assert.match(text, /→ `src\/checkout\.ts:\d+`/, 'an in-app frame maps to the workspace file');
    // A server without llmFormat ignores it (self-hosted-2025): the tool's own rendering stands alone.
    if (profile === 'sentry-io') assert.match(text, /### Sentry's rendering of the event/, 'the llmFormat rendering is used when offered');
    else assert.doesNotMatch(text, /### Sentry's rendering of the event/, 'no rendering where the server sends none');
    assert.ok(!text.includes(SANDBOX_SECRET), 'secrets masked');
    assert.ok(estimateTokens(text) <= 4000);
    const paths = requests().map((r) => r.path);
    assert.deepEqual(paths, ['/api/0/organizations/acme/issues/', `/api/0/organizations/acme/issues/${issue.id}/events/latest/`]);
    assert.match(
      sb.control.requests
        .list({ path: /events\/latest/ })[0]
        .query.map(([k, v]) => `${k}=${v}`)
        .join('&'),
      /llmFormat=markdown/,
    );
    // The trace's summary: its trace and its logs (a server met for the first time may answer an older name once more).
    const first = traceReads();
    assert.ok(first.length >= 2 && first.length <= 3, first.map((r) => `${r.path} ${r.status}`).join(', '));
    assert.match(text, /### Trace of this event\n/);
    sb.control.requests.clear();
    const again = await tools.details({ issue: 'WEB-FRONTEND-1' });
    assert.deepEqual(
      requests().map((r) => r.path),
      [`/api/0/organizations/acme/issues/${issue.id}/events/latest/`],
      'a short ID looked up before costs no second lookup',
    );
    assert.equal(traceReads().length, 2, 'the trace and its logs: two requests, what the Trace and Logs tabs cost');
    const fence = again.slice(again.indexOf('### Trace of this event')).match(/\n(`{3,})\n/)![1];
    assert.match(again, new RegExp(`\\n${fence}\\ntrace [0-9a-f]{32}: [\\d,]+ spans? over `), 'counted, inside the fence');
  });

  it('details by id, by web address, and a second time: the issue comes from the store once known', async () => {
    const { sb, tools, store, requests } = setup();
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    await tools.details({ issue: issue.id });
    assert.deepEqual(
      requests().map((r) => r.path),
      [`/api/0/organizations/acme/issues/${issue.id}/`, `/api/0/organizations/acme/issues/${issue.id}/events/latest/`],
    );
    sb.control.requests.clear();
    store.upsert('acme', [await clientFor(sb).getIssue('acme', issue.id)]);
    sb.control.requests.clear();
    const text = await tools.details({ issue: `https://acme.sentry.io/issues/${issue.id}/?project=1` });
    assert.match(text, /^## WEB-FRONTEND-1: /);
    assert.equal(requests().length, 1, 'only the event');
  });

  it('details of the largest event fit a small budget: system frames and breadcrumbs go first', async () => {
    const { sb, tools } = setup();
    const big = sb.control.seed.issues.filter((i) => i.project.org.slug === 'acme').find((i) => i.shortId === 'WEB-FRONTEND-A')!;
    for (const maxTokens of [500, 1000, 4000, 16000]) {
      const text = await tools.details({ issue: big.shortId, maxTokens });
      assert.ok(estimateTokens(text) <= maxTokens, `${estimateTokens(text)} tokens for a budget of ${maxTokens}`);
      assert.match(text, /^## WEB-FRONTEND-A: /);
      assert.ok(!text.includes(SANDBOX_SECRET));
      // A small budget keeps one line of the trace's counts; a larger one, the summary.
      assert.match(
        text,
        maxTokens < 1000 ? /\nTrace [0-9a-f]{32}: [^\n]*sentryExplorer_getTraceDetails|\nTrace: this event names no trace/ : /### Trace of this event|\nTrace: this event names no trace/,
      );
    }
  });

  it('tag distribution: one tag request; values with counts and percentages', async () => {
    const { sb, tools, requests } = setup();
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    const text = await tools.tags({ issue: issue.id, tag: 'browser' });
    assert.match(text, /^Issue WEB-FRONTEND-1: \*\*Tag /);
    assert.match(text, /: [\d,]+ \(\d+\.\d%\)/);
    assert.equal(requests().filter((r) => r.path.includes('/tags/')).length, 1);
    assert.match(await tools.tags({ issue: issue.id, tag: '../../x' }), /^Invalid input: /);
  });

  it('issues at a location: what the editor marks in the file (and on a line), without a request', async () => {
    const sb = box.get();
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    const ref: IssueRef = { org: 'acme', project: 'web-frontend', issueId: issue.id };
    const { tools, store, requests } = setup({ locations: () => locations({ kind: 'file', file: 'src/checkout.ts', marks: [{ ref, line: 42 }] }) });
    store.upsert('acme', [await clientFor(sb).getIssue('acme', issue.id)]);
    sb.control.requests.clear();
    const text = await tools.atLocation({ file: 'src/checkout.ts' });
    assert.match(text, /^\*\*1 issue marked in `src\/checkout\.ts`\*\*/);
    assert.match(text, /^- line 42: \*\*WEB-FRONTEND-1\*\*/m);
    assert.match(await tools.atLocation({ file: 'src/checkout.ts', line: 7 }), /^No Sentry issue is marked on line 7 of `src\/checkout\.ts`/);
    assert.match(await tools.atLocation({ file: '/etc/passwd' }), /is not a file of this workspace/);
    assert.equal(requests().length, 0);
  });

  it("issues at a location: a pasted trace's innermost frames, each with its workspace file and the issues on its line", async () => {
    const sb = box.get();
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    const ref: IssueRef = { org: 'acme', project: 'web-frontend', issueId: issue.id };
    const marked = locations({ kind: 'file', file: 'src/checkout.ts', marks: [{ ref, line: 42 }] });
    const { tools, store, requests } = setup({
      readTrace,
      locations: () => ({ ...marked, frameFiles: async (f) => (f.filename?.endsWith('checkout.ts') ? { kind: 'file', file: 'src/checkout.ts' } : { kind: 'none' }) }),
    });
    store.upsert('acme', [await clientFor(sb).getIssue('acme', issue.id)]);
    sb.control.requests.clear();
    const trace = ['TypeError: x is undefined', '    at pay (/app/src/checkout.ts:42:7)', '    at main (/app/src/main.ts:3:1)'].join('\n');
    const text = await tools.atLocation({ stackTrace: trace });
    assert.match(text, /^\*\*A JavaScript \\\(V8: Node, Chrome\\\) stack trace: 2 frames with a file, the most recent call first\*\*/);
    assert.match(text, /^- `\/app\/src\/checkout\.ts:42:7` in `pay`: `src\/checkout\.ts:42`$/m);
    assert.match(text, /^ {2}- \*\*WEB-FRONTEND-1\*\*/m);
    assert.match(text, /^- `\/app\/src\/main\.ts:3:1` in `main`: no workspace file$/m);
    assert.match(await tools.atLocation({ stackTrace: 'no trace here' }), /^No stack trace with file names/);
    assert.equal(requests().length, 0);
  });

  it('update: refused without a prepared confirmation; prepared, one triage run on exactly that issue', async () => {
    const { sb, tools, updates } = setup();
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    const refused = await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' });
    assert.match(refused, /^Not changed: this tool changes an issue only after the user confirmed/);
    assert.equal(updates.length, 0);

    const prepared = await tools.prepareUpdate({ issue: 'WEB-FRONTEND-1', action: 'archive' });
    assert.ok(prepared.ok);
    assert.equal(prepared.preview.title, 'Archive Sentry issue WEB-FRONTEND-1?');
    assert.match(prepared.preview.message, /Status: unresolved → \*\*archived until it escalates\*\*/);
    assert.match(prepared.preview.message, /This changes this one issue/);
    assert.equal(updates.length, 0, 'preparing writes nothing');
    assert.equal(
      await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' }),
      'Not changed: this tool changes an issue only after the user confirmed the change in VS Code. Call it through the chat so that VS Code asks the user.',
      'another action than the one confirmed',
    );
    const done = await tools.update({ issue: 'WEB-FRONTEND-1', action: 'archive' });
    assert.match(done, /^Archived \(until it escalates\): WEB-FRONTEND-1\./);
    assert.deepEqual(updates, [{ ref: { org: 'acme', project: 'web-frontend', issueId: issue.id }, action: 'archive' }]);
    assert.match(await tools.update({ issue: 'WEB-FRONTEND-1', action: 'archive' }), /^Not changed/, 'a confirmation is used once');
    assert.equal(updates.length, 1);
  });

  it('update: a preparation that failed says why at invocation; a failed write says why', async () => {
    const { tools, updates } = setup({ update: async () => ({ ok: false, error: new Error('boom') }) });
    const prepared = await tools.prepareUpdate({ issue: 'NOPE-999', action: 'resolve' });
    assert.ok(!prepared.ok);
    assert.match(await tools.update({ issue: 'NOPE-999', action: 'resolve' }), /^Not changed: No issue NOPE-999 was found/);
    assert.ok((await tools.prepareUpdate({ issue: 'WEB-FRONTEND-1', action: 'resolve' })).ok);
    assert.match(await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' }), /^Not changed: Sentry Explorer failed: boom/);
    assert.equal(updates.length, 0);
  });

  /**
   * A session that can change between the confirmation and the invocation: `client` and `org` are
   * what getClient and the selection answer now, and the update PUTs through whatever client is
   * current when it runs, as the triage code does.
   */
  function switchable() {
    const now: { client: SentryClient | undefined; org: string } = { client: writer(box.get()), org: 'acme' };
    const setup0 = setup({
      getClient: async () => now.client,
      selection: () => ({ org: now.org, projects: now.org === 'acme' ? ['web-frontend'] : ['legacy-portal'] }),
      update: async (ref, action) => {
        assert.equal(action, 'resolve');
        try {
          await now.client!.updateIssue(ref.org, ref.issueId, { status: 'resolved' });
          return { ok: true };
        } catch (error) {
          return { ok: false, error };
        }
      },
    });
    return { ...setup0, now };
  }
  const writer = (sb: Sandbox) => clientFor(sb, { kind: 'bearer', token: sb.defaults.writeToken! });
  const puts = (sb: Sandbox) => sb.control.requests.list({ path: /^\/api\/0\// }).filter((r) => r.method === 'PUT');

  it('update: the confirmation names the server, the organization and the short ID; the PUT goes to exactly that issue', async () => {
    const { sb, tools, now } = switchable();
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    const prepared = await tools.prepareUpdate({ issue: 'web-frontend-1', action: 'resolve' });
    assert.ok(prepared.ok);
    const host = new URL(sb.url).host;
    assert.ok(prepared.preview.message.includes(`Server **${escapeMarkdown(host)}**, organization **acme**, issue **WEB-FRONTEND-1**.`), prepared.preview.message);
    sb.control.requests.clear();
    assert.match(await tools.update({ issue: 'web-frontend-1', action: 'resolve' }), /^Resolved: WEB-FRONTEND-1\./);
    assert.deepEqual(
      sb.control.requests.list({ path: /^\/api\/0\// }).map((r) => `${r.method} ${r.path}`),
      [`PUT /api/0/organizations/acme/issues/${issue.id}/`],
      'the invocation resolves nothing again: one PUT, on the prepared issue',
    );
    assert.equal(now.org, 'acme');
  });

  it('update: the confirmation escapes the server, the organization and the short ID', async () => {
    const issue = await clientFor(box.get()).getIssue('acme', issueOf(box.get(), 'WEB-FRONTEND-1').id);
    const shown = preview({ ...issue, shortId: '*X*_[a](b)' }, 'resolve', undefined, { baseUrl: 'https://sentry_self.example.com/', org: 'my_org' });
    assert.ok(shown.message.includes('Server **sentry\\_self\\.example\\.com**, organization **my\\_org**, issue **\\*X\\*\\_\\[a\\]\\(b\\)**.'), shown.message);
  });

  describe('update: the session changes between the confirmation and the invocation', () => {
    const other = useSandbox();

    it('the write is bound to the confirmed client: a switch after the last check cannot redirect it', async () => {
      const { now } = switchable();
      const confirmed = now.client;
      const bound: unknown[] = [];
      const ctxUpdate = setup({
        getClient: async () => now.client,
        update: async (_ref, _action, client) => {
          bound.push(client);
          return { ok: true };
        },
      });
      assert.ok((await ctxUpdate.tools.prepareUpdate({ issue: 'WEB-FRONTEND-1', action: 'resolve' })).ok);
      assert.match(await ctxUpdate.tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' }), /^Resolved: WEB-FRONTEND-1\./);
      assert.equal(bound.length, 1);
      assert.equal(bound[0], confirmed, 'the triage run is handed the client the user confirmed, not whichever is current when it writes');
    });

    it('another server (same org slug, same short IDs): refused, no PUT on either server', async () => {
      const { sb, tools, now, updates } = switchable();
      assert.ok((await tools.prepareUpdate({ issue: 'WEB-FRONTEND-1', action: 'resolve' })).ok);
      now.client = writer(other.get());
      sb.control.requests.clear();
      other.get().control.requests.clear();
      const text = await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' });
      assert.match(text, /^Not changed: the Sentry server or account changed since the user confirmed/);
      assert.deepEqual([puts(sb), puts(other.get())], [[], []], 'nothing sent');
      assert.equal(updates.length, 0);
    });

    it('another account on the same server: refused, no PUT', async () => {
      const { sb, tools, now } = switchable();
      assert.ok((await tools.prepareUpdate({ issue: 'WEB-FRONTEND-1', action: 'resolve' })).ok);
      now.client = clientFor(sb, { kind: 'bearer', token: sb.control.credentials.addToken({ scopes: ['event:write', 'event:read', 'org:read'] }).token });
      sb.control.requests.clear();
      assert.match(await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' }), /^Not changed: the Sentry server or account changed since the user confirmed/);
      assert.deepEqual(puts(sb), []);
    });

    it('another organization chosen: refused with both names, no PUT; signed out: refused', async () => {
      const { sb, tools, now } = switchable();
      assert.ok((await tools.prepareUpdate({ issue: 'WEB-FRONTEND-1', action: 'resolve' })).ok);
      now.org = 'globex';
      sb.control.requests.clear();
      const text = await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' });
      assert.match(text, /^Not changed: the organization chosen in Sentry Explorer changed from acme to globex since the user confirmed/);
      assert.deepEqual(puts(sb), []);
      assert.equal(sb.control.requests.list({ path: /^\/api\/0\// }).length, 0, 'nothing is looked up either');
      assert.match(await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' }), /^Not changed: this tool changes an issue only after/, 'the refused confirmation is used up');

      now.org = 'acme';
      assert.ok((await tools.prepareUpdate({ issue: 'WEB-FRONTEND-1', action: 'resolve' })).ok);
      now.client = undefined;
      assert.match(await tools.update({ issue: 'WEB-FRONTEND-1', action: 'resolve' }), /^Not changed: the user signed out of Sentry since the user confirmed/);
      assert.deepEqual(puts(sb), []);
    });
  });

  it('signed out, or no organization chosen: a sentence that says what to do, and no request', async () => {
    const out = setup({ getClient: async () => undefined });
    for (const text of [await out.tools.search({}), await out.tools.details({ issue: 'WEB-FRONTEND-1' }), await out.tools.atLocation({ file: 'a.ts' })]) assert.equal(text, SIGN_IN_FIRST);
    assert.equal(out.requests().length, 0);
    const noOrg = setup({ selection: () => ({ projects: [] }) });
    assert.equal(await noOrg.tools.tags({ issue: '1', tag: 'browser' }), CHOOSE_PROJECT_FIRST);
  });

  it('a token without the scope: a 403 as text naming the scope; a 429 as text saying how long to wait', async () => {
    const sb = box.get();
    const { token } = sb.control.credentials.addToken({ scopes: ['org:read'] });
    const denied = setup({ token });
    assert.match(await denied.tools.search({}), /^Sentry denied this \(403\):.* It needs the scope event:read\./s);
    const limited = setup();
    sb.control.faults.add({ path: '/issues/', rateLimited: true });
    const text = await limited.tools.search({});
    assert.match(text, /^Sentry's rate limit was reached \(429\)\. Wait (\d+) seconds before calling a Sentry tool again; do not retry sooner\.$/);
    assert.ok(Number(/Wait (\d+)/.exec(text)![1]) <= 61, 'the reset is 60 s away (rounded up)');
  });

  it('trace details: the latest event’s spans and logs, bounded and fenced; the counts left for the hover; a trace id alone', async () => {
    const counts = new TraceCounts();
    const { sb, tools, requests, traceReads } = setup({ traceCounts: () => counts });
    const issue = issueOf(sb, 'WEB-FRONTEND-1');
    const text = await tools.trace({ target: 'WEB-FRONTEND-1', maxSpans: 3, maxLogs: 2 });
    assert.match(text, /^Issue WEB-FRONTEND-1, its latest event\.\n\nTrace [0-9a-f]{32} of event [0-9a-f]{32}\. Spans \(3 of \d+\)/);
    assert.match(text, /and logs \(\d+ of \d+\+?\)/);
    assert.match(text, /\n>> /, 'the error’s span is marked');
    assert.ok(!text.includes(SANDBOX_SECRET));
    assert.deepEqual(
      requests().map((r) => r.path),
      ['/api/0/organizations/acme/issues/', `/api/0/organizations/acme/issues/${issue.id}/events/latest/`],
    );
    assert.ok(traceReads().length <= 3);
    const traceId = /Trace ([0-9a-f]{32})/.exec(text)![1];
    const known = counts.get('acme', issue.id)!;
    assert.equal(known.traceId, traceId);
    assert.ok(known.spans! > 3 && (known.logs !== undefined || known.noLogs === true), JSON.stringify(known));

    sb.control.requests.clear();
    const again = await tools.trace({ target: issue.id, event: 'oldest' });
    assert.match(again, /^Issue WEB-FRONTEND-1, its oldest event\./);
    assert.equal(traceReads().length, 2, 'the trace and its logs');
    assert.equal(counts.get('acme', issue.id)!.traceId, traceId, 'only the latest event’s trace is left for the hover');

    sb.control.requests.clear();
    const byId = await tools.trace({ target: traceId.toUpperCase() });
    assert.match(byId, /^A trace id alone is looked for in the last day/);
    assert.deepEqual(requests(), [], 'a trace id needs no event');
    assert.equal(traceReads().length, 2);
  });

  it('trace details: an event without a trace says so in one line; an issue of another organization is not read', async () => {
    const { sb, tools, traceReads } = setup();
    const bare = sb.control.seed.issues.find((i) => i.project.org.slug === 'acme' && i.project.slug === 'web-frontend' && i.events[0] && contextsKind(i.events[0]) === 'null');
    if (bare) {
      const text = await tools.trace({ target: bare.shortId });
      assert.equal(
        text,
        `Issue ${escapeMarkdown(bare.shortId, 64)}, its latest event: Trace: this event names no trace (its SDK sent no trace context), so there are no spans or logs to tell what led to it.\n`,
      );
      assert.deepEqual(traceReads(), []);
    }
    const other = sb.control.seed.issues.find((i) => i.project.org.slug !== 'acme');
    if (other) {
      const text = await tools.trace({ target: `https://sandbox.example/organizations/${other.project.org.slug}/issues/${other.id}/` });
      assert.match(text, /is in organization .*, not acme, the one Sentry Explorer shows: its trace is not read|^Not found|^Sentry denied/);
      assert.doesNotMatch(text, /^Trace |\n>> /);
      assert.deepEqual(traceReads(), [], 'nothing of the other organization’s trace is read');
    }
    assert.ok(bare || other, 'the seed has an event without a trace or another organization');
  });

  it('cancellation throws (VS Code turns it into its CancellationError); nothing else does', async () => {
    const { tools } = setup();
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(tools.details({ issue: 'WEB-FRONTEND-1' }, ac.signal), ToolCancelled);
    const slow = setup();
    box.get().control.faults.add({ path: '/issues/', latencyMs: 2000 });
    const ac2 = new AbortController();
    const running = slow.tools.search({}, ac2.signal);
    setTimeout(() => ac2.abort(), 50);
    await assert.rejects(running, ToolCancelled);
  });
});
