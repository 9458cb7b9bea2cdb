// Sentry for the editor's AI inside VS Code: the seven tools registered with VS Code and
// called through vscode.lm.invokeTool against the sandbox, with and without a session, after a 403
// and a 429; the update tool behind VS Code's own confirmation (Cancel sends nothing); the hand-off
// (no chat here: Copy as Markdown) and @sentry without a language model.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ISSUE_LIST_BUDGET } from '../../src/api/client';
import { ToolNames } from '../../src/ai/core/tools/toolNames';
import { SIGN_IN_FIRST } from '../../src/ai/core/tools/toolErrors';
import { Commands } from '../../src/constants';
import type { IssueRef } from '../../src/contracts/issueRef';
import type { TestHooks } from '../../src/testHooks';
import type { WorkspaceLocation } from '../sandbox';
import { control, type SandboxWrite, settledMarks, signedInSuite, signInWithToken, UiRecorder, waitFor } from './authHelpers';
import { answerNextDialog, clearPendingAnswer, dialogChannelAvailable, waitForDialog } from './dialogs';
import { print } from './output';

const SECRET = 'sntrys_SANDBOXSECRET_d0n7l34k';
/** The issue list the search tool asks (and the short-ID lookup); no background refresh asks it in this suite. */
const LIST_PATH = '^/api/0/organizations/acme/issues/$';

/** The text of a tool's result. */
function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

const invoke = async (name: string, input: object, token?: vscode.CancellationToken) => textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token));

/** A model that answers "ok" and records the text of each request; or one that fails. */
function recordingModel(fail = false): { model: vscode.LanguageModelChat; sent: string[] } {
  const sent: string[] = [];
  const model = {
    sendRequest: async (messages: vscode.LanguageModelChatMessage[]) => {
      sent.push(messages.map((m) => m.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('')).join('\n'));
      if (fail) throw new Error('no access');
      return {
        text: (async function* () {
          yield 'ok';
        })(),
      };
    },
  } as unknown as vscode.LanguageModelChat;
  return { model, sent };
}

describe('AI tools in VS Code (vscode.lm) against the sandbox', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let defaults: { authToken: string; clientId: string; writeToken?: string };
  let restore: () => Promise<void>;
  /** Waits until the extension sends nothing for a while (the locator's event requests after a sign-in), then empties the log. */
  async function settle(): Promise<void> {
    let last = -1;
    for (let i = 0; i < 100; i++) {
      const n = (await apiRequests()).length;
      if (n === last) break;
      last = n;
      await new Promise((r) => setTimeout(r, 400));
    }
    await control('requests/clear', {});
  }
  /** The sandbox's first crash site of a listed issue, once the editor marks it. */
  async function markedLocation(): Promise<{ target: WorkspaceLocation; uri: vscode.Uri }> {
    const target = (await control<WorkspaceLocation[]>('seed/locations')).find((l) => l.line !== null && api.issues.listedIssues().some((x) => x.issue.id === l.issueId))!;
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, target.file);
    // Marks are found for open files only.
    await vscode.window.showTextDocument(uri, { preview: false });
    await settledMarks(api, uri, (marks) => marks.some((d) => d.issueId === target.issueId));
    return { target, uri };
  }
  /** The releases, suspect commits and owners the details read (store/provenance.ts): five requests once per event, counted apart. */
  const PROVENANCE = /first-last-release|\/releases\/|\/committers\/|\/owners\/$/;
  const allApiRequests = async () => (await control<{ method: string; path: string; query: [string, string][] }[]>('requests')).filter((r) => r.path.startsWith('/api/0/'));
  /** The details' summary of the event's trace: the trace and its logs (two requests; counted in traceStory.test.ts). */
  const isTraceRead = (r: { path: string; query?: [string, string][] }) =>
    /\/(events-)?trace\/[0-9a-f]{32}\/$/.test(r.path) || (/\/organizations\/[^/]+\/events\/$/.test(r.path) && (r.query ?? []).some(([k, v]) => k === 'dataset' && /logs$/.test(v)));
  const apiRequests = async () => (await allApiRequests()).filter((r) => !PROVENANCE.test(r.path) && !isTraceRead(r));

  const signInWith = (token: string) => signInWithToken(api, rec, token);

  before(async function () {
    ({ api, rec, defaults, restore } = await signedInSuite(this, 'AI tools'));
  });

  after(async () => {
    // The later suites expect no editor open (the palette's triage reads the cursor's line).
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    clearPendingAnswer();
    api?.ai.handOff.ui.reset();
    await restore?.();
    await control('reset', {});
  });

  beforeEach(async () => {
    await control('faults/clear', {});
    await control('writes/clear', {});
    if (!api.auth.isSignedIn()) await signInWith(defaults.authToken);
    // A sign-in empties the store: the tree lists again (the marks and the hand-off read it).
    await api.issues.tree.getChildren();
    await waitFor('the tree to list issues', () => api.issues.listedIssues().length > 0 || undefined);
  });

  afterEach(async () => {
    clearPendingAnswer();
    const without = await control<{ count: number }>('writes/without-ids');
    assert.equal(without.count, 0, 'a bulk update was sent without ids');
  });

  it('registers the seven tools with VS Code: each is invocable by name; vscode.lm.tools lists them where this VS Code lists tools', async () => {
    // A name VS Code does not know is refused; ours are not (the suites below call every one).
    await assert.rejects(async () => vscode.lm.invokeTool('sentryExplorer_nope', { input: {}, toolInvocationToken: undefined }), /not contributed|not found|Unknown tool/i);
    for (const name of Object.values(ToolNames)) assert.ok(typeof (await invoke(name, {})) === 'string', name);
    const listed = vscode.lm.tools.filter((t) => t.name.startsWith('sentryExplorer_'));
    if (vscode.lm.tools.length === 0) {
      // code-server 1.99.3 without a chat extension hands the extension host no tool list at all (not even VS Code's own).
      print('      (vscode.lm.tools is empty in this VS Code: no tool of any extension is listed; invoking by name works)');
      return;
    }
    assert.deepEqual(listed.map((t) => t.name).sort(), Object.values(ToolNames).sort());
    for (const t of listed) assert.ok(t.description.length > 80, `${t.name} has a model description`);
  });

  it('each tool through vscode.lm.invokeTool: search, details, tag distribution, issues at a location; requests counted', async () => {
    await settle();
    const search = await invoke(ToolNames.searchIssues, { query: 'is:unresolved', limit: 5 });
    assert.match(search, /^Sentry issues in web-frontend matching is:unresolved/);
    assert.equal(search.match(/^- \*\*WEB-FRONTEND-/gm)?.length, 5);
    const afterSearch = (await apiRequests()).length;

    const details = await invoke(ToolNames.issueDetails, { issue: 'WEB-FRONTEND-1' });
    assert.match(details, /^## WEB-FRONTEND-1: /);
    assert.ok(!details.includes(SECRET), 'the secret is masked');
    assert.match(details, /→ `src\/app\/checkout\.ts:\d+`/, 'an in-app frame names its workspace file');
    const provenance = (await allApiRequests()).filter((r) => PROVENANCE.test(r.path)).length;
    assert.ok(provenance === 0 || provenance === 5 || provenance === 3, `releases, suspect commits and owners: ${provenance} requests`);
    const afterDetails = (await apiRequests()).length;

    const tags = await invoke(ToolNames.tagDistribution, { issue: 'WEB-FRONTEND-1', tag: 'browser' });
    assert.match(tags, /^Issue WEB-FRONTEND-1: \*\*Tag /);
    const afterTags = (await apiRequests()).length;

    const { target } = await markedLocation();
    const before = (await apiRequests()).length;
    // A file holds more issues than a tool lists (its own search marks them all): asked for the line.
    const at = await invoke(ToolNames.issuesAtLocation, { file: target.file, line: target.line });
    assert.match(at, new RegExp(`^- line ${target.line}: \\*\\*${target.shortId}\\*\\*`, 'm'));
    assert.match(await invoke(ToolNames.issuesAtLocation, { file: '../../../etc/passwd' }), /is not a file of this workspace/);
    const afterAt = (await apiRequests()).length;
    print(
      `      (requests per call: search ${afterSearch}, details ${afterDetails - afterSearch}, tags ${afterTags - afterDetails}, location ${afterAt - before}; ` +
        `result sizes: search ${search.length}, details ${details.length}, tags ${tags.length}, location ${at.length} characters)`,
    );
    assert.equal(afterSearch, 1);
    assert.ok(afterDetails - afterSearch <= 2, 'a short-ID lookup and the event');
    assert.equal(afterTags - afterDetails, 1, 'the short ID is known by now: only the tag request');
    assert.equal(afterAt - before, 0);
  });

  it('without a session every tool says to sign in first, and sends nothing', async () => {
    await api.auth.signOut();
    await waitFor('signed out', () => !api.auth.isSignedIn());
    await settle();
    for (const [name, input] of [
      [ToolNames.searchIssues, {}],
      [ToolNames.issueDetails, { issue: 'WEB-FRONTEND-1' }],
      [ToolNames.tagDistribution, { issue: 'WEB-FRONTEND-1', tag: 'browser' }],
      [ToolNames.issuesAtLocation, { file: 'src/app/checkout.ts' }],
      [ToolNames.traceDetails, { target: 'WEB-FRONTEND-1' }],
    ] as const)
      assert.equal(await invoke(name, input), SIGN_IN_FIRST, name);
    // The update is refused at its preparation, so VS Code asks nothing and the invocation says why.
    assert.equal(await invoke(ToolNames.updateIssue, { issue: 'WEB-FRONTEND-1', action: 'resolve' }), `Not changed: ${SIGN_IN_FIRST}`);
    assert.equal((await allApiRequests()).length, 0);
  });

  it('a 403 and a 429 come back as text the model can act on', async () => {
    // Faults on exactly the tool's paths: the editor's own requests (latest events of listed issues) must not take them.
    const one = (await control<{ id: string; shortId: string }[]>('seed/issues?project=web-frontend')).find((i) => i.shortId === 'WEB-FRONTEND-1')!;
    await control('faults', { path: `^/api/0/organizations/acme/issues/${one.id}/events/latest/$`, status: 403 });
    assert.match(await invoke(ToolNames.issueDetails, { issue: 'WEB-FRONTEND-1' }), /^Sentry denied this \(403\)/);
    await control('faults', { path: LIST_PATH, rateLimited: true });
    assert.match(await invoke(ToolNames.searchIssues, {}), /^Sentry's rate limit was reached \(429\)\. Wait \d+ seconds/);
    // Until the reset the client sends nothing more to the issue lists: the next tests start without that hold.
    await control('faults/clear', {});
    (await api.auth.getClient())?.http.releaseHold(ISSUE_LIST_BUDGET);
  });

  it("invalid input and a cancelled call: text for the first, VS Code's CancellationError for the second", async () => {
    assert.match(await invoke(ToolNames.searchIssues, { limit: 500 }), /^Invalid input \(limit: /);
    const cts = new vscode.CancellationTokenSource();
    await control('faults', { path: LIST_PATH, latencyMs: 5000 });
    const running = invoke(ToolNames.searchIssues, {}, cts.token);
    setTimeout(() => cts.cancel(), 200);
    await assert.rejects(running, (e: Error) => e instanceof vscode.CancellationError || e.name === 'Canceled' || /cancel/i.test(e.message));
  });

  it('update: VS Code asks first; Cancel sends nothing', async function () {
    if (!dialogChannelAvailable()) this.skip();
    const id = `cancel-${Date.now()}`;
    await answerNextDialog('Cancel', id);
    const running = invoke(ToolNames.updateIssue, { issue: 'WEB-FRONTEND-1', action: 'resolve' });
    const dialog = await waitForDialog(id);
    await assert.rejects(running, (e: Error) => e instanceof vscode.CancellationError || /cancel/i.test(`${e.name} ${e.message}`));
    assert.equal(dialog.message, 'Resolve Sentry issue WEB-FRONTEND-1?');
    assert.match(dialog.detail, /Status: unresolved → resolved\./);
    assert.match(dialog.detail, /This changes this one issue \(id \d+, project web-frontend\) and nothing else/);
    assert.deepEqual(await control<SandboxWrite[]>('writes'), [], 'no write was sent');
  });

  it('update: confirmed, one PUT for that one issue; with a read-only token the 403 comes back as text', async function () {
    if (!dialogChannelAvailable()) this.skip();
    const readOnly = `ro-${Date.now()}`;
    await answerNextDialog('Yes', readOnly);
    const denied = await invoke(ToolNames.updateIssue, { issue: 'WEB-FRONTEND-1', action: 'resolve' });
    await waitForDialog(readOnly);
    assert.match(denied, /^Not changed: Sentry denied this \(403\)/);

    await signInWith(defaults.writeToken!);
    await control('writes/clear', {});
    const ok = `ok-${Date.now()}`;
    await answerNextDialog('Yes', ok);
    const done = await invoke(ToolNames.updateIssue, { issue: 'WEB-FRONTEND-1', action: 'resolve' });
    const dialog = await waitForDialog(ok);
    assert.equal(dialog.clicked, 'Yes');
    assert.match(done, /^Resolved: WEB-FRONTEND-1\./);
    const writes = await control<SandboxWrite[]>('writes');
    assert.equal(writes.length, 1);
    assert.equal(writes[0].method, 'PUT');
    assert.match(writes[0].path, /^\/api\/0\/organizations\/acme\/issues\/\d+\/$/);
    assert.equal(writes[0].bulk, false);
    assert.equal(writes[0].body.status, 'resolved');
  });

  it('Explain with AI where no chat answers: says so and offers Copy as Markdown, which copies the masked issue', async () => {
    assert.equal(await api.ai.handOff.chatAvailable(), false, 'this VS Code has no language model');
    const shown: { message: string; items: string[] }[] = [];
    const clipboard: string[] = [];
    api.ai.handOff.ui.override({
      showInformationMessage: async (message: string, _o: vscode.MessageOptions, ...items: string[]) => {
        shown.push({ message, items });
        return items.includes('Copy as Markdown') ? 'Copy as Markdown' : undefined;
      },
      writeClipboard: async (text: string) => void clipboard.push(text),
    });
    try {
      const [row] = api.issues.listedIssues();
      const ref: IssueRef = { org: row.org, project: row.project, issueId: row.issue.id };
      await vscode.commands.executeCommand(Commands.explainWithAI, ref);
      await waitFor('the copy', () => clipboard[0]);
      assert.match(shown[0].message, /^No AI chat is available in this VS Code/);
      assert.deepEqual(shown[0].items, ['Copy as Markdown']);
      assert.match(clipboard[0], new RegExp(`^## ${row.issue.shortId.replace(/-/g, '\\\\?-')}: `));
      assert.ok(!clipboard[0].includes(SECRET));
      assert.match(shown[1].message, /^Copied .* as Markdown\.$/);
    } finally {
      api.ai.handOff.ui.reset();
    }
  });

  it('Fix with AI where a chat answers: opens it with a prompt that names the issue and our tools', async () => {
    const saved = { available: api.ai.handOff.chatAvailable, open: api.ai.handOff.openChat };
    const opened: { query: string; isPartialQuery: boolean }[] = [];
    api.ai.handOff.chatAvailable = async () => true;
    api.ai.handOff.openChat = async (args) => void opened.push(args);
    try {
      const listed = api.issues.listedIssues()[0].issue;
      const outcome = await api.ai.handOff.run('fix', { org: 'acme', project: 'web-frontend', issueId: listed.id });
      assert.equal(outcome.kind, 'chat');
      assert.equal(opened.length, 1);
      assert.match(opened[0].query, /^Fix Sentry issue WEB-FRONTEND-\w+ \(id \d+\)\./);
      assert.match(opened[0].query, /#sentryIssue/);
      assert.ok(!opened[0].query.includes(listed.title), 'the title is server text: the tools read it, the prompt does not carry it');
    } finally {
      api.ai.handOff.chatAvailable = saved.available;
      api.ai.handOff.openChat = saved.open;
    }
  });

  it("@sentry without a language model answers with the tools' text: /explain, /issues, /file", async () => {
    const said: string[] = [];
    const stream = { markdown: (v: string | vscode.MarkdownString) => void said.push(typeof v === 'string' ? v : v.value), progress: () => undefined };
    const token = new vscode.CancellationTokenSource().token;
    await api.ai.participant.handle({ prompt: 'WEB-FRONTEND-1 why does it fail?', command: 'explain' }, stream, token);
    assert.match(said.join(''), /^## WEB-FRONTEND-1: /);
    said.length = 0;
    await api.ai.participant.handle({ prompt: 'is:unresolved', command: 'issues' }, stream, token);
    assert.match(said.join(''), /^Sentry issues in web-frontend/);
    said.length = 0;
    await vscode.window.showTextDocument((await markedLocation()).uri);
    await api.ai.participant.handle({ prompt: '', command: 'file' }, stream, token);
    assert.match(said.join(''), /issues? marked in `/);
  });

  it('/explain on the cursor line puts the whole prompt to the model as the question, with the issue quoted as data', async () => {
    const { target: located, uri } = await markedLocation();
    const editor = await vscode.window.showTextDocument(uri);
    const at = new vscode.Position(located.line! - 1, 0);
    editor.selection = new vscode.Selection(at, at);
    const said: string[] = [];
    const stream = { markdown: (v: string | vscode.MarkdownString) => void said.push(typeof v === 'string' ? v : v.value), progress: () => undefined };
    const { model, sent } = recordingModel();
    await api.ai.participant.handle({ prompt: 'why does it fail', command: 'explain', model }, stream, new vscode.CancellationTokenSource().token);
    assert.equal(sent.length, 1);
    assert.match(sent[0], /\nQuestion: why does it fail$/, 'the question is the whole prompt when the issue comes from the cursor');
    assert.match(sent[0], /\n<sentry-data-([0-9a-f]{16})>\n## [^]*\n<\/sentry-data-\1>\n\nQuestion: /);
    assert.deepEqual(said, ['ok']);

    const failing = recordingModel(true);
    said.length = 0;
    await api.ai.participant.handle({ prompt: `${located.shortId} what changed?`, command: 'explain', model: failing.model }, stream, new vscode.CancellationTokenSource().token);
    assert.match(failing.sent[0], /\nQuestion: what changed\?$/);
    assert.match(said[0], /^_The language model could not answer/);
    assert.match(said[1], /^## /, "the tools' text still answers");
  });
});
