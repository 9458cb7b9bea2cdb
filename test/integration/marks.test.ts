// Marks per open file and the organization issues endpoint (issue 15), inside a real VS Code against
// the sandbox: a file's marks come from its own search, a file not open costs nothing, the tree
// keeps working when either issue list endpoint is gone, and a server refusing the search falls
// back to the listed issues.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { control, signedInSuite, waitFor, type RequestLogEntry } from './authHelpers';
import type { WorkspaceLocation } from '../sandbox';
import type { ExtensionApi } from '../../src/extension';
import { print } from './output';

const ORG_ISSUES = '^/api/0/organizations/acme/issues/$';
const PROJECT_ISSUES = '^/api/0/projects/acme/web-frontend/issues/$';

const queryOf = (r: RequestLogEntry) => new URLSearchParams(r.query).get('query') ?? '';
const searches = (log: RequestLogEntry[]) => log.filter((r) => queryOf(r).includes('stack.filename'));

describe('marks per open file, and the organization issues endpoint', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let restore: () => Promise<void>;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const requests = (path?: string) => control<RequestLogEntry[]>(`requests${path ? `?path=${encodeURIComponent(path)}` : ''}`);

  before(async function () {
    if (!vscode.workspace.workspaceFolders?.length) this.skip();
    ({ api, restore } = await signedInSuite(this, 'marks'));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.issues.setFilter({ preset: 'unresolved', statsPeriod: '24h', sort: 'date' });
    await api.issues.tree.getChildren();
    await api.editor.locator.refresh();
  });

  after(async () => {
    await control('endpoints', { orgIssues: 'ok', projectIssues: 'ok' });
    await control('faults/clear', {});
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The refusal is remembered per session: the suites after this one start from the per-file method.
    api?.editor.locator.forget();
    await restore?.();
  });

  async function open(file: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(folder(), file);
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri;
  }

  it("takes a file's marks from one search for that file, on the lines where its issues happened", async () => {
    await control('requests/clear', {});
    const uri = await open('src/utils/format.js');
    const marks = await waitFor('marks in format.js', () => (api.editor.decorations.decorated(uri).length ? api.editor.decorations.decorated(uri) : undefined));
    const found = searches(await requests(ORG_ISSUES));
    // One search for the file: its first page, and the next ones of a busy file (by cursor).
    assert.deepEqual([...new Set(found.map(queryOf))], ['is:unresolved stack.filename:"*utils/format.js"'], found.map(queryOf).join(' | '));
    assert.equal(found.filter((r) => !new URLSearchParams(r.query).has('cursor')).length, 1, 'one first page');
    assert.deepEqual(new URLSearchParams(found[0].query).getAll('project'), ['web-frontend']);
    // Every mark is an issue whose latest event happened on that line of that file.
    const seeded = new Map((await control<WorkspaceLocation[]>('seed/locations')).map((l) => [l.issueId, l]));
    for (const m of marks) {
      const l = seeded.get(m.issueId);
      assert.equal(l?.file, 'src/utils/format.js', `${m.shortId} happened in ${l?.file}`);
      if (l?.line) assert.equal(m.line, l.line - 1, m.shortId);
    }
    // Issues outside the Issues view's listed page are marked too.
    const listed = new Set(api.issues.listedIssues().map((l) => l.issue.id));
    const unlisted = marks.filter((m) => !listed.has(m.issueId));
    print(`      (${marks.length} marks in format.js, ${unlisted.length} of issues not listed in the tree; ${api.editor.locator.requests} event requests so far)`);
    assert.ok(unlisted.length > 0, 'some marked issues are not among the listed ones');
    // The busiest line's hover shows its first five issues, most events first, and says how many more.
    const perLine = new Map<number, number>();
    for (const m of marks) perLine.set(m.line, (perLine.get(m.line) ?? 0) + 1);
    const [busiest, n] = [...perLine].sort((a, b) => b[1] - a[1])[0];
    assert.ok(n > 5, `${n} issues on line ${busiest + 1}`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(busiest, 0));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((t) => t.includes('Show Events'))!;
    assert.equal(text.split('\n\n---\n\n').filter((p) => p.includes('[Show Events]')).length, 5);
    assert.ok(text.endsWith(`${n - 5} more issues on this line, with fewer events.`), text.slice(-120));
  });

  it('costs nothing for files that are not open, and one search when one opens', async () => {
    await api.editor.locator.refresh();
    await control('requests/clear', {});
    await api.editor.locator.refresh();
    assert.deepEqual(
      (await requests()).map((r) => `${r.method} ${r.path}`),
      [],
      'a refresh with fresh searches and known locations sends nothing',
    );
    const uri = await open('src/app/router.ts');
    await waitFor('marks in router.ts', () => (api.editor.decorations.decorated(uri).length ? true : undefined));
    const log = await requests();
    // One search, only for the file that opened: its first page, and the next ones of a busy file (by cursor).
    assert.deepEqual([...new Set(searches(log).map(queryOf))], ['is:unresolved stack.filename:"*app/router.ts"']);
    assert.equal(searches(log).filter((r) => !new URLSearchParams(r.query).has('cursor')).length, 1, 'one first page');
    // Event requests only for issues whose own fields place them in an open file.
    const events = log.filter((r) => /\/events\/$/.test(r.path));
    const openNames = new Set(['format.js', 'router.ts']);
    for (const r of events) {
      const id = /\/issues\/(\d+)\/events\/$/.exec(r.path)![1];
      const hint = api.store.issue(id)?.metadata?.filename;
      assert.ok(typeof hint !== 'string' || !hint || openNames.has(hint.split('/').pop()!), `the event of ${id} (${String(hint)}) cannot land in an open file`);
    }
    print(`      (opening router.ts: ${searches(log).length} search, ${events.length} event requests)`);
  });

  it('a reload of the marks asks for no event of an issue that did not change', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'src/utils/format.js');
    const before = api.editor.decorations.decorated(uri).length;
    api.editor.locator.forget();
    await control('requests/clear', {});
    await api.editor.locator.refresh();
    const log = await requests();
    assert.equal(log.filter((r) => /\/events\/$/.test(r.path)).length, 0, 'locations come from what is kept');
    assert.equal(api.editor.decorations.decorated(uri).length, before);
  });

  /** Refreshes the tree, which must still list issues: `failed` answered `status`, then `answered` 200. */
  async function refreshThrough(failed: string, status: number, answered: string): Promise<void> {
    await control('requests/clear', {});
    await api.issues.refresh();
    const roots = await api.issues.tree.getChildren();
    assert.ok(roots.filter((n) => n.type === 'issue').length > 0, 'the tree lists issues');
    assert.equal((await requests(failed)).map((r) => r.status).join(), String(status));
    assert.ok(
      (await requests(answered)).some((r) => r.status === 200),
      `answered by ${answered}`,
    );
  }

  it('lists through the project endpoint where the organization one answers 404, and back where the project one answers 410', async () => {
    await control('endpoints', { orgIssues: 404 });
    await refreshThrough(ORG_ISSUES, 404, PROJECT_ISSUES);
    // Remembered: the next refresh goes straight to the project endpoint.
    await control('requests/clear', {});
    await api.issues.refresh();
    assert.equal((await requests(ORG_ISSUES)).length, 0);
    await control('endpoints', { orgIssues: 'ok', projectIssues: 410 });
    await refreshThrough(PROJECT_ISSUES, 410, ORG_ISSUES);
    await control('endpoints', { projectIssues: 'ok' });
  });

  it('falls back to the listed issues where the server refuses the stack.filename search (400)', async () => {
    await control('faults', { path: 'issues/$', query: 'stack\\.filename', status: 400, respond: { status: 400, body: '{"detail":"Error parsing search query: unknown key stack.filename"}' } });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.editor.locator.forget();
    const uri = await open('src/app/checkout.ts');
    await waitFor('marks in checkout.ts', () => (api.editor.decorations.decorated(uri).length ? true : undefined));
    assert.equal(api.editor.locator.mode(), 'listed');
    const listed = new Set(api.issues.listedIssues().map((l) => l.issue.id));
    for (const m of api.editor.decorations.decorated(uri)) assert.ok(listed.has(m.issueId), `${m.shortId} is listed`);
  });
});
