// How a request fails in the browser's web worker extension host (src/api/browser.ts), over real
// HTTP: the client made to run as in the web worker (src/util/host.ts, as src/extension.web.ts
// sets it) against the sandbox and a closed port. What only a browser can do (withhold an answer for
// CORS, make a redirect opaque) is checked in a real browser by test/ui/web.check.ts.
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { BrowserBlockedError, browserFetchFailure, OriginNotAllowedError, originRefusal } from '../../../src/api/browser';
import { NetworkError } from '../../../src/api/errors';
import { useHost } from '../../../src/util/host';
import { clientFor, useSandbox } from './sandbox';

const PAGE = 'https://vscode.dev';

/** A port on 127.0.0.1 nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('api/browser: failures in the web worker host', () => {
  const sandbox = useSandbox();
  const g = globalThis as { location?: { origin: string } };
  beforeEach(() => {
    useHost({ kind: 'webWorker' });
    g.location = { origin: PAGE };
  });
  afterEach(() => {
    useHost({ kind: 'node' });
    delete g.location;
  });

  it('a fetch with no answer names both causes (no server, or no CORS) with the page origin and the ways out', async () => {
    const sb = sandbox.get();
    const port = await closedPort();
    const client = clientFor(sb, undefined, { baseUrl: `http://127.0.0.1:${port}`, retries: 0 });
    const err = await client.listAllOrganizations().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof BrowserBlockedError, String(err));
    assert.ok(err instanceof NetworkError, 'still a network failure for every caller');
    assert.equal(err.block, 'corsOrUnreachable');
    assert.match(err.message, new RegExp(`no answer from http://127\\.0\\.0\\.1:${port}: the server is not reachable, or it does not allow requests from this page \\(https://vscode\\.dev\\): CORS`));
    assert.match(err.message, /pass OPTIONS requests and Sentry's Access-Control-\* headers through .* Or use VS Code desktop\./);
  });

  it('plain http to a host other than localhost is blocked whatever the server says (the worker CSP, mixed content)', () => {
    const err = browserFetchFailure('http://sentry.internal.example');
    assert.ok(err instanceof BrowserBlockedError);
    assert.equal(err.block, 'insecureHttp');
    assert.match(err.message, /cannot reach http:\/\/sentry\.internal\.example: it allows plain http only to localhost.*https address/);
    for (const loopback of ['http://localhost:9000', 'http://127.0.0.1:9000', 'http://[::1]:9000']) assert.equal(browserFetchFailure(loopback)?.block, 'corsOrUnreachable', loopback);
    assert.equal(browserFetchFailure('https://sentry.internal.example')?.block, 'corsOrUnreachable');
  });

  it('Sentry\'s 400 "Invalid origin" becomes the way out: an internal integration listing this page, or VS Code desktop', async () => {
    const sb = sandbox.get();
    // The answer Sentry gives a page whose credential does not list its origin (the sandbox gives it
    // to a request with an Origin header, which Node's fetch does not send: here as a fault).
    sb.control.faults.add({ path: '^/api/0/organizations/$', respond: { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify(`Invalid origin: ${PAGE}`) } });
    const err = await clientFor(sb, undefined, { retries: 0 })
      .listAllOrganizations()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(err instanceof OriginNotAllowedError, String(err));
    assert.equal(err.kind, 'badRequest');
    assert.equal(err.status, 400);
    assert.match(err.message, /does not accept this credential from VS Code in the browser \(https:\/\/vscode\.dev\).*Authorized JavaScript Origins.*VS Code desktop/);
  });

  it('reads only that exact answer as an origin refusal', () => {
    assert.ok(originRefusal(400, JSON.stringify('Invalid origin: https://x.example')));
    assert.equal(originRefusal(400, JSON.stringify({ detail: 'Invalid origin: x' })), undefined);
    assert.equal(originRefusal(403, JSON.stringify('Invalid origin: x')), undefined);
    assert.equal(originRefusal(400, 'Invalid origin: not json'), undefined);
  });

  it('in the Node host, the same failure is the ordinary network error', async () => {
    useHost({ kind: 'node' });
    assert.equal(browserFetchFailure('http://sentry.internal.example'), undefined);
    const port = await closedPort();
    const err = await clientFor(sandbox.get(), undefined, { baseUrl: `http://127.0.0.1:${port}`, retries: 0 })
      .listAllOrganizations()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(err instanceof NetworkError && !(err instanceof BrowserBlockedError), String(err));
  });
});
