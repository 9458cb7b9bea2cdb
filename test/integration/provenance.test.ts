// Releases, suspect commits and owners inside VS Code against the sandbox (every profile): the events
// panel's header gets them for the event on screen, a click on a commit asks before it opens anything,
// the hover names the release and the suspect commit, Resolve In… names the release it will use, and
// what each costs in requests (the sandbox's request log). The line's git history needs a repository:
// in this window git is off (the sample workspace sits inside this project's own repository), so the
// hover leaves it out here; test/integration/lineHistory.test.ts runs in a window opened on a git copy.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import type { EventsPanel } from '../../src/eventsPanel/panel';
import type { HostMessage } from '../../src/eventsPanel/core/protocol/messages';
import type { TestHooks } from '../../src/testHooks';
import { control, sandboxProfile, settledMarks, signedInSuite, signInWithToken, startMarksSuite, waitFor, type RequestLogEntry, type UiRecorder } from './authHelpers';
import { print } from './output';

/** WEB-FRONTEND's checkout-discount issue, 2,400 events, first seen in 2.0.0, last in 2.11.0. */
const BIG = '4800000007';
const PROVENANCE_PATHS = /first-last-release|\/releases\/|\/committers\/|\/owners\/$/;

type Provenance = Extract<HostMessage, { type: 'provenance' }>;

describe('Releases, suspect commits and owners (panel, hover, Resolve In…)', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let restore: () => Promise<void>;
  let defaults: { authToken: string };
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const provenanceRequests = async () => (await control<RequestLogEntry[]>('requests')).filter((r) => PROVENANCE_PATHS.test(r.path));

  before(async function () {
    if (!vscode.workspace.workspaceFolders?.length) this.skip();
    ({ api, rec, restore, defaults } = await signedInSuite(this, 'provenance'));
    await startMarksSuite(api);
    api.releases.ui.override(rec.ui());
  });

  after(async () => {
    api?.releases.ui.reset();
    api?.triage.ui.reset();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restore?.();
  });

  /** Opens the issue's panel and waits for the provenance the host posts for the event on screen. */
  async function openPanel(issueId: string): Promise<{ panel: EventsPanel; message: Provenance }> {
    let message: Provenance | undefined;
    // A panel left open by another suite has posted its provenance already: a new one posts it again.
    api.events.get('acme', issueId)?.dispose();
    const panel = api.events.show({ org: 'acme', issueId });
    const sub = panel.onDidPost((m) => {
      if (m.type === 'provenance') message = m;
    });
    try {
      return { panel, message: await waitFor('the provenance of the event on screen', () => message, 60_000) };
    } finally {
      sub.dispose();
    }
  }

  it("the panel's header: the releases, the event's release, its deploys, the suspect commit and the owners, for five requests once", async () => {
    api.provenance.clear();
    await control('requests/clear', {});
    const { message } = await openPanel(BIG);
    const v = message.view;
    assert.equal(v.firstRelease?.version, 'web-frontend@2.0.0');
    assert.equal(v.lastRelease?.version, 'web-frontend@2.11.0');
    assert.ok(v.eventRelease, 'the latest event has a release');
    assert.deepEqual(v.owners, ['#frontend', 'Jane Doe']);
    assert.ok(v.deploys.some((d) => d.environment === 'production'));
    assert.ok(v.suspects.length >= 1, JSON.stringify(v));
    const profile = await sandboxProfile();
    if (profile === 'sentry-io') assert.equal(v.suspects[0].suspectType, 'via SCM integration');
    const perIssue = await provenanceRequests();
    print(`      requests for the releases, suspect commits and owners of one opened issue: ${perIssue.length} (${perIssue.map((r) => r.path.replace(/^\/api\/0\//, '')).join(', ')})`);
    assert.equal(perIssue.length, 5);
    // The panel of the same issue again: from the store, nothing more is asked.
    await control('requests/clear', {});
    await openPanel(BIG);
    assert.equal((await provenanceRequests()).length, 0);
  });

  it('a click on a commit with no repository that has it: asks before opening its https page; only a commit the host sent', async () => {
    const { panel, message } = await openPanel(BIG);
    const commit = message.view.suspects.find((c) => c.webUrl) ?? message.view.eventRelease?.commit;
    assert.ok(commit?.webUrl, JSON.stringify(message.view));
    rec.shown.length = 0;
    rec.opened.length = 0;
    rec.set({ answer: () => undefined });
    await panel.handle({ type: 'openCommit', eventId: message.eventId, commitId: commit.id });
    assert.equal(rec.shown.length, 1);
    assert.equal(rec.shown[0].modal, true);
    assert.match(rec.shown[0].message, /Open it on github\.com\?/);
    assert.deepEqual(rec.opened, [], 'nothing opens without a yes');
    rec.set({ answer: (s) => s.items.find((i) => i.startsWith('Open on')) });
    await panel.handle({ type: 'openCommit', eventId: message.eventId, commitId: commit.id });
    assert.deepEqual(rec.opened, [`https://github.com/acme/web-frontend/commit/${commit.id}`]);
    // A commit id the host did not send, and a URL in the message: nothing is asked or opened.
    rec.shown.length = 0;
    await panel.handle({ type: 'openCommit', eventId: message.eventId, commitId: 'f'.repeat(40), webUrl: 'https://evil.example/' });
    await panel.handle({ type: 'openCommit', eventId: message.eventId, commitId: 'javascript:alert(1)' });
    assert.equal(rec.shown.length, 0);
    assert.equal(rec.opened.length, 1);
  });

  it('the hover of a marked line: the releases and the suspect commit from the cache; another issue costs one request, once; no git here, no line history', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'src/app/checkout.ts');
    await vscode.window.showTextDocument(uri, { preview: false });
    const marks = await settledMarks(api, uri);
    const hoverParts = async (line: number) =>
      (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 0))).flatMap((h) =>
        h.contents.map((c) => (typeof c === 'string' ? c : c.value)),
      );
    const big = marks.find((m) => m.issueId === BIG && api.editor.decorations.marksAt(uri, m.line)[0]?.issue.id === BIG);
    if (big) {
      await control('requests/clear', {});
      const parts = await hoverParts(big.line);
      const about = parts.find((p) => p.includes('first release'));
      assert.ok(about, parts.join(' | '));
      assert.match(about, /`web-frontend@2\.0\.0`/);
      assert.match(about, /_suspect commit_ `[0-9a-f]{7}`/);
      assert.ok(!/changed since|unchanged since|not in this checkout/.test(about), about);
      assert.equal((await provenanceRequests()).length, 0, 'the panel read them already');
    } else {
      print('      (the big issue is not the first mark of its line here: its hover part is checked through another issue)');
    }
    const other = marks.find((m) => api.editor.decorations.marksAt(uri, m.line)[0]?.issue.id !== BIG);
    assert.ok(other, 'another issue is marked in checkout.ts');
    const top = api.editor.decorations.marksAt(uri, other.line)[0].issue.id;
    api.provenance.clear();
    await control('requests/clear', {});
    const parts = await hoverParts(other.line);
    const perHover = await provenanceRequests();
    print(`      requests of one hover on an issue nothing read yet: ${perHover.length} (${perHover.map((r) => r.path.replace(/^\/api\/0\//, '')).join(', ')})`);
    assert.deepEqual(
      perHover.map((r) => r.path),
      [`/api/0/organizations/acme/issues/${top}/first-last-release/`],
    );
    assert.ok(
      parts.some((p) => p.includes('first release')),
      parts.join(' | '),
    );
    await control('requests/clear', {});
    await Promise.all([hoverParts(other.line), hoverParts(other.line)]);
    assert.equal((await provenanceRequests()).length, 0, 'hovered again: from the store');
  });

  it('Resolve In… names the release the next/current release choices will use, before the pick', async () => {
    let items: readonly vscode.QuickPickItem[] = [];
    api.triage.ui.override({
      showQuickPick: async <T extends vscode.QuickPickItem>(offered: readonly T[]) => {
        items = offered;
        return undefined;
      },
    });
    await vscode.commands.executeCommand(Commands.resolveIn, { org: 'acme', project: 'web-frontend', issueId: BIG });
    const described = items.map((i) => `${i.label}: ${i.description ?? ''}`);
    assert.ok(
      described.some((d) => /^In the next release: the release after web-frontend@2\.11\.0/.test(d)),
      described.join('\n'),
    );
    assert.ok(
      described.some((d) => /^In the current release: release web-frontend@2\.11\.0, the project's latest/.test(d)),
      described.join('\n'),
    );
  });

  it('suspect commits and owners with a token of event:read but not project:read: read where Sentry checks event:read; else the header names the scope to add', async () => {
    const shortId = api.store.issue(BIG)?.shortId ?? (await (await api.auth.getClient())!.getIssue('acme', BIG)).shortId;
    const { token } = await control<{ token: string }>('tokens', { scopes: ['org:read', 'event:read', 'member:read'] });
    await signInWithToken(api, rec, token);
    // The sign-in returns before the session is swapped, which empties the issue store: the panel opens on the issue read again.
    await waitFor('the session of the new token', () => (api.auth.session?.scopes.includes('member:read') ? true : undefined));
    await api.store.lookupShortId('acme', 'web-frontend', shortId);
    try {
      api.provenance.clear();
      const { message } = await openPanel(BIG);
      const v = message.view;
      if ((await sandboxProfile()) === 'sentry-io') {
        // Current servers: an EventEndpoint, event:read and up.
        assert.equal(v.refused, undefined, v.refused);
        assert.ok(v.suspects.length >= 1, JSON.stringify(v));
        assert.deepEqual(v.owners, ['#frontend', 'Jane Doe']);
      } else {
        // Older servers: a ProjectEndpoint, project:read and up; said in the header, with the scope.
        assert.deepEqual([v.suspects, v.owners], [[], []]);
        assert.match(v.refused ?? '', /project:read/, JSON.stringify(v));
        print(`      what the header says: ${v.refused}`);
      }
    } finally {
      await signInWithToken(api, rec, defaults.authToken);
      await waitFor('the default session again', () => (api.auth.session?.scopes.includes('member:read') ? undefined : true));
      await api.store.lookupShortId('acme', 'web-frontend', shortId);
    }
  });
});
