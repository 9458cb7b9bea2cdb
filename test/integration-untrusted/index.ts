// Entry point of the extension-host suites that run in an UNTRUSTED workspace (Restricted Mode):
// test/harness/cli.ts opens a throwaway folder (./workspace.ts) with workspace trust enabled and
// runs every compiled *.test.js beside this file with mocha, as test/integration/index.ts does for
// the trusted window. Built by test/harness/build.ts into out/integration-untrusted/.
import { runSuites } from '../integration/index';

export async function run(): Promise<void> {
  await runSuites(__dirname, ' in the untrusted workspace');
}
