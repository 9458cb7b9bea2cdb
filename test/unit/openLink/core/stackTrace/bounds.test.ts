// The parsers' bounds (src/openLink/core/stackTrace/detect.ts): a 10 MB paste is refused before a line
// is read, hostile text (long lines, many separators, nested parentheses) is read in bounded time, and
// at most MAX_TRACE_LINES lines are read.
import assert from 'node:assert/strict';
import { MAX_TRACE_CHARS, MAX_TRACE_LINES, parseStackTrace, traceLines } from '../../../../../src/openLink/core/stackTrace/detect';

function timed(f: () => void): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

describe('stack-trace parser bounds', () => {
  it('refuses a 10 MB paste at once', () => {
    const text = '\tat a.B.c(B.java:1)\n'.repeat(Math.ceil((10 * 1024 * 1024) / 20));
    assert.ok(text.length > MAX_TRACE_CHARS);
    let r: ReturnType<typeof parseStackTrace> | undefined;
    const ms = timed(() => (r = parseStackTrace(text)));
    assert.deepEqual(r, { ok: false, reason: 'tooLarge' });
    assert.ok(ms < 50, `${ms} ms`);
  });

  it('reads at most MAX_TRACE_LINES lines, each cut to its bound', () => {
    const { lines, cut } = traceLines('x\n'.repeat(MAX_TRACE_LINES + 10));
    assert.equal(lines.length, MAX_TRACE_LINES);
    assert.ok(cut);
    assert.equal(traceLines('y'.repeat(10_000)).lines[0].length, 2000);
  });

  for (const [name, line] of [
    ['colons', `\tat ${':1'.repeat(990)}`],
    ['parentheses', `#0 ${'('.repeat(1990)}`],
    ['at-signs', `${'@'.repeat(1000)}${':1:'.repeat(300)}`],
    ['quotes', `  File "${'"'.repeat(1990)}`],
    ['spaces', `${' '.repeat(1000)}at ${' ('.repeat(495)}`],
    ['backticks', `  * frame #0: 0x1 a\`${' at x'.repeat(390)}`],
    ['crash report', `0 a 0x1 ${'+ 1 ('.repeat(395)}`],
    ['ruby', `${'a:1:in '.repeat(280)}`],
    ['swift backtracer', `0 [inlined] 0x1 ${' in x'.repeat(200)}${' at y:1'.repeat(140)}`],
    ['crash report without offsets', `0 a 0x1 ${' (in b)'.repeat(140)}${' (c.swift:1)'.repeat(80)}`],
    ['dart terse', `${'a'.repeat(990)}.dart 1${' 1:1'.repeat(250)}`],
    ['firefox at-signs', `${'a@'.repeat(990)}`],
  ] as const) {
    it(`reads 4 MB of hostile ${name} in bounded time`, () => {
      const text = `${line}\n`.repeat(Math.floor((MAX_TRACE_CHARS - 10) / (line.length + 1)));
      const ms = timed(() => parseStackTrace(text));
      // Linear: a few seconds at most on a busy two-core machine, where a backtracking regex takes minutes.
      assert.ok(ms < 8000, `${name}: ${ms.toFixed(0)} ms`);
    });
  }
});
