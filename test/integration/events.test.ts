// The events panel inside VS Code against the sandbox: for each filter, the request the host sends
// carries exactly the right parameters (asserted on the sandbox's request log); one panel per
// issue; restore through the serializer path; hide/show answered from the host's cache; errors.
import type { FrameLocation } from '../../src/store/locationOpener';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SentryClient } from '../../src/api/client';
import { Commands } from '../../src/constants';
import { EventsPanels } from '../../src/eventsPanel/eventsPanels';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import { TRIAGE_COMMAND_IDS } from '../../src/eventsPanel/pageActions';
import { assigneeName } from '../../src/eventsPanel/core/eventData';
import type { Issue } from '../../src/model/issue/schema';
import { AiChat } from '../../src/store/aiChat';
import { IssueStore } from '../../src/store/issueStore';
import { EVENTS_PAGE_SIZE, MAX_PAGE_CHARS } from '../../src/eventsPanel/core/eventPage';
import { decodeEvents, MAX_TAG_VALUES, PROTOCOL_VERSION, VIEW_TYPE, type HostMessage, type PanelState, type TagData, TRIAGE_COMMANDS } from '../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS, type EventFilters } from '../../src/eventsPanel/core/protocol/filters';
import { mergeTagValues } from '../../src/eventsPanel/core/page/tagsModel';
import { activateExtension, getExtension } from './helpers';
import { control, SANDBOX_URL, signInToSandbox, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';
import { askPanel, nextRequestId, resetSandboxClient, type PanelResponse } from './panelRequests';

const BIG = '4800000007'; // WEB-FRONTEND-4, 2,400 events
const XSS = '4800000004';
const EVENTS_PATH = (id: string) => `/api/0/organizations/acme/issues/${id}/events/`;

type Pairs = [string, string][];
const sorted = (q: Pairs) => [...q].map(([k, v]) => `${k}=${v}`).sort();

/**
 * How long a new or re-shown page may take to load. code-server's webview host can find another
 * service worker in control ("Found unexpected service worker controller … Waiting for
 * controllerchange", logged often in a full run) and load the page only once the new one takes over,
 * which on a loaded 2-core machine has taken longer than the usual 20 s wait.
 */
const PAGE_LOAD_MS = 60_000;

describe('Events panel (sentryExplorer.showIssueEvents)', function () {
  this.timeout(120_000);
  let panels: EventsPanels;
  let client: SentryClient;
  let store: IssueStore;
  const opened: { location: string; frame?: FrameLocation }[] = [];
  let mapsToWorkspace = false;

  const log = vscode.window.createOutputChannel('Sentry Explorer events tests', { log: true });

  async function requests(path: string): Promise<RequestLogEntry[]> {
    return (await control<RequestLogEntry[]>('requests')).filter((r) => r.path === path);
  }

  /** Plays the page: sends one request to the host and waits for its answer. */
  const ask = (panel: EventsPanel, method: 'events' | 'tag', params: unknown): Promise<PanelResponse> => askPanel(panel, method, params);

  /** Per panel: whether its page said ready (the host answered init) and has not had its own first page yet. */
  const firstPagePending = new WeakMap<EventsPanel, { pending: boolean }>();
  /** Follows a panel's page from now on: a panel not ready yet has its first page still to come. */
  function tracked(panel: EventsPanel): { pending: boolean } {
    let page = firstPagePending.get(panel);
    if (!page) {
      const state = { pending: !panel.isReady };
      firstPagePending.set(panel, (page = state));
      panel.onDidPost((m) => {
        if (m.type === 'init') state.pending = true;
        else if (m.type === 'response' && m.method === 'events') state.pending = false;
      });
    }
    return page;
  }

  /**
   * The big issue's panel, once its page is ready and has had its own first page: a test run alone
   * (--grep) could otherwise meet the page's first request, which supersedes the test's own; and a
   * panel another test's panel hid tore its page down, which loads again when shown and asks for its
   * first page itself (after init), which must not land among the requests a test counts.
   */
  async function bigPanel(): Promise<EventsPanel> {
    const panel = panels.show({ org: 'acme', issueId: BIG });
    const page = tracked(panel);
    await waitFor('the page to be ready with its first page', () => panel.isReady && !page.pending, PAGE_LOAD_MS);
    // The tests play the page themselves: the real one is put behind an editor (its page torn down),
    // so that it neither asks again when an answer it awaited went to the test nor takes a fault set for the test.
    cover ??= await vscode.workspace.openTextDocument({ content: 'the events page is played by the test' });
    await vscode.window.showTextDocument(cover, { viewColumn: panel.panel.viewColumn, preview: false, preserveFocus: false });
    await waitFor('the panel to be hidden', () => !panel.panel.visible);
    return panel;
  }
  let cover: vscode.TextDocument | undefined;

  async function eventsWith(panel: EventsPanel, filters: EventFilters, cursor?: string): Promise<{ query: Pairs; answer: Extract<HostMessage, { type: 'response' }> }> {
    await control('requests/clear', {});
    const answer = await ask(panel, 'events', { filters, cursor });
    const log = await requests(EVENTS_PATH(panel.currentState.issueId));
    assert.equal(log.length, 1, `one events request, not ${log.length}: ${JSON.stringify(log.map((r) => ({ query: r.query, at: r.at })))}`);
    return { query: log[0].query, answer };
  }

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: skipping the events panel suite)');
      this.skip();
    }
    await activateExtension();
    client = await resetSandboxClient();
    store = new IssueStore(async () => client);
    panels = new EventsPanels(
      { extensionUri: getExtension().extensionUri },
      {
        getClient: async () => client,
        store,
        log,
        signIn: async () => undefined,
        openLocation: async (location, frame) => {
          opened.push({ location, frame });
          return mapsToWorkspace;
        },
      },
    );
  });

  after(async () => {
    panels?.dispose();
    store?.dispose();
    log.dispose();
    if (cover && !cover.isClosed) {
      await vscode.window.showTextDocument(cover);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  beforeEach(async () => {
    await control('faults/clear', {});
  });

  it('opens one panel per issue; its page shakes hands and loads the first page with the default period only', async () => {
    await control('requests/clear', {});
    const panel = panels.show({ org: 'acme', issueId: BIG });
    tracked(panel);
    assert.equal(panels.show({ org: 'acme', issueId: BIG }), panel, 'the same issue reuses its panel');
    assert.equal(panels.all().length, 1);
    await waitFor('the page to say ready', () => panel.isReady, PAGE_LOAD_MS);
    const first = await waitFor('the page to request events', async () => (await requests(EVENTS_PATH(BIG)))[0]);
    assert.deepEqual(sorted(first.query), ['statsPeriod=90d']);
    const env = await waitFor('the page to ask for the environment tag', async () =>
      (await control<RequestLogEntry[]>('requests')).find((r) => r.path === `/api/0/organizations/acme/issues/${BIG}/tags/environment/`),
    );
    assert.deepEqual(env.query, [], 'the environments picker asks for every environment');
    assert.equal(panel.panel.webview.options.enableScripts, true);
    assert.deepEqual(
      panel.panel.webview.options.localResourceRoots?.map((u) => u.path.split('/').slice(-1)[0]),
      ['dist', 'media'],
    );
    assert.match(panel.panel.webview.html, /Content-Security-Policy" content="default-src 'none'; style-src [^;]+; font-src [^;]+; img-src [^;]+ data:; script-src 'nonce-[A-Za-z0-9]+'"/);
    assert.doesNotMatch(panel.panel.webview.html, /unsafe-inline|unsafe-eval/);
  });

  it("the page is told whether a chat can take the issue (the header's AI buttons): in init, and again when it changes", async () => {
    const aiChat = new AiChat();
    let available = false;
    const listeners = new Set<() => void>();
    const source = aiChat.set({
      available: () => available,
      onDidChange: (l) => {
        listeners.add(l);
        return { dispose: () => listeners.delete(l) };
      },
    });
    const own = new EventsPanels({ extensionUri: getExtension().extensionUri }, { getClient: async () => client, store, log, signIn: async () => undefined, aiChat });
    try {
      const panel = own.show({ org: 'acme', issueId: XSS });
      const posted: HostMessage[] = [];
      panel.onDidPost((m) => posted.push(m));
      // Played here rather than waited for: the page says ready, the host answers init.
      await panel.handle({ type: 'ready', version: PROTOCOL_VERSION });
      const inits = () => posted.filter((m): m is Extract<HostMessage, { type: 'init' }> => m.type === 'init');
      assert.equal(inits().at(-1)?.ai, false, 'no chat: the header draws no AI buttons');
      available = true;
      listeners.forEach((l) => l());
      assert.deepEqual(
        posted.filter((m) => m.type === 'ai'),
        [{ type: 'ai', available: true }],
      );
      await panel.handle({ type: 'ready', version: PROTOCOL_VERSION });
      assert.equal(inits().at(-1)?.ai, true, 'a page that loads again is told at once');
    } finally {
      own.dispose();
      source.dispose();
    }
  });

  it('each filter sends exactly its parameters', async () => {
    const panel = await bigPanel();
    const envs = (await client.getTagDetails('acme', BIG, 'environment')).topValues.map((v) => v.value!).slice(0, 2);
    assert.ok(envs.length >= 2, 'the seed has two environments for the big issue');
    const cases: [string, Partial<EventFilters>, string[]][] = [
      ['period preset 1h', { period: { kind: 'preset', statsPeriod: '1h' } }, ['statsPeriod=1h']],
      ['period preset 24h', { period: { kind: 'preset', statsPeriod: '24h' } }, ['statsPeriod=24h']],
      ['period preset 14d', { period: { kind: 'preset', statsPeriod: '14d' } }, ['statsPeriod=14d']],
      ['custom range (no statsPeriod)', { period: { kind: 'range', start: '2020-01-01T00:00:00Z', end: '2030-01-01T00:00:00Z' } }, ['end=2030-01-01T00:00:00Z', 'start=2020-01-01T00:00:00Z']],
      ['environments', { environments: envs }, [...envs.map((e) => `environment=${e}`), 'statsPeriod=90d'].sort()],
      ['query', { query: 'browser:Chrome' }, ['query=browser:Chrome', 'statsPeriod=90d']],
      ['full', { full: true }, ['full=true', 'statsPeriod=90d']],
      ['sample', { sample: true }, ['sample=true', 'statsPeriod=90d']],
      [
        'everything at once',
        { period: { kind: 'preset', statsPeriod: '30d' }, environments: [envs[0]], query: 'level:error', full: true, sample: true },
        [`environment=${envs[0]}`, 'full=true', 'query=level:error', 'sample=true', 'statsPeriod=30d'],
      ],
    ];
    for (const [name, over, want] of cases) {
      const { query, answer } = await eventsWith(panel, { ...DEFAULT_FILTERS, ...over });
      assert.equal(answer.ok, true, `${name}: ${answer.ok ? '' : answer.error.message}`);
      assert.deepEqual(sorted(query), want, name);
    }
  });

  it('"Load more" sends the cursor of the previous page with the same filters', async () => {
    const panel = await bigPanel();
    const filters: EventFilters = { ...DEFAULT_FILTERS, query: 'level:error' };
    const first = await eventsWith(panel, filters);
    assert.ok(first.answer.ok && first.answer.method === 'events');
    const r1 = first.answer.result as { eventsJson: string; nextCursor?: string };
    assert.equal(decodeEvents(r1.eventsJson).length, 100);
    assert.ok(r1.nextCursor, 'the big issue has a second page');
    const more = await eventsWith(panel, filters, r1.nextCursor);
    assert.deepEqual(sorted(more.query), [`cursor=${r1.nextCursor}`, 'query=level:error', 'statsPeriod=90d']);
    const ids = new Set(decodeEvents(r1.eventsJson).map((e) => e.id));
    const r2 = (more.answer as { result: { eventsJson: string } }).result;
    assert.ok(
      decodeEvents(r2.eventsJson).every((e) => !ids.has(e.id)),
      'the second page has other events',
    );
  });

  it('full events carry exceptions with frames newest first', async () => {
    const panel = await bigPanel();
    const { answer } = await eventsWith(panel, { ...DEFAULT_FILTERS, full: true });
    assert.ok(answer.ok);
    const [event] = decodeEvents((answer.result as { eventsJson: string }).eventsJson);
    const raw = (await client.listIssueEvents('acme', BIG, { full: true, perPage: 1, statsPeriod: '90d' })).items[0];
    const wire = (raw.entries!.find((e) => e.type === 'exception')!.data as { values: { stacktrace: { frames: { function: string; lineNo: number }[] } }[] }).values[0].stacktrace.frames;
    const frames = event.exceptions![0].frames;
    assert.equal(frames[0].function, wire[wire.length - 1].function);
    assert.equal(frames[0].lineNo, wire[wire.length - 1].lineNo);
    assert.equal(frames[frames.length - 1].function, wire[0].function);
  });

  it('tag details: lazily per key, filtered by the chosen environments', async () => {
    const panel = await bigPanel();
    await control('requests/clear', {});
    const answer = await ask(panel, 'tag', { key: 'browser', environments: ['production'] });
    assert.ok(answer.ok, answer.ok ? '' : answer.error.message);
    const log = (await control<RequestLogEntry[]>('requests')).filter((r) => r.path.endsWith('/tags/browser/'));
    assert.equal(log.length, 1);
    assert.deepEqual(log[0].query, [['environment', 'production']]);
    const t = answer.result as { key: string; topValues: unknown[]; totalValues: number };
    assert.equal(t.key, 'browser');
    assert.ok(t.topValues.length > 0 && t.totalValues > 0);
  });

  it('Show all values: a key with more values than one page follows the cursor, page by page, with its environments', async () => {
    const panel = await bigPanel();
    const environments = ['production'];
    await control('requests/clear', {});
    const first = await ask(panel, 'tag', { key: 'user', environments });
    assert.ok(first.ok, first.ok ? '' : first.error.message);
    let data = first.result as TagData;
    assert.ok(data.nextCursor, 'the sandbox pages tag values (9 a page, as real servers): the first page has a next cursor');
    assert.ok(data.uniqueValues > data.topValues.length, `${data.uniqueValues} users, ${data.topValues.length} on the first page`);
    const unique = data.uniqueValues;
    let values = data.topValues;
    const cursors: string[] = [];
    while (data.nextCursor) {
      const cursor = data.nextCursor;
      cursors.push(cursor);
      assert.ok(cursors.length <= 100, 'the pages end');
      const answer = await ask(panel, 'tag', { key: 'user', environments, cursor });
      assert.ok(answer.ok, answer.ok ? '' : answer.error.message);
      data = answer.result as TagData;
      values = mergeTagValues(values, data.topValues, MAX_TAG_VALUES);
    }
    assert.ok(cursors.length >= 2, `more than two pages (${cursors.length + 1})`);
    assert.equal(values.length, unique, 'every value of the key, once');
    const log = (await control<RequestLogEntry[]>('requests')).filter((r) => r.path === `/api/0/organizations/acme/issues/${BIG}/tags/user/`);
    assert.deepEqual(
      log.map((r) => sorted(r.query)),
      [['environment=production'], ...cursors.map((c) => [`cursor=${c}`, 'environment=production'])],
      "one request per page, each with the previous answer's cursor and the same environments",
    );
  });

  it("Show all values: a server's Link header with a next cursor is followed (respond fault), and a bad cursor never reaches it", async () => {
    const panel = await bigPanel();
    const path = `/api/0/organizations/acme/issues/${BIG}/tags/browser/`;
    const link = `<${SANDBOX_URL}${path}?cursor=0:0:1>; rel="previous"; results="false"; cursor="0:0:1", <${SANDBOX_URL}${path}?cursor=0:1:0>; rel="next"; results="true"; cursor="0:1:0"`;
    const body = JSON.stringify({
      key: 'browser',
      name: 'Browser',
      uniqueValues: 2,
      totalValues: 3,
      topValues: [{ key: 'browser', name: 'Lynx', value: 'Lynx', count: 2, firstSeen: '2024-01-01T00:00:00Z', lastSeen: '2024-01-02T00:00:00Z' }],
    });
    await control('faults', { path: '/tags/browser/$', count: 1, respond: { status: 200, headers: { 'content-type': 'application/json', link }, body } });
    const first = await ask(panel, 'tag', { key: 'browser', environments: [] });
    assert.ok(first.ok, first.ok ? '' : first.error.message);
    assert.equal((first.result as TagData).nextCursor, '0:1:0');
    await control('requests/clear', {});
    const second = await ask(panel, 'tag', { key: 'browser', environments: [], cursor: '0:1:0' });
    assert.ok(second.ok, second.ok ? '' : second.error.message);
    const log = (await control<RequestLogEntry[]>('requests')).filter((r) => r.path === path);
    assert.deepEqual(
      log.map((r) => r.query),
      [[['cursor', '0:1:0']]],
    );
    // Malformed requests from the page are dropped by the host: no request, no answer.
    await control('requests/clear', {});
    for (const params of [{ key: 'browser', cursor: 42 }, { key: 'browser', cursor: 'x'.repeat(501) }, { key: '..' }])
      await panel.handle({ type: 'request', id: nextRequestId(), method: 'tag', params });
    assert.equal((await control<RequestLogEntry[]>('requests')).filter((r) => r.path.includes('/tags/')).length, 0);
  });

  it('panels opened one right after another all load: no page waits out a webview worker another replaced', async () => {
    // Each webview registers its resource worker; where all panels of a view type share an origin (VS
    // Code in the browser, code-server here), a later one replaced the worker that an earlier one's
    // loads were waiting in, and that page showed after the worker's 30 s timeout (test/harness/vscode.ts).
    const ids = ['4800000002', '4800000003', '4800000005'];
    for (const id of ids) panels.get('acme', id)?.dispose();
    const columns = [vscode.ViewColumn.One, vscode.ViewColumn.Two, vscode.ViewColumn.Three];
    const started = Date.now();
    // Side by side, so that every page loads at the same time.
    const opened = ids.map((issueId, i) => {
      const panel = panels.show({ org: 'acme', issueId });
      if (i > 0) panel.panel.reveal(columns[i], true);
      return panel;
    });
    try {
      await Promise.all(opened.map((panel) => waitFor('each page to say ready', () => panel.isReady, PAGE_LOAD_MS)));
      const seconds = (Date.now() - started) / 1000;
      print(`      ${ids.length} panels opened at once were ready after ${seconds.toFixed(1)} s`);
      assert.ok(seconds < 25, `the pages took ${seconds.toFixed(1)} s: one waited out a replaced webview worker (30 s)`);
    } finally {
      for (const panel of opened) panel.dispose();
    }
  });

  it('closing the panel cancels a tag page on its way', async () => {
    // An issue of its own: the panel is closed at the end.
    const panel = panels.show({ org: 'acme', issueId: '4800000001' });
    await waitFor('ready', () => panel.isReady, PAGE_LOAD_MS);
    await control('faults', { path: '/tags/user/$', latencyMs: 10_000, count: 1 });
    await control('requests/clear', {});
    const posted: HostMessage[] = [];
    panel.onDidPost((m) => posted.push(m));
    const started = Date.now();
    const id = nextRequestId();
    const handled = panel.handle({ type: 'request', id, method: 'tag', params: { key: 'user', environments: [], cursor: '1:9:0' } });
    await waitFor('the request to reach the sandbox', async () => (await control<RequestLogEntry[]>('requests')).some((r) => r.path.endsWith('/tags/user/')));
    panel.dispose();
    await handled;
    assert.ok(Date.now() - started < 5000, `the request ended with the panel (after ${Date.now() - started} ms), not with the server's 10 s answer`);
    assert.deepEqual(
      posted.filter((m) => m.type === 'response' && m.id === id),
      [],
      'nothing is posted to a closed panel',
    );
  });

  it('a server that answers 1,000 events to one page: the panel posts at most one page, in a bounded message', async () => {
    const panel = await bigPanel();
    const events = Array.from({ length: 1000 }, (_, i) => ({
      id: String(9_000_000 + i),
      eventID: `${i}`.padStart(32, 'a'),
      groupID: BIG,
      projectID: '1',
      dateCreated: '2024-01-01T00:00:00Z',
      message: 'm'.repeat(2000),
      title: 'Overflow',
      tags: [{ key: 'level', value: 'error' }],
      'event.type': 'error',
    }));
    await control('faults', { path: '/events/$', count: 1, respond: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) } });
    const answer = await ask(panel, 'events', { filters: DEFAULT_FILTERS });
    assert.ok(answer.ok, answer.ok ? '' : answer.error.message);
    const r = answer.result as { eventsJson: string; count: number };
    assert.ok(r.count <= EVENTS_PAGE_SIZE && decodeEvents(r.eventsJson).length <= EVENTS_PAGE_SIZE, `${r.count} events posted for one page`);
    assert.ok(r.eventsJson.length <= MAX_PAGE_CHARS, `a message of ${r.eventsJson.length} characters`);
  });

  it('an event nested 20,000 levels deep reaches the page bounded instead of failing the list', async () => {
    const panel = await bigPanel();
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const event = `{"id":"9100000","eventID":"${'b'.repeat(32)}","groupID":"${BIG}","dateCreated":"2024-01-01T00:00:00Z","message":"deep","title":"Deep","tags":[],"user":${deep},"metadata":${deep},"crashFile":${deep}}`;
    await control('faults', { path: '/events/$', count: 1, respond: { status: 200, headers: { 'content-type': 'application/json' }, body: `[${event}]` } });
    const answer = await ask(panel, 'events', { filters: { ...DEFAULT_FILTERS, query: 'deep' } });
    assert.ok(answer.ok, answer.ok ? '' : answer.error.message);
    const json = (answer.result as { eventsJson: string }).eventsJson;
    assert.ok(json.length < 100_000, `${json.length} characters`);
    const [e] = decodeEvents(json);
    assert.equal(e.id, '9100000');
    assert.equal(e.trimmed, true);
    assert.match(JSON.stringify(e.metadata), /nested too deeply/);
  });

  it("Open in Browser opens only a web page of the server (or sentry.io), through the panels' UI holder", async () => {
    const panel = await bigPanel();
    const rec = new UiRecorder();
    panels.ui.override(rec.ui());
    try {
      const fallback = `${SANDBOX_URL}/organizations/acme/issues/${BIG}/`;
      const own = `${SANDBOX_URL}/organizations/acme/issues/${BIG}/?project=1`;
      const cases: [string, string][] = [
        ['command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D', fallback],
        ['file:///etc/passwd', fallback],
        ['https://evil.example/organizations/acme/issues/1/', fallback],
        [own, own],
        ['https://acme.sentry.io/issues/1/', 'https://acme.sentry.io/issues/1/'],
      ];
      for (const [permalink, want] of cases) {
        panel.setIssue({ id: BIG, permalink });
        await panel.handle({ type: 'action', action: 'openInBrowser' });
        assert.equal(rec.opened.at(-1), want, permalink);
      }
      assert.equal(rec.opened.length, cases.length);
      // A location that is not in the workspace is copied through the same holder.
      mapsToWorkspace = false;
      await panel.handle({ type: 'openLocation', location: '[x](command:evil)' });
      assert.equal(rec.clipboard.at(-1), '[x](command:evil)');
    } finally {
      panels.ui.reset();
    }
  });

  it("errors come back typed, with the tree's actions (401 -> Sign In, Retry)", async () => {
    const panel = await bigPanel();
    await control('faults', { path: '/events/$', status: 401, count: 1 });
    const answer = await ask(panel, 'events', { filters: DEFAULT_FILTERS });
    assert.equal(answer.ok, false);
    if (answer.ok) return;
    assert.equal(answer.error.kind, 'unauthorized');
    assert.deepEqual(answer.error.actions, ['signIn', 'retry']);
    assert.match(answer.error.message, /Sign in again/);
  });

  it('locations open through openLocation, else they are copied', async () => {
    const panel = await bigPanel();
    mapsToWorkspace = true;
    await vscode.env.clipboard.writeText('before');
    // A page naming another issue is not heard: the frame is of the panel's own issue, whose project's code mappings apply.
    await panel.handle({ type: 'openLocation', location: 'src/app/checkout.ts:23', frame: { filename: 'src/app/checkout.ts', lineNo: 23, function: 'checkout', issueId: '1' } as never });
    assert.deepEqual(opened.at(-1), { location: 'src/app/checkout.ts:23', frame: { filename: 'src/app/checkout.ts', lineNo: 23, function: 'checkout', issueId: BIG } });
    assert.equal(await vscode.env.clipboard.readText(), 'before');
    mapsToWorkspace = false;
    await panel.handle({ type: 'openLocation', location: 'lib/Legacy/Db.php:118' });
    assert.equal(await vscode.env.clipboard.readText(), 'lib/Legacy/Db.php:118');
  });

  it('restores a panel from its saved state (the serializer path) with its filters', async () => {
    await control('requests/clear', {});
    const state: PanelState = {
      v: PROTOCOL_VERSION,
      org: 'acme',
      issueId: XSS,
      issue: { id: XSS, shortId: 'WEB-FRONTEND-2', title: '<img src=x onerror=alert(1)>', project: 'web-frontend' },
      filters: { ...DEFAULT_FILTERS, period: { kind: 'preset', statsPeriod: '24h' }, query: 'level:error', sample: true },
      tab: 'events',
    };
    const webviewPanel = vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.Active, {});
    const panel = panels.restore(webviewPanel, state)!;
    assert.ok(panel);
    assert.equal(panels.get('acme', XSS), panel);
    const req = await waitFor('the restored page to request events', async () => (await requests(EVENTS_PATH(XSS)))[0], PAGE_LOAD_MS);
    assert.deepEqual(sorted(req.query), ['query=level:error', 'sample=true', 'statsPeriod=24h']);
    // The header is re-fetched by a short-ID lookup in its project.
    const lookup = await waitFor('the header lookup', async () =>
      (await control<RequestLogEntry[]>('requests')).find((r) => r.path === '/api/0/organizations/acme/issues/' && r.query.some(([k]) => k === 'shortIdLookup')),
    );
    // The organization endpoint, without a project: the short ID names its own.
    assert.deepEqual(sorted(lookup.query), ['groupStatsPeriod=', 'query=WEB-FRONTEND-2', 'shortIdLookup=1']);
    await waitFor('the refreshed header', () => panel.currentState.issue.count !== undefined);
    assert.equal(panel.currentState.issue.title, '<img src=x onerror=alert(1)>');

    // Invalid saved state: the panel is closed, not shown broken.
    const broken = vscode.window.createWebviewPanel(VIEW_TYPE, 'broken', vscode.ViewColumn.Active, {});
    let closed = false;
    broken.onDidDispose(() => (closed = true));
    assert.equal(panels.restore(broken, { v: 99 }), undefined);
    assert.equal(closed, true);
  });

  it("the header is the issue store's issue: a later write to the store shows in the header at once, and its rollback too", async () => {
    const issue = await store.lookupShortId('acme', 'web-frontend', 'WEB-FRONTEND-3');
    assert.ok(issue);
    const panel = panels.show({ org: 'acme', issueId: issue.id });
    assert.equal(panel.currentState.issue.shortId, 'WEB-FRONTEND-3', 'the store had it: shown at once');
    assert.equal(panel.panel.title, 'WEB-FRONTEND-3 · Events');
    const headers: string[] = [];
    const sub = panel.onDidPost((m) => m.type === 'issue' && headers.push(m.issue.status ?? ''));
    try {
      const was = issue.status;
      const write = store.apply({ issueIds: [issue.id], change: { status: was === 'resolved' ? 'unresolved' : 'resolved' } });
      const now = was === 'resolved' ? 'unresolved' : 'resolved';
      assert.equal(panel.currentState.issue.status, now, 'the write shows at once');
      assert.deepEqual(headers, [now], 'the page is sent the new header');
      write.rollback();
      assert.equal(panel.currentState.issue.status, was);
      assert.deepEqual(headers, [now, was]);
      // Another issue's change is not this panel's business.
      const other = await store.lookupShortId('acme', 'web-frontend', 'WEB-FRONTEND-1');
      assert.ok(other && other.id !== issue.id);
      store.apply({ issueIds: [other.id], change: { status: 'ignored' } }).rollback();
      assert.deepEqual(headers, [now, was]);
    } finally {
      sub.dispose();
      panel.dispose();
    }
  });

  it('hidden then shown: the page shakes hands again and gets its events from the host, not the server', async () => {
    const panel = panels.show({ org: 'acme', issueId: BIG });
    tracked(panel);
    await waitFor('ready', () => panel.isReady, PAGE_LOAD_MS);
    // Let the first load settle, then hide the panel behind an editor in the same column.
    await new Promise((r) => setTimeout(r, 1500));
    const doc = await vscode.workspace.openTextDocument({ content: 'hide the panel' });
    await vscode.window.showTextDocument(doc, { viewColumn: panel.panel.viewColumn, preview: false });
    await waitFor('the panel to be hidden', () => !panel.panel.visible);
    await control('requests/clear', {});
    const restored = new Promise<boolean>((resolve) => {
      const sub = panel.onDidPost((m) => {
        if (m.type === 'response' && m.method === 'events' && m.ok) {
          sub.dispose();
          resolve(!!(m.result as { restored?: boolean }).restored);
        }
      });
    });
    panel.reveal();
    await waitFor('ready again', () => panel.isReady, PAGE_LOAD_MS);
    assert.equal(await restored, true, 'answered from the host cache');
    assert.equal((await requests(EVENTS_PATH(BIG))).length, 0, 'no new events request');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the registered command accepts an IssueNode-like argument and an IssueRef, and reuses panels', async () => {
    const api = await activateExtension();
    const before = api.events.all().length;
    // Commands take an IssueRef; { org, issueId } without its project is not one.
    await vscode.commands.executeCommand(Commands.showIssueEvents, { org: 'acme', issueId: XSS });
    assert.equal(api.events.all().length, before, 'not an IssueRef: no panel');
    await vscode.commands.executeCommand(Commands.showIssueEvents, { org: 'acme', project: 'web-frontend', issueId: XSS });
    await vscode.commands.executeCommand(Commands.showIssueEvents, { org: 'acme', project: 'web-frontend', issueId: XSS });
    assert.equal(api.events.all().length, before + 1);
    const issue = (await client.listProjectIssues('acme', 'web-frontend', { query: 'WEB-FRONTEND-3', shortIdLookup: true })).items[0];
    await vscode.commands.executeCommand(Commands.showIssueEvents, { type: 'issue', org: 'acme', project: 'web-frontend', issue, otherProject: false, period: '24h' });
    const p = api.events.get('acme', issue.id);
    assert.ok(p);
    assert.equal(p.currentState.issue.shortId, 'WEB-FRONTEND-3');
    assert.equal(p.panel.title, 'WEB-FRONTEND-3 · Events');
    api.events.dispose();
  });

  it("the command's messages embed what was typed and the server said only as plain text (no link can form)", async () => {
    const api = await activateExtension();
    const rec = new UiRecorder();
    const { restore } = await signInToSandbox(rec);
    api.events.ui.override(rec.ui());
    const before = rec.shown.length; // the sign-in's own message
    try {
      // What was typed (a quoted search the server accepts and finds nothing for) ...
      const typed = '"[Add the path mapping](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D)"';
      rec.set({ inputs: [typed] });
      await vscode.commands.executeCommand(Commands.showIssueEvents);
      // ... and the server's `detail` of a refused lookup.
      await control('faults', {
        path: '^/api/0/organizations/acme/issues/$',
        query: 'shortIdLookup',
        count: 1,
        respond: { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ detail: '[Fix it](command:workbench.action.terminal.sendSequence?%7B%7D)' }) },
      });
      rec.set({ inputs: ['WEB-FRONTEND-1'] });
      await vscode.commands.executeCommand(Commands.showIssueEvents);
      const shown = rec.shown.slice(before).map((m) => m.message);
      assert.equal(shown.length, 2, `two messages through the events UI holder: ${shown.join(' | ')}`);
      assert.ok(shown[0].includes('Add the path mapping'), `the typed text is still shown: ${shown[0]}`);
      assert.ok(shown[1].includes('Fix it'), `the server's detail is still shown: ${shown[1]}`);
      // VS Code renders `[label](target)` in a notification as a live link; `[label] (target)` stays text.
      for (const m of shown) assert.doesNotMatch(m, /\]\(/, `no Markdown link in: ${m}`);
    } finally {
      api.events.ui.reset();
      await restore();
    }
  });

  describe('triage from the header and mark seen on open', () => {
    const cfg = () => vscode.workspace.getConfiguration('sentryExplorer');
    const ISSUE_PATH = (id: string) => `/api/0/organizations/acme/issues/${id}/`;

    /**
     * Records the triage and mark-seen commands the host runs, in place of running them (the host's
     * part alone: which command, with which arguments); every other command runs as usual.
     */
    function spyCommands(): { calls: { id: string; args: unknown[] }[]; restore: () => void } {
      const commands = vscode.commands as { executeCommand: (id: string, ...args: unknown[]) => Thenable<unknown> };
      const original = commands.executeCommand;
      const watched = new Set<string>([...Object.values(TRIAGE_COMMAND_IDS), Commands.markSeen]);
      const calls: { id: string; args: unknown[] }[] = [];
      commands.executeCommand = (id: string, ...args: unknown[]) => {
        if (!watched.has(id)) return original.call(vscode.commands, id, ...args);
        calls.push({ id, args: JSON.parse(JSON.stringify(args)) as unknown[] });
        return Promise.resolve(undefined);
      };
      assert.notEqual(vscode.commands.executeCommand, original, 'the suite can watch executeCommand');
      return { calls, restore: () => (commands.executeCommand = original) };
    }

    /** web-frontend issues as the sandbox has them now (the seed marks about 60 % seen), but those a panel is open for. */
    async function issuesOf(project = 'web-frontend'): Promise<Issue[]> {
      const api = await activateExtension();
      return (await client.listProjectIssues('acme', project, { query: '' })).items.filter((i) => !panels.get('acme', i.id) && !api.events.get('acme', i.id));
    }

    /** Issues put into `into` (the suite's store, or the extension's), by short-ID lookups. */
    async function known(into: IssueStore, issues: Issue[]): Promise<Issue[]> {
      const out: Issue[] = [];
      for (const i of issues) {
        const found = await into.lookupShortId('acme', i.project.slug, i.shortId);
        assert.ok(found, i.shortId);
        out.push(found);
      }
      return out;
    }

    const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

    it("a triage button's message runs its command on the panel's own issue (never an id the page sends); other commands are refused", async () => {
      await control('reset', {});
      const [issue] = await known(store, (await issuesOf()).filter((i) => i.status === 'unresolved').slice(0, 1));
      const spy = spyCommands();
      const panel = panels.show({ org: 'acme', project: issue.project.slug, issueId: issue.id });
      try {
        spy.calls.length = 0; // mark seen on open is the next test's
        for (const command of TRIAGE_COMMANDS) {
          await panel.handle({ type: 'triage', command, org: 'evil', project: 'evil', issueId: '1', args: [{ org: 'evil', project: 'evil', issueId: '1' }] });
        }
        assert.deepEqual(
          spy.calls,
          TRIAGE_COMMANDS.map((command) => ({ id: TRIAGE_COMMAND_IDS[command], args: [{ org: 'acme', project: 'web-frontend', issueId: issue.id }] })),
        );
        assert.deepEqual(
          spy.calls.map((c) => c.id),
          [Commands.resolve, Commands.resolveIn, Commands.archive, Commands.unresolve, Commands.assign, Commands.bookmark, Commands.unbookmark],
        );
        spy.calls.length = 0;
        for (const command of ['markSeen', 'setPriority', 'sentryExplorer.resolve', 'workbench.action.closeAllEditors', '', 42, undefined]) await panel.handle({ type: 'triage', command });
        assert.deepEqual(spy.calls, [], 'nothing outside the fixed list runs');
      } finally {
        spy.restore();
        panel.dispose();
      }
      // A panel that does not know its issue's project yet runs nothing (a command needs an IssueRef).
      const spy2 = spyCommands();
      const bare = panels.show({ org: 'acme', issueId: '4899999999' });
      try {
        await bare.handle({ type: 'triage', command: 'resolve' });
        assert.deepEqual(spy2.calls, []);
      } finally {
        spy2.restore();
        bare.dispose();
      }
    });

    it('the header follows the store: status, "Assigned to <name>" and the bookmark show at once, and a rollback undoes them', async () => {
      const [issue] = await known(store, (await issuesOf()).filter((i) => i.status === 'unresolved').slice(0, 1));
      const panel = panels.show({ org: 'acme', project: issue.project.slug, issueId: issue.id });
      const headers: HostMessage[] = [];
      const sub = panel.onDidPost((m) => m.type === 'issue' && headers.push(m));
      try {
        const write = store.apply({ issueIds: [issue.id], change: { status: 'ignored', assignedTo: { type: 'user', id: '9', name: 'Jane <b>Doe</b>' }, isBookmarked: true } });
        const h = panel.currentState.issue;
        assert.equal(h.status, 'ignored');
        assert.equal(h.assignee, 'Jane <b>Doe</b>', 'server text as text');
        assert.equal(h.isBookmarked, true);
        assert.equal(headers.length, 1, 'one message to the page');
        const sent = headers[0] as Extract<HostMessage, { type: 'issue' }>;
        assert.deepEqual([sent.issue.status, sent.issue.assignee, sent.issue.isBookmarked], ['ignored', 'Jane <b>Doe</b>', true]);
        const team = store.apply({ issueIds: [issue.id], change: { assignedTo: { type: 'team', id: '3', name: 'backend' } } });
        assert.equal(panel.currentState.issue.assignee, '#backend');
        team.rollback();
        write.rollback();
        const back = panel.currentState.issue;
        assert.equal(back.status, issue.status);
        assert.equal(back.isBookmarked, issue.isBookmarked);
        assert.equal(back.assignee, assigneeName(issue.assignedTo), 'the assignee as it was');
        const unassign = store.apply({ issueIds: [issue.id], change: { assignedTo: null } });
        assert.equal(panel.currentState.issue.assignee, null);
        unassign.rollback();
      } finally {
        sub.dispose();
        panel.dispose();
      }
    });

    it('mark seen on open: once for an unseen issue (not on refresh), never for a seen one, nor with the setting off', async () => {
      await control('reset', {});
      const all = await issuesOf();
      const unseen = await known(
        store,
        all.filter((i) => i.hasSeen === false),
      );
      const seen = all.find((i) => i.hasSeen === true);
      assert.ok(unseen.length >= 3 && seen, `the seed has unseen and seen issues (${unseen.length} unseen)`);
      await known(store, [seen]);
      const spy = spyCommands();
      const opened: EventsPanel[] = [];
      const open = (i: Issue) => {
        const p = panels.show({ org: 'acme', project: i.project.slug, issueId: i.id });
        opened.push(p);
        return p;
      };
      const markSeen = () => spy.calls.filter((c) => c.id === Commands.markSeen);
      try {
        // Unseen, setting on (the default): exactly one, with the ref, at once (not awaited by the UI).
        assert.equal(cfg().get('markSeenOnOpen'), true);
        const p = open(unseen[0]);
        assert.deepEqual(markSeen(), [{ id: Commands.markSeen, args: [{ org: 'acme', project: unseen[0].project.slug, issueId: unseen[0].id }] }]);
        // Refreshes of the issue, and showing the panel again, do not send it again.
        await store.lookupShortId('acme', unseen[0].project.slug, unseen[0].shortId);
        store.apply({ issueIds: [unseen[0].id], change: { count: '1' } }).rollback();
        panels.show({ org: 'acme', issueId: unseen[0].id });
        await p.refreshHeader();
        await settle(300);
        assert.equal(markSeen().length, 1);

        // Already seen: none.
        open(seen);
        assert.equal(markSeen().length, 1);

        // The store learns the issue after the panel opened (a restored panel): sent once it knows it is unseen.
        const later = unseen[2];
        const fresh = new IssueStore(async () => client);
        const freshPanels = new EventsPanels({ extensionUri: getExtension().extensionUri }, { getClient: async () => client, store: fresh, log, signIn: async () => undefined });
        try {
          freshPanels.show({ org: 'acme', project: later.project.slug, issueId: later.id });
          assert.equal(markSeen().length, 1, 'not known yet: nothing');
          await fresh.lookupShortId('acme', later.project.slug, later.shortId);
          assert.deepEqual(markSeen().at(-1), { id: Commands.markSeen, args: [{ org: 'acme', project: later.project.slug, issueId: later.id }] });
          assert.equal(markSeen().length, 2);
        } finally {
          freshPanels.dispose();
          fresh.dispose();
        }

        // Setting off: none.
        await cfg().update('markSeenOnOpen', false, vscode.ConfigurationTarget.Global);
        open(unseen[1]);
        await settle(300);
        assert.equal(markSeen().length, 2);
      } finally {
        spy.restore();
        await cfg().update('markSeenOnOpen', undefined, vscode.ConfigurationTarget.Global);
        for (const p of opened) p.dispose();
      }
    });

    describe('with the triage commands registered (the real effect on the sandbox)', () => {
      let restoreSignIn: (() => Promise<void>) | undefined;
      let api: Awaited<ReturnType<typeof activateExtension>>;
      const rec = new UiRecorder();
      /** PUTs to one issue since the log was cleared, with their parsed bodies. */
      const puts = async (id?: string) =>
        (await control<RequestLogEntry[]>('requests'))
          .filter((r) => r.method === 'PUT' && (id === undefined || r.path === ISSUE_PATH(id)))
          .map((r) => ({ path: r.path, status: r.status, body: JSON.parse(r.body ?? '{}') as Record<string, unknown> }));

      before(async function () {
        const commands = await vscode.commands.getCommands(true);
        if (!commands.includes(Commands.resolve) || !commands.includes(Commands.markSeen)) {
          print('  (the triage commands are not registered yet: skipping their effect through the events panel)');
          this.skip();
        }
        api = await activateExtension();
        restoreSignIn = (await signInToSandbox(rec)).restore;
        // Writes need event:write: the sandbox's write token (its own user, for whom every issue starts unseen).
        const { writeToken } = await control<{ writeToken: string }>('defaults');
        rec.set({ method: 'token', inputs: [writeToken] });
        await api.auth.signIn({ method: 'token' });
        await waitFor('a session with event:write', () => api.auth.session?.scopes.includes('event:write'));
        api.triage.ui.override(rec.ui());
      });
      after(async () => {
        api?.triage.ui.reset();
        await restoreSignIn?.();
        api?.events.all().forEach((p) => p.dispose());
      });

      it("Resolve, Unresolve and Bookmark in the header: the sandbox gets the PUT for the panel's issue and the header shows the new state", async () => {
        const candidates = await known(api.store, (await issuesOf()).filter((i) => i.status === 'unresolved').slice(0, 5));
        const issue = candidates.find((i) => !i.isBookmarked);
        assert.ok(issue, 'an unresolved issue the user has not bookmarked');
        await control('requests/clear', {});
        const panel = api.events.show({ org: 'acme', project: issue.project.slug, issueId: issue.id });
        const sent = async (key: string) => (await puts(issue.id)).filter((r) => key in r.body);

        void panel.handle({ type: 'triage', command: 'resolve', issueId: '1' }); // not awaited: the command may wait on a message it shows
        await waitFor('the header to say resolved', () => panel.currentState.issue.status === 'resolved' || undefined);
        await waitFor('the resolve PUT', async () => (await sent('status')).length === 1 || undefined);
        assert.deepEqual(
          (await sent('status')).map((r) => [r.body.status, r.status]),
          [['resolved', 200]],
        );
        assert.equal(api.store.issue(issue.id)?.status, 'resolved');

        void panel.handle({ type: 'triage', command: 'unresolve' });
        await waitFor('the header to say unresolved', () => panel.currentState.issue.status === 'unresolved' || undefined);
        await waitFor('the unresolve PUT', async () => (await sent('status')).length === 2 || undefined);
        assert.equal((await sent('status'))[1].body.status, 'unresolved');

        void panel.handle({ type: 'triage', command: 'bookmark' });
        await waitFor('the header to show the bookmark', () => panel.currentState.issue.isBookmarked === true || undefined);
        await waitFor('the bookmark PUT', async () => (await sent('isBookmarked')).length === 1 || undefined);
        assert.deepEqual(
          (await sent('isBookmarked')).map((r) => [r.body.isBookmarked, r.status]),
          [[true, 200]],
        );
        assert.equal((await puts()).filter((r) => r.path !== ISSUE_PATH(issue.id)).length, 0, "no other issue's PUT");
        panel.dispose();
      });

      it('opening the panel of an unseen issue sends exactly one PUT {hasSeen: true}, not again on refresh or reopening; none with the setting off', async () => {
        const unseen = (await known(api.store, (await issuesOf()).slice(0, 10))).filter((i) => i.hasSeen !== true && !api.events.get('acme', i.id));
        assert.ok(unseen.length >= 2, `two issues the user has not seen (${unseen.length})`);
        const [a, b] = unseen;

        await control('requests/clear', {});
        const pa = api.events.show({ org: 'acme', project: a.project.slug, issueId: a.id });
        await waitFor('the mark-seen PUT', async () => (await puts()).length > 0 || undefined);
        await api.store.lookupShortId('acme', a.project.slug, a.shortId); // a refresh
        await pa.refreshHeader();
        await settle();
        assert.deepEqual(await puts(), [{ path: ISSUE_PATH(a.id), status: 200, body: { hasSeen: true } }]);
        await waitFor('the store to know it is seen', () => api.store.issue(a.id)?.hasSeen === true || undefined);

        // Seen now: reopening its panel sends nothing.
        pa.dispose();
        await control('requests/clear', {});
        api.events.show({ org: 'acme', project: a.project.slug, issueId: a.id });
        await settle();
        assert.deepEqual(await puts(), [], 'a seen issue: no PUT');

        await cfg().update('markSeenOnOpen', false, vscode.ConfigurationTarget.Global);
        try {
          api.events.show({ org: 'acme', project: b.project.slug, issueId: b.id });
          await settle();
          assert.deepEqual(await puts(), [], 'setting off: no PUT');
        } finally {
          await cfg().update('markSeenOnOpen', undefined, vscode.ConfigurationTarget.Global);
        }
      });
    });
  });
});
