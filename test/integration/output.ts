// Printing from the extension-host suites. Under test/harness the extension host's console only
// reaches the browser (and VS Code locks `console`), so when SENTRY_EXPLORER_TEST_OUTPUT names a
// file every line also goes there; the harness streams that file to the terminal.
import * as fs from 'node:fs';
import { format } from 'node:util';

export function print(...args: unknown[]): void {
  const line = format(...args);
  const file = process.env.SENTRY_EXPLORER_TEST_OUTPUT;
  if (file) fs.appendFileSync(file, line + '\n');
  console.log(line);
}
