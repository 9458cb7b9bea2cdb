// The extension on a real network inside VS Code: the sandbox served over HTTPS with a certificate
// from a private authority (trusted through NODE_EXTRA_CA_CERTS, which test/harness/testTls.ts gives
// the VS Code server), reached through a CONNECT proxy set in http.proxy. The extension's requests go
// through VS Code's own fetch (src/api/network.ts says why), so this is where the proxy, http.noProxy
// and VS Code's handling of certificates are met for real.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Node } from '../../src/issues/core/nodes';
import { startSandbox, type Sandbox } from '../sandbox';
import { startConnectProxy, type ConnectProxy } from '../sandbox/connectProxy';
import { TEST_TLS_ENV, TEST_TLS_FILES, TEST_TLS_HOST } from '../harness/testTls';
import { activateExtension } from './helpers';
import { UiRecorder, waitFor } from './authHelpers';
import { print } from './output';

/** out/integration/ is two levels below the repository. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

const HTTP_SETTINGS = ['proxy', 'noProxy', 'systemCertificates'] as const;
const OUR_SETTINGS = ['baseUrl', 'oauth.clientId', 'refreshIntervalSeconds', 'organization', 'projects'] as const;

describe('Real networks: HTTPS with a private authority, through a CONNECT proxy', function () {
  this.timeout(120_000);
  let sb: Sandbox;
  let proxy: ConnectProxy;
  let hooks: Awaited<ReturnType<typeof activateExtension>>;
  const saved = new Map<string, unknown>();
  const http = () => vscode.workspace.getConfiguration('http');
  const ours = () => vscode.workspace.getConfiguration('sentryExplorer');

  /** Sets an http.* setting and waits until the extension host (where VS Code's fetch reads it) has it. */
  async function setHttp(key: (typeof HTTP_SETTINGS)[number], value: unknown): Promise<void> {
    await http().update(key, value, vscode.ConfigurationTarget.Global);
    await waitFor(`http.${key} to reach the extension host`, () => JSON.stringify(http().get(key)) === JSON.stringify(value) || undefined);
  }

  async function roots(): Promise<Node[]> {
    hooks.store.clear();
    return hooks.issues.tree.getChildren();
  }
  async function errorMessage(): Promise<string> {
    const nodes = await roots();
    const err = nodes.find((n) => n.type === 'error');
    assert.ok(err && err.type === 'error', `no error row in ${JSON.stringify(nodes.map((n) => n.type))}`);
    assert.deepEqual(err.actions, ['retry', 'showLog']);
    return err.message;
  }
  const issueCount = (nodes: Node[]) => nodes.filter((n) => n.type === 'issue').length;
  const listed = () => sb.control.requests.list({ path: /^\/api\/0\/organizations\/acme\/issues\/$/ }).length;

  before(async function () {
    const dir = process.env[TEST_TLS_ENV];
    if (!dir) {
      print(`  (no ${TEST_TLS_ENV}: run through npm run test:vscode; skipping the real networks suite)`);
      this.skip();
    }
    assert.equal(process.env.NODE_EXTRA_CA_CERTS, path.join(dir, TEST_TLS_FILES.ca), 'the extension host started with NODE_EXTRA_CA_CERTS');
    const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    sb = await startSandbox({ host: TEST_TLS_HOST, tls: { cert: read(TEST_TLS_FILES.cert), key: read(TEST_TLS_FILES.key) }, workspaceDir: path.join(REPO_ROOT, 'test', 'sandbox', 'workspace') });
    proxy = await startConnectProxy();
    for (const k of HTTP_SETTINGS) saved.set(`http.${k}`, http().inspect(k)?.globalValue);
    for (const k of OUR_SETTINGS) saved.set(`sentryExplorer.${k}`, ours().inspect(k)?.globalValue);

    // Node's own list of authorities, which holds NODE_EXTRA_CA_CERTS: VS Code keeps it while http.systemCertificates is off.
    await setHttp('systemCertificates', false);
    await setHttp('noProxy', []);
    await setHttp('proxy', proxy.url);

    hooks = await activateExtension();
    await hooks.auth.ready;
    await ours().update('baseUrl', sb.url, vscode.ConfigurationTarget.Global);
    await ours().update('oauth.clientId', sb.defaults.clientId, vscode.ConfigurationTarget.Global);
    await ours().update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
    await ours().update('organization', 'acme', vscode.ConfigurationTarget.Global);
    await ours().update('projects', ['web-frontend'], vscode.ConfigurationTarget.Global);
    await waitFor('the provider to follow the base URL', () => hooks.auth.provider.baseUrl === sb.url);
    const rec = new UiRecorder();
    rec.set({ method: 'token', inputs: [sb.defaults.authToken] });
    hooks.auth.ui.override(rec.ui());
    await hooks.auth.signIn({ method: 'token' });
    await waitFor('signed in', () => hooks.auth.isSignedIn());
  });

  after(async () => {
    hooks?.auth.ui.reset();
    for (const [key, value] of saved) {
      const dot = key.indexOf('.');
      await vscode.workspace.getConfiguration(key.slice(0, dot)).update(key.slice(dot + 1), value, vscode.ConfigurationTarget.Global);
    }
    hooks?.store.clear();
    await proxy?.close();
    await sb?.close();
  });

  beforeEach(() => {
    proxy.setMode({ kind: 'tunnel' });
    proxy.connects.length = 0;
    sb.control.requests.clear();
  });

  it('lists issues over HTTPS through the proxy: the proxy tunnelled every connection to the server', async () => {
    assert.equal(issueCount(await roots()), 100);
    assert.equal(listed(), 1);
    assert.ok(proxy.connects.length >= 1, 'the proxy saw no CONNECT');
    const target = `${TEST_TLS_HOST}:${new URL(sb.url).port}`;
    assert.deepEqual(
      proxy.connects.filter((c) => c.target !== target || c.status !== 200),
      [],
    );
    print(`      (${proxy.connects.length} CONNECT(s) for ${sb.control.requests.list().length} request(s))`);
  });

  it('http.noProxy naming the server bypasses the proxy', async () => {
    await setHttp('noProxy', [TEST_TLS_HOST]);
    try {
      assert.equal(issueCount(await roots()), 100);
      assert.equal(listed(), 1);
      assert.deepEqual(proxy.connects, []);
    } finally {
      await setHttp('noProxy', []);
    }
  });

  it('a proxy asking for credentials (407) says so, and nothing reaches the server', async () => {
    proxy.setMode({ kind: 'authenticate' });
    const message = await errorMessage();
    assert.match(message, /^The proxy refused to connect to https:\/\/127\.0\.0\.2:\d+ without authentication \(HTTP 407 Proxy Authentication Required\)\. Sign in to the proxy/);
    assert.ok(proxy.connects.length >= 1 && proxy.connects.every((c) => c.status === 407));
    // Without a Proxy-Authenticate challenge VS Code does not try to sign in: the same words.
    proxy.setMode({ kind: 'authenticate', challenge: false });
    assert.equal(await errorMessage(), message);
    assert.equal(listed(), 0);
  });

  it('a proxy refusing the tunnel (403) says so and names http.noProxy', async () => {
    proxy.setMode({ kind: 'refuse', status: 403 });
    assert.match(await errorMessage(), /^The proxy refused to connect to https:\/\/127\.0\.0\.2:\d+ \(HTTP 403\)\. .*http\.noProxy/);
    assert.equal(listed(), 0);
  });

  it('a proxy that cannot be reached is named, with the settings to check', async () => {
    const gone = await startConnectProxy();
    await gone.close();
    await setHttp('proxy', gone.url);
    try {
      const port = new URL(gone.url).port;
      assert.match(await errorMessage(), new RegExp(`^Could not reach the proxy 127\\.0\\.0\\.1:${port} for https://127\\.0\\.0\\.2:\\d+ \\(connection refused\\)\\. .*http\\.proxy`));
      assert.equal(listed(), 0);
    } finally {
      await setHttp('proxy', proxy.url);
    }
  });

  // VS Code then gives each request Node's bundled authorities plus the system's as the TLS `ca`
  // option, which replaces the list NODE_EXTRA_CA_CERTS added to.
  it('with http.systemCertificates on, the private authority is not trusted: said in words, with what to do', async () => {
    await setHttp('systemCertificates', true);
    try {
      const message = await errorMessage();
      assert.match(message, /^Could not connect securely to https:\/\/127\.0\.0\.2:\d+: its certificate is not trusted \(/);
      assert.match(message, /system's trust store.*NODE_EXTRA_CA_CERTS.*http\.systemCertificates off/);
      assert.equal(listed(), 0);
    } finally {
      await setHttp('systemCertificates', false);
    }
    assert.equal(issueCount(await roots()), 100, 'Retry recovers once the authority is trusted again');
  });
});
