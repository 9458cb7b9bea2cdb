// An EU-only account inside VS Code: its organization is found in its data region and every
// request for it goes there (sentry-io: the sandbox's second host), or everything stays on the one
// server (self-hosted-2025). sentry-io's main host lists every region's organizations in one list;
// where a region's own list must be asked (a main host that lists one region) and fails, the other
// regions' organizations are offered and the failed region is named. A sandbox of its own (host name `localhost`, regions on), in the
// profile of the run's sandbox; the extension is pointed at it and back.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { IssueNode, Node } from '../../src/issues/core/nodes';
import { Commands } from '../../src/constants';
import { startSandbox, type Sandbox } from '../sandbox';
import { EU_ORG, EU_PROJECT } from '../sandbox/seed';
import type { ProfileName } from '../sandbox/profiles';
import { activateExtension } from './helpers';
import { readExtensionLog, SANDBOX_URL, sandboxProfile, UiRecorder, waitFor } from './authHelpers';
import { print } from './output';

/** out/integration/ is two levels below the repository. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const OUR_SETTINGS = ['baseUrl', 'oauth.clientId', 'refreshIntervalSeconds', 'organization', 'projects'] as const;
const WORKSPACE_SETTINGS = ['organization', 'projects'] as const;

describe('Data regions: an EU-only account sees its organization and its issues', function () {
  this.timeout(120_000);
  let sb: Sandbox;
  let profile: ProfileName;
  let hooks: Awaited<ReturnType<typeof activateExtension>>;
  const rec = new UiRecorder();
  const saved = new Map<string, unknown>();
  const savedInWorkspace = new Map<string, unknown>();
  const ours = () => vscode.workspace.getConfiguration('sentryExplorer');
  const issuesOf = (nodes: Node[]) => nodes.filter((n): n is IssueNode => n.type === 'issue');
  /** Where the EU organization's requests went: 'de' (its region's host) or 'main'. */
  const euRequests = () => sb.control.requests.list({ path: /^\/api\/0\/(organizations|projects)\/euro\// }).map((r) => r.region ?? 'main');

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: skipping the data regions suite)');
      this.skip();
    }
    profile = (await sandboxProfile()) as ProfileName;
    sb = await startSandbox({ profile, host: 'localhost', regions: true, workspaceDir: path.join(REPO_ROOT, 'test', 'sandbox', 'workspace') });
    for (const k of OUR_SETTINGS) saved.set(k, ours().inspect(k)?.globalValue);
    // Choose Project saves to the workspace folder's settings (the sample workspace): put back as found.
    for (const k of WORKSPACE_SETTINGS) savedInWorkspace.set(k, ours().inspect(k)?.workspaceValue);
    hooks = await activateExtension();
    await hooks.auth.ready;
    await hooks.auth.signOut();
    await ours().update('baseUrl', sb.url, vscode.ConfigurationTarget.Global);
    await ours().update('oauth.clientId', sb.defaults.clientId, vscode.ConfigurationTarget.Global);
    await ours().update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
    await ours().update('organization', undefined, vscode.ConfigurationTarget.Global);
    await ours().update('projects', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('the provider to follow the base URL', () => hooks.auth.provider.baseUrl === sb.url);
    hooks.auth.ui.override(rec.ui());
    hooks.issues.ui.override({
      ...rec.ui(),
      // The organization picker is skipped with one organization; the project picker gets the EU project.
      showQuickPick: (async (items: readonly vscode.QuickPickItem[], options?: vscode.QuickPickOptions) => {
        rec.quickPicks.push(items.map((i) => i.label));
        return options?.canPickMany ? items.filter((i) => i.label === EU_PROJECT) : items.find((i) => i.label === EU_ORG);
      }) as never,
    });
  });

  after(async () => {
    hooks?.auth.ui.reset();
    hooks?.issues.ui.reset();
    await hooks?.auth.signOut();
    for (const [key, value] of saved) await ours().update(key, value, vscode.ConfigurationTarget.Global);
    for (const [key, value] of savedInWorkspace) await ours().update(key, value, vscode.ConfigurationTarget.Workspace);
    hooks?.store.clear();
    await sb?.close();
  });

  it(`signs in with the EU user's token: the check finds its organization in its region`, async () => {
    rec.set({ method: 'token', inputs: [sb.defaults.euToken!] });
    await hooks.auth.signIn({ method: 'token' });
    await waitFor('signed in', () => hooks.auth.isSignedIn());
    assert.deepEqual(
      rec.shown.filter((s) => s.level !== 'info').map((s) => s.message),
      [],
    );
    // One list, the main host's, which holds every region's organizations: no region's host is asked for its own.
    assert.deepEqual(
      sb.control.requests.list({ path: /^\/api\/0\/organizations\/$/ }).map((r) => r.region ?? 'main'),
      ['main'],
    );
  });

  it('Choose Project offers the EU organization and its project; the tree shows its issues, every request at its region', async () => {
    sb.control.requests.clear();
    await vscode.commands.executeCommand(Commands.chooseProject);
    await waitFor('the selection', () => (hooks.issues.selection().org === EU_ORG ? true : undefined));
    assert.deepEqual(hooks.issues.selection().projects, [EU_PROJECT]);
    assert.ok(
      rec.quickPicks.some((p) => p.includes(EU_PROJECT)),
      JSON.stringify(rec.quickPicks),
    );
    assert.ok(!rec.messages('warning').some((m) => /sees no organization/.test(m)), 'never "sees no organization"');
    hooks.store.clear();
    const nodes = await hooks.issues.tree.getChildren();
    const issues = issuesOf(nodes);
    assert.ok(issues.length > 0, JSON.stringify(nodes.map((n) => n.type)));
    assert.ok(issues.every((n) => hooks.store.issue(n.issueId)?.shortId.startsWith('EU-SHOP-')));
    const where = euRequests();
    assert.ok(where.length >= 2, JSON.stringify(where));
    assert.deepEqual([...new Set(where)], [profile === 'sentry-io' ? 'de' : 'main']);
  });

  it('a region on a host that is not part of the server: no credential goes there, it is logged and said', async () => {
    const foreign = (sb.regionUrl ?? sb.url).replace('localhost', '127.0.0.1');
    sb.control.faults.add({
      path: '^/api/0/users/me/regions/$',
      respond: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ regions: [{ name: 'de', url: foreign }] }) },
    });
    // A main host whose list lacks the EU organization (sentry.io before June 2026), so that only the refused region could give it.
    if (profile === 'sentry-io') sb.control.organizationList('home-region');
    sb.control.requests.clear();
    const before = rec.shown.length;
    try {
      await vscode.commands.executeCommand(Commands.chooseProject);
      const said = await waitFor('the refusal', () => rec.shown.slice(before).find((s) => s.level === 'warning' && /did not send your credentials/.test(s.message)));
      assert.match(
        said.message,
        new RegExp(
          `did not send your credentials to ${new URL(foreign).host.replace(/\./g, '\\.')}, which localhost:\\d+ named as a data region: it is neither localhost:\\d+ nor one of its subdomains`,
        ),
      );
      assert.deepEqual(said.items, []);
      const logged = new RegExp(`no credentials sent to ${foreign.replace(/[.:/]/g, '\\$&')} \\(region or organization de\\)`);
      await waitFor('the log line', () => logged.test(readExtensionLog(hooks.auth)) || undefined);
      // Nothing reached the refused address: the EU host (bound to 127.0.0.1) logged no request.
      assert.deepEqual(
        sb.control.requests.list().filter((r) => r.region === 'de'),
        [],
      );
    } finally {
      sb.control.faults.clear();
      if (profile === 'sentry-io') sb.control.organizationList('all-regions');
    }
  });

  it('a selection restored with a new session finds the region before its first request', async () => {
    await hooks.auth.signOut();
    rec.set({ method: 'token', inputs: [sb.defaults.euToken!] });
    await hooks.auth.signIn({ method: 'token' });
    await waitFor('signed in', () => hooks.auth.isSignedIn());
    sb.control.requests.clear();
    hooks.store.clear();
    const issues = issuesOf(await hooks.issues.tree.getChildren());
    assert.ok(issues.length > 0);
    const where = euRequests();
    assert.deepEqual([...new Set(where)], [profile === 'sentry-io' ? 'de' : 'main']);
    // One look at the regions for the whole session.
    assert.equal(sb.control.requests.list({ path: /^\/api\/0\/users\/me\/regions\/$/ }).length, 1);
  });

  it("the main account, one region's list failing: the other regions' organizations are offered, the failed region is named with Show Log", async () => {
    await hooks.auth.signOut();
    rec.set({ method: 'token', inputs: [sb.defaults.authToken] });
    await hooks.auth.signIn({ method: 'token' });
    await waitFor('signed in', () => hooks.auth.isSignedIn());
    // sentry.io before June 2026: the main host lists the US region's organizations only, so the EU host is asked, and fails.
    if (profile === 'sentry-io') sb.control.organizationList('home-region');
    sb.control.faults.add({ path: '^/api/0/organizations/$', region: 'de', status: 500 });
    const picks = rec.quickPicks.length;
    const before = rec.shown.length;
    try {
      await vscode.commands.executeCommand(Commands.chooseProject);
      const offered = await waitFor('the organization picker', () => rec.quickPicks.slice(picks).find((p) => p.includes('acme')));
      if (profile === 'sentry-io') {
        assert.deepEqual([...offered].sort(), ['acme', 'globex']);
        const said = await waitFor('the failed region', () => rec.shown.slice(before).find((s) => s.level === 'warning' && /could not list the organizations/.test(s.message)));
        assert.match(said.message, /of the data region de \(localhost:\d+\): The Sentry server failed \(HTTP 500/);
        assert.match(said.message, /The organizations of the other regions are shown/);
        assert.deepEqual(said.items, ['Show Log']);
        await waitFor('the log line', () => /could not list the organizations of the data region de \(http:\/\/localhost:\d+\): server 500/.test(readExtensionLog(hooks.auth)) || undefined);
      } else {
        // One server, one list: the EU organization is on it and no region can fail apart.
        assert.deepEqual([...offered].sort(), ['acme', EU_ORG, 'globex']);
        assert.deepEqual(
          rec.shown.slice(before).filter((s) => s.level !== 'info'),
          [],
        );
      }
    } finally {
      sb.control.faults.clear();
      sb.control.organizationList(profile === 'sentry-io' ? 'all-regions' : 'home-region');
    }
  });
});
