/**
 * The release workflow's Open VSX step (.github/workflows/release.yml), `ovsx publish <file.vsix>
 * --skip-duplicate` with the token in OVSX_PAT, run against a registry on this machine: it uploads
 * the very .vsix the Marketplace gets, and fails the job when the registry refuses it. The fake
 * registry answers as ovsx expects Open VSX to (node_modules/ovsx/lib/registry.js: POST
 * /api/-/publish?token=…, the file as the body, JSON back; an error is {"error": …}; publish.js
 * skips one that ends "is already published." under --skip-duplicate).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const OVSX = join(ROOT, 'node_modules/ovsx/bin/ovsx');

interface Received {
  method: string;
  url: URL;
  type: string | undefined;
  body: Buffer;
}

describe('ovsx publish (the workflow step, against a local registry)', function () {
  this.timeout(60_000);
  let server: Server;
  let base: string;
  let dir: string;
  let vsix: string;
  const received: Received[] = [];
  let answer: (r: Received) => { status: number; json: unknown } = () => ({ status: 200, json: {} });

  before(async () => {
    dir = fs.mkdtempSync(join(os.tmpdir(), 'sentry-explorer-ovsx-'));
    vsix = join(dir, 'sentry-explorer.vsix');
    fs.writeFileSync(vsix, randomBytes(64 * 1024));
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { method: req.method ?? '', url: new URL(req.url ?? '/', base), type: req.headers['content-type'], body: Buffer.concat(chunks) };
        received.push(r);
        const { status, json } = answer(r);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => {
    server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    received.length = 0;
  });

  /** Runs the workflow's command line; the registry is this machine's (OVSX_REGISTRY_URL, read by ovsx's util.addEnvOptions). */
  function publish(): Promise<{ code: number | null; out: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [OVSX, 'publish', vsix, '--skip-duplicate'], {
        cwd: dir,
        env: { ...process.env, OVSX_PAT: 'test-token', OVSX_REGISTRY_URL: base },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (out += d));
      child.on('close', (code) => resolve({ code, out }));
    });
  }

  it('uploads the very file, with the token from OVSX_PAT, and says what was published', async () => {
    answer = () => ({ status: 201, json: { namespace: 'sentry-explorer', name: 'sentry-explorer', version: '0.1.0', targetPlatform: 'universal' } });
    const { code, out } = await publish();
    assert.equal(code, 0, out);
    assert.equal(received.length, 1);
    const [r] = received;
    assert.equal(`${r.method} ${r.url.pathname}`, 'POST /api/-/publish');
    assert.equal(r.url.searchParams.get('token'), 'test-token');
    assert.equal(r.type, 'application/octet-stream');
    assert.ok(r.body.equals(fs.readFileSync(vsix)), 'the body is the .vsix, byte for byte');
    assert.match(out, /Published sentry-explorer\.sentry-explorer v0\.1\.0/);
  });

  it('a refusal fails the step (exit 1) with the registry’s reason', async () => {
    answer = () => ({ status: 400, json: { error: "Invalid URL in field 'repository': github.com/x" } });
    const { code, out } = await publish();
    assert.equal(code, 1);
    assert.match(out, /Invalid URL in field 'repository'/);
  });

  it('a version already there (a workflow run again after the other registry failed) is skipped, not a failure', async () => {
    answer = () => ({ status: 400, json: { error: 'Extension sentry-explorer.sentry-explorer 0.1.0 is already published.' } });
    const { code, out } = await publish();
    assert.equal(code, 0, out);
    assert.match(out, /Skipping publish/);
  });
});
