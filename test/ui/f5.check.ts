// F5 as .vscode/launch.json and tasks.json describe it, driven like a person in a VS Code of its
// own: a throwaway copy of the repository is the open folder (the working tree is never touched),
// F5 runs "Run Extension" (its preLaunchTask: the watch build and the sandbox on their fixed port),
// and VS Code's debugger opens the Extension Development Host on the launch's workspace. In the VS
// Code server the host is a second browser window (the server's user settings are its user
// settings, where the desktop uses yours). Then a source file changes on disk, the watch build
// rebuilds, the host reloads, and the check measures how long the change took to show.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import ts from 'typescript';
import * as net from 'node:net';
import { DEFAULT_AUTH_TOKEN, DEFAULT_CLIENT_ID } from '../sandbox/index';
import { onCleanup, openWorkbench, REPO_ROOT, RESULTS_DIR, startVSCodeServer, type VSCodeHandle } from '../harness/vscode';
import { check, workbench } from './framework';
import { signInWithToken } from './session';
import { UI_SETTINGS } from './run';

interface LaunchConfig {
  name: string;
  type: string;
  request: string;
  args?: string[];
  preLaunchTask?: string;
}
interface TaskConfig {
  label: string;
  type?: string;
  script?: string;
  command?: string;
  isBackground?: boolean;
  dependsOn?: string[];
  problemMatcher?: { background?: { endsPattern?: string } };
}

/** Reads a JSON-with-comments file of .vscode/ as VS Code does (comments allowed). */
function readJsonc<T>(file: string): T {
  const { config, error } = ts.parseConfigFileTextToJson(file, fs.readFileSync(file, 'utf8'));
  if (error) throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  return config as T;
}

/** What F5 runs, read from the repository's own .vscode files and checked to be what CONTRIBUTING.md says. */
function readF5(root: string) {
  const launch = readJsonc<{ configurations: LaunchConfig[] }>(path.join(root, '.vscode', 'launch.json'));
  const tasks = readJsonc<{ tasks: TaskConfig[] }>(path.join(root, '.vscode', 'tasks.json')).tasks;
  const run = launch.configurations[0];
  if (run?.name !== 'Run Extension' || run.type !== 'extensionHost' || run.request !== 'launch') {
    throw new Error(`the first launch configuration (what F5 starts) is not the extension host "Run Extension": ${JSON.stringify(run)}`);
  }
  const task = (label: string) => tasks.find((t) => t.label === label) ?? assertNever(`no task "${label}" in tasks.json`);
  const pre = task(run.preLaunchTask ?? assertNever('"Run Extension" has no preLaunchTask'));
  const parts = (pre.dependsOn ?? [pre.label]).map(task);
  const watch = parts.find((t) => t.type === 'npm' && t.script === 'watch') ?? assertNever('F5 does not start "npm run watch"');
  if (!watch.isBackground || !watch.problemMatcher?.background?.endsPattern) throw new Error('the watch task is not a background task that knows when its build finished');
  const sandbox = parts.find((t) => /npm run sandbox/.test(t.command ?? '')) ?? assertNever('F5 does not start the sandbox');
  const port = Number(/--port (\d+)/.exec(sandbox.command ?? '')?.[1] ?? assertNever('the sandbox task names no --port'));
  const args = run.args ?? [];
  if (!args.includes('--extensionDevelopmentPath=${workspaceFolder}')) throw new Error(`"Run Extension" does not develop this folder: ${args.join(' ')}`);
  const folder = args.find((a) => !a.startsWith('-')) ?? assertNever('"Run Extension" opens no folder');
  return { port, workspace: folder.replace('${workspaceFolder}', root) };
}

function assertNever(message: string): never {
  throw new Error(message);
}

/** The working tree's files (tracked, and new ones not ignored) copied to `dir`; node_modules linked. */
function copyRepository(dir: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const rel of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(REPO_ROOT, rel);
    const stat = fs.lstatSync(from, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue; // deleted, or a link such as a worktree's node_modules
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, rel));
  }
  fs.symlinkSync(fs.realpathSync(path.join(REPO_ROOT, 'node_modules')), path.join(dir, 'node_modules'));
}

/**
 * The copy's launch and tasks moved from their fixed sandbox port to a free one, so a sandbox the
 * developer left running (or any other program on that port) cannot fail the check.
 */
async function movePort(root: string, fixed: number): Promise<number> {
  const free = await new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
  for (const name of ['launch.json', 'tasks.json']) {
    const file = path.join(root, '.vscode', name);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace(new RegExp(`(--port[" ,]+|127\\.0\\.0\\.1:)${fixed}\\b`, 'g'), `$1${free}`));
  }
  if (readF5(root).port !== free) throw new Error(`the sandbox task's port did not move from ${fixed} to ${free}`);
  return free;
}

/** True when something already listens on the port (the sandbox task could not start). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

check(
  'F5 ("Run Extension") opens the development host with the extension, and a saved change shows after a reload',
  async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-f5-'));
    const repo = path.join(tmp, 'repo');
    const removeTmp = onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));
    let main: VSCodeHandle | undefined;
    try {
      copyRepository(repo);
      const f5 = { ...readF5(repo), port: await movePort(repo, readF5(repo).port) };
      if (await portInUse(f5.port)) throw new Error(`port ${f5.port} is taken (a sandbox task already running?): the launch's sandbox task needs it`);
      fs.rmSync(path.join(repo, 'dist'), { recursive: true, force: true }); // the watch build has to make it
      main = await openWorkbench(
        await startVSCodeServer({
          workspace: repo,
          // What CONTRIBUTING.md asks to put in the user settings to reach the sandbox task.
          settings: { ...UI_SETTINGS, 'sentryExplorer.baseUrl': `http://127.0.0.1:${f5.port}`, 'sentryExplorer.oauth.clientId': DEFAULT_CLIENT_ID },
        }),
      );
      await main.waitForWorkbench();
      let opened: Page | undefined;
      main.page.context().once('page', (p) => (opened = p));
      const t0 = performance.now();
      // A window that has only just loaded may not have its debuggers yet: F5 then only shows the
      // Run and Debug view. Pressed again until the watch build (the preLaunchTask) has started.
      for (let press = 0; ; press++) {
        await main.page.locator('.part.editor').click();
        await main.page.keyboard.press('F5');
        const started = await waitUntil('F5 to start the watch build', () => !!opened || fs.existsSync(path.join(repo, 'dist')), 15_000).then(
          () => true,
          () => false,
        );
        if (started) break;
        if (press === 3) throw new Error('F5 did not start the "Run Extension" launch (no watch build after 4 presses)');
      }
      await waitUntil('the Extension Development Host window', () => !!opened, 180_000);
      const host = opened as unknown as Page;
      const tHost = performance.now();
      if (!fs.existsSync(path.join(repo, 'dist', 'extension.js'))) throw new Error('the host opened before the watch build wrote dist/extension.js');
      host.setDefaultTimeout(30_000);
      const wb = workbench(host);
      await host.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: 60_000 });
      await waitUntil(
        'the window title of an Extension Development Host on the sample workspace',
        async () => /Extension Development Host/.test(await host.title()) && (await host.title()).includes(path.basename(f5.workspace)),
        30_000,
      );
      // Signed in to the sandbox the launch started, on the port the user settings name: the
      // sample workspace's .sentryclirc picks the project.
      const view = await wb.openView('Sentry');
      await wb.waitForText("Sign in to Sentry to see your project's issues.", { within: view });
      await signInWithToken(host, wb, DEFAULT_AUTH_TOKEN);
      await view
        .getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / })
        .first()
        .waitFor({ state: 'visible' });
      await wb.waitForIdle(view);
      await host.mouse.move(700, 400); // no tooltip over the activity bar
      const shot = await wb.screenshot('f5-extension-development-host');
      process.stdout.write(`      F5 to a loaded development host: ${((tHost - t0) / 1000).toFixed(1)} s to the window; screenshot ${path.relative(process.cwd(), shot)}\n`);

      // A change to a string the host shows: the activation line of the "Sentry Explorer" log.
      const marker = `edited-${Date.now().toString(36)}`;
      const source = path.join(repo, 'src', 'extension.ts');
      const before = fs.readFileSync(source, 'utf8');
      const after = before.replace('log.info(`activated in ', `log.info(\`activated (${marker}) in `);
      if (after === before) throw new Error('src/extension.ts no longer logs "activated in ...": pick another string for this check');
      const bundle = path.join(repo, 'dist', 'extension.js');
      fs.writeFileSync(source, after);
      const tSave = performance.now();
      await waitUntil('the watch build to write the change to dist/extension.js', () => fs.readFileSync(bundle, 'utf8').includes(marker), 30_000);
      const tBuilt = performance.now();
      await wb.reloadWindow();
      const tReloaded = performance.now();
      // The palette lists what the window knew when it opened: wait for the extension's tree first.
      const reloaded = await wb.openView('Sentry');
      await reloaded
        .getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / })
        .first()
        .waitFor({ state: 'visible' });
      await wb.runCommand('Sentry Explorer: Show Log');
      await wb.waitFor(`"activated (${marker})" in the Sentry Explorer log`, async () => (await wb.outputText()).includes(marker), 30_000);
      const tSeen = performance.now();
      await wb.screenshot('f5-change-seen-after-reload');
      process.stdout.write(
        `      saved change to seen in the host: ${((tSeen - tSave) / 1000).toFixed(1)} s (watch build ${Math.round(tBuilt - tSave)} ms, window reload ${((tReloaded - tBuilt) / 1000).toFixed(1)} s, then the log ${((tSeen - tReloaded) / 1000).toFixed(1)} s)\n`,
      );
    } catch (e) {
      // The check's own windows are not the one the runner keeps artifacts of.
      if (main) await main.collectArtifacts('ui-f5-main-window').catch(() => undefined);
      for (const [i, p] of (main?.page.context().pages() ?? []).slice(1).entries()) {
        await p.screenshot({ path: path.join(RESULTS_DIR, 'ui-f5-main-window', `host-${i + 1}.png`) }).catch(() => undefined);
      }
      throw e;
    } finally {
      await main?.close();
      await removeTmp();
    }
  },
  { timeoutMs: 300_000 },
);
