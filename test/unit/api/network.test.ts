// The client on a real network: the global fetch of the moment (VS Code replaces it with its proxy-
// and certificate-aware one), the sandbox over HTTPS with a certificate authority made here, and
// what each certificate failure says. Proxies are reached through VS Code's fetch only, so the
// tunnel itself is tested in the extension host (test/integration/network.test.ts).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox';
import { createTestAuthority, selfSigned, type IssuedCertificate } from '../../sandbox/certificates';
import { transportError, transportFailure } from '../../../src/api/network';
import { clientFor, useSandbox } from './sandbox';
import type { ProbeOutcome } from './tlsProbe';
import { withSandbox } from '../withSandbox';

const DAY = 86_400_000;
const REPO = path.resolve(__dirname, '../../..');

/** A bare HTTPS server with this certificate that counts the connections made to it (each attempt is one). */
async function tlsServer(cert: IssuedCertificate): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = https.createServer(cert, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** Runs tlsProbe.ts in a Node process started with NODE_EXTRA_CA_CERTS naming `caFile`. */
function probeWithExtraCa(caFile: string, targets: Record<string, { url: string; token: string }>): Promise<Record<string, ProbeOutcome>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'tlsProbe.ts'), JSON.stringify(targets)], {
      cwd: REPO,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`tlsProbe exited ${code}: ${err}`));
      else resolve(JSON.parse(out) as Record<string, ProbeOutcome>);
    });
  });
}

describe('API client on a real network', () => {
  describe('the global fetch', () => {
    const box = useSandbox();

    it('is looked up at each request, so the one VS Code puts in place before extensions run is the one used', async () => {
      const real = globalThis.fetch;
      const seen: string[] = [];
      globalThis.fetch = (input, init) => {
        seen.push(String(input instanceof Request ? input.url : input));
        return real(input, init);
      };
      try {
        const page = await clientFor(box.get()).listOrganizations();
        assert.ok(page.items.some((o) => o.slug === 'acme'));
      } finally {
        globalThis.fetch = real;
      }
      assert.equal(seen.length, 1);
      assert.match(seen[0], /\/api\/0\/organizations\/$/);
    });
  });

  describe('over HTTPS, with a certificate authority this process does not trust', () => {
    const ca = createTestAuthority();
    let sb: Sandbox;
    withSandbox(
      { tls: ca.issue({ hosts: ['127.0.0.1'] }) },
      (s) => {
        sb = s;
      },
      { reset: 'never' },
    );

    it('an untrusted certificate says so, and how to make it trusted; it is not retried', async () => {
      const err = await clientFor(sb)
        .listOrganizations()
        .catch((e: unknown) => e);
      assert.equal((err as { kind?: string }).kind, 'network');
      const message = (err as Error).message;
      assert.match(message, /^Could not connect securely to https:\/\/127\.0\.0\.1:\d+: its certificate is not trusted \(issued by an unknown authority\)\./);
      assert.match(message, /system's trust store/);
      assert.match(message, /http\.systemCertificates/);
      assert.match(message, /NODE_EXTRA_CA_CERTS/);
      assert.doesNotMatch(message, /Check your network connection/);
      assert.equal(sb.control.requests.list().length, 0, 'nothing reached the server');
    });

    const failures: [string, () => IssuedCertificate, RegExp][] = [
      ['a self-signed certificate', () => selfSigned({ hosts: ['127.0.0.1'] }), /its certificate is not trusted \(self-signed certificate\)\..*system's trust store/],
      [
        'an expired certificate',
        () => ca.issue({ hosts: ['127.0.0.1'], notBefore: new Date(Date.now() - 3 * DAY), notAfter: new Date(Date.now() - DAY) }),
        /its certificate has expired\. .*renew it.*date and time/,
      ],
      [
        'a certificate not valid yet',
        () => ca.issue({ hosts: ['127.0.0.1'], notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 3 * DAY) }),
        /its certificate is not valid yet\. .*date and time/,
      ],
    ];
    for (const [name, make, message] of failures) {
      it(`${name}: said in words, in one attempt (a retry cannot help)`, async () => {
        const server = await tlsServer(make());
        try {
          const err = (await clientFor({ url: server.url, defaults: sb.defaults } as Sandbox)
            .listOrganizations()
            .catch((e: unknown) => e)) as Error & { kind?: string };
          assert.equal(err.kind, 'network');
          assert.match(err.message, /^Could not connect securely to https:\/\/127\.0\.0\.1:\d+: /);
          assert.match(err.message, message);
          assert.equal(server.connections(), 1);
        } finally {
          await server.close();
        }
      });
    }
  });

  describe('with the authority in NODE_EXTRA_CA_CERTS (a process started with it)', () => {
    const ca = createTestAuthority();
    let dir: string;
    let sb: Sandbox;
    let otherHost: Awaited<ReturnType<typeof tlsServer>>;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-ca-'));
      fs.writeFileSync(path.join(dir, 'ca.pem'), ca.cert);
      sb = await startSandbox({ tls: ca.issue({ hosts: ['127.0.0.1'] }) });
      otherHost = await tlsServer(ca.issue({ hosts: ['sentry.example.org'] }));
    });
    after(async () => {
      await sb?.close();
      await otherHost?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('the HTTPS sandbox answers; a certificate for another host name says so', async () => {
      const token = sb.defaults.authToken;
      const out = await probeWithExtraCa(path.join(dir, 'ca.pem'), { trusted: { url: sb.url, token }, otherHost: { url: otherHost.url, token } });
      assert.deepEqual(out.trusted, { ok: true, orgs: ['acme', 'globex'] });
      const other = out.otherHost;
      assert.ok(!other.ok);
      assert.equal(other.kind, 'network');
      assert.match(other.message, /^Could not connect securely to https:\/\/127\.0\.0\.1:\d+: its certificate is for another host name\. .*sentryExplorer\.baseUrl/);
      assert.equal(otherHost.connections(), 1);
    });
  });

  // VS Code 1.99.3's fetch reports a proxy's refusal as `TypeError: fetch failed`, caused by a
  // DOMException "Request was cancelled." (numeric code 0), caused by undici's RequestAbortedError:
  // the chain the extension-host suite met for real (a proxy answering 407 with and without a
  // challenge, and 403), and which it checks these messages against.
  describe("a proxy's refusal, as VS Code's fetch reports it", () => {
    const fetchFailed = (cause: object) => new TypeError('fetch failed', { cause: new DOMException('Request was cancelled.', { name: 'Error', cause } as unknown as string) });
    const aborted = (message: string) => Object.assign(new Error(message), { name: 'AbortError', code: 'UND_ERR_ABORTED' });
    const origin = 'https://sentry.corp.example';

    it('407 asks for the proxy sign-in, whether VS Code tried to sign in (`?.==`) or not (`!==`)', () => {
      for (const text of ['Proxy response (407) !== 200 when HTTP Tunneling', 'Proxy response (407) ?.== 200 when HTTP Tunneling']) {
        const err = transportError(origin, fetchFailed(aborted(text)), 'GET /api/0/organizations/');
        assert.equal(err.kind, 'network');
        assert.equal(err.message, transportError(origin, fetchFailed(aborted('Proxy response (407) !== 200 when HTTP Tunneling'))).message);
        assert.match(err.message, /^The proxy refused to connect to https:\/\/sentry\.corp\.example without authentication \(HTTP 407 Proxy Authentication Required\)\. Sign in to the proxy/);
        assert.match(err.message, /http\.proxy/);
      }
    });

    it('any other status of CONNECT names it and http.noProxy', () => {
      const err = transportError(origin, fetchFailed(aborted('Proxy response (403) !== 200 when HTTP Tunneling')));
      assert.match(err.message, /^The proxy refused to connect to https:\/\/sentry\.corp\.example \(HTTP 403\)\. .*http\.noProxy/);
      assert.deepEqual(transportFailure(fetchFailed(aborted('Proxy response (502) !== 200 when HTTP Tunneling'))), { kind: 'proxy', status: 502 });
    });

    it("the proxy's own certificate for another host name (undici's SecureProxyConnectionError)", () => {
      const err = transportError(origin, fetchFailed(Object.assign(new Error('Secure Proxy Connection failed'), { code: 'UND_ERR_PRX_TLS', cause: { code: 'ERR_TLS_CERT_ALTNAME_INVALID' } })));
      assert.match(err.message, /^Could not connect securely to the proxy for https:\/\/sentry\.corp\.example: the proxy's certificate is for another host name\./);
    });

    it('a proxy that cannot be reached is named (by the address and port the failure carries), the server otherwise', () => {
      const refused = (port: number) =>
        new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), { code: 'ECONNREFUSED', address: '127.0.0.1', port }) });
      const viaProxy = transportError('https://sentry.corp.example', refused(3128));
      assert.match(viaProxy.message, /^Could not reach the proxy 127\.0\.0\.1:3128 for https:\/\/sentry\.corp\.example \(connection refused\)\. .*http\.proxy.*http\.noProxy/);
      assert.equal(transportFailure(refused(3128)), undefined, 'a proxy that is down may be back: retried');
      assert.match(transportError('https://sentry.corp.example', refused(443)).message, /^Could not reach https:\/\/sentry\.corp\.example \(connection refused\)\. Check your network connection/);
      assert.match(transportError('http://127.0.0.1:9000', refused(9000)).message, /^Could not reach http:\/\/127\.0\.0\.1:9000 \(connection refused\)/);
      const notFound = (hostname: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }) });
      assert.match(
        transportError('https://sentry.corp.example', notFound('proxy.corp.example')).message,
        /^Could not reach the proxy proxy\.corp\.example for https:\/\/sentry\.corp\.example \(host name not found\)/,
      );
      assert.match(transportError('https://sentry.corp.example', notFound('sentry.corp.example')).message, /^Could not reach https:\/\/sentry\.corp\.example \(host name not found\)/);
    });

    it('only the fixed texts are read: any other message is neither matched nor shown', () => {
      const err = transportError(origin, fetchFailed(aborted('Proxy response (407) !== 200 when HTTP Tunneling; Authorization: Bearer sntrys_secret')));
      assert.equal(transportFailure(fetchFailed(aborted('Request aborted'))), undefined);
      assert.match(err.message, /^Could not reach https:\/\/sentry\.corp\.example \(network failure\)/);
      assert.doesNotMatch(err.message, /secret|Bearer/);
    });
  });
});
