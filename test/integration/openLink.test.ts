// "Open Link, ID or Stack Trace…" against the sandbox, in every profile: a Sentry link of the
// signed-in server opens its issue's panel (on the event it names) after one read; a short ID and an
// event ID through the organization's lookups; a link of another organization says so and offers to
// switch; a link of another server says which and sends nothing anywhere; the URI handler takes a web
// link; the terminal's Sentry links and short IDs open the same way. Nothing ever writes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands, EXTENSION_ID } from '../../src/constants';
import type { TestHooks } from '../../src/testHooks';
import { control, SANDBOX_URL, signedInSuite, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';

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
