// npm run demo [-- --port <n>] [-- --screenshot <file.png>]
//
// Starts the seeded sandbox service and a real VS Code (the server of test/harness) with the
// extension installed from the production bundle (.vsix), the sandbox's sample workspace open and
// the extension pointed at the sandbox through user settings. Prints the URL to open in a browser;
// Ctrl+C stops everything. With --screenshot it runs headless instead: opens the Sentry view,
// waits until its content is on screen, saves the screenshot and exits (0, or 1 with a reason).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SANDBOX_WORKSPACE, sandboxSettings, startSandbox } from '../test/harness/sandbox';
import { ensureVSCodeServer, installExtension, log, timed, onCleanup, openWorkbench, REPO_ROOT, startVSCodeServer, stoppingOnSignalNow } from '../test/harness/vscode';
import { workbench } from '../test/ui/framework';

function parseArgs(argv: string[]) {
  const args: { screenshot?: string; port?: number } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--screenshot') args.screenshot = path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[++i] ?? '');
    else if (a === '--port') args.port = Number(argv[++i]);
    else if (a === '--help' || a === '-h') {
      console.log('usage: npm run demo [-- --port <n>] [-- --screenshot <file.png>]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a} (try --help)`);
  }
  if (args.screenshot !== undefined && !args.screenshot.endsWith('.png')) throw new Error('--screenshot needs a .png file name');
  if (args.port !== undefined && !(Number.isInteger(args.port) && args.port > 0 && args.port < 65536)) throw new Error('--port needs a port number');
  return args;
}

/** Builds the production bundle and packages it (vsce runs `vscode:prepublish`, i.e. esbuild --production). */
function packageExtension(outDir: string): string {
  const vsix = path.join(outDir, 'sentry-explorer.vsix');
  const r = spawnSync('npx', ['--no-install', 'vsce', 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0 || !fs.existsSync(vsix)) {
    throw new Error(`packaging the extension failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return vsix;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  await timed('VS Code server', ensureVSCodeServer);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-demo-'));
  const removeTmp = onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const extensionsDir = path.join(tmp, 'extensions');
  const vsix = await timed('production build and .vsix', () => packageExtension(tmp));
  await timed('install the .vsix', () => installExtension(vsix, extensionsDir));

  const sandbox = await timed('sandbox service', () => startSandbox());
  const stopSandbox = onCleanup(() => sandbox.close());
  log(`sandbox service on ${sandbox.url} (client id ${sandbox.defaults.clientId})`);

  const server = await startVSCodeServer({
    workspace: SANDBOX_WORKSPACE,
    settings: sandboxSettings(sandbox),
    extensionsDir,
    port: args.port,
  });

  if (!args.screenshot) {
    console.log(`\nSentry Explorer demo: open ${server.url}\n(the Sentry view is in the activity bar; press Ctrl+C here to stop)\n`);
    const code = await server.exited; // until Ctrl+C (the harness then stops everything and exits) or a crash
    if (stoppingOnSignalNow()) return;
    log(`the VS Code server exited unexpectedly (${code})`);
    await stopSandbox();
    await removeTmp();
    process.exit(1);
  }

  const vscode = await openWorkbench(server);
  let ok = false;
  try {
    await vscode.waitForWorkbench();
    const wb = workbench(vscode.page);
    const view = await timed('open the Sentry view', () => wb.openView('Sentry'));
    // Loaded: its welcome content (signed out) or tree rows (signed in) are on screen.
    const content = view.locator('.welcome-view-content, .monaco-list-row').first();
    await content.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.waitForIdle(view);
    await vscode.page.mouse.move(700, 400); // no hover tooltip over the activity bar
    await vscode.page.waitForTimeout(500); // let the last paint settle
    fs.mkdirSync(path.dirname(args.screenshot), { recursive: true });
    await vscode.page.screenshot({ path: args.screenshot });
    const text = (await view.locator('.pane-body').first().innerText()).replace(/\s+/g, ' ').trim();
    console.log(`screenshot saved to ${args.screenshot}\nthe Sentry view shows: ${text.slice(0, 300)}`);
    ok = true;
  } catch (e) {
    console.error(`demo failed: ${(e as Error).message}`);
    await vscode.collectArtifacts('demo').catch(() => undefined);
  } finally {
    await vscode.close();
    await stopSandbox();
    await removeTmp();
  }
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(`demo failed: ${(e as Error).stack ?? e}`);
  process.exit(1);
});
