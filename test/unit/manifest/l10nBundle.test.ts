/**
 * l10n/bundle.l10n.json is what translators start from: it must hold exactly the strings the code
 * passes to vscode.l10n.t and @vscode/l10n's t (npm run l10n writes it). A string added without
 * exporting it, or a stale one, fails here.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

describe('the l10n bundle', () => {
  it('l10n/bundle.l10n.json is exactly the export of src/ (npm run l10n)', function () {
    this.timeout(60_000);
    const out = mkdtempSync(join(tmpdir(), 'l10n-'));
    try {
      execFileSync(join(ROOT, 'node_modules/.bin/vscode-l10n-dev'), ['export', '--outDir', out, './src'], { cwd: ROOT, stdio: 'pipe' });
      const exported = JSON.parse(readFileSync(join(out, 'bundle.l10n.json'), 'utf8'));
      const committed = JSON.parse(readFileSync(join(ROOT, 'l10n/bundle.l10n.json'), 'utf8'));
      const missing = Object.keys(exported).filter((k) => !(k in committed));
      const stale = Object.keys(committed).filter((k) => !(k in exported));
      assert.deepEqual({ missing, stale }, { missing: [], stale: [] }, 'run npm run l10n');
      assert.ok(Object.keys(exported).length > 300, `only ${Object.keys(exported).length} strings are localized`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('every English string is its own translation (the bundle is the source, not a translation)', () => {
    const committed: Record<string, string | { message: string }> = JSON.parse(readFileSync(join(ROOT, 'l10n/bundle.l10n.json'), 'utf8'));
    for (const [key, value] of Object.entries(committed)) {
      const message = typeof value === 'string' ? value : value.message;
      assert.ok(key === message || key.startsWith(`${message}/`), key);
    }
  });
});
