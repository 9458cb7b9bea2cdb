import assert from 'node:assert/strict';
import { acceptedRegions, checkRegionUrl, isMonolith, organizationBase, refusalReason } from '../../../src/api/regions';

describe('regions: where credentials may go (the domain rule)', () => {
  const ok = (server: string, region: string, base = region.replace(/\/+$/, '')) => assert.deepEqual(checkRegionUrl(server, region), { ok: true, baseUrl: base }, `${region} for ${server}`);
  const refused = (server: string, region: string, reason: string) => assert.deepEqual(checkRegionUrl(server, region), { ok: false, reason }, `${region} for ${server}`);

  it("accepts sentry.io's own regions and the server itself", () => {
    ok('https://sentry.io', 'https://us.sentry.io');
    ok('https://sentry.io', 'https://de.sentry.io/');
    ok('https://sentry.io', 'https://sentry.io');
    ok('https://sentry.io', 'https://DE.Sentry.IO', 'https://de.sentry.io');
    // sentry.io is the server however it is named: by a region's host or an organization's.
    ok('https://us.sentry.io', 'https://de.sentry.io');
    ok('https://de.sentry.io', 'https://us.sentry.io');
    ok('https://acme.sentry.io', 'https://de.sentry.io');
    ok('https://acme.sentry.io', 'https://sentry.io');
    ok('https://ACME.sentry.io.', 'https://us.sentry.io');
  });

  it("a self-hosted server's regions: its own host or its subdomains, never a sibling or a parent", () => {
    ok('https://sentry.acme.corp', 'https://sentry.acme.corp');
    ok('https://sentry.acme.corp', 'https://eu.sentry.acme.corp');
    ok('https://sentry.acme.corp/base', 'https://a.b.sentry.acme.corp/base/', 'https://a.b.sentry.acme.corp/base');
    ok('https://sentry.example.co.uk', 'https://eu.sentry.example.co.uk');
    refused('https://sentry.acme.corp', 'https://evil.acme.corp', 'foreignHost');
    refused('https://sentry.acme.corp', 'https://acme.corp', 'foreignHost');
    refused('https://eu.sentry.acme.corp', 'https://sentry.acme.corp', 'foreignHost');
    refused('https://sentry.acme.corp', 'https://xsentry.acme.corp', 'foreignHost');
    refused('https://sentry.example.co.uk', 'https://eu.example.co.uk', 'foreignHost');
  });

  it('refuses look-alike and foreign hosts', () => {
    refused('https://sentry.io', 'https://evil-sentry.io', 'foreignHost');
    refused('https://sentry.io', 'https://sentry.io.evil.com', 'foreignHost');
    refused('https://sentry.io', 'https://evilsentry.io', 'foreignHost');
    refused('https://sentry.io', 'https://de.sentry.com', 'foreignHost');
    refused('https://sentry.io', 'https://127.0.0.1', 'foreignHost');
    // A public suffix is never a registrable domain: co.uk, and private ones like herokuapp.com.
    refused('https://sentry.example.co.uk', 'https://evil.co.uk', 'foreignHost');
    refused('https://sentry.co.uk', 'https://evil.co.uk', 'foreignHost');
    refused('https://sentry.co.uk', 'https://co.uk', 'foreignHost');
    refused('https://mysentry.herokuapp.com', 'https://evil.herokuapp.com', 'foreignHost');
    refused('https://sentry.com.au', 'https://evil.com.au', 'foreignHost');
    // Only sentry.io itself and its subdomains are sentry.io: not a host that merely names it.
    refused('https://acme.sentry.io.evil.com', 'https://de.sentry.io', 'foreignHost');
    refused('https://sentry.io.evil.com', 'https://evil.com', 'foreignHost');
    refused('https://evilsentry.io', 'https://de.sentry.io', 'foreignHost');
    refused('https://acme.sentry.io', 'https://sentry.io.evil.com', 'foreignHost');
    refused('https://acme.sentry.io', 'https://acme.sentry.io.evil.com', 'foreignHost');
    // An IP address or a bare name has no subdomains of its own.
    refused('http://127.0.0.1:9000', 'http://127.0.0.2:9000', 'foreignHost');
    refused('http://localhost:9000', 'http://evil.localhost:9000', 'foreignHost');
  });

  it('a refusal names the host whose subdomains count: sentry.io for any of its names, else the configured one', () => {
    assert.equal(refusalReason('foreignHost', 'https://acme.sentry.io'), 'it is neither sentry.io nor one of its subdomains');
    assert.equal(refusalReason('foreignHost', 'https://sentry.acme.corp:8443/base'), 'it is neither sentry.acme.corp:8443 nor one of its subdomains');
  });

  it('refuses a downgrade to http, user info and what is not a web URL', () => {
    refused('https://sentry.io', 'http://de.sentry.io', 'downgrade');
    refused('https://sentry.io', 'http://sentry.io', 'downgrade');
    refused('https://sentry.io', 'https://user:pw@de.sentry.io', 'userInfo');
    refused('https://sentry.io', 'javascript:alert(1)', 'notUrl');
    refused('https://sentry.io', 'file:///etc/passwd', 'notUrl');
    refused('https://sentry.io', 'de.sentry.io', 'notUrl');
    // An http server (a loopback sandbox) may list http or https regions on its own host.
    ok('http://localhost:9000', 'http://localhost:9001');
    ok('http://localhost:9000', 'https://localhost:9443');
  });

  it("ports: any on the server host itself; on a subdomain only the default one or the server's own", () => {
    ok('https://sentry.example.com', 'https://sentry.example.com:8443');
    ok('https://sentry.io', 'https://de.sentry.io:443', 'https://de.sentry.io');
    refused('https://sentry.io', 'https://de.sentry.io:8443', 'port');
    ok('https://sentry.example.com:8443', 'https://eu.sentry.example.com:8443');
    refused('https://sentry.example.com:8443', 'https://eu.sentry.example.com:9443', 'port');
    refused('https://acme.sentry.io', 'https://de.sentry.io:8443', 'port');
  });
});

describe('regions: what a server listed', () => {
  it('splits the answer into accepted regions (each once) and refusals with their reason, cut to size', () => {
    const long = `https://x${'a'.repeat(400)}.evil.com`;
    const { regions, refused } = acceptedRegions('https://sentry.io', {
      regions: [
        { name: 'us', url: 'https://us.sentry.io' },
        { name: 'de', url: 'https://de.sentry.io' },
        { name: 'de-again', url: 'https://de.sentry.io/' },
        { name: 'evil', url: 'https://sentry.io.evil.com' },
        { name: 'n'.repeat(100), url: long },
      ],
    });
    assert.deepEqual(regions, [
      { name: 'us', baseUrl: 'https://us.sentry.io' },
      { name: 'de', baseUrl: 'https://de.sentry.io' },
    ]);
    assert.equal(refused.length, 2);
    assert.deepEqual(refused[0], { name: 'evil', url: 'https://sentry.io.evil.com', reason: 'foreignHost' });
    assert.ok(refused[1].name.length <= 61 && refused[1].url.length <= 201);
  });

  it('a refused URL is kept for the log and the message without its user info or secret-named query values', () => {
    const { refused } = acceptedRegions('https://sentry.io', {
      regions: [
        { name: 'userinfo', url: 'https://admin:hunter2pass@de.sentry.io/' },
        { name: 'user', url: 'https://sntrysUserPart7@de.sentry.io/' },
        { name: 'query', url: 'https://evil.example/api?token=qTok3nValue9&region=eu' },
        { name: 'broken', url: 'https://bob:s3cr3tpw@[bad/?access_token=aTok3nValue9' },
      ],
    });
    const said = JSON.stringify(refused);
    for (const s of ['admin', 'hunter2pass', 'sntrysUserPart7', 'qTok3nValue9', 'bob', 's3cr3tpw', 'aTok3nValue9']) assert.ok(!said.includes(s), `${s}: ${said}`);
    assert.deepEqual(
      refused.map((r) => r.reason),
      ['userInfo', 'userInfo', 'foreignHost', 'notUrl'],
    );
    assert.match(refused[2].url, /^https:\/\/evil\.example\/api\?token=.*&region=eu$/, 'the rest of the address still reads');
    const org = organizationBase('https://de.sentry.io', 'https://u:p4ssw0rdXY@fr.sentry.io/?sig=s1gnatureXY', [{ name: 'de', baseUrl: 'https://de.sentry.io' }]);
    assert.ok(!JSON.stringify(org).includes('p4ssw0rdXY') && !JSON.stringify(org).includes('s1gnatureXY'), JSON.stringify(org));
  });

  it('a monolith (self-hosted) answers one --monolith-- region', () => {
    assert.equal(isMonolith({ regions: [{ name: '--monolith--', url: 'https://sentry.internal' }] }), true);
    assert.equal(isMonolith({ regions: [{ name: 'de', url: 'https://de.sentry.io' }] }), false);
    assert.equal(isMonolith({ regions: [] }), false);
  });

  it('an organization goes to its regionUrl only when the server listed that region; else where it was listed, and the refusal is said', () => {
    const regions = [
      { name: 'us', baseUrl: 'https://us.sentry.io' },
      { name: 'de', baseUrl: 'https://de.sentry.io' },
    ];
    assert.deepEqual(organizationBase('https://us.sentry.io', 'https://de.sentry.io/', regions), { baseUrl: 'https://de.sentry.io' });
    assert.deepEqual(organizationBase('https://de.sentry.io', null, regions), { baseUrl: 'https://de.sentry.io' });
    assert.deepEqual(organizationBase('https://de.sentry.io', 'https://fr.sentry.io', regions), {
      baseUrl: 'https://de.sentry.io',
      refused: { name: '', url: 'https://fr.sentry.io', reason: 'notListed' },
    });
    assert.deepEqual(organizationBase('https://de.sentry.io', 'not a url', regions), { baseUrl: 'https://de.sentry.io', refused: { name: '', url: 'not a url', reason: 'notUrl' } });
  });
});
