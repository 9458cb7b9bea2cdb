// A forward proxy for the tests of real networks. It answers CONNECT, the request with which a
// client reaches an https:// server through a proxy, by tunnelling to the host and port asked for,
// and records each. Like a corporate proxy it can instead ask for credentials (407) or refuse
// (any other status). Plain-HTTP forwarding (GET http://…) is not offered: 501.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as net from 'node:net';

export type ProxyMode =
  /** Tunnel every CONNECT (200 Connection Established). */
  | { kind: 'tunnel' }
  /** 407 Proxy Authentication Required, with `Proxy-Authenticate: Basic realm="…"` unless `challenge` is false. */
  | { kind: 'authenticate'; challenge?: boolean }
  /** Answer this status (403 for a blocked host, 502 for an unreachable one…) and close. */
  | { kind: 'refuse'; status: number };

export interface ConnectRecord {
  /** `host:port` as the client asked for it. */
  target: string;
  /** The status the proxy answered. */
  status: number;
  /** Whether the CONNECT carried a Proxy-Authorization header (its value is not kept). */
  authorized: boolean;
}

export interface ConnectProxyOptions {
  /** Host to bind (default 127.0.0.1). */
  host?: string;
  mode?: ProxyMode;
  /** Where a target is really reached (default: as asked), e.g. a made-up host name to 127.0.0.1. */
  resolve?: (host: string, port: number) => { host: string; port: number };
}

export interface ConnectProxy {
  /** `http://127.0.0.1:<port>`, no trailing slash: the value for http.proxy or HTTPS_PROXY. */
  url: string;
  /** Every CONNECT so far, oldest first. */
  readonly connects: ConnectRecord[];
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startConnectProxy(options: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  let mode: ProxyMode = options.mode ?? { kind: 'tunnel' };
  const connects: ConnectRecord[] = [];
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };

  const server = http.createServer((_req, res) => {
    res.writeHead(501, { 'content-type': 'text/plain' }).end('This proxy only tunnels (CONNECT).');
  });
  server.on('connection', track);
  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    const record: ConnectRecord = { target, status: 0, authorized: req.headers['proxy-authorization'] !== undefined };
    connects.push(record);
    client.on('error', () => undefined);
    const answer = (status: number, headers: string[] = []) => {
      record.status = status;
      client.end([`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`, ...headers, 'Content-Length: 0', 'Connection: close', '', ''].join('\r\n'));
    };
    if (mode.kind === 'authenticate') return answer(407, mode.challenge === false ? [] : ['Proxy-Authenticate: Basic realm="test proxy"']);
    if (mode.kind === 'refuse') return answer(mode.status);
    const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(target);
    if (!m) return answer(400);
    const to = options.resolve?.(m[1], Number(m[2])) ?? { host: m[1], port: Number(m[2]) };
    const upstream = net.connect(to.port, to.host);
    track(upstream);
    upstream.once('connect', () => {
      record.status = 200;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (record.status === 0) answer(502);
      else client.destroy();
    });
    client.once('close', () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    connects,
    setMode(next) {
      mode = next;
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      return closed;
    },
  };
}
