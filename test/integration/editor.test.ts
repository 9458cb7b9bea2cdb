// Errors where the code is: the sample workspace's files get decorations on exactly the
// lines of the seeded events of the listed issues, and hovers on those lines name the issue.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from './helpers';
import { control, SANDBOX_URL, settledMarks, signInToSandbox, UiRecorder, waitFor } from './authHelpers';
import type { RequestLogEntry, WorkspaceLocation } from '../sandbox';
import type { TriageRun } from '../../src/triage/triageCommands';
import { print } from './output';
import type { TestHooks } from '../../src/testHooks';

type SeedLocation = WorkspaceLocation;

/** Whether hover Markdown names this short ID (escaped), not one that merely starts with it (WEB-FRONTEND-4 is not WEB-FRONTEND-4X). */
const namesIssue = (markdown: string, shortId: string) => new RegExp(`${shortId.replace(/-/g, '\\\\-')}(?![A-Za-z0-9])`).test(markdown);

describe('editor decorations and hovers (sample workspace)', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let defaults: { authToken: string; clientId: string };
  let restore: () => Promise<void>;
  const rec = new UiRecorder();
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  before(async function () {
    if (!SANDBOX_URL || !vscode.workspace.workspaceFolders?.length) {
      print('  (no sandbox or no workspace folder: skipping the editor suite)');
      this.skip();
    }
    api = await activateExtension();
    ({ defaults, restore } = await signInToSandbox(rec));
    api.editor.ui.override(rec.ui());
    await api.issues.setFilter({ preset: 'unresolved', statsPeriod: '24h', sort: 'date' });
    await api.issues.tree.getChildren();
  });

  after(async () => {
    api?.editor.ui.reset();
    await restore?.();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** The newest in-app frame with a line of the issue's latest full event, read straight from the sandbox. */
  async function frameLine(issueId: string): Promise<{ file: string; line: number } | undefined> {
    const res = await fetch(`${SANDBOX_URL}/api/0/organizations/acme/issues/${issueId}/events/?full=true&per_page=1`, { headers: { authorization: `Bearer ${defaults.authToken}` } });
    const [event] = (await res.json()) as { entries?: { type: string; data: { values: { stacktrace?: { frames: { filename: string; lineNo: number | null; inApp: boolean }[] } }[] } }[] }[];
    const exc = event.entries?.find((e) => e.type === 'exception');
    const frames = (exc?.data.values ?? []).flatMap((v) => v.stacktrace?.frames ?? []).reverse();
    const f = frames.find((fr) => fr.inApp && fr.lineNo);
    return f ? { file: f.filename, line: f.lineNo! } : undefined;
  }

  it('decorates every open file with its issues (the listed ones among them) on exactly the lines of their latest events', async () => {
    const listed = new Set(api.issues.listedIssues().map((l) => l.issue.id));
    assert.equal(listed.size, 100);
    const all = (await control<SeedLocation[]>('seed/locations')).filter((l) => l.project === 'web-frontend');
    const byId = new Map(all.map((l) => [l.issueId, l]));
    const seeded = all.filter((l) => listed.has(l.issueId));
    // Where each listed issue must be marked: its location's line, or (bare file name) the newest
    // in-app frame with a line of its latest full event, which may be in another file.
    const expected = new Map<string, Set<string>>();
    const add = (file: string, line: number, id: string) => expected.set(file, (expected.get(file) ?? new Set()).add(`${line - 1}:${id}`));
    let checkedBare = 0;
    for (const l of seeded) {
      if (l.line !== null) add(l.file, l.line, l.issueId);
      else {
        const f = await frameLine(l.issueId);
        if (f) {
          add(f.file, f.line, l.issueId);
          checkedBare++;
        }
      }
    }
    const files = [...new Set([...seeded.map((l) => l.file), ...expected.keys()])];
    assert.ok(files.length >= 3, `only ${files.length} files`);
    // Open every file first: bare-file locations take their line from a full event only for open files.
    for (const file of files) await vscode.window.showTextDocument(vscode.Uri.joinPath(folder(), file), { preview: false });
    let decoratedLines = 0;
    let unlisted = 0;
    for (const file of files) {
      const uri = vscode.Uri.joinPath(folder(), file);
      const want = expected.get(file) ?? new Set<string>();
      await vscode.window.showTextDocument(uri, { preview: false });
      const decorated = () => new Set(api.editor.decorations.decorated(uri).map((d) => `${d.line}:${d.issueId}`));
      const got = await waitFor(
        `decorations in ${file}`,
        async () => {
          await api.editor.locator.refresh();
          const now = decorated();
          return [...want].every((e) => now.has(e)) ? now : undefined;
        },
        30_000,
      ).catch(() => decorated());
      // Every listed issue that happened here is marked here...
      assert.deepEqual(
        [...want].filter((e) => !got.has(e)),
        [],
        `${file}: listed issues not marked`,
      );
      // ... and every mark, listed or found by the file's search, sits on the line where its issue happened.
      for (const mark of got) {
        const [line, id] = mark.split(':');
        const l = byId.get(id);
        if (want.has(mark)) continue;
        unlisted++;
        if (l?.line) assert.deepEqual([l.file, Number(line)], [file, l.line - 1], `${mark} in ${file}`);
        else {
          const f = await frameLine(id);
          assert.deepEqual([f?.file, Number(line)], [file, (f?.line ?? 0) - 1], `${mark} (bare file) in ${file}`);
        }
      }
      decoratedLines += got.size;
    }
    print(
      `      (${decoratedLines} issue marks in ${files.length} files, ${unlisted} of issues beyond the listed page; ${checkedBare} from full events' frames; ${api.editor.locator.requests} event requests, ${api.editor.locator.searchRequests} file searches)`,
    );
    assert.ok(checkedBare > 0, 'at least one bare-file location took its line from a frame');
    assert.ok(unlisted > 0, "the files' searches mark issues beyond the listed page");
  });

  /** Opens the file of the first listed issue that has a line and waits for its decoration. */
  /**
   * Opens the file of a listed issue that has a line and is the first one drawn there (most events:
   * a line holds every issue the file's search finds, and hovers show the first few), and waits for
   * its decoration.
   */
  async function openDecorated(): Promise<{ uri: vscode.Uri; target: SeedLocation }> {
    const seeded = (await control<SeedLocation[]>('seed/locations')).filter((l) => l.line !== null && api.issues.listedIssues().some((x) => x.issue.id === l.issueId));
    for (const file of [...new Set(seeded.map((l) => l.file))]) {
      const uri = vscode.Uri.joinPath(folder(), file);
      await vscode.window.showTextDocument(uri);
      // No forced refresh: opening the file is enough for its decorations to appear.
      await settledMarks(api, uri);
      const target = seeded.find((l) => l.file === file && api.editor.decorations.marksAt(uri, l.line! - 1)[0]?.issue.id === l.issueId);
      if (target) return { uri, target };
    }
    throw new Error('no listed issue is the first drawn on its line');
  }

  it('a hover on a decorated line names the issue and offers trusted command links', async () => {
    const { uri, target } = await openDecorated();
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(target.line! - 1, 0));
    const texts = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
    const ours = texts.find((t) => namesIssue(t, target.shortId));
    assert.ok(ours, `no hover names ${target.shortId}: ${texts.join(' | ').slice(0, 300)}`);
    assert.match(ours!, /\[\$\(list-unordered\)\]\(command:sentryExplorer\.showIssueEvents\?[^ ]+ "Show Events"\)/);
    assert.match(ours!, /\[\$\(link-external\)\]\(command:sentryExplorer\.openInBrowser\?[^ ]+ "Open in Browser"\)/);
    const none = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(0, 0));
    assert.ok(!none.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('"Show Events"'))), 'line 1 has no issue');
  });

  it('a change of a marked issue in the store shows at once on its line, in its hover and its CodeLens, and goes with a rollback', async () => {
    const { uri, target } = await openDecorated();
    const line = target.line! - 1;
    const hoverText = async () =>
      (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 0)))
        .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
        .join('\n');
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await cfg.update('codeLens.enabled', true, vscode.ConfigurationTarget.Global);
    const lensTitles = async () =>
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).filter((c) => c.range.start.line === line).map((c) => c.command?.title ?? '');
    const before = await waitFor("the line's text", () => api.editor.decorations.renderedText(uri).get(line));
    // Settle the locator and the render it schedules, then note whether the renamed line is drawn before the locator runs again.
    const settled = new Promise<void>((resolve) => {
      const sub = api.editor.decorations.onDidChange(() => {
        sub.dispose();
        resolve();
      });
    });
    await api.editor.locator.refresh();
    await settled;
    const order: string[] = [];
    const subs = [
      api.editor.locator.onDidChange(() => order.push('locator')),
      api.editor.decorations.onDidChange(() => api.editor.decorations.renderedText(uri).get(line)?.includes('Renamed by the store test') && order.push('renamed')),
    ];
    const patch = api.store.apply({ issueIds: [target.issueId], change: { title: 'Renamed by the store test', count: '98765' } });
    try {
      const after = await waitFor('the renamed line', () =>
        api.editor.decorations.renderedText(uri).get(line)?.includes('Renamed by the store test') ? api.editor.decorations.renderedText(uri).get(line) : undefined,
      );
      assert.notEqual(after, before);
      // The store's change event alone re-rendered the line: the locator had not located anything since.
      assert.equal(order[0], 'renamed', order.join(', '));
      assert.match(await hoverText(), /Renamed by the store test/);
      await waitFor('the CodeLens count', async () => ((await lensTitles()).some((t) => t.includes('98.8K events')) ? true : undefined));
    } finally {
      for (const d of subs) d.dispose();
      patch.rollback();
      await cfg.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    // The old title again (the age in it may have moved on meanwhile).
    await waitFor('the old text again', () => (api.editor.decorations.renderedText(uri).get(line)?.split(' · ')[0] === before.split(' · ')[0] ? true : undefined));
    assert.doesNotMatch(await hoverText(), /Renamed by the store test/);
  });

  it('decorations move with their line while the document is edited', async () => {
    const { uri } = await openDecorated();
    const before = api.editor.decorations
      .decorated(uri)
      .map((d) => d.line)
      .sort((a, b) => a - b);
    assert.ok(before.length > 0);
    const editor = vscode.window.activeTextEditor!;
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '// one\n// two\n'));
    const after = api.editor.decorations
      .decorated(uri)
      .map((d) => d.line)
      .sort((a, b) => a - b);
    assert.deepEqual(
      after,
      before.map((l) => l + 2),
    );
    await vscode.commands.executeCommand('undo');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('CodeLens and Problems entries appear on decorated lines only when their settings are on', async () => {
    const { uri } = await openDecorated();
    const lines = new Set(api.editor.decorations.decorated(uri).map((d) => d.line));
    assert.ok(lines.size > 0);
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    const lenses = () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const ours = (l: vscode.CodeLens[]) => l.filter((c) => c.command?.command === 'sentryExplorer.showIssueEvents');
    const sentryDiagnostics = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Sentry');
    assert.equal(ours(await lenses()).length, 0, 'CodeLens is off by default');
    assert.equal(sentryDiagnostics().length, 0, 'Problems entries are off by default');
    await cfg.update('codeLens.enabled', true, vscode.ConfigurationTarget.Global);
    await cfg.update('diagnostics.enabled', true, vscode.ConfigurationTarget.Global);
    try {
      const shown = ours(await waitFor('code lenses', async () => ((await lenses()).length ? lenses() : undefined)));
      assert.deepEqual(new Set(shown.map((c) => c.range.start.line)), lines);
      // A lens browses like a click in the Issues view: a preview panel, reused by the next one.
      assert.ok(
        shown.every((c) => JSON.stringify(c.command?.arguments?.[1]) === '{"preview":true}'),
        JSON.stringify(shown[0]?.command?.arguments),
      );
      const diags = await waitFor('Sentry problems', () => (sentryDiagnostics().length ? sentryDiagnostics() : undefined));
      assert.equal(diags.length, api.editor.decorations.decorated(uri).length);
      assert.ok(diags.every((d) => lines.has(d.range.start.line) && /^WEB-FRONTEND-\w+: /.test(d.message)));
    } finally {
      await cfg.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Global);
      await cfg.update('diagnostics.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('"Go to Location" opens the mapped file at the line of an issue', async () => {
    const item = api.issues.listedIssues().find(() => true)!;
    const seeded = (await control<SeedLocation[]>('seed/locations')).find((l) => l.issueId === item.issue.id && l.line !== null);
    if (!seeded) return; // the first listed issue points outside the workspace: covered by the decoration test
    await vscode.commands.executeCommand('sentryExplorer.goToLocation', { type: 'issue', ...item, otherProject: false, period: '24h' });
    const ed = vscode.window.activeTextEditor!;
    assert.ok(ed.document.uri.path.endsWith(seeded.file));
    assert.equal(ed.selection.active.line, seeded.line! - 1);
  });

  it('a hostile location not in the workspace: the message names it as text, with no link or command', async () => {
    const hostile = '[Add the path mapping](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D)';
    for (const location of [hostile, `/srv/x/${hostile}:12`, `<https://evil.example/>`]) {
      const before = rec.shown.length;
      await vscode.commands.executeCommand('sentryExplorer.goToLocation', { location });
      const shown = rec.shown.slice(before);
      assert.equal(shown.length, 1, `one message for ${location}`);
      assert.match(shown[0].message, /is not in this workspace/);
      // VS Code's notifications turn `[label](target)` into a link: `](` must not survive.
      assert.ok(!shown[0].message.includes(']('), `no link syntax: ${shown[0].message}`);
      assert.ok(!/<[a-z]+:/i.test(shown[0].message), `no autolink: ${shown[0].message}`);
    }
  });

  it('a Problems entry links to its issue only when the permalink is a web link to the server (never command:)', async () => {
    const res = await fetch(`${SANDBOX_URL}/api/0/organizations/acme/issues/?project=web-frontend&groupStatsPeriod=24h&sort=date&limit=100`, {
      headers: { authorization: `Bearer ${defaults.authToken}` },
    });
    const list = (await res.json()) as { shortId: string; permalink: string }[];
    const hostile = ['command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D', 'https://evil.example/acme/issues/1/', 'file:///etc/passwd'];
    list.forEach((issue, i) => {
      if (i % 4 < 3) issue.permalink = hostile[i % 4];
    });
    const permalinkOf = new Map(list.map((i) => [i.shortId, i.permalink]));
    // The tree's list and the files' searches (same endpoint) all answer the hostile list.
    await control('faults', { path: '^/api/0/organizations/acme/issues/$', status: 200, respond: { status: 200, body: JSON.stringify(list) } });
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    try {
      await vscode.commands.executeCommand('sentryExplorer.refresh');
      assert.ok(
        api.issues.listedIssues().some((l) => l.issue.permalink.startsWith('command:')),
        'the hostile list is shown',
      );
      await cfg.update('diagnostics.enabled', true, vscode.ConfigurationTarget.Global);
      // The files' searches are asked again, so every mark comes from the hostile answers.
      api.editor.locator.forget();
      // Opening a file that is already the visible editor starts no run: ask for one, or the
      // marks just forgotten would be waited for in vain.
      void api.editor.locator.refresh();
      const { uri } = await openDecorated();
      await api.editor.locator.refresh();
      const sentry = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Sentry');
      /** Each entry against its issue's permalink: a target only for the server's own web links. */
      const check = () => {
        const wrong: string[] = [];
        let safe = 0;
        let unsafe = 0;
        for (const d of sentry()) {
          const shortId = typeof d.code === 'object' ? String(d.code.value) : String(d.code);
          const permalink = permalinkOf.get(shortId);
          const target = typeof d.code === 'object' ? d.code.target?.toString(true) : undefined;
          // An issue the shared search found beyond the hostile list keeps what the server said of it before.
          if (!permalink) continue;
          else if (permalink.startsWith(`${SANDBOX_URL}/`)) {
            safe++;
            if (target !== permalink) wrong.push(`${shortId}: target ${target}, want ${permalink}`);
          } else {
            unsafe++;
            if (target !== undefined) wrong.push(`${shortId}: ${permalink} became the target ${target}`);
          }
        }
        return { wrong, safe, unsafe, total: safe + unsafe };
      };
      // Entries follow the marks, which follow the reloaded list a moment later.
      await waitFor('Problems entries of the reloaded list', () => {
        const c = check();
        return c.total > 0 && c.wrong.length === 0 && c.unsafe > 0 ? c : undefined;
      }).catch(() => undefined);
      const { wrong, safe, unsafe, total } = check();
      assert.deepEqual(wrong, []);
      print(`      (${total} Problems entries: ${safe} linked, ${unsafe} without a target)`);
      assert.ok(unsafe > 0, 'at least one entry had a hostile permalink');
    } finally {
      await control('faults/clear', {});
      await cfg.update('diagnostics.enabled', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('sentryExplorer.refresh');
    }
  });

  // Triage from the editor: the marks follow the store's status, the hover offers the
  // triage links, and the palette learns the issue under the cursor through CursorIssues.

  /** The texts of the hovers on a line. */
  async function hoverTexts(uri: vscode.Uri, line: number): Promise<string[]> {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 0));
    return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
  }

  /** The command links of Markdown: label (an icon link's tooltip), command id and decoded arguments. */
  function commandLinks(markdown: string): { label: string; command: string; args: unknown[] }[] {
    return [...markdown.matchAll(/\[([^\]]+)\]\(command:([A-Za-z0-9_.-]+)\?([^)\s]*)(?: "([^"]*)")?\)/g)].map((m) => ({
      label: m[4] ?? m[1],
      command: m[2],
      args: JSON.parse(decodeURIComponent(m[3])) as unknown[],
    }));
  }

  /** One part per issue of a line's hover: a line each. */
  const issueParts = (texts: string[]) => texts.flatMap((t) => t.split('  \n'));

  it('a store patch that resolves the marked issues of a line takes their decoration, CodeLens, Problems entries and hover away at once; a rollback brings them back', async () => {
    const { uri, target } = await openDecorated();
    const line = target.line! - 1;
    // Every issue marked on the line (a line may hold several): resolved together, the line is bare.
    const onLine = () => api.editor.decorations.decorated(uri).filter((d) => d.line === line);
    const ids = onLine().map((d) => d.issueId);
    const shortIds = onLine().map((d) => d.shortId);
    assert.ok(ids.includes(target.issueId));
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await cfg.update('codeLens.enabled', true, vscode.ConfigurationTarget.Global);
    await cfg.update('diagnostics.enabled', true, vscode.ConfigurationTarget.Global);
    const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).filter((c) => c.range.start.line === line);
    const problems = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Sentry' && d.range.start.line === line);
    const isDecorated = () => onLine().length > 0;
    const drawnText = () => api.editor.decorations.renderedText(uri).get(line) ?? '';
    const names = (text: string) => shortIds.some((id) => text.includes(id) || text.includes(id.replace(/-/g, '\\-')));
    try {
      // Everything shows first: the decoration, the issue lens with its Resolve lens, the Problems entries.
      const shownLenses = await waitFor('the lenses of the line', async () => ((await lenses()).length >= 2 ? lenses() : undefined));
      assert.deepEqual(
        shownLenses.map((c) => c.command?.command),
        ['sentryExplorer.showIssueEvents', 'sentryExplorer.resolve'],
      );
      assert.match(shownLenses[1].command!.title, /Resolve/);
      // The lens names the issue (then asks for a preview panel); Resolve acts on that issue only.
      assert.deepEqual(shownLenses[1].command!.arguments, shownLenses[0].command!.arguments!.slice(0, 1), 'Resolve is for the issue the lens names');
      await waitFor('the Problems entries', () => problems().length === ids.length);
      await waitFor("the line's text", () => names(drawnText()));
      // Settle the locator (and the render it schedules) so what follows is the store's doing.
      await api.editor.locator.refresh();
      await new Promise((r) => setTimeout(r, 300));

      const order: string[] = [];
      const subs = [api.editor.locator.onDidChange(() => order.push('locator')), api.editor.decorations.onDidChange(() => order.push(isDecorated() ? 'shown' : 'hidden'))];
      const started = Date.now();
      const patch = api.store.apply({ issueIds: ids, change: { status: 'resolved', statusDetails: {} } });
      try {
        // The marks read the store: none as soon as the patch is applied; the editor is drawn again soon after.
        assert.ok(!isDecorated(), 'no mark once the patch is applied');
        await waitFor('the line to be drawn without them', () => order.length > 0, 2_000);
        const hiddenMs = Date.now() - started;
        assert.equal(order[0], 'hidden', `the store's change alone took the marks away (${order.join(', ')})`);
        assert.equal(drawnText(), '', 'no text after the line');
        await waitFor('the CodeLens to go', async () => ((await lenses()).length === 0 ? true : undefined), 2_000);
        await waitFor('the Problems entries to go', () => problems().length === 0, 2_000);
        assert.ok(!(await hoverTexts(uri, line)).some(names), 'no hover names a resolved issue');
        await vscode.window.showTextDocument(uri, { selection: new vscode.Range(line, 0, line, 0) });
        assert.deepEqual(api.editor.cursorIssues.current(), [], 'the cursor reports no resolved issue');
        // A locator run while the change is pending keeps the issues' places (not drawn), so a rollback needs no new lookup.
        await api.editor.locator.refresh();
        assert.deepEqual(
          api.editor.locator
            .marksFor(uri)
            .filter((m) => ids.includes(m.issueId))
            .map((m) => m.issueId)
            .sort(),
          [...ids].sort(),
          'placed, though hidden',
        );
        assert.ok(!isDecorated());
        print(`      (the marks went ${hiddenMs} ms after the patch)`);
      } finally {
        order.length = 0;
        patch.rollback();
      }
      assert.equal(onLine().length, ids.length, 'marked again as soon as the patch is rolled back');
      await waitFor('the line to be drawn with them', () => order.includes('shown'), 2_000);
      for (const d of subs) d.dispose();
      assert.ok(order.includes('shown') && (!order.includes('locator') || order.indexOf('shown') < order.indexOf('locator')), `redrawn before any new lookup (${order.join(', ')})`);
      await waitFor('the text to come back', () => names(drawnText()), 2_000);
      await waitFor('the CodeLens to come back', async () => ((await lenses()).length === 2 ? true : undefined), 2_000);
      await waitFor('the Problems entries to come back', () => problems().length === ids.length, 2_000);
      assert.ok((await hoverTexts(uri, line)).some(names), 'the hover names the issues again');
    } finally {
      await cfg.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Global);
      await cfg.update('diagnostics.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('under "All statuses" a resolved issue keeps its mark, drawn hollow: its hover says Resolved and offers Unresolve, as its CodeLens does, and the hover that offered Resolve closes', async () => {
    const { uri, target } = await openDecorated();
    const line = target.line! - 1;
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await cfg.update('codeLens.enabled', true, vscode.ConfigurationTarget.Global);
    const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).filter((c) => c.range.start.line === line);
    await api.issues.setFilter({ preset: 'all', statsPeriod: '24h', sort: 'date' });
    try {
      await api.issues.tree.getChildren();
      await api.editor.locator.refresh();
      await waitFor('the line under the new filter', () => api.editor.decorations.decorated(uri).some((d) => d.issueId === target.issueId && d.line === line) || undefined);
      const open = api.editor.decorations
        .marksAt(uri, line)
        .filter((m) => m.issue.status === 'unresolved')
        .map((m) => m.issue.id);
      assert.ok(open.includes(target.issueId));
      await waitFor('the level glyph', () => (api.editor.decorations.renderedGlyphs(uri).get(line) ?? 'resolved') !== 'resolved' || undefined);
      // The hover as VS Code asks for it, offering Resolve: the one a person would click in.
      assert.ok(commandLinks(issueParts(await hoverTexts(uri, line)).join('\n')).some((l) => l.label === 'Resolve'));
      const closed = api.editor.hovers.closed;
      // Every open issue of the line resolved, as a triage command does before the server answers.
      const patch = api.store.apply({ issueIds: open, change: { status: 'resolved', statusDetails: {} } });
      try {
        await waitFor('the hover to close', () => api.editor.hovers.closed === closed + 1 || undefined, 2_000);
        assert.ok(
          api.editor.decorations.decorated(uri).some((d) => d.issueId === target.issueId && d.line === line),
          'still marked: the filter lists resolved issues',
        );
        await waitFor('the hollow glyph', () => api.editor.decorations.renderedGlyphs(uri).get(line) === 'resolved' || undefined, 2_000);
        const first = api.editor.decorations.marksAt(uri, line)[0].issue;
        await waitFor("the line's text", () => api.editor.decorations.renderedText(uri).get(line)?.includes(`○ ${first.shortId} Resolved · `) || undefined, 2_000);
        // Asked again, the hover says so and offers what fits.
        const part = issueParts(await hoverTexts(uri, line)).find((t) => namesIssue(t, first.shortId));
        assert.ok(part, `no hover line names ${first.shortId}`);
        assert.match(part, /\*\* _Resolved_ /);
        const links = commandLinks(part);
        const ref = { org: 'acme', project: first.project.slug, issueId: first.id };
        assert.deepEqual(
          links.filter((l) => l.label === 'Unresolve').map((l) => [l.command, l.args]),
          [['sentryExplorer.unresolve', [ref]]],
        );
        assert.ok(!links.some((l) => l.label === 'Resolve' || l.label === 'Archive'), part);
        await waitFor('the Unresolve lens', async () => ((await lenses())[1]?.command?.command === 'sentryExplorer.unresolve' ? true : undefined), 2_000);
      } finally {
        patch.rollback();
      }
      await waitFor('the level glyph again', () => (api.editor.decorations.renderedGlyphs(uri).get(line) ?? 'resolved') !== 'resolved' || undefined, 2_000);
      assert.equal((await lenses())[1]?.command?.command, 'sentryExplorer.resolve');
    } finally {
      await cfg.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Global);
      await api.issues.setFilter({ preset: 'unresolved', statsPeriod: '24h', sort: 'date' });
      await api.issues.tree.getChildren();
      await api.editor.locator.refresh();
    }
  });

  it("the hover of a marked line offers Resolve, Archive and Assign to Me on that line's issue", async () => {
    const { uri, target } = await openDecorated();
    const line = target.line! - 1;
    // One line per issue on the line.
    const parts = issueParts(await hoverTexts(uri, line));
    const ours = parts.find((t) => namesIssue(t, target.shortId));
    assert.ok(ours, `no hover names ${target.shortId}`);
    const links = commandLinks(ours);
    const ref = { org: 'acme', project: api.store.issue(target.issueId)!.project.slug, issueId: target.issueId };
    for (const [label, command] of [
      ['Resolve', 'sentryExplorer.resolve'],
      ['Archive', 'sentryExplorer.archive'],
      ['Assign to Me', 'sentryExplorer.assignToMe'],
      ['Show Events', 'sentryExplorer.showIssueEvents'],
    ]) {
      const link = links.find((l) => l.label === label);
      assert.ok(link, `no ${label} link: ${ours}`);
      assert.equal(link.command, command);
      // Show Events also asks for a preview panel, as a click in the Issues view does.
      assert.deepEqual(link.args, command === 'sentryExplorer.showIssueEvents' ? [ref, { preview: true }] : [ref], `${label} runs on the issue's IssueRef and nothing else`);
    }
    // Each command a link runs is registered.
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      links.filter((l) => !registered.has(l.command)).map((l) => l.command),
      [],
    );
  });

  it('the hover offers Explain/Fix with AI only while a chat can take them', async () => {
    const { uri, target } = await openDecorated();
    const line = target.line! - 1;
    // One line per issue in the hover: the target's own line.
    const ours = async () => (await hoverTexts(uri, line)).flatMap((t) => t.split(/ {2}\n|\n\n---\n\n/)).find((t) => namesIssue(t, target.shortId)) ?? '';
    const aiLabels = async () =>
      commandLinks(await ours())
        .map((l) => l.label)
        .filter((l) => /with AI/.test(l));
    // This VS Code has no chat extension: no model, so no chat.
    assert.equal(await api.ai.chat.refresh(), false);
    assert.equal(api.ai.chat.available(), false);
    assert.deepEqual(await aiLabels(), [], 'no AI links without a chat');
    assert.ok(
      commandLinks(await ours()).some((l) => l.label === 'Resolve'),
      'the other links stay',
    );
    const probe = api.ai.chat.probe;
    try {
      // A chat comes (a chat extension signed in): the next hover offers both.
      api.ai.chat.probe = async () => true;
      assert.equal(await api.ai.chat.refresh(), true);
      assert.deepEqual(await aiLabels(), ['Explain with AI', 'Fix with AI']);
    } finally {
      api.ai.chat.probe = probe;
      await api.ai.chat.refresh();
    }
    assert.deepEqual(await aiLabels(), [], 'and none once it is gone');
  });

  it('CursorIssues reports the issue of a marked line under the cursor, and nothing on an unmarked line', async () => {
    const { uri, target } = await openDecorated();
    const line = target.line! - 1;
    const marked = new Set(api.editor.decorations.decorated(uri).map((d) => d.line));
    const editor = await vscode.window.showTextDocument(uri, { selection: new vscode.Range(line, 2, line, 2) });
    const here = api.editor.cursorIssues.current();
    assert.ok(
      here.some((r) => r.issueId === target.issueId && r.org === 'acme'),
      JSON.stringify(here),
    );
    assert.deepEqual(
      here.map((r) => r.issueId).sort(),
      api.editor.decorations
        .decorated(uri)
        .filter((d) => d.line === line)
        .map((d) => d.issueId)
        .sort(),
      'exactly the issues drawn on the line',
    );
    assert.ok(here.every((r) => Object.keys(r).sort().join() === 'issueId,org,project'));
    const unmarked = [...Array(editor.document.lineCount).keys()].find((l) => !marked.has(l));
    assert.notEqual(unmarked, undefined);
    editor.selection = new vscode.Selection(unmarked!, 0, unmarked!, 0);
    assert.deepEqual(api.editor.cursorIssues.current(), []);
    // No active editor: nothing.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(api.editor.cursorIssues.current(), []);
  });

  it("the hover's Resolve link, run as VS Code runs it, resolves that issue: one PUT, and its mark goes", async () => {
    // Triage needs event:write: the sandbox's write token (the suite's default token reads only).
    const { writeToken } = await control<{ writeToken: string }>('defaults');
    rec.set({ method: 'token', inputs: [writeToken] });
    await api.auth.signIn({ method: 'token' });
    await waitFor('signed in with event:write', () => (api.auth.session?.scopes ?? []).includes('event:write'));
    await api.issues.tree.getChildren();
    api.triage.ui.override(rec.ui());
    const { uri, target } = await openDecorated();
    const line = target.line! - 1;
    const parts = issueParts(await hoverTexts(uri, line));
    const ours = parts.find((t) => namesIssue(t, target.shortId));
    assert.ok(ours, `no hover names ${target.shortId}`);
    const resolve = commandLinks(ours).find((l) => l.label === 'Resolve');
    assert.ok(resolve);
    const shownBefore = rec.shown.length;
    await control('requests/clear', {});
    try {
      const run = new Promise<TriageRun>((r) => {
        const sub = api.triage.onDidRun((x) => {
          sub.dispose();
          r(x);
        });
      });
      // What a click on the link does: the command with the link's decoded arguments.
      const closed = api.editor.hovers.closed;
      await vscode.commands.executeCommand(resolve.command, ...resolve.args);
      const r = await run;
      // The hover the link was in closed; asked again, it offers no Resolve for the resolved issue.
      assert.equal(api.editor.hovers.closed, closed + 1, 'the hover closed');
      assert.ok(!issueParts(await hoverTexts(uri, line)).some((t) => namesIssue(t, target.shortId)), 'the hover no longer names the resolved issue');
      assert.deepEqual(r.outcome.failed, []);
      const puts = await control<RequestLogEntry[]>('requests?method=PUT');
      assert.deepEqual(
        puts.map((p) => [p.method, p.path, p.status]),
        [['PUT', `/api/0/organizations/acme/issues/${target.issueId}/`, 200]],
      );
      assert.equal((JSON.parse(puts[0].body ?? '{}') as { status?: string }).status, 'resolved');
      assert.equal(api.store.issue(target.issueId)?.status, 'resolved');
      await waitFor('the mark to go', () => !api.editor.decorations.decorated(uri).some((d) => d.issueId === target.issueId), 2_000);
      assert.ok(
        rec.shown.slice(shownBefore).some((m) => m.message.includes(target.shortId)),
        'the command said what it did',
      );
    } finally {
      // Unresolved again through its command, so the later suites see the seeded data.
      await vscode.commands.executeCommand('sentryExplorer.unresolve', ...resolve.args);
      await waitFor('unresolved again', () => api.store.issue(target.issueId)?.status === 'unresolved');
      api.triage.ui.reset();
    }
    await waitFor('the mark to come back', () => api.editor.decorations.decorated(uri).some((d) => d.issueId === target.issueId));
  });

  describe('sentryExplorer.pathMappings (the README examples, matched against the raw server path)', () => {
    const cfg = () => vscode.workspace.getConfiguration('sentryExplorer');
    const setMappings = async (m: unknown[] | undefined) => {
      await cfg().update('pathMappings', m, vscode.ConfigurationTarget.Global);
      await waitFor('the setting', () => JSON.stringify(cfg().get('pathMappings')) === JSON.stringify(m ?? []));
    };
    const rel = (uri: vscode.Uri) => vscode.workspace.asRelativePath(uri, false);
    async function goTo(location: string): Promise<{ file?: string; line?: number; column?: number; messages: string[] }> {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const before = rec.shown.length;
      await vscode.commands.executeCommand('sentryExplorer.goToLocation', { location });
      const ed = vscode.window.activeTextEditor;
      return { file: ed && rel(ed.document.uri), line: ed && ed.selection.active.line + 1, column: ed && ed.selection.active.character + 1, messages: rec.messages().slice(before) };
    }

    afterEach(async () => {
      await setMappings(undefined);
      await vscode.workspace.getConfiguration('files').update('exclude', undefined, vscode.ConfigurationTarget.Global);
    });

    it('{ "from": "/usr/src/app/", "to": "server" }: /usr/src/app/api/orders.py:3 opens server/api/orders.py at line 3, by the mapping', async () => {
      await setMappings([{ from: '/usr/src/app/', to: 'server' }]);
      const res = await api.editor.files.resolve('/usr/src/app/api/orders.py');
      assert.equal(res.kind, 'file');
      assert.equal(res.kind === 'file' && res.via, 'mapping');
      assert.equal(res.kind === 'file' && rel(res.uri), 'server/api/orders.py');
      const opened = await goTo('/usr/src/app/api/orders.py:3');
      assert.deepEqual([opened.file, opened.line], ['server/api/orders.py', 3]);
    });

    it('{ "from": "webpack:///./", "to": "src" }: a location and a frame\'s absPath open src/components/Cart.tsx', async () => {
      await setMappings([{ from: 'webpack:///./', to: 'src' }]);
      const res = await api.editor.files.resolve('webpack:///./components/Cart.tsx');
      assert.equal(res.kind === 'file' && res.via, 'mapping');
      const opened = await goTo('webpack:///./components/Cart.tsx:5:2');
      assert.deepEqual([opened.file, opened.line, opened.column], ['src/components/Cart.tsx', 5, 2]);
      // As the events panel asks for a frame: filename first (nothing there), then absPath.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      assert.ok(await api.editor.openFrameOrLocation(null, { filename: '<anonymous>', absPath: 'webpack:///./app/store.ts', lineNo: 4, colNo: 1 }));
      const ed = vscode.window.activeTextEditor!;
      assert.deepEqual([rel(ed.document.uri), ed.selection.active.line + 1], ['src/app/store.ts', 4]);
    });

    it("only the mapping can find them (their folders left out of the index): both README examples, from a location, a frame and an issue's latest event", async () => {
      await vscode.workspace.getConfiguration('files').update('exclude', { 'server/workers/**': true, 'src/components/**': true }, vscode.ConfigurationTarget.Global);
      await waitFor('the index without them', async () =>
        (await api.editor.files.resolve('/srv/other/workers/tasks.py')).kind === 'none' && (await api.editor.files.resolve('/srv/other/components/Cart.tsx')).kind === 'none' ? true : undefined,
      );
      for (const location of ['/usr/src/app/workers/tasks.py:2', 'webpack:///./components/Cart.tsx:5']) {
        const unmapped = await goTo(location);
        assert.equal(unmapped.file, undefined, location);
        assert.ok(
          unmapped.messages.some((m) => /is not in this workspace/.test(m)),
          unmapped.messages.join(' | '),
        );
      }
      await setMappings([
        { from: '/usr/src/app/', to: 'server' },
        { from: 'webpack:///./', to: 'src' },
      ]);
      const tasks = await goTo('/usr/src/app/workers/tasks.py:2');
      assert.deepEqual([tasks.file, tasks.line], ['server/workers/tasks.py', 2]);
      const cart = await goTo('webpack:///./components/Cart.tsx:5:2');
      assert.deepEqual([cart.file, cart.line, cart.column], ['src/components/Cart.tsx', 5, 2]);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      assert.ok(await api.editor.openFrameOrLocation(null, { filename: 'components/Cart.tsx', absPath: 'webpack:///./components/Cart.tsx', lineNo: 7, colNo: 1 }));
      const ed = vscode.window.activeTextEditor!;
      assert.deepEqual([rel(ed.document.uri), ed.selection.active.line + 1], ['src/components/Cart.tsx', 7]);

      // Go to Location on an issue: its latest event (as the server answers it) names the raw path.
      const item = api.issues.listedIssues()[0];
      const eventsPath = `/api/0/organizations/acme/issues/${item.issue.id}/events/`;
      const res = await fetch(`${SANDBOX_URL}${eventsPath}?per_page=1`, { headers: { authorization: `Bearer ${defaults.authToken}` } });
      const events = (await res.json()) as { location?: string | null }[];
      events[0].location = '/usr/src/app/workers/tasks.py:3';
      await control('faults', { path: `^${eventsPath}$`, status: 200, respond: { status: 200, body: JSON.stringify(events) } });
      try {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        // The store hears of another lastSeen: the locator asks for the latest event again instead of using what it knows.
        api.store.upsert(item.org, [{ ...api.store.issue(item.issue.id)!, lastSeen: new Date().toISOString() }]);
        await vscode.commands.executeCommand('sentryExplorer.goToLocation', api.store.ref(item.issue.id));
        const issueEd = vscode.window.activeTextEditor;
        assert.deepEqual([issueEd && rel(issueEd.document.uri), issueEd && issueEd.selection.active.line + 1], ['server/workers/tasks.py', 3]);
      } finally {
        await control('faults/clear', {});
      }
    });

    it('a mapping never leads outside the workspace folders', async () => {
      await setMappings([
        { from: '/a/', to: '../..' },
        { from: '/b/', to: '/etc' },
        { from: '/c/', to: 'src/../../..' },
      ]);
      for (const p of ['/a/etc/hostname', '/b/hostname', '/c/etc/hostname']) {
        assert.equal((await api.editor.files.resolve(p)).kind, 'none', p);
        const opened = await goTo(`${p}:1`);
        assert.equal(opened.file, undefined, p);
      }
      // A mapping that climbs out is ignored, and the path still finds its workspace file by suffix.
      const res = await api.editor.files.resolve('/a/src/app/store.ts');
      assert.equal(res.kind === 'file' && res.via, 'index');
    });
  });
});
