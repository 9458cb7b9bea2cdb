// An events panel belongs to the server, account and organization it was opened with: after a
// switch of account, its Resolve must not reach the server (it would change whatever issue has that
// id there, with the new account's token); a panel VS Code restores after a window reload keeps
// them in its saved state, and writes nothing until its header was read again from there. Asserted
// on the sandbox's request log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import { PROTOCOL_VERSION, VIEW_TYPE, type HostMessage, type PanelState } from '../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../src/eventsPanel/core/protocol/filters';
import { control, signedInSuite, signInWithToken, waitFor, type RequestLogEntry, type UiRecorder } from './authHelpers';
import type { TestHooks } from '../../src/testHooks';

const WRITE_SCOPES = ['org:read', 'project:read', 'event:read', 'event:write', 'member:read'];

describe('events panel bound to its server and account', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let restore: (() => Promise<void>) | undefined;
  let authToken: string;

  before(async function () {
    let defaults: { authToken: string };
    ({ api, rec, restore, defaults } = await signedInSuite(this, 'events panel binding'));
    authToken = defaults.authToken;
    const { writeToken } = await control<{ writeToken: string }>('defaults');
    await signInWithToken(api, rec, writeToken);
    await waitFor('a session with event:write', () => api.auth.session?.scopes.includes('event:write'));
    api.triage.ui.override(rec.ui());
    api.events.ui.override(rec.ui());
  });

  after(async () => {
    api?.events.all().forEach((p) => p.dispose());
    api?.triage.ui.reset();
    api?.events.ui.reset();
    // The sandbox's own account again, for the suites after this one.
    if (api && authToken) await signInWithToken(api, rec, authToken);
    await restore?.();
  });

  const puts = async () => (await control<RequestLogEntry[]>('requests')).filter((r) => r.method === 'PUT').map((r) => r.path);

  it('after signing in as another account, the panel says so and closes, and a Resolve from it sends no PUT', async () => {
    assert.ok((await vscode.commands.getCommands(true)).includes(Commands.resolve), 'the triage commands are registered');
    const client = (await api.auth.getClient())!;
    const [issue] = (await client.listProjectIssues('acme', 'web-frontend', { query: 'is:unresolved' })).items;
    await api.store.lookupShortId('acme', 'web-frontend', issue.shortId);
    const panel = api.events.show({ org: 'acme', project: 'web-frontend', issueId: issue.id }, undefined, { markSeen: false });

    const other = await control<{ token: string }>('tokens', { scopes: WRITE_SCOPES, kind: 'user', userId: '2' });
    const before = rec.shown.length;
    await signInWithToken(api, rec, other.token);
    await waitFor('the other account', () => api.auth.session?.account.id === 'user:2' || undefined);
    await control('requests/clear', {});

    // A message the page sent before it was closed, or a button pressed as the switch happened.
    await panel.handle({ type: 'triage', command: 'resolve' });
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(await puts(), [], 'no PUT reached the server');
    assert.notEqual(api.store.issue(issue.id)?.status, 'resolved', 'nothing shown as changed');
    const said = rec.shown.slice(before).map((s) => s.message);
    assert.ok(
      said.some((m) => /another Sentry account/.test(m)),
      JSON.stringify(said),
    );
    assert.equal(api.events.get('acme', issue.id), undefined, 'the panel is closed');
  });

  describe('restored after a window reload (the serializer)', () => {
    const restored = (state: PanelState) => api.events.restore(vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.Active, {}), state);
    const stateOf = (issue: { id: string; shortId: string }, binding?: PanelState['binding']): PanelState => ({
      v: PROTOCOL_VERSION,
      org: 'acme',
      issueId: issue.id,
      issue: { id: issue.id, shortId: issue.shortId, project: 'web-frontend' },
      filters: DEFAULT_FILTERS,
      tab: 'event',
      ...(binding ? { binding } : {}),
    });
    const unresolved = async (n: number) => {
      const client = (await api.auth.getClient())!;
      return (await client.listProjectIssues('acme', 'web-frontend', { query: 'is:unresolved' })).items.slice(n, n + 1)[0];
    };
    const said = (from: number) => rec.shown.slice(from).map((s) => s.message);

    afterEach(async () => {
      await control('faults/clear', {});
      api.events.all().forEach((p) => p.dispose());
    });

    it('a panel opened now saves its server, account and organization in the state the page keeps', async () => {
      const issue = await unresolved(0);
      const panel = api.events.show({ org: 'acme', project: 'web-frontend', issueId: issue.id }, undefined, { markSeen: false });
      const posted: HostMessage[] = [];
      panel.onDidPost((m) => posted.push(m));
      // The page's handshake (played here: the page's own may come at any time), answered with its state.
      await panel.handle({ type: 'ready', version: PROTOCOL_VERSION });
      const init = posted.find((m) => m.type === 'init') as Extract<HostMessage, { type: 'init' }>;
      const { baseUrl, account } = api.auth.identity!;
      assert.deepEqual(init.state.binding, { baseUrl, account, org: 'acme' });
      assert.deepEqual(panel.currentState.binding, { baseUrl, account, org: 'acme' });
    });

    it('saved with another server: closed at once, saying whose it is, and a Resolve from it sends no PUT', async () => {
      const issue = await unresolved(1);
      await control('requests/clear', {});
      const before = rec.shown.length;
      const panel = restored(stateOf(issue, { baseUrl: 'https://sentry.other.example', account: api.auth.identity!.account, org: 'acme' }));
      await panel?.handle({ type: 'triage', command: 'resolve' });
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(await puts(), [], 'no PUT reached the server');
      assert.ok(
        said(before).some((m) => /sentry\.other\.example/.test(m)),
        JSON.stringify(said(before)),
      );
      assert.equal(api.events.get('acme', issue.id), undefined, 'the panel is closed');
    });

    it('saved with another account of this server: closed, and nothing sent', async () => {
      const issue = await unresolved(1);
      await control('requests/clear', {});
      const before = rec.shown.length;
      const { baseUrl, account } = api.auth.identity!;
      const panel = restored(stateOf(issue, { baseUrl, account: account === 'user:2' ? 'user:1' : 'user:2', org: 'acme' }));
      await panel?.handle({ type: 'triage', command: 'resolve' });
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(await puts(), []);
      assert.ok(
        said(before).some((m) => /another Sentry account/.test(m)),
        JSON.stringify(said(before)),
      );
      assert.equal(api.events.get('acme', issue.id), undefined);
    });

    it('saved with the session signed in now: no write until its header was read again from that server, then writes', async () => {
      const issue = await unresolved(2);
      // The header's read is slow: a write meanwhile is refused, and says why.
      await control('faults', { path: '^/api/0/organizations/acme/issues/$', query: 'shortIdLookup', latencyMs: 4000, count: 1 });
      await control('requests/clear', {});
      const before = rec.shown.length;
      const { baseUrl, account } = api.auth.identity!;
      const panel = restored(stateOf(issue, { baseUrl, account, org: 'acme' }))!;
      await panel.handle({ type: 'triage', command: 'bookmark' });
      await new Promise((r) => setTimeout(r, 1000));
      assert.deepEqual(await puts(), [], 'nothing sent before the header was read again');
      assert.ok(
        said(before).some((m) => /[Nn]othing was sent/.test(m) && /read again/.test(m)),
        JSON.stringify(said(before)),
      );
      await waitFor('the header read again', async () => (await control<RequestLogEntry[]>('requests')).some((r) => r.query.some(([k]) => k === 'shortIdLookup') && r.status === 200) || undefined);
      await waitFor('the bookmark PUT', async () => {
        void panel.handle({ type: 'triage', command: 'bookmark' });
        await new Promise((r) => setTimeout(r, 300));
        return (await puts()).includes(`/api/0/organizations/acme/issues/${issue.id}/`) || undefined;
      });
    });

    it('saved without a server and account (before they were kept): writes nothing until the issue is opened again', async () => {
      const issue = await unresolved(3);
      await control('requests/clear', {});
      const before = rec.shown.length;
      const panel = restored(stateOf(issue))!;
      await waitFor('the header read again', () => panel.currentState.issue.count !== undefined || undefined);
      await panel.handle({ type: 'triage', command: 'bookmark' });
      await new Promise((r) => setTimeout(r, 1000));
      assert.deepEqual(await puts(), []);
      assert.ok(
        said(before).some((m) => /[Nn]othing was sent/.test(m) && /[Oo]pen the issue again/.test(m)),
        JSON.stringify(said(before)),
      );
      // Opened again by the user, from the session of now: it belongs to it.
      assert.equal(api.events.show({ org: 'acme', project: 'web-frontend', issueId: issue.id }, undefined, { markSeen: false }), panel);
      void panel.handle({ type: 'triage', command: 'bookmark' });
      await waitFor('the bookmark PUT', async () => (await puts()).includes(`/api/0/organizations/acme/issues/${issue.id}/`) || undefined);
    });
  });

  it('a panel opened with the account signed in now writes as before', async () => {
    const client = (await api.auth.getClient())!;
    const [issue] = (await client.listProjectIssues('acme', 'web-frontend', { query: 'is:unresolved' })).items;
    await api.store.lookupShortId('acme', 'web-frontend', issue.shortId);
    await control('requests/clear', {});
    const panel = api.events.show({ org: 'acme', project: 'web-frontend', issueId: issue.id }, undefined, { markSeen: false });
    void panel.handle({ type: 'triage', command: 'bookmark' });
    await waitFor('the bookmark PUT', async () => (await puts()).includes(`/api/0/organizations/acme/issues/${issue.id}/`) || undefined);
    panel.dispose();
  });
});
