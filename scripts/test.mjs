// The one test command (npm test, and so .ci/run): lint (ESLint with the layout rules, then
// prettier --check) and the type check (esbuild and tsx only strip types) count as one check each;
// then the unit suites (mocha, test/unit), the package (npm run package: the production build, the
// .vsix and its check, scripts/checkVsix.ts; one check) and the VS Code parts (test/harness/cli.ts all:
// installs the VS Code server once, builds, runs the extension-host suites and the UI checks). Every part runs
// even when an earlier one failed; the last line is "N passed, N failed" over all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'sentry-explorer-test-'));
const started = performance.now();
const parts = [];

/**
 * Runs one part; `stats` is the file where it writes {"passed":N,"failed":N}, or undefined for a
 * part that is one check (passed or failed as a whole, by its exit code).
 */
function part(name, cmd, args, stats, env = {}) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  let counts;
  try {
    counts = stats ? JSON.parse(readFileSync(stats, 'utf8')) : { passed: r.status === 0 ? 1 : 0, failed: 0 };
  } catch {
    counts = { passed: 0, failed: 0 };
  }
  // A part that failed without reporting a failing test (crash, build error) counts as one failure.
  if (r.status !== 0 && !(counts.failed > 0)) counts.failed = (counts.failed ?? 0) + 1;
  const seconds = (performance.now() - t0) / 1000;
  parts.push({ name, passed: counts.passed ?? 0, failed: counts.failed ?? 0, failures: counts.failures ?? [], windows: counts.windows ?? [], seconds, status: r.status ?? r.signal });
  // Ctrl+C reaches the part too (same process group); it cleans up after itself, then we stop.
  if (r.signal === 'SIGINT' || r.status === 130) {
    rmSync(tmp, { recursive: true, force: true });
    console.log(`\ninterrupted during the ${name} part`);
    process.exit(130);
  }
}
// Survive Ctrl+C until the running part has stopped (it gets the signal itself).
process.on('SIGINT', () => {});

part('lint', 'npm', ['run', '--silent', 'lint'], undefined);
part('tsc', 'npm', ['run', '--silent', 'typecheck'], undefined);
// Mocha's reporter is "spec" plus a counts file (test/harness/count-reporter.cjs).
const unitStats = join(tmp, 'unit.json');
part('unit', 'npx', ['--no-install', 'mocha', '--reporter', join(root, 'test/harness/count-reporter.cjs')], unitStats, {
  SENTRY_EXPLORER_TEST_STATS: unitStats,
});
// Before the VS Code parts, whose test build then takes dist/ back from the production one.
part('package', 'npm', ['run', '--silent', 'package'], undefined);
const vscodeStats = join(tmp, 'vscode.json');
part('vscode', process.execPath, ['--import', 'tsx', join(root, 'test/harness/cli.ts'), 'all', '--stats', vscodeStats], vscodeStats);
rmSync(tmp, { recursive: true, force: true });

const passed = parts.reduce((n, p) => n + p.passed, 0);
const failed = parts.reduce((n, p) => n + p.failed, 0);
console.log('\nSummary');
for (const p of parts) {
  console.log(`  ${p.name.padEnd(8)} ${String(p.passed).padStart(4)} passed, ${String(p.failed).padStart(3)} failed  (${p.seconds.toFixed(1)} s)`);
  for (const f of p.failures) console.log(`    failed: ${f}`);
  // The VS Code part's windows, each with its time and budget (test/harness/cli.ts).
  for (const w of p.windows) {
    const budget = w.budgetSeconds ? ` of ${w.budgetSeconds.toFixed(0)} s` : '';
    const warn = w.budgetSeconds && w.seconds > w.budgetSeconds / 2 ? '  (over half its budget)' : '';
    console.log(`    ${w.seconds.toFixed(1).padStart(6)} s${budget.padEnd(9)} ${w.name}${warn}`);
  }
}
console.log(`  total time ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
