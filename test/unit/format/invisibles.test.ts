// Invisible and bidirectional-control characters are drawn as VS Code's editor draws them (issue 42:
// Seer's text and diffs can hide code behind them).
import * as assert from 'node:assert/strict';
import { hasInvisible, invisiblePieces, invisiblesIn, showInvisibles, visibleForm } from '../../../src/format/invisibles';

describe('format: invisible characters made visible', () => {
  it('shows bidirectional controls and zero-width characters as [U+XXXX], C0 controls as control pictures', () => {
    assert.equal(showInvisibles('a\u202Eb\u2066c\u2069d\u200Be'), 'a[U+202E]b[U+2066]c[U+2069]d[U+200B]e');
    assert.equal(showInvisibles('x\u0000y\u001bz\u007f'), 'x\u2400y\u241bz\u2421');
    assert.equal(showInvisibles('\uFEFFbom \u00A0nbsp \u00ADshy'), '[U+FEFF]bom [U+00A0]nbsp [U+00AD]shy');
    assert.equal(showInvisibles('tag\u{E0041}'), 'tag[U+E0041]');
    assert.equal(visibleForm(0x61c), '[U+061C]');
  });

  it('leaves text, spaces, tabs and line ends alone', () => {
    const plain = 'const a = 1;\n\tif (a) {\r\n  return "é ü 你好 🎉";\n}';
    assert.equal(showInvisibles(plain), plain);
    assert.equal(hasInvisible(plain), false);
    assert.deepEqual(invisiblePieces(plain), [plain]);
  });

  it('splits a text into pieces, each invisible character apart, and lists them once', () => {
    assert.deepEqual(invisiblePieces('// ok\u202E } if (x) {\u2066'), ['// ok', { codePoint: 0x202e, shown: '[U+202E]' }, ' } if (x) {', { codePoint: 0x2066, shown: '[U+2066]' }]);
    assert.deepEqual(invisiblesIn('\u202Ea\u202Eb\u200B'), [0x202e, 0x200b]);
    assert.equal(hasInvisible('a\u2069'), true);
  });
});
