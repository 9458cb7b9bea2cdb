// Entry point of the extension-host suites that run the extension without VS Code's AI APIs:
// test/harness/cli.ts opens the sample workspace with out/extension-no-ai/ as the extension under
// development (test/harness/build.ts buildNoAiExtension) and runs every compiled *.test.js beside
// this file with mocha, as test/integration/index.ts does for the usual window.
import { runSuites } from '../integration/index';

export async function run(): Promise<void> {
  await runSuites(__dirname, ' in the window without the AI APIs');
}
