// Links from the web into VS Code against the sandbox: the UriHandler's `/issue` route (called as
// VS Code calls it, through the extension's router: vscode.env.openExternal of such a link is refused
// in this VS Code server, code-server 4.99) opens the issue's events panel, by id or by
// short ID after one read; a malformed link only says what is wrong; a link while signed out only
// offers a sign-in; no link ever writes (the issues used have not been seen, so a panel that
// marked them seen on opening would send a PUT). And Copy VS Code Link copies the exact link.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands, EXTENSION_ID } from '../../src/constants';
import type { TestHooks } from '../../src/testHooks';
import { control, SANDBOX_URL, signInToSandbox, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { activateExtension } from './helpers';
import { print } from './output';
import { DEFAULT_FILTERS } from '../../src/eventsPanel/core/protocol/filters';
import { PROTOCOL_VERSION, VIEW_TYPE, type PanelState } from '../../src/eventsPanel/core/protocol/messages';

interface SeedIssue {
  id: string;
  shortId: string;
  project: string;
}

const PROJECT = 'api-server'; // not the Issues view's project (web-frontend): no list brings its issues into the store

describe('Issue links (vscode://…/issue)', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let defaults: { authToken: string; clientId: string };
  let restore: () => Promise<void>;
  /** Two issues of PROJECT the signed-in user has not seen. */
  let byId: SeedIssue;
  let byShortId: SeedIssue;

  const link = (query: string) => vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/issue?${query}`);
  const open = (query: string) => api.auth.uris.handleUri(link(query));
  const requests = async () => (await control<RequestLogEntry[]>('requests')).filter((r) => r.path.startsWith('/api/'));
  const clearLog = () => control('requests/clear', {});
  const writes = async () => (await requests()).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
  const closePanels = () => api.events.all().forEach((p) => p.dispose());

  /** An unseen issue of the Issues view's project with no panel open, put into the store as a list or lookup would. */
  async function heldUnseen(): Promise<SeedIssue> {
    for (const issue of await control<SeedIssue[]>('seed/issues?project=web-frontend')) {
      if (!api.events.get('acme', issue.id) && !(await hasSeen(issue.id))) {
        await api.store.lookupShortId('acme', 'web-frontend', issue.shortId);
        return issue;
      }
    }
    return assert.fail('an unseen issue in web-frontend');
  }

  async function hasSeen(id: string): Promise<boolean> {
    const res = await fetch(`${SANDBOX_URL}/api/0/organizations/acme/issues/${id}/`, { headers: { authorization: `Bearer ${defaults.authToken}` } });
    assert.equal(res.status, 200);
    return ((await res.json()) as { hasSeen: boolean }).hasSeen;
  }

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: skipping the issue link suite)');
      this.skip();
    }
    api = await activateExtension();
    rec = new UiRecorder();
    ({ defaults, restore } = await signInToSandbox(rec));
    const unseen: SeedIssue[] = [];
    for (const issue of await control<SeedIssue[]>(`seed/issues?project=${PROJECT}`)) {
      if (!(await hasSeen(issue.id))) unseen.push(issue);
      if (unseen.length === 2) break;
    }
    assert.equal(unseen.length, 2, `two unseen issues in ${PROJECT}`);
    [byId, byShortId] = unseen;
  });

  beforeEach(async () => {
    closePanels();
    rec.shown.length = 0;
    rec.set({});
    assert.equal(api.store.issue(byId.id), undefined, 'the store does not hold the issue');
    assert.equal(api.store.issue(byShortId.id), undefined, 'the store does not hold the issue');
    await clearLog();
  });

  afterEach(async () => {
    // Whatever a test did, no link wrote anything.
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [],
      'no PUT or POST',
    );
    closePanels();
  });

  after(async () => {
    closePanels();
    await restore?.();
  });

  it('an id link opens the issue’s events panel, with its header', async () => {
    await open(`org=acme&id=${byId.id}`);
    const panel = api.events.get('acme', byId.id);
    assert.ok(panel, 'the events panel of the issue is open');
    assert.equal(panel.currentState.issue.shortId, byId.shortId, 'the header knows the issue at once');
    assert.equal(panel.currentState.issue.project, PROJECT);
    assert.deepEqual(rec.shown, [], 'nothing to say');
    const reads = (await requests()).filter((r) => r.path === `/api/0/organizations/acme/issues/${byId.id}/`);
    assert.equal(reads.length, 1, 'one read of the issue');
    assert.equal(api.store.issue(byId.id), undefined, 'the link kept the issue out of the store (mark seen on open would write)');
    await new Promise((r) => setTimeout(r, 1000)); // a mark-seen PUT would have been sent by now (afterEach checks)
    assert.equal(await hasSeen(byId.id), false, 'still not seen');
  });

  it('a link to an issue the store already holds opens it without marking it seen', async () => {
    const held = await heldUnseen();
    assert.equal(api.store.issue(held.id)?.hasSeen, false, 'the store holds the issue, unseen');
    await clearLog();

    await open(`org=acme&id=${held.id}`);
    assert.ok(api.events.get('acme', held.id), 'the events panel of the issue is open');
    await new Promise((r) => setTimeout(r, 1000)); // a mark-seen PUT would have been sent by now
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [],
      'the link wrote nothing',
    );
    assert.equal(await hasSeen(held.id), false, 'still not seen');

    // The user's own click in the tree on the same issue marks it seen, as opening it there always does.
    await vscode.commands.executeCommand(Commands.showIssueEvents, { org: 'acme', project: 'web-frontend', issueId: held.id });
    await waitFor('the mark-seen PUT of the tree click', async () => (await writes()).length > 0 || undefined);
    assert.deepEqual(
      (await writes()).map((r) => [r.method, r.path, JSON.parse(r.body ?? '{}') as unknown]),
      [['PUT', `/api/0/organizations/acme/issues/${held.id}/`, { hasSeen: true }]],
    );
    await clearLog(); // that PUT was the tree's, not the link's (afterEach checks the link's)
  });

  it('a panel VS Code restores (a window reload) marks nothing seen: restoring is not opening', async () => {
    // An unseen issue the store holds, as after a link opened it before the reload.
    const held = await heldUnseen();
    await clearLog();
    const state: PanelState = { v: PROTOCOL_VERSION, org: 'acme', issueId: held.id, issue: { id: held.id, shortId: held.shortId, project: 'web-frontend' }, filters: DEFAULT_FILTERS, tab: 'events' };
    const restored = api.events.restore(vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.Active, {}), state);
    assert.ok(restored, 'the panel is restored');
    await waitFor('the restored header', () => restored.currentState.issue.count !== undefined || undefined);
    await new Promise((r) => setTimeout(r, 1000)); // a mark-seen PUT would have been sent by now
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [],
      'the restore wrote nothing',
    );
    assert.equal(await hasSeen(held.id), false, 'still not seen');
  });

  it('a shortId link opens the issue after one read', async () => {
    await open(`org=acme&shortId=${byShortId.shortId.toLowerCase()}`);
    const panel = api.events.get('acme', byShortId.id);
    assert.ok(panel, 'the events panel of the issue is open');
    assert.equal(panel.currentState.issue.shortId, byShortId.shortId);
    const lookups = (await requests()).filter((r) => r.query.some(([k, v]) => k === 'shortIdLookup' && v === '1'));
    assert.equal(lookups.length, 1, 'one short-ID lookup');
    assert.ok(
      lookups[0].query.some(([k, v]) => k === 'query' && v === byShortId.shortId),
      'it looks up the short ID',
    );
    assert.deepEqual(rec.shown, []);
  });

  it('an unknown issue is said not to be found', async () => {
    await open('org=acme&id=4899999999');
    await open('org=acme&shortId=NOPE-ZZZ9');
    await open(`org=globex-nope&id=${byId.id}`);
    assert.equal(api.events.all().length, 0, 'no panel');
    const warnings = rec.messages('warning');
    assert.equal(warnings.length, 3, warnings.join('\n'));
    assert.match(warnings[0], /Issue #4899999999 was not found in organization "acme"/);
    assert.match(warnings[1], /Issue NOPE-ZZZ9 was not found in organization "acme"/);
    assert.match(warnings[2], /was not found in organization "globex-nope"/);
  });

  it('a malformed link says what is wrong, and sends nothing', async () => {
    const bad: [string, RegExp][] = [
      [`org=..%2Fx&id=${byId.id}`, /"\.\.\/x" is not a Sentry organization slug/],
      ['org=acme&id=1%3Brm', /"1;rm" is not a Sentry issue ID/],
      [`org=acme&id=${byId.id}&shortId=${byShortId.shortId}`, /not both/],
      ['org=acme', /names no issue/],
      [`id=${byId.id}`, /no organization/],
      [`org=acme&id=${'9'.repeat(5000)}`, /too long|is not a Sentry issue ID/],
      [`org=acme&shortId=${encodeURIComponent('[x](command:evil)-1')}`, /is not a Sentry short ID/],
    ];
    for (const [query, why] of bad) {
      rec.shown.length = 0;
      await open(query);
      assert.equal(rec.shown.length, 1, `one message for ${query.slice(0, 80)}`);
      assert.equal(rec.shown[0].level, 'error');
      assert.match(rec.shown[0].message, /^Sentry Explorer cannot open this link: /);
      assert.match(rec.shown[0].message, why);
      assert.ok(rec.shown[0].message.length < 300, 'a bounded message');
      assert.doesNotMatch(rec.shown[0].message, /\]\(command:/, 'no link of the input');
    }
    assert.equal(api.events.all().length, 0, 'no panel');
    assert.deepEqual(await requests(), [], 'no request');
    assert.ok(api.auth.isSignedIn(), 'still signed in');
  });

  it('Copy VS Code Link copies the exact link, which opens the issue', async () => {
    const expected = `${vscode.env.uriScheme}://sentry-explorer.sentry-explorer/issue?org=acme&id=${byId.id}`;
    api.auth.ui.reset(); // the real clipboard
    try {
      await vscode.env.clipboard.writeText('before');
      // The Issues tree's context menu passes its row (an IssueRef with more fields).
      await vscode.commands.executeCommand(Commands.copyVSCodeLink, { type: 'issue', org: 'acme', project: PROJECT, issueId: byId.id, listedIn: PROJECT, otherProject: false, period: '24h' });
      assert.equal(await vscode.env.clipboard.readText(), expected);
      await vscode.env.clipboard.writeText('before');
      await vscode.commands.executeCommand(Commands.copyVSCodeLink, { org: 'acme', project: PROJECT, issueId: byShortId.id });
      assert.equal(await vscode.env.clipboard.readText(), expected.replace(byId.id, byShortId.id));
      await vscode.env.clipboard.writeText('before');
      await vscode.commands.executeCommand(Commands.copyVSCodeLink, { org: 'acme', project: PROJECT, issueId: '1;rm' });
      assert.equal(await vscode.env.clipboard.readText(), 'before', 'not an issue: nothing copied');
    } finally {
      api.auth.ui.override(rec.ui());
    }
    await api.auth.uris.handleUri(vscode.Uri.parse(expected));
    assert.ok(api.events.get('acme', byId.id), 'the copied link opens the issue');
  });

  it('Copy VS Code Link from the palette with no issue at the cursor says what to select', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand(Commands.copyVSCodeLink);
    const info = rec.messages('info');
    // The tree may have a row selected by an earlier suite: then that row's link was copied.
    if (info.length) assert.match(info[0], /Put the cursor on a line Sentry marks, or select an issue/);
  });

  describe('signed out', () => {
    before(async () => {
      await api.auth.signOut();
      await waitFor('signed out', () => !api.auth.isSignedIn());
    });

    after(async () => {
      if (!api.auth.isSignedIn()) {
        rec.set({ method: 'token', inputs: [defaults.authToken] });
        await api.auth.signIn({ method: 'token' });
        await waitFor('signed in', () => api.auth.isSignedIn());
      }
    });

    it('a link offers a sign-in and does nothing else', async () => {
      const picks = rec.quickPicks.length;
      rec.set({ answer: () => undefined }); // the notification is dismissed
      await open(`org=acme&id=${byId.id}`);
      assert.deepEqual(
        rec.shown.map((s) => [s.level, s.message, s.items]),
        [['warning', `Sign in to Sentry to open issue #${byId.id} of organization "acme".`, ['Sign In']]],
      );
      assert.equal(rec.quickPicks.length, picks, 'no sign-in started (its method pick never showed)');
      assert.equal(api.auth.isSignedIn(), false, 'still signed out');
      assert.deepEqual(await requests(), [], 'no request');
      assert.equal(api.events.all().length, 0, 'no panel');
    });

    it('a malformed link says so without offering a sign-in', async () => {
      await open('org=acme&id=abc');
      assert.deepEqual(
        rec.shown.map((s) => s.level),
        ['error'],
      );
      assert.deepEqual(await requests(), [], 'no request');
    });

    it('the user’s click on Sign In signs in, then the issue opens', async () => {
      rec.set({
        method: 'token',
        inputs: [defaults.authToken],
        answer: (s) => (/^Sign in to Sentry to open issue/.test(s.message) ? 'Sign In' : undefined),
      });
      await open(`org=acme&shortId=${byShortId.shortId}`);
      assert.ok(api.auth.isSignedIn(), 'signed in after the click');
      const panel = api.events.get('acme', byShortId.id);
      assert.ok(panel, 'the issue opened after the sign-in');
      assert.equal(panel.currentState.issue.shortId, byShortId.shortId);
    });
  });
});
