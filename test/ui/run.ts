// Runs the person-like checks (test/ui/*.check.ts) against one VS Code window with the extension
// under development. A failed check keeps its artifacts under test-results/ui-<check>/ and the
// window is reloaded before the next check.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import { installExtension, log, onCleanup, REPO_ROOT, startVSCode, stoppingOnSignalNow, type VSCodeHandle } from '../harness/vscode';
import { registry, slug, UI_RESULTS_DIR, workbench, type UiCheck } from './framework';

export interface UiRunOptions {
  workspace: string;
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  /** Only checks whose name contains this text, or those of one file ("basics.check.ts" or "basics"). */
  grep?: string;
  /** The checks of the platform workspace (UiCheck.workspace), whose screenshots join the others'; else every other check. */
  platforms?: boolean;
  /** The checks of the git copy of the sample workspace (UiCheck.workspace `git`), whose screenshots join the others'. */
  git?: boolean;
  /** The checks of the web worker extension host on a virtual workspace (UiCheck.workspace `web`), whose screenshots join the others'. */
  web?: boolean;
}

/** The test-only web extension that serves the sample workspace as a virtual workspace (scheme sentrytest-memfs). */
export const WEBFS_EXTENSION = path.join(REPO_ROOT, 'test', 'webfs');
const WEBFS_ID = 'sentry-explorer-test.sentrytest-memfs';

/** A throwaway extensions folder with test/webfs installed from a .vsix of it (removed at exit). */
function webExtensionsDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-web-extensions-'));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  const vsix = path.join(dir, 'webfs.vsix');
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const r = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix], { cwd: WEBFS_EXTENSION, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`packaging test/webfs failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  installExtension(vsix, dir);
  fs.rmSync(vsix);
  return dir;
}
/**
 * The web checks' window: the user setting that runs the extension (publisher.name) in the web
 * worker extension host, as a browser-only host (vscode.dev) runs it. The check asserts it there.
 */
export const WEB_SETTINGS: Record<string, unknown> = { 'remote.extensionKind': { 'sentry-explorer.sentry-explorer': ['web'] } };

/** The virtual workspace's folder: the sample workspace under test/webfs's scheme. */
export const WEBFS_FOLDER = 'sentrytest-memfs:/sample';

export interface Counts {
  passed: number;
  failed: number;
  /** Each failed check's name and first lines, for the run's summary. */
  failures: string[];
}

async function loadChecks(): Promise<UiCheck[]> {
  const dir = __dirname;
  for (const f of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.check.ts'))
    .sort()) {
    const before = registry.length;
    await import(pathToFileURL(path.join(dir, f)).href);
    for (const c of registry.slice(before)) c.file = f;
  }
  return registry;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    }),
  ]);
}

/**
 * Settings of the checks' window, under the caller's. After a quick pick closes, VS Code gives the
 * focus back to the active editor, and a webview editor (the events panel) takes it a moment later
 * (microsoft/vscode#93950): on a loaded machine that moment came after the check's next F1, and the
 * palette closed on the focus it lost (a 30 s timeout in runCommand). Checks type into inputs with
 * Playwright's fill, which focuses them, so nothing else depends on closing on focus loss.
 */
export const UI_SETTINGS: Record<string, unknown> = {
  'workbench.quickOpen.closeOnFocusLost': false,
};

export async function runUiChecks(opts: UiRunOptions): Promise<Counts> {
  const grep = opts.grep;
  // "a|b": checks matching either, as mocha's --grep reads it for the extension-host suites.
  const wanted = grep?.split('|');
  const kind = opts.platforms ? 'platforms' : opts.git ? 'git' : opts.web ? 'web' : undefined;
  const checks = (await loadChecks()).filter((c) => c.workspace === kind && (!wanted || wanted.some((g) => c.name.includes(g) || c.file === g || c.file === `${g}.check.ts`)));
  const counts: Counts = { passed: 0, failed: 0, failures: [] };
  if (!checks.length) return counts;
  if (!kind) fs.rmSync(UI_RESULTS_DIR, { recursive: true, force: true });

  let vscode: VSCodeHandle | undefined;
  try {
    vscode = await startVSCode({
      workspace: opts.workspace,
      settings: { ...UI_SETTINGS, ...(opts.web ? { ...WEB_SETTINGS, 'sentrytestMemfs.root': opts.workspace } : {}), ...opts.settings },
      env: opts.env,
      extensionDevelopmentPath: REPO_ROOT,
      // The web checks: the window on the virtual workspace, served by test/webfs (installed: the
      // workbench in code-server 4.99.4 loads only the last of several development extensions),
      // with the extension made to run in the browser's web worker host (WEB_SETTINGS).
      ...(opts.web ? { folderUri: WEBFS_FOLDER, extensionsDir: webExtensionsDir(), enableProposedApi: [WEBFS_ID] } : {}),
    });
    await vscode.waitForWorkbench();
  } catch (e) {
    const failures = checks.map(
      (c) =>
        `${c.name}: VS Code did not open (${String((e as Error).message ?? e)
          .split('\n')[0]
          .slice(0, 200)})`,
    );
    if (stoppingOnSignalNow()) return { passed: 0, failed: checks.length, failures };
    log(`could not open VS Code for the UI checks: ${(e as Error).stack ?? e}`);
    await vscode?.collectArtifacts('ui-startup').catch(() => undefined);
    await vscode?.close();
    return { passed: 0, failed: checks.length, failures };
  }

  const page = vscode.page;
  const wb = workbench(page);
  process.stdout.write('\n  UI checks (Chromium)\n');
  try {
    for (const c of checks) {
      // Ctrl+C / SIGTERM closes the browser: the checks left would each fail on a closed page.
      if (stoppingOnSignalNow()) break;
      const t0 = performance.now();
      try {
        page.setDefaultTimeout(Math.min(c.timeoutMs, 30_000));
        await withTimeout(c.run({ page, vscode: wb }), c.timeoutMs, `check "${c.name}"`);
        counts.passed++;
        const ms = performance.now() - t0;
        // A check past half its budget fails on the next slower machine: said now, while it passes.
        const slow = ms > c.timeoutMs / 2 ? `, more than half its ${c.timeoutMs / 1000} s budget` : '';
        process.stdout.write(`    \u2714 ${c.name} (${Math.round(ms)} ms${slow})\n`);
      } catch (e) {
        if (stoppingOnSignalNow()) break;
        counts.failed++;
        counts.failures.push(
          `${c.name}: ${String((e as Error).message ?? e)
            .split('\n')
            .slice(0, 3)
            .join(' ')
            .slice(0, 300)}`,
        );
        process.stdout.write(
          `    \u2716 ${c.name}\n      ${String((e as Error).stack ?? e)
            .split('\n')
            .slice(0, 8)
            .join('\n      ')}\n`,
        );
        await vscode.collectArtifacts(`ui-${slug(c.name)}`).catch((err) => log(`could not keep artifacts: ${err}`));
        // A fresh window for the next check.
        await page.reload({ waitUntil: 'domcontentloaded' }).catch(() => undefined);
        await vscode.waitForWorkbench().catch(() => undefined);
      }
      await wb.dismiss().catch(() => undefined);
    }
  } finally {
    await vscode.close();
  }
  process.stdout.write(`  ${counts.passed} passing, ${counts.failed} failing; screenshots in ${path.relative(process.cwd(), UI_RESULTS_DIR)}/\n`);
  return counts;
}
