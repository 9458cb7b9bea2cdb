// One window of the soak (scripts/soak.ts), run inside that window's extension host as the
// workbench's extensionTestsPath: the runner builds this file twice, into out/soak/<name>/, and the
// folder's name is the window's. It tags the host's requests with the window's name, signs in (the
// window the plan names; the other one must get the session through the shared SecretStorage),
// shows the Issues view, then until the runner writes `stop`: opens and closes files of the sample
// workspace and events panels at random, and every few seconds appends a sample (./protocol.ts) of
// what the window shows and of its extension host's memory.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import { Views } from '../../src/constants';
import type { TestHooks } from '../../src/testHooks';
import type { AuthUi } from '../../src/util/ui';
import { activateExtension } from '../integration/helpers';
import { Prng } from '../sandbox/prng';
import { SOAK_DIR_ENV, WINDOW_HEADER, type Episode, type SoakPlan, type WindowSample } from './protocol';

export async function run(): Promise<void> {
  const name = path.basename(__dirname);
  const dir = process.env[SOAK_DIR_ENV];
  if (!dir) throw new Error(`${SOAK_DIR_ENV} is not set: the soak window runs under scripts/soak.ts`);
  const plan = JSON.parse(fs.readFileSync(path.join(dir, 'plan.json'), 'utf8')) as SoakPlan;
  tagRequests(name);
  const window = new SoakWindow(name, dir, plan, await activateExtension());
  try {
    await window.start();
    await window.loop();
  } catch (e) {
    fs.appendFileSync(path.join(dir, `${name}.error`), `${(e as Error).stack ?? e}\n`);
    throw e;
  }
}

/** Every request of this extension host names the window (the extension's client uses the global fetch). */
function tagRequests(name: string): void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(WINDOW_HEADER, name);
    return original(input, { ...init, headers });
  };
}

/** A full collection before each figure, so that the heap figure is what the host keeps, not what it has yet to collect. */
function collector(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

const MAX_EDITORS = 5;
const MAX_PANELS = 2;

class SoakWindow {
  private readonly rand: () => number;
  private readonly gc = collector();
  private readonly sampleFile: string;
  private errorMessages = 0;
  private warningMessages = 0;
  private actions = 0;
  private actionError: string | undefined;
  private signingIn = false;
  private readonly ongoing = new Map<Episode['kind'], Episode>();
  private ended: Episode[] = [];
  private files: vscode.Uri[] = [];
  private readonly startedAt = Date.now();
  private snapshotTaken = false;

  constructor(
    private readonly name: string,
    private readonly dir: string,
    private readonly plan: SoakPlan,
    private readonly api: TestHooks,
  ) {
    const prng = new Prng(plan.seed * 31 + name.charCodeAt(0));
    this.rand = () => prng.next();
    this.sampleFile = path.join(dir, `${name}.jsonl`);
  }

  async start(): Promise<void> {
    const ui = this.ui();
    for (const holder of [this.api.auth.ui, this.api.issues.ui, this.api.events.ui, this.api.editor.ui, this.api.triage.ui, this.api.releases.ui]) holder.override(ui);
    await this.api.auth.ready;
    this.files = (await vscode.workspace.findFiles('{src,server}/**/*.{ts,tsx,js,py}')).sort((a, b) => a.path.localeCompare(b.path));
    if (this.files.length === 0) throw new Error('the sample workspace has no source files');
    if (this.name === this.plan.signsIn) {
      this.signingIn = true;
      try {
        await this.api.auth.signIn({ method: 'device' });
      } finally {
        this.signingIn = false;
      }
      if (!this.api.auth.isSignedIn()) throw new Error(`window ${this.name}: the device-flow sign-in did not sign in`);
    }
    await vscode.commands.executeCommand(`workbench.view.extension.${Views.container}`);
    await this.sample();
  }

  async loop(): Promise<void> {
    const stopFile = path.join(this.dir, 'stop');
    let nextSample = Date.now() + this.plan.sampleEveryMs;
    let nextAction = Date.now() + this.delay();
    while (!fs.existsSync(stopFile)) {
      await new Promise((r) => setTimeout(r, 500));
      this.watch();
      if (Date.now() >= nextAction) {
        await this.act();
        nextAction = Date.now() + this.delay();
      }
      if (Date.now() >= nextSample) {
        await this.sample();
        nextSample = Date.now() + this.plan.sampleEveryMs;
      }
    }
    await this.sample(true);
  }

  /** Exponential waits around the plan's mean, at least a second. */
  private delay(): number {
    return Math.max(1000, -Math.log(1 - this.rand()) * this.plan.actionEveryMs);
  }

  private ui(): Partial<AuthUi> {
    const message =
      (level: 'info' | 'warning' | 'error') =>
      async (_m: string, options: vscode.MessageOptions, ...items: string[]): Promise<string | undefined> => {
        if (level === 'error') this.errorMessages++;
        if (level === 'warning') this.warningMessages++;
        // The device flow's modal (its code, "Copy & Open"): the one answer the soak gives.
        return this.signingIn && options?.modal ? items[0] : undefined;
      };
    return {
      showQuickPick: async <T extends vscode.QuickPickItem>(items: readonly T[]) => (this.signingIn ? items.find((i) => (i as { method?: string }).method === 'device') : undefined),
      showInputBox: async () => undefined,
      showInformationMessage: message('info'),
      showWarningMessage: message('warning'),
      showErrorMessage: message('error'),
      openExternal: async () => {
        // The verification page a person would approve in the browser; the sandbox's control does it.
        if (this.signingIn) await this.control('device/approve', { org: 'acme' });
        return true;
      },
      writeClipboard: async () => undefined,
    };
  }

  private async control(route: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${this.plan.sandboxUrl}/_sandbox/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`sandbox ${route}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** The lists the Issues view shows, as the store has them now. */
  private lists() {
    return [...this.api.issues.tree.shownKeys()].map((key) => this.api.store.list(key));
  }

  /** Opens and closes the error states (a list in error, signed out) as they are seen. */
  private watch(): void {
    const now = Date.now();
    const set = (kind: Episode['kind'], what: string | undefined) => {
      const open = this.ongoing.get(kind);
      if (what !== undefined && !open) this.ongoing.set(kind, { kind, start: now, what });
      if (what === undefined && open) {
        this.ongoing.delete(kind);
        this.ended.push({ ...open, end: now });
      }
    };
    set('signedOut', this.api.auth.isSignedIn() ? undefined : 'signed out');
    const failed = this.lists().find((l) => l?.error !== undefined && !l.loading);
    set('list', failed ? String((failed.error as Error)?.message ?? failed.error).slice(0, 200) : undefined);
  }

  private panels() {
    return this.api.events.all();
  }

  private textTabs(): vscode.Tab[] {
    return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText);
  }

  private pick<T>(items: readonly T[]): T | undefined {
    return items.length ? items[Math.floor(this.rand() * items.length)] : undefined;
  }

  /** One action a person does while working: open or close a file, open or close an issue's events panel. */
  private async act(): Promise<void> {
    const editors = this.textTabs();
    const panels = this.panels();
    const listed = this.api.issues.listedIssues();
    const choices: Array<() => Promise<void>> = [];
    if (editors.length < MAX_EDITORS) choices.push(() => this.openFile());
    if (editors.length > 0) choices.push(async () => void (await vscode.window.tabGroups.close(this.pick(editors)!)));
    if (panels.length < MAX_PANELS && listed.length > 0) choices.push(() => this.openPanel(listed));
    if (panels.length > 0) choices.push(async () => this.pick(panels)!.panel.dispose());
    const action = this.pick(choices);
    if (!action) return;
    try {
      await action();
      this.actions++;
    } catch (e) {
      this.actionError = String((e as Error).message ?? e).slice(0, 300);
    }
  }

  private async openFile(): Promise<void> {
    const uri = this.pick(this.files)!;
    await vscode.window.showTextDocument(uri, { preview: false, preserveFocus: true });
  }

  private async openPanel(listed: ReturnType<TestHooks['issues']['listedIssues']>): Promise<void> {
    const { org, issue } = this.pick(listed)!;
    this.api.events.show({ org, issueId: issue.id, project: issue.project.slug }, undefined, { markSeen: false });
  }

  private tokenCounts(): { refreshed: number; adopted: number } {
    const session = this.api.auth.session;
    if (session?.kind !== 'oauth') return { refreshed: 0, adopted: 0 };
    const manager = this.api.auth.managerFor(session);
    return { refreshed: manager.refreshCount, adopted: manager.adoptedCount };
  }

  private async sample(final = false): Promise<void> {
    this.gc?.();
    const mem = process.memoryUsage();
    const lists = this.lists();
    const { refreshed, adopted } = this.tokenCounts();
    const s: WindowSample = {
      window: this.name,
      at: Date.now(),
      pid: process.pid,
      heapUsed: mem.heapUsed,
      rss: mem.rss,
      collected: !!this.gc,
      signedIn: this.api.auth.isSignedIn(),
      lists: lists.length,
      listErrors: lists.filter((l) => l?.error !== undefined).length,
      listed: this.api.issues.listedIssues().length,
      treeVisible: this.api.issues.treeView.visible,
      rowsDrawn: this.api.issues.tree.drawCounts.rows,
      wholeRedraws: this.api.issues.tree.drawCounts.whole,
      // Private to their owners; read here only to print how full each bounded cache is.
      issuesKept: (this.api.store as unknown as { table: { size: number } }).table.size,
      locationsKept: (this.api.editor.locator as unknown as { cache: { size: number } }).cache.size,
      rateLimitedRuns: this.api.store.refreshState.rateLimitedRuns,
      ...(this.api.store.refreshState.resetAt !== undefined ? { resetAt: this.api.store.refreshState.resetAt } : {}),
      ended: this.ended,
      ongoing: [...this.ongoing.values()],
      errorMessages: this.errorMessages,
      warningMessages: this.warningMessages,
      refreshed,
      adopted,
      editors: this.textTabs().length,
      panels: this.panels().length,
      actions: this.actions,
      ...(this.actionError ? { actionError: this.actionError } : {}),
      ...(final ? { final } : {}),
    };
    this.ended = [];
    this.actionError = undefined;
    fs.appendFileSync(this.sampleFile, JSON.stringify(s) + '\n');
    this.snapshot(final);
  }

  /** The heap as the sample saw it (after the collection), when the plan asks for snapshots. */
  private snapshot(final: boolean): void {
    const plan = this.plan.heapSnapshots;
    if (!plan) return;
    const elapsed = Date.now() - this.startedAt;
    if (!final && (this.snapshotTaken || elapsed < plan.afterMs)) return;
    this.snapshotTaken = true;
    fs.mkdirSync(plan.dir, { recursive: true });
    v8.writeHeapSnapshot(path.join(plan.dir, `${this.name}-${Math.round(elapsed / 60_000)}.heapsnapshot`));
  }
}
