// The Issues tree inside VS Code against the sandbox's 1,500-issue project.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IssuesView } from '../../src/issues/view';
import type { IssueNode, Node } from '../../src/issues/core/nodes';
import { DEFAULT_FILTER, toParams, type IssueFilter } from '../../src/issues/core/filter';
import { commandArgs } from '../../src/contracts/issueRef';
import type { IssueStore } from '../../src/store/issueStore';
import { Commands } from '../../src/constants';
import { activateExtension } from './helpers';
import { control, SANDBOX_URL, settledMarks, signInToSandbox, UiRecorder, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';

/** The issue lists: the organization endpoint (the default), the project one (a fallback and hashes). */
const ISSUES_PATH = /^\/api\/0\/(?:organizations\/acme|projects\/acme\/[^/]+)\/issues\/$/;
/** The editor's per-file searches hit the same endpoint; they are not the tree's. */
/** The seeded projects' ids: the client sends ids, never slugs, in `project=`. */
const WEB_FRONTEND_ID = '4501';
const API_SERVER_ID = '4502';
const isFileSearch = (r: RequestLogEntry) => r.query.some(([k, v]) => k === 'query' && v.includes('stack.filename'));

describe('Issues tree (sentryExplorer.issues)', function () {
  this.timeout(120_000);
  let view: IssuesView;
  let store: IssueStore;
  let rec: UiRecorder;
  let defaults: { authToken: string; clientId: string };
  let restore: () => Promise<void>;

  async function issueRequests(): Promise<RequestLogEntry[]> {
    return (await control<RequestLogEntry[]>('requests')).filter((r) => ISSUES_PATH.test(r.path) && !isFileSearch(r));
  }
  async function clearLog(): Promise<void> {
    await control('requests/clear', {});
  }
  async function roots(): Promise<Node[]> {
    return view.tree.getChildren();
  }
  async function setFilter(over: Partial<IssueFilter>): Promise<void> {
    await view.setFilter({ ...DEFAULT_FILTER, ...over });
  }
  async function signInWithToken(token: string): Promise<void> {
    const { auth } = await activateExtension();
    rec.set({ method: 'token', inputs: [token] });
    await auth.signIn({ method: 'token' });
    await waitFor('signed in', () => auth.isSignedIn());
  }
  const issuesOf = (nodes: Node[]) => nodes.filter((n): n is IssueNode => n.type === 'issue');
  /** A row's issue, as the store (which the tree draws from) holds it. */
  const issueOf = (n: IssueNode) => store.issue(n.issueId)!;

  before(async function () {
    if (!SANDBOX_URL) {
      print('  (no sandbox: skipping the Issues tree suite)');
      this.skip();
    }
    ({ issues: view, store } = await activateExtension());
    rec = new UiRecorder();
    ({ defaults, restore } = await signInToSandbox(rec));
  });

  after(async () => {
    await restore?.();
  });

  beforeEach(async () => {
    await control('faults/clear', {});
    await setFilter({});
    store.clear();
    await clearLog();
  });

  it('shows the first page: 100 issues and "Load more", from one request to the organization endpoint with no query parameter', async () => {
    const nodes = await roots();
    assert.equal(issuesOf(nodes).length, 100);
    assert.equal(nodes.at(-1)?.type, 'loadMore');
    const reqs = await issueRequests();
    assert.equal(reqs.length, 1);
    assert.deepEqual(reqs[0].query, [
      ['project', WEB_FRONTEND_ID],
      ['groupStatsPeriod', '24h'],
      ['sort', 'date'],
      ['limit', '100'],
    ]);
    const item = view.tree.getTreeItem(issuesOf(nodes)[0]);
    // The title first, as Sentry's list shows it; the short ID leads the description.
    assert.equal(String(item.label), issueOf(issuesOf(nodes)[0]).title);
    assert.match(String(item.description), /^WEB-FRONTEND-\w+ · [\d.,K]+ events? · \d+ users? · last seen /);
    assert.equal(item.command?.command, Commands.showIssueEvents);
    assert.deepEqual(item.command?.arguments?.[1], { preview: true }, 'a click opens the events panel as a preview');
    assert.ok(item.tooltip instanceof vscode.MarkdownString);
    assert.match((item.tooltip as vscode.MarkdownString).value, /First seen .* \(.*UTC\)/);
  });

  // A second draw of every row right after the first drops a hover that is on its way.
  it('draws the rows once: the load getChildren waits for fires no tree change, and Refresh fires one', async () => {
    let changes = 0;
    const sub = view.tree.onDidChangeTreeData(() => changes++);
    try {
      assert.equal(issuesOf(await roots()).length, 100);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(changes, 0, 'the load that getChildren itself waited for redrew the tree');
      await view.refresh();
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(changes, 1, 'Refresh redraws the tree once');
    } finally {
      sub.dispose();
    }
  });

  it('"Load more" to the end of all 1,500 issues (all statuses) in exactly ceil(N/100) requests', async () => {
    await setFilter({ preset: 'all' });
    let nodes = await roots();
    while (nodes.at(-1)?.type === 'loadMore') {
      await vscode.commands.executeCommand(Commands.loadMore, nodes.at(-1));
      nodes = await roots();
    }
    const n = issuesOf(nodes).length;
    const reqs = await issueRequests();
    print(`      (listed ${n} issues in ${reqs.length} requests)`);
    assert.ok(n > 1400, `${n} issues`);
    assert.equal(reqs.length, Math.ceil(n / 100));
    assert.equal(reqs.length, 15);
    assert.equal(new Set(issuesOf(nodes).map((i) => i.issueId)).size, n);
  });

  it('each preset sends exactly the right parameters', async () => {
    const cases: [Partial<IssueFilter>, [string, string][]][] = [
      [
        { preset: 'unresolved' },
        [
          ['project', WEB_FRONTEND_ID],
          ['groupStatsPeriod', '24h'],
          ['sort', 'date'],
          ['limit', '100'],
        ],
      ],
      [
        { preset: 'all' },
        [
          ['project', WEB_FRONTEND_ID],
          ['groupStatsPeriod', '24h'],
          ['query', ''],
          ['sort', 'date'],
          ['limit', '100'],
        ],
      ],
      [
        { preset: 'assignedToMe' },
        [
          ['project', WEB_FRONTEND_ID],
          ['groupStatsPeriod', '24h'],
          ['query', 'is:unresolved assigned:me'],
          ['sort', 'date'],
          ['limit', '100'],
        ],
      ],
      [
        { preset: 'forReview' },
        [
          ['project', WEB_FRONTEND_ID],
          ['groupStatsPeriod', '24h'],
          ['query', 'is:unresolved is:for_review'],
          ['sort', 'date'],
          ['limit', '100'],
        ],
      ],
      [
        { preset: 'feedback', statsPeriod: '14d' },
        [
          ['project', WEB_FRONTEND_ID],
          ['groupStatsPeriod', '14d'],
          ['query', 'issue.category:feedback'],
          ['sort', 'date'],
          ['limit', '100'],
        ],
      ],
      [
        { preset: 'custom', text: 'level:error', statsPeriod: '', sort: 'freq' },
        [
          ['project', WEB_FRONTEND_ID],
          ['groupStatsPeriod', ''],
          ['query', 'level:error'],
          ['sort', 'freq'],
          ['limit', '100'],
        ],
      ],
    ];
    for (const [filter, want] of cases) {
      await clearLog();
      await setFilter(filter);
      const nodes = await roots();
      const reqs = await issueRequests();
      assert.equal(reqs.length, 1, JSON.stringify(filter));
      assert.deepEqual(reqs[0].query, want, JSON.stringify(filter));
      if (filter.preset === 'feedback') {
        assert.equal(issuesOf(nodes).length, 12);
        assert.ok(issuesOf(nodes).every((i) => (issueOf(i) as Record<string, unknown>).issueCategory === 'feedback'));
      }
    }
    assert.match(view.treeView.description ?? '', /"level:error" · no stats · Events/);
  });

  it('a short ID is looked up with shortIdLookup=1; an issue of another project is shown and marked', async () => {
    const other = (await control<{ shortId: string; project: string }[]>('seed/issues?project=api-server'))[0];
    await setFilter({ preset: 'custom', text: other.shortId });
    const nodes = issuesOf(await roots());
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].otherProject, true);
    const item = view.tree.getTreeItem(nodes[0]);
    assert.match(String(item.description), /^\[api-server\] /);
    assert.match(String(item.contextValue), /^issue\.otherProject;status=unresolved;/);
    const reqs = await issueRequests();
    assert.deepEqual(
      reqs[0].query.find(([k]) => k === 'shortIdLookup'),
      ['shortIdLookup', '1'],
    );
  });

  it('"Find Issues by Hashes" with more than 100: only the first 100 are sent and the user is told', async () => {
    const seeded = (await control<{ hashes: string[] }[]>('seed/issues?project=web-frontend')).slice(0, 2).map((i) => i.hashes[0]);
    const hashes = [...seeded, ...Array.from({ length: 110 }, (_, i) => (i + 1).toString(16).padStart(32, 'f'))];
    rec.set({ inputs: [hashes.join('\n')] });
    const before = rec.shown.length;
    await vscode.commands.executeCommand(Commands.findByHashes);
    const sent = (await issueRequests()).at(-1)!.query.filter(([k]) => k === 'hashes');
    assert.equal(sent.length, 100);
    assert.ok(rec.shown.slice(before).some((s) => /Only the first 100 of 112 hashes were used/.test(s.message)));
    const nodes = await roots();
    assert.equal(issuesOf(nodes).length, 2);
    assert.ok(nodes.some((n) => n.type === 'info' && /only the first 100 hashes were used; 12 left out/.test(n.label)));
  });

  it("Filter Issues: environments (read from the organization), a time window and a custom range go out in the list's one request", async () => {
    const quick: string[][] = [];
    const inputs: string[] = [];
    /** What each input box showed when it opened. */
    const prefilled: (string | undefined)[] = [];
    /** Answers the single picks in turn with the item matching each of `mains` (the menu, then its picker), a multi-pick with the labels in `many`. */
    const answer = (mains: RegExp[], many: string[] = []) => {
      const queue = [...mains];
      view.ui.override({
        showQuickPick: async <T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions) => {
          quick.push(items.map((i) => i.label));
          if (options.canPickMany) return items.filter((i) => many.includes(i.label)) as unknown as T;
          const main = queue.shift();
          return (main && items.find((i) => main.test(i.label))) as unknown as T;
        },
        showInputBox: async (options) => {
          prefilled.push(options.value);
          return inputs.shift();
        },
        withProgress: (_o, task) => task({ report: () => undefined }, new vscode.CancellationTokenSource().token),
      });
    };
    const lastList = async () => (await issueRequests()).at(-1)!.query;
    try {
      // Filter Issues is a small menu, one entry per choice.
      answer([]);
      await vscode.commands.executeCommand(Commands.filterIssues);
      assert.deepEqual(quick.at(-1), [
        '$(bookmark) Saved Search',
        '$(search) Search…',
        '$(project) Projects',
        '$(server-environment) Environments',
        '$(calendar) Period',
        '$(list-ordered) Sort',
        '$(graph-line) Graph',
      ]);
      // Environments: the organization's, several may be picked; none picked is every environment.
      answer([/Environments$/]);
      await vscode.commands.executeCommand(Commands.filterIssues);
      assert.deepEqual(quick.at(-1), ['development', 'production', 'staging']);
      assert.equal((await control<RequestLogEntry[]>('requests?path=' + encodeURIComponent('^/api/0/organizations/acme/environments/$'))).length, 1);
      assert.equal(view.filter.environments, undefined);
      answer([/Environments$/], ['production']);
      await vscode.commands.executeCommand(Commands.filterIssues);
      assert.deepEqual(view.filter.environments, ['production']);
      await clearLog();
      issuesOf(await roots());
      assert.deepEqual(
        (await lastList()).filter(([k]) => k === 'environment'),
        [['environment', 'production']],
      );
      assert.match(view.treeView.description ?? '', /production/);
      // The description is hidden while the view is alone in its container: the tree says it too.
      assert.equal(view.treeView.message, 'Filtered: production');
      // A period, from its own command: statsPeriod is the period searched; the sparkline's period stays groupStatsPeriod.
      answer([/^(\$\(check\) )?Last 7 days$/]);
      await vscode.commands.executeCommand(Commands.choosePeriod);
      assert.deepEqual(quick.at(-1)?.slice(0, 3), ['$(check) Server default', 'Last hour', 'Last 24 hours']);
      await clearLog();
      await roots();
      const q = await lastList();
      assert.deepEqual(
        [q.find(([k]) => k === 'statsPeriod'), q.find(([k]) => k === 'groupStatsPeriod')],
        [
          ['statsPeriod', '7d'],
          ['groupStatsPeriod', '24h'],
        ],
      );
      assert.equal(view.treeView.message, 'Filtered: production · last 7 days');
      // A custom range, typed as dates (UTC): start and end replace the relative window.
      inputs.push('2026-01-01', '2026-02-01T12:00');
      answer([/Period$/, /Custom range/]);
      await vscode.commands.executeCommand(Commands.filterIssues);
      await clearLog();
      await roots();
      const r = await lastList();
      assert.deepEqual(
        [r.find(([k]) => k === 'start'), r.find(([k]) => k === 'end'), r.find(([k]) => k === 'statsPeriod')],
        [['start', '2026-01-01T00:00:00Z'], ['end', '2026-02-01T12:00:00Z'], undefined],
      );
      // An empty end stays open: each request ends at its own time, not at the moment of choosing.
      inputs.push('2026-01-01', '');
      answer([/Custom range/]);
      await vscode.commands.executeCommand(Commands.choosePeriod);
      assert.deepEqual(prefilled.slice(-2), ['2026-01-01T00:00', '2026-02-01T12:00']);
      assert.deepEqual(view.filter.window, { start: '2026-01-01T00:00:00Z' });
      const endSent = async (load: () => Promise<unknown>) => {
        await clearLog();
        const before = Math.floor(Date.now() / 1000) * 1000;
        await load();
        const end = (await lastList()).find(([k]) => k === 'end')?.[1] ?? '';
        assert.ok(Date.parse(end) >= before && Date.parse(end) <= Date.now(), `${end} is the time of the request`);
        return Date.parse(end);
      };
      const first = await endSent(roots);
      assert.match(view.treeView.description ?? '', /· 2026-01-01 00:00 – now ·/);
      await new Promise((r) => setTimeout(r, 1100));
      assert.ok((await endSent(() => view.refresh())) > first, 'a refresh reaches further');
      // Reopened, the end box is empty again.
      inputs.push('2026-01-01', '');
      answer([/Period$/, /Custom range/]);
      await vscode.commands.executeCommand(Commands.filterIssues);
      assert.deepEqual(prefilled.slice(-2), ['2026-01-01T00:00', '']);
    } finally {
      view.ui.reset();
      view.ui.override(rec.ui());
    }
  });

  it('showing a cached list again costs no request', async () => {
    await roots();
    await setFilter({ preset: 'all' });
    await roots();
    await clearLog();
    await setFilter({ preset: 'unresolved' });
    assert.equal(issuesOf(await roots()).length, 100);
    await setFilter({ preset: 'all' });
    assert.equal(issuesOf(await roots()).length, 100);
    assert.equal((await issueRequests()).length, 0);
  });

  it('with several projects, one top-level node per project, each listing its own issues', async () => {
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await cfg.update('projects', ['web-frontend', 'api-server'], vscode.ConfigurationTarget.Global);
    try {
      let changes = 0;
      const sub = view.tree.onDidChangeTreeData(() => changes++);
      const nodes = await roots();
      sub.dispose();
      assert.deepEqual(
        nodes.map((n) => (n.type === 'project' ? n.project : n.type)),
        ['web-frontend', 'api-server', 'loadMore'],
      );
      // One request lists both projects, grouped by project; the list's one "Load more" follows the project rows.
      const reqs = await issueRequests();
      const lists = reqs.filter((r) => !r.query.some(([k, v]) => k === 'limit' && v === '1'));
      assert.equal(lists.length, 1);
      assert.deepEqual(
        lists[0].query.filter(([k]) => k === 'project').map(([, v]) => v),
        [WEB_FRONTEND_ID, API_SERVER_ID],
      );
      // Each project's own total: one limit=1 request per project (their sum, 1,000+, is capped: both are asked).
      const counts = reqs.filter((r) => r.query.some(([k, v]) => k === 'limit' && v === '1'));
      assert.deepEqual(
        counts.map((r) => r.query.filter(([k]) => k === 'project').map(([, v]) => v)),
        [[WEB_FRONTEND_ID], [API_SERVER_ID]],
      );
      /** A project's total as the sandbox counts it ("1,000+" when capped). */
      const totalOf = async (id: string) => {
        const { headers } = await fetch(`${SANDBOX_URL}/api/0/organizations/acme/issues/?project=${id}&limit=1`, { headers: { authorization: `Bearer ${defaults.authToken}` } });
        const hits = Number(headers.get('x-hits'));
        return `${hits.toLocaleString('en')}${hits >= Number(headers.get('x-max-hits')) ? '+' : ''}`;
      };
      const web = issuesOf(await view.tree.getChildren(nodes[0]));
      const api = issuesOf(await view.tree.getChildren(nodes[1]));
      assert.ok(web.length > 0 && web.every((i) => issueOf(i).project.slug === 'web-frontend'));
      assert.ok(api.length > 0 && api.every((i) => issueOf(i).project.slug === 'api-server'));
      assert.equal(web.length + api.length, 100, 'one page of 100 shared by the two projects');
      // Each project row shows its loaded issues and its total when first drawn, without a second draw.
      assert.equal(String(view.tree.getTreeItem(nodes[0]).description), `${web.length} of ${await totalOf(WEB_FRONTEND_ID)}`);
      assert.equal(String(view.tree.getTreeItem(nodes[1]).description), `${api.length} of ${await totalOf(API_SERVER_ID)}`);
      assert.equal(changes, 0);
      const more = nodes.at(-1);
      assert.ok(more?.type === 'loadMore' && more.combined, 'the one Load more of both projects');
      await clearLog();
      await vscode.commands.executeCommand(Commands.loadMore, more);
      const after = await roots();
      const web2 = issuesOf(await view.tree.getChildren(after[0]));
      const api2 = issuesOf(await view.tree.getChildren(after[1]));
      assert.equal(web2.length + api2.length, 200);
      assert.equal((await issueRequests()).length, 1, 'Load more asks the next page only: the totals are kept with the list');
    } finally {
      await cfg.update('projects', ['web-frontend'], vscode.ConfigurationTarget.Global);
    }
  });

  it('refreshes in the background while the view is visible, and not while it is hidden', async () => {
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await vscode.commands.executeCommand('sentryExplorer.issues.focus');
    await waitFor('the view to be visible', () => view.treeView.visible);
    await roots();
    await clearLog();
    await cfg.update('refreshIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('a background refresh', async () => (await issueRequests()).length > 0, 10_000);
      await vscode.commands.executeCommand('workbench.view.explorer');
      await waitFor('the view to be hidden', () => !view.treeView.visible);
      await new Promise((r) => setTimeout(r, 300)); // a refresh already under way may finish
      await clearLog();
      await new Promise((r) => setTimeout(r, 2500));
      assert.equal((await issueRequests()).length, 0, 'no refresh while hidden');
    } finally {
      await cfg.update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
    }
  });

  it('a background refresh that brings nothing new does not redraw the tree; one that changes an issue redraws its row alone', async () => {
    // VS Code's extension host keeps a disposed store for every tree node it ever built
    // (extHostTreeViews.ts createTreeNode): redrawing unchanged rows every refresh grew the soak's heap.
    const cfg = vscode.workspace.getConfiguration('sentryExplorer');
    await vscode.commands.executeCommand('sentryExplorer.issues.focus');
    await waitFor('the view to be visible', () => view.treeView.visible);
    const rows = issuesOf(await roots());
    const first = rows[0];
    const fired: (Node | Node[] | undefined)[] = [];
    const sub = view.tree.onDidChangeTreeData((e) => fired.push(e));
    await clearLog();
    await cfg.update('refreshIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      await waitFor('three background refreshes', async () => (await issueRequests()).length >= 3, 15_000);
      assert.deepEqual(fired, [], 'refreshes that answered what the tree shows redrew it');
      await control('issues/inject-events', { issue: first.issueId, count: 5 });
      await waitFor('the changed issue to be redrawn', () => fired.length > 0, 15_000);
      const redrawn: (Node | undefined)[] = fired.flatMap((e) => (Array.isArray(e) ? e : [e]));
      assert.ok(
        redrawn.every((n) => n?.type === 'issue' && n.issueId === first.issueId),
        `only the changed row is redrawn, not the whole tree (${redrawn.length} of ${rows.length} rows: ${JSON.stringify(redrawn.map((n) => (n?.type === 'issue' ? n.issueId : 'all')))})`,
      );
      assert.ok(redrawn.includes(first), 'the row VS Code holds is the one redrawn');
    } finally {
      sub.dispose();
      await cfg.update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
    }
  });

  it('Open in Browser opens only web links to the server or sentry.io; Copy Link copies the text as it is', async () => {
    const node = issuesOf(await roots())[0];
    const issue = issueOf(node);
    const cases: [string, boolean][] = [
      ['command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D', false],
      ['https://evil.example/organizations/acme/issues/1/', false],
      ['javascript:alert(1)', false],
      ['file:///etc/passwd', false],
      ['https://sentry.io.evil.example/organizations/acme/issues/1/', false],
      [issue.permalink, true],
      ['https://acme.sentry.io/issues/1/', true],
    ];
    for (const [permalink, opens] of cases) {
      const opened = rec.opened.length;
      const warned = rec.shown.length;
      // Commands read the issue from the store: the permalink under test is put there.
      store.upsert('acme', [{ ...issue, permalink }]);
      await vscode.commands.executeCommand(Commands.openInBrowser, ...commandArgs(node));
      assert.equal(rec.opened.length - opened, opens ? 1 : 0, permalink);
      if (opens) assert.equal(rec.opened.at(-1), new URL(permalink).href);
      else
        assert.ok(
          rec.shown.slice(warned).some((s) => /has no web link to open/.test(s.message)),
          permalink,
        );
      await vscode.commands.executeCommand(Commands.copyLink, ...commandArgs(node));
      assert.equal(rec.clipboard.at(-1), permalink);
    }
  });

  it('item commands take an IssueRef, a legacy tree node, or (from the palette, no argument) the selected row; the issue comes from the store', async () => {
    await vscode.commands.executeCommand('sentryExplorer.issues.focus');
    await waitFor('the view to be visible', () => view.treeView.visible);
    try {
      await itemCommands();
    } finally {
      // Hidden again, as the tests after this one expect: a visible tree loads on its own.
      await vscode.commands.executeCommand('workbench.view.explorer');
      await waitFor('the view to be hidden', () => !view.treeView.visible);
    }
  });

  async function itemCommands(): Promise<void> {
    const [first, second] = issuesOf(await roots());
    const a = issueOf(first);
    const b = issueOf(second);
    await vscode.commands.executeCommand(Commands.copyShortId, ...commandArgs(first));
    assert.equal(rec.clipboard.at(-1), a.shortId);
    await vscode.commands.executeCommand(Commands.copyShortId, { type: 'issue', org: 'acme', project: 'web-frontend', issue: b, otherProject: false, period: '24h' });
    assert.equal(rec.clipboard.at(-1), b.shortId);
    // What the store says wins over what an argument carried: one issue, one state, in every view.
    store.upsert('acme', [{ ...a, permalink: `${a.permalink}?from=store` }]);
    await vscode.commands.executeCommand(Commands.copyLink, { type: 'issue', org: 'acme', project: 'web-frontend', issue: a, otherProject: false, period: '24h' });
    assert.equal(rec.clipboard.at(-1), `${a.permalink}?from=store`);
    await view.treeView.reveal(second, { select: true, focus: true });
    await waitFor('the row to be selected', () => view.selectedIssue()?.issueId === second.issueId);
    await vscode.commands.executeCommand(Commands.copyShortId);
    assert.equal(rec.clipboard.at(-1), b.shortId);
    const copied = rec.clipboard.length;
    await vscode.commands.executeCommand(Commands.copyShortId, { org: 'acme', project: 'web-frontend', issueId: 'not-a-number' });
    assert.equal(rec.clipboard.length, copied, 'something that is not an issue is ignored');
  }

  it('the status bar counts the unresolved issues from the store and follows its changes', async () => {
    await roots();
    const list = store.peek({ org: 'acme', project: 'web-frontend', ...toParams(DEFAULT_FILTER) })!;
    assert.ok(list.hits !== undefined && list.hits > 100, `${list.hits} hits`);
    assert.equal(view.statusBar.text, `$(bug) ${list.hits.toLocaleString('en')}${list.maxHits !== undefined && list.hits >= list.maxHits ? '+' : ''}`);
    store.clear();
    assert.equal(view.statusBar.text, '$(bug) Sentry', 'the store forgot the list: no count until a list answers again');
    await roots();
    assert.match(view.statusBar.text, /^\$\(bug\) [\d,]+\+?$/);
  });

  it('one change of an issue in the store shows at once in its tree row and in the status-bar count, and goes with a rollback', async () => {
    const rows = issuesOf(await roots());
    const first = rows[0];
    const before = String(view.tree.getTreeItem(first).label);
    const countBefore = view.statusBar.text;
    let changes = 0;
    const sub = view.tree.onDidChangeTreeData(() => changes++);
    try {
      const rename = store.apply({ issueIds: [first.issueId], change: { title: 'Renamed by the store test' } });
      assert.equal(changes, 1, 'the row is redrawn once');
      assert.match(String(view.tree.getTreeItem(issuesOf(await roots()).find((r) => r.issueId === first.issueId)!).label), /Renamed by the store test$/);
      rename.rollback();
      assert.equal(String(view.tree.getTreeItem(issuesOf(await roots()).find((r) => r.issueId === first.issueId)!).label), before);
      // Resolved: it leaves the Unresolved list and its count at once, before any server answer.
      const resolve = store.apply({ issueIds: [first.issueId], change: { status: 'resolved' } });
      assert.ok(!issuesOf(await roots()).some((r) => r.issueId === first.issueId), 'the row left the Unresolved list');
      assert.notEqual(view.statusBar.text, countBefore, 'the count dropped');
      resolve.rollback();
      assert.ok(issuesOf(await roots()).some((r) => r.issueId === first.issueId));
      assert.equal(view.statusBar.text, countBefore);
    } finally {
      sub.dispose();
    }
  });

  describe('saved searches, a search typed in the view, Clear Filter', () => {
    const listQuery = async () => new URLSearchParams((await issueRequests()).at(-1)?.query).get('query');
    /** Answers the single picks in turn with the item whose label matches each of `mains`. */
    const answer = (mains: RegExp[], seen: string[][] = []) => {
      const queue = [...mains];
      view.ui.override({
        showQuickPick: async <T extends vscode.QuickPickItem>(items: readonly T[]) => {
          seen.push(items.map((i) => i.label));
          const main = queue.shift();
          return (main && items.find((i) => main.test(i.label))) as unknown as T;
        },
      });
    };
    afterEach(() => {
      view.ui.reset();
      view.ui.override(rec.ui());
    });

    it("Sentry's saved searches and the recent searches, each sending its query; Clear Filter goes back to the default list", async () => {
      const seen: string[][] = [];
      answer([/Saved Search$/, /Needs Triage$/], seen);
      await vscode.commands.executeCommand(Commands.filterIssues);
      await roots();
      assert.equal(await listQuery(), 'is:unresolved is:unassigned');
      assert.equal(view.treeView.message, 'Filtered: Needs Triage');
      // The menu offers Clear Filter while a filter hides issues.
      answer([], seen);
      await vscode.commands.executeCommand(Commands.filterIssues);
      assert.equal(seen.at(-1)?.at(-1), '$(clear-all) Clear Filter');
      // A typed search joins the recent searches, offered after the saved ones.
      rec.set({ inputs: ['TypeError'] });
      view.ui.reset();
      view.ui.override(rec.ui());
      await vscode.commands.executeCommand(Commands.searchIssues);
      assert.deepEqual(view.filter, { ...DEFAULT_FILTER, preset: 'custom', text: 'TypeError', base: 'needsTriage' });
      answer([], seen);
      await vscode.commands.executeCommand(Commands.chooseSavedSearch);
      // No saved search is ticked under a typed search (the tree lists the search); the newest recent search is.
      assert.deepEqual(seen.at(-1)?.slice(0, 13), [
        '$(search) Search…',
        'Saved searches',
        'Unresolved Issues',
        'For Review',
        'Needs Triage',
        'Assigned to Me',
        'My Bookmarks',
        'New Today',
        'Errors Only',
        'All Statuses',
        'User Feedback',
        'Recent searches',
        '$(check) $(history) TypeError',
      ]);
      // A filter that hides every issue: no message, so that VS Code shows the empty state's welcome (which offers Clear Filter).
      rec.set({ inputs: ['no-such-issue-anywhere'] });
      view.ui.reset();
      view.ui.override(rec.ui());
      await vscode.commands.executeCommand(Commands.searchIssues);
      assert.deepEqual(await roots(), []);
      assert.equal(view.treeView.message, undefined);
      await clearLog();
      await vscode.commands.executeCommand(Commands.clearFilter);
      assert.deepEqual(view.filter, DEFAULT_FILTER);
      assert.equal(view.treeView.message, undefined);
      await roots();
      assert.equal(await listQuery(), null, 'the default list: no query parameter');
    });

    it('a search typed in the view narrows the tree only: the editor keeps its marks and its per-file search', async () => {
      const api = await activateExtension();
      const { editor } = api;
      try {
        await roots();
        const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'src/utils/format.js');
        await vscode.window.showTextDocument(uri, { preview: false });
        const before = await settledMarks(api, uri);
        const titles = new Map(before.map((m) => [m.issueId, store.issue(m.issueId)?.title ?? '']));
        assert.ok(
          [...titles.values()].some((t) => !t.includes('TypeError')),
          'some marked issue is no TypeError: a search for one would drop it',
        );
        await clearLog();
        rec.set({ inputs: ['TypeError'] });
        await vscode.commands.executeCommand(Commands.searchIssues);
        const rows = issuesOf(await roots());
        assert.ok(rows.length > 0 && rows.every((r) => `${issueOf(r).title} ${issueOf(r).culprit}`.includes('TypeError')), 'the tree lists the search');
        assert.equal(view.markScope()?.query, undefined, "the editor's scope keeps the saved search (the server default)");
        await editor.locator.refresh();
        const after = editor.decorations.decorated(uri);
        assert.deepEqual(after.map((m) => m.issueId).sort(), before.map((m) => m.issueId).sort(), 'the same marks');
        const searches = (await control<RequestLogEntry[]>('requests')).filter(isFileSearch).map((r) => new URLSearchParams(r.query).get('query') ?? '');
        assert.ok(
          searches.every((q) => !q.includes('TypeError')),
          `no per-file search with the typed text: ${searches.join(' | ')}`,
        );
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    });
  });

  describe('errors never leave an empty tree', () => {
    async function errorNode(): Promise<Extract<Node, { type: 'error' }>> {
      const nodes = await roots();
      const err = nodes.find((n): n is Extract<Node, { type: 'error' }> => n.type === 'error');
      assert.ok(err, `no error node in ${JSON.stringify(nodes.map((n) => n.type))}`);
      return err;
    }
    const cases: [string, Record<string, unknown>, RegExp, string[]][] = [
      ['410 (endpoint removed)', { path: 'issues/$', gone: true }, /no longer offers this endpoint/, ['retry', 'showLog']],
      ['404 names the project', { path: 'issues/$', status: 404 }, /Project "web-frontend" in organization "acme"/, ['chooseProject', 'retry']],
      ['network failure', { path: 'issues/$', reset: true }, /Could not reach/, ['retry', 'showLog']],
      ['a response that does not match its schema', { path: 'issues/$', malformed: 'userCount' }, /at \[0\]\.userCount/, ['retry', 'showLog']],
      ['5xx', { path: 'issues/$', status: 500 }, /HTTP 500, error id [0-9a-f]{32}/, ['retry', 'showLog']],
    ];
    for (const [name, fault, message, actions] of cases) {
      it(name, async () => {
        await control('faults', fault);
        const err = await errorNode();
        assert.match(err.message, message);
        assert.deepEqual(err.actions, actions);
        const children = await view.tree.getChildren(err);
        assert.deepEqual(
          children.map((c) => (c.type === 'action' ? c.action : c.type)),
          actions,
        );
        assert.ok(children.every((c) => view.tree.getTreeItem(c).command));
        await control('faults/clear', {});
        await vscode.commands.executeCommand(Commands.refresh);
        assert.equal(issuesOf(await roots()).length, 100, 'Retry recovers');
      });
    }

    describe('a failing list costs at most its retries while the tree shows it (no request loop)', () => {
      const DAY = 86_400_000;
      const issuesFault = (over: Record<string, unknown>) => ({ path: 'issues/$', ...over });
      // `status` as well as `respond`: the sandbox applies a `respond` fault only when it has a status.
      const farReset = () =>
        issuesFault({
          status: 429,
          respond: { status: 429, headers: { 'x-sentry-rate-limit-reset': String(Math.ceil((Date.now() + 25 * DAY) / 1000)), 'x-sentry-rate-limit-remaining': '0' }, body: '{"detail":"slow down"}' },
        });

      /** Lets VS Code's own tree load the list (the view is visible), then counts requests for a while. */
      async function requestsWhileShown(fault: Record<string, unknown>, watchMs: number): Promise<number> {
        await vscode.commands.executeCommand('sentryExplorer.issues.focus');
        await waitFor('the view to be visible', () => view.treeView.visible);
        await control('faults', fault);
        // The log is emptied before the store: the redraw that clear() starts may send the first
        // request at once, and after a 429 the client holds the rest back, so it must be counted.
        await clearLog();
        store.clear();
        view.tree.refresh();
        await waitFor('the error to be cached', () => store.peek({ org: 'acme', project: 'web-frontend', ...toParams(DEFAULT_FILTER) })?.error, 15_000);
        await new Promise((r) => setTimeout(r, watchMs));
        return (await issueRequests()).length;
      }
      async function recover(): Promise<void> {
        await control('faults/clear', {});
        await vscode.workspace.getConfiguration('sentryExplorer').update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
        // A good answer ends the rate-limited state of the background refresh.
        await vscode.commands.executeCommand(Commands.refresh);
        assert.equal(issuesOf(await roots()).length, 100, 'Retry recovers');
      }

      const loops: [string, Record<string, unknown>, number][] = [
        ['410', issuesFault({ gone: true }), 1],
        // The organization endpoint's 404 is asked again through the project endpoint (an old server), which answers 404 too.
        ['404', issuesFault({ status: 404 }), 2],
        ['403', issuesFault({ status: 403 }), 1],
        ['500 (after its two retries)', issuesFault({ status: 500 }), 3],
        ['429 (after its two waits)', issuesFault({ status: 429 }), 3],
        ['429 with a reset 25 days away', farReset(), 1],
        ['a malformed body', issuesFault({ malformed: true }), 1],
      ];
      for (const [name, fault, allowed] of loops) {
        it(`${name}: ${allowed} request(s) in three seconds of the view showing its error`, async () => {
          try {
            const n = await requestsWhileShown(fault, 3000);
            print(`      (${n} requests)`);
            assert.equal(n, allowed);
            assert.ok(
              (await roots()).some((r) => r.type === 'error'),
              'the view shows the error',
            );
          } finally {
            await recover();
          }
        });
      }

      it('with a 1 s refresh interval, a failed list is asked again by the next scheduled refresh', async () => {
        const cfg = vscode.workspace.getConfiguration('sentryExplorer');
        await cfg.update('refreshIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
        try {
          await requestsWhileShown(issuesFault({ status: 404 }), 0);
          // Each try costs two requests: the organization endpoint, then the project one.
          const n = await waitFor('a scheduled refresh', async () => ((await issueRequests()).length >= 3 ? (await issueRequests()).length : undefined), 10_000);
          assert.ok(n <= 4, `${n} requests`);
        } finally {
          await recover();
        }
      });

      it('with a 1 s refresh interval, a rate-limited list counts as fresh until its reset (25 days): no background refresh', async () => {
        const cfg = vscode.workspace.getConfiguration('sentryExplorer');
        await cfg.update('refreshIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
        try {
          const n = await requestsWhileShown(farReset(), 3500);
          assert.equal(n, 1);
        } finally {
          await recover();
        }
      });
    });

    it('a 400 whose detail is long and hostile: the error label is bounded plain text', async () => {
      const detail = `\u202e[fix it](command:workbench.action.terminal.sendSequence?%7B%7D)\u0007 ${'x'.repeat(50_000)}`;
      await control('faults', { path: 'issues/$', status: 400, respond: { status: 400, body: JSON.stringify({ detail }) } });
      const err = await errorNode();
      assert.match(err.message, /^Sentry refused the request: /);
      assert.ok(err.message.length <= 1000, `${err.message.length} chars`);
      assert.ok(!/[\u0000-\u001f\u202a-\u202e]/.test(err.message), 'no controls or bidi overrides');
      assert.ok(!err.message.includes(']('), err.message.slice(0, 120));
      assert.deepEqual(err.actions, ['filter', 'retry']);
    });

    it('429 (rate limited)', async () => {
      // A window far longer than the client's 10 s wait bound, so it reports instead of waiting.
      await control('rate-limit', { limit: 1, windowSeconds: 1_000_000_000 });
      try {
        await control('requests/clear', {});
        await setFilter({ preset: 'all' });
        await roots();
        await setFilter({ preset: 'forReview' });
        const err = await errorNode();
        assert.match(err.message, /rate-limiting/);
        assert.ok(err.actions.includes('retry'));
      } finally {
        await control('rate-limit', { limit: 1000, windowSeconds: 1 });
      }
    });

    it('403 names event:read and offers to sign in again', async () => {
      const t = await control<{ token: string }>('tokens', { scopes: ['org:read', 'project:read'] });
      await signInWithToken(t.token);
      try {
        const err = await errorNode();
        assert.match(err.message, /event:read/);
        assert.ok(err.actions.includes('signIn'));
        const signIn = (await view.tree.getChildren(err)).find((c) => c.type === 'action' && c.action === 'signIn')!;
        assert.deepEqual(view.tree.getTreeItem(signIn).command?.arguments, [{ neededScopes: ['event:read'] }]);
      } finally {
        await signInWithToken(defaults.authToken);
      }
    });

    it('403 for a token that has event:read (limited to another organization) quotes the server and asks for no scope', async () => {
      const t = await control<{ token: string }>('tokens', { scopes: ['org:read', 'project:read', 'event:read'], org: 'globex' });
      await signInWithToken(t.token);
      try {
        const err = await errorNode();
        assert.match(err.message, /permission/i, "the server's detail is quoted");
        assert.doesNotMatch(err.message, /needs? (the )?event:read|scope event:read/);
        const signIn = (await view.tree.getChildren(err)).find((c) => c.type === 'action' && c.action === 'signIn');
        if (signIn) assert.equal(view.tree.getTreeItem(signIn).command?.arguments, undefined, 'Sign In asks for no scope the token already has');
      } finally {
        await signInWithToken(defaults.authToken);
      }
    });

    it('401 (revoked token): the session ends and the view shows the signed-out welcome', async () => {
      const { auth } = await activateExtension();
      const t = await control<{ token: string }>('tokens', { scopes: ['org:read', 'project:read', 'event:read'] });
      await signInWithToken(t.token);
      await control('tokens/revoke', { token: t.token });
      // A pasted token is removed only when the user says so: here the user does.
      rec.set({ answer: (s) => (/rejected the stored/.test(s.message) ? 'Remove Sign-In' : undefined) });
      store.clear();
      await roots();
      await waitFor('signed out', () => !auth.isSignedIn());
      assert.deepEqual(await roots(), []);
      assert.ok(rec.messages('warning').some((m) => /expired or was revoked/.test(m)));
      await signInWithToken(defaults.authToken);
      assert.equal(issuesOf(await roots()).length, 100);
    });
  });
});
