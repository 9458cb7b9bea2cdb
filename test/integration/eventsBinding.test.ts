// An events panel belongs to the server, account and organization it was opened with: after a
// switch of account, its Resolve must not reach the server (it would change whatever issue has that
// id there, with the new account's token). Asserted on the sandbox's request log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
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
