// The extension in an editor without VS Code's AI APIs (Cursor, Windsurf and VSCodium builds may
// leave them out): this window's extension is out/extension-no-ai/, whose `vscode` has no `lm`, no
// `chat` and none of their classes (test/harness/noAi/vscodeWithoutAi.ts). Everything but the AI
// must work as usual, and the AI's commands must say what this editor lacks.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import { commandArgs } from '../../src/contracts/issueRef';
import { PROTOCOL_VERSION, type HostMessage } from '../../src/eventsPanel/core/protocol/messages';
import type { IssueNode, Node } from '../../src/issues/core/nodes';
import type { TestHooks } from '../../src/testHooks';
import type { TriageRun } from '../../src/triage/triageCommands';
import { control, readExtensionLog, settledMarks, signedInSuite, signInWithToken, startMarksSuite, waitFor, type SandboxWrite, type UiRecorder } from '../integration/authHelpers';
import { contributes, getExtension } from '../integration/helpers';
import { NO_AI_REMOVED_KEY } from '../harness/noAi/marker';

/** How long the events page may take to load in code-server on a loaded machine (see test/integration/events.test.ts). */
const PAGE_LOAD_MS = 60_000;

describe('without the AI APIs (an editor with no vscode.lm, no vscode.chat)', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let defaults: { authToken: string; writeToken?: string };
  let restore: () => Promise<void>;

  const issueRows = async (): Promise<IssueNode[]> => (await api.issues.tree.getChildren()).filter((n: Node): n is IssueNode => n.type === 'issue');

  before(async function () {
    ({ api, rec, defaults, restore } = await signedInSuite(this, 'no-AI'));
  });

  after(async () => {
    api?.triage.ui.reset();
    api?.ai.handOff.ui.reset();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restore?.();
    await control('reset', {});
  });

  it('runs the build whose vscode lacks lm, chat and their classes, in a VS Code that has them', () => {
    const removed = (globalThis as Record<symbol, unknown>)[Symbol.for(NO_AI_REMOVED_KEY)] as string[] | undefined;
    assert.ok(removed, 'this window runs out/extension-no-ai (test/harness/build.ts buildNoAiExtension)');
    for (const key of ['lm', 'chat', 'LanguageModelToolResult', 'LanguageModelTextPart', 'LanguageModelChatMessage']) assert.ok(removed.includes(key), `${key} removed`);
    // The suite's own vscode is the real one: the APIs are missing for the extension only.
    assert.equal(typeof (vscode as unknown as { lm?: unknown }).lm, 'object');
  });

  it('activates without an error, registers no tool and no participant, and says once in its log what this editor lacks', async () => {
    assert.equal(getExtension().isActive, true);
    assert.deepEqual(api.ai.apis, { tools: undefined, models: undefined, participants: undefined });
    assert.deepEqual(api.ai.registered, { tools: [], participant: false });
    const log = await waitFor('the log line on the missing AI APIs', () => {
      const text = readExtensionLog(api.auth);
      return /\[ai\] this editor has no API for language model tools/.test(text) ? text : undefined;
    });
    assert.equal(log.match(/\[ai\] this editor has no API/g)?.length, 1, 'said once');
    assert.deepEqual(
      log.split('\n').filter((l) => /\[error\]/.test(l)),
      [],
      'no error in the extension log',
    );
  });

  it('the Issues view lists the issues of the project', async () => {
    const rows = await issueRows();
    assert.ok(rows.length > 0, 'issue rows');
    const shortIds = rows.map((r) => api.store.issue(r.issueId)?.shortId ?? '');
    assert.ok(
      shortIds.every((s) => /^WEB-FRONTEND-/.test(s)),
      shortIds.join(', '),
    );
  });

  it("Show Events opens the issue's panel, whose page loads and draws no AI buttons", async () => {
    const [row] = await issueRows();
    await vscode.commands.executeCommand(Commands.showIssueEvents, ...commandArgs(row));
    const panel = await waitFor('the panel', () => api.events.get('acme', row.issueId));
    await waitFor('the page to say ready', () => panel.isReady, PAGE_LOAD_MS);
    const posted: HostMessage[] = [];
    const sub = panel.onDidPost((m) => posted.push(m));
    try {
      // A page that loads again is told at once what it draws (as test/integration/events.test.ts plays it).
      await panel.handle({ type: 'ready', version: PROTOCOL_VERSION });
      const init = posted.find((m): m is Extract<HostMessage, { type: 'init' }> => m.type === 'init');
      assert.ok(init, 'the host answered the page');
      assert.equal(init.ai, false, 'no chat: the header draws no Explain/Fix with AI');
    } finally {
      sub.dispose();
    }
  });

  it('marks appear in a file where issues happened', async () => {
    await startMarksSuite(api);
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/utils/format.js');
    await vscode.window.showTextDocument(uri, { preview: false });
    const marks = await settledMarks(api, uri);
    assert.ok(marks.length > 0);
    assert.ok(marks.every((m) => /^WEB-FRONTEND-/.test(m.shortId)));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Resolve on a tree row: one PUT naming the issue, and the row leaves the view', async () => {
    if (!(api.auth.session?.scopes ?? []).includes('event:write')) await signInWithToken(api, rec, defaults.writeToken!);
    api.triage.ui.override({ showInformationMessage: async () => undefined, showWarningMessage: async () => undefined, showErrorMessage: async () => undefined });
    await control('writes/clear', {});
    const [row] = await issueRows();
    const run = new Promise<TriageRun>((resolve) => {
      const sub = api.triage.onDidRun((r) => {
        sub.dispose();
        resolve(r);
      });
    });
    await vscode.commands.executeCommand(Commands.resolve, row);
    const r = await run;
    assert.equal(r.outcome.requests, 1);
    const writes = await control<SandboxWrite[]>('writes');
    assert.deepEqual(
      writes.map((w) => [w.path, w.body.status]),
      [[`/api/0/organizations/acme/issues/${row.issueId}/`, 'resolved']],
    );
    await waitFor('the row to leave the tree', async () => !(await issueRows()).some((n) => n.issueId === row.issueId) || undefined);
  });

  it("Explain/Fix with AI: out of the tree's menus, and from the palette they say the editor lacks the API and offer Copy as Markdown", async () => {
    assert.equal(await api.ai.chat.refresh(), false, 'no chat can take an issue');
    // The tree's menu items need the context key that only a chat that can answer sets (chatAvailability.ts).
    const menus = (getExtension().packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } }).contributes.menus['view/item/context'];
    for (const command of [Commands.explainWithAI, Commands.fixWithAI]) {
      const item = menus.find((m) => m.command === command);
      assert.match(item?.when ?? '', /sentryExplorer\.aiChatAvailable/, `${command} in the tree only where a chat is`);
      assert.ok(
        contributes().commands?.some((c) => c.command === command),
        `${command} stays in the palette`,
      );
    }
    const shown: string[] = [];
    let copied = '';
    api.ai.handOff.ui.override({
      showInformationMessage: async (m: string, _o: vscode.MessageOptions, ...items: string[]) => {
        shown.push(m);
        return items.find((i) => i === 'Copy as Markdown');
      },
      withProgress: (_o, task) => task({ report: () => undefined }, new vscode.CancellationTokenSource().token),
      writeClipboard: async (text: string) => {
        copied = text;
      },
    });
    const [row] = await issueRows();
    const outcome = await api.ai.handOff.run('explain', commandArgs(row)[0]);
    assert.equal(outcome.kind, 'copied');
    assert.match(shown[0], /This editor does not offer extensions VS Code's chat and language model API/);
    assert.match(copied, new RegExp(api.store.issue(row.issueId)!.shortId));
    // The command itself, as the palette runs it, takes the same way.
    shown.length = 0;
    await vscode.commands.executeCommand(Commands.fixWithAI, ...commandArgs(row));
    assert.match(shown[0] ?? '', /This editor does not offer extensions VS Code's chat and language model API/);
  });
});
