import assert from 'node:assert/strict';
import { maskAnswer, maskAnswerKeeping, maskTagAnswer, vaultOf } from '../../../../src/model/event/maskAnswer';
import { MASK } from '../../../../src/model/event/types';

describe('model/event/maskAnswer: the masking step where answers enter', () => {
  it('masks titles, culprits and metadata of an issue; an answer with nothing secret is the same object', () => {
    const issue = { id: '1', title: 'GET /x?access_token=abc123def456', culprit: 'f(Authorization: Bearer abcdefgh12345678)', metadata: { value: 'password=hunter2' } };
    const masked = maskAnswer(issue);
    assert.deepEqual(masked, { id: '1', title: `GET /x?access_token=${MASK}`, culprit: `f(Authorization: Bearer ${MASK})`, metadata: { value: `password=${MASK}` } });
    const plain = { id: '2', title: 'TypeError: x is undefined' };
    assert.equal(maskAnswer(plain), plain);
  });

  it("a secret-named tag's values are all masked, names too; other tags keep theirs", () => {
    const tag = {
      key: 'auth_token',
      name: 'Auth Token',
      totalValues: 2,
      topValues: [
        { value: 'tok-1', name: 'tok-1', count: 1 },
        { value: null, name: null, count: 1 },
      ],
    };
    const masked = maskTagAnswer(tag);
    assert.deepEqual(
      masked.topValues.map((v) => [v.value, v.name]),
      [
        [MASK, MASK],
        [null, null],
      ],
    );
    const browser = { key: 'browser', topValues: [{ value: 'Firefox', name: 'Firefox', count: 3 }] };
    assert.deepEqual(maskTagAnswer(browser), browser);
  });

  it('the vault of a whole event holds what was masked, by where it is, and only for that answer', () => {
    const event = { eventID: 'e', entries: [{ type: 'request', data: { headers: [['Authorization', 'Bearer s3cr3t-t0k3n-x']], query: 'a=1&token=q-123456' } }] };
    const { value, vault } = maskAnswerKeeping(event);
    const data = (value.entries[0] as { data: { headers: unknown[][]; query: string } }).data;
    assert.deepEqual(data.headers[0], ['Authorization', `Bearer ${MASK}`]);
    assert.equal(data.query, `a=1&token=${MASK}`);
    assert.equal(vault.original(data.headers[0], 1), 'Bearer s3cr3t-t0k3n-x');
    assert.equal(vault.original(data, 'query'), 'a=1&token=q-123456', 'a string masked inside is kept whole, to be parsed and masked again by name');
    assert.equal(vaultOf(value), vault);
    assert.equal(vault.count, 2);
    assert.equal(vaultOf(event).count, 0, 'the unmasked answer has no vault');
    assert.equal(vaultOf({ ...value }).original(data.headers[0], 1), undefined, 'a copy is not the answer');
  });
});
