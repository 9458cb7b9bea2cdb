import assert from 'node:assert/strict';
import { hash53 } from '../../../../src/util/hash';
import { MOVE_WINDOW, keyedText, lineKey, normaliseLine, placeAllByText, placeByText as placeByKeys, type DocumentLines, type ExpectedText } from '../../../../src/editor/core/movedLines';

/** placeByText with the expected lines given as text (marks carry their keys). */
const placeByText = (expected: ExpectedText | undefined, line: number, d: DocumentLines) => placeByKeys(expected && keyedText(expected), line, d);

/** A document of these lines. */
const doc = (lines: readonly string[]): DocumentLines => ({ lineCount: lines.length, lineAt: (n) => lines[n] });
/** `count` filler lines, each one different and unlike the code looked for. */
const filler = (count: number, tag = 'f') => Array.from({ length: count }, (_, i) => `const ${tag}${i} = ${i};`);

describe('placeByText: where the code of an event line is in the editor now', () => {
  const crash = 'throw new Error(`no price for ${id}`);';

  it('the line still holds the text: unchanged', () => {
    const lines = [...filler(10), crash, ...filler(5, 'g')];
    assert.deepEqual(placeByText({ line: crash }, 10, doc(lines)), { line: 10 });
  });

  it('no text known: the line as the event has it', () => {
    assert.deepEqual(placeByText(undefined, 3, doc(filler(5))), { line: 3 });
  });

  it('code moved down (lines inserted above): the line that holds it, moved from the event line', () => {
    const lines = [...filler(14), crash, ...filler(5, 'g')];
    assert.deepEqual(placeByText({ line: crash }, 10, doc(lines)), { line: 14, movedFrom: 10 });
  });

  it('code moved up (lines deleted above)', () => {
    const lines = [...filler(4), crash, ...filler(20, 'g')];
    assert.deepEqual(placeByText({ line: crash }, 10, doc(lines)), { line: 4, movedFrom: 10 });
  });

  it('whitespace, tabs and CRLF do not count: re-indented code is the same code', () => {
    const lines = [...filler(12), `\t\tthrow  new Error(\`no price for \${id}\`);\r`, ...filler(3, 'g')];
    assert.deepEqual(placeByText({ line: `    ${crash}` }, 10, doc(lines)), { line: 12, movedFrom: 10 });
    assert.equal(normaliseLine(' \ta  \t b\r\n'), 'a b');
  });

  it('the text is nowhere in the window: stale, on the event line (never on some other code)', () => {
    const lines = [...filler(10), 'throw new RangeError(id);', ...filler(5, 'g')];
    assert.deepEqual(placeByText({ line: crash }, 10, doc(lines)), { line: 10, stale: true });
  });

  it('the event line is past the end of the file, and the text is gone: stale', () => {
    assert.deepEqual(placeByText({ line: crash }, 40, doc(filler(8))), { line: 40, stale: true });
  });

  it('the window: a match exactly MOVE_WINDOW lines away counts, one line further is stale', () => {
    const at = (offset: number) => [...filler(10 + offset), crash, ...filler(5, 'g')];
    assert.deepEqual(placeByText({ line: crash }, 10, doc(at(MOVE_WINDOW))), { line: 10 + MOVE_WINDOW, movedFrom: 10 });
    assert.deepEqual(placeByText({ line: crash }, 10, doc(at(MOVE_WINDOW + 1))), { line: 10, stale: true });
    const above = [...filler(5), crash, ...filler(MOVE_WINDOW + 20, 'g')];
    assert.deepEqual(placeByText({ line: crash }, 5 + MOVE_WINDOW, doc(above)), { line: 5, movedFrom: 5 + MOVE_WINDOW });
    assert.deepEqual(placeByText({ line: crash }, 6 + MOVE_WINDOW, doc(above)), { line: 6 + MOVE_WINDOW, stale: true });
  });

  describe('several lines hold the text', () => {
    const dup = 'return total;';

    it('the nearest wins', () => {
      const lines = [...filler(3), dup, ...filler(8, 'g'), dup, ...filler(5, 'h')];
      // Event line 10: line 3 is 7 away, line 12 is 2 away.
      assert.deepEqual(placeByText({ line: dup }, 10, doc(lines)), { line: 12, movedFrom: 10 });
    });

    it('at the same distance, the later one: code moves down more often than up, as files grow', () => {
      const lines = [...filler(7), dup, ...filler(5, 'g'), dup, ...filler(5, 'h')];
      // Event line 10: lines 7 and 13 are both 3 away.
      assert.deepEqual(placeByText({ line: dup }, 10, doc(lines)), { line: 13, movedFrom: 10 });
    });

    it('the lines around it decide before distance', () => {
      const lines = [...filler(4), 'const total = sum(items);', dup, ...filler(6, 'g'), dup, ...filler(5, 'h')];
      // Line 12 is nearer to line 10, but line 5 has the line before it the event had.
      assert.deepEqual(placeByText({ line: dup, before: ['  const total = sum(items);'] }, 10, doc(lines)), { line: 5, movedFrom: 10 });
      assert.deepEqual(placeByText({ line: dup, after: ['const f0 = 0;'] }, 10, doc([...filler(3), dup, 'const f0 = 0;', ...filler(10, 'g'), dup])), { line: 3, movedFrom: 10 });
    });
  });

  describe('lines too short to say anything alone (`}`, blank, under three letters or digits)', () => {
    it('never moved, nor called stale, on their own text', () => {
      const lines = [...filler(12), '}', ...filler(5, 'g')];
      assert.deepEqual(placeByText({ line: '}' }, 10, doc(lines)), { line: 10 });
      assert.deepEqual(placeByText({ line: '' }, 10, doc(filler(20))), { line: 10 });
      assert.deepEqual(placeByText({ line: '});' }, 10, doc(filler(20))), { line: 10 });
      assert.deepEqual(placeByText({ line: 'x++' }, 10, doc(filler(20))), { line: 10 });
    });

    it('moved where the lines around them agree', () => {
      const lines = [...filler(12), 'if (!price) throw new Error(id);', '}', ...filler(5, 'g')];
      assert.deepEqual(placeByText({ line: '}', before: ['if (!price) throw new Error(id);'] }, 10, doc(lines)), { line: 13, movedFrom: 10 });
    });

    it('context that is itself trivial is no evidence', () => {
      const lines = [...filler(12), '', '}', ...filler(5, 'g')];
      assert.deepEqual(placeByText({ line: '}', before: [''] }, 10, doc(lines)), { line: 10 });
    });

    it('still on their line: unchanged', () => {
      const lines = [...filler(10), '}', ...filler(5, 'g')];
      assert.deepEqual(placeByText({ line: '}' }, 10, doc(lines)), { line: 10 });
    });
  });

  it('compares at most the first TEXT_MAX characters, as they are kept', () => {
    const long = `const s = "${'x'.repeat(400)}";`;
    const lines = [...filler(11), long, ...filler(3, 'g')];
    assert.deepEqual(placeByText({ line: long.slice(0, 200) }, 10, doc(lines)), { line: 11, movedFrom: 10 });
  });

  it('reads only the lines of the window, however long the file', () => {
    const lines = [...filler(100_000)];
    let read = 0;
    const counting: DocumentLines = { lineCount: lines.length, lineAt: (n) => (read++, lines[n]) };
    placeByText({ line: crash }, 50_000, counting);
    assert.ok(read <= 2 * MOVE_WINDOW + 1, `${read} lines read`);
  });
});

describe('placeAllByText: the marks of a document, each line read once', () => {
  it('moves the marks with text, leaves the others, and forgets what an earlier placement said', () => {
    const lines = [...filler(13), 'return total;', ...filler(5, 'g')];
    let read = 0;
    const counting: DocumentLines = { lineCount: lines.length, lineAt: (n) => (read++, lines[n]) };
    const total = { line: lineKey('return total;') };
    const gone = { line: lineKey('gone();') };
    const marks = [
      { id: 'a', line: 10, text: total, stale: true as const },
      { id: 'b', line: 10, text: total },
      { id: 'c', line: 4 },
      { id: 'd', line: 2, text: gone, movedFrom: 1 },
    ];
    assert.deepEqual(placeAllByText(marks, counting), [
      { id: 'a', line: 13, text: total, movedFrom: 10 },
      { id: 'b', line: 13, text: total, movedFrom: 10 },
      { id: 'c', line: 4 },
      { id: 'd', line: 2, text: gone, stale: true },
    ]);
    assert.ok(read <= lines.length, `${read} reads of ${lines.length} lines`);
  });
});

describe('lineKey: a line as marks carry and storage keeps it', () => {
  it('is a fingerprint of the compacted line, never its text, equal for lines equal once compacted', () => {
    const line = '  const apiKey = "sk_live_0123456789abcdefghij";\r';
    assert.equal(lineKey(line), lineKey('const   apiKey = "sk_live_0123456789abcdefghij";'));
    assert.equal(lineKey(line), `#${hash53(normaliseLine(line))}`);
    assert.ok(!lineKey(line).includes('apiKey'));
    assert.notEqual(lineKey('return a;'), lineKey('return b;'));
  });

  it('says, before hashing, whether the line is trivial (fewer than 3 letters or digits)', () => {
    for (const trivial of ['}', '', '  });', 'x++', 'ab;']) assert.match(lineKey(trivial), /^\./, JSON.stringify(trivial));
    for (const plain of ['abc', 'return total;', 'x = y + z']) assert.match(lineKey(plain), /^#/, plain);
  });
});
