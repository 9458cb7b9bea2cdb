// Configuration for @vscode/test-cli (`npx vscode-test`), for machines with internet and a desktop:
// it downloads a desktop VS Code and runs the same extension-host suites that test/harness runs
// here in the VS Code server. Build first (the harness's build is the test build, with the hooks
// the suites read):
//   node --import tsx test/harness/cli.ts build && npx vscode-test
import { defineConfig } from '@vscode/test-cli';

export default defineConfig({
  label: 'integration',
  files: 'out/integration/**/*.test.js',
  version: '1.99.3',
  extensionDevelopmentPath: '.',
  workspaceFolder: 'test/sandbox/workspace',
  launchArgs: ['--disable-extensions'],
  mocha: { ui: 'bdd', timeout: 30_000, color: true },
});
