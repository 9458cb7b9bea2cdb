// The store, the contracts, the client, the page and the shared helpers are pure, and so is every
// file whose header says "No `vscode` import": nothing they import, directly or through other
// modules of ours, imports `vscode`. (ESLint's no-restricted-imports checks each file of the
// config's PURE list on its own; this follows the imports, so a pure module cannot reach vscode
// through another, and a new file is covered by its header without editing the config.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SRC = resolve(__dirname, '../../../src');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  return undefined;
}

/** The chain of imports from `entry` to a `vscode` import, or undefined when there is none. */
function pathToVscode(entry: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const spec of specifiers(file)) {
      if (spec === 'vscode') return [...chain, relative(SRC, file)];
      if (!spec.startsWith('.')) continue;
      const next = resolveLocal(file, spec);
      if (next) {
        const found = walk(next, [...chain, relative(SRC, file)]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(entry, []);
}

const ts = (dir: string) =>
  readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(SRC, dir, f));

/** The comment block a file opens with (its header), up to its first line of code. */
function header(file: string): string {
  const lines: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!/^\s*($|\/\/|\/\*|\*)/.test(line)) break;
    lines.push(line);
  }
  return lines.join('\n');
}
/** A file whose header says so is pure wherever it lives: no config to edit for a new one. */
const MARK = /No `vscode`\s+import/;
const MARKED = ts('.').filter((f) => MARK.test(header(f)));

/** The pure folders of eslint.config.mjs (src/util/ui.ts is the one glue file among them), and every marked file. */
const PURE = [
  ...new Set([...['api', 'store', 'contracts', 'model', 'format', 'eventsPanel/core', 'ai/core', 'util'].flatMap(ts).filter((f) => relative(SRC, f) !== join('util', 'ui.ts')), ...MARKED]),
].sort();

describe('pure modules never reach vscode', () => {
  it('the import scanner sees a vscode import when there is one (it can fail)', () => {
    assert.ok(pathToVscode(join(SRC, 'extension.ts')), 'extension.ts imports vscode');
  });

  it('files are found by the "No `vscode` import" line of their header', () => {
    const marked = MARKED.map((f) => relative(SRC, f));
    for (const f of ['api/http.ts', 'util/untrusted.ts', 'contracts/issueRef.ts', 'selection/resolve.ts']) assert.ok(marked.includes(f), `${f} is marked`);
    assert.ok(!marked.includes('extension.ts'));
    assert.ok(MARK.test(header(join(SRC, 'util/delay.ts'))));
    assert.ok(!MARK.test(header(join(SRC, 'extension.ts'))));
  });

  it('every file eslint.config.mjs lists as pure', async () => {
    const config = (await import(pathToFileURL(join(SRC, '../eslint.config.mjs')).href)) as { PURE: string[]; PURE_EXCEPT: string[] };
    // A listed file that moved would silently leave the lint rule: the list must follow it.
    assert.deepEqual(
      config.PURE.filter((glob) => !existsSync(join(SRC, relative('src', glob.replace(/\/\*\*$/, ''))))),
      [],
      'eslint.config.mjs lists files that do not exist',
    );
    const listed = config.PURE.flatMap((glob) => (glob.endsWith('/**') ? ts(relative('src', glob.slice(0, -3))) : [join(SRC, relative('src', glob))])).filter(
      (f) => !config.PURE_EXCEPT.includes(`src/${relative(SRC, f)}`),
    );
    assert.ok(listed.length > 40, `${listed.length} files listed`);
    assert.deepEqual(listed.map((f) => pathToVscode(f)?.join(' -> ')).filter(Boolean), []);
  });

  for (const file of PURE) {
    it(relative(SRC, file), () => {
      assert.equal(pathToVscode(file)?.join(' -> '), undefined);
    });
  }
});
