// The VS Code parts of the test run (npm run test:vscode; npm test after the unit suites):
//   node --import tsx test/harness/cli.ts [install|build|integration|untrusted|ui|all] [--grep <text>] [--profile <name>] [--stats <file.json>]
// integration runs test/integration in the extension host, in windows of their own: the suites of the
// default profile only (sentry-io), then each group of PROFILE_WINDOWS against every profile (a fresh
// sandbox each), the platform and git windows in every profile, then test/integration-untrusted in an
// untrusted window; ui runs the Chromium checks of test/ui (the last window: the extension's browser
// bundle in the web worker extension host on a virtual workspace, test/ui/web.check.ts); all does
// both. Every window has a budget (WINDOW_BUDGET_MS) and the run ends with each window's time
// against it, so a suite that creeps is seen before it fails. --profile runs the extension-host
// suites under that profile only (the default one: every suite; another: PROFILE_WINDOWS, and no
// untrusted window or UI check, which run against the default one). After them, in every profile, a
// window whose extension is the build without VS Code's AI APIs (out/extension-no-ai/) runs
// test/integration-no-ai (`no-ai` runs only that window). --grep filters tests by title and UI checks
// by name or file; one that matches nothing fails, so a typo is not a green run.
// --stats writes {"passed":N,"failed":N,"windows":[…],"failures":["window: test: message",…]} for scripts/test.mjs.
import * as fs from 'node:fs';
import { runUiChecks } from '../ui/run';
import { createUntrustedWorkspace, untrustedUserSettings } from '../integration-untrusted/workspace';
import { buildExtension, buildIntegration, buildNoAiExtension, INTEGRATION_INDEX, NO_AI_EXTENSION, NO_AI_INDEX, UNTRUSTED_INDEX } from './build';
import { sandboxSettings, SANDBOX_WORKSPACE, startSandbox, type Sandbox } from './sandbox';
import { writeTestTls } from './testTls';
import { createGitWorkspace } from '../sandbox/gitHistory';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_PROFILE, PROFILE_NAMES, profileNamed, type ProfileName } from '../sandbox/profiles';
import { PLATFORM_SPECS, PLATFORMS_DIR } from '../sandbox/platforms';

/**
 * The extension-host suites that reach the API through the issue lists, searches and event reads
 * (the tree, the marks, triage, the AI tools): they run against every profile, the others against
 * the default one only. Each group is a window of its own, so that no window needs more than half
 * its budget on a busy two-core machine (the whole default window once took 282 s of its 300).
 */
const PROFILE_WINDOWS: readonly { name: string; suites: readonly string[] }[] = [
  { name: 'issues, marks, regions, sign-in offers, trace, logs, users', suites: ['issues', 'marks', 'movedMarks', 'regions', 'signInOffers', 'trace', 'logs', 'users'] },
  { name: 'triage, panel binding, open membership, AI tools, Seer, releases', suites: ['triage', 'eventsBinding', 'openMembership', 'lmTools', 'seer', 'provenance'] },
  { name: 'the trace in the AI tools and the hover', suites: ['traceStory'] },
  { name: 'debug a recorded event, open link', suites: ['debugEvent', 'openLink'] },
];
const PROFILE_SUITES = PROFILE_WINDOWS.flatMap((w) => w.suites);
/** What one extension-host window may take before it is stopped and counted as failed. */
const WINDOW_BUDGET_MS = 5 * 60_000;
/** The titles of the platform window's suites (platformMarks, openTrace): a --grep that can match neither skips its windows. */
const PLATFORM_SUITE_TITLES = ['marks on every platform (the platform workspace)', 'Open Link, ID or Stack Trace (a pasted trace of each platform)'];
/** The suites of the platform window. */
const PLATFORM_SUITES = ['platformMarks', 'openTrace'];
/** The suite that needs a git repository: run in a window of its own on a git copy of the sample workspace, git on. */
const GIT_SUITES = ['lineHistory'];
/** The describe title of test/integration-no-ai: a --grep that matches neither it nor "no-ai" skips that window. */
const NO_AI_SUITE_TITLE = 'without the AI APIs (an editor with no vscode.lm, no vscode.chat)';
import { ensureVSCodeServer, log, onCleanup, REPO_ROOT, runExtensionTests, timed, type RunTestsOptions } from './vscode';

/**
 * The default profile's own suites, in two windows: sign-in, the editor and the network in the first
 * (its certificate authority is trusted from the start), and every other suite of test/integration
 * that no window of its own runs (the events panel's, links, commands; a new suite lands here).
 */
const DEFAULT_FIRST_WINDOW = ['activation', 'auth', 'commands', 'dialogs', 'editor', 'exports', 'network'];

function defaultOnlyWindows(): { name: string; suites: string[] }[] {
  const own = new Set([...PROFILE_SUITES, ...GIT_SUITES, ...DEFAULT_FIRST_WINDOW, ...PLATFORM_SUITES]);
  const rest = fs
    .readdirSync(path.join(REPO_ROOT, 'test', 'integration'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -'.test.ts'.length))
    .filter((n) => !own.has(n))
    .sort();
  return [
    { name: 'sign-in, editor, network', suites: DEFAULT_FIRST_WINDOW },
    { name: 'events panel, links', suites: rest },
  ];
}

/** One window of the run: its name, its time and its budget (the summary lists them all). */
export interface WindowTime {
  name: string;
  seconds: number;
  budgetSeconds?: number;
  passed: number;
  failed: number;
}

function parseArgs(argv: string[]) {
  const args = { command: 'all', grep: undefined as string | undefined, stats: undefined as string | undefined, profile: undefined as ProfileName | undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--grep') args.grep = argv[++i];
    else if (a === '--stats') args.stats = argv[++i];
    else if (a === '--profile') args.profile = profileNamed(argv[++i]).name;
    else if (!a.startsWith('-')) args.command = a;
    else throw new Error(`unknown option ${a}`);
  }
  if (!['install', 'build', 'integration', 'untrusted', 'no-ai', 'ui', 'all'].includes(args.command)) throw new Error(`unknown command ${args.command}`);
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const counts = { passed: 0, failed: 0 };
  const windows: WindowTime[] = [];
  /** Each failure as `window: test: first lines`, listed again at the very end (a CI log may keep only its end). */
  const failures: string[] = [];
  const t0 = performance.now();
  /** Runs one extension-host window within its budget and records its time (a window past half its budget is said). */
  const extensionWindow = async (label: string, opts: RunTestsOptions) => {
    const budgetMs = opts.timeoutMs ?? WINDOW_BUDGET_MS;
    const w0 = performance.now();
    const r = await timed(label, () => runExtensionTests({ ...opts, timeoutMs: budgetMs }));
    const seconds = (performance.now() - w0) / 1000;
    windows.push({ name: label, seconds, budgetSeconds: budgetMs / 1000, passed: r.passed, failed: r.failed });
    if (seconds > budgetMs / 2000) log(`${label} took ${seconds.toFixed(0)} s, more than half its ${budgetMs / 1000} s budget: move some of its suites to a window of their own`);
    counts.passed += r.passed;
    counts.failed += r.failed;
    failures.push(...r.failures.map((f) => `${label}: ${f}`));
    return r;
  };
  /** The UI checks of one window (each check has a budget of its own, test/ui/run.ts). */
  const uiWindow = async (label: string, run: () => Promise<{ passed: number; failed: number; failures: string[] }>) => {
    const w0 = performance.now();
    const r = await timed(label, run);
    windows.push({ name: label, seconds: (performance.now() - w0) / 1000, passed: r.passed, failed: r.failed });
    counts.passed += r.passed;
    counts.failed += r.failed;
    failures.push(...r.failures.map((f) => `${label}: ${f}`));
  };
  const finish = () => {
    if (args.grep && args.command !== 'install' && counts.passed + counts.failed === 0) {
      log(`no test or UI check matches --grep "${args.grep}"`);
      counts.failed++;
      failures.push(`--grep "${args.grep}" matches no test or UI check`);
    }
    if (args.stats) fs.writeFileSync(args.stats, JSON.stringify({ ...counts, windows, failures }));
    if (windows.length) {
      process.stdout.write('\nVS Code windows\n');
      for (const w of windows) {
        const budget = w.budgetSeconds ? ` of ${w.budgetSeconds.toFixed(0)} s` : '';
        process.stdout.write(`  ${w.seconds.toFixed(1).padStart(6)} s${budget.padEnd(9)}  ${w.name}: ${w.passed} passed, ${w.failed} failed\n`);
      }
    }
    for (const f of failures) process.stdout.write(`  failed: ${f}\n`);
    log(`VS Code parts took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    process.stdout.write(`${args.stats ? 'VS Code suites: ' : ''}${counts.passed} passed, ${counts.failed} failed\n`);
    return counts.failed > 0 ? 1 : 0;
  };

  if (args.command === 'build') {
    buildExtension();
    await buildIntegration();
    await buildNoAiExtension();
    return 0;
  }
  try {
    await timed('install (VS Code server, system packages)', ensureVSCodeServer);
  } catch (e) {
    log(`installing the VS Code server failed: ${(e as Error).message}`);
    counts.failed++;
    failures.push(`installing the VS Code server: ${(e as Error).message}`);
    return finish();
  }
  if (args.command === 'install') return finish();

  let sandbox: Sandbox | undefined;
  try {
    await timed('build the extension (node esbuild.mjs)', () => buildExtension());
    if (args.command !== 'ui') await timed('build the extension-host suites', buildIntegration);
    if (['integration', 'no-ai', 'all'].includes(args.command)) await timed('build the extension without the AI APIs', buildNoAiExtension);
    sandbox = await timed('start the sandbox service', () => startSandbox());
  } catch (e) {
    log(`preparing the VS Code runs failed: ${(e as Error).stack ?? e}`);
    counts.failed++;
    failures.push(`preparing the VS Code runs: ${(e as Error).message ?? e}`);
    await sandbox?.close();
    return finish();
  }
  const env: Record<string, string> = { SENTRY_EXPLORER_TEST_SANDBOX_URL: sandbox.url };
  // The UI checks run in this process and drive the sandbox too (its defaults, its controls).
  process.env.SENTRY_EXPLORER_TEST_SANDBOX_URL = sandbox.url;
  // The window opens the sandbox's sample workspace, as the demo does.
  const workspace = SANDBOX_WORKSPACE;

  try {
    if (args.command === 'integration' || args.command === 'all') {
      const grepEnv: Record<string, string> = args.grep ? { SENTRY_EXPLORER_TEST_GREP: args.grep } : {};
      if (!args.profile || args.profile === DEFAULT_PROFILE) {
        // The network suite's certificate authority, trusted through NODE_EXTRA_CA_CERTS from the start.
        const tls = writeTestTls();
        const removeTls = onCleanup(tls.remove);
        try {
          for (const group of defaultOnlyWindows()) {
            process.stdout.write(`\nExtension-host suites ${group.suites.join(', ')} (test/integration), sandbox profile ${DEFAULT_PROFILE}\n`);
            sandbox.control.reset();
            const r = await extensionWindow(`${group.name} (${DEFAULT_PROFILE})`, {
              name: `integration-${group.suites[0]}`,
              workspace,
              extensionDevelopmentPath: REPO_ROOT,
              extensionTestsPath: INTEGRATION_INDEX,
              env: { ...env, ...tls.env, ...grepEnv, SENTRY_EXPLORER_TEST_FILES: group.suites.join(',') },
            });
            const activation = /SENTRY_EXPLORER_ACTIVATION_MS=([\d.]+)/.exec(r.output);
            if (activation) log(`extension activation inside VS Code: ${activation[1]} ms`);
          }
        } finally {
          await removeTls();
        }
      }
      for (const profile of PROFILE_NAMES.filter((p) => !args.profile || args.profile === p)) {
        for (const group of PROFILE_WINDOWS) {
          // A sandbox of the profile's own, fresh, and a window of its own: nothing carries over.
          process.stdout.write(`\nExtension-host suites ${group.suites.join(', ')} (test/integration), sandbox profile ${profile}\n`);
          const other: Sandbox = profile === DEFAULT_PROFILE ? sandbox : await timed(`start the ${profile} sandbox`, () => startSandbox({ profile }));
          if (other === sandbox) sandbox.control.reset();
          try {
            await extensionWindow(`${group.name} (${profile})`, {
              name: `integration-${profile}-${group.suites[0]}`,
              workspace,
              extensionDevelopmentPath: REPO_ROOT,
              extensionTestsPath: INTEGRATION_INDEX,
              env: { ...env, ...grepEnv, SENTRY_EXPLORER_TEST_SANDBOX_URL: other.url, SENTRY_EXPLORER_TEST_FILES: group.suites.join(',') },
            });
          } finally {
            if (other !== sandbox) await other.close();
          }
        }
      }
      // The platform workspace (a folder per platform), against a sandbox serving the platform corpus, in every profile.
      for (const profile of PROFILE_NAMES.filter((p) => !args.profile || args.profile === p)) {
        if (args.grep && !PLATFORM_SUITE_TITLES.some((t) => t.toLowerCase().includes(args.grep!.toLowerCase())) && !/platform/i.test(args.grep)) continue;
        process.stdout.write(`\nExtension-host suite platformMarks on the platform workspace (test/sandbox/platforms), sandbox profile ${profile}\n`);
        const platforms = await timed(`start the ${profile} sandbox with the platform corpus`, () => startSandbox({ profile, platforms: true }));
        try {
          await extensionWindow(`platform marks (${profile})`, {
            name: `integration-platforms-${profile}`,
            workspace: PLATFORMS_DIR,
            extensionDevelopmentPath: REPO_ROOT,
            extensionTestsPath: INTEGRATION_INDEX,
            env: { ...env, ...grepEnv, SENTRY_EXPLORER_TEST_SANDBOX_URL: platforms.url, SENTRY_EXPLORER_TEST_FILES: PLATFORM_SUITES.join(',') },
          });
        } finally {
          await platforms.close();
        }
      }
    }
    if (args.command === 'integration' || args.command === 'all') {
      // The line history needs a repository whose commits are the sandbox's release commits: a git copy
      // of the sample workspace (the same SHAs the sandbox serves), git on, a window per profile.
      for (const profile of PROFILE_NAMES.filter((p) => !args.profile || args.profile === p)) {
        process.stdout.write(`\nExtension-host suites ${GIT_SUITES.join(', ')} in a git copy of the sample workspace, sandbox profile ${profile}\n`);
        const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-git-'));
        const removeTmp = onCleanup(async () => fs.rmSync(tmp, { recursive: true, force: true }));
        const gitWorkspace = createGitWorkspace(path.join(tmp, 'workspace'));
        // A sandbox of its own that reads its release commits from this very repository.
        const box: Sandbox = await startSandbox({ profile, gitWorkspace });
        try {
          await extensionWindow(`git-window suites (${profile})`, {
            name: `integration-git-${profile}`,
            workspace: gitWorkspace,
            settings: { 'git.enabled': true, 'git.autoRepositoryDetection': true, 'git.openRepositoryInParentFolders': 'never' },
            extensionDevelopmentPath: REPO_ROOT,
            extensionTestsPath: INTEGRATION_INDEX,
            env: {
              ...env,
              ...(args.grep ? { SENTRY_EXPLORER_TEST_GREP: args.grep } : {}),
              SENTRY_EXPLORER_TEST_SANDBOX_URL: box.url,
              SENTRY_EXPLORER_TEST_FILES: GIT_SUITES.join(','),
              SENTRY_EXPLORER_TEST_GIT_WORKSPACE: '1',
            },
          });
        } finally {
          await box.close();
          await removeTmp();
        }
      }
    }
    const noAiWanted = !args.grep || NO_AI_SUITE_TITLE.toLowerCase().includes(args.grep.toLowerCase()) || /no-?ai/i.test(args.grep);
    if (['integration', 'no-ai', 'all'].includes(args.command) && noAiWanted) {
      // The extension as an editor without VS Code's AI APIs runs it (a build of its own, ./build.ts
      // buildNoAiExtension), in every profile: its suite signs in, lists, opens, marks and triages.
      for (const profile of PROFILE_NAMES.filter((p) => !args.profile || args.profile === p)) {
        process.stdout.write(`\nExtension-host suites without the AI APIs (test/integration-no-ai, out/extension-no-ai), sandbox profile ${profile}\n`);
        const box = await timed(`start the ${profile} sandbox`, () => startSandbox({ profile }));
        try {
          await extensionWindow(`no-AI window (${profile})`, {
            name: `integration-no-ai-${profile}`,
            workspace,
            extensionDevelopmentPath: NO_AI_EXTENSION,
            extensionTestsPath: NO_AI_INDEX,
            env: { ...env, ...(args.grep && !/no-?ai/i.test(args.grep) ? { SENTRY_EXPLORER_TEST_GREP: args.grep } : {}), SENTRY_EXPLORER_TEST_SANDBOX_URL: box.url },
          });
        } finally {
          await box.close();
        }
      }
    }
    // The untrusted window and the UI checks run against the default profile: left out when --profile names another.
    const defaultProfileToo = !args.profile || args.profile === DEFAULT_PROFILE;
    if ((args.command === 'integration' || args.command === 'all' || args.command === 'untrusted') && defaultProfileToo) {
      // A second window, with workspace trust on, on a throwaway folder whose settings name another
      // server, organization, projects and mappings: VS Code must ignore them (Restricted Mode).
      process.stdout.write('\nExtension-host suites in an untrusted workspace (test/integration-untrusted)\n');
      const folder = createUntrustedWorkspace();
      const removeFolder = onCleanup(folder.remove);
      try {
        // From the seeded state with an empty request log: the suite reads every request of its window.
        sandbox.control.reset();
        await extensionWindow('untrusted-workspace suites', {
          name: 'integration-untrusted',
          workspace: folder.dir,
          workspaceTrust: true,
          settings: { ...sandboxSettings(sandbox!), ...untrustedUserSettings() },
          extensionDevelopmentPath: REPO_ROOT,
          extensionTestsPath: UNTRUSTED_INDEX,
          env: { ...env, ...(args.grep ? { SENTRY_EXPLORER_TEST_GREP: args.grep } : {}) },
        });
      } finally {
        await removeFolder();
      }
    }
    if ((args.command === 'ui' || args.command === 'all') && defaultProfileToo) {
      // The extension-host suites change issues (triage); the checks start from the seeded data.
      sandbox.control.reset();
      await uiWindow('UI checks', () => runUiChecks({ workspace, env, settings: sandboxSettings(sandbox), grep: args.grep }));
      // The platform workspace's checks: a window of their own, against a sandbox serving the platform corpus.
      const platforms = await startSandbox({ platforms: true });
      process.env.SENTRY_EXPLORER_TEST_SANDBOX_URL = platforms.url;
      try {
        await uiWindow('UI checks (platform workspace)', () =>
          runUiChecks({
            workspace: PLATFORMS_DIR,
            env: { ...env, SENTRY_EXPLORER_TEST_SANDBOX_URL: platforms.url },
            settings: { ...sandboxSettings(platforms), 'sentryExplorer.organization': 'acme', 'sentryExplorer.projects': PLATFORM_SPECS.map((s) => `${s.key}-app`) },
            grep: args.grep,
            platforms: true,
          }),
        );
      } finally {
        process.env.SENTRY_EXPLORER_TEST_SANDBOX_URL = sandbox.url;
        await platforms.close();
      }
      // The checks that need the line's git history: a window on a git copy of the sample workspace, git on.
      sandbox.control.reset();
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-ui-git-'));
      const removeTmp = onCleanup(async () => fs.rmSync(tmp, { recursive: true, force: true }));
      try {
        const gitWorkspace = createGitWorkspace(path.join(tmp, 'workspace'));
        await uiWindow('UI checks (git window)', () => runUiChecks({ workspace: gitWorkspace, env, settings: { ...sandboxSettings(sandbox!), 'git.enabled': true }, grep: args.grep, git: true }));
      } finally {
        await removeTmp();
      }
      // The extension in the browser's web worker extension host, on a virtual workspace (as on vscode.dev).
      sandbox.control.reset();
      await uiWindow('UI checks (web worker host, virtual workspace)', () => runUiChecks({ workspace, env, settings: sandboxSettings(sandbox!), grep: args.grep, web: true }));
    }
  } finally {
    await sandbox.close();
  }
  return finish();
}

main().then(
  (code) => process.exit(code),
  (e) => {
    log(String((e as Error).stack ?? e));
    process.exit(1);
  },
);
