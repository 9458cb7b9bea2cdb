// The store, the contracts and the shared helpers are pure: nothing they import, directly or
// through other modules of ours, imports `vscode`. (ESLint's no-restricted-imports will check each
// file on its own; this follows the imports, so a pure module cannot reach vscode through another.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

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

const PURE = [
  ...readdirSync(join(SRC, 'store')).map((f) => join(SRC, 'store', f)),
  ...readdirSync(join(SRC, 'contracts')).map((f) => join(SRC, 'contracts', f)),
  join(SRC, 'util/disposable.ts'),
  join(SRC, 'util/signal.ts'),
];

describe('pure modules never reach vscode', () => {
  it('the import scanner sees a vscode import when there is one (it can fail)', () => {
    assert.ok(pathToVscode(join(SRC, 'extension.ts')), 'extension.ts imports vscode');
  });

  for (const file of PURE) {
    it(relative(SRC, file), () => {
      assert.equal(pathToVscode(file)?.join(' -> '), undefined);
    });
  }
});
