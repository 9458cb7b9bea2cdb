// Marks on every platform, inside a real VS Code whose workspace is the sandbox's platform workspace
// (test/sandbox/platforms/: a folder per platform, each file beside a same-named neighbour) and whose
// sandbox serves the platform corpus (startSandbox({ platforms: true })): a file of each platform gets
// the marks of the issues whose frames resolve to it, its neighbour only its own, from one shared search.
// Run by the harness in a window of its own per profile (SENTRY_EXPLORER_TEST_FILES=platformMarks);
// the default run leaves it out (./index.ts), its workspace being the sample one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PLATFORM_SPECS, platformFiles } from '../sandbox/platforms';
import { control, signedInSuite, waitFor, type RequestLogEntry } from './authHelpers';
import type { TestHooks } from '../../src/testHooks';
import { print } from './output';

const queryOf = (r: RequestLogEntry) => new URLSearchParams(r.query).get('query') ?? '';

describe('marks on every platform (the platform workspace)', function () {
  this.timeout(180_000);
  let api: TestHooks;
  let restore: () => Promise<void>;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const projects = PLATFORM_SPECS.map((s) => `${s.key}-app`);

  before(async function () {
    if (!vscode.workspace.workspaceFolders?.length) this.skip();
    ({ api, restore } = await signedInSuite(this, 'platform marks'));
    await vscode.workspace.getConfiguration('sentryExplorer').update('projects', projects, vscode.ConfigurationTarget.Global);
    await waitFor('the platform projects listed', async () => (await api.issues.tree.getChildren()).length > 0 || undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.editor.locator.forget();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restore?.();
  });

  it('a file of each platform gets its marks on the crashing lines, its same-named neighbour only its own, from one shared search', async () => {
    await control('requests/clear', {});
    const want = new Map<string, string[]>();
    for (const spec of PLATFORM_SPECS) {
      spec.cases.forEach((c, n) => {
        if (c.expect) want.set(c.expect, [...(want.get(c.expect) ?? []), `${spec.key.toUpperCase()}-APP-${(n + 1).toString(36).toUpperCase()}:${c.frame.lineNo! - 1}`].sort());
      });
    }
    // Each platform's file and neighbour, and the other files its frames resolve to (a React Native app's Android code).
    const files = platformFiles();
    for (const f of files) await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), f), { preview: false });
    await api.editor.locator.refresh();
    const got = await waitFor('every expected mark', () => {
      const now = new Map(
        files.map((f) => [
          f,
          api.editor.decorations
            .decorated(vscode.Uri.joinPath(folder(), f))
            .map((m) => `${m.shortId}:${m.line}`)
            .sort(),
        ]),
      );
      return [...want].every(([f, marks]) => JSON.stringify(now.get(f)) === JSON.stringify(marks)) ? now : undefined;
    });
    for (const f of files) assert.deepEqual(got.get(f), want.get(f) ?? [], f);
    const log = await control<RequestLogEntry[]>(`requests?path=${encodeURIComponent('^/api/0/')}`);
    // The events table, each term as its platform's SDK stores the file (files opened one after another each ask for themselves; a refresh asks for all at once).
    const shared = log.filter((r) => /\/events\/$/.test(r.path) && queryOf(r).includes('stack.filename'));
    for (const term of [
      'stack.filename:"MainActivity.kt"',
      'stack.filename:"MainApplication.kt"',
      'stack.filename:"AppDelegate.swift"',
      'stack.filename:"*HomeController.cs"',
      'stack.filename:"test.dart"',
      'stack.filename:"service.dart"',
    ]) {
      assert.ok(
        shared.some((r) => queryOf(r).includes(term)),
        term,
      );
    }
    assert.equal(log.filter((r) => queryOf(r).includes('stack.filename') && /\/issues\/$/.test(r.path)).length, 0, 'no issue search per file');
    await control('requests/clear', {});
    api.editor.locator.forget();
    await api.editor.locator.refresh();
    const again = (await control<RequestLogEntry[]>(`requests?path=${encodeURIComponent('^/api/0/organizations/acme/events/$')}`)).filter((r) => queryOf(r).includes('stack.filename'));
    assert.equal(again.length, 1, 'every open file in one search');
    assert.ok(queryOf(again[0]).startsWith('is:unresolved (') && queryOf(again[0]).includes(' OR '), queryOf(again[0]));
    print(`      (${[...got.values()].flat().length} marks in ${files.length} files of ${PLATFORM_SPECS.length} platforms; ${log.length} API requests)`);
  });
});
