import assert from 'node:assert/strict';
import { MASK } from '../../../../src/model/event/types';
import { maskUrl } from '../../../../src/model/event/maskUrl';

describe('model/event/mask: maskUrl', () => {
  it('masks secret query and fragment values and the password, nothing else', () => {
    const m = maskUrl('https://user:pw@h.example/a/b?x=1&token=abc&sig=zz&api%5Fkey=k#access_token=qq&state=1');
    assert.equal(m.text, `https://user:${MASK}@h.example/a/b?x=1&token=${MASK}&sig=${MASK}&api%5Fkey=${MASK}#access_token=${MASK}&state=1`);
    assert.equal(m.count, 5);
  });
  it('leaves a URL without secrets as it is', () => {
    const url = 'https://sentry.io/organizations/acme/issues/?project=5&query=is%3Aunresolved#frag';
    assert.deepEqual(maskUrl(url), { text: url, count: 0 });
    assert.deepEqual(maskUrl('/api/0/internal/health/'), { text: '/api/0/internal/health/', count: 0 });
  });
  it('masks a JWT in the path, and an empty value is nothing to hide', () => {
    assert.equal(maskUrl('https://h.example/verify/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl?token=').text, `https://h.example/verify/${MASK}?token=`);
  });
});
