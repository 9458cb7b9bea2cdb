// The one test command (npm test): unit suites now; the VS Code suites join later.
import { spawnSync } from 'node:child_process';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
run('npx', ['--no-install', 'mocha']);
