import assert from 'node:assert/strict';
import { MASK } from '../../../../src/model/event/types';
import { maskEncoded } from '../../../../src/model/event/maskEncoded';
import { maskText } from '../../../../src/model/event/maskText';

/** A masker that masks every `hunter2` it is given (what maskEncoded hands it is already decoded). */
const hunter = (s: string) => ({ text: s.split('hunter2').join(MASK), count: s.split('hunter2').length - 1 });

describe('model/event/maskEncoded', () => {
  it('decodes a run, masks it and writes back only what changed, encoded as it was', () => {
    assert.deepEqual(maskEncoded('q=%22password%22%3A%22hunter2%22&x=%2Fa', hunter), { text: `q=%22password%22%3A%22${MASK}%22&x=%2Fa`, count: 1 });
    assert.deepEqual(maskEncoded('see password%3Dhunter2%26next%3D1 end', hunter), { text: `see password%3D${MASK}%26next%3D1 end`, count: 1 });
  });
  it('leaves text without escapes, or with nothing to mask, as it is (the same string)', () => {
    for (const text of ['100% done', 'a%2Fb%2Fc', 'no percent', '%zz%', '%']) assert.deepEqual(maskEncoded(text, hunter), { text, count: 0 });
  });
  it('keeps `+` as it is, so a password with a `+` is masked whole', () => {
    assert.equal(maskText('q=password%3Dhunter2+tail%26x%3D1').text, `q=password%3D${MASK}%26x%3D1`);
  });
  it('decodes UTF-8 escapes, and keeps invalid ones as they are', () => {
    assert.equal(maskEncoded('%C3%A9t%C3%A9%3Dhunter2', hunter).text, `%C3%A9t%C3%A9%3D${MASK}`);
    assert.equal(maskEncoded('%FF%FEhunter2%3D', hunter).text, `%FF%FE${MASK}%3D`);
  });
  it('masks in maskText a JSON body or a form sent encoded once, or twice', () => {
    const once = encodeURIComponent(JSON.stringify({ user: 'bob', password: 'Tr0ub4dor3' }));
    assert.equal(maskText(`GET /cb?data=${once}`).text, `GET /cb?data=${once.replace('Tr0ub4dor3', MASK)}`);
    const twice = encodeURIComponent(`https://app.acme.test/cb?token=Zm9vYmFyYmF6cXV4&state=1`);
    assert.equal(maskText(`/login?next=${encodeURIComponent(twice)}`).text.includes('Zm9vYmFyYmF6cXV4'), false);
  });
  it('finds a token whose = or + was encoded', () => {
    const token = 'sntrys_eyJpYXQiOjE3MDB9+abc/def==_0123456789abcdefABCDEF';
    const m = maskText(`https://h.acme.test/x?t=${encodeURIComponent(token)}`);
    assert.equal(m.text, `https://h.acme.test/x?t=${MASK}`);
  });
  it('masking twice changes nothing, the MASK inside a run included', () => {
    for (const text of ['q=Authorization%3A%20Bearer%20abcdefghijklmnop12345', 'password%3Dhunter2%26user%3Dbob']) {
      const once = maskText(text);
      assert.ok(once.count >= 1, text);
      assert.deepEqual(maskText(once.text), { text: once.text, count: 0 }, once.text);
    }
  });
});

describe('model/event/maskEncoded: text encoded twice', () => {
  it('is seen by maskText even when nothing else in it would be', () => {
    assert.equal(maskText('/next/password%253Dhunter2x').text, `/next/password%253D${MASK}`);
  });
});

describe('model/event/maskEncoded: characters left unencoded', () => {
  it('keeps in a run what encodeURIComponent leaves as it is, and non-ASCII text left raw', () => {
    assert.equal(maskText('q=%22password%22%3A%22p%C3%A4ss(w)*rd!%22').text, `q=%22password%22%3A%22${MASK}%22`);
    assert.equal(maskText('q=%22password%22%3A%22pässwörd%22').text, `q=%22password%22%3A%22${MASK}%22`);
  });
});
