// Copies the README's three pictures from the last UI checks' screenshots (test-results/ui/,
// written by `node --import tsx test/harness/cli.ts ui`): what a Marketplace visitor sees first is
// what the checks looked at, not a mock-up. Run after the UI checks, look at docs/images/, commit.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PICTURES = {
  'issues-tree-tooltip.png': 'readme-issues-tree.png',
  'marked-line-hover.png': 'readme-marked-line.png',
  'event-view.png': 'readme-event-tab.png',
};
mkdirSync(join(root, 'docs/images'), { recursive: true });
for (const [target, source] of Object.entries(PICTURES)) {
  const from = join(root, 'test-results/ui', source);
  if (!existsSync(from)) throw new Error(`${from} is missing: run the UI checks first`);
  copyFileSync(from, join(root, 'docs/images', target));
  console.log(`docs/images/${target} ← ${source} (${statSync(from).size} bytes)`);
}
