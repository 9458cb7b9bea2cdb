// What a terminal line holds (src/openLink/core/terminalText.ts): Sentry links and the short IDs of
// the signed-in organization's projects, with their ranges; nothing else.
import assert from 'node:assert/strict';
import { terminalHits } from '../../../../src/openLink/core/terminalText';

describe('terminal links', () => {
  it("finds a Sentry link (without a sentence's final dot) and the organization's short IDs", () => {
    const line = 'error reported: https://acme.sentry.io/issues/12/. See WEB-FRONTEND-1A and NOPE-3, or HTTP-2 docs';
    const hits = terminalHits(line, [], new Set(['web-frontend']));
    assert.deepEqual(
      hits.map((h) => [h.kind, line.slice(h.start, h.start + h.length)]),
      [
        ['link', 'https://acme.sentry.io/issues/12/'],
        ['shortId', 'WEB-FRONTEND-1A'],
      ],
    );
  });

  it('finds a self-hosted link of the signed-in server, and no short ID inside a link', () => {
    const hits = terminalHits('see http://127.0.0.1:9000/organizations/acme/issues/WEB-FRONTEND-2/ now', ['http://127.0.0.1:9000'], new Set(['web-frontend']));
    assert.equal(hits.length, 1);
    assert.equal(hits[0].kind, 'link');
  });

  it('reads a bounded part of a long line', () => {
    const hits = terminalHits(`${'x'.repeat(5000)} WEB-FRONTEND-1`, [], new Set(['web-frontend']));
    assert.equal(hits.length, 0);
  });
});
