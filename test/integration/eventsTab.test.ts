// The Event tab's host side inside VS Code against the sandbox: one GET per event, Reveal and the
// copies masked, raw JSON read-only, malformed asks refused.
// Named to run after events.test.ts: a webview panel disposed just before another suite creates its
// first one can leave the new page waiting on the workbench's service worker (code-server logs
// "Found unexpected service worker controller"); this suite never needs its page to load.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SentryClient } from '../../src/api/client';
import { decodeDetail, isMasked, type EventDetail } from '../../src/model/event/types';
import { parseEventDetail } from '../../src/model/event/parse';
import { EventsPanels } from '../../src/eventsPanel/eventsPanels';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import { RAW_EVENT_SCHEME } from '../../src/eventsPanel/rawEventDocuments';
import { IssueStore } from '../../src/store/issueStore';
import { activateExtension, getExtension } from './helpers';
import { control, SANDBOX_URL, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';
import { askPanel, nextRequestId, resetSandboxClient } from './panelRequests';

const SECRET_MARK = 'SANDBOXSECRET';

describe('Event tab: the whole event', function () {
  this.timeout(120_000);
  let panels: EventsPanels;
  let client: SentryClient;
  let store: IssueStore;
  const rec = new UiRecorder();
  const log = vscode.window.createOutputChannel('Sentry Explorer event view tests', { log: true });

  async function open(panel: EventsPanel, ref: string): Promise<EventDetail> {
    const r = await askPanel(panel, 'event', { ref });
    assert.ok(r.ok, `event ${ref}: ${r.ok ? '' : r.error.message}`);
    return decodeDetail((r.result as { detailJson: string }).detailJson);
  }

  async function eventGets(issueId: string): Promise<RequestLogEntry[]> {
    const all = await control<RequestLogEntry[]>('requests');
    return all.filter((r) => r.method === 'GET' && r.path.startsWith(`/api/0/organizations/acme/issues/${issueId}/events/`) && !r.path.endsWith('/events/'));
  }

  /** An acme issue whose events carry a request entry (with the sandbox's secrets); found once. */
  let withRequest: Promise<string> | undefined;
  function issueWithRequest(): Promise<string> {
    return (withRequest ??= findIssueWithRequest());
  }
  async function findIssueWithRequest(): Promise<string> {
    const issues = await client.listProjectIssues('acme', 'web-frontend', { statsPeriod: '14d' });
    for (const i of issues.items) {
      const latest = await client.getIssueEvent('acme', i.id, 'latest');
      // The client masks every answer where it enters: the secrets are only in the answer's vault.
      if (parseEventDetail(latest, i.id).secrets.some((s) => s.includes(SECRET_MARK))) return i.id;
    }
    throw new Error('no sandbox issue with secrets in its latest event');
  }

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: skipping the event view suite)');
      this.skip();
    }
    await activateExtension();
    client = await resetSandboxClient();
    store = new IssueStore(async () => client);
    panels = new EventsPanels({ extensionUri: getExtension().extensionUri }, { getClient: async () => client, store, log, signIn: async () => undefined });
    panels.ui.override(rec.ui());
  });

  after(async () => {
    panels?.dispose();
    store?.dispose();
    log.dispose();
    // The raw JSON tab opened beside the panel: back to one empty group for the suites after this one.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.joinAllGroups');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('latest: one GET of …/events/latest/; asked again (by alias or by id) no request; previous/next one each', async () => {
    const issueId = await issueWithRequest();
    const panel = panels.show({ org: 'acme', issueId });
    await control('requests/clear', {});
    const latest = await open(panel, 'latest');
    assert.equal(latest.issueId, issueId);
    assert.match(latest.eventID, /^[0-9a-f]{32}$/);
    assert.deepEqual(
      (await eventGets(issueId)).map((r) => r.path),
      [`/api/0/organizations/acme/issues/${issueId}/events/latest/`],
    );
    await open(panel, 'latest');
    await open(panel, latest.eventID);
    assert.equal((await eventGets(issueId)).length, 1, 'cached: no second request');
    assert.equal(latest.nextEventID, undefined, 'the latest has no next');
    const prev = await open(panel, latest.previousEventID!);
    assert.equal(prev.nextEventID, latest.eventID);
    assert.equal((await eventGets(issueId)).length, 2);
    print(`      requests per event opened: 1, again: 0 (issue ${issueId})`);
  });

  it('secrets: masked in the detail the page gets; Reveal answers one from the host; copies are masked', async () => {
    const issueId = await issueWithRequest();
    const panel = panels.show({ org: 'acme', issueId });
    const r = await askPanel(panel, 'event', { ref: 'latest' });
    assert.ok(r.ok);
    const json = (r.result as { detailJson: string }).detailJson;
    assert.ok(!json.includes(SECRET_MARK), 'no secret crosses to the page');
    const detail = decodeDetail(json);
    assert.ok(detail.maskedCount > 0);
    const auth = detail.request?.headers.find((p) => p.key.toLowerCase() === 'authorization');
    assert.ok(auth && isMasked(auth.value), 'the Authorization header is masked');
    assert.match(auth.value.shown, /^Bearer \[masked\]$/);

    const revealed = await askPanel(panel, 'reveal', { eventId: detail.eventID, secret: auth.value.secret });
    assert.ok(revealed.ok);
    assert.match((revealed.result as { value: string }).value, new RegExp(`^Bearer .*${SECRET_MARK}`));
    const unknown = await askPanel(panel, 'reveal', { eventId: 'f'.repeat(32), secret: 0 });
    assert.ok(!unknown.ok, 'an event the panel never sent reveals nothing');

    rec.clipboard.length = 0;
    await panel.handle({ type: 'copyEvent', eventId: detail.eventID, format: 'markdown' });
    await panel.handle({ type: 'copyEvent', eventId: detail.eventID, format: 'json' });
    assert.equal(rec.clipboard.length, 2);
    const [md, raw] = rec.clipboard;
    assert.ok(!md.includes(SECRET_MARK) && !raw.includes(SECRET_MARK), 'no copy holds a secret');
    assert.match(md, /Bearer \[masked\]|\[masked\]/);
    assert.ok(md.includes(detail.title.slice(0, 20)) || md.includes(detail.eventID), 'the Markdown names the event');
    assert.equal((JSON.parse(raw) as { eventID: string }).eventID, detail.eventID);
  });

  it('Open raw JSON: a JSON tab of the masked event, from our content provider (read-only)', async () => {
    const issueId = await issueWithRequest();
    const panel = panels.show({ org: 'acme', issueId });
    const detail = await open(panel, 'latest');
    await panel.handle({ type: 'openRawEvent', eventId: detail.eventID });
    const editor = await waitFor('the raw JSON tab', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === RAW_EVENT_SCHEME));
    const doc = editor.document;
    assert.equal(doc.languageId, 'json');
    assert.ok(doc.uri.path.endsWith(`${detail.eventID}.json`));
    const text = doc.getText();
    assert.ok(!text.includes(SECRET_MARK));
    assert.equal((JSON.parse(text) as { eventID: string }).eventID, detail.eventID);
    // A content provider's document: VS Code opens it in a read-only editor, and it has no file to save to.
    assert.equal(doc.isUntitled, false);
    assert.equal(doc.uri.scheme, RAW_EVENT_SCHEME);
  });

  it('an event no longer held: copy and raw JSON say so instead of copying anything', async () => {
    const issueId = await issueWithRequest();
    const panel = panels.show({ org: 'acme', issueId });
    rec.clipboard.length = 0;
    rec.shown.length = 0;
    await panel.handle({ type: 'copyEvent', eventId: 'a'.repeat(32), format: 'markdown' });
    assert.equal(rec.clipboard.length, 0);
    assert.match(rec.messages('warning').join('\n'), /no longer loaded/);
  });

  it('malformed asks never reach the server: a ref that is not an alias or 32 hex digits, a path in an id', async () => {
    const issueId = await issueWithRequest();
    const panel = panels.show({ org: 'acme', issueId });
    await control('requests/clear', {});
    for (const ref of ['../../projects', 'latest/', 'abc', 'g'.repeat(32), '']) {
      let answered = false;
      const sub = panel.onDidPost((m) => {
        if (m.type === 'response') answered = true;
      });
      await panel.handle({ type: 'request', id: nextRequestId(), method: 'event', params: { ref } });
      sub.dispose();
      assert.equal(answered, false, `"${ref}" is refused before any answer`);
    }
    await panel.handle({ type: 'copyEvent', eventId: '../x', format: 'markdown' });
    await panel.handle({ type: 'openRawEvent', eventId: 'latest' });
    assert.equal((await eventGets(issueId)).length, 0);
  });

  it('a 404 for a vanished event comes back as a typed error the page shows', async () => {
    const issueId = await issueWithRequest();
    const panel = panels.show({ org: 'acme', issueId });
    const r = await askPanel(panel, 'event', { ref: '0'.repeat(32) });
    assert.ok(!r.ok);
    assert.equal(r.error.kind, 'notFound');
  });
});
