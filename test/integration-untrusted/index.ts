// Entry point of the extension-host suites that run in an UNTRUSTED workspace (Restricted Mode):
// test/harness/cli.ts opens a throwaway folder (./workspace.ts) with workspace trust enabled and
// runs every compiled *.test.js beside this file with mocha, as test/integration/index.ts does for
// the trusted window. Built by test/harness/build.ts into out/integration-untrusted/.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { print } from '../integration/output';

export async function run(): Promise<void> {
  Mocha.reporters.Base.consoleLog = print;
  const mocha = new Mocha({ ui: 'bdd', color: process.env.SENTRY_EXPLORER_TEST_COLOR === '1', timeout: 30_000, reporter: 'spec' });
  const grep = process.env.SENTRY_EXPLORER_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const f of fs.readdirSync(__dirname).sort()) {
    if (f.endsWith('.test.js')) mocha.addFile(path.join(__dirname, f));
  }
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? ({ passes: 0, failures: 1 } as Mocha.Stats)));
  });
  const statsFile = process.env.SENTRY_EXPLORER_TEST_STATS;
  if (statsFile) {
    fs.writeFileSync(statsFile, JSON.stringify({ passed: stats.passes, failed: stats.failures, pending: stats.pending }));
  }
  if (stats.failures > 0) throw new Error(`${stats.failures} extension-host test(s) failed in the untrusted workspace`);
}
