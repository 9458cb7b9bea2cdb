// Each host bundle holds only its own host's diagnosis of a failed request (src/util/host.ts,
// globalThis.__SENTRY_EXPLORER_HOST__): the Node bundle has no browser's CORS, mixed-content or
// "Invalid origin" messages, the browser bundle no proxy or certificate diagnosis, which only
// Node's fetch can report. Built here with esbuild.mjs's own options (hostBundles.mjs).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
// @ts-expect-error: a plain .mjs module of the build, without types.
import { nodeBundleOptions, webBundleOptions } from '../../../hostBundles.mjs';

const ROOT = path.join(__dirname, '..', '..', '..');

async function bundleText(options: esbuild.BuildOptions): Promise<string> {
  const r = await esbuild.build({ ...options, absWorkingDir: ROOT, write: false, sourcemap: false, minify: true, logLevel: 'silent' });
  return r.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
}

/** Messages of src/api/browser.ts and of the web worker's sign-in (src/auth/signInFlows.ts). */
const BROWSER_ONLY = [
  'VS Code in the browser cannot reach',
  'VS Code in the browser got no answer',
  'a redirect the browser hides',
  'Authorized JavaScript Origins',
  'VS Code in the browser cannot sign in with a code',
];
/** Messages of src/api/network.ts. */
const NODE_ONLY = ['its certificate has expired', "the proxy's certificate is for another host name", 'the proxy answered HTTP'];

describe('each host bundle holds its own host only', function () {
  this.timeout(60_000);
  let node = '';
  let web = '';
  before(async () => {
    [node, web] = await Promise.all([bundleText(nodeBundleOptions({ outdir: 'out/host-bundles-test' })), bundleText(webBundleOptions({ outdir: 'out/host-bundles-test' }))]);
  });

  it('the Node bundle (dist/extension.js) diagnoses proxies and certificates, and has no browser messages', () => {
    for (const text of NODE_ONLY) assert.ok(node.includes(text), `missing: ${text}`);
    for (const text of BROWSER_ONLY) assert.ok(!node.includes(text), `a browser message in the Node bundle: ${text}`);
  });

  it('the browser bundle (dist/web/extension.js) explains the browser refusals, and has no proxy or certificate diagnosis', () => {
    for (const text of BROWSER_ONLY) assert.ok(web.includes(text), `missing: ${text}`);
    for (const text of NODE_ONLY) assert.ok(!web.includes(text), `a Node message in the browser bundle: ${text}`);
  });
});
