// The events panel as a preview inside VS Code against the sandbox: a click in the Issues view
// opens the issue in the one preview panel (on the Event tab), the next click takes that panel over
// (one tab, retitled, its page started over by a message, not reloaded), and the panel is kept on a
// double-click, on an opening for good, on Keep Events Panel Open, and on work in it (filters,
// another event, a Reveal, a triage button), not on looking (another tab). Restored panels and
// panels a link opens are kept ones.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SentryClient } from '../../src/api/client';
import { Commands } from '../../src/constants';
import { EventsPanels } from '../../src/eventsPanel/eventsPanels';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import { TRIAGE_COMMAND_IDS } from '../../src/eventsPanel/pageActions';
import { DOUBLE_OPEN_MS } from '../../src/eventsPanel/core/panelChoice';
import { PROTOCOL_VERSION, VIEW_TYPE, type HostMessage, type PanelState } from '../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../src/eventsPanel/core/protocol/filters';
import type { Issue } from '../../src/model/issue/schema';
import { IssueStore } from '../../src/store/issueStore';
import { activateExtension, getExtension } from './helpers';
import { control, SANDBOX_URL, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';
import { askPanel, nextRequestId, resetSandboxClient } from './panelRequests';

/** As events.test.ts: code-server's webview host can be slow to load a page on a loaded machine. */
const PAGE_LOAD_MS = 60_000;

describe('Events panel: preview', function () {
  this.timeout(120_000);
  let panels: EventsPanels;
  let client: SentryClient;
  let store: IssueStore;
  let issues: Issue[];
  /** The clock the suite's registry tells double-clicks by. */
  let clock = 1_000_000;
  const log = vscode.window.createOutputChannel('Sentry Explorer preview tests', { log: true });
  const later = () => (clock += 10 * DOUBLE_OPEN_MS);
  const ref = (i: Issue) => ({ org: 'acme', project: i.project.slug, issueId: i.id });

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: skipping the preview suite)');
      this.skip();
    }
    await activateExtension();
    client = await resetSandboxClient();
    store = new IssueStore(async () => client);
    panels = new EventsPanels({ extensionUri: getExtension().extensionUri }, { getClient: async () => client, store, log, signIn: async () => undefined }, () => clock);
    issues = [];
    for (const shortId of ['WEB-FRONTEND-1', 'WEB-FRONTEND-3', 'WEB-FRONTEND-5', 'WEB-FRONTEND-6', 'WEB-FRONTEND-8', 'WEB-FRONTEND-9']) {
      const found = await store.lookupShortId('acme', 'web-frontend', shortId);
      assert.ok(found, shortId);
      issues.push(found);
    }
  });

  afterEach(() => {
    for (const p of panels.all()) p.dispose();
  });

  after(async () => {
    panels?.dispose();
    store?.dispose();
    log.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a click opens a preview on the Event tab; the next click takes it over: one tab, retitled, its page started over without a reload', async () => {
    const [a, b] = issues;
    const panel = panels.show(ref(a), undefined, { preview: true });
    assert.equal(panel.isPreview, true);
    assert.equal(panel.panel.title, `${a.shortId} · Events (preview)`);
    assert.equal(panel.currentState.tab, 'event', 'a new panel opens on the Event tab');
    assert.equal(panel.currentState.issue.countScope, 'lifetime', 'its header counts the whole life of the issue');
    await waitFor('the page to say ready', () => panel.isReady, PAGE_LOAD_MS);
    let readies = 0;
    const inits: HostMessage[] = [];
    const subs = [panel.onDidBecomeReady(() => readies++), panel.onDidPost((m) => m.type === 'init' && inits.push(m))];
    try {
      await control('requests/clear', {});
      later();
      const next = panels.show(ref(b), undefined, { preview: true });
      assert.equal(next, panel, 'the same panel');
      assert.equal(panels.all().length, 1, 'one tab');
      assert.equal(panels.get('acme', a.id), undefined);
      assert.equal(panels.get('acme', b.id), panel);
      assert.equal(panel.panel.title, `${b.shortId} · Events (preview)`);
      assert.equal(panel.currentState.issueId, b.id);
      assert.equal(panel.currentState.tab, 'event');
      await waitFor('the init of the next issue', () => inits.find((m) => m.type === 'init' && m.state.issueId === b.id));
      // The page asks for the next issue's latest event and events, and did not load again to do it.
      await waitFor('the next issue asked for', async () => (await control<RequestLogEntry[]>('requests')).find((r) => r.path === `/api/0/organizations/acme/issues/${b.id}/events/latest/`));
      await waitFor("the next issue's events", async () => (await control<RequestLogEntry[]>('requests')).find((r) => r.path === `/api/0/organizations/acme/issues/${b.id}/events/`));
      assert.equal(readies, 0, 'no second handshake: the page was not reloaded');
    } finally {
      for (const s of subs) s.dispose();
    }
  });

  it('a double-click (the issue opened again at once) keeps the preview; the next click opens a new preview', async () => {
    const [a, b, c] = issues;
    later();
    const panel = panels.show(ref(a), undefined, { preview: true });
    clock += DOUBLE_OPEN_MS - 1;
    assert.equal(panels.show(ref(a), undefined, { preview: true }), panel);
    assert.equal(panel.isPreview, false, 'kept');
    assert.equal(panel.panel.title, `${a.shortId} · Events`);
    later();
    const second = panels.show(ref(b), undefined, { preview: true });
    assert.notEqual(second, panel);
    assert.equal(second.isPreview, true);
    assert.equal(panels.all().length, 2);
    // Clicked again much later: shown, still a preview.
    later();
    assert.equal(panels.show(ref(b), undefined, { preview: true }), second);
    assert.equal(second.isPreview, true);
    // Opened for good (a hover, a lens, the palette): kept.
    later();
    assert.equal(panels.show(ref(b)), second);
    assert.equal(second.isPreview, false);
    // An opening for good of another issue never takes a preview over.
    later();
    const third = panels.show(ref(c), undefined, { preview: true });
    later();
    const kept = panels.show(ref(issues[3]));
    assert.notEqual(kept, third);
    assert.equal(kept.isPreview, false);
    assert.equal(third.isPreview, true);
  });

  it('work in a preview keeps it (other filters, another event, a Reveal, a triage button); another tab does not', async () => {
    const commands = vscode.commands as { executeCommand: (id: string, ...args: unknown[]) => Thenable<unknown> };
    const original = commands.executeCommand;
    const triage = new Set<string>(Object.values(TRIAGE_COMMAND_IDS));
    const ran: string[] = [];
    commands.executeCommand = (id: string, ...args: unknown[]) => (triage.has(id) ? (ran.push(id), Promise.resolve(undefined)) : original.call(vscode.commands, id, ...args));
    try {
      const edits: [string, (p: EventsPanel) => Promise<unknown>][] = [
        ['a query', (p) => p.handle({ type: 'state', state: { ...p.currentState, filters: { ...DEFAULT_FILTERS, query: 'browser:Chrome' } } })],
        ['an environment', (p) => p.handle({ type: 'state', state: { ...p.currentState, filters: { ...DEFAULT_FILTERS, environments: ['production'] } } })],
        ['another event', (p) => p.handle({ type: 'state', state: { ...p.currentState, event: 'oldest' } })],
        ['a Reveal', (p) => askPanel(p, 'reveal', { eventId: 'a'.repeat(32), secret: 0 })],
        ['a triage button', (p) => p.handle({ type: 'triage', command: 'bookmark' })],
      ];
      for (const [what, edit] of edits) {
        later();
        const p = panels.show(ref(issues[4]), undefined, { preview: true });
        assert.equal(p.isPreview, true, what);
        // Looking: another tab, the same filters.
        await p.handle({ type: 'state', state: { ...p.currentState, tab: 'tags' } });
        await p.handle({ type: 'state', state: { ...p.currentState, tab: 'event', event: 'latest' } });
        assert.equal(p.isPreview, true, `looking around before ${what} keeps the preview a preview`);
        await edit(p);
        assert.equal(p.isPreview, false, `${what} keeps the panel`);
        assert.equal(p.panel.title, `${issues[4].shortId} · Events`);
        p.dispose();
      }
      assert.deepEqual(ran, [Commands.bookmark], 'the triage button still ran its command');
      // A state of another issue (a page not yet started over) is no edit of this one.
      later();
      const p = panels.show(ref(issues[5]), undefined, { preview: true });
      const foreign: PanelState = { ...p.currentState, issueId: issues[4].id, filters: { ...DEFAULT_FILTERS, query: 'x' } };
      await p.handle({ type: 'state', state: foreign });
      assert.equal(p.isPreview, true);
      await p.handle({ type: 'request', id: nextRequestId(), method: 'events', params: { filters: DEFAULT_FILTERS } });
      assert.equal(p.isPreview, true, 'loading events is looking');
    } finally {
      commands.executeCommand = original;
    }
  });

  it('a preview opening marks its issue seen only once a double-click would have come (its row is not redrawn under the second click)', async () => {
    const commands = vscode.commands as { executeCommand: (id: string, ...args: unknown[]) => Thenable<unknown> };
    const original = commands.executeCommand;
    const seen: unknown[] = [];
    commands.executeCommand = (id: string, ...args: unknown[]) => (id === Commands.markSeen ? (seen.push(args[0]), Promise.resolve(undefined)) : original.call(vscode.commands, id, ...args));
    try {
      const unseen = (await client.listProjectIssues('acme', 'web-frontend', { query: 'is:unresolved' })).items.filter((i) => i.hasSeen === false && !issues.some((k) => k.id === i.id));
      assert.ok(unseen.length >= 2, 'two unseen issues');
      const [one, two] = await Promise.all(unseen.slice(0, 2).map((i) => store.lookupShortId('acme', 'web-frontend', i.shortId)));
      later();
      panels.show(ref(one!), undefined, { preview: true });
      assert.deepEqual(seen, [], 'not at once');
      await waitFor('the issue marked seen', () => seen.length === 1 || undefined);
      assert.deepEqual(seen, [ref(one!)]);
      // An opening for good marks it at once, as before.
      later();
      panels.show(ref(two!));
      assert.deepEqual(seen, [ref(one!), ref(two!)]);
    } finally {
      commands.executeCommand = original;
    }
  });

  it("the Issues view's click, Keep Events Panel Open, a link's opening and a restored panel, through the extension's own registry", async () => {
    const api = await activateExtension();
    const [a, b, c] = issues;
    // The tree's click passes { preview: true } after the issue.
    await vscode.commands.executeCommand(Commands.showIssueEvents, ref(a), { preview: true });
    const panel = api.events.get('acme', a.id);
    assert.ok(panel?.isPreview, 'a preview');
    panel.reveal();
    await waitFor('the preview in front', () => panel.panel.active);
    await vscode.commands.executeCommand(Commands.keepEventsPanelOpen);
    assert.equal(panel.isPreview, false, 'Keep Events Panel Open keeps the one in front');
    // A link's opening ({ markSeen: false }): a kept panel, whatever else its argument says.
    await vscode.commands.executeCommand(Commands.showIssueEvents, ref(b), { markSeen: false, preview: 'yes' });
    assert.equal(api.events.get('acme', b.id)?.isPreview, false);
    // A restored panel is a kept one.
    const state: PanelState = { v: PROTOCOL_VERSION, org: 'acme', issueId: c.id, issue: { id: c.id, shortId: c.shortId, project: 'web-frontend' }, filters: DEFAULT_FILTERS, tab: 'event' };
    const restored = api.events.restore(vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.Active, {}), state);
    assert.equal(restored?.isPreview, false);
    assert.equal(restored?.panel.title, `${c.shortId} · Events`);
    for (const p of api.events.all()) p.dispose();
  });
});
