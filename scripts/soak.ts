// npm run soak -- [--minutes 60] [--token-minutes 10] [--refresh-seconds 5] [--fault-every 20] [--seed N] [--profile sentry-io] [--heap-snapshots]
//
// An hour in two windows (outside npm test): one VS Code server, two windows of it in one browser
// profile sharing one SecretStorage (test/harness/sharedSecrets.ts, as desktop VS Code shares it),
// each with its own extension host running the soak's window (test/soak/window.ts), on one account
// against the sandbox. The Issues view refreshes every 5 seconds, the access tokens expire every
// 10 minutes, the sandbox answers at random 429, 500, 502, truncated bodies and reset connections,
// and each window opens and closes files and events panels all along. Every minute it prints, per
// window, the extension host's memory, requests per minute, refresh grants and error states; at the
// end the acceptance (test/soak/figures.ts), PASS or FAIL each, and exits 1 on any FAIL.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { buildExtension } from '../test/harness/build';
import { sandboxSettings, SANDBOX_WORKSPACE, startSandbox } from '../test/harness/sandbox';
import { SharedSecrets } from '../test/harness/sharedSecrets';
import { ensureVSCodeServer, log, onCleanup, openWorkbench, REPO_ROOT, startVSCodeServer, timed, type VSCodeHandle, type WindowHandle } from '../test/harness/vscode';
import type { FaultSpec, RequestLogEntry } from '../test/sandbox/index';
import { profileNamed, type ProfileName } from '../test/sandbox/profiles';
import { checkFinal, checkGrants, checkMemory, checkRecovery, mb, minuteRows, pct, refreshGrants, signInGrants, type Grant } from '../test/soak/figures';
import { Prng } from '../test/sandbox/prng';
import { SOAK_DIR_ENV, type Episode, type SoakPlan, type WindowSample } from '../test/soak/protocol';

const WINDOWS = ['A', 'B'] as const;
const SOAK_OUT = path.join(REPO_ROOT, 'out', 'soak');
const PROJECTS = ['web-frontend', 'api-server', 'worker'];

interface Args {
  minutes: number;
  tokenMinutes: number;
  refreshSeconds: number;
  faultEverySeconds: number;
  seed: number;
  profile: ProfileName;
  /** After the last minute, how long the windows get to recover once the faults stop. */
  recoverySeconds: number;
  /** Each window's heap snapshots at minute 5 and at the end, in out/soak/ (test/soak/heapDiff.ts compares them). */
  heapSnapshots?: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { minutes: 60, tokenMinutes: 10, refreshSeconds: 5, faultEverySeconds: 20, seed: Date.now() % 100_000, profile: 'sentry-io', recoverySeconds: 120 };
  const number = (name: string, v: string | undefined) => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n <= 0) throw new Error(`${name} takes a positive number, not ${v}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--minutes') args.minutes = Math.round(number(a, argv[++i]));
    else if (a === '--token-minutes') args.tokenMinutes = number(a, argv[++i]);
    else if (a === '--refresh-seconds') args.refreshSeconds = number(a, argv[++i]);
    else if (a === '--fault-every') args.faultEverySeconds = number(a, argv[++i]);
    else if (a === '--recovery-seconds') args.recoverySeconds = number(a, argv[++i]);
    else if (a === '--seed') args.seed = Math.round(number(a, argv[++i]));
    else if (a === '--profile') args.profile = profileNamed(argv[++i]).name;
    else if (a === '--heap-snapshots') args.heapSnapshots = true;
    else
      throw new Error(
        `unknown option ${a} (npm run soak -- [--minutes 60] [--token-minutes 10] [--refresh-seconds 5] [--fault-every 20] [--recovery-seconds 120] [--seed N] [--profile NAME] [--heap-snapshots])`,
      );
  }
  return args;
}

/** test/soak/window.ts bundled once per window: the folder's name is the window's. */
async function buildWindows(): Promise<void> {
  for (const name of WINDOWS) {
    await esbuild.build({
      entryPoints: [path.join(REPO_ROOT, 'test', 'soak', 'window.ts')],
      outfile: path.join(SOAK_OUT, name, 'index.js'),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      external: ['vscode'],
      sourcemap: 'inline',
      logLevel: 'warning',
    });
  }
}

type FaultKind = '429' | '500' | '502' | 'truncated' | 'reset';
const FAULT_KINDS: readonly FaultKind[] = ['429', '500', '502', 'truncated', 'reset'];

/**
 * One fault on the API (never on the token endpoint: a grant whose answer is lost after the server
 * rotated the pair leaves no valid refresh token anywhere, by OAuth's design, not the extension's),
 * for the next 1 to 6 requests: one is absorbed by the client's retry, several reach the views.
 */
function faultSpec(kind: FaultKind, rand: () => number): FaultSpec {
  const count = 1 + Math.floor(rand() * 6);
  const base = { path: '^/api/0/', count };
  switch (kind) {
    case '429':
      return { ...base, rateLimited: { resetInSeconds: 5 + Math.floor(rand() * 26) } };
    case '500':
      return { ...base, status: 500 };
    case '502':
      // A proxy's 502 is an HTML page more often than not.
      return { ...base, status: 502, html: rand() < 0.5 };
    case 'truncated':
      return { ...base, truncated: true };
    case 'reset':
      return { ...base, reset: true };
  }
}

/** Reads the windows' sample files as they grow. */
class Samples {
  private readonly read = new Map<string, number>();
  readonly latest = new Map<string, WindowSample>();
  readonly episodes = new Map<string, Episode[]>();

  constructor(private readonly dir: string) {}

  poll(): void {
    for (const name of WINDOWS) {
      const file = path.join(this.dir, `${name}.jsonl`);
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      const from = this.read.get(name) ?? 0;
      const end = text.lastIndexOf('\n') + 1;
      if (end <= from) continue;
      for (const line of text.slice(from, end).split('\n').filter(Boolean)) {
        const s = JSON.parse(line) as WindowSample;
        this.latest.set(name, s);
        this.episodes.set(name, [...(this.episodes.get(name) ?? []), ...s.ended]);
        if (s.actionError) log(`window ${name}: an action failed: ${s.actionError}`);
      }
      this.read.set(name, end);
    }
  }

  /** A window's episodes so far, ended and ongoing. */
  all(name: string): Episode[] {
    return [...(this.episodes.get(name) ?? []), ...(this.latest.get(name)?.ongoing ?? [])];
  }

  failure(name: string): string | undefined {
    const file = path.join(this.dir, `${name}.error`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, samples: Samples, name: string, ok: (s: WindowSample) => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    samples.poll();
    const failure = samples.failure(name);
    if (failure) throw new Error(`window ${name} failed: ${failure}`);
    const s = samples.latest.get(name);
    if (s && ok(s)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(500);
  }
}

function printMinute(minute: number, entries: readonly RequestLogEntry[], samples: Samples, faults: Map<FaultKind, number>): void {
  const rows = minuteRows(entries, WINDOWS);
  const injected = [...faults].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
  process.stdout.write(`\nminute ${minute}  (faults injected: ${injected})\n`);
  for (const r of rows) {
    const s = samples.latest.get(r.window);
    const state = s
      ? `heap ${mb(s.heapUsed).padStart(6)} MB  rss ${mb(s.rss).padStart(6)} MB  ` +
        `${String(r.requests).padStart(4)} req/min (${r.failed} failed, ${r.unauthorized} 401)  grants ${r.grants}  ` +
        `errors: ${s.ongoing.length ? s.ongoing.map((e) => `${e.kind} now`).join(', ') : 'none now'}, ${samples.all(r.window).length} so far, ${s.errorMessages} error messages  ` +
        `${s.signedIn ? 'signed in' : 'SIGNED OUT'}, ${s.listed} listed, ${s.editors} files, ${s.panels} panels, ` +
        `${s.rowsDrawn} rows drawn (${s.wholeRedraws} whole redraws) so far, ${s.issuesKept} issues and ${s.locationsKept} locations kept` +
        (s.treeVisible ? '' : ', Issues view HIDDEN') +
        (s.rateLimitedRuns ? `, ${s.rateLimitedRuns} rate-limited refreshes in a row` : '')
      : `${String(r.requests).padStart(4)} req/min (${r.failed} failed, ${r.unauthorized} 401)  grants ${r.grants}  (no window: requests without the soak's header)`;
    process.stdout.write(`  ${r.window}  ${state}\n`);
  }
}

/** The windows' screenshots (at the end, and now), the server's and both extension hosts' logs, and the windows' samples, under test-results/soak/. */
async function keepArtifacts(vscode: VSCodeHandle, dir: string, second: WindowHandle | undefined): Promise<void> {
  const kept = await vscode.collectArtifacts('soak').catch(() => undefined);
  if (!kept) return;
  fs.cpSync(dir, path.join(kept, 'samples'), { recursive: true });
  if (second && !second.page.isClosed()) await second.page.screenshot({ path: path.join(kept, 'screenshot-B.png'), timeout: 10_000 }).catch(() => undefined);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const prng = new Prng(args.seed);
  const rand = () => prng.next();
  process.stdout.write(
    `Soak: ${args.minutes} min, two windows on one account, refresh every ${args.refreshSeconds} s, tokens expiring every ${args.tokenMinutes} min, ` +
      `a fault every ${args.faultEverySeconds} s on average, profile ${args.profile}, seed ${args.seed}\n`,
  );
  await timed('install (VS Code server, system packages)', ensureVSCodeServer);
  await timed('build the extension (node esbuild.mjs --test-hooks)', () => buildExtension());
  await timed('build the soak windows', buildWindows);

  const lifetimeMs = args.tokenMinutes * 60_000;
  const sandbox = await startSandbox({ profile: args.profile, accessTokenLifetimeSeconds: lifetimeMs / 1000 });
  const closeSandbox = onCleanup(() => sandbox.close());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-soak-'));
  const removeDir = onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  const plan: SoakPlan = {
    sandboxUrl: sandbox.url,
    signsIn: 'A',
    seed: args.seed,
    actionEveryMs: 8000,
    sampleEveryMs: 5000,
    ...(args.heapSnapshots ? { heapSnapshots: { afterMs: 5 * 60_000, dir: path.join(SOAK_OUT, 'heap') } } : {}),
  };
  fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(plan));

  const server = await startVSCodeServer({
    workspace: SANDBOX_WORKSPACE,
    settings: {
      ...sandboxSettings(sandbox),
      'sentryExplorer.organization': 'acme',
      'sentryExplorer.projects': PROJECTS,
      'sentryExplorer.refreshIntervalSeconds': args.refreshSeconds,
      // Opening a panel would otherwise ask for event:write to mark its issue seen.
      'sentryExplorer.markSeenOnOpen': false,
      // Two extension hosts' debug ports would fill the Ports view and its notifications.
      'remote.autoForwardPorts': false,
    },
    env: { [SOAK_DIR_ENV]: dir },
  });
  const secrets = new SharedSecrets();
  const vscode = await openWorkbench(server, { extensionDevelopmentPath: REPO_ROOT, extensionTestsPath: path.join(SOAK_OUT, 'A', 'index.js'), sharedSecrets: secrets });
  const samples = new Samples(dir);
  let failed: boolean;
  let second: WindowHandle | undefined;
  try {
    await vscode.waitForWorkbench(120_000);
    await waitFor('window A to sign in (device flow)', samples, 'A', (s) => s.signedIn, 180_000);
    log('window A signed in; opening window B');
    const b = (second = await vscode.openWindow({ extensionTestsPath: path.join(SOAK_OUT, 'B', 'index.js') }));
    await waitFor('window B to have the session window A stored', samples, 'B', (s) => s.signedIn, 180_000);
    log('window B has the session; the soak begins');

    const tokenEntries: RequestLogEntry[] = sandbox.control.requests.list({ path: /^\/oauth\/token\/$/ });
    sandbox.control.requests.clear();
    const started = Date.now();
    const memoryAt = new Map<number, Map<string, number>>();
    let nextFault = started + -Math.log(1 - rand()) * args.faultEverySeconds * 1000;
    let injected = new Map<FaultKind, number>();
    const totals = new Map<FaultKind, number>();
    for (let minute = 1; minute <= args.minutes; minute++) {
      const end = started + minute * 60_000;
      while (Date.now() < end) {
        if (Date.now() >= nextFault) {
          const kind = FAULT_KINDS[Math.floor(rand() * FAULT_KINDS.length)];
          sandbox.control.faults.add(faultSpec(kind, rand));
          injected.set(kind, (injected.get(kind) ?? 0) + 1);
          totals.set(kind, (totals.get(kind) ?? 0) + 1);
          nextFault = Date.now() + -Math.log(1 - rand()) * args.faultEverySeconds * 1000;
        }
        samples.poll();
        for (const name of WINDOWS) {
          const failure = samples.failure(name);
          if (failure) throw new Error(`window ${name} failed: ${failure}`);
        }
        await sleep(Math.min(500, Math.max(0, end - Date.now())));
      }
      const entries = sandbox.control.requests.list();
      sandbox.control.requests.clear();
      tokenEntries.push(...entries.filter((e) => e.path === '/oauth/token/'));
      samples.poll();
      printMinute(minute, entries, samples, injected);
      memoryAt.set(minute, new Map(WINDOWS.map((w) => [w, samples.latest.get(w)?.heapUsed ?? 0])));
      injected = new Map();
    }

    // The faults stop; the windows get a while to come back from the last ones (a 429's reset, the backoff).
    sandbox.control.faults.clear();
    const recoveryStart = Date.now();
    const recovered = () => WINDOWS.every((w) => checkFinal(samples.latest.get(w)).pass && (samples.latest.get(w)?.ongoing.length ?? 1) === 0);
    while (Date.now() - recoveryStart < args.recoverySeconds * 1000) {
      samples.poll();
      if (recovered() && samples.latest.get('A')!.at > recoveryStart && samples.latest.get('B')!.at > recoveryStart) break;
      await sleep(1000);
    }
    const recoverySeconds = (Date.now() - recoveryStart) / 1000;
    const tail = sandbox.control.requests.list();
    tokenEntries.push(...tail.filter((e) => e.path === '/oauth/token/'));
    const endAt = sandbox.control.clock.now();

    // The windows as they are at the end, before they stop (kept with the samples when the soak fails).
    await Promise.all([vscode.page, b.page].map((page, i) => page.screenshot({ path: path.join(dir, `window-${WINDOWS[i]}.png`), timeout: 10_000 }).catch(() => undefined)));
    fs.writeFileSync(path.join(dir, 'stop'), '');
    const exits = await Promise.race([Promise.all([vscode.testsExitCode, b.testsExitCode]), sleep(60_000).then(() => undefined)]);
    samples.poll();
    if (!exits) log('the windows did not stop within 60 s of the stop file');

    // ----------------------------------------------------------------------------------- acceptance
    const baselineMinute = Math.min(5, Math.max(1, Math.floor(args.minutes / 2)));
    const lines: Array<{ text: string; pass: boolean }> = [];
    for (const w of WINDOWS) {
      const finalSample = samples.latest.get(w);
      const m = checkMemory(w, memoryAt.get(baselineMinute)?.get(w) ?? 0, finalSample?.heapUsed ?? Infinity);
      lines.push({
        pass: m.pass,
        text: `memory, window ${w}: extension host heap ${mb(m.baseline)} MB at minute ${baselineMinute}, ${mb(m.end)} MB at the end (${pct(m.change)}; within 15 %)${finalSample?.collected ? '' : ' [no forced collection: heap figures are noisy]'}`,
      });
    }
    const grants: Grant[] = refreshGrants(tokenEntries);
    const signIn = signInGrants(tokenEntries).find((g) => g.ok);
    const g = checkGrants({ firstIssuedAt: signIn?.at ?? 0, lifetimeMs, grants, end: endAt });
    const byWindow = WINDOWS.map((w) => `${w} ${grants.filter((x) => x.ok && x.window === w).length}`).join(', ');
    const ages = g.ages.length ? `${(Math.min(...g.ages) / 60_000).toFixed(2)}–${(Math.max(...g.ages) / 60_000).toFixed(2)} min` : 'none';
    lines.push({
      pass: g.pass && !!signIn,
      text:
        `refresh grants: ${g.granted} for ${g.due} expiries across both windows (tokens of ${args.tokenMinutes} min; by window ${byWindow}; ` +
        `replaced at ages ${ages}; ${g.early} early, ${g.late} after expiry, ${g.missed} expired at the end, ${g.refused} refused)`,
    });
    for (const w of WINDOWS) {
      const f = checkFinal(samples.latest.get(w));
      lines.push({ pass: f.pass, text: `window ${w} at the end: ${f.why}` });
    }
    for (const w of WINDOWS) {
      const r = checkRecovery(w, samples.all(w));
      lines.push({
        pass: r.pass,
        text: `the list recovered after every fault, window ${w}: ${r.episodes} error states, ${r.open.length} still open${r.open.length ? ` (${r.open.map((e) => `${e.kind}: ${e.what}`).join('; ')})` : ''}, longest ${(r.longestMs / 1000).toFixed(0)} s`,
      });
    }
    const faultsTotal = [...totals].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
    process.stdout.write(`\nAfter ${args.minutes} min (faults injected: ${faultsTotal}; ${recoverySeconds.toFixed(0)} s to recover once they stopped; shared secret writes ${secrets.writes})\n`);
    for (const w of WINDOWS) {
      const s = samples.latest.get(w);
      if (s)
        process.stdout.write(
          `  ${w}: ${s.actions} actions (files and panels opened and closed), ${s.errorMessages} error and ${s.warningMessages} warning notifications, ` +
            `its token manager: ${s.refreshed} refreshes, ${s.adopted} pairs read from the store while refreshing\n`,
        );
    }
    process.stdout.write('\nAcceptance\n');
    for (const l of lines) process.stdout.write(`  ${l.pass ? 'PASS' : 'FAIL'}  ${l.text}\n`);
    failed = lines.some((l) => !l.pass);
    process.stdout.write(`\nsoak ${failed ? 'FAILED' : 'PASSED'}\n`);
    if (failed) await keepArtifacts(vscode, dir, second);
  } catch (e) {
    failed = true;
    log(`the soak stopped: ${(e as Error).stack ?? e}`);
    await keepArtifacts(vscode, dir, second);
  } finally {
    await vscode.close();
    await closeSandbox();
    await removeDir();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    log(String((e as Error).stack ?? e));
    process.exit(1);
  },
);
