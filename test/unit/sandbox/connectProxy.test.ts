// The test proxy (test/sandbox/connectProxy.ts) over real sockets: it tunnels and counts, asks for
// credentials, refuses, and its name mapping reaches a server a made-up host name stands for.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { Socket } from 'node:net';
import * as tls from 'node:tls';
import { startSandbox, type Sandbox } from '../../sandbox';
import { createTestAuthority } from '../../sandbox/certificates';
import { startConnectProxy, type ConnectProxy } from '../../sandbox/connectProxy';

/** Sends CONNECT `target` to the proxy; resolves with the status and, on 200, the tunnel's socket. */
function connect(proxy: ConnectProxy, target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; socket: Socket }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: 'CONNECT', path: target, headers });
    req.once('connect', (res, socket) => resolve({ status: res.statusCode ?? 0, headers: res.headers, socket }));
    req.once('error', reject);
    req.end();
  });
}

/** GET `path` over TLS through an open tunnel, trusting `ca`; the status line. */
function getThrough(socket: Socket, servername: string, ca: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const secure = tls.connect({ socket, servername, ca }, () => secure.write(`GET ${path} HTTP/1.1\r\nHost: ${servername}\r\nConnection: close\r\n\r\n`));
    let text = '';
    secure.on('data', (d: Buffer) => (text += d.toString()));
    secure.on('end', () => resolve(text.split('\r\n')[0]));
    secure.on('error', reject);
  });
}

describe('the test CONNECT proxy', () => {
  const ca = createTestAuthority();
  let sb: Sandbox;
  let proxy: ConnectProxy;
  before(async () => {
    sb = await startSandbox({ tls: ca.issue({ hosts: ['sentry.test', '127.0.0.1'] }) });
    const port = Number(new URL(sb.url).port);
    proxy = await startConnectProxy({ resolve: (host, p) => (host === 'sentry.test' ? { host: '127.0.0.1', port } : { host, port: p }) });
  });
  after(async () => {
    await proxy?.close();
    await sb?.close();
  });
  beforeEach(() => {
    proxy.connects.length = 0;
    proxy.setMode({ kind: 'tunnel' });
  });

  it('tunnels to the server a made-up host name stands for, and records the CONNECT', async () => {
    const port = new URL(sb.url).port;
    const { status, socket } = await connect(proxy, `sentry.test:${port}`);
    assert.equal(status, 200);
    assert.equal(await getThrough(socket, 'sentry.test', ca.cert, '/api/0/organizations/'), 'HTTP/1.1 401 Unauthorized');
    assert.deepEqual(proxy.connects, [{ target: `sentry.test:${port}`, status: 200, authorized: false }]);
  });

  it('asks for credentials with a 407 and a Basic challenge (or none), keeping only that some were sent', async () => {
    proxy.setMode({ kind: 'authenticate' });
    const asked = await connect(proxy, 'sentry.test:443', { 'proxy-authorization': 'Basic dTpw' });
    assert.equal(asked.status, 407);
    assert.equal(asked.headers['proxy-authenticate'], 'Basic realm="test proxy"');
    proxy.setMode({ kind: 'authenticate', challenge: false });
    const bare = await connect(proxy, 'sentry.test:443');
    assert.equal(bare.status, 407);
    assert.equal(bare.headers['proxy-authenticate'], undefined);
    assert.deepEqual(
      proxy.connects.map((c) => [c.status, c.authorized]),
      [
        [407, true],
        [407, false],
      ],
    );
    assert.ok(!JSON.stringify(proxy.connects).includes('dTpw'));
  });

  it('refuses with the status it is given, and answers 502 when the target is unreachable', async () => {
    proxy.setMode({ kind: 'refuse', status: 403 });
    assert.equal((await connect(proxy, 'sentry.test:443')).status, 403);
    proxy.setMode({ kind: 'tunnel' });
    const closed = await startConnectProxy();
    const unusedPort = Number(new URL(closed.url).port);
    await closed.close();
    assert.equal((await connect(proxy, `127.0.0.1:${unusedPort}`)).status, 502);
  });
});
