// Structural checks over the extension's source: every sink that renders text goes through the
// helper made for it in src/util/untrusted.ts. A new call site that bypasses one fails here.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '..', '..', '..', 'src');

function sources(dir = SRC): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [{ file: path.relative(SRC, p), text: fs.readFileSync(p, 'utf8') }] : [];
  });
}

function hits(pattern: RegExp, except: string[] = []): string[] {
  return sources()
    .filter((s) => !except.includes(s.file))
    .flatMap((s) => s.text.split('\n').flatMap((line, i) => (pattern.test(line) && !/^\s*(\/\/|\/\*|\*)/.test(line) ? [`${s.file}:${i + 1}: ${line.trim()}`] : [])));
}

describe('untrusted-text sinks', () => {
  it('every notification goes through a UiHolder, which neutralises links (no direct vscode.window.show*Message)', () => {
    assert.deepEqual(hits(/window\.show(Information|Warning|Error)Message\s*\(/, ['util/ui.ts']), []);
  });

  it('no Markdown is trusted wholesale: command links are enabled one by one', () => {
    assert.deepEqual(hits(/isTrusted\s*=\s*true|isTrusted:\s*true/), []);
  });

  it('URLs are opened only through the UiHolder, after safeWebUrl/safeVerificationUrl', () => {
    assert.deepEqual(hits(/env\.openExternal\s*\(/, ['util/ui.ts']), []);
  });

  it('the page never builds HTML from strings', () => {
    assert.deepEqual(hits(/\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML\s*\(|document\.write\s*\(/), []);
  });
});
