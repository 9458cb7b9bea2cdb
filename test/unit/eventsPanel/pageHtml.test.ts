import assert from 'node:assert/strict';
import { bundleJson, contentSecurityPolicy, makeNonce, panelHtml } from '../../../src/eventsPanel/pageHtml';
import { parseBundle } from '../../../src/eventsPanel/core/page/l10nBoot';

const URIS = { cspSource: 'vscode-resource:', script: 'vscode-resource:/dist/webview.js', css: 'vscode-resource:/media/webview.css', codicons: 'vscode-resource:/dist/codicon.css' };

describe('events panel HTML', () => {
  it('a strict CSP: nothing by default, styles and fonts from the webview, scripts by nonce only', () => {
    const csp = contentSecurityPolicy('https://x.vscode-cdn.net', 'abc123');
    assert.equal(csp, "default-src 'none'; style-src https://x.vscode-cdn.net; font-src https://x.vscode-cdn.net; img-src https://x.vscode-cdn.net data:; script-src 'nonce-abc123'");
    assert.doesNotMatch(csp, /unsafe/);
  });

  it('nonces are fresh and URL-safe', () => {
    const a = makeNonce();
    assert.match(a, /^[A-Za-z0-9]{16,}$/);
    assert.notEqual(a, makeNonce());
  });

  it('one script, the bundle, with the nonce; the codicons stylesheet has the id vscode-elements looks for', () => {
    const html = panelHtml(
      { cspSource: 'vscode-resource:', script: 'vscode-resource:/dist/webview.js', css: 'vscode-resource:/media/webview.css', codicons: 'vscode-resource:/dist/codicon.css' },
      'N0NCE',
    );
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.match(html, /<script nonce="N0NCE" src="vscode-resource:\/dist\/webview.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" href="vscode-resource:\/dist\/codicon.css" id="vscode-codicon-stylesheet" nonce="N0NCE">/);
    assert.match(html, /http-equiv="Content-Security-Policy" content="default-src 'none';/);
    assert.doesNotMatch(html, /style="/, 'no inline styles (the CSP forbids them)');
  });

  it('English (no bundle): no data block, lang="en", the English title and boot text', () => {
    for (const html of [panelHtml(URIS, 'N'), panelHtml(URIS, 'N', { bundle: undefined, language: 'de' }), panelHtml(URIS, 'N', { bundle: {}, language: 'de' })]) {
      assert.doesNotMatch(html, /l10n-bundle|application\/json/);
      assert.match(html, /<html lang="en">/);
      assert.match(html, /<title>Sentry Events<\/title>/);
      assert.match(html, /<p class="boot">Loading…<\/p>/);
    }
  });

  it("VS Code's bundle goes in as a JSON data block before the app (escaped so no message can end it), read back as it was; lang is the display language", () => {
    const bundle = { 'Load more': 'Mehr laden', Evil: '</script><script>alert(1)</script><!--', Quote: '"&\'' };
    const html = panelHtml(URIS, 'N0NCE', { bundle, language: 'de' });
    assert.match(html, /<html lang="de">/);
    const m = /<script type="application\/json" id="l10n-bundle">([^<]*)<\/script>\n<div id="app"/.exec(html);
    assert.ok(m, 'a data block, before the page, with no "<" inside');
    assert.deepEqual(parseBundle(m[1]), bundle);
    assert.equal(m[1], bundleJson(bundle));
    // One executable script (the bundle, by nonce); the data block is not run and needs no CSP change.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, ['<script type="application/json" id="l10n-bundle">', '<script nonce="N0NCE" src="vscode-resource:/dist/webview.js">']);
    assert.match(html, /script-src 'nonce-N0NCE'"/);
    assert.doesNotMatch(html, /alert\(1\)<\/script>/);
    assert.equal(panelHtml(URIS, 'N', { bundle, language: 'x"><b' }).match(/<html lang="([^"]*)">/)?.[1], 'x&quot;>&lt;b');
  });

  it('escapes what it puts in attributes', () => {
    const html = panelHtml({ cspSource: 'a"b', script: 's"<', css: 'c', codicons: 'd' }, 'n');
    assert.doesNotMatch(html, /s"</);
    assert.match(html, /s&quot;&lt;/);
  });
});
