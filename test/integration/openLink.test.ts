// "Open Link, ID or Stack Trace…" against the sandbox, in every profile: a Sentry link of the
// signed-in server opens its issue's panel (on the event it names) after one read; a short ID and an
// event ID through the organization's lookups; a link of another organization says so and offers to
// switch; a link of another server says which and sends nothing anywhere; a trace link opens on the
// panel's Trace tab, on the event it names, else on the trace's error event (a panel already open
// switches to it); a trace with nothing to open, and a replay link, say what they are and offer the
// page on the signed-in server's own host; the URI handler takes a web link; the terminal's Sentry links and short IDs open
// the same way. Nothing ever writes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands, EXTENSION_ID } from '../../src/constants';
import type { TestHooks } from '../../src/testHooks';
import { control, SANDBOX_URL, signedInSuite, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';

const TRACE = 'a7d67cf796774551a95be6543cacd459';

interface SeedIssue {
  id: string;
  shortId: string;
  project: string;
}

describe('Open Link, ID or Stack Trace (links and IDs)', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let token: string;
  let restore: () => Promise<void>;
  let issues: SeedIssue[];
  const figures: string[] = [];

  const requests = async () => (await control<RequestLogEntry[]>('requests')).filter((r) => r.path.startsWith('/api/'));
  const writes = async () => (await requests()).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
  const closePanels = () => api.events.all().forEach((p) => p.dispose());
  const open = (text: string) => vscode.commands.executeCommand<boolean>(Commands.openLinkIdOrStackTrace, text);

  async function eventIdsOf(org: string, issueId: string): Promise<string[]> {
    const res = await fetch(`${SANDBOX_URL}/api/0/organizations/${org}/issues/${issueId}/events/`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    return ((await res.json()) as { eventID: string }[]).map((e) => e.eventID);
  }

  /** The requests the command sent before the panel's own reads (the issue, a lookup). */
  async function lookups(): Promise<string[]> {
    return (await requests()).filter((r) => /\/(shortids|eventids)\/|\/issues\/\d+\/$/.test(r.path)).map((r) => r.path);
  }

  before(async function () {
    let defaults: { authToken: string };
    ({ api, rec, defaults, restore } = await signedInSuite(this, 'open link'));
    token = defaults.authToken;
    api.openLink.ui.override(rec.ui());
    issues = (await control<SeedIssue[]>('seed/issues?project=api-server')).slice(0, 6);
  });

  beforeEach(async () => {
    closePanels();
    rec.shown.length = 0;
    rec.set({});
    api.openLink.targets.requests = 0;
    await control('requests/clear', {});
  });

  afterEach(async () => {
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [],
      'nothing written',
    );
    closePanels();
  });

  after(async () => {
    closePanels();
    api?.openLink.ui.reset();
    await restore?.();
    for (const f of figures) print(`  figure: ${f}`);
  });

  it('a link of the signed-in server opens its issue’s panel after one read, read only', async () => {
    const issue = issues[0];
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/issues/${issue.id}/?project=1`), true);
    const panel = await waitFor('the panel', () => api.events.get('acme', issue.id));
    assert.equal(panel.currentState.issue.shortId, issue.shortId);
    assert.deepEqual(await lookups(), [`/api/0/organizations/acme/issues/${issue.id}/`]);
    assert.equal(api.openLink.targets.requests, 1);
    figures.push(`a link to an issue: ${api.openLink.targets.requests} request before the panel's own reads`);
    assert.deepEqual(rec.shown, []);
  });

  it('a link to one event opens the panel on that event', async () => {
    const issue = issues[1];
    const [, second] = await eventIdsOf('acme', issue.id);
    await open(`${SANDBOX_URL}/organizations/acme/issues/${issue.id}/events/${second}/`);
    const panel = await waitFor('the panel', () => api.events.get('acme', issue.id));
    assert.equal(panel.currentState.event, second);
  });

  it('a short ID opens through the short-ID lookup: one request', async () => {
    const issue = issues[2];
    await open(issue.shortId.toLowerCase());
    await waitFor('the panel', () => api.events.get('acme', issue.id));
    assert.deepEqual(await lookups(), [`/api/0/organizations/acme/shortids/${issue.shortId}/`]);
    figures.push(`a short ID: ${api.openLink.targets.requests} request`);
  });

  it('an event ID opens through the event-ID lookup, on its event: one request', async () => {
    const issue = issues[3];
    const [first] = await eventIdsOf('acme', issue.id);
    await new Promise((r) => setTimeout(r, 1100)); // the lookup's own limit: one a second
    await control('requests/clear', {});
    await open(first.toUpperCase());
    const panel = await waitFor('the panel', () => api.events.get('acme', issue.id));
    assert.equal(panel.currentState.event, first);
    assert.deepEqual(await lookups(), [`/api/0/organizations/acme/eventids/${first}/`]);
    figures.push(`an event ID: ${api.openLink.targets.requests} request`);
  });

  it('an unknown short ID is said, in the organization it was looked up in', async () => {
    await open('API-SERVER-ZZZZZZ9');
    assert.match(rec.messages('warning').join('\n'), /API-SERVER-ZZZZZZ9 was not found in organization "acme"/);
  });

  it('a link of another organization says which and offers to switch; it opens only when asked', async () => {
    const globex = (await control<SeedIssue[]>('seed/issues?project=legacy-portal'))[0];
    const link = `${SANDBOX_URL}/organizations/globex/issues/${globex.id}/`;
    assert.equal(await open(link), false);
    assert.match(rec.messages('warning')[0], /organization "globex".*organization "acme"/);
    assert.deepEqual(rec.shown[0].items, ['Open It', 'Switch to "globex"']);
    assert.deepEqual(await requests(), [], 'dismissed: nothing asked');
    rec.set({ answer: (s) => s.items[0] });
    assert.equal(await open(link), true);
    await waitFor('the panel of the other organization', () => api.events.get('globex', globex.id));
    assert.equal(vscode.workspace.getConfiguration('sentryExplorer').get('organization'), 'acme', 'Open It keeps the organization shown');
  });

  it('a link of another server says which and sends nothing, there or here', async () => {
    for (const link of ['https://acme.sentry.io/issues/12/', 'https://sentry.acme-corp.test/organizations/acme/issues/12/']) {
      rec.shown.length = 0;
      assert.equal(await open(link), false);
      const said = rec.messages('warning')[0];
      assert.match(said, /Nothing was sent there/);
      assert.ok(said.includes(link.startsWith('https://acme') ? 'https://sentry.io' : 'https://sentry.acme-corp.test'), said);
    }
    assert.deepEqual(await requests(), []);
  });

  it('a trace link that names an error event opens that event on the Trace tab, one request', async () => {
    const issue = issues[4];
    const [first] = await eventIdsOf('acme', issue.id);
    await new Promise((r) => setTimeout(r, 1100)); // the event-ID lookup's own limit: one a second
    await control('requests/clear', {});
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/traces/trace/${TRACE}/?node=txn-${first}&eventId=${first}&timestamp=1718000000`), true);
    const panel = await waitFor('the panel', () => api.events.get('acme', issue.id));
    assert.equal(panel.currentState.event, first);
    assert.equal(panel.currentState.tab, 'trace');
    assert.deepEqual(await lookups(), [`/api/0/organizations/acme/eventids/${first}/`]);
    assert.equal(api.openLink.targets.requests, 1);
    assert.deepEqual(rec.messages('info'), [], 'the Trace tab is the trace view: nothing to explain');
    figures.push(`a trace link naming an error event: ${api.openLink.targets.requests} request`);
  });

  /** The latest event of a seeded issue whose event names a trace (`contexts.trace.trace_id`). */
  async function eventWithTrace(): Promise<{ issue: SeedIssue; eventId: string; traceId: string }> {
    for (const issue of issues) {
      const res = await fetch(`${SANDBOX_URL}/api/0/organizations/acme/issues/${issue.id}/events/latest/`, { headers: { authorization: `Bearer ${token}` } });
      const ev = (await res.json()) as { eventID: string; contexts?: { trace?: { trace_id?: string } } };
      const traceId = ev.contexts?.trace?.trace_id;
      if (traceId) return { issue, eventId: ev.eventID, traceId: traceId.replace(/-/g, '') };
    }
    throw new Error('no seeded issue of api-server names a trace');
  }

  it('a trace link without an event opens the trace’s error event on the Trace tab: the trace read once, its issue named there', async () => {
    const { traceId } = await eventWithTrace();
    await control('requests/clear', {});
    for (const link of [`${SANDBOX_URL}/organizations/acme/performance/trace/${traceId}/?statsPeriod=14d`, `${SANDBOX_URL}/organizations/acme/explore/traces/trace/${traceId}/`]) {
      closePanels();
      api.openLink.targets.requests = 0;
      await control('requests/clear', {});
      assert.equal(await open(link), true, link);
      const panel = await waitFor('a panel', () => api.events.all()[0]);
      assert.equal(panel.currentState.tab, 'trace');
      const view = await waitFor('the Trace tab read', () => (panel.story.trace.view.phase === 'ready' ? panel.story.trace.view : undefined));
      assert.equal(view.traceId, traceId);
      assert.ok(
        view.issues.some((i) => i.current && i.kind === 'error'),
        'the panel shows an error event of the trace',
      );
      const traceReads = (await requests()).filter((r) => /\/organizations\/acme\/(events-)?trace\//.test(r.path));
      // One read for the link, and the tab's own read of the trace once the panel shows it.
      assert.equal(api.openLink.targets.requests, 1);
      assert.ok(traceReads.length >= 1 && traceReads.length <= 3, traceReads.map((r) => r.path).join(', '));
      assert.deepEqual(await lookups(), [], 'the trace named the issue: no lookup');
    }
    assert.deepEqual(rec.messages('info'), []);
    figures.push(`a trace link without an event: ${api.openLink.targets.requests} request to find its error event`);
  });

  it("a trace link without an event to a trace older than the server's default period: looked for in the link's dates", async () => {
    const all = await control<(SeedIssue & { latestEventMs: number | null })[]>('seed/issues?project=api-server');
    let old: { eventId: string; traceId: string; time: number } | undefined;
    for (const issue of all.filter((i) => i.latestEventMs !== null && Date.now() - i.latestEventMs > 20 * 86_400_000 && Date.now() - i.latestEventMs < 80 * 86_400_000)) {
      const res = await fetch(`${SANDBOX_URL}/api/0/organizations/acme/issues/${issue.id}/events/latest/`, { headers: { authorization: `Bearer ${token}` } });
      const ev = (await res.json()) as { eventID: string; dateCreated: string; contexts?: { trace?: { trace_id?: string } } };
      const traceId = ev.contexts?.trace?.trace_id;
      if (traceId) {
        old = { eventId: ev.eventID, traceId: traceId.replace(/-/g, ''), time: Date.parse(ev.dateCreated) };
        break;
      }
    }
    assert.ok(old, 'a seeded issue of api-server with an older trace');
    // Without dates the server's default period is asked, and the trace is not in it: said.
    rec.set({});
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/traces/trace/${old.traceId}/`), false);
    assert.match(rec.messages('info')[0], /Sentry found nothing of trace \S+ in organization "acme" in its default period/);
    // With the page's timestamp (seconds, as getTraceDetailsUrl writes it): found, and opened on its error event.
    await control('requests/clear', {});
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/traces/trace/${old.traceId}/?timestamp=${Math.floor(old.time / 1000)}`), true);
    const panel = await waitFor('a panel', () => api.events.all()[0]);
    assert.equal(panel.currentState.tab, 'trace');
    const view = await waitFor('the Trace tab read', () => (panel.story.trace.view.phase === 'ready' ? panel.story.trace.view : undefined));
    assert.equal(view.traceId, old.traceId);
    assert.ok(view.issues.some((i) => i.current && i.kind === 'error'));
    const linkRead = (await requests()).find((r) => r.path === `/api/0/organizations/acme/trace/${old!.traceId}/`)!;
    assert.equal(new URLSearchParams(linkRead.query).get('start'), new Date(Math.floor(old.time / 1000) * 1000 - 86_400_000).toISOString());
  });

  it('a trace link of a panel already open switches it to the Trace tab, on the event the link names', async () => {
    const { issue, eventId, traceId } = await eventWithTrace();
    const panel = api.events.show({ org: 'acme', project: issue.project, issueId: issue.id }, undefined, { markSeen: false });
    await waitFor('the page ready', () => (panel['ready'] as boolean) || undefined);
    assert.equal(panel.currentState.tab, 'event');
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/traces/trace/${traceId}/?eventId=${eventId}`), true);
    await waitFor('the Trace tab', () => panel.currentState.tab === 'trace' || undefined);
    assert.equal(panel.currentState.event, eventId.toLowerCase());
    const view = await waitFor('the Trace tab read', () => (panel.story.trace.view.phase === 'ready' ? panel.story.trace.view : undefined));
    assert.equal(view.traceId, traceId);
  });

  it("a trace link without an event, one whose event is no issue's, and a replay: said, the page offered on the signed-in server's own host", async () => {
    const opened = rec.opened.length;
    rec.set({ answer: (s) => s.items[0] });
    const page = (kind: string) => `${SANDBOX_URL}/organizations/acme/${kind}/${TRACE}/`;
    // No event, and a trace Sentry has nothing of: the trace read (one request), said, and offered.
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/performance/trace/${TRACE}/?statsPeriod=14d`), true);
    assert.match(rec.messages('info')[0], /Sentry found nothing of trace a7d67cf7\S* in organization "acme"/);
    assert.deepEqual(rec.shown[0].items, ['Open in Browser']);
    assert.deepEqual(
      (await requests()).map((r) => r.path),
      [`/api/0/organizations/acme/trace/${TRACE}/`],
    );
    // An event the organization has no issue of (a transaction's, or unknown): one lookup, a 404, then the trace read, and the same offer.
    await new Promise((r) => setTimeout(r, 1100));
    await control('requests/clear', {});
    const unknown = 'f'.repeat(32);
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/traces/trace/${TRACE}/?eventId=${unknown}`), true);
    assert.match(rec.messages('info')[1], /Sentry found nothing of trace/);
    assert.deepEqual(
      (await requests()).map((r) => r.path),
      [`/api/0/organizations/acme/eventids/${unknown}/`, `/api/0/organizations/acme/trace/${TRACE}/`],
    );
    // A replay: no request.
    await control('requests/clear', {});
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/replays/${TRACE}/?referrer=issue`), true);
    assert.match(rec.messages('info')[2], /replay a7d67cf7\S* in organization "acme"\. Sentry Explorer does not play replays/);
    assert.deepEqual(await requests(), []);
    // The pages opened are built on the server's own address and the link's checked dates, never the link's text.
    assert.deepEqual(rec.opened.slice(opened), [`${page('traces/trace')}?statsPeriod=14d`, page('traces/trace'), page('replays')]);
    assert.equal(api.events.all().length, 0, 'no panel opened');
    // Dismissed: nothing opened.
    rec.set({});
    assert.equal(await open(`${SANDBOX_URL}/organizations/acme/replays/${TRACE}/`), false);
    assert.equal(rec.opened.length, opened + 3);
  });

  it('the URI handler takes a Sentry web link and opens it read only', async () => {
    const issue = issues[4];
    const web = `${SANDBOX_URL}/organizations/acme/issues/${issue.id}/`;
    await api.auth.uris.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/issue?url=${encodeURIComponent(web)}`));
    await waitFor('the panel', () => api.events.get('acme', issue.id));
  });

  it("the terminal's Sentry links and the organization's short IDs are links that open the panel", async () => {
    const [a, b] = [issues[5], issues[0]];
    const line = `deploy failed: ${SANDBOX_URL}/organizations/acme/issues/${a.id}/ (also ${b.shortId}, not NOPE-1)`;
    const terminal = vscode.window.createTerminal({ name: 'openLink suite' });
    try {
      const links = await api.openLink.terminalLinks.provideTerminalLinks({ line, terminal });
      assert.deepEqual(
        links.map((l) => line.slice(l.startIndex, l.startIndex + l.length)),
        [`${SANDBOX_URL}/organizations/acme/issues/${a.id}/`, b.shortId],
      );
      for (const l of links) api.openLink.terminalLinks.handleTerminalLink(l);
      await waitFor('both panels', () => (api.events.get('acme', a.id) && api.events.get('acme', b.id)) || undefined);
    } finally {
      terminal.dispose();
    }
  });
});
