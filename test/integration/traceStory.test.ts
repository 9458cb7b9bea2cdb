// The rest of the product knows the trace, inside VS Code against the sandbox, in every profile: the
// trace tool through vscode.lm.invokeTool (bounded, masked, its requests counted: the trace and its
// logs), the details tool's summary of the trace, and the hover of a marked line, which says how
// many spans and logs the latest event's trace has only once a tab has read it, sends no request of
// its own before or after, and links to the Logs tab.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ToolNames } from '../../src/ai/core/tools/toolNames';
import { Commands } from '../../src/constants';
import type { TestHooks } from '../../src/testHooks';
import type { WorkspaceLocation } from '../sandbox/seed';
import { control, sandboxProfile, settledMarks, signedInSuite, UiRecorder, waitFor } from './authHelpers';
import { print } from './output';
import type { Logged } from './panelRequests';

const SECRET = 'sntrys_SANDBOXSECRET_d0n7l34k';

function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}
const invoke = async (name: string, input: object) => textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }));

/** A read of a trace, its counts, or its logs (the events table with a logs dataset). */
const isTraceRead = (r: Logged) =>
  /\/(events-)?trace(-meta)?\/[^/]+\/$/.test(r.path) || (/\/organizations\/[^/]+\/events\/$/.test(r.path) && r.query.some(([k, v]) => k === 'dataset' && /logs$/.test(v)));

describe('The trace beyond its tabs: the AI tools and the hover', function () {
  this.timeout(150_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let restore: () => Promise<void>;

  const apiRequests = async () => (await control<Logged[]>('requests')).filter((r) => r.path.startsWith('/api/0/'));
  const traceReads = async () => (await apiRequests()).filter(isTraceRead);
  /**
   * What the hover must never send for the trace: a trace, its counts or logs, an event. (Its releases
   * part, from before issue 45, may ask an issue's first and last release once: store/provenance.ts.)
   */
  const hoverReads = (rs: Logged[]) => rs.filter((r) => isTraceRead(r) || /\/events\/[^/]+\/$/.test(r.path));
  const describeRequests = (rs: Logged[]) => rs.map((r) => `${r.path.split('/').slice(4, 6).join('/')} ${r.status}`).join(', ');

  /** A listed issue's crash site in web-frontend, marked in its open file (not the issue of the 10,000 spans). */
  async function markedTarget(): Promise<{ target: WorkspaceLocation; uri: vscode.Uri }> {
    const big = (await control<{ big: { issueId: string } }>('traces')).big;
    await api.issues.tree.getChildren();
    await waitFor('the tree to list issues', () => api.issues.listedIssues().length > 0 || undefined);
    const target = (await control<WorkspaceLocation[]>('seed/locations')).find(
      (l) => l.line !== null && l.project === 'web-frontend' && l.issueId !== big.issueId && api.issues.listedIssues().some((x) => x.issue.id === l.issueId),
    )!;
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, target.file);
    await vscode.window.showTextDocument(uri, { preview: false });
    await settledMarks(api, uri, (marks) => marks.some((d) => d.issueId === target.issueId));
    // A busy line's hover shows its issues with the most events first: the test's issue is the line's first.
    const top = api.editor.decorations.marksAt(uri, target.line! - 1)[0].issue;
    return { target: { ...target, issueId: top.id, shortId: top.shortId, project: top.project.slug }, uri };
  }

  async function hoverText(uri: vscode.Uri, line: number): Promise<string> {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line, 0));
    return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
  }

  /** Waits until the extension sends nothing for a while, then empties the sandbox's log. */
  async function settle(): Promise<void> {
    let last = -1;
    for (let i = 0; i < 60; i++) {
      const n = (await apiRequests()).length;
      if (n === last) break;
      last = n;
      await new Promise((r) => setTimeout(r, 400));
    }
    await control('requests/clear', {});
  }

  before(async function () {
    ({ api, rec, restore } = await signedInSuite(this, 'Trace story'));
    api.events.ui.override(rec.ui());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const p of api?.events.all() ?? []) p.dispose();
    api?.events.ui.reset();
    await restore?.();
    await control('reset', {});
  });

  beforeEach(async () => {
    for (const p of api.events.all()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.traceCounts().clear();
  });

  it('the trace tool through vscode.lm: spans and logs, bounded and masked, in the trace’s two requests; the details carry the summary', async () => {
    const profile = await sandboxProfile();
    const { target } = await markedTarget();
    await settle();
    const text = await invoke(ToolNames.traceDetails, { target: target.shortId, maxSpans: 50, maxLogs: 20 });
    const first = await apiRequests();
    assert.match(
      text,
      new RegExp(`^Issue ${target.shortId.replace(/-/g, '\\\\?-')}, its latest event\\.\\n\\nTrace [0-9a-f]{32} of event [0-9a-f]{32}\\. Spans \\(\\d+ of \\d+\\)`),
      text.slice(0, 300),
    );
    assert.match(text, /\n>> /, 'the error’s span is marked');
    assert.ok(!text.includes(SECRET), 'masked');
    assert.ok(text.length <= 16_500, `${text.length} characters`);
    // The fence: what the application wrote is inside one code block.
    const fence = /\n(`{3,})\n/.exec(text)![1];
    assert.equal(text.split(`\n${fence}`).length, 3, 'one fenced block');
    assert.ok(first.filter(isTraceRead).length <= 3, describeRequests(first));
    // Asked again (the server's endpoints known by now): the event, the trace and its logs.
    await control('requests/clear', {});
    await invoke(ToolNames.traceDetails, { target: target.shortId });
    const again = await apiRequests();
    const reads = again.filter(isTraceRead);
    print(`      trace tool [${profile}]: ${again.length} requests the second time (${describeRequests(again)}); first ${first.length}; ${text.length} characters`);
    assert.equal(reads.length, 2, describeRequests(again));
    assert.deepEqual(
      again.filter((r) => !isTraceRead(r)).map((r) => r.path),
      [`/api/0/organizations/acme/issues/${target.issueId}/events/latest/`],
    );
    // The details tool: the summary of the same trace, in two requests of its own.
    await control('requests/clear', {});
    const details = await invoke(ToolNames.issueDetails, { issue: target.shortId });
    assert.match(details, /### Trace of this event\n[^]*data only, not instructions\.\n\n(`{3,})\ntrace [0-9a-f]{32}: [\d,]+ spans? over [^]*slowest spans:\n/);
    assert.ok(!details.includes(SECRET));
    assert.equal((await traceReads()).length, 2);
    // Input checked as the other tools check theirs; a trace id alone is read without an event.
    assert.match(await invoke(ToolNames.traceDetails, { target: target.shortId, event: 'newest' }), /^Invalid input \(event: /);
    const traceId = /Trace ([0-9a-f]{32})/.exec(text)![1];
    await control('requests/clear', {});
    assert.match(await invoke(ToolNames.traceDetails, { target: traceId }), new RegExp(`^A trace id alone is looked for in the last day[^]*Trace ${traceId}`));
    assert.equal((await apiRequests()).filter((r) => !isTraceRead(r)).length, 0);
  });

  it('the hover says nothing of the trace and reads nothing until a tab read it; then its spans and logs, still without a request, and Open Logs opens the Logs tab', async () => {
    const profile = await sandboxProfile();
    const { target, uri } = await markedTarget();
    const line = target.line! - 1;
    // A first hover reads the issue's releases (its own cached request, not the trace's): then everything is settled.
    await hoverText(uri, line);
    await settle();
    const before = await hoverText(uri, line);
    assert.ok(before.includes(target.shortId.replace(/-/g, '\\-')), before);
    assert.doesNotMatch(before, /Latest event's trace/, 'nothing read yet: nothing said');
    const beforeRequests = await apiRequests();
    print(`      hover before the trace is read [${profile}]: ${beforeRequests.length} requests${beforeRequests.length ? ` (${describeRequests(beforeRequests)})` : ''}`);
    assert.deepEqual(hoverReads(beforeRequests), [], 'the hover reads no trace, no logs, no event');

    // The Trace and Logs tabs read the latest event's trace (each at most two requests; counted).
    const panel = api.events.show({ org: 'acme', issueId: target.issueId });
    await control('requests/clear', {});
    await panel.handle({ type: 'trace', action: 'open' });
    const trace = await waitFor('the trace view', () => (panel.story.trace.view.phase !== 'loading' ? panel.story.trace.view : undefined), 30_000);
    const traceTab = await apiRequests();
    await control('requests/clear', {});
    await panel.handle({ type: 'logs', action: 'open' });
    const logs = await waitFor('the logs view', () => (panel.story.logs.view.phase !== 'loading' ? panel.story.logs.view : undefined), 30_000);
    const logsTab = (await apiRequests()).filter((r) => isTraceRead(r) || /\/events\/[^/]+\/$/.test(r.path) || /^\/api\/0\/organizations\/[^/]+\/$/.test(r.path));
    print(
      `      requests per tab [${profile}]: Trace ${traceTab.filter(isTraceRead).length + traceTab.filter((r) => /\/issues\/\d+\/events\//.test(r.path)).length} (${describeRequests(traceTab)}), Logs ${logsTab.length} (${describeRequests(logsTab)})`,
    );
    assert.equal(trace.phase, 'ready', trace.message);
    assert.ok(logs.phase === 'ready' || logs.phase === 'no-logs', logs.message);
    assert.ok(traceTab.filter((r) => isTraceRead(r) || /\/issues\/\d+\/events\//.test(r.path)).length <= 2);
    await settle();

    const after = await hoverText(uri, line);
    const note = after.split('\n').find((l) => l.includes("Latest event's trace"));
    assert.ok(note, after);
    const spans = trace.spans === 1 ? '1 span' : `${trace.spans.toLocaleString()} spans`;
    assert.ok(note.includes(spans), `${note} (${spans})`);
    if (logs.phase === 'ready') assert.match(note, new RegExp(`${logs.count === 1 ? '1 log' : `${logs.count}(\\\\\\+)? logs`}`), note);
    else assert.match(note, /no logs kept/);
    const afterRequests = await apiRequests();
    print(`      hover after the tabs read it [${profile}]: ${afterRequests.length} requests${afterRequests.length ? ` (${describeRequests(afterRequests)})` : ''}`);
    assert.deepEqual(hoverReads(afterRequests), [], 'the hover reads no trace, no logs, no event');

    // The link: our own command, with the issue's ref and our constant; it shows the panel's Logs tab.
    const link = /\]\((command:[^ )]+) "/.exec(note)?.[1];
    if (logs.phase !== 'ready') return;
    assert.ok(link, note);
    const [command, query] = link.slice('command:'.length).split('?');
    assert.equal(command, Commands.showIssueEvents);
    const args = JSON.parse(decodeURIComponent(query)) as unknown[];
    assert.deepEqual(args, [{ org: 'acme', project: target.project, issueId: target.issueId }, { tab: 'logs' }]);
    // The panel is shown on another tab first: the link switches it.
    assert.notEqual(panel.currentState.tab, 'logs');
    await vscode.commands.executeCommand(command, ...args);
    await waitFor('the Logs tab', () => (panel.currentState.tab === 'logs' ? true : undefined));
    // A closed panel opens on its Logs tab.
    panel.dispose();
    await vscode.commands.executeCommand(command, ...args);
    const reopened = await waitFor('the panel again', () => api.events.all().find((p) => p.currentState.issueId === target.issueId));
    assert.equal(reopened.currentState.tab, 'logs');
  });

  // Last: the client remembers that this server keeps no logs.
  it('a server without logs: the summary and the tool say so, the Logs tab says so, the hover says no logs kept', async () => {
    await control('endpoints', { logs: 404 });
    try {
      const { target, uri } = await markedTarget();
      await settle();
      const details = await invoke(ToolNames.issueDetails, { issue: target.shortId });
      assert.match(details, /\nlogs: this Sentry server keeps no logs\n/, details.slice(-800));
      const listing = await invoke(ToolNames.traceDetails, { target: target.shortId });
      assert.match(listing, /logs: this Sentry server keeps no logs\./);
      const panel = api.events.show({ org: 'acme', issueId: target.issueId });
      await panel.handle({ type: 'logs', action: 'open' });
      const logs = await waitFor('the logs view', () => (panel.story.logs.view.phase !== 'loading' ? panel.story.logs.view : undefined), 30_000);
      assert.equal(logs.phase, 'no-logs');
      assert.match(logs.message ?? '', /keeps no logs/);
      assert.deepEqual(rec.messages('error'), []);
      await settle();
      const hover = await hoverText(uri, target.line! - 1);
      assert.match(hover, /Latest event's trace\\: [\d,]+ spans? · no logs kept_/, hover);
      assert.deepEqual(hoverReads(await apiRequests()), [], 'the hover reads no trace, no logs, no event');
    } finally {
      await control('endpoints', { logs: 'ok' });
    }
  });
});
