import assert from 'node:assert/strict';
import fc from 'fast-check';
import { nextCursor, parseLinkHeader, previousCursor } from '../../../src/api/links';

const REAL =
  '<https://host/api/0/organizations/acme/issues/1/events/?&cursor=0:0:1>; rel="previous"; results="false"; cursor="0:0:1", ' +
  '<https://host/api/0/organizations/acme/issues/1/events/?&cursor=0:100:0>; rel="next"; results="true"; cursor="0:100:0"';

describe('Link header', () => {
  it('parses the real two-link header', () => {
    const links = parseLinkHeader(REAL);
    assert.equal(links.length, 2);
    assert.deepEqual(links[0], { url: 'https://host/api/0/organizations/acme/issues/1/events/?&cursor=0:0:1', rel: 'previous', results: false, cursor: '0:0:1' });
    assert.equal(links[1].rel, 'next');
    assert.equal(links[1].results, true);
    assert.equal(nextCursor(REAL), '0:100:0');
    assert.equal(previousCursor(REAL), undefined);
  });

  it('gives no next cursor when results="false"', () => {
    const h = REAL.replace('results="true"', 'results="false"');
    assert.equal(nextCursor(h), undefined);
  });

  it('handles absent, empty and garbage headers', () => {
    for (const h of [undefined, null, '', 'garbage', '<>', '<x>; foo=bar']) assert.equal(nextCursor(h), undefined);
  });

  it('takes the cursor from the URL when the cursor parameter is missing', () => {
    assert.equal(nextCursor('<https://h/x/?cursor=1600000000000:0:0>; rel="next"; results="true"'), '1600000000000:0:0');
  });

  const cursorArb = fc
    .tuple(fc.oneof(fc.integer({ min: 0 }).map(String), fc.double({ min: 0, max: 1e12, noNaN: true }).map(String)), fc.nat(100000), fc.constantFrom(0, 1))
    .map(([v, o, p]) => `${v}:${o}:${p}`);
  const hostArb = fc.constantFrom('https://sentry.io', 'https://acme.sentry.io', 'http://127.0.0.1:8000', 'https://us.sentry.io');

  it('property: round-trips any previous/next pair as Sentry formats it', () => {
    fc.assert(
      fc.property(hostArb, cursorArb, cursorArb, fc.boolean(), fc.boolean(), fc.constantFrom('', 'query=is%3Aunresolved&', 'environment=a,b&'), (host, pc, nc, pr, nr, q) => {
        const url = (c: string) => `${host}/api/0/projects/acme/web/issues/?${q}cursor=${c}`;
        const h = `<${url(pc)}>; rel="previous"; results="${pr}"; cursor="${pc}", <${url(nc)}>; rel="next"; results="${nr}"; cursor="${nc}"`;
        const links = parseLinkHeader(h);
        assert.equal(links.length, 2);
        assert.equal(links[0].cursor, pc);
        assert.equal(links[1].cursor, nc);
        assert.equal(links[1].url, url(nc));
        assert.equal(nextCursor(h), nr ? nc : undefined);
        assert.equal(previousCursor(h), pr ? pc : undefined);
      }),
    );
  });

  it('property: never throws on arbitrary input', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseLinkHeader(s)));
  });
});
