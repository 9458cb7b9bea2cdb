// Marks where the code moved, inside a real VS Code against the sandbox: an event's line is its
// release's, and the open file may have changed since. The event's frame text (left by the AI
// details tool, which reads the latest full event) finds the line the code went to, and the hover
// says where it moved from; where the code is gone, the mark stays and the hover says so.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ToolNames } from '../../src/ai/core/tools/toolNames';
import type { TestHooks } from '../../src/testHooks';
import type { WorkspaceLocation } from '../sandbox';
import { control, settledMarks, signedInSuite, startMarksSuite, waitFor } from './authHelpers';

const FILE = 'src/utils/format.js';
/** Letters or digits a line needs to be told apart from other code on its own. */
const telling = (text: string) => (text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3;

describe('marks where the code moved', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let restore: () => Promise<void>;
  let uri: vscode.Uri;

  before(async function () {
    if (!vscode.workspace.workspaceFolders?.length) this.skip();
    ({ api, restore } = await signedInSuite(this, 'moved marks'));
    await startMarksSuite(api);
    uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, FILE);
  });

  /** The file as the sandbox serves its lines: what every test leaves behind, on disk too. */
  let original: string;
  beforeEach(async () => {
    original ??= (await vscode.workspace.openTextDocument(uri)).getText();
  });

  afterEach(async () => {
    // The sample workspace is the sandbox's own: no edit of it outlives a test, even one the window saved.
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.getText() !== original) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(0, 0, doc.lineCount, 0), original);
      await vscode.workspace.applyEdit(edit);
    }
    if (doc.isDirty) await doc.save();
    assert.equal(doc.getText(), original);
    await api.editor.locator.refresh();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api?.editor.locator.forget();
    await restore?.();
  });

  /** An issue marked in the file on the line of its latest event, whose line's code appears once in the file, its event text read by the AI details tool. */
  async function markWithEventText(doc: vscode.TextDocument) {
    const marks = await settledMarks(api, uri);
    const seeded = new Map((await control<WorkspaceLocation[]>('seed/locations')).map((l) => [l.issueId, l]));
    const texts = Array.from({ length: doc.lineCount }, (_, n) => doc.lineAt(n).text.trim());
    const mark = marks.find((m) => {
      const l = seeded.get(m.issueId);
      const text = texts[m.line];
      return l?.file === FILE && l.line === m.line + 1 && telling(text) && texts.filter((t) => t === text).length === 1;
    });
    const state = marks.slice(0, 8).map((m) => {
      const d = api.editor.decorations.marksAt(uri, m.line).find((x) => x.issue.id === m.issueId);
      return `${m.shortId}@${m.line + 1}/${seeded.get(m.issueId)?.line}${d?.movedFrom !== undefined ? ` from ${d.movedFrom + 1}` : ''}${d?.stale ? ' stale' : ''} ${JSON.stringify(texts[m.line]).slice(0, 30)}`;
    });
    assert.ok(mark, `a mark on a line of its own code among ${marks.length} (dirty: ${doc.isDirty}): ${state.join('; ')}`);
    const details = await vscode.lm.invokeTool(ToolNames.issueDetails, { input: { issue: mark.shortId }, toolInvocationToken: undefined });
    const text = details.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.match(text, new RegExp(`^## ${mark.shortId}: `), text.slice(0, 300));
    return mark;
  }

  async function hoverAt(line: number): Promise<string> {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 0));
    return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((t) => t.includes('"Show Events"')) ?? '';
  }

  const lineOf = (issueId: string) => api.editor.decorations.decorated(uri).find((d) => d.issueId === issueId)?.line;

  it("lines inserted above an event's code: after a refresh the mark is on the code, and the hover says which line it moved from", async () => {
    const editor = await vscode.window.showTextDocument(uri, { preview: false });
    const mark = await markWithEventText(editor.document);
    const code = editor.document.lineAt(mark.line).text;
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '// one\n// two\n// three\n'));
    assert.equal(lineOf(mark.issueId), mark.line + 3, 'an edit moves the mark with its text');
    // A refresh places the marks again from the event's line, which now holds other code.
    await api.editor.locator.refresh();
    await waitFor('the mark on its code', () => (lineOf(mark.issueId) === mark.line + 3 ? true : undefined));
    assert.equal(editor.document.lineAt(mark.line + 3).text, code);
    assert.equal(api.editor.decorations.marksAt(uri, mark.line + 3).find((m) => m.issue.id === mark.issueId)?.movedFrom, mark.line);
    // Under each issue the hover shows (the line's first three: the busiest lines hold dozens).
    const lines = (await hoverAt(mark.line + 3)).split('  \n');
    assert.ok(lines.length >= 2, lines.join('\n'));
    for (let i = 0; i + 1 < lines.length && lines[i].includes('"Show Events"'); i += 2) assert.equal(lines[i + 1], `$(arrow-swap) _Moved from line ${mark.line + 1}_`);
    // Edits move it on from there, as before.
    await editor.edit((e) => e.delete(new vscode.Range(0, 0, 1, 0)));
    assert.equal(lineOf(mark.issueId), mark.line + 2);
  });

  it("the event's code is gone from the file: the mark stays on its line, and the hover says the code there changed", async () => {
    const editor = await vscode.window.showTextDocument(uri, { preview: false });
    const mark = await markWithEventText(editor.document);
    const range = editor.document.lineAt(mark.line).range;
    await editor.edit((e) => e.replace(range, '    const rewritten = "since the event";'));
    await api.editor.locator.refresh();
    await waitFor('the hover to say so', async () => ((await hoverAt(mark.line)).includes('has changed since this event') ? true : undefined));
    assert.equal(lineOf(mark.issueId), mark.line, 'never on some other code');
    assert.equal(api.editor.decorations.marksAt(uri, mark.line).find((m) => m.issue.id === mark.issueId)?.stale, true);
    const lines = (await hoverAt(mark.line)).split('  \n');
    for (let i = 0; i + 1 < lines.length && lines[i].includes('"Show Events"'); i += 2) assert.equal(lines[i + 1], `$(warning) _The code at line ${mark.line + 1} has changed since this event_`);
  });
});
