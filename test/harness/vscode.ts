// A real VS Code (the server inside code-server, see install.ts) driven from headless Chromium.
// Used by the extension-host suites (test/integration), the person-like checks (test/ui) and the
// demo (scripts/demo.ts). Everything started here is stopped by close(), and also on Ctrl+C,
// SIGTERM or process exit.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH, installPaths, isInstallComplete, log, REPO_ROOT } from './install';
import { SharedSecrets } from './sharedSecrets';

export { ensureVSCodeServer, log, REPO_ROOT, timed } from './install';

export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

/** Settings that keep a throwaway VS Code quiet and deterministic; callers' settings win. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'typescript.tsserver.experimental.enableProjectDiagnostics': false,
  'window.commandCenter': false,
  'chat.commandCenter.enabled': false,
  // code-server saves edits after a delay by default (desktop VS Code does not): a test's edit of
  // the sample workspace (the sandbox's own files) must end with a revert, never on disk.
  'files.autoSave': 'off',
};

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The file of the extension's LogOutputChannel "Sentry Explorer" (in <user-data>/logs/<session>/exthost1/<extension id>/). */
export const EXTENSION_LOG_NAME = 'Sentry Explorer.log';

function findFiles(dir: string, name: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => path.basename(f) === name).map((f) => path.join(dir, f));
}

export interface ServerOptions {
  /** The folder the window opens. */
  workspace: string;
  /** Written to <user-data>/User/settings.json before start, over DEFAULT_SETTINGS. */
  settings?: Record<string, unknown>;
  /** Extra environment of the server process; it reaches the extension host. */
  env?: Record<string, string>;
  /** Use this extensions folder (kept on close) instead of a throwaway one. */
  extensionsDir?: string;
  /** Port to bind on 127.0.0.1; a free one when omitted. */
  port?: number;
  /** Extensions (publisher.name) allowed to use proposed APIs (the server's --enable-proposed-api). */
  enableProposedApi?: string[];
  /** Echo the server's output to this process's stderr (default: when SENTRY_EXPLORER_VSCODE_LOG=1). */
  echoServerLog?: boolean;
  /**
   * Let the workbench apply workspace trust: the server starts without --disable-workspace-trust
   * (which otherwise turns trust off whatever the settings say). Trust then follows the user setting
   * security.workspace.trust.enabled (off in DEFAULT_SETTINGS: pass it in `settings`). Nothing is
   * trusted in a fresh browser profile, so the folder opens in Restricted Mode.
   */
  workspaceTrust?: boolean;
}

export interface ServerHandle {
  port: number;
  /** The workbench URL for the workspace (no development extension). */
  url: string;
  userDataDir: string;
  extensionsDir: string;
  serverLogPath: string;
  /**
   * Makes the workbench URL with the given payload (extensionDevelopmentPath, extensionTestsPath:
   * paths on this machine), opening `folderUri` (e.g. a virtual workspace's `scheme:/path`) instead of the workspace.
   */
  workbenchUrl(payload?: Record<string, string>, folderUri?: string): string;
  /** Resolves when the server process exits. */
  exited: Promise<number | null>;
  close(): Promise<void>;
}

export interface StartOptions extends ServerOptions {
  /**
   * The extension under development (payload extensionDevelopmentPath). One only: given several,
   * the workbench of code-server 4.99.4 loads the last (install the others into extensionsDir).
   */
  extensionDevelopmentPath?: string;
  /** The folder the window opens as a URI (a virtual workspace, `scheme:/path`) instead of the workspace folder. */
  folderUri?: string;
  /** A compiled test index exporting `run()` (payload extensionTestsPath). */
  extensionTestsPath?: string;
  viewport?: { width: number; height: number };
  /**
   * One SecretStorage for every window of this workbench (./sharedSecrets.ts), as desktop VS Code
   * shares it between windows; without it each window of code-server keeps its own copy.
   */
  sharedSecrets?: SharedSecrets;
}

/** One more window of a running workbench (VSCodeHandle.openWindow): its own page and extension host. */
export interface WindowHandle {
  page: Page;
  /** The workbench URL the page opened. */
  url: string;
  /** With extensionTestsPath: resolves with the exit code the workbench reports when `run()` settles. */
  testsExitCode: Promise<number>;
  /** Browser console lines of this window seen so far. */
  consoleLines: string[];
}

export interface VSCodeHandle extends ServerHandle {
  browser: Browser;
  page: Page;
  /** With extensionTestsPath: resolves with the exit code the workbench reports when `run()` settles. */
  testsExitCode: Promise<number>;
  /** Browser console lines seen so far. */
  consoleLines: string[];
  /** Waits until the workbench is on screen (activity bar and status bar rendered). */
  waitForWorkbench(timeoutMs?: number): Promise<void>;
  /**
   * Opens another window on the same server, in the same browser profile (and, with sharedSecrets,
   * the same SecretStorage), as a person opens a second window: a new page with an extension host of
   * its own, running the given extensionTestsPath (the first window's when omitted).
   */
  openWindow(opts?: { extensionTestsPath?: string }): Promise<WindowHandle>;
  /**
   * Keeps the server log, the whole VS Code logs folder (the "Sentry Explorer" channel is in
   * logs/<session>/exthost1/<extension id>/), the browser console and a screenshot under
   * test-results/<name>/. Returns that folder.
   */
  collectArtifacts(name: string): Promise<string>;
}

// ---------------------------------------------------------------------------------------------
// Cleanup of everything started, also on Ctrl+C / SIGTERM / exit.

interface Resource {
  /** Best-effort synchronous cleanup for process exit. */
  killSync(): void;
  close(): Promise<void>;
}
const live = new Set<Resource>();
let handlersInstalled = false;
let stoppingOnSignal = false;

/** True once Ctrl+C / SIGTERM started stopping everything (the process exits when that is done). */
export function stoppingOnSignalNow(): boolean {
  return stoppingOnSignal;
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (signal: NodeJS.Signals) => {
    const code = 128 + (os.constants.signals[signal] ?? 15);
    if (stoppingOnSignal) {
      // A second Ctrl+C: stop at once (server process groups are killed on exit).
      process.exit(code);
    }
    stoppingOnSignal = true;
    log(`${signal}: stopping VS Code and the browser (again to force)`);
    const force = setTimeout(() => process.exit(code), 8000);
    force.unref();
    Promise.allSettled([...live].map((r) => r.close())).finally(() => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('exit', () => {
    for (const r of live) r.killSync();
  });
}

function track(r: Resource): Resource {
  installHandlers();
  live.add(r);
  return r;
}

/**
 * Runs `close` with the harness's own cleanup on Ctrl+C / SIGTERM (e.g. a sandbox service started
 * beside VS Code). Returns a function that runs it now (once) and unregisters it.
 */
export function onCleanup(close: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const r: Resource = {
    killSync() {
      // At exit only the synchronous part of `close` runs (enough for rmSync or server.close()).
      if (done) return;
      done = true;
      try {
        void (close() as Promise<void> | undefined)?.catch?.(() => undefined);
      } catch {
        /* best effort */
      }
    },
    async close() {
      if (done) return;
      done = true;
      live.delete(r);
      await close();
    },
  };
  track(r);
  return () => r.close();
}

// ---------------------------------------------------------------------------------------------

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, logPath: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the VS Code server exited (${child.exitCode ?? child.signalCode}) before it listened; log:\n${tail(logPath, 30)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the VS Code server did not answer ${url} within ${timeoutMs} ms; log:\n${tail(logPath, 30)}`);
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function requireInstalled() {
  if (!isInstallComplete()) throw new Error('the VS Code server is not installed: call ensureVSCodeServer() first');
  return installPaths();
}

/**
 * Keeps the code-server wrapper out of the home folder: it would write its config file to
 * ~/.config/code-server and its heartbeat and own logs to ~/.local/share/code-server.
 */
function isolatedEnv(tmp: string): Record<string, string> {
  return {
    VSCODE_PROXY_URI: '',
    XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'),
    XDG_DATA_HOME: path.join(tmp, 'xdg-data'),
  };
}

/** Installs a .vsix into an extensions folder with the server's own CLI. */
export function installExtension(vsix: string, extensionsDir: string): void {
  const { codeServerBin } = requireInstalled();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-install-'));
  try {
    const r = spawnSync(process.execPath, [codeServerBin, '--user-data-dir', path.join(tmp, 'user-data'), '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'], {
      encoding: 'utf8',
      env: { ...process.env, ...isolatedEnv(tmp) },
    });
    if (r.status !== 0) throw new Error(`installing ${vsix} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Starts the VS Code server (through the code-server wrapper) with throwaway user data. */
export async function startVSCodeServer(opts: ServerOptions): Promise<ServerHandle> {
  const { codeServerBin } = requireInstalled();
  const workspace = path.resolve(opts.workspace);
  if (!fs.statSync(workspace).isDirectory()) throw new Error(`workspace ${workspace} is not a folder`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-vscode-'));
  const userDataDir = path.join(tmp, 'user-data');
  const extensionsDir = opts.extensionsDir ?? path.join(tmp, 'extensions');
  const serverLogPath = path.join(tmp, 'server.log');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, ...opts.settings }, null, 2));

  const port = opts.port ?? (await freePort());
  const logFd = fs.openSync(serverLogPath, 'a');
  const args = [
    codeServerBin,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(opts.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    ...(opts.enableProposedApi ?? []).flatMap((id) => ['--enable-proposed-api', id]),
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    workspace,
  ];
  const echo = opts.echoServerLog ?? process.env.SENTRY_EXPLORER_VSCODE_LOG === '1';
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: workspace,
    detached: true, // its own process group: the extension host and other helpers die with it
    stdio: ['ignore', echo ? 'pipe' : logFd, echo ? 'pipe' : logFd],
    env: { ...process.env, ...opts.env, ...isolatedEnv(tmp) },
  });
  fs.closeSync(logFd);
  if (echo) {
    const out = fs.createWriteStream(serverLogPath, { flags: 'a' });
    for (const s of [child.stdout!, child.stderr!]) {
      s.on('data', (d: Buffer) => {
        out.write(d);
        process.stderr.write(d);
      });
    }
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  let closed = false;
  const resource: Resource = {
    killSync() {
      killGroup(child, 'SIGKILL');
      fs.rmSync(tmp, { recursive: true, force: true });
    },
    async close() {
      if (closed) return;
      closed = true;
      live.delete(resource);
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      killGroup(child, 'SIGKILL'); // stragglers of the group
      fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  track(resource);

  const base = `http://127.0.0.1:${port}`;
  const workbenchUrl = (payload?: Record<string, string>, folderUri?: string) => {
    // A folder value not starting with '/' is read as a URI (code-server's workbench.ts, the workspace provider).
    let u = `${base}/?folder=${folderUri ? encodeURIComponent(folderUri) : encodeURIComponent(workspace).replace(/%2F/g, '/')}`;
    const pairs = Object.entries(payload ?? {}).map(([k, v]) => [k, `vscode-remote://127.0.0.1:${port}${path.resolve(v)}`]);
    if (pairs.length) u += `&payload=${encodeURIComponent(JSON.stringify(pairs))}`;
    return u;
  };
  try {
    await waitForHttp(`${base}/healthz`, child, 60_000, serverLogPath);
  } catch (e) {
    await resource.close();
    throw e;
  }
  log(`VS Code server listening on ${base} after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { port, url: workbenchUrl(), userDataDir, extensionsDir, serverLogPath, workbenchUrl, exited, close: () => resource.close() };
}

/**
 * Starts the server and opens the workbench in headless Chromium with the extension under
 * development (and, with extensionTestsPath, runs its suites in the extension host).
 */
export async function startVSCode(opts: StartOptions): Promise<VSCodeHandle> {
  return openWorkbench(await startVSCodeServer(opts), opts);
}

/** Opens the workbench of a running server in headless Chromium; close() stops both. */
export async function openWorkbench(server: ServerHandle, opts: Omit<StartOptions, keyof ServerOptions> = {}): Promise<VSCodeHandle> {
  let browser: Browser | undefined;
  let closed = false;
  const resource: Resource = {
    killSync() {
      /* playwright kills its browser on exit itself */
    },
    async close() {
      if (closed) return;
      closed = true;
      live.delete(resource);
      await browser?.close().catch(() => undefined);
      await server.close();
    },
  };
  track(resource);
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 } });
    if (opts.sharedSecrets) await opts.sharedSecrets.attach(context);
    const { page, testsExitCode, consoleLines, url } = await openWindowPage(context, server, opts);

    const handle: VSCodeHandle = {
      ...server,
      url,
      browser,
      page,
      testsExitCode,
      consoleLines,
      close: () => resource.close(),
      openWindow: (more = {}) => openWindowPage(context, server, { ...opts, ...more }),
      async waitForWorkbench(timeoutMs = 60_000) {
        await page.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: timeoutMs });
        await page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout: timeoutMs });
      },
      async collectArtifacts(name: string) {
        const dir = path.join(RESULTS_DIR, name.replace(/[^\w.-]+/g, '-'));
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, 'screenshot.png'), timeout: 10_000 }).catch((e) => {
          fs.writeFileSync(path.join(dir, 'screenshot-failed.txt'), String(e));
        });
        if (fs.existsSync(server.serverLogPath)) fs.copyFileSync(server.serverLogPath, path.join(dir, 'server.log'));
        const logs = path.join(server.userDataDir, 'logs');
        if (fs.existsSync(logs)) fs.cpSync(logs, path.join(dir, 'logs'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'browser-console.log'), consoleLines.join('\n') + '\n');
        const rel = (p: string) => path.relative(process.cwd(), p) || p;
        const channel = findFiles(path.join(dir, 'logs'), EXTENSION_LOG_NAME)[0];
        log(
          `artifacts of "${name}" kept in ${rel(dir)}/: screenshot.png, server.log, browser-console.log, logs/` +
            (channel ? ` (the extension's log: ${rel(channel)})` : ` (no "${EXTENSION_LOG_NAME}" in them)`),
        );
        return dir;
      },
    };
    return handle;
  } catch (e) {
    await resource.close();
    throw e;
  }
}

// Every webview's outer frame (VS Code's webview/browser/pre/index.html) registers the resource
// service worker under a URL of its own (service-worker.js?…&id=<webview id>), so a second webview
// of the same origin (every panel of one view type shares one) replaces the first one's worker.
// The frames then answer resource loads to the new worker, and a load still in flight in the old
// one waits out the worker's 30 s resolveTimeout (pre/service-worker.js): a panel opened while
// another loads showed after 30 s, in about one run in two of the suites that open panels. The
// webview id in that URL serves only loads from web workers inside a webview, which the events
// panel has none of. The harness serves index.html with one worker URL per origin (the same
// script, registered once) and the CSP hash of its inline script to match, so no worker is
// replaced. Desktop VS Code has no such worker (webviews load through its own protocol).
const WORKER_URL_ID = '&id=${ID}&remoteAuthority=';
const INLINE_SCRIPT = /(<script async type="module">)([\s\S]*?)(<\/script>)/;

async function keepOneWebviewWorker(page: Page): Promise<void> {
  await page.route(/\/webview\/browser\/pre\/index\.html(\?.*)?$/, async (route) => {
    const res = await route.fetch();
    let body = await res.text();
    const script = INLINE_SCRIPT.exec(body)?.[2];
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    if (script?.includes(WORKER_URL_ID) && body.includes(hash(script))) {
      const patched = script.replace(WORKER_URL_ID, '&remoteAuthority=');
      body = body.replace(INLINE_SCRIPT, (_, open: string, _old: string, close: string) => open + patched + close).replace(hash(script), () => hash(patched));
    } else {
      log("the webview's service worker URL was not found in pre/index.html: webview panels may wait 30 s for a replaced worker");
    }
    const headers = { ...res.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: res.status(), headers, body });
  });
}

/** A page of `context` on the server's workbench: the extension under development, its tests, the workbench's patches. */
async function openWindowPage(context: BrowserContext, server: ServerHandle, opts: Omit<StartOptions, keyof ServerOptions>): Promise<WindowHandle> {
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
  let resolveExit!: (code: number) => void;
  const testsExitCode = new Promise<number>((r) => (resolveExit = r));
  const patches: WorkbenchPatch[] = [];
  if (opts.extensionTestsPath) {
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    patches.push(letDialogsShowOnRequest);
  }
  if (opts.sharedSecrets) patches.push(shareSecrets);
  if (patches.length) await patchWorkbench(page, patches);
  await keepOneWebviewWorker(page);
  const payload: Record<string, string> = {};
  if (opts.extensionDevelopmentPath) payload.extensionDevelopmentPath = opts.extensionDevelopmentPath;
  if (opts.extensionTestsPath) payload.extensionTestsPath = opts.extensionTestsPath;
  const url = server.workbenchUrl(payload, opts.folderUri);
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  return { page, url, testsExitCode, consoleLines };
}

/** A change to the workbench script as the page loads it: the new text, or undefined when it does not apply (logged). */
type WorkbenchPatch = (body: string) => string | undefined;

async function patchWorkbench(page: Page, patches: readonly WorkbenchPatch[]): Promise<void> {
  await page.route(/\/out\/vs\/code\/browser\/workbench\/workbench\.js(\?.*)?$/, async (route) => {
    const res = await route.fetch();
    let body = await res.text();
    for (const patch of patches) body = patch(body) ?? body;
    const headers = { ...res.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: res.status(), headers, body });
  });
}

const shareSecrets: WorkbenchPatch = (body) => {
  const patched = SharedSecrets.patchWorkbench(body);
  if (patched === undefined) log("VS Code's secret storage service was not found in workbench.js: the windows keep a SecretStorage each");
  return patched;
};

/** Env naming the folder through which extension-host suites have the harness answer workbench dialogs (test/integration/dialogs.ts). */
export const DIALOGS_ENV = 'SENTRY_EXPLORER_TEST_DIALOGS';

// While extension tests run, VS Code's DialogService shows no dialog: confirm() answers "confirmed"
// and prompt() throws. The workbench script is served with that check made to give way while this
// global is true, which answerDialogs sets only while a suite's answer is pending.
const SHOW_DIALOGS = '__sentryExplorerShowDialogs';
const DIALOGS_PATCHED = '__sentryExplorerDialogsPatched';
// vs/workbench/services/dialogs/common/dialogService.ts, minified: the check right before confirm().
const SKIP_DIALOGS_IN_TESTS = /\{return (this\.[\w$]+\.isExtensionDevelopment&&this\.[\w$]+\.extensionTestsLocationURI\?!0:!!this\.[\w$]+\.enableSmokeTestDriver)\}(?=async confirm\()/;

const letDialogsShowOnRequest: WorkbenchPatch = (body) => {
  if (!SKIP_DIALOGS_IN_TESTS.test(body)) {
    log("VS Code's dialog check was not found in workbench.js: suites cannot answer dialogs in this version");
    return undefined;
  }
  return body.replace(SKIP_DIALOGS_IN_TESTS, (_, check: string) => `{return globalThis.${SHOW_DIALOGS}?!1:${check}}`) + `\nglobalThis.${DIALOGS_PATCHED}=true;\n`;
};

interface DialogAnswer {
  button: string;
  id: string;
}

/**
 * Answers modal workbench dialogs (.monaco-dialog-box) that the extension host cannot click, e.g.
 * a language model tool's confirmation, only while `<dir>/answer.json` asks for a button, so other
 * suites' dialogs stay as they were. Protocol (test/integration/dialogs.ts is the other side):
 * answer.json appears -> dialogs are let through and `<dir>/armed.json` names its id -> the next
 * visible dialog is appended to `<dir>/dialogs.jsonl`, answer.json and armed.json are removed and
 * the button clicked. Returns a function that stops it.
 */
export function answerDialogs(page: Page, dir: string, intervalMs = 150): () => void {
  const answerFile = path.join(dir, 'answer.json');
  const armedFile = path.join(dir, 'armed.json');
  const recordFile = path.join(dir, 'dialogs.jsonl');
  // Dialogs already answered keep this mark until they leave the DOM, so none is answered twice.
  const ANSWERED = 'data-sentry-explorer-answered';
  const box = page.locator(`.monaco-dialog-box:not([${ANSWERED}])`).last();
  let armed: string | undefined;
  let stopped = false;
  let loggedFailure = false;
  let timer: NodeJS.Timeout | undefined;

  const showDialogs = (on: boolean) =>
    page.evaluate(
      ([name, patched, value]) => {
        const g = globalThis as unknown as Record<string, unknown>;
        g[name] = value;
        return g[patched] === true;
      },
      [SHOW_DIALOGS, DIALOGS_PATCHED, on] as const,
    );
  const writeArmed = (value: object) => {
    fs.writeFileSync(`${armedFile}.tmp`, JSON.stringify(value));
    fs.renameSync(`${armedFile}.tmp`, armedFile);
  };
  const disarm = async () => {
    armed = undefined;
    fs.rmSync(armedFile, { force: true });
    await showDialogs(false);
  };

  const pollOnce = async () => {
    // The file first: without an answer the page is not touched at all.
    let answer: DialogAnswer | undefined;
    if (fs.existsSync(answerFile)) {
      try {
        answer = JSON.parse(fs.readFileSync(answerFile, 'utf8')) as DialogAnswer;
      } catch {
        return; // gone meanwhile: next time
      }
    }
    if (!answer) {
      if (armed !== undefined) await disarm();
      return;
    }
    const id = String(answer.id ?? '');
    if (armed !== id) {
      const patched = await showDialogs(true);
      armed = id;
      writeArmed(patched ? { id } : { id, error: "VS Code's dialog check could not be patched (see the harness log): dialogs stay refused in extension tests" });
      return;
    }
    if (!(await box.isVisible())) return;
    const seen = await box.evaluate(
      // No named functions inside: tsx would wrap them in a helper the page does not have.
      (el, mark) => {
        const buttons = Array.from(el.querySelectorAll<HTMLElement>('.dialog-buttons .monaco-button')).map((b) => (b.getAttribute('aria-label') ?? b.innerText).trim());
        const message = el.querySelector<HTMLElement>('.dialog-message-text')?.innerText.trim();
        const detail = el.querySelector<HTMLElement>('.dialog-message-detail')?.innerText.trim() ?? '';
        if (buttons.length) el.setAttribute(mark, '');
        // Without a detail VS Code shows the message in the detail element.
        return message === undefined ? { message: detail, detail: '', buttons } : { message, detail, buttons };
      },
      ANSWERED,
      { timeout: 1000 },
    );
    if (!seen.buttons.length) return; // still being drawn
    const wanted = String(answer.button ?? '');
    let clicked = seen.buttons.find((b) => b.toLowerCase() === wanted.toLowerCase());
    let error: string | undefined;
    if (clicked === undefined) {
      try {
        const re = new RegExp(wanted, 'i');
        clicked = seen.buttons.find((b) => re.test(b));
      } catch (e) {
        error = `"${wanted}" is not a regular expression: ${(e as Error).message}`;
      }
    }
    if (clicked === undefined) error ??= `no button matches "${wanted}" (buttons: ${seen.buttons.join(', ')})`;
    fs.appendFileSync(recordFile, JSON.stringify({ id, answer: wanted, ...seen, clicked: clicked ?? null, ...(error ? { error } : {}) }) + '\n');
    fs.rmSync(answerFile, { force: true });
    await disarm();
    if (clicked === undefined) {
      log(`dialog "${seen.message}": ${error}; left open`);
      return;
    }
    await page.locator(`.monaco-dialog-box[${ANSWERED}]`).last().locator('.dialog-buttons').getByRole('button', { name: clicked, exact: true }).first().click({ timeout: 5000 });
  };

  const tick = () => {
    pollOnce()
      .catch((e: unknown) => {
        if (stopped || loggedFailure) return;
        loggedFailure = true;
        log(`answering a workbench dialog failed (further failures not logged): ${(e as Error).message ?? e}`);
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export interface RunTestsOptions extends StartOptions {
  extensionTestsPath: string;
  /** Name of the artifacts folder on failure. */
  name: string;
  timeoutMs?: number;
}

export interface TestsResult {
  /** 0 when every suite passed. */
  exitCode: number;
  /** Mocha's counts as written by the test index (SENTRY_EXPLORER_TEST_STATS), when it got that far. */
  passed: number;
  failed: number;
  /** Each failed test's title and first lines (a window that ended without its counts: why). */
  failures: string[];
  /** What the suites printed. */
  output: string;
}

/**
 * Runs suites inside the extension host, streams what they print to stdout and returns their
 * exit code and counts (artifacts kept under test-results/<name>/ on failure).
 */
export async function runExtensionTests(opts: RunTestsOptions): Promise<TestsResult> {
  const io = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-tests-'));
  const outputFile = path.join(io, 'output.log');
  const statsFile = path.join(io, 'stats.json');
  const dialogsDir = path.join(io, 'dialogs');
  fs.mkdirSync(dialogsDir);
  fs.writeFileSync(outputFile, '');
  let printed = 0;
  const pump = () => {
    const buf = fs.readFileSync(outputFile);
    if (buf.length > printed) {
      process.stdout.write(buf.subarray(printed));
      printed = buf.length;
    }
  };
  const poller = setInterval(pump, 200);
  let exitCode = 1;
  try {
    const vscode = await startVSCode({
      ...opts,
      env: {
        ...opts.env,
        SENTRY_EXPLORER_TEST_OUTPUT: outputFile,
        SENTRY_EXPLORER_TEST_STATS: statsFile,
        SENTRY_EXPLORER_TEST_COLOR: process.stdout.isTTY ? '1' : '0',
        [DIALOGS_ENV]: dialogsDir,
      },
    });
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const stopAnswering = answerDialogs(vscode.page, dialogsDir);
    try {
      const timeoutMs = opts.timeoutMs ?? 5 * 60_000;
      const timeout = new Promise<number>((resolve) => {
        timer = setTimeout(() => {
          log(`the extension-host suites did not finish within ${timeoutMs / 1000} s`);
          resolve(124);
        }, timeoutMs);
      });
      const serverDied = vscode.exited.then((c) => {
        if (!settled) log(`the VS Code server exited (${c}) while the suites ran`);
        return 125;
      });
      exitCode = await Promise.race([vscode.testsExitCode, timeout, serverDied]);
    } finally {
      settled = true;
      clearTimeout(timer);
      stopAnswering();
      if (exitCode !== 0 || process.env.SENTRY_EXPLORER_KEEP_ARTIFACTS === '1') await vscode.collectArtifacts(opts.name).catch((e) => log(`could not keep artifacts: ${e}`));
      await vscode.close();
    }
  } catch (e) {
    if (!stoppingOnSignal) log(`running the extension-host suites "${opts.name}" failed: ${(e as Error).stack ?? e}`);
  } finally {
    clearInterval(poller);
    pump();
  }
  let passed = 0;
  let failed = 0;
  let failures: string[] = [];
  try {
    ({ passed, failed, failures = [] } = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as { passed: number; failed: number; failures?: string[] });
  } catch {
    /* the suites did not get to the end */
  }
  const output = fs.readFileSync(outputFile, 'utf8');
  fs.rmSync(io, { recursive: true, force: true });
  // A run that failed without a failing test (crash, timeout, activation error) still counts as one failure.
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    failures = [`the window ended without a failing test (exit ${exitCode}): see its log above`];
  }
  return { exitCode, passed, failed, failures, output };
}
