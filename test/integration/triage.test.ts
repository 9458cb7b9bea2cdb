// Triage inside VS Code against the sandbox: every action through its command, from a
// tree row, a multi-selection and the palette; optimistic views, Undo, rollback, scopes, bulk.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import { commandArgs, type IssueRef } from '../../src/contracts/issueRef';
import type { IssueNode, Node } from '../../src/issues/core/nodes';
import type { TriageRun } from '../../src/triage/triageCommands';
import type { TestHooks } from '../../src/testHooks';
import type { AuthUi } from '../../src/util/ui';
import { control, type SandboxWrite, signedInSuite, signInWithToken, UiRecorder, waitFor } from './authHelpers';
import { print } from './output';

/** Answers the triage prompts from a script: quick picks by label, input boxes in order, messages by a function. */
class TriageUi {
  picks: RegExp[] = [];
  inputs: string[] = [];
  answer: (message: string, items: string[]) => string | undefined | Promise<string | undefined> = () => undefined;
  readonly shown: { level: string; message: string; items: string[] }[] = [];
  readonly pickTitles: string[] = [];

  ui(): Partial<AuthUi> {
    const message =
      (level: string) =>
      async (m: string, _o: vscode.MessageOptions, ...items: string[]) => {
        this.shown.push({ level, message: m, items });
        return this.answer(m, items);
      };
    return {
      showQuickPick: async <T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions) => {
        this.pickTitles.push(options.title ?? '');
        const want = this.picks.shift();
        return want ? items.find((i) => want.test(i.label)) : undefined;
      },
      showInputBox: async () => this.inputs.shift(),
      showInformationMessage: message('info'),
      showWarningMessage: message('warning'),
      showErrorMessage: message('error'),
      withProgress: (_o, task) => task({ report: () => undefined }, new vscode.CancellationTokenSource().token),
    };
  }
}

describe('Triage (resolve, archive, assign, bookmark…) against the sandbox', function () {
  this.timeout(120_000);
  let api: TestHooks;
  let rec: UiRecorder;
  let ui: TriageUi;
  let defaults: { authToken: string; clientId: string; writeToken?: string };
  let restore: () => Promise<void>;

  const writes = () => control<SandboxWrite[]>('writes');
  const issueRows = async (): Promise<IssueNode[]> => {
    const roots = await api.issues.tree.getChildren();
    return roots.filter((n: Node): n is IssueNode => n.type === 'issue');
  };
  const refOf = (n: IssueNode): IssueRef => commandArgs(n)[0];
  /** The next run of a triage command (after its messages were shown). */
  const nextRun = () => new Promise<TriageRun>((resolve) => api.triage.onDidRun((r) => resolve(r)));
  const signInWith = (token: string) => signInWithToken(api, rec, token);

  before(async function () {
    ({ api, rec, defaults, restore } = await signedInSuite(this, 'triage'));
    ui = new TriageUi();
    api.triage.ui.override(ui.ui());
  });

  after(async () => {
    api?.triage.ui.reset();
    await restore?.();
    // Later suites expect the seeded issues: these tests resolved, archived and assigned some.
    await control('reset', {});
  });

  beforeEach(async () => {
    await control('faults/clear', {});
    await control('writes/clear', {});
    ui.picks = [];
    ui.inputs = [];
    ui.answer = () => undefined;
    ui.shown.length = 0;
    ui.pickTitles.length = 0;
    if (!(api.auth.session?.scopes ?? []).includes('event:write')) await signInWith(defaults.writeToken!);
    api.store.clear();
  });

  afterEach(async () => {
    const without = await control<{ count: number }>('writes/without-ids');
    assert.equal(without.count, 0, 'a bulk update was sent without ids');
  });

  it('Resolve on a tree row: the row leaves and the count drops before the answer; one PUT; Undo restores it with one more', async () => {
    const [row] = await issueRows();
    const countBefore = api.issues.statusBar.text;
    await control('faults', { method: 'PUT', path: '/issues/', latencyMs: 400, count: 1 });
    const started = Date.now();
    const run = nextRun();
    ui.answer = (_m, items) => (items.includes('Undo') ? 'Undo' : undefined);
    const done = vscode.commands.executeCommand(Commands.resolve, row);
    await waitFor('the row to leave the tree', async () => !(await issueRows()).some((n) => n.issueId === row.issueId));
    const optimisticMs = Date.now() - started;
    assert.ok((await writes()).length === 0 || optimisticMs < 400, 'shown before the server answered');
    assert.notEqual(api.issues.statusBar.text, countBefore, 'the status-bar count dropped');
    const r = await run;
    await done;
    const confirmedMs = Date.now() - started;
    assert.equal(r.outcome.requests, 1);
    const w = await writes();
    assert.deepEqual(
      w.map((x) => [x.path, x.body]),
      [[`/api/0/organizations/acme/issues/${row.issueId}/`, { status: 'resolved', statusDetails: {} }]],
    );
    assert.match(ui.shown[0].message, /^Resolved WEB-FRONTEND-\w+\.$/);
    await r.undone;
    const after = await writes();
    assert.equal(after.length, 2, 'Undo is one more request');
    assert.deepEqual(after[1].body.status, 'unresolved');
    await waitFor('the row to come back', async () => (await issueRows()).some((n) => n.issueId === row.issueId));
    print(`    optimistic ${optimisticMs} ms, confirmed ${confirmedMs} ms (server latency 400 ms)`);
  });

  it('a multi-selection of 250 issues: 3 bulk PUTs (100, 100, 50), each naming its ids and read back once', async () => {
    await api.issues.setFilter({ ...api.issues.filter, preset: 'all' });
    const tree = api.issues.tree;
    let nodes = await tree.getChildren();
    while (nodes.filter((n) => n.type === 'issue').length < 250 && nodes.at(-1)?.type === 'loadMore') {
      await vscode.commands.executeCommand(Commands.loadMore, nodes.at(-1));
      nodes = await tree.getChildren();
    }
    const rows = nodes.filter((n: Node): n is IssueNode => n.type === 'issue').slice(0, 250);
    assert.equal(rows.length, 250);
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.bookmark, rows[0], rows);
    const r = await run;
    // Each PUT, then one GET (group=) reading back which of its issues Sentry changed.
    assert.equal(r.outcome.requests, 6);
    const w = await writes();
    assert.deepEqual(
      w.map((x) => x.ids.length),
      [100, 100, 50],
    );
    assert.ok(w.every((x) => x.bulk && x.path === '/api/0/organizations/acme/issues/'));
    assert.deepEqual(w.flatMap((x) => x.ids).sort(), rows.map((n) => n.issueId).sort());
    assert.ok(rows.every((n) => api.store.issue(n.issueId)?.isBookmarked === true));
    assert.match(ui.shown[0].message, /^Bookmarked 250 issues/);
    await api.issues.setFilter({ ...api.issues.filter, preset: 'unresolved' });
  });

  it("a bulk change on issues of a project the user is on no team of (open membership, Sentry's default): the PUT names their project, Sentry changes them, Undo too", async () => {
    const rows = (await issueRows()).slice(0, 2);
    // Off web-frontend's teams: a request naming no `project` would skip its issues (and did, answering 204).
    await control('membership', { notMemberOf: ['web-frontend'] });
    try {
      const run = nextRun();
      ui.answer = (_m, items) => (items.includes('Undo') ? 'Undo' : undefined);
      await vscode.commands.executeCommand(Commands.resolve, rows[0], rows);
      const r = await run;
      assert.deepEqual(r.outcome.failed, []);
      assert.deepEqual(r.outcome.unchanged ?? [], []);
      assert.deepEqual(r.outcome.done.map((d) => d.issueId).sort(), rows.map((n) => n.issueId).sort());
      assert.match(ui.shown[0].message, /^Resolved 2 issues/);
      await r.undone;
      const [change, ...undo] = await writes();
      const projects = (x: SandboxWrite) => new URLSearchParams(x.query).getAll('project');
      assert.deepEqual([change.bulk, change.status, change.changed.length, projects(change), change.body.status], [true, 200, 2, ['4501'], 'resolved'], "one PUT naming web-frontend's id");
      // Undo puts back each issue's own substatus: one PUT per distinct body, a bulk one naming the project too.
      assert.deepEqual(undo.flatMap((x) => x.changed).sort(), rows.map((n) => n.issueId).sort());
      assert.ok(undo.every((x) => x.status === 200 && x.body.status === 'unresolved' && (!x.bulk || projects(x).join() === '4501')));
      assert.ok(
        rows.every((n) => api.store.issue(n.issueId)?.status === 'unresolved'),
        'undone',
      );
    } finally {
      await control('membership', { notMemberOf: [] });
    }
  });

  it('Archive… until it occurs 100 more times: the substatus and condition are sent, and the sandbox archives it so', async () => {
    const [row] = await issueRows();
    ui.picks = [/Until it occurs N more times/, /At any time/];
    ui.inputs = ['100'];
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.archive, refOf(row));
    await run;
    const [w] = await writes();
    assert.deepEqual(w.body, { status: 'ignored', substatus: 'archived_until_condition_met', statusDetails: { ignoreCount: 100 } });
    const state = await control<{ status: string; substatus: string }>(`issues/state?issue=${row.issueId}`);
    assert.deepEqual([state.status, state.substatus], ['ignored', 'archived_until_condition_met']);
    assert.match(ui.shown[0].message, /Archived WEB-FRONTEND-\w+ until it occurs 100 more times/);
  });

  it('Archive… picked with its default keeps "until escalating" (never archived forever by accident)', async () => {
    const [row] = await issueRows();
    ui.picks = [/Until it escalates/];
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.archive, refOf(row));
    await run;
    const [w] = await writes();
    assert.deepEqual(w.body, { status: 'ignored', substatus: 'archived_until_escalating', statusDetails: {} });
  });

  it('Unresolve on an archived issue unarchives it (and says so)', async () => {
    const [row] = await issueRows();
    ui.picks = [/Forever/];
    let run = nextRun();
    await vscode.commands.executeCommand(Commands.archive, refOf(row));
    await run;
    run = nextRun();
    await vscode.commands.executeCommand(Commands.unresolve, refOf(row));
    await run;
    assert.deepEqual(
      (await writes()).map((w) => w.body.status),
      ['ignored', 'unresolved'],
    );
    assert.match(ui.shown[1].message, /^Unarchived WEB-FRONTEND-\w+/);
    assert.equal((await control<{ status: string }>(`issues/state?issue=${row.issueId}`)).status, 'unresolved');
  });

  it('Assign… without member:read lists the teams and offers a sign-in adding member:read', async () => {
    await signInWith(defaults.authToken);
    const [row] = await issueRows();
    let offered: string[] = [];
    api.triage.ui.override({
      ...ui.ui(),
      showQuickPick: async <T extends vscode.QuickPickItem>(items: readonly T[]) => {
        offered = items.map((i) => i.label);
        return undefined;
      },
    });
    try {
      await vscode.commands.executeCommand(Commands.assign, refOf(row));
    } finally {
      api.triage.ui.override(ui.ui());
    }
    assert.ok(
      offered.some((l) => /Sign in again to list members/.test(l)),
      offered.join(' | '),
    );
    assert.ok(
      offered.some((l) => /^#\w/.test(l)),
      'the teams are still offered',
    );
    assert.equal((await writes()).length, 0, 'backing out sends nothing');
  });

  it('a 500 rolls the change back everywhere and says what failed', async () => {
    const [row] = await issueRows();
    await control('faults', { method: 'PUT', path: '/issues/', status: 500 });
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.resolve, refOf(row));
    const r = await run;
    assert.deepEqual(r.outcome.failed, [refOf(row)]);
    assert.equal(api.store.issue(row.issueId)?.status, 'unresolved');
    assert.ok(
      (await issueRows()).some((n) => n.issueId === row.issueId),
      'back in the tree',
    );
    const err = ui.shown.find((s) => s.level === 'error');
    assert.match(err!.message, /^Could not resolve WEB-FRONTEND-\w+: .+\. /);
    assert.deepEqual(err!.items, ['Retry', 'Show Log']);
  });

  /** Signs in as another user of the same server (Bob, who may write): a session the change was not made in. */
  const signInAsAnother = async () => {
    const bob = await control<{ token: string }>('tokens', { scopes: ['org:read', 'project:read', 'event:read', 'event:write', 'member:read'], userId: '2' });
    await signInWith(bob.token);
  };
  /** A button the test clicks later, when `click` is called. */
  const later = () => {
    let click!: () => void;
    const clicked = new Promise<void>((resolve) => (click = resolve));
    return { click, clicked };
  };

  it('Undo clicked after signing in as someone else sends nothing and says why', async () => {
    const [row] = await issueRows();
    const undo = later();
    ui.answer = (_m, items) => (items.includes('Undo') ? undo.clicked.then(() => 'Undo') : undefined);
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.resolve, refOf(row));
    const r = await run;
    assert.deepEqual(r.outcome.done, [refOf(row)]);
    try {
      await signInAsAnother();
      await control('writes/clear', {});
      undo.click();
      const undone = await r.undone;
      assert.deepEqual(await writes(), [], 'the undo was not sent');
      assert.equal(undone?.requests, 0);
      assert.ok(
        ui.shown.some((s) => s.message === 'You are now signed in to another Sentry server or account: the undo was not sent.'),
        ui.shown.map((s) => s.message).join('\n'),
      );
      assert.equal((await control<{ status: string }>(`issues/state?issue=${row.issueId}`)).status, 'resolved', 'the issue stays as the change left it');
    } finally {
      await signInWith(defaults.writeToken!);
    }
  });

  it("an AI tool's run bound to the session the user confirmed in sends nothing after signing in as someone else", async () => {
    const [row] = await issueRows();
    const confirmed = await api.auth.getClient();
    assert.ok(confirmed);
    try {
      await signInAsAnother();
      await control('writes/clear', {});
      const result = await api.triage.runOne(refOf(row), 'resolve', confirmed);
      assert.equal(result.ok, false);
      assert.deepEqual(await writes(), [], 'nothing was sent with the other session');
      assert.equal((await control<{ status: string }>(`issues/state?issue=${row.issueId}`)).status, 'unresolved');
    } finally {
      await signInWith(defaults.writeToken!);
    }
  });

  it('Retry after a 500 goes through in the same session, and sends nothing after signing in as someone else', async () => {
    const [first, second] = await issueRows();
    const runs: TriageRun[] = [];
    const sub = api.triage.onDidRun((r) => runs.push(r));
    try {
      await control('faults', { method: 'PUT', path: '/issues/', status: 500, count: 1 });
      ui.answer = (_m, items) => (items.includes('Retry') ? 'Retry' : undefined);
      await vscode.commands.executeCommand(Commands.resolve, refOf(first));
      assert.ok(
        runs.some((r) => r.outcome.done.length === 1),
        'the retry went through',
      );
      assert.equal((await control<{ status: string }>(`issues/state?issue=${first.issueId}`)).status, 'resolved');

      runs.length = 0;
      ui.shown.length = 0;
      await control('faults', { method: 'PUT', path: '/issues/', status: 500, count: 1 });
      const retry = later();
      ui.answer = (_m, items) => (items.includes('Retry') ? retry.clicked.then(() => 'Retry') : undefined);
      const done = vscode.commands.executeCommand(Commands.resolve, refOf(second));
      await waitFor('the failure message', () => ui.shown.some((s) => s.items.includes('Retry')) || undefined);
      await signInAsAnother();
      await control('writes/clear', {});
      retry.click();
      await done;
      assert.deepEqual(await writes(), [], 'the retry was not sent');
      assert.ok(
        ui.shown.some((s) => s.message === 'You are now signed in to another Sentry server or account: the change was not sent.' && s.items.length === 0),
        ui.shown.map((s) => s.message).join('\n'),
      );
      assert.equal((await control<{ status: string }>(`issues/state?issue=${second.issueId}`)).status, 'unresolved');
    } finally {
      sub.dispose();
      await signInWith(defaults.writeToken!);
    }
  });

  it('a 401 offers Sign In and Show Log, not a Retry that would be refused again', async () => {
    const [row] = await issueRows();
    // A 401 naming a step (SSO): the session is kept, so the suite's sign-in stays as it is.
    await control('faults', {
      method: 'PUT',
      path: '/issues/',
      count: 1,
      respond: { status: 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ detail: { code: 'sso-required', message: 'Must login via SSO' } }) },
    });
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.resolve, refOf(row));
    await run;
    const err = ui.shown.find((s) => s.level === 'error');
    assert.match(err!.message, /^Could not resolve WEB-FRONTEND-\w+: .+\. Sign in to Sentry again, then retry\.$/);
    assert.deepEqual(err!.items, ['Sign In', 'Show Log']);
  });

  it("a 400 shows the server's detail", async () => {
    const [row] = await issueRows();
    await control('faults', {
      method: 'PUT',
      path: '/issues/',
      count: 1,
      respond: { status: 400, headers: { 'content-type': 'application/json' }, body: '{"detail":"Cannot set resolved in release for multiple projects."}' },
    });
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.resolve, refOf(row));
    await run;
    assert.match(ui.shown.find((s) => s.level === 'error')!.message, /Cannot set resolved in release for multiple projects/);
  });

  it('a read-only sign-in gets 403: the message asks for event:write, Sign In Again keeps the other scopes and the action then goes through', async () => {
    await signInWith(defaults.authToken);
    const [row] = await issueRows();
    const shortId = api.store.issue(row.issueId)!.shortId;
    ui.answer = (m, items) => (items.includes('Sign In Again') ? 'Sign In Again' : items.includes('Undo') ? 'Undo' : undefined);
    rec.set({ method: 'token', inputs: [defaults.writeToken!] });
    const runs: TriageRun[] = [];
    const sub = api.triage.onDidRun((r) => runs.push(r));
    try {
      await vscode.commands.executeCommand(Commands.resolve, refOf(row));
      await waitFor('the retried run', () => runs.length >= 2 || undefined);
    } finally {
      sub.dispose();
    }
    assert.match(ui.shown[0].message, /needs the event:write scope/);
    // The retry runs from within the first run's failure message, so it ends first.
    assert.ok(
      runs.some((r) => r.outcome.failed.length === 1 && r.outcome.requests === 1),
      'the first try was refused',
    );
    assert.ok(
      runs.some((r) => r.outcome.done.length === 1),
      'done after signing in again',
    );
    assert.ok(api.auth.session?.scopes.includes('event:write'));
    assert.ok(api.auth.session?.scopes.includes('project:read'), 'the other scopes stay');
    // The new sign-in cleared the store (a session never sees another's data): ask the server.
    assert.equal((await control<{ status: string }>(`issues/state?issue=${row.issueId}`)).status, 'resolved');
    // It ends as the ordinary path does: the issue named, with Undo, which puts it back.
    const confirmed = ui.shown.filter((s) => s.level === 'info');
    assert.deepEqual(
      confirmed.map((s) => [s.message, s.items]),
      [[`Resolved ${shortId}.`, ['Undo']]],
    );
    const done = runs.find((r) => r.outcome.done.length === 1)!;
    await done.undone;
    assert.equal((await control<{ status: string }>(`issues/state?issue=${row.issueId}`)).status, 'unresolved', 'Undo put it back');
  });

  it('Assign…: members and teams are fetched once and cached; a member, then Unassign', async () => {
    const [row] = await issueRows();
    ui.picks = [/^Member Two|^[A-Z][a-z]+ [A-Z][a-z]+$/];
    let run = nextRun();
    await vscode.commands.executeCommand(Commands.assign, refOf(row));
    let r = await run;
    assert.equal(r.outcome.done.length, 1);
    const [first] = await writes();
    assert.match(String(first.body.assignedTo), /^user:\d+$/);
    assert.equal((api.store.issue(row.issueId)?.assignedTo as { type?: string } | null)?.type, 'user');

    const before = (await control<{ path: string }[]>('requests')).filter((q) => /\/(members|teams)\/$/.test(q.path)).length;
    ui.picks = [/Unassign/];
    run = nextRun();
    await vscode.commands.executeCommand(Commands.assign, refOf(row));
    r = await run;
    assert.equal(r.outcome.done.length, 1);
    const afterReqs = (await control<{ path: string }[]>('requests')).filter((q) => /\/(members|teams)\/$/.test(q.path)).length;
    assert.equal(afterReqs, before, 'the second picker opens from the cache');
    assert.deepEqual((await writes())[1].body, { assignedTo: '' });
    assert.equal(api.store.issue(row.issueId)?.assignedTo ?? null, null);
  });

  it('Assign to Me assigns the signed-in user, by the id the server gave', async () => {
    const [row] = await issueRows();
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.assignToMe, refOf(row));
    const r = await run;
    assert.deepEqual(r.outcome.failed, [], 'the change was sent');
    const [write] = await writes();
    assert.ok(write, 'one PUT');
    assert.match(String(write.body.assignedTo), /^user:\d+$/, 'the user id alone after user:, never user:user:1');
  });

  it('Assign to Me with a token that acts for no user (an internal integration) says so and sends nothing', async () => {
    const [row] = await issueRows();
    const bot = await control<{ token: string }>('tokens', { scopes: ['org:read', 'project:read', 'event:read', 'event:write'], kind: 'integration' });
    try {
      await signInWith(bot.token);
      await control('writes/clear', {});
      ui.shown.length = 0;
      await vscode.commands.executeCommand(Commands.assignToMe, refOf(row));
      await waitFor('the message', () => ui.shown.find((s) => /acts for no Sentry user/.test(s.message)));
      assert.deepEqual(await writes(), [], 'nothing was sent');
    } finally {
      await signInWith(defaults.writeToken!);
    }
  });

  it('Bookmark, Subscribe, Mark Reviewed and Set Priority send exactly their field', async () => {
    const [row] = await issueRows();
    const ref = refOf(row);
    for (const [command, picks] of [
      [Commands.bookmark, []],
      [Commands.subscribe, []],
      [Commands.markReviewed, []],
      [Commands.setPriority, [/High/]],
    ] as const) {
      ui.picks = [...picks];
      const run = nextRun();
      await vscode.commands.executeCommand(command, ref);
      await run;
    }
    assert.deepEqual(
      (await writes()).map((w) => w.body),
      [{ isBookmarked: true }, { isSubscribed: true }, { inbox: true }, { priority: 'high' }],
    );
    assert.equal(api.store.issue(row.issueId)?.isBookmarked, true);
  });

  it('two actions on one issue in flight go out in order, and a refresh in between does not bring the old state back', async () => {
    const [row] = await issueRows();
    await control('faults', { method: 'PUT', path: '/issues/', latencyMs: 300, count: 1 });
    const ref = refOf(row);
    const runs: TriageRun[] = [];
    const sub = api.triage.onDidRun((r) => runs.push(r));
    try {
      const a = vscode.commands.executeCommand(Commands.resolve, ref);
      const b = vscode.commands.executeCommand(Commands.bookmark, ref);
      void api.issues.refresh();
      await Promise.all([a, b]);
      await waitFor('both runs', () => runs.length >= 2 || undefined);
    } finally {
      sub.dispose();
    }
    assert.deepEqual(
      (await writes()).map((w) => w.body),
      [{ status: 'resolved', statusDetails: {} }, { isBookmarked: true }],
    );
    await api.issues.refresh();
    assert.equal(api.store.issue(row.issueId)?.status, 'resolved');
    assert.equal(api.store.issue(row.issueId)?.isBookmarked, true);
  });

  it('the palette with no marked line asks for a short ID and resolves that issue', async () => {
    const [row] = await issueRows();
    const shortId = api.store.issue(row.issueId)!.shortId;
    ui.inputs = [shortId];
    const run = nextRun();
    await vscode.commands.executeCommand(Commands.resolve);
    const r = await run;
    assert.deepEqual(r.refs, [refOf(row)]);
    assert.equal((await writes())[0].path, `/api/0/organizations/acme/issues/${row.issueId}/`);
  });

  it("the palette on a marked line acts on that line's issue without asking", async () => {
    const [row] = await issueRows();
    const unset = api.editor.cursorIssues.set(() => [refOf(row)]);
    try {
      const run = nextRun();
      await vscode.commands.executeCommand(Commands.bookmark);
      const r = await run;
      assert.deepEqual(r.refs, [refOf(row)]);
    } finally {
      unset.dispose();
    }
    assert.equal(ui.pickTitles.length + ui.inputs.length, 0, 'nothing was asked');
    assert.deepEqual(
      (await writes()).map((w) => [w.path, w.body]),
      [[`/api/0/organizations/acme/issues/${row.issueId}/`, { isBookmarked: true }]],
    );
  });

  it('Resolve In… a commit: the commit picked from the workspace history and the repository as Sentry knows it are sent', async () => {
    const [row] = await issueRows();
    const hash = 'a'.repeat(40);
    const original = api.triage.commits;
    api.triage.commits = async () => ({ repository: 'acme/web-frontend', commits: [{ hash, message: 'Fix the checkout crash\n\nlong text', authorName: 'Dev' }] });
    ui.picks = [/In a commit/, /Fix the checkout crash/];
    ui.inputs = ['acme/web-frontend'];
    try {
      const run = nextRun();
      await vscode.commands.executeCommand(Commands.resolveIn, refOf(row));
      await run;
    } finally {
      api.triage.commits = original;
    }
    assert.deepEqual((await writes())[0].body, { status: 'resolved', statusDetails: { inCommit: { commit: hash, repository: 'acme/web-frontend' } } });
  });

  it('Resolve In… the next release and the current release', async () => {
    const [a, b] = await issueRows();
    for (const [row, pick] of [
      [a, /In the next release/],
      [b, /In the current release/],
    ] as const) {
      ui.picks = [pick];
      const run = nextRun();
      await vscode.commands.executeCommand(Commands.resolveIn, refOf(row));
      await run;
    }
    assert.deepEqual(
      (await writes()).map((w) => w.body),
      [
        { status: 'resolved', statusDetails: { inNextRelease: true } },
        { status: 'resolved', statusDetails: { inRelease: 'latest' } },
      ],
    );
  });
});
