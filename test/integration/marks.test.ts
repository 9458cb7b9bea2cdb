// Marks per open file and the organization issues endpoint, inside a real VS Code against
// the sandbox: a file's marks come from its own search and its lines from the events table, a file
// not open costs nothing, the tree keeps working when either issue list endpoint is gone, a server
// without the events table falls back to each issue's latest event, and a server refusing the
// search falls back to the listed issues.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { control, settledMarks, signedInSuite, signInWithToken, startMarksSuite, waitFor, type RequestLogEntry, type UiRecorder } from './authHelpers';
import type { WorkspaceLocation } from '../sandbox';
import type { TestHooks } from '../../src/testHooks';
import { print } from './output';
import { MAX_ID_READ_BYTES } from '../../src/api/requestRules';

const ORG_ISSUES = '^/api/0/organizations/acme/issues/$';
const PROJECT_ISSUES = '^/api/0/projects/acme/web-frontend/issues/$';

/** The codicon a hover and the line's pick show for a level (any other level: error). */
const LEVEL_ICONS: Record<string, string> = { fatal: 'flame', error: 'error', warning: 'warning', info: 'info', debug: 'debug' };
const queryOf = (r: RequestLogEntry) => new URLSearchParams(r.query).get('query') ?? '';
const searches = (log: RequestLogEntry[]) => log.filter((r) => queryOf(r).includes('stack.filename'));
const TABLE = /^\/api\/0\/organizations\/[^/]+\/events\/$/;
const ISSUE_EVENTS = /\/issues\/(\d+)\/events\/$/;

describe('marks per open file, and the organization issues endpoint', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let defaults: { authToken: string };
  let restore: () => Promise<void>;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const requests = (path?: string) => control<RequestLogEntry[]>(`requests${path ? `?path=${encodeURIComponent(path)}` : ''}`);

  before(async function () {
    if (!vscode.workspace.workspaceFolders?.length) this.skip();
    ({ api, rec, defaults, restore } = await signedInSuite(this, 'marks'));
    await startMarksSuite(api);
    await api.editor.locator.refresh();
  });

  after(async () => {
    await control('endpoints', { orgIssues: 'ok', projectIssues: 'ok', eventsTable: 'ok' });
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

  it("takes a file's marks and their lines from one events-table search for that file, on the lines where its issues happened", async () => {
    await control('requests/clear', {});
    const uri = await open('src/utils/format.js');
    const marks = await settledMarks(api, uri);
    const found = searches(await requests('^/api/0/organizations/acme/events/$'));
    // One search for the open file (src/editor/core/sharedSearch.ts): its first page, and the next ones of a busy file (by cursor).
    assert.deepEqual([...new Set(found.map(queryOf))], ['is:unresolved stack.filename:"*utils/format.js"'], found.map(queryOf).join(' | '));
    assert.equal(found.filter((r) => !new URLSearchParams(r.query).has('cursor')).length, 1, 'one first page');
    assert.equal(new URLSearchParams(found[0].query).get('statsPeriod'), '90d', "the view's period, said");
    assert.equal(searches(await requests(ORG_ISSUES)).length, 0, 'no issue search per file');
    assert.deepEqual(new URLSearchParams(found[0].query).getAll('project'), ['4501'], "web-frontend's id: never a slug");
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
    print(
      `      (${marks.length} marks in format.js, ${unlisted.length} of issues not listed in the tree; ${api.editor.locator.tableRequests} events-table and ${api.editor.locator.requests} event requests so far)`,
    );
    assert.ok(unlisted.length > 0, 'some marked issues are not among the listed ones');
    // The busiest line's hover shows its first three issues, one line each, most events first, and
    // "+N more", whose command lists every issue of the line.
    const perLine = new Map<number, number>();
    for (const m of marks) perLine.set(m.line, (perLine.get(m.line) ?? 0) + 1);
    const [busiest, n] = [...perLine].sort((a, b) => b[1] - a[1])[0];
    assert.ok(n > 3, `${n} issues on line ${busiest + 1}`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(busiest, 0));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((t) => t.includes('"Show Events"'))!;
    const lines = text.split('  \n');
    assert.equal(lines.filter((l) => l.includes('"Show Events")')).length, 3, text);
    const drawn = api.editor.decorations.marksAt(uri, busiest);
    assert.deepEqual(
      lines.slice(0, 3).map((l) => /^\$\([a-z]+\) \*\*([^*]+)\*\*/.exec(l)?.[1].replace(/\\/g, '')),
      drawn.slice(0, 3).map((m) => m.issue.shortId),
      'most events first',
    );
    const more = /^\[\\\+(\d+) more\]\(command:sentryExplorer\.showLineIssues\?([^ )]+) "Show all (\d+) issues on this line"\)$/.exec(lines.at(-1)!);
    assert.ok(more, lines.at(-1));
    assert.deepEqual([Number(more[1]), Number(more[3])], [n - 3, n]);
    // The link as VS Code runs it: the line's issues to pick from, all of them, in the hover's order.
    api.editor.ui.override(rec.ui());
    try {
      const picks = rec.quickPicks.length;
      await vscode.commands.executeCommand('sentryExplorer.showLineIssues', ...(JSON.parse(decodeURIComponent(more[2])) as unknown[]));
      assert.deepEqual(rec.quickPicks.slice(picks), [drawn.map((m) => `$(${LEVEL_ICONS[m.issue.level] ?? 'error'}) ${m.issue.shortId}`)]);
    } finally {
      api.editor.ui.reset();
    }
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
    await settledMarks(api, uri);
    const log = await requests();
    // One search, only for the file that opened (the other's answer is kept): its first page, and the next ones of a busy file (by cursor).
    const table = log.filter((r) => TABLE.test(r.path));
    assert.deepEqual([...new Set(table.map(queryOf))], ['is:unresolved stack.filename:"*app/router.ts"']);
    assert.equal(table.filter((r) => !new URLSearchParams(r.query).has('cursor')).length, 1, 'one first page');
    // Its rows hold the lines: none read one by one; the issues the store lacks are read by id, as many as fit a request line.
    assert.equal(api.editor.locator.linesFrom(), 'eventsTable');
    assert.deepEqual(
      log.filter((r) => ISSUE_EVENTS.test(r.path)).map((r) => r.path),
      [],
    );
    const byId = log.filter((r) => new URLSearchParams(r.query).has('group'));
    const ids = byId.flatMap((r) => new URLSearchParams(r.query).getAll('group'));
    assert.ok(byId.every((r) => new URLSearchParams(r.query).getAll('group').reduce((n, id) => n + `group=${id}&`.length, 0) <= MAX_ID_READ_BYTES));
    assert.ok(table.length + byId.length <= Math.ceil(ids.length / 100) + 2, `${table.length} events-table requests and ${byId.length} reads by id for ${ids.length} issues`);
    print(`      (opening router.ts: ${table.length} events-table requests, ${byId.length} reads by id of ${ids.length} issues)`);
  });

  it('a reload of the marks asks for no event of an issue that did not change', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'src/utils/format.js');
    const before = api.editor.decorations.decorated(uri).length;
    api.editor.locator.forget();
    await control('requests/clear', {});
    await api.editor.locator.refresh();
    const log = await requests();
    // The shared search again (its rows are the lines too), but no line asked by issue and no event read.
    assert.equal(log.filter((r) => TABLE.test(r.path) && queryOf(r).includes('issue.id:')).length, 0, 'locations come from what is kept');
    assert.equal(log.filter((r) => ISSUE_EVENTS.test(r.path)).length, 0);
    assert.equal(api.editor.decorations.decorated(uri).length, before);
  });

  describe('"Why Are There No Marks?" and the status-bar item', () => {
    before(async () => {
      api.editor.ui.override(rec.ui());
      // Mocha runs these after the suite's own tests: the per-file search again, after the 400 fallback.
      await control('faults/clear', {});
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      api.editor.locator.forget();
    });
    after(async () => {
      api.editor.ui.reset();
      await control('faults/clear', {});
      await vscode.workspace.getConfiguration('files').update('exclude', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      api.editor.locator.forget();
    });

    /** Runs the command as the palette does; what it showed, answered with `click` (a button label) or dismissed. */
    async function explain(click?: string): Promise<{ level: string; message: string; items: string[] }> {
      const before = rec.shown.length;
      rec.set({ answer: () => click });
      await vscode.commands.executeCommand('sentryExplorer.explainMarks');
      rec.set({});
      const shown = rec.shown.slice(before);
      assert.equal(shown.length, 1, shown.map((s) => s.message).join(' | '));
      return shown[0];
    }
    const status = () => api.editor.marksStatus.shown;

    it('a file with marks: the command says how many issues on how many lines, and no status item shows', async () => {
      const uri = await open('src/utils/format.js');
      const marks = await settledMarks(api, uri);
      const said = await explain();
      assert.equal(said.level, 'info');
      assert.equal(said.message, `Sentry marks ${new Set(marks.map((m) => m.issueId)).size} issues on ${new Set(marks.map((m) => m.line)).size} lines of this file.`);
      assert.deepEqual(said.items, []);
      assert.equal(status(), undefined);
    });

    it('a workspace file no issue of any project touches: the line names the cause and Filter Issues, and the status item shows it', async () => {
      await open('.sentryclirc');
      const shown = await waitFor('the status item', status);
      assert.equal(shown.text, '$(circle-slash) No Sentry marks');
      assert.equal(shown.command, 'sentryExplorer.explainMarks');
      assert.match(shown.tooltip, /^No issue of web-frontend has this file in its stack trace/);
      const said = await explain();
      assert.equal(said.level, 'info');
      assert.equal(said.message, shown.tooltip);
      assert.deepEqual(said.items, ['Filter Issues']);
      // Back on a marked file, the item goes.
      await open('src/utils/format.js');
      await waitFor('the status item to go', () => status() === undefined);
    });

    it("a file whose issues are another project's: one search of the organization names it, and its button adds it to the chosen projects, whose marks then show", async () => {
      const uri = await open('server/api/orders.py');
      const shown = await waitFor('the status item', status);
      assert.match(shown.tooltip, /^No issue of web-frontend has this file in its stack trace/);
      await control('requests/clear', {});
      const cfg = vscode.workspace.getConfiguration('sentryExplorer');
      try {
        const said = await explain('Add api-server');
        assert.equal(said.level, 'info');
        assert.match(said.message, /^No issue of web-frontend has this file in its stack trace, but \d+\+? issues of project api-server do: add api-server to the chosen projects to see them here\.$/);
        assert.deepEqual(said.items, ['Add api-server']);
        const across = (await requests(ORG_ISSUES)).filter((r) => new URLSearchParams(r.query).getAll('project').join() === '-1');
        assert.deepEqual(
          across.map((r) => queryOf(r)),
          ['is:unresolved stack.filename:"*api/orders.py"'],
          "one request across the projects, with the marks' search",
        );
        // The button saved the choice as Choose Project does; the Issues view and the marks follow.
        await waitFor('api-server chosen', () => (api.selection.current.projects.join() === 'web-frontend,api-server' ? true : undefined));
        const marks = await waitFor('marks in orders.py', () => (api.editor.decorations.decorated(uri).length > 0 ? api.editor.decorations.decorated(uri) : undefined), 60_000);
        print(`      (${marks.length} marks in orders.py once api-server was added: "${said.message}")`);
        await waitFor('the status item to go', () => status() === undefined);
      } finally {
        await cfg.update('projects', undefined, vscode.ConfigurationTarget.Workspace);
        await cfg.update('organization', undefined, vscode.ConfigurationTarget.Workspace);
        await waitFor('web-frontend alone again', () => (api.selection.current.projects.join() === 'web-frontend' ? true : undefined));
        await api.issues.tree.getChildren();
      }
    });

    it('signed out: nothing in the status bar, and the line offers Sign In; signed in again, the item is back', async () => {
      await open('server/api/orders.py');
      await waitFor('the status item', status);
      await api.auth.signOut();
      await waitFor('the status item to go', () => status() === undefined);
      const said = await explain();
      assert.equal(said.message, 'Not signed in to Sentry: sign in to see where its issues happened in your code.');
      assert.deepEqual(said.items, ['Sign In']);
      await signInWithToken(api, rec, defaults.authToken);
      rec.set({});
      await api.issues.tree.getChildren();
      await waitFor('the status item again', status, 30_000);
    });

    it("a file that is not the workspace's: said so, and no status item", async () => {
      const doc = await vscode.workspace.openTextDocument({ content: 'not a workspace file' });
      await vscode.window.showTextDocument(doc);
      const said = await explain();
      assert.equal(said.message, 'This file is not in a workspace folder: Sentry marks only the files of the workspace.');
      assert.equal(status(), undefined);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    it("a server error on the file's search: the line names it, as a warning with Sign In and Show Log", async () => {
      // Both the open files' shared search (the events table) and a file's own search (the issue list) refused.
      await control('faults', { path: '(issues|events)/$', query: 'stack\\.filename', status: 403 });
      try {
        api.editor.locator.forget();
        await open('server/db/models.py');
        const shown = await waitFor('the status item', () => (status()?.tooltip.includes('403') ? status() : undefined));
        assert.equal(shown.tooltip, "Sentry answered 403 (access denied) to the search for this file's issues.");
        const said = await explain();
        assert.equal(said.level, 'warning');
        assert.equal(said.message, shown.tooltip);
        assert.deepEqual(said.items, ['Sign In', 'Show Log']);
      } finally {
        await control('faults/clear', {});
        api.editor.locator.forget();
        await api.editor.locator.refresh();
      }
    });

    it('locations that match no workspace file: the line names one and offers the pathMappings setting, which its button opens', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.getConfiguration('files').update('exclude', { 'src/components/**': true }, vscode.ConfigurationTarget.Global);
      await waitFor('the index without them', async () => ((await api.editor.files.resolve('/srv/other/components/Cart.tsx')).kind === 'none' ? true : undefined));
      await open('src/components/Cart.tsx');
      const shown = await waitFor('the status item', () => (status()?.tooltip.includes('path mapping') ? status() : undefined), 30_000);
      assert.match(shown.tooltip, /match(es)? no workspace file.*"[^"]*Cart\.tsx"/);
      const said = await explain('Open Path Mappings');
      assert.equal(said.message, shown.tooltip);
      assert.deepEqual(said.items, ['Open Path Mappings']);
      await waitFor('the settings editor', () =>
        vscode.window.tabGroups.activeTabGroup.activeTab?.input === undefined || /Settings/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '') ? true : undefined,
      );
      print(`      (${shown.tooltip})`);
    });
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

  it("takes the lines from each issue's latest event where the server has no events table (404), said once", async () => {
    await control('endpoints', { eventsTable: 404 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Lines known from earlier suites would need no request at all: every line is read again here.
    api.editor.locator.forget({ locations: true });
    await control('requests/clear', {});
    const uri = await open('src/app/store.ts');
    const marks = await settledMarks(api, uri);
    assert.ok(marks.length > 0);
    assert.equal(api.editor.locator.linesFrom(), 'latestEvent');
    const log = await requests();
    assert.equal(log.filter((r) => TABLE.test(r.path)).length, 1, 'asked once');
    assert.ok(
      log.some((r) => ISSUE_EVENTS.test(r.path)),
      'then the latest events',
    );
    const seeded = new Map((await control<WorkspaceLocation[]>('seed/locations')).map((l) => [l.issueId, l]));
    for (const m of marks) {
      const l = seeded.get(m.issueId);
      if (l?.file === 'src/app/store.ts' && l.line) assert.equal(m.line, l.line - 1, m.shortId);
    }
    await control('endpoints', { eventsTable: 'ok' });
    // Nothing left open and the run settled: the suites after this one refresh the tree alone.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.editor.locator.forget();
    await api.editor.locator.refresh();
  });

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

  it('a file opened while a 429 holds the searches back gets its marks when the hold ends, not an interval later', async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.editor.locator.refresh();
    // Beyond what the client waits out inline (10 s): the search is refused and the endpoint held back.
    // The open files' shared search (the events table) is the one refused.
    await control('faults', { path: '(issues|events)/$', query: 'stack\\.filename', count: 1, rateLimited: { resetInSeconds: 14 } });
    await control('requests/clear', {});
    const started = Date.now();
    const uri = await open('src/app/store.ts');
    await waitFor('the refused search', async () => ((await requests('^/api/0/organizations/acme/(issues|events)/$')).some((r) => r.status === 429) ? true : undefined));
    assert.equal(api.editor.decorations.decorated(uri).length, 0, 'no marks while held back');
    await waitFor('marks after the reset', () => (api.editor.decorations.decorated(uri).length ? true : undefined), 40_000);
    const waited = Date.now() - started;
    assert.ok(waited >= 10_000, `the marks came after the hold (${waited} ms), not from a retry that ignored it`);
    print(`      marks ${waited} ms after opening a file during a 14 s hold (refresh interval ${vscode.workspace.getConfiguration('sentryExplorer').get('refreshIntervalSeconds')} s)`);
  });

  it('falls back to the listed issues where the server refuses the stack.filename search (400), in the events table and the issue list', async () => {
    await control('faults', {
      path: '(issues|events)/$',
      query: 'stack\\.filename',
      status: 400,
      respond: { status: 400, body: '{"detail":"Error parsing search query: unknown key stack.filename"}' },
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.editor.locator.forget();
    const uri = await open('src/app/checkout.ts');
    await waitFor('marks in checkout.ts', () => (api.editor.decorations.decorated(uri).length ? true : undefined));
    assert.equal(api.editor.locator.mode(), 'listed');
    const listed = new Set(api.issues.listedIssues().map((l) => l.issue.id));
    for (const m of api.editor.decorations.decorated(uri)) assert.ok(listed.has(m.issueId), `${m.shortId} is listed`);
  });
});
