// Entry point of the extension-host suites (payload extensionTestsPath / @vscode/test-electron's
// extensionTestsPath): runs every compiled *.test.js beside this file with mocha (BDD) and throws
// when any fails. Built by test/harness/build.ts into out/integration/. Under test/harness,
// SENTRY_EXPLORER_TEST_STATS names a file that receives the counts (see also ./output.ts), and
// SENTRY_EXPLORER_TEST_FILES (comma-separated names without .test.js) limits the run to those suites,
// as the harness does for a sandbox profile other than the default one.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { print } from './output';

/** Suites whose window opens a workspace of their own (test/harness/cli.ts), never the sample one. */
export const OTHER_WORKSPACE_SUITES = ['platformMarks', 'openTrace'];

export async function run(): Promise<void> {
  await runSuites(__dirname, '');
}

/** Runs every compiled *.test.js of `dir` with mocha; throws when any fails (`where` ends the message). */
export async function runSuites(dir: string, where: string): Promise<void> {
  Mocha.reporters.Base.consoleLog = print;
  const mocha = new Mocha({ ui: 'bdd', color: process.env.SENTRY_EXPLORER_TEST_COLOR === '1', timeout: 30_000, reporter: 'spec' });
  const grep = process.env.SENTRY_EXPLORER_TEST_GREP;
  if (grep) mocha.grep(grep);
  const only = process.env.SENTRY_EXPLORER_TEST_FILES?.split(',').filter(Boolean);
  for (const f of fs.readdirSync(dir).sort()) {
    const name = f.slice(0, -'.test.js'.length);
    // A suite of another workspace runs only where it is named (the harness opens that workspace for it).
    if (f.endsWith('.test.js') && (only ? only.includes(name) : !OTHER_WORKSPACE_SUITES.includes(name))) mocha.addFile(path.join(dir, f));
  }
  // Each top-level suite's time, printed after the run: a suite that creeps towards the window's budget shows before it fails.
  const suites: { title: string; seconds: number }[] = [];
  const started = new Map<Mocha.Suite, number>();
  // Each failure's title and first lines, for the summary at the very end of a run (a CI log may keep only its end).
  const failures: string[] = [];
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? ({ passes: 0, failures: 1 } as Mocha.Stats)));
    runner.on('fail', (test, err: unknown) => failures.push(`${test.fullTitle()}: ${firstLines(err)}`));
    runner.on('suite', (s) => {
      if (s.parent?.root) started.set(s, performance.now());
    });
    runner.on('suite end', (s) => {
      const t0 = started.get(s);
      if (t0 !== undefined) suites.push({ title: s.title, seconds: (performance.now() - t0) / 1000 });
    });
  });
  if (suites.length) {
    print('  time per suite:');
    for (const s of suites) print(`  ${s.seconds.toFixed(1).padStart(7)} s  ${s.title}`);
  }
  const statsFile = process.env.SENTRY_EXPLORER_TEST_STATS;
  if (statsFile) {
    fs.writeFileSync(statsFile, JSON.stringify({ passed: stats.passes, failed: stats.failures, pending: stats.pending, suites, failures }));
  }
  if (stats.failures > 0) throw new Error(`${stats.failures} extension-host test(s) failed${where}`);
}

/** An error's first three lines as one, bounded: what the run's summary says of a failure. */
function firstLines(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n').slice(0, 3).join(' ').slice(0, 300);
}
